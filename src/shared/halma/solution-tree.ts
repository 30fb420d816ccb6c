/**
 * A stored solution with its side lines and comments (document format version 2), as a move tree
 * of paths of cells (variations.ts), and back. The format keeps a solution's `moves` as its main
 * line, so a version 1 reader's idea of the solution is unchanged, and adds, in the spirit of PGN:
 *
 *   "comments":   { "<move number>": "text" }   ("0": the start position)
 *   "variations": [{ "at": <moves played before it>, "moves": "...", "comments"?, "variations"? }]
 *
 * A variation's first move is an alternative to move `at + 1` of the line that holds it; its move
 * numbers (comment keys, a nested variation's `at`) count from the start of the game, as in PGN.
 * A nested variation branches from one of its own line's moves other than the last
 * (at+1 ≤ nested.at < at+length); alternatives at the same point are siblings in one list, in
 * their order in the tree. Variations are written in full (no `(reflect)`): they need not be
 * palindromes. Names ("variation 2.1": the first nested in the second) follow that order.
 */
import type { Board } from './board'
import { formatSolution, parseSolution, pathNames, resolvePaths, writePalindrome } from './notation'
import type { Problem } from './problem'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { verify } from './verify'
import { specOfTree as annotationsOf, treeFromSpec, type CommentsSpec, type Notation, type VariationSpec } from '../tree-spec'
import { lineEnd, mainLine, movesTo, nodeAt, type MoveTree, type NodePath } from '../variations'

/** A move as the cells it visits. */
export type Path = readonly number[]
/** A move tree of paths: a solution with its side lines. */
export type PathTree = MoveTree<Path>

/** The same move: the same cells in the same order. */
export const sameMove = (a: Path, b: Path): boolean => a.length === b.length && a.every((c, k) => b[k] === c)

export type { CommentsSpec, VariationSpec }

/** The parts of a stored solution that make its tree. */
export interface SolutionLines {
  readonly moves: string | readonly string[]
  readonly comments?: CommentsSpec
  readonly variations?: readonly VariationSpec[]
}

const text = (moves: string | readonly string[]): string => (typeof moves === 'string' ? moves : moves.join(', '))

/** Paths of a variation's moves (written in full: `(reflect)` is refused). */
function variationPaths(board: Board, moves: string | readonly string[], at: string): Result<number[][], Diagnostic> {
  const written = parseSolution(text(moves))
  if (!written.ok) return err({ ...written.error, at: written.error.at ? `${at}: ${written.error.at}` : at })
  if (written.value.reflect)
    return err(diagnostic('variation.reflect', 'a variation is written in full: (reflect) is for the main line', at))
  const paths = resolvePaths(board, written.value, undefined)
  if (!paths.ok) return err({ ...paths.error, at: paths.error.at ? `${at}: ${paths.error.at}` : at })
  return paths
}

/** The paper's notation for a problem's side lines (written in full: `(reflect)` is for the main line). */
function notation(board: Board): Notation<Path> {
  return {
    read: (moves, at) => variationPaths(board, moves, at),
    write: (moves) => formatSolution({ moves: moves.map((p) => ({ cells: pathNames(board, p), middle: false })), reflect: false }),
    same: sameMove,
    name: (m) => pathNames(board, m).join('-'),
  }
}

/**
 * The tree of a stored solution: its main line (paths already resolved, `(reflect)` expanded),
 * its variations and comments. Checks the shape (cells on the board, `at` and comment keys inside
 * their line, no variation repeating the move it is an alternative to), not legality (checkTree).
 * `where` prefixes the paths of faults (`solutions[0]`).
 */
export function treeOfSpec(board: Board, main: readonly Path[], s: SolutionLines, where: string): Result<PathTree, Diagnostic> {
  return treeFromSpec(main, s, notation(board), where)
}

/**
 * A tree as the parts of a stored solution. The main line is written as `keep` when it is given
 * and its moves are the main line's (so that a line written by hand keeps its form), else compact
 * (half and `(reflect)`) when it is a palindrome under `image`, else in full.
 */
export function specOfTree(
  board: Board,
  tree: PathTree,
  options: {
    readonly image?: Int16Array
    readonly keep?: { readonly paths: readonly Path[]; readonly moves: string | readonly string[] }
  } = {},
): SolutionLines {
  const main = mainLine(tree)
  const { keep, image } = options
  let moves: string | readonly string[]
  if (keep && keep.paths.length === main.length && keep.paths.every((p, k) => sameMove(p, main[k]!))) moves = keep.moves
  else {
    const half = image ? writePalindrome(board, image, main) : undefined
    moves = formatSolution(half ?? { moves: main.map((p) => ({ cells: pathNames(board, p), middle: false })), reflect: false })
  }
  return { moves, ...annotationsOf(tree, notation(board).write) }
}

/** A side line of a tree, for checking and listing. */
export interface Variation {
  /** "2.1": the first nested in the second variation of the main line. */
  readonly name: string
  /** Moves played before it. */
  readonly at: number
  /** Its first node. */
  readonly path: NodePath
  /** The whole line, from the start to the variation's end (its main continuation). */
  readonly moves: readonly Path[]
  /** Where it is written in the document, below the solution (`variations[1].variations[0]`). */
  readonly where: string
}

/** Every variation, in document order. */
export function variationsOf(tree: PathTree): Variation[] {
  const out: Variation[] = []
  // A line's nodes: its first node and its main continuation; each may be a branch point.
  const walk = (start: NodePath, name: string, where: string): void => {
    const end = lineEnd(tree, start)
    let counter = 0
    for (let d = start.length; d <= end.length; d++) {
      const q = end.slice(0, d)
      const node = nodeAt(tree, q)!
      for (let k = 1; k < node.children.length; k++) {
        const path = [...q, k]
        const n = `${name}${name ? '.' : ''}${++counter}`
        const w = `${where}${where ? '.' : ''}variations[${counter - 1}]`
        out.push({ name: n, at: d, path, moves: movesTo(tree, lineEnd(tree, path)), where: w })
        walk(path, n, w)
      }
    }
  }
  walk([], '', '')
  return out
}

/** Codes of a verification that mean "legal, just not finished": fine for a side line. */
const UNFINISHED = new Set(['solution.incomplete', 'game.unfinished'])

/**
 * Check that every variation's moves are legal under the problem (the main line is the solution
 * and is verified as one). The fault names the variation and the move:
 * "variation 2 (after move 5): move 7: c3-e5 is not a jump: d4 is empty".
 */
export function checkVariations(problem: Problem, tree: PathTree): Result<void, Diagnostic> {
  for (const v of variationsOf(tree)) {
    const r = verify(problem, v.moves)
    if (r.error && !UNFINISHED.has(r.error.code))
      return err(diagnostic(`variation.${r.error.code}`, `variation ${v.name} (after move ${v.at}): ${r.error.message}`, v.where))
  }
  return ok(undefined)
}
