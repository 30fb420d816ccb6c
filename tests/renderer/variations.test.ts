// @vitest-environment jsdom
// Variations in the stepper (issue 16), on a problem: a move played inside a line starts a side
// line, the line is kept; the move list shows the tree; promote, make main line, delete from here and
// comments; edits to a stored solution's tree go into the document (unsaved, version 2), and an edit
// that would stop its main line reaching the target is refused (issue 27, defect 4); one Undo keeps
// stepper and document together; Keep as solution stores side lines; the session keeps the tree, its
// line and comments.
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it } from 'vitest'
import { movesView, unplayableMoves } from '../../src/renderer/frame/line'
import { halmaKind } from '../../src/renderer/kinds/halma/model'
import { formatSession, parseSession } from '../../src/renderer/state/session'
import { halmaStores, noticeAt } from './stores'
import { parseCell } from '../../src/shared/halma/board'
import { formatDocument, parseDocument, type HalmaDocument } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'
import { fakeHost } from './fake-host'


beforeEach(() => {
  setActivePinia(createPinia())
  fakeHost({ unsaved: 'discard' })
})

/** The workbench on Levenspiel's document, its first solution (27 moves) in the stepper. */
async function opened() {
  const { doc, st, h } = halmaStores()
  doc.load(halmaKind, unwrap(parseDocument(levenspiel)), { name: 'l.halma.json' })
  await nextTick()
  expect(st.stored).toBe(0)
  expect(st.length).toBe(27)
  const play = (from: string, to: string): void => {
    const b = h.problem.board
    st.click(unwrap(parseCell(b, from)))
    st.click(unwrap(parseCell(b, to)))
  }
  const texts = () => h.line.moves.map((m) => m.text)
  return { doc, st, h, play, texts }
}

describe('variations in the stepper', () => {
  it('a move played inside a stored solution starts a side line, written into the document', async () => {
    const { doc, st, h, play, texts } = await opened()
    st.go(1)
    play('a4', 'a5')
    // The stepper follows the side line; the solution's 27 moves are all still there.
    expect(texts()).toEqual(['d1-d2', 'a4-a5'])
    expect(st.ply).toBe(2)
    expect(st.source).toBe('solution 1: Octave Levenspiel, 1971: 27 moves, 10 steps, side line after move 1')
    expect(st.sideLines).toBe(1)
    expect(st.stored).toBe(0)
    expect(doc.dirty).toBe(true)
    expect(doc.unkept).toBeNull()
    const spec = h.doc.spec.solutions![0]!
    expect(spec.variations).toEqual([{ at: 1, moves: 'a4-a5' }])
    expect(spec.moves).toMatch(/ \(reflect\)$/)
    expect(formatDocument(h.doc)).toContain('"version": 2,')
    // The move list: 27 rows, a side line under move 2.
    const rows = movesView(halmaKind, h.doc, st.tree)
    expect(rows).toHaveLength(27)
    expect(rows[1]!.branches.map((b) => b.map((p) => (p.kind === 'move' ? `${p.move.ply}.${p.move.text}` : p.kind)))).toEqual([['2.a4-a5']])
    // Back on the main line through the start of the side line's alternatives.
    expect(st.switchLine(-1)).toBe(true)
    expect(st.length).toBe(27)
    expect(st.ply).toBe(2)
    expect(st.switchLine(-1)).toBe(false)
    // Playing the same move again goes to it: no second side line.
    st.go(1)
    play('a4', 'a5')
    expect(st.sideLines).toBe(1)
    expect(texts()).toEqual(['d1-d2', 'a4-a5'])
  })

  it('a move at the end of a line extends it; the arrows stay on the side line', async () => {
    const { st, play, texts } = await opened()
    st.go(1)
    play('a4', 'a5')
    play('a5', 'a6')
    expect(texts()).toEqual(['d1-d2', 'a4-a5', 'a5-a6'])
    expect(st.sideLines).toBe(1)
    st.first()
    st.step(1)
    st.last()
    expect(texts()).toEqual(['d1-d2', 'a4-a5', 'a5-a6'])
    expect(st.ply).toBe(3)
    // A click on a move of another line goes onto that line.
    st.goTo([0, 0, 0])
    expect(st.length).toBe(27)
    expect(st.ply).toBe(3)
  })

  it('promoting a side line that does not reach the target is refused: the stored solution and the stepper stay, and the reason is said', async () => {
    const { doc, st, h, play, texts } = await opened()
    st.go(1)
    play('a4', 'a5')
    const before = formatDocument(h.doc)
    st.promoteLine()
    expect(st.stored).toBe(0)
    expect(noticeAt('moves')).toMatch(/^solution 1 ends \(27 moves reach the target\) and its main line would no longer end/)
    expect(formatDocument(h.doc)).toBe(before)
    expect(texts()).toEqual(['d1-d2', 'a4-a5'])
    expect(movesView(halmaKind, h.doc, st.tree)).toHaveLength(27)
    expect(doc.unkept).toBeNull()
    // A comment on the side line then goes into the document, and a save holds it (issue 27, defect 4).
    expect(st.setMoveComment('the side line')).toBe(true)
    expect(h.doc.spec.solutions![0]!.variations).toEqual([{ at: 1, moves: 'a4-a5', comments: { '2': 'the side line' } }])
    expect(parseDocument(formatDocument(h.doc)).ok).toBe(true)
  })

  it('promotes a side line that reaches the target, comments, deletes; Undo and Redo follow', async () => {
    const { doc, st, h, texts } = await opened()
    // The second stored solution played at the start of the first: a complete side line.
    const line2 = unwrap(parseDocument(levenspiel)).solutions[1]!.tree
    let node = line2.children[0]
    while (node) {
      st.click(node.move[0]!)
      st.click(node.move[node.move.length - 1]!)
      node = node.children[0]
    }
    expect(st.length).toBe(27)
    expect(h.line.complete).toBe(true)
    expect(st.branchedAt).toBe(0)
    // Make it the main line of solution 1: it reaches the target, so the document takes it.
    st.go(5)
    st.promoteLine()
    expect(st.stored).toBe(0)
    expect(st.branchedAt).toBeNull()
    expect(st.ply).toBe(5)
    const spec = h.doc.spec.solutions![0]!
    // The clicks chose their own jump paths: the same destinations, written compact (a palindrome).
    expect(spec.moves).toMatch(/^c2-d2, a4-c2-e2, c1-e1-e3, .* \(reflect\)$/)
    expect(spec.variations).toEqual([{ at: 0, moves: expect.stringMatching(/^d1-d2, b1-d1-d3, /) }])
    // A comment on move 5.
    st.setMoveComment('the fifth move')
    expect(st.comment).toBe('the fifth move')
    expect(h.doc.spec.solutions![0]!.comments).toEqual({ '5': 'the fifth move' })
    // Undo: the comment goes, in the stepper and in the document together; Redo brings both back.
    doc.undo()
    expect(st.comment).toBe('')
    expect(h.doc.spec.solutions![0]!.comments).toBeUndefined()
    doc.redo()
    expect(h.doc.spec.solutions![0]!.comments).toEqual({ '5': 'the fifth move' })
    expect(st.comment).toBe('the fifth move')
    // Delete the old main line (now the side line) from its first move.
    st.goTo([1])
    expect(texts()[0]).toBe('d1-d2')
    st.deleteFromHere()
    expect(st.sideLines).toBe(0)
    expect(st.ply).toBe(0)
    expect(h.doc.spec.solutions![0]!.variations).toBeUndefined()
    expect(h.doc.spec.solutions![0]!.comments).toEqual({ '5': 'the fifth move' })
  })

  it('Keep as solution stores the line followed as the main line, the others as its side lines', async () => {
    const { doc, st, h, play } = await opened()
    st.loadText(h.doc.spec.solutions![0]!.moves as string, 'pasted')
    expect(st.stored).toBe(0)
    st.clearLine()
    st.loadText('d1-d2, b1-d1-d3, a3-c3-e3')
    st.go(1)
    play('a4', 'a5')
    expect(doc.unkept).toBe('the line in the stepper (2 moves, pasted, side line after move 1, with 1 side line)')
    expect(st.keep('my line')).toBe(true)
    expect(st.stored).toBe(2)
    expect(doc.unkept).toBeNull()
    // A comment on the start of an empty line is work too.
    const kept = h.doc.spec.solutions![2]
    st.clearLine()
    expect(doc.unkept).toBeNull()
    st.setMoveComment('an idea for the opening')
    expect(doc.unkept).toBe('the line in the stepper (0 moves)')
    expect(kept).toEqual({
      title: 'my line',
      moves: 'd1-d2, a4-a5',
      variations: [{ at: 1, moves: 'b1-d1-d3, a3-c3-e3' }],
    })
  })

  it('the session keeps the tree, the line followed, its comments and the ply', async () => {
    const { doc, st, h, play } = await opened()
    st.go(1)
    play('a4', 'a5')
    st.setMoveComment('a slow start')
    const text = formatSession({ kind: 'halma', file: doc.file, document: doc.doc, dirty: doc.dirty, shown: doc.shown, ply: st.ply }, new Date())
    const back = unwrap(parseSession(text))
    expect(back.shown.tree).toEqual(st.tree)
    expect(back.shown.tip).toEqual(st.tip)
    expect(back.shown.origin).toBe(0)
    expect(back.ply).toBe(2)
    // Restored in a fresh workbench: the same tree, line and comment.
    setActivePinia(createPinia())
    fakeHost({ unsaved: 'discard' })
    const { doc: doc2, st: st2, h: h2 } = halmaStores()
    doc2.load(halmaKind, back.document, back.file, { clean: !back.dirty, shown: back.shown, ply: back.ply })
    expect(st2.stored).toBe(0)
    expect(h2.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(st2.comment).toBe('a slow start')
    expect(st2.sideLines).toBe(1)
    // A side line that does not play is refused with its reason.
    const bad = JSON.parse(text) as { line: { tree: { nodes: { parent: number; move: number[] }[] } } }
    const b = h.problem.board
    const cell = (n: string): number => unwrap(parseCell(b, n))
    bad.line.tree.nodes.push({ parent: -1, move: [cell('a1'), cell('a3')] })
    const r = parseSession(JSON.stringify(bad))
    expect(r.ok ? 'loaded' : r.error.message).toMatch(/^its line does not play: the side line after move 0: move 1: a1-a3 /)
  })

  it('a version 1 session (a line, no tree) still loads', async () => {
    const { h } = await opened()
    const v1 = {
      format: 'halma-workbench-session',
      version: 1,
      savedAt: '2026-11-25T10:00:00.000Z',
      file: { name: 'l.halma.json' },
      document: formatDocument(h.doc),
      dirty: false,
      line: { moves: 'd1-d2, a4-a5', label: { base: 'pasted', playedFrom: null }, ply: 1 },
    }
    const back = unwrap(parseSession(JSON.stringify(v1)))
    expect(back.kind).toBe('halma')
    expect(halmaKind.replay(back.document as HalmaDocument, [...back.shown.tree.children.flatMap(function walk(n): (readonly number[])[] { return [n.move, ...n.children.slice(0, 1).flatMap(walk)] })]).moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(back.shown.tip).toEqual([])
    expect(back.shown.origin).toBeNull()
    expect(back.ply).toBe(1)
  })

  it('a stored side line with an illegal move is said at once, and the line shown stops before it', async () => {
    const { doc, st, h } = halmaStores()
    const spec = JSON.parse(levenspiel) as { version: number; solutions: Record<string, unknown>[] }
    spec.version = 2
    spec.solutions[0]!['variations'] = [{ at: 1, moves: 'a4-a5, a1-a3' }]
    doc.load(halmaKind, unwrap(parseDocument(JSON.stringify(spec))), { name: 'bad.halma.json' })
    await nextTick()
    expect(noticeAt('moves')).toMatch(/^solution 1: the side line after move 1: move 3: a1-a3 is not a jump: a3 is occupied/)
    expect(st.sideLines).toBe(1)
    st.goTo([0, 1, 0])
    expect(h.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(st.ply).toBe(2)
  })

  it("names the moves that cannot be played, in side lines and the main line, the first with the kind's reason", async () => {
    const { doc, st } = halmaStores()
    const spec = JSON.parse(levenspiel) as { version: number; solutions: Record<string, unknown>[] }
    spec.version = 2
    spec.solutions[0]!['variations'] = [{ at: 1, moves: 'a4-a5, a1-a3, a5-a6' }]
    doc.load(halmaKind, unwrap(parseDocument(JSON.stringify(spec))), { name: 'bad.halma.json' })
    await nextTick()
    const bad = unplayableMoves(halmaKind, doc.doc, st.tree)
    // The side line after move 1: a4-a5 plays ([0, 1]); a1-a3 does not ([0, 1, 0]); a5-a6 follows it.
    expect([...bad.keys()]).toEqual(['0.1.0', '0.1.0.0'])
    expect(bad.get('0.1.0')).toMatch(/^move 3 \(a1-a3\) cannot be played: a1-a3 is not a jump/)
    expect(bad.get('0.1.0.0')).toBe('move 4 (a5-a6) cannot be played: it comes after move 3, which cannot be played')
    // The main line's moves all play: none named.
    expect([...bad.keys()].some((k) => /^0(\.0)*$/.test(k))).toBe(false)
  })

  it('the move list writes nested side lines in brackets after the move they replace, with comments', async () => {
    const { st, h, play } = await opened()
    st.go(1)
    play('a4', 'a5')
    play('a5', 'a6')
    st.go(2)
    play('c2', 'c3')
    st.setMoveComment('nested')
    const rows = movesView(halmaKind, h.doc, st.tree)
    const text = rows[1]!.branches.map((b) =>
      b
        .map((p) =>
          p.kind === 'move' ? `${p.move.ply}.${p.move.text}${p.move.comment ? ` {${p.move.comment}}` : ''}` : p.kind === 'open' ? '(' : ')',
        )
        .join(' '),
    )
    expect(text).toEqual(['2.a4-a5 3.a5-a6 ( 3.c2-c3 {nested} )'])
    expect(st.branchedAt).toBe(1)
    // ↑ goes to the previous line at the last branch (move 3), staying at move 3.
    expect(st.switchLine(-1)).toBe(true)
    expect(h.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5', 'a5-a6'])
    expect(st.ply).toBe(3)
  })
})
