// @vitest-environment jsdom
// The frame's stores on a problem, and the problem kind's, without a canvas: stepping (clamped,
// shift-size jumps), a stored solution loaded on open, pasted solutions (with (reflect), and errors
// that name the move), moves played by clicking with undo, the scene the board draws for each
// overlay, and the editor painting a problem and putting it into the document.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { buildScene } from '../../src/renderer/kinds/halma/scene'
import { halmaStores, noticeAt } from './stores'
import { nameOf, parseCell } from '../../src/shared/halma/board'
import { expect as unwrap } from '../../src/shared/result'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'
import { fakeHost } from './fake-host'

const LEVENSPIEL_TEXT =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'


beforeEach(() => {
  setActivePinia(createPinia())
  fakeHost({ unsaved: 'discard', open: { status: 'opened', file: { name: 'l.halma.json' }, text: levenspiel } })
})

describe('the stepper on a problem (play mode)', () => {
  it('loads the first stored solution of an opened document and steps through it', async () => {
    const { doc, st, h } = halmaStores()
    expect(st.length).toBe(0)
    await doc.open()
    await Promise.resolve()
    expect(st.length).toBe(27)
    expect(st.source).toMatch(/^solution 1/)
    expect(st.ply).toBe(0)
    st.step(1)
    expect(st.ply).toBe(1)
    expect(st.animation?.path.length).toBe(2)
    st.step(10)
    expect(st.ply).toBe(11)
    expect(st.animation).toBeNull()
    st.step(-100)
    expect(st.ply).toBe(0)
    st.last()
    expect(st.ply).toBe(27)
    st.step(1)
    expect(st.ply).toBe(27)
    expect(h.currentMove?.text).toBe('h6-i6') // d1-d2 mirrored and reversed
    st.go(14)
    expect(h.currentMove?.move.path.length).toBe(9)
  })

  it('loads a pasted solution with (reflect), and names the move of a pasted error', () => {
    const { st, h } = halmaStores()
    expect(st.loadText(LEVENSPIEL_TEXT)).toBe(true)
    expect(st.length).toBe(27)
    expect(h.line.complete).toBe(true)
    expect(st.lineText).toContain('(reflect)')
    expect(st.loadText('d1-d2, b1-d1-d4')).toBe(false)
    // The fault is said under the moves.
    expect(noticeAt('moves')).toMatch(/^move 2: b1-d1-d4/)
    // The loaded line stays when a paste fails.
    expect(st.length).toBe(27)
    expect(st.loadText('')).toBe(false)
  })

  it('plays clicked moves, takes them back and replays them', () => {
    const { doc, st, h } = halmaStores()
    const b = h.problem.board
    const at = (n: string): number => unwrap(parseCell(b, n))
    st.click(at('d1'))
    expect(st.picked?.from).toBe(at('d1'))
    expect(h.input.destinations?.map((c) => nameOf(b, c)).sort()).toEqual(['d2', 'e1'])
    st.click(at('d2'))
    expect(st.length).toBe(1)
    expect(st.ply).toBe(1)
    expect(h.position.describe(0)).toContain('d2')
    expect(st.animation?.path).toEqual([at('d1'), at('d2')])
    st.click(at('b1'))
    st.click(at('d3'))
    expect(h.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'b1-d1-d3'])
    doc.undo()
    expect(st.length).toBe(1)
    expect(st.ply).toBe(1)
    doc.redo()
    expect(st.length).toBe(2)
    // Playing from an earlier ply starts a side line there: the stepper follows it, the old line stays.
    st.go(0)
    st.click(at('c2'))
    st.click(at('d2'))
    expect(h.line.moves.map((m) => m.text)).toEqual(['c2-d2'])
    expect(st.sideLines).toBe(1)
    expect(st.tree.children[0]!.children).toHaveLength(1)
  })

  it('builds the scene the board draws, for each overlay', () => {
    const { st, h } = halmaStores()
    st.loadText(LEVENSPIEL_TEXT)
    st.go(13)
    const plain = buildScene(h.input, 600, 600)
    expect(plain.men).toHaveLength(10)
    expect(plain.holes).toHaveLength(81)
    expect(plain.holes.filter((h) => h.target === 0)).toHaveLength(10)
    // Men on target cells carry the target's ring (drawn over them): none at the start, all ten at the end.
    st.go(0)
    expect(buildScene(h.input, 600, 600).men.filter((m) => m.home >= 0)).toHaveLength(0)
    st.go(27)
    expect(buildScene(h.input, 600, 600).men.filter((m) => m.home === 0)).toHaveLength(10)
    st.go(13)
    expect(plain.typeLabels).toHaveLength(0)
    expect(plain.lanes).toHaveLength(0)
    expect(plain.coordinates).toHaveLength(18)
    expect(plain.path?.points).toHaveLength(4)
    h.overlays.types = true
    h.overlays.ladders = true
    h.overlays.mirror = true
    const all = buildScene(h.input, 600, 600)
    expect(all.typeLabels).toHaveLength(81)
    expect(all.lanes.length).toBeGreaterThan(5)
    expect(all.rungLabels.length).toBeGreaterThan(3)
    expect(all.mirror?.points).toHaveLength(4)
    expect(all.men.filter((m) => m.sym)).toHaveLength(h.line.series[0]!.sym[13]!)
    expect(h.ladders?.ladders.some((l) => l.name === '1&2 ladder')).toBe(true)
    h.overlays.coordinates = false
    expect(buildScene(h.input, 600, 600).coordinates).toHaveLength(0)
    // The copy of the position names each army's cells.
    expect(h.positionText).toMatch(/after move 13/)
    expect(h.positionText).toMatch(/blue: /)
  })

  it('draws 6-move problems on the triangular lattice unless asked for the square grid', () => {
    const { h } = halmaStores()
    expect(h.input.lattice).toBe('triangular')
    h.squareGrid = true
    expect(h.input.lattice).toBe('square')
  })
})

describe('the editor store (edit mode)', () => {
  it('paints a custom problem, checks it live, and puts it into the document', () => {
    const { doc, ed, h } = halmaStores()
    ed.begin()
    expect(ed.check.faults).toEqual([])
    ed.preset('9x9', 'square4', '4-move', 'transfer')
    const g = ed.grid
    const at = (n: string): number => unwrap(parseCell(g, n))
    // Remove a man: the army has 3 men; the mirror target follows.
    ed.tool = 'erase'
    ed.click(at('b2'))
    expect(ed.draft.armies[0]).toHaveLength(3)
    expect(ed.check.faults).toEqual([])
    // Mark the target by hand: a fourth cell makes it the wrong size.
    ed.setTarget([...ed.targetNames])
    ed.tool = 'target'
    ed.click(at('e5'))
    expect(ed.check.faults.join()).toMatch(/the target has 4 cells but the army has 3 men/)
    ed.undo()
    expect(ed.check.faults).toEqual([])
    // Paint a cell off under a man: reported, and the scene dims it.
    ed.tool = 'cells'
    ed.click(at('a1'))
    expect(ed.check.faults.join()).toMatch(/'a1' is not on the custom/)
    expect(ed.input.offCells?.has(at('a1'))).toBe(true)
    expect(ed.apply()).toBe(false)
    ed.click(at('a1'))
    // Red men need a game.
    ed.tool = 'red'
    ed.click(at('i9'))
    expect(noticeAt('editor')).toMatch(/make the problem a game/)
    expect(ed.apply()).toBe(true)
    expect(h.doc.problem.armies[0]!.start).toHaveLength(3)
    // The preset's title no longer fits the edited problem: it says what the problem is now.
    expect(h.doc.spec.title).toBe('custom transfer: 3 men on a custom 9 x 9 board, 4-move')
    expect(h.doc.problem.rules.moves).toBe('4-move')
    expect(h.problem.armies[0]!.start).toHaveLength(3)
    expect(h.input.lattice).toBe('square')
    doc.undo()
    expect(h.doc.problem.armies[0]!.start).toHaveLength(10)
  })
})

describe('titles of edited problems', () => {
  it('follow the edits while the product wrote them, and stay as the user typed them', () => {
    const { ed } = halmaStores()
    ed.begin()
    ed.preset('9x9', 'square4', '4-move', 'transfer')
    const at = (n: string): number => unwrap(parseCell(ed.grid, n))
    ed.tool = 'erase'
    ed.click(at('b2'))
    expect(ed.draft.title).toBe('custom transfer: 3 men on the 9x9 board, 4-move')
    ed.setTitle('my three men')
    ed.tool = 'blue'
    ed.click(at('b2'))
    expect(ed.draft.title).toBe('my three men')
  })
})

describe('the scene of masked boards', () => {
  it('puts no coordinate on a cell or on another label (the star), and draws no lattice line to a cell painted off', () => {
    const { ed } = halmaStores()
    ed.preset('star', 'triangle10', '6-move', 'game')
    const scene = buildScene({ ...ed.input, overlays: { ...ed.input.overlays, coordinates: true } }, 700, 700)
    const s = scene.scale
    expect(scene.coordinates.length).toBeGreaterThan(10)
    for (const l of scene.coordinates) {
      for (const h of scene.holes) expect((h.x - l.x) ** 2 + (h.y - l.y) ** 2).toBeGreaterThanOrEqual((s * 0.55) ** 2)
    }
    for (const [k, a] of scene.coordinates.entries()) {
      for (const b of scene.coordinates.slice(k + 1)) expect((a.x - b.x) ** 2 + (a.y - b.y) ** 2).toBeGreaterThanOrEqual((s * 0.7) ** 2)
    }
    // Paint a cell off: its lattice lines go, and it is drawn dimmed.
    ed.preset('9x9', 'triangle6', '4-move', 'transfer')
    const before = buildScene(ed.input, 600, 600).edges.length
    ed.tool = 'cells'
    ed.click(unwrap(parseCell(ed.grid, 'e5')))
    const after = buildScene(ed.input, 600, 600)
    expect(after.edges.length).toBe(before - 4 * 4)
    expect(after.holes.find((h) => h.name === 'e5')?.off).toBe(true)
  })
})
