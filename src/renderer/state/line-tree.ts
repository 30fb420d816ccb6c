/**
 * The stepper's move tree and the line it follows, as plain values (the workbench store keeps them
 * on its undo history and orchestrates). The line the stepper, the charts and the overlays follow is
 * the path from the start to the `tip` node and then the tip's main continuation: stepping back and
 * forth stays in a side line once one is chosen, as in Lichess's analysis board.
 *
 * The move list shows the tree's main line as rows and each side line inline, in parentheses,
 * under the move it is an alternative to, nested ones inside it (movesView).
 */
import type { Board } from '../../shared/halma/board'
import type { HalmaDocument } from '../../shared/halma/document'
import { pathNames } from '../../shared/halma/notation'
import type { Problem } from '../../shared/halma/problem'
import { specOfTree, type PathTree, type SolutionLines } from '../../shared/halma/solution-tree'
import { symmetry } from '../../shared/halma/symmetry'
import { lineOf } from '../../shared/halma/timeline'
import { lineEnd, mainLine, type MoveNode, type NodePath } from '../../shared/variations'
import type { LineLabel } from './line-label'

/** What the stepper shows: a tree, the node its line runs through, what it is, and whose it is. */
export interface Shown {
  readonly tree: PathTree
  /** The line is the start → this node, then its main continuation. */
  readonly tip: NodePath
  readonly label: LineLabel
  /** The stored solution (0-based) the tree is, whose edits go into the document; null for any other. */
  readonly origin: number | null
}

/** The path of the last node of the line the stepper follows. */
export const linePath = (s: Shown): number[] => lineEnd(s.tree, s.tip)

/**
 * What a tree edit does to stored solution k: its new moves, side lines and comments ('lines'); or
 * nothing, the tree being the solution's already ('same'); or 'kept' when the solution reached the
 * target (or won) and its edited main line would not: the document keeps the solution, and the tree
 * goes on as a line of its own; or 'gone' when the document no longer has that solution.
 */
export function storedEdit(
  doc: HalmaDocument,
  k: number,
  tree: PathTree,
): { readonly kind: 'lines'; readonly lines: SolutionLines } | { readonly kind: 'same' | 'kept' | 'gone' } {
  const s = doc.solutions[k]
  const written = doc.spec.solutions?.[k]
  if (!s || !written) return { kind: 'gone' }
  if (JSON.stringify(s.tree) === JSON.stringify(tree)) return { kind: 'same' }
  const p = doc.problem
  const before = lineOf(p, mainLine(s.tree))
  const after = lineOf(p, mainLine(tree))
  if (!after.ok || (before.ok && before.value.complete && !after.value.complete)) return { kind: 'kept' }
  const image = p.reflection && p.kind === 'transfer' ? symmetry(p.board, p.reflection) : undefined
  // The main line keeps its written form (a hand-written palindrome in full, say) while its moves stay.
  const keep = { paths: mainLine(s.tree), moves: written.moves }
  return { kind: 'lines', lines: specOfTree(p.board, tree, { ...(image && { image }), keep }) }
}

/** A node's path as an attribute value: "0.0.1" ("" for the start). */
export const nodeKey = (path: NodePath): string => path.join('.')

/** A move as the move list shows it. */
export interface MoveView {
  readonly key: string
  readonly path: readonly number[]
  /** Its move number. */
  readonly ply: number
  readonly text: string
  /** The army that plays it. */
  readonly army: number
  readonly comment?: string
}

/** A piece of a side line written inline: a move, or a nested side line's brackets. */
export type Inline = { readonly kind: 'move'; readonly move: MoveView } | { readonly kind: 'open' | 'close' }

/** A row of the main line, with the side lines that are alternatives to its move. */
export interface MainRow {
  readonly move: MoveView
  /** Each side line written inline (its moves and nested side lines in brackets). */
  readonly branches: readonly (readonly Inline[])[]
}

function view(board: Board, problem: Problem, node: MoveNode<readonly number[]>, path: readonly number[]): MoveView {
  const ply = path.length
  return {
    key: nodeKey(path),
    path,
    ply,
    text: pathNames(board, node.move).join('-'),
    army: problem.kind === 'transfer' ? 0 : (problem.first + ply - 1) % 2,
    ...(node.comment !== undefined && { comment: node.comment }),
  }
}

/** A side line from its first node, inline, with its own side lines in brackets after the move they replace. */
function inline(board: Board, problem: Problem, first: MoveNode<readonly number[]>, path: readonly number[]): Inline[] {
  return [{ kind: 'move', move: view(board, problem, first, path) }, ...continueFrom(board, problem, first, path)]
}

/** The moves after `node` (already written) on its main continuation, with side lines in brackets. */
function continueFrom(board: Board, problem: Problem, node: MoveNode<readonly number[]>, path: readonly number[]): Inline[] {
  const out: Inline[] = []
  let cur = node
  let here = path
  while (cur.children.length > 0) {
    const next = cur.children[0]!
    const nextPath = [...here, 0]
    out.push({ kind: 'move', move: view(board, problem, next, nextPath) })
    cur.children.slice(1).forEach((alt, k) => {
      out.push({ kind: 'open' }, ...inline(board, problem, alt, [...here, k + 1]), { kind: 'close' })
    })
    cur = next
    here = nextPath
  }
  return out
}

/** The move list: one row per main-line move, each with the side lines that branch before it. */
export function movesView(problem: Problem, tree: PathTree): MainRow[] {
  const board = problem.board
  const rows: MainRow[] = []
  let node: PathTree | MoveNode<readonly number[]> = tree
  let path: number[] = []
  while (node.children.length > 0) {
    const next: MoveNode<readonly number[]> = node.children[0]!
    const nextPath = [...path, 0]
    const here = path
    rows.push({
      move: view(board, problem, next, nextPath),
      branches: node.children.slice(1).map((alt, k) => inline(board, problem, alt, [...here, k + 1])),
    })
    node = next
    path = nextPath
  }
  return rows
}
