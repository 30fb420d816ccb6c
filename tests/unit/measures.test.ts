// The measures agree with the paper: Table 1, d(B, R), Theorem 1 (Table 2), the transfer bound,
// centroids, Theorem 2, norms.
import { describe, expect, it } from 'vitest'
import { presetArmy, symmetricTarget, type ArmyPreset } from '../../src/shared/halma/armies'
import { boardByName, parseCell } from '../../src/shared/halma/board'
import {
  armyDistance,
  balance,
  cellType,
  centroid,
  centroidGainBound,
  gameBound,
  norm,
  speed,
  sym,
  transferBound,
} from '../../src/shared/halma/metrics'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules, type MoveSet } from '../../src/shared/halma/rules'

function armies(boardName: string, preset: ArmyPreset) {
  const board = unwrap(boardByName(boardName))
  const blue = unwrap(presetArmy(board, preset))
  const red = unwrap(symmetricTarget(board, blue, 'rotate'))
  const mirror = unwrap(symmetricTarget(board, blue, 'mirror'))
  return { board, blue, red, mirror }
}

describe('types (section 2.1, Table 1)', () => {
  it('a1 is type 0 and b2 type 3', () => {
    const b = unwrap(boardByName('9x9'))
    expect(cellType(b, unwrap(parseCell(b, 'a1')))).toBe(0)
    expect(cellType(b, unwrap(parseCell(b, 'b1')))).toBe(1)
    expect(cellType(b, unwrap(parseCell(b, 'a2')))).toBe(2)
    expect(cellType(b, unwrap(parseCell(b, 'b2')))).toBe(3)
  })
  it('Chinese Checkers: (3, 3, 3, 1) at both ends', () => {
    const { board, blue, red } = armies('9x9', 'triangle10')
    expect(balance(board, blue)).toEqual([3, 3, 3, 1])
    expect(balance(board, red)).toEqual([3, 3, 3, 1])
  })
  it('Halma: (6, 5, 5, 3) at the start, (3, 5, 5, 6) at the finish', () => {
    const { board, blue, red } = armies('16x16', 'halma19')
    expect(blue).toHaveLength(19)
    expect(balance(board, blue)).toEqual([6, 5, 5, 3])
    expect(balance(board, red)).toEqual([3, 5, 5, 6])
  })
})

describe('distances and Theorem 1 (section 2.3, Table 2)', () => {
  const rows: [string, string, MoveSet, ArmyPreset, number, number][] = [
    ['Chinese Checkers', '9x9', '6-move', 'triangle10', 10, 27],
    ['Chinese Checkers, 15 men', '9x9', '6-move', 'triangle15', 8, 35],
    ['Halma', '16x16', '8-move', 'halma19', 10, 45],
    ['Grasshopper', '8x8', '8-move', 'triangle10', 4, 21],
    ['Chinese Checkers, 8-move', '9x9', '8-move', 'triangle10', 5, 22],
  ]
  it.each(rows)('%s: d(B,R) = %i, bound %i', (_, b, moves, preset, d, bound) => {
    const { board, blue, red } = armies(b, preset)
    const dist = armyDistance(board, makeRules(moves), blue, red)
    expect(dist).toBe(d)
    expect(gameBound(dist, blue.length)).toBe(bound)
  })
})

describe('centroid and bounds (section 3.1)', () => {
  it('triangle-10 goes from c(A) = -60 to +60, and the transfer bound is 19', () => {
    const { board, blue, mirror } = armies('9x9', 'triangle10')
    expect(centroid(board, blue)).toBe(-60)
    expect(centroid(board, mirror)).toBe(60)
    expect(transferBound(board, makeRules('6-move'), blue, mirror)).toBe(19)
  })
  it('Theorem 2: one move from the start raises c(A) by at most -5 - (-8) + delta', () => {
    const { board, blue } = armies('9x9', 'triangle10')
    expect(centroidGainBound(board, makeRules('6-move'), blue)).toBe(4)
    expect(centroidGainBound(board, makeRules('4-move'), blue)).toBe(4)
    expect(centroidGainBound(board, makeRules('8-move'), blue)).toBe(5)
    expect(centroidGainBound(board, makeRules('6-move', { longJumps: true }), blue)).toBeUndefined()
  })
  it("Halma: the centroid rises from -225 to +225; 450 / (15 + 1) rounds the paper's bound of 28 moves", () => {
    const { board, blue, mirror } = armies('16x16', 'halma19')
    expect(centroid(board, blue)).toBe(-225)
    expect(centroid(board, mirror)).toBe(225)
  })
  it('sym(A): 0 for the corner army, |A| for a mirror-symmetric army', () => {
    const { board, blue } = armies('9x9', 'triangle10')
    expect(sym(board, blue)).toBe(0)
    const b = unwrap(boardByName('9x9'))
    const at = (n: string) => unwrap(parseCell(b, n))
    expect(sym(b, [at('a1'), at('i9'), at('b1')])).toBe(2)
    expect(sym(b, [at('a1'), at('i9'), at('e5')])).toBe(3)
    expect(sym(unwrap(boardByName('checkers')), [0])).toBeUndefined()
  })
})

describe('norms (equation 1)', () => {
  it('8-move max, 4-move sum, 6-move hexagonal', () => {
    const r = (m: MoveSet) => makeRules(m)
    expect(norm(r('8-move'), 3, -2)).toBe(3)
    expect(norm(r('4-move'), 3, -2)).toBe(5)
    // Equation (2): max(|x|,|y|) when the signs agree, |x| + |y| otherwise.
    expect(norm(r('6-move'), 3, 2)).toBe(3)
    expect(norm(r('6-move'), 3, -2)).toBe(5)
    expect(norm(makeRules('6-move', { diagonal: 'main' }), 3, -2)).toBe(3)
  })
  it('speed: the centre of mass of triangle-10 moves 12 (in the 6-move norm) in 27 moves', () => {
    const { board, blue, mirror } = armies('9x9', 'triangle10')
    // m(A) = (-3, 3), m(B) = (3, -3): the difference (6, -6) has 6-move norm (6 + 6 + 12) / 2 = 12.
    expect(speed(board, makeRules('6-move'), blue, mirror, 27)).toBeCloseTo(12 / 27, 10)
    expect(speed(board, makeRules('8-move'), blue, mirror, 20)).toBeCloseTo(6 / 20, 10)
  })
})
