// The move tree (src/shared/variations.ts): adding moves makes side lines inside a line and extends
// a line at its end; promote, make main line, delete and comments; paths and lines to nodes. Moves
// here are strings: the tree knows no rules.
import { describe, expect, it } from 'vitest'
import {
  addLine,
  addMove,
  commentAt,
  deleteFrom,
  emptyTree,
  findChild,
  hasAnnotations,
  hasNode,
  isPrefix,
  lineEnd,
  mainLine,
  makeMainLine,
  mapTree,
  movesTo,
  nodeAt,
  nodeCount,
  onMainLine,
  pathTo,
  promote,
  samePath,
  setComment,
  treeOfLine,
  type MoveTree,
} from '../../src/shared/variations'

const same = (a: string, b: string): boolean => a === b
const line = treeOfLine(['a', 'b', 'c', 'd'])

/** The tree written as text: main continuations in order, side lines in parentheses, comments in braces. */
function show(tree: MoveTree<string>): string {
  const rec = (nodes: MoveTree<string>['children']): string => {
    const [main, ...side] = nodes
    if (!main) return ''
    const head = `${main.move}${main.comment ? ` {${main.comment}}` : ''}`
    const alts = side
      .map((s) => ` (${s.move}${s.comment ? ` {${s.comment}}` : ''}${rec(s.children) ? ` ${rec(s.children)}` : ''})`)
      .join('')
    const rest = rec(main.children)
    return `${head}${alts}${rest ? ` ${rest}` : ''}`
  }
  return `${tree.comment ? `{${tree.comment}} ` : ''}${rec(tree.children)}`
}

describe('the move tree', () => {
  it('holds a line as its main line', () => {
    expect(mainLine(line)).toEqual(['a', 'b', 'c', 'd'])
    expect(mainLine(emptyTree<string>())).toEqual([])
    expect(nodeCount(line)).toBe(4)
    expect(lineEnd(line, [])).toEqual([0, 0, 0, 0])
    expect(movesTo(line, [0, 0])).toEqual(['a', 'b'])
    expect(hasAnnotations(line)).toBe(false)
  })

  it('a move at the end of a line extends it; inside a line it starts a side line', () => {
    const end = addMove(line, [0, 0, 0, 0], 'e', same)
    expect(mainLine(end.tree)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(end.path).toEqual([0, 0, 0, 0, 0])
    const side = addMove(line, [0], 'x', same)
    expect(mainLine(side.tree)).toEqual(['a', 'b', 'c', 'd'])
    expect(side.path).toEqual([0, 1])
    expect(show(side.tree)).toBe('a b (x) c d')
    expect(movesTo(side.tree, lineEnd(side.tree, side.path))).toEqual(['a', 'x'])
    expect(hasAnnotations(side.tree)).toBe(true)
    expect(onMainLine(side.path)).toBe(false)
    // A move already there is gone to, the tree unchanged.
    const again = addMove(side.tree, [0], 'x', same)
    expect(again.tree).toBe(side.tree)
    expect(again.path).toEqual([0, 1])
    expect(addMove(line, [0], 'b', same).path).toEqual([0, 0])
    expect(() => addMove(line, [5], 'x', same)).toThrow(RangeError)
  })

  it('adds whole lines and finds children and nodes', () => {
    const t = addLine(line, [0, 0], ['y', 'z'], same)
    expect(show(t.tree)).toBe('a b c (y z) d')
    expect(t.path).toEqual([0, 0, 1, 0])
    expect(findChild(t.tree, [0, 0], 'y', same)).toBe(1)
    expect(findChild(t.tree, [0, 0], 'q', same)).toBe(-1)
    expect(findChild(t.tree, [9], 'q', same)).toBe(-1)
    expect(pathTo(t.tree, (n) => n.move === 'z')).toEqual([0, 0, 1, 0])
    expect(pathTo(t.tree, (n) => n.move === 'nothing')).toBeNull()
    expect(hasNode(t.tree, [0, 0, 1, 0])).toBe(true)
    expect(hasNode(t.tree, [0, 0, 2])).toBe(false)
    expect(nodeAt(t.tree, [])).toBe(t.tree)
    expect(() => movesTo(t.tree, [1])).toThrow(RangeError)
    expect(() => lineEnd(t.tree, [1])).toThrow(RangeError)
  })

  it('promotes a side line one place up, and makes a nested one the main line', () => {
    let t = addMove(line, [0], 'x', same).tree
    t = addMove(t, [0], 'y', same).tree // a (b, x, y)
    const p = promote(t, [0, 2])
    expect(show(p.tree)).toBe('a b (y) (x) c d')
    expect(p.path).toEqual([0, 1])
    const q = promote(p.tree, p.path)
    expect(show(q.tree)).toBe('a y (b c d) (x)')
    expect(q.path).toEqual([0, 0])
    expect(mainLine(q.tree)).toEqual(['a', 'y'])
    // A node on the main line: nothing to promote.
    const none = promote(q.tree, [0, 0])
    expect(none.tree).toBe(q.tree)
    // Nested: a side line inside a side line, promoted at its nearest branch first.
    const nested = addLine(addLine(line, [0], ['x', 'x2'], same).tree, [0, 1], ['w'], same)
    expect(show(nested.tree)).toBe('a b (x x2 (w)) c d')
    expect(nested.path).toEqual([0, 1, 1])
    const once = promote(nested.tree, nested.path)
    expect(show(once.tree)).toBe('a b (x w (x2)) c d')
    expect(once.path).toEqual([0, 1, 0])
    const main = makeMainLine(nested.tree, nested.path)
    expect(mainLine(main.tree)).toEqual(['a', 'x', 'w'])
    expect(main.path).toEqual([0, 0, 0])
    expect(nodeCount(main.tree)).toBe(nodeCount(nested.tree))
  })

  it('deletes a side line, or the rest of the main line, from a node', () => {
    const t = addLine(line, [0], ['x', 'y'], same)
    const d = deleteFrom(t.tree, [0, 1])
    expect(show(d.tree)).toBe('a b c d')
    expect(d.path).toEqual([0])
    const cut = deleteFrom(t.tree, [0, 0, 0])
    expect(show(cut.tree)).toBe('a b (x y)')
    // The side line is the main continuation once the main one is deleted.
    const top = deleteFrom(t.tree, [0, 0])
    expect(show(top.tree)).toBe('a x y')
    expect(() => deleteFrom(t.tree, [])).toThrow(RangeError)
    expect(() => deleteFrom(t.tree, [3])).toThrow(RangeError)
  })

  it('sets, replaces and removes comments, the start position too', () => {
    let t = setComment(line, [0, 0], '  the key move ')
    expect(commentAt(t, [0, 0])).toBe('the key move')
    expect(hasAnnotations(t)).toBe(true)
    t = setComment(t, [], 'start')
    expect(show(t)).toBe('{start} a b {the key move} c d')
    t = setComment(t, [0, 0], 'better')
    expect(commentAt(t, [0, 0])).toBe('better')
    t = setComment(setComment(t, [0, 0], '   '), [], '')
    expect(commentAt(t, [0, 0])).toBeUndefined()
    expect(t).toEqual(line)
    expect(() => setComment(line, [2], 'x')).toThrow(RangeError)
  })

  it('maps moves keeping the shape and comments; compares paths', () => {
    const t = setComment(addMove(line, [0], 'x', same).tree, [0, 1], 'why not')
    const upper = mapTree(t, (m) => m.toUpperCase())
    expect(show(upper)).toBe('A B (X {why not}) C D')
    expect(samePath([0, 1], [0, 1])).toBe(true)
    expect(samePath([0, 1], [0])).toBe(false)
    expect(isPrefix([0], [0, 1])).toBe(true)
    expect(isPrefix([1], [0, 1])).toBe(false)
    expect(isPrefix([0, 1, 0], [0, 1])).toBe(false)
  })

  it('never changes the tree it is given', () => {
    const before = JSON.stringify(line)
    addMove(line, [0], 'x', same)
    promote(addMove(line, [0], 'x', same).tree, [0, 1])
    deleteFrom(line, [0, 0])
    setComment(line, [0], 'c')
    expect(JSON.stringify(line)).toBe(before)
  })
})
