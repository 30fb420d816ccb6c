/**
 * The stepper's move tree and the line it follows, as plain values, for every kind (the stores keep
 * them on the document's undo history and orchestrate). The line the stepper, the charts and the
 * overlays follow is the path from the start to the `tip` node and then the tip's main continuation:
 * stepping back and forth stays in a side line once one is chosen, as in Lichess's analysis board.
 *
 * The move list shows the tree's main line as rows and each side line inline, in parentheses, under
 * the move it is an alternative to, nested ones inside it (movesView).
 */
import { emptyTree, flatTree, lineEnd, mainLine, movesTo, nodeCount, variationCount, type MoveNode, type NodePath } from '../../shared/variations'
import type { AnyKind, LineTree, Path } from './kind'
import { labelText, START_LABEL, type LineLabel } from '../state/line-label'

/** What the stepper shows: a tree, the node its line runs through, what it is, and whose it is. */
export interface Shown {
  readonly tree: LineTree
  /** The line is the start → this node, then its main continuation. */
  readonly tip: NodePath
  readonly label: LineLabel
  /** The stored line (0-based) the tree is, whose edits go into the document; null for any other. */
  readonly origin: number | null
}

export const EMPTY_SHOWN: Shown = { tree: emptyTree(), tip: [], label: START_LABEL, origin: null }

/** The same move: the same cells in the same order. */
export const sameMove = (a: Path, b: Path): boolean => a.length === b.length && a.every((c, k) => b[k] === c)

/** A tree as one string to compare trees by (moves, shape and comments). */
export const treeKey = (tree: LineTree): string => JSON.stringify(flatTree(tree))

/** The path of the last node of the line the stepper follows. */
export const linePath = (s: Shown): number[] => lineEnd(s.tree, s.tip)

/** The moves of the line the stepper follows. */
export const lineMoves = (s: Shown): Path[] => movesTo(s.tree, linePath(s))

/** The stored line whose tree this is, or null. */
export function storedIndex(kind: AnyKind, doc: unknown, tree: LineTree): number | null {
  if (nodeCount(tree) === 0) return null
  const key = treeKey(tree)
  const k = kind.lines(doc).findIndex((l) => treeKey(l.tree) === key)
  return k < 0 ? null : k
}

/**
 * Every line of a tree played (each leaf's line from the start): the first that cannot be played,
 * named ("the side line after move 5: move 7: ..."), or null when all play.
 */
export function treeFault(kind: AnyKind, doc: unknown, tree: LineTree): string | null {
  const walk = (node: LineTree | MoveNode<Path>, path: number[]): string | null => {
    if (node.children.length === 0) {
      const r = kind.replay(doc, movesTo(tree, path))
      if (r.fault === null) return null
      const branch = path.reduce((at, k, d) => (k > 0 ? d : at), -1)
      return branch < 0 ? r.fault : `the side line after move ${branch}: ${r.fault}`
    }
    for (let k = 0; k < node.children.length; k++) {
      const f = walk(node.children[k]!, [...path, k])
      if (f !== null) return f
    }
    return null
  }
  return walk(tree, [])
}

/**
 * What is wrong with stored line k (0-based) whose tree this is: its main line cannot be played
 * past a move (the moves before it are shown, the rest marked in the move list), or a side line cannot; or null.
 */
export function storedLineFault(kind: AnyKind, doc: unknown, k: number, tree: LineTree): string | null {
  const main = kind.replay(doc, mainLine(tree))
  const name = `${kind.lineNoun} ${k + 1}`
  if (main.fault !== null)
    return `${name} cannot be played: ${main.fault} (shown up to ${main.moves.length === 0 ? 'the start' : `move ${main.moves.length}`})`
  const side = treeFault(kind, doc, tree)
  return side === null ? null : `${name}: ${side}`
}

/**
 * What the stepper shows when a document opens: its first stored line (the first solution, the
 * first game), or the start when it has none. A stored line that cannot be played is said, and
 * shown up to the move that cannot be played (issue 16, defect 5: a document used to open on an
 * empty stepper without a word; later it opened on the start, the line's playable moves hidden).
 */
export function openingShown(kind: AnyKind, doc: unknown): { shown: Shown; fault: string | null } {
  const first = kind.lines(doc)[0]
  if (!first) return { shown: EMPTY_SHOWN, fault: null }
  const label = { base: `${kind.lineNoun} 1${first.title ? `: ${first.title}` : ''}`, playedFrom: null }
  return { shown: { tree: first.tree, tip: [], label, origin: 0 }, fault: storedLineFault(kind, doc, 0, first.tree) }
}

/**
 * What an edit of stored line k does to the document: the document with the edit written in; or
 * `refused`, with the reason, when the kind keeps ends and the line ended (reached the target, was
 * won) and its edited main line would not (issue 27, defect 4: the edit used to go on as a line of
 * its own, which a save could not hold, so a comment added to it was lost).
 */
export function writeLine(
  kind: AnyKind,
  doc: unknown,
  k: number,
  tree: LineTree,
): { readonly doc: unknown } | { readonly refused: string } | { readonly gone: true } {
  const stored = kind.lines(doc)[k]
  if (!stored) return { gone: true }
  if (treeKey(stored.tree) === treeKey(tree)) return { doc }
  if (kind.keepsEnds) {
    const before = kind.replay(doc, mainLine(stored.tree))
    const after = kind.replay(doc, mainLine(tree))
    if (before.end !== null && after.end === null)
      return {
        refused: `${kind.lineNoun} ${k + 1} ends (${before.end.text}) and its main line would no longer end: play the other moves as a side line, or keep them as a ${kind.lineNoun} of their own once they end`,
      }
  }
  const r = kind.withLine(doc, k, tree)
  return r.ok ? { doc: r.value } : { refused: r.error }
}

/** The line not kept, as the unsaved mark and the question before leaving say it; null when there is none. */
export function unkeptText(s: Shown): string | null {
  if (s.origin !== null || (nodeCount(s.tree) === 0 && s.tree.comment === undefined)) return null
  const path = linePath(s)
  const n = path.length
  const side = variationCount(s.tree)
  const branch = path.findIndex((k) => k > 0)
  const parts = [
    `${n} ${n === 1 ? 'move' : 'moves'}`,
    labelText(s.label),
    branch >= 0 ? `side line after move ${branch}` : '',
    side > 0 ? `with ${side} side line${side === 1 ? '' : 's'}` : '',
  ]
  return `the line in the stepper (${parts.filter((x) => x !== '').join(', ')})`
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
  /** The army or player that plays it. */
  readonly mover: number
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

/**
 * The moves of a tree that cannot be played, by node key, each with a sentence saying so: for the
 * first of a line, the kind's fault ("move 2 (a5-i9) cannot be played: a5-i9 is not a legal move:
 * ..."); for the moves after it, that they follow it. The move list
 * marks them and a click on one says why (issue 30's walkthrough: a side line's illegal move looked
 * like any other, and a click on it went silently to the last move that plays).
 */
export function unplayableMoves(kind: AnyKind, doc: unknown, tree: LineTree): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (node: LineTree | MoveNode<Path>, path: number[]): void => {
    if (node.children.length > 0) return node.children.forEach((c, k) => walk(c, [...path, k]))
    if (path.length === 0) return
    const moves = movesTo(tree, path)
    const r = kind.replay(doc, moves)
    if (r.fault === null) return
    const first = r.moves.length
    for (let k = first; k < path.length; k++) {
      const key = nodeKey(path.slice(0, k + 1))
      const named = `move ${k + 1} (${kind.moveText(doc, moves[k]!, k + 1)})`
      // The kind's fault names the move first ("move 3: ..."): said once, as the move named.
      const why = k === first ? r.fault.replace(/^move \d+( \([^)]*\))?: /, '') : `it comes after move ${first + 1}, which cannot be played`
      if (!out.has(key)) out.set(key, `${named} cannot be played: ${why}`)
    }
  }
  walk(tree, [])
  return out
}

/** The move list: one row per main-line move, each with the side lines that branch before it. */
export function movesView(kind: AnyKind, doc: unknown, tree: LineTree): MainRow[] {
  const view = (node: MoveNode<Path>, path: readonly number[]): MoveView => ({
    key: nodeKey(path),
    path,
    ply: path.length,
    text: kind.moveText(doc, node.move, path.length),
    mover: kind.moverAt(doc, path.length),
    ...(node.comment !== undefined && { comment: node.comment }),
  })
  const inline = (first: MoveNode<Path>, path: readonly number[]): Inline[] => [{ kind: 'move', move: view(first, path) }, ...after(first, path)]
  // The moves after `node` on its main continuation, with side lines in brackets after the move they replace.
  const after = (node: MoveNode<Path>, path: readonly number[]): Inline[] => {
    const out: Inline[] = []
    let [cur, here] = [node, path]
    while (cur.children.length > 0) {
      const next = cur.children[0]!
      out.push({ kind: 'move', move: view(next, [...here, 0]) })
      cur.children.slice(1).forEach((alt, k) => out.push({ kind: 'open' }, ...inline(alt, [...here, k + 1]), { kind: 'close' }))
      ;[cur, here] = [next, [...here, 0]]
    }
    return out
  }
  const rows: MainRow[] = []
  let node: LineTree | MoveNode<Path> = tree
  let path: number[] = []
  while (node.children.length > 0) {
    const here = path
    const next: MoveNode<Path> = node.children[0]!
    rows.push({ move: view(next, [...here, 0]), branches: node.children.slice(1).map((alt, k) => inline(alt, [...here, k + 1])) })
    ;[node, path] = [next, [...here, 0]]
  }
  return rows
}
