// @vitest-environment jsdom
// Variations in the stepper (issue 16): a move played inside a line starts a side line, the line
// is kept; the move list shows the tree; promote, make main line, delete from here and comments;
// edits to a stored solution's tree go into the document (unsaved, version 2) unless its main line
// would stop reaching the target; Take back and the document's Undo keep stepper and document
// together; Keep as solution stores side lines; the session keeps the tree, its line and comments.
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeHost } from './fake-host'
import { useDocument } from '../../src/renderer/stores/document'
import { useWorkbench } from '../../src/renderer/stores/workbench'
import { movesView } from '../../src/renderer/state/line-tree'
import { formatSession, parseSession } from '../../src/renderer/state/session'
import { parseCell } from '../../src/shared/halma/board'
import { formatDocument, parseDocument } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'

const host = (): unknown => fakeHost({ unsaved: 'discard' })

beforeEach(() => {
  setActivePinia(createPinia())
  host()
})

/** The workbench on Levenspiel's document, its first solution (27 moves) in the stepper. */
async function opened() {
  const doc = useDocument()
  const wb = useWorkbench()
  doc.restore(unwrap(parseDocument(levenspiel)), { name: 'l.halma.json' }, false)
  await nextTick()
  expect(wb.stored).toBe(0)
  expect(wb.length).toBe(27)
  const play = (from: string, to: string): void => {
    const b = wb.problem.board
    wb.click(unwrap(parseCell(b, from)))
    wb.click(unwrap(parseCell(b, to)))
  }
  const texts = () => wb.line.moves.map((m) => m.text)
  return { doc, wb, play, texts }
}

describe('variations in the stepper', () => {
  it('a move played inside a stored solution starts a side line, written into the document', async () => {
    const { doc, wb, play, texts } = await opened()
    wb.go(1)
    play('a4', 'a5')
    // The stepper follows the side line; the solution's 27 moves are all still there.
    expect(texts()).toEqual(['d1-d2', 'a4-a5'])
    expect(wb.ply).toBe(2)
    expect(wb.source).toBe('solution 1: Octave Levenspiel, 1971: 27 moves, 10 steps, side line after move 1')
    expect(wb.sideLines).toBe(1)
    expect(wb.stored).toBe(0)
    expect(doc.dirty).toBe(true)
    expect(doc.unkept).toBeNull()
    const spec = doc.doc.spec.solutions![0]!
    expect(spec.variations).toEqual([{ at: 1, moves: 'a4-a5' }])
    expect(spec.moves).toMatch(/ \(reflect\)$/)
    expect(formatDocument(doc.doc)).toContain('"version": 2,')
    // The move list: 27 rows, a side line under move 2.
    const rows = movesView(wb.problem, wb.tree)
    expect(rows).toHaveLength(27)
    expect(rows[1]!.branches.map((b) => b.map((p) => (p.kind === 'move' ? `${p.move.ply}.${p.move.text}` : p.kind)))).toEqual([['2.a4-a5']])
    // Back on the main line through the start of the side line's alternatives.
    expect(wb.switchLine(-1)).toBe(true)
    expect(wb.length).toBe(27)
    expect(wb.ply).toBe(2)
    expect(wb.switchLine(-1)).toBe(false)
    // Playing the same move again goes to it: no second side line.
    wb.go(1)
    play('a4', 'a5')
    expect(wb.sideLines).toBe(1)
    expect(texts()).toEqual(['d1-d2', 'a4-a5'])
  })

  it('a move at the end of a line extends it; the arrows stay on the side line', async () => {
    const { wb, play, texts } = await opened()
    wb.go(1)
    play('a4', 'a5')
    play('a5', 'a6')
    expect(texts()).toEqual(['d1-d2', 'a4-a5', 'a5-a6'])
    expect(wb.sideLines).toBe(1)
    wb.first()
    wb.step(1)
    wb.last()
    expect(texts()).toEqual(['d1-d2', 'a4-a5', 'a5-a6'])
    expect(wb.ply).toBe(3)
    // A click on a move of another line goes onto that line.
    wb.goTo([0, 0, 0])
    expect(wb.length).toBe(27)
    expect(wb.ply).toBe(3)
  })

  it('promoting a side line that does not reach the target keeps the stored solution and goes on as a line of its own', async () => {
    const { doc, wb, play, texts } = await opened()
    wb.go(1)
    play('a4', 'a5')
    const before = formatDocument(doc.doc)
    wb.promoteLine()
    expect(wb.stored).toBeNull()
    expect(doc.notice?.text).toMatch(/^solution 1 is kept as it was: its main line would no longer reach the target/)
    expect(formatDocument(doc.doc)).toBe(before)
    expect(texts()).toEqual(['d1-d2', 'a4-a5'])
    expect(movesView(wb.problem, wb.tree).map((r) => r.move.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(doc.unkept).toMatch(/^the line in the stepper \(2 moves, solution 1: .*, edited, with 1 side line\)$/)
    // Take back: the stored solution again, with its side line.
    wb.undoLine()
    expect(wb.stored).toBe(0)
    expect(movesView(wb.problem, wb.tree)).toHaveLength(27)
  })

  it('promotes a side line that reaches the target, comments, deletes; Take back and Undo follow', async () => {
    const { doc, wb, texts } = await opened()
    // The second stored solution played at the start of the first: a complete side line.
    const line2 = unwrap(parseDocument(levenspiel)).solutions[1]!.tree
    let node = line2.children[0]
    while (node) {
      wb.click(node.move[0]!)
      wb.click(node.move[node.move.length - 1]!)
      node = node.children[0]
    }
    expect(wb.length).toBe(27)
    expect(wb.line.complete).toBe(true)
    expect(wb.branchedAt).toBe(0)
    // Make it the main line of solution 1: it reaches the target, so the document takes it.
    wb.go(5)
    wb.promoteLine()
    expect(wb.stored).toBe(0)
    expect(wb.branchedAt).toBeNull()
    expect(wb.ply).toBe(5)
    const spec = doc.doc.spec.solutions![0]!
    // The clicks chose their own jump paths: the same destinations, written compact (a palindrome).
    expect(spec.moves).toMatch(/^c2-d2, a4-c2-e2, c1-e1-e3, .* \(reflect\)$/)
    expect(spec.variations).toEqual([{ at: 0, moves: expect.stringMatching(/^d1-d2, b1-d1-d3, /) }])
    // A comment on move 5.
    wb.setMoveComment('the fifth move')
    expect(wb.comment).toBe('the fifth move')
    expect(doc.doc.spec.solutions![0]!.comments).toEqual({ '5': 'the fifth move' })
    // Take back: the comment goes, in the document too; Replay brings it back.
    wb.undoLine()
    expect(wb.comment).toBe('')
    expect(doc.doc.spec.solutions![0]!.comments).toBeUndefined()
    wb.redoLine()
    expect(doc.doc.spec.solutions![0]!.comments).toEqual({ '5': 'the fifth move' })
    // The document's Undo: the stepper's tree follows.
    doc.undo()
    expect(wb.comment).toBe('')
    doc.redo()
    expect(wb.comment).toBe('the fifth move')
    // Delete the old main line (now the side line) from its first move.
    wb.goTo([1])
    expect(texts()[0]).toBe('d1-d2')
    wb.deleteFromHere()
    expect(wb.sideLines).toBe(0)
    expect(wb.ply).toBe(0)
    expect(doc.doc.spec.solutions![0]!.variations).toBeUndefined()
    expect(doc.doc.spec.solutions![0]!.comments).toEqual({ '5': 'the fifth move' })
  })

  it('Keep as solution stores the line followed as the main line, the others as its side lines', async () => {
    const { doc, wb, play } = await opened()
    wb.loadText(doc.doc.spec.solutions![0]!.moves as string, 'pasted')
    expect(wb.stored).toBe(0)
    wb.clearLine()
    wb.loadText('d1-d2, b1-d1-d3, a3-c3-e3')
    wb.go(1)
    play('a4', 'a5')
    expect(doc.unkept).toBe('the line in the stepper (2 moves, pasted, side line after move 1, with 1 side line)')
    expect(wb.keep('my line')).toBe(true)
    expect(wb.stored).toBe(2)
    expect(doc.unkept).toBeNull()
    // A comment on the start of an empty line is work too.
    const kept = doc.doc.spec.solutions![2]
    wb.clearLine()
    expect(doc.unkept).toBeNull()
    wb.setMoveComment('an idea for the opening')
    expect(doc.unkept).toBe('the line in the stepper (0 moves)')
    expect(kept).toEqual({
      title: 'my line',
      moves: 'd1-d2, a4-a5',
      variations: [{ at: 1, moves: 'b1-d1-d3, a3-c3-e3' }],
    })
  })

  it('the session keeps the tree, the line followed, its comments and the ply', async () => {
    const { doc, wb, play } = await opened()
    wb.go(1)
    play('a4', 'a5')
    wb.setMoveComment('a slow start')
    const text = formatSession(
      { file: doc.file, document: doc.doc, dirty: doc.dirty, tree: wb.tree, tip: wb.tip, origin: wb.stored, label: wb.label, ply: wb.ply },
      new Date(),
    )
    const back = unwrap(parseSession(text))
    expect(back.tree).toEqual(wb.tree)
    expect(back.tip).toEqual(wb.tip)
    expect(back.origin).toBe(0)
    expect(back.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(back.ply).toBe(2)
    // Restored in a fresh workbench: the same tree, line and comment.
    setActivePinia(createPinia())
    host()
    const doc2 = useDocument()
    const wb2 = useWorkbench()
    doc2.restore(back.document, back.file, back.dirty)
    await nextTick()
    wb2.restoreLine(back, back.ply)
    expect(wb2.stored).toBe(0)
    expect(wb2.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(wb2.comment).toBe('a slow start')
    expect(wb2.sideLines).toBe(1)
    // A side line that does not play is refused with its reason.
    const bad = JSON.parse(text) as { line: { variations?: unknown; moves: string } }
    bad.line = { ...bad.line, moves: 'd1-d2, b1-d1-d3', variations: [{ at: 1, moves: 'a1-a3' }] }
    const r = parseSession(JSON.stringify(bad))
    expect(r.ok ? 'loaded' : r.error.message).toMatch(/^its side lines do not play: variation 1 \(after move 1\): move 2: a1-a3 /)
  })

  it('a version 1 session (a line, no tree) still loads', async () => {
    const { doc } = await opened()
    const v1 = {
      format: 'halma-workbench-session',
      version: 1,
      savedAt: '2026-11-25T10:00:00.000Z',
      file: { name: 'l.halma.json' },
      document: formatDocument(doc.doc),
      dirty: false,
      line: { moves: 'd1-d2, a4-a5', label: { base: 'pasted', playedFrom: null }, ply: 1 },
    }
    const back = unwrap(parseSession(JSON.stringify(v1)))
    expect(back.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(back.tip).toEqual([])
    expect(back.origin).toBeNull()
    expect(back.ply).toBe(1)
  })

  it('a stored side line with an illegal move is said at once, and the line shown stops before it', async () => {
    const doc = useDocument()
    const wb = useWorkbench()
    const spec = JSON.parse(levenspiel) as { version: number; solutions: Record<string, unknown>[] }
    spec.version = 2
    spec.solutions[0]!['variations'] = [{ at: 1, moves: 'a4-a5, a1-a3' }]
    doc.restore(unwrap(parseDocument(JSON.stringify(spec))), { name: 'bad.halma.json' }, false)
    await nextTick()
    expect(doc.notice?.text).toMatch(/^solution 1: variation 1 \(after move 1\): move 3: a1-a3 is not a jump: a3 is occupied/)
    expect(wb.sideLines).toBe(1)
    wb.goTo([0, 1, 0])
    expect(wb.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    expect(wb.ply).toBe(2)
  })

  it('the move list writes nested side lines in brackets after the move they replace, with comments', async () => {
    const { wb, play } = await opened()
    wb.go(1)
    play('a4', 'a5')
    play('a5', 'a6')
    wb.go(2)
    play('c2', 'c3')
    wb.setMoveComment('nested')
    const rows = movesView(wb.problem, wb.tree)
    const text = rows[1]!.branches.map((b) =>
      b
        .map((p) =>
          p.kind === 'move' ? `${p.move.ply}.${p.move.text}${p.move.comment ? ` {${p.move.comment}}` : ''}` : p.kind === 'open' ? '(' : ')',
        )
        .join(' '),
    )
    expect(text).toEqual(['2.a4-a5 3.a5-a6 ( 3.c2-c3 {nested} )'])
    expect(wb.branchedAt).toBe(1)
    // ↑ goes to the previous line at the last branch (move 3), staying at move 3.
    expect(wb.switchLine(-1)).toBe(true)
    expect(wb.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5', 'a5-a6'])
    expect(wb.ply).toBe(3)
  })
})
