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
import { lineTooLong, MAX_VARIATION_DEPTH, MAX_VARIATIONS } from '../limits'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { verify } from './verify'
import {
  addLine,
  lineEnd,
  mainLine,
  movesTo,
  nodeAt,
  setComment,
  treeOfLine,
  type MoveNode,
  type MoveTree,
  type NodePath,
} from '../variations'

/** A move as the cells it visits. */
export type Path = readonly number[]
/** A move tree of paths: a solution with its side lines. */
export type PathTree = MoveTree<Path>

/** The same move: the same cells in the same order. */
export const sameMove = (a: Path, b: Path): boolean => a.length === b.length && a.every((c, k) => b[k] === c)

/** Comments on moves, by move number ("0": the start position). */
export type CommentsSpec = Record<string, string>

/** A side line as written in a document. */
export interface VariationSpec {
  readonly at: number
  readonly moves: string | readonly string[]
  readonly comments?: CommentsSpec
  readonly variations?: readonly VariationSpec[]
}

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

/**
 * The tree of a stored solution: its main line (paths already resolved, `(reflect)` expanded),
 * its variations and comments. Checks the shape (cells on the board, `at` and comment keys inside
 * their line, no variation repeating the move it is an alternative to), not legality (checkTree).
 * `where` prefixes the paths of faults (`solutions[0]`).
 */
export function treeOfSpec(board: Board, main: readonly Path[], s: SolutionLines, where: string): Result<PathTree, Diagnostic> {
  const long = lineTooLong(main.length, where)
  if (long) return err(long)
  let tree = treeOfLine(main)
  let lines = 0
  /** Attach comments on a line: the node at move number p is `pathAt(p)`. */
  const comment = (
    comments: CommentsSpec | undefined,
    lo: number,
    hi: number,
    pathAt: (p: number) => NodePath,
    at: string,
  ): Diagnostic | null => {
    for (const [key, value] of Object.entries(comments ?? {})) {
      const p = /^\d+$/.test(key) ? Number(key) : NaN
      if (!(p >= lo && p <= hi))
        return diagnostic('variation.comment', `comment "${key}" is not a move of this line (its moves are ${lo}..${hi})`, `${at}.comments`)
      tree = setComment(tree, pathAt(p), value)
    }
    return null
  }
  /** Attach a line's variations; `lo..hi`: the plies a variation may branch at; `pathAt(p)`: the node at ply p. */
  const attach = (
    vs: readonly VariationSpec[] | undefined,
    lo: number,
    hi: number,
    pathAt: (p: number) => NodePath,
    at: string,
    depth: number,
  ): Diagnostic | null => {
    // Nesting and number are bounded here (limits.ts): each side line is verified from the start.
    if (vs !== undefined && vs.length > 0 && depth > MAX_VARIATION_DEPTH)
      return diagnostic('limit.depth', `side lines nested more than ${MAX_VARIATION_DEPTH} deep`, `${at}.variations`)
    for (let k = 0; k < (vs?.length ?? 0); k++) {
      const v = vs![k]!
      const here = `${at}.variations[${k}]`
      if (++lines > MAX_VARIATIONS)
        return diagnostic('limit.variations', `more than ${MAX_VARIATIONS.toLocaleString('en-US')} side lines in one solution`, here)
      if (!(v.at >= lo && v.at <= hi))
        return diagnostic('variation.at', `"at": ${v.at} is not a move of the line it branches from (${lo}..${hi})`, `${here}.at`)
      const paths = variationPaths(board, v.moves, `${here}.moves`)
      if (!paths.ok) return paths.error
      if (paths.value.length === 0) return diagnostic('variation.empty', 'a variation has moves', `${here}.moves`)
      const branch = pathAt(v.at)
      const node = nodeAt(tree, branch)!
      if (node.children.some((c) => sameMove(c.move, paths.value[0]!)))
        return diagnostic(
          'variation.repeat',
          `its first move ${pathNames(board, paths.value[0]!).join('-')} is already played there`,
          `${here}.moves`,
        )
      const added = addLine(tree, branch, paths.value, sameMove)
      tree = added.tree
      const first = [...branch, node.children.length]
      const mine = (p: number): NodePath => [...first, ...Array<number>(p - v.at - 1).fill(0)]
      const len = paths.value.length
      const tooLong = lineTooLong(v.at + len, `${here}.moves`)
      if (tooLong) return tooLong
      const fault =
        comment(v.comments, v.at + 1, v.at + len, mine, here) ?? attach(v.variations, v.at + 1, v.at + len - 1, mine, here, depth + 1)
      if (fault) return fault
    }
    return null
  }
  const mainAt = (p: number): NodePath => Array<number>(p).fill(0)
  const fault = comment(s.comments, 0, main.length, mainAt, where) ?? attach(s.variations, 0, main.length - 1, mainAt, where, 1)
  return fault ? err(fault) : ok(tree)
}

/** A line of the tree written as a variation: from `first` (the move after ply `at`) to its end. */
function lineSpec(board: Board, first: MoveNode<Path>, at: number): VariationSpec {
  const moves: Path[] = []
  const comments: CommentsSpec = {}
  const variations: VariationSpec[] = []
  let node = first
  for (let ply = at + 1; ; ply++) {
    moves.push(node.move)
    if (node.comment !== undefined) comments[ply] = node.comment
    node.children.slice(1).forEach((c) => variations.push(lineSpec(board, c, ply)))
    if (node.children.length === 0) break
    node = node.children[0]!
  }
  return {
    at,
    moves: formatSolution({ moves: moves.map((p) => ({ cells: pathNames(board, p), middle: false })), reflect: false }),
    ...(Object.keys(comments).length > 0 && { comments }),
    ...(variations.length > 0 && { variations }),
  }
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
  const comments: CommentsSpec = tree.comment !== undefined ? { 0: tree.comment } : {}
  const variations: VariationSpec[] = tree.children.slice(1).map((c) => lineSpec(board, c, 0))
  const first = tree.children[0]
  if (first) {
    const rest = lineSpec(board, first, 0)
    Object.assign(comments, rest.comments)
    variations.push(...(rest.variations ?? []))
  }
  return {
    moves,
    ...(Object.keys(comments).length > 0 && { comments }),
    ...(variations.length > 0 && { variations }),
  }
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
