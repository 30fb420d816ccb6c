import { describe, expect, it } from 'vitest'
import { presetArmy } from '../../src/shared/halma/armies'
import { boardByName, boardFromMask, boardMask, cartesian, cellAt, nameOf, parseCell, type Board } from '../../src/shared/halma/board'
import { expect as unwrap } from '../../src/shared/result'
import { symmetry } from '../../src/shared/halma/symmetry'

const board = (n: string): Board => unwrap(boardByName(n))

describe('boards', () => {
  it('preset sizes', () => {
    expect(['9x9', '16x16', '8x8', 'checkers', 'star'].map((n) => board(n).size)).toEqual([81, 256, 64, 32, 121])
  })
  it('Cartesian coordinates put the origin at the centre: a1 = (-4, 4), i9 = (4, -4) on 9x9', () => {
    const b = board('9x9')
    expect(cartesian(b, unwrap(parseCell(b, 'a1')))).toEqual({ x: -4, y: 4 })
    expect(cartesian(b, unwrap(parseCell(b, 'i9')))).toEqual({ x: 4, y: -4 })
    expect(cartesian(b, unwrap(parseCell(b, 'e5')))).toEqual({ x: 0, y: 0 })
  })
  it('the checkers board: a diamond with columns of 2, 4, 6, 8, 6, 4, 2 cells; 12 men a side', () => {
    const b = board('checkers')
    const rows = new Map<number, number>()
    for (let c = 0; c < b.size; c++) rows.set(b.col[c]!, (rows.get(b.col[c]!) ?? 0) + 1)
    expect([...rows.entries()].sort((x, y) => x[0] - y[0]).map((e) => e[1])).toEqual([2, 4, 6, 8, 6, 4, 2])
    expect(unwrap(presetArmy(b, 'checkers12'))).toHaveLength(12)
    // No mirror across x = y on its 7 x 8 grid, but a 180-degree rotation.
    expect(symmetry(b, 'mirror')).toBeUndefined()
    expect(symmetry(b, 'rotate')).toBeDefined()
  })
  it('the star: the 9x9 rhombus e5..m13 lies inside it, with a triangle-10 point at e5', () => {
    const b = board('star')
    for (let i = 5; i <= 13; i++) for (let j = 5; j <= 13; j++) expect(cellAt(b, i, j)).toBeGreaterThanOrEqual(0)
    expect(
      unwrap(presetArmy(b, 'triangle10'))
        .map((c) => nameOf(b, c))
        .sort(),
    ).toEqual(['e5', 'e6', 'e7', 'e8', 'f5', 'f6', 'f7', 'g5', 'g6', 'h5'])
    expect(symmetry(b, 'mirror')).toBeDefined()
    expect(symmetry(b, 'rotate')).toBeDefined()
  })
  it('cell names round-trip, and a cell off the board is named in the error', () => {
    const b = board('16x16')
    for (let c = 0; c < b.size; c++) expect(unwrap(parseCell(b, nameOf(b, c)))).toBe(c)
    const off = parseCell(board('9x9'), 'j4')
    expect(off.ok ? '' : off.error.message).toBe("'j4' is not on the 9x9 board")
    const bad = parseCell(b, '4j')
    expect(bad.ok ? '' : bad.error.code).toBe('cell.syntax')
  })
  it('masks round-trip', () => {
    const rows = ['.##.', '####', '.##.']
    const b = unwrap(boardFromMask(rows))
    expect(b.size).toBe(8)
    expect(boardMask(b)).toEqual(rows)
    expect(boardFromMask(['....']).ok).toBe(false)
    expect(boardFromMask([]).ok).toBe(false)
  })
  it('unknown boards are named', () => {
    const r = boardByName('hexagon')
    expect(r.ok ? '' : r.error.message).toContain("unknown board 'hexagon'")
    expect(boardByName('30x30').ok).toBe(false)
    expect(boardByName('9x8').ok).toBe(false)
  })
})
