// The pure logic behind the workbench: selection and legal destinations, ladders (section 2.2),
// the editor's draft and its live check, figure-sheet layout, and the board's geometry.
import { describe, expect, it } from 'vitest'
import { boardByName, nameOf, parseCell } from '../../src/shared/halma/board'
import {
  blankDraft,
  checkDraft,
  draftOf,
  draftSpec,
  presetDraft,
  resizeDraft,
  setKind,
  setMan,
  setTarget,
  toggleCell,
  toggleTarget,
  type Draft,
} from '../../src/shared/halma/draft'
import { interpret } from '../../src/shared/halma/document'
import { findLadders } from '../../src/shared/halma/ladders'
import { symMen } from '../../src/shared/halma/metrics'
import { Position } from '../../src/shared/halma/position'
import { makeRules } from '../../src/shared/halma/rules'
import { clickCell, destinations, legalMovesOf } from '../../src/shared/halma/selection'
import { pictureFits, sheetLayout } from '../../src/shared/sheet'
import { expect as unwrap } from '../../src/shared/result'
import { lineOf } from '../../src/shared/halma/timeline'
import { gridMap, gridPoint, layoutBoard } from '../../src/renderer/kinds/halma/layout'
import { loadProblemFile } from './fixtures'

const levenspiel = loadProblemFile('triangle10-6move.halma.json')
const fabian = loadProblemFile('fabian-30.halma.json')
const b9 = unwrap(boardByName('9x9'))
const cell = (name: string): number => unwrap(parseCell(b9, name))
const names = (cells: readonly number[]): string[] => cells.map((c) => nameOf(b9, c)).sort()

describe('selection', () => {
  const start = unwrap(lineOf(levenspiel.problem, '')).positions[0]!
  it("gives a man's legal destinations from the core's move generator", () => {
    // d1 under 6-move rules at the start: steps to e1 and d2, no jumps (c2 is taken).
    expect(names(legalMovesOf(levenspiel.problem, start, 0, cell('d1')).map((m) => m.path[m.path.length - 1]!))).toEqual(['d2', 'e1'])
    // a1 is boxed in: every neighbour and every landing is taken.
    expect(legalMovesOf(levenspiel.problem, start, 0, cell('a1'))).toEqual([])
    expect(legalMovesOf(levenspiel.problem, start, 0, cell('e5'))).toEqual([])
  })

  it('selects, plays a destination, deselects on a second click, and ignores the side not to move', () => {
    const sel = clickCell(levenspiel.problem, start, 0, null, cell('d1'))
    expect(sel.selection?.from).toBe(cell('d1'))
    expect(names(destinations(sel.selection))).toEqual(['d2', 'e1'])
    const play = clickCell(levenspiel.problem, start, 0, sel.selection, cell('d2'))
    expect(play.play?.path).toEqual([cell('d1'), cell('d2')])
    expect(play.selection).toBeNull()
    expect(clickCell(levenspiel.problem, start, 0, sel.selection, cell('d1')).selection).toBeNull()
    expect(clickCell(levenspiel.problem, start, 0, sel.selection, cell('h8'))).toEqual({ selection: null })
    // In a game, red's men cannot be picked while blue is to move.
    const g = unwrap(lineOf(fabian.problem, '')).positions[0]!
    expect(clickCell(fabian.problem, g, 0, null, cell('i9')).selection).toBeNull()
    expect(clickCell(fabian.problem, g, 1, null, cell('h8')).selection?.from).toBe(cell('h8'))
  })

  it('plays jump chains by their shortest path', () => {
    const line = unwrap(lineOf(levenspiel.problem, levenspiel.solutions[0]!.solution))
    const before14 = line.positions[13]!
    const s = clickCell(levenspiel.problem, before14, 0, null, cell('b2')).selection!
    const m = s.moves.find((x) => x.path[x.path.length - 1] === cell('h8'))!
    expect(m.kind).toBe('jump')
    expect(m.path.length - 1).toBe(8)
  })
})

describe('ladders', () => {
  it('finds a 0&3 ladder that carries type 1, with its rung men labelled', () => {
    // A type-1 man on b1 can jump b1-d1-f1-f3 over c1, e1 (type 0) and f2 (type 3).
    const p = Position.of(b9, [[cell('b1'), cell('c1'), cell('e1'), cell('f2')]])
    const map = findLadders(p, makeRules('4-move'))
    expect(map.ladders).toHaveLength(1)
    const l = map.ladders[0]!
    expect(l.name).toBe('0&3 ladder')
    expect(l.carries).toEqual([1])
    expect(names(l.rungs)).toEqual(['c1', 'e1', 'f2'])
    expect(map.carries.get(cell('c1'))).toEqual([1])
  })

  it('leaves out chains shorter than three hops', () => {
    const p = Position.of(b9, [[cell('b1'), cell('c1'), cell('e1')]])
    expect(findLadders(p, makeRules('4-move')).ladders).toEqual([])
  })

  it("finds the ladders of Levenspiel's solution before its 8-jump middle move", () => {
    const line = unwrap(lineOf(levenspiel.problem, levenspiel.solutions[0]!.solution))
    const map = findLadders(line.positions[13]!, levenspiel.problem.rules)
    const names13 = map.ladders.map((l) => `${l.name}:${l.carries.join('')}`)
    // Move 14 carries the type-3 man on b2 across: a 1&2 ladder carrying types 0 and 3.
    expect(names13).toContain('1&2 ladder:03')
    const carrier = map.ladders.find((l) => l.name === '1&2 ladder')!
    expect(carrier.rungs.length).toBeGreaterThanOrEqual(8)
  })

  it('counts the men toward sym(A) (mirror overlay)', () => {
    const line = unwrap(lineOf(levenspiel.problem, levenspiel.solutions[0]!.solution))
    const p = line.positions[13]!
    expect(symMen(b9, p.men(0))).toHaveLength(line.series[0]!.sym[13]!)
  })
})

describe('the editor draft', () => {
  it('starts from a document and gives the same problem back', () => {
    const d = draftOf(levenspiel)
    const c = checkDraft(d)
    expect(c.faults).toEqual([])
    expect(c.document!.problem.armies[0]!.target).toEqual(levenspiel.problem.armies[0]!.target)
    expect(unwrap(interpret(draftSpec(d))).problem.rules).toEqual(levenspiel.problem.rules)
  })

  it('says what is wrong while editing: a man off the board, a target of the wrong size, no men', () => {
    let d = presetDraft('9x9', 'triangle6', '6-move') as Draft
    expect(checkDraft(d).faults).toEqual([])
    // Paint a1 off: the man on it is now off the board.
    d = toggleCell(d, 1, 1)
    expect(checkDraft(d).faults.join('; ')).toMatch(/'a1' is not on the custom/)
    d = toggleCell(d, 1, 1)
    d = setTarget(d, ['i9'])
    expect(checkDraft(d).faults.join('; ')).toMatch(/the target has 1 cells but the army has 6 men/)
    expect(checkDraft(blankDraft(5)).faults).toEqual(['the army has no men: place some'])
    const empty = { ...blankDraft(4), mask: ['....', '....', '....', '....'] }
    expect(checkDraft(empty).faults[0]).toMatch(/no cells/)
  })

  it('builds a custom problem by hand: men, target cells, a game with two armies', () => {
    let d = blankDraft(5, '4-move')
    d = setMan(d, 1, 1, 0)
    d = setMan(d, 2, 1, 0)
    expect(checkDraft(d).document!.problem.armies[0]!.target.length).toBe(2)
    d = toggleTarget(d, 5, 5)
    expect(checkDraft(d).faults.join()).toMatch(/target has 1 cells/)
    d = toggleTarget(d, 4, 5)
    const doc = checkDraft(d).document!
    expect(doc.problem.armies[0]!.target.map((c) => nameOf(doc.problem.board, c))).toEqual(['d5', 'e5'])
    // Placing a man where another stands replaces him; removing takes him off.
    d = setMan(d, 1, 1, null)
    expect(d.armies[0]).toEqual(['b1'])
    let g = setKind(blankDraft(5), 'game')
    g = setMan(setMan(g, 1, 1, 0), 5, 5, 1)
    const game = checkDraft(g).document!
    expect(game.problem.kind).toBe('game')
    expect(game.problem.armies[1]!.target).toEqual(game.problem.armies[0]!.start)
  })

  it('has presets for every board and army of the paper, and refuses an army that does not fit', () => {
    expect(checkDraft(presetDraft('16x16', 'halma19', '8-move') as Draft).faults).toEqual([])
    expect(checkDraft(presetDraft('checkers', 'checkers12', '4-move') as Draft).faults).toEqual([])
    expect(checkDraft(presetDraft('star', 'triangle10', '6-move', 'game') as Draft).faults).toEqual([])
    const bad = presetDraft('checkers', 'triangle15', '4-move')
    expect('code' in bad && bad.message).toMatch(/does not fit/)
  })

  it('resizes to a full grid, keeping the men and target cells that fit and dropping the others', () => {
    const star = presetDraft('star', 'triangle10', '6-move', 'game') as Draft
    const small = resizeDraft(star, 5, 5)
    expect(small.mask).toEqual(Array(5).fill('#####'))
    expect(small.preset).toBeUndefined()
    const inGrid = (name: string) => {
      const i = name.charCodeAt(0) - 96
      const j = Number(name.slice(1))
      return i <= 5 && j <= 5
    }
    for (const army of small.armies) for (const m of army) expect(inGrid(m)).toBe(true)
    expect(small.armies.flat().length).toBe(star.armies.flat().filter(inGrid).length)
    // Nothing the check would call off the board: every man left stands on a cell.
    expect(checkDraft(small).faults.join()).not.toMatch(/is not on/)
  })
})

describe('figure sheet layout', () => {
  it('lays out a range of moves in rows, like Figure 6', () => {
    const l = unwrap(sheetLayout({ from: 0, to: 13, columns: 4, size: 200, gap: 10, caption: 20 }, 27))
    expect(l.frames).toHaveLength(14)
    expect(l.width).toBe(10 + 4 * 210)
    expect(l.height).toBe(10 + 4 * 230)
    expect(l.frames[5]).toMatchObject({ ply: 5, x: 220, y: 240 })
  })
  it('refuses a range outside the line and too many diagrams', () => {
    expect(sheetLayout({ from: 5, to: 30, columns: 4, size: 200, gap: 10, caption: 20 }, 27).ok).toBe(false)
    expect(sheetLayout({ from: 0, to: 100, columns: 4, size: 200, gap: 10, caption: 20 }, 120).ok).toBe(false)
    // The form's own maximum (2000 px diagrams, moves 0-27, 4 columns) at scale 2: too large to
    // encode, refused with what to change (it failed inside Konva's toBlob).
    const big = unwrap(sheetLayout({ from: 0, to: 27, columns: 4, size: 2000, gap: 10, caption: 20 }, 27))
    const r = pictureFits(big.width, big.height, 2)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/^the figure sheet would be 16,100 x 28,440 pixels, more than a picture can hold .*: use smaller diagrams/)
    expect(pictureFits(big.width, big.height, 1).ok).toBe(true)
  })
})

describe('board geometry', () => {
  it('draws 6-move boards on a triangular lattice: the six neighbours at distance 1, a1 on top', () => {
    const l = layoutBoard(b9, 'triangular')
    const d = (a: string, b: string): number => Math.hypot(l.x[cell(a)]! - l.x[cell(b)]!, l.y[cell(a)]! - l.y[cell(b)]!)
    for (const n of ['d4', 'f4', 'e3', 'e5', 'f3', 'd5']) expect(d('e4', n)).toBeCloseTo(1)
    expect(d('e4', 'f5')).toBeCloseTo(Math.sqrt(3))
    // a1 straight above i9; a9 and i1 level with each other (the mirror line is horizontal).
    expect(l.x[cell('a1')]).toBeCloseTo(l.x[cell('i9')]!)
    expect(l.y[cell('a1')]!).toBeLessThan(l.y[cell('i9')]!)
    expect(l.y[cell('a9')]).toBeCloseTo(l.y[cell('i1')]!)
  })
  it('keeps the square grid as it is', () => {
    const m = gridMap('square')
    expect(gridPoint(m, 3, 5)).toEqual({ x: 3, y: 5 })
  })
})
