/**
 * A move tree, as Sabaki and Lichess's analysis board keep one: each node holds a move, its
 * continuations and an optional comment. The first child is the main continuation, so the main
 * line is the chain of first children from the root; the other children are side lines
 * (variations) that branch there. A node is named by its path: the child index taken at each
 * depth from the root ([] is the root, the start position, which holds no move).
 *
 * Values are immutable: every edit returns a new tree (and, where a node moves, its new path).
 * The tree knows no rules: moves are opaque values compared by the `same` function the caller
 * gives; the callers check legality (timeline.ts, solution-tree.ts).
 */

/** A move and what follows it. */
export interface MoveNode<M> {
  readonly move: M
  /** Continuations; the first is the main one. */
  readonly children: readonly MoveNode<M>[]
  readonly comment?: string
}

/** The start of a tree: no move, its continuations and a comment on the start position. */
export interface MoveTree<M> {
  readonly children: readonly MoveNode<M>[]
  readonly comment?: string
}

/** A node's address: the child index taken at each depth from the root. */
export type NodePath = readonly number[]

/** Whether two moves are the same move. */
export type SameMove<M> = (a: M, b: M) => boolean

type Node<M> = MoveTree<M> | MoveNode<M>

export const emptyTree = <M>(): MoveTree<M> => ({ children: [] })

/**
 * A chain of nodes for moves in order (the first holds moves[0]). Built from the end, in a loop:
 * a line's length is the user's to choose, so no function here recurses once per move.
 */
function chain<M>(moves: readonly M[]): MoveNode<M>[] {
  let next: MoveNode<M>[] = []
  for (let k = moves.length - 1; k >= 0; k--) next = [{ move: moves[k]!, children: next }]
  return next
}

/**
 * Every node of the tree, depth first, main continuations first (the order the move list shows
 * them), with its path; an explicit stack instead of recursion, so a tree as deep as a line is long
 * does not exhaust the call stack. `visit` returns true to stop. The path array is reused: copy it
 * to keep it.
 */
function walkNodes<M>(tree: MoveTree<M>, visit: (node: MoveNode<M>, path: readonly number[]) => boolean | void): void {
  const stack: { node: Node<M>; next: number }[] = [{ node: tree, next: 0 }]
  const path: number[] = []
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.next >= top.node.children.length) {
      stack.pop()
      path.pop()
      continue
    }
    const k = top.next++
    const child = top.node.children[k]!
    path.push(k)
    if (visit(child, path) === true) return
    stack.push({ node: child, next: 0 })
  }
}

/** A tree holding one line, its main line. */
export const treeOfLine = <M>(moves: readonly M[]): MoveTree<M> => ({ children: chain(moves) })

/** The node at a path, or undefined when the path leads nowhere. */
export function nodeAt<M>(tree: MoveTree<M>, path: NodePath): Node<M> | undefined {
  let node: Node<M> = tree
  for (const k of path) {
    const next: MoveNode<M> | undefined = node.children[k]
    if (!next) return undefined
    node = next
  }
  return node
}

/** Whether a path names a node of the tree. */
export const hasNode = <M>(tree: MoveTree<M>, path: NodePath): boolean => nodeAt(tree, path) !== undefined

/** The moves from the start to a node (its line so far). */
export function movesTo<M>(tree: MoveTree<M>, path: NodePath): M[] {
  const out: M[] = []
  let node: Node<M> = tree
  for (const k of path) {
    const next: MoveNode<M> | undefined = node.children[k]
    if (!next) throw new RangeError(`no node at [${path.join(',')}]`)
    out.push(next.move)
    node = next
  }
  return out
}

/** The path extended by main continuations to the end: the line a node is on, to its end. */
export function lineEnd<M>(tree: MoveTree<M>, path: NodePath): number[] {
  const out = [...path]
  let node = nodeAt(tree, path)
  if (!node) throw new RangeError(`no node at [${path.join(',')}]`)
  while (node.children.length > 0) {
    out.push(0)
    node = node.children[0]!
  }
  return out
}

/** The main line's moves. */
export const mainLine = <M>(tree: MoveTree<M>): M[] => movesTo(tree, lineEnd(tree, []))

/** The index of the child of the node at `path` that plays `move`, or -1. */
export function findChild<M>(tree: MoveTree<M>, path: NodePath, move: M, same: SameMove<M>): number {
  const node = nodeAt(tree, path)
  return node ? node.children.findIndex((c) => same(c.move, move)) : -1
}

/** The path to the first node (depth first, main continuations first) that satisfies `test`, or null. */
export function pathTo<M>(tree: MoveTree<M>, test: (node: MoveNode<M>, path: NodePath) => boolean): number[] | null {
  let found: number[] | null = null
  walkNodes(tree, (node, path) => {
    if (!test(node, path)) return false
    found = [...path]
    return true
  })
  return found
}

/** The tree with the node at `path` replaced by `update(node)`. */
function updateAt<M>(tree: MoveTree<M>, path: NodePath, update: (node: Node<M>) => Node<M>): MoveTree<M> {
  // The nodes on the way down, then each rebuilt from the bottom with its new child.
  const way: Node<M>[] = [tree]
  for (const k of path) {
    const child: MoveNode<M> | undefined = way[way.length - 1]!.children[k]
    if (!child) throw new RangeError(`no node at [${path.join(',')}]`)
    way.push(child)
  }
  let node = update(way[path.length]!)
  for (let d = path.length - 1; d >= 0; d--) {
    const children = way[d]!.children.slice()
    children[path[d]!] = node as MoveNode<M>
    node = { ...way[d]!, children }
  }
  return node as MoveTree<M>
}

/**
 * Play a move at a node: if a continuation there already plays it, that node is gone to (the tree
 * is unchanged); otherwise the move is added as the last continuation: the main one at the end of
 * a line, a new side line inside one. Returns the tree and the path of the move's node.
 */
export function addMove<M>(tree: MoveTree<M>, path: NodePath, move: M, same: SameMove<M>): { tree: MoveTree<M>; path: number[] } {
  const node = nodeAt(tree, path)
  if (!node) throw new RangeError(`no node at [${path.join(',')}]`)
  const k = node.children.findIndex((c) => same(c.move, move))
  if (k >= 0) return { tree, path: [...path, k] }
  return {
    tree: updateAt(tree, path, (n) => ({ ...n, children: [...n.children, { move, children: [] }] })),
    path: [...path, node.children.length],
  }
}

/** Add a whole line of moves below a node (each move as addMove); returns the path of its last move. */
export function addLine<M>(
  tree: MoveTree<M>,
  path: NodePath,
  moves: readonly M[],
  same: SameMove<M>,
): { tree: MoveTree<M>; path: number[] } {
  let out = { tree, path: [...path] }
  for (const m of moves) out = addMove(out.tree, out.path, m, same)
  return out
}

/** The depth of the last branch on a path where the line is not the main one, or -1 (a main line node). */
function sideDepth(path: NodePath): number {
  for (let d = path.length - 1; d >= 0; d--) if (path[d]! > 0) return d
  return -1
}

/** Whether the node is on the main line. */
export const onMainLine = (path: NodePath): boolean => sideDepth(path) < 0

/**
 * Promote the variation a node is in: at the nearest branch above it where its line is not the
 * first, its line moves one place up (to the main continuation when it was the second). Returns
 * the tree and the node's new path; a node on the main line leaves the tree as it is.
 */
export function promote<M>(tree: MoveTree<M>, path: NodePath): { tree: MoveTree<M>; path: number[] } {
  const d = sideDepth(path)
  if (d < 0) return { tree, path: [...path] }
  const k = path[d]!
  const next = updateAt(tree, path.slice(0, d), (n) => {
    const children = n.children.slice()
    ;[children[k - 1], children[k]] = [children[k]!, children[k - 1]!]
    return { ...n, children }
  })
  const moved = [...path]
  moved[d] = k - 1
  return { tree: next, path: moved }
}

/** Make the line a node is on the main line: it becomes the first continuation at every branch above it. */
export function makeMainLine<M>(tree: MoveTree<M>, path: NodePath): { tree: MoveTree<M>; path: number[] } {
  let out = { tree, path: [...path] }
  while (!onMainLine(out.path)) out = promote(out.tree, out.path)
  return out
}

/**
 * Delete a node and everything after it (a variation from here on). Returns the tree and the
 * path of its parent (where the user is then). The root cannot be deleted.
 */
export function deleteFrom<M>(tree: MoveTree<M>, path: NodePath): { tree: MoveTree<M>; path: number[] } {
  if (path.length === 0) throw new RangeError('the start cannot be deleted')
  if (!hasNode(tree, path)) throw new RangeError(`no node at [${path.join(',')}]`)
  const parent = path.slice(0, -1)
  const k = path[path.length - 1]!
  return { tree: updateAt(tree, parent, (n) => ({ ...n, children: n.children.filter((_, i) => i !== k) })), path: parent }
}

/** Set (or, with blank text, remove) the comment on a node; [] comments the start position. */
export function setComment<M>(tree: MoveTree<M>, path: NodePath, text: string): MoveTree<M> {
  const comment = text.trim()
  return updateAt(tree, path, (n) => {
    const { comment: _old, ...rest } = n
    return comment === '' ? rest : { ...rest, comment }
  })
}

/** The comment on a node, or undefined. */
export const commentAt = <M>(tree: MoveTree<M>, path: NodePath): string | undefined => nodeAt(tree, path)?.comment

/** Whether the tree holds more than its main line: a side line or a comment. */
export function hasAnnotations<M>(tree: MoveTree<M>): boolean {
  if (tree.comment !== undefined || tree.children.length > 1) return true
  let found = false
  walkNodes(tree, (n) => (found = n.comment !== undefined || n.children.length > 1))
  return found
}

/** Number of move nodes in the tree. */
export function nodeCount<M>(tree: MoveTree<M>): number {
  let n = 0
  walkNodes(tree, () => void n++)
  return n
}

/** A node of a flat tree: its move, its comment, and the index of its parent (-1: the root). */
export interface FlatNode<M> {
  readonly parent: number
  readonly move: M
  readonly comment?: string
}

/**
 * A tree as a list: its nodes depth first, main continuations first, each naming its parent by
 * index (always an earlier one). Nothing in it nests deeper than a node, so it can be written as
 * JSON, compared and checked however long its lines are (JSON.stringify of a nested line of 10,000
 * moves exhausts the call stack).
 */
export function flatTree<M>(tree: MoveTree<M>): { nodes: FlatNode<M>[]; comment?: string } {
  const nodes: FlatNode<M>[] = []
  const stack: { node: MoveNode<M>; parent: number }[] = tree.children.map((node) => ({ node, parent: -1 })).reverse()
  while (stack.length > 0) {
    const { node, parent } = stack.pop()!
    const at = nodes.length
    nodes.push({ parent, move: node.move, ...(node.comment !== undefined && { comment: node.comment }) })
    for (let k = node.children.length - 1; k >= 0; k--) stack.push({ node: node.children[k]!, parent: at })
  }
  return { nodes, ...(tree.comment !== undefined && { comment: tree.comment }) }
}

/**
 * The tree a flat list describes (flatTree's inverse), or the index of the first node whose
 * parent is not an earlier node.
 */
export function treeOfFlat<M>(flat: { readonly nodes: readonly FlatNode<M>[]; readonly comment?: string }): MoveTree<M> | { bad: number } {
  const { nodes } = flat
  for (let i = 0; i < nodes.length; i++) {
    const p = nodes[i]!.parent
    if (!Number.isInteger(p) || p < -1 || p >= i) return { bad: i }
  }
  // Built from the last (the deepest) back, so that each node's children are made before it.
  const kids: MoveNode<M>[][] = nodes.map(() => [])
  const top: MoveNode<M>[] = []
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i]!
    const made: MoveNode<M> = { move: n.move, children: kids[i]!.reverse(), ...(n.comment !== undefined && { comment: n.comment }) }
    ;(n.parent < 0 ? top : kids[n.parent]!).push(made)
  }
  return { children: top.reverse(), ...(flat.comment !== undefined && { comment: flat.comment }) }
}

/** The tree with every move mapped (the shape and comments kept). */
export function mapTree<M, N>(tree: MoveTree<M>, f: (move: M) => N): MoveTree<N> {
  const flat = flatTree(tree)
  return treeOfFlat({ ...flat, nodes: flat.nodes.map((n) => ({ ...n, move: f(n.move) })) }) as MoveTree<N>
}

/** Whether two paths name the same node. */
export const samePath = (a: NodePath, b: NodePath): boolean => a.length === b.length && a.every((k, i) => b[i] === k)

/** Whether `prefix` names a node on the way to (or at) the node `path` names. */
export const isPrefix = (prefix: NodePath, path: NodePath): boolean => prefix.length <= path.length && prefix.every((k, i) => path[i] === k)

/** Number of side lines: continuations other than the first, over the whole tree. */
export function variationCount<M>(tree: MoveTree<M>): number {
  let n = Math.max(0, tree.children.length - 1)
  walkNodes(tree, (node) => void (n += Math.max(0, node.children.length - 1)))
  return n
}
