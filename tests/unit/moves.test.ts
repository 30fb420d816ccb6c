// Move generation: a perft-style table of legal-move counts and level-set sizes from fixed
// positions, checked against the search notes and against a naive generator written separately.
import { describe, expect, it } from 'vitest'
import { presetArmy } from '../../src/shared/halma/armies'
import { boardByName, cellAt, parseCell, type Board } from '../../src/shared/halma/board'
import { expect as unwrap } from '../../src/shared/result'
import { checkPath, legalMoves, resolveMove, applyMove, undoMove, moveTo } from '../../src/shared/halma/moves'
import { Position } from '../../src/shared/halma/position'
import { presetProblem, startPosition } from '../../src/shared/halma/problem'
import { directions, makeRules, type MoveSet, type Rules } from '../../src/shared/halma/rules'
import { canonicalKey, symmetry } from '../../src/shared/halma/symmetry'
import { topology } from '../../src/shared/halma/topology'

const board9 = unwrap(boardByName('9x9'))
const rules6 = makeRules('6-move')
const cell = (b: Board, n: string): number => unwrap(parseCell(b, n))

/**
 * Naive reference generator: destinations of every man by recursive search over coordinates,
 * with no neighbour tables and no breadth-first order. Returns sorted "from>to" strings.
 */
function naiveMoves(b: Board, rules: Rules, occ: Uint8Array): string[] {
  const dirs = directions(rules)
  const at = (i: number, j: number): number => cellAt(b, i, j)
  const out = new Set<string>()
  for (let from = 0; from < b.size; from++) {
    if (occ[from] === 0) continue
    const fi = b.col[from]!
    const fj = b.row[from]!
    if (!rules.jumpsOnly) {
      for (const [di, dj] of dirs) {
        const t = at(fi + di, fj + dj)
        if (t >= 0 && occ[t] === 0) out.add(`${from}>${t}`)
      }
    }
    const o = occ[from]!
    occ[from] = 0
    const seen = new Set<number>([from])
    const visit = (i: number, j: number): void => {
      for (const [di, dj] of dirs) {
        for (let k = 1; k <= (rules.longJumps ? 20 : 1); k++) {
          // Over the man k cells away, with k - 1 empty cells either side of him.
          let clear = true
          for (let s = 1; s < 2 * k; s++) {
            const c = at(i + s * di, j + s * dj)
            if (c < 0 || (s === k ? occ[c] === 0 : occ[c] !== 0)) clear = false
          }
          const t = at(i + 2 * k * di, j + 2 * k * dj)
          if (clear && t >= 0 && occ[t] === 0 && !seen.has(t)) {
            seen.add(t)
            out.add(`${from}>${t}`)
            visit(b.col[t]!, b.row[t]!)
          }
        }
      }
    }
    visit(fi, fj)
    occ[from] = o
    out.delete(`${from}>${from}`)
  }
  return [...out].sort()
}

function coreMoves(b: Board, rules: Rules, occ: Uint8Array): string[] {
  return legalMoves(topology(b, rules), occ)
    .map((m) => `${m.path[0]}>${moveTo(m)}`)
    .sort()
}

/** Every board reachable in exactly n moves and not fewer, level by level. */
function levelSizes(b: Board, rules: Rules, start: Uint8Array, depth: number, fold: Int16Array[]): number[] {
  const topo = topology(b, rules)
  const key = (o: Uint8Array): string => canonicalKey(o, fold)
  let prev = new Set<string>()
  let cur = new Map<string, Uint8Array>([[key(start), start]])
  const sizes: number[] = []
  for (let level = 1; level <= depth; level++) {
    const next = new Map<string, Uint8Array>()
    for (const occ of cur.values()) {
      for (const m of legalMoves(topo, occ)) {
        applyMove(occ, m)
        const k = key(occ)
        if (!cur.has(k) && !prev.has(k) && !next.has(k)) next.set(k, occ.slice())
        undoMove(occ, m)
      }
    }
    sizes.push(next.size)
    prev = new Set(cur.keys())
    cur = next
  }
  return sizes
}

describe('legal moves: perft table', () => {
  // [board, rules, army, jumps only, long jumps, legal moves from the start]
  const table: [string, MoveSet, string, boolean, boolean, number][] = [
    ['9x9', '6-move', 'triangle10', false, false, 14],
    ['9x9', '4-move', 'triangle10', false, false, 14],
    ['9x9', '8-move', 'triangle10', false, false, 24],
    ['9x9', '6-move', 'triangle10', true, false, 6],
    ['9x9', '6-move', 'triangle6', false, false, 10],
    ['9x9', '6-move', 'triangle15', false, false, 18],
    ['9x9', '4-move', 'square9', false, false, 12],
    ['9x9', '8-move', 'square9', false, false, 26],
    ['16x16', '8-move', 'halma19', false, false, 40],
    ['8x8', '8-move', 'triangle10', false, false, 24],
    ['checkers', '4-move', 'checkers12', false, false, 13],
    ['star', '6-move', 'triangle10', false, false, 14],
    ['9x9', '6-move', 'triangle10', false, true, 14],
  ]
  it.each(table)(
    '%s %s %s (jumps only %s, long jumps %s): %i moves, as the naive generator finds',
    (b, moves, army, jumpsOnly, longJumps, count) => {
      const board = unwrap(boardByName(b))
      const rules = makeRules(moves, { jumpsOnly, longJumps })
      const occ = Position.of(board, [unwrap(presetArmy(board, army as never))]).occupancy()
      const core = coreMoves(board, rules, occ)
      expect(core).toEqual(naiveMoves(board, rules, occ))
      expect(core.length).toBe(count)
    },
  )

  it('the two-player Chinese Checkers start: 14 first moves for blue, 7 up to symmetry (paper |L1| = 7)', () => {
    const p = unwrap(presetProblem('game', board9, rules6, 'triangle10'))
    const occ = startPosition(p).occupancy()
    const moves = legalMoves(topology(board9, rules6), occ, 1)
    expect(moves).toHaveLength(14)
    const anti = symmetry(board9, 'antimirror')!
    const keys = new Set(
      moves.map((m) => {
        applyMove(occ, m)
        const k = canonicalKey(occ, [anti])
        undoMove(occ, m)
        return k
      }),
    )
    expect(keys.size).toBe(7)
  })

  it('agrees with the naive generator on 200 positions along random games, with long jumps too', () => {
    let seed = 12345
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    for (const [b, moves, longJumps] of [
      ['9x9', '6-move', false],
      ['16x16', '8-move', false],
      ['9x9', '4-move', true],
      ['star', '6-move', true],
    ] as const) {
      const board = unwrap(boardByName(b))
      const rules = makeRules(moves, { longJumps })
      const army = b === '16x16' ? 'halma19' : 'triangle10'
      const p = unwrap(presetProblem('game', board, rules, army))
      const occ = startPosition(p).occupancy()
      const topo = topology(board, rules)
      for (let k = 0; k < 50; k++) {
        expect(coreMoves(board, rules, occ)).toEqual(naiveMoves(board, rules, occ))
        const ms = legalMoves(topo, occ)
        applyMove(occ, ms[rand(ms.length)]!)
      }
    }
  })
})

describe('level sets (search notes fixtures)', () => {
  const occ = Position.of(board9, [unwrap(presetArmy(board9, 'triangle10'))]).occupancy()
  it('triangle-10, 6-move: 14, 164, 1493, 11363 boards at levels 1-4', () => {
    expect(levelSizes(board9, rules6, occ, 4, [])).toEqual([14, 164, 1493, 11363])
  })
  it('folded by the start symmetry: 7, 85, 749, 5699', () => {
    expect(levelSizes(board9, rules6, occ, 4, [symmetry(board9, 'antimirror')!])).toEqual([7, 85, 749, 5699])
  })
})

describe('checking written moves', () => {
  const b8 = makeRules('8-move')
  const start = (): Uint8Array => Position.of(board9, [unwrap(presetArmy(board9, 'triangle10'))]).occupancy()
  const path = (t: string): number[] => t.split('-').map((n) => cell(board9, n))
  const message = (rules: Rules, occ: Uint8Array, t: string): string => {
    const r = checkPath(topology(board9, rules), occ, path(t))
    return r.ok ? 'ok' : r.error.message
  }
  it('names the empty cell a jump would need', () => {
    const occ = start()
    applyMove(occ, unwrap(checkPath(topology(board9, b8), occ, path('a3-c3'))))
    expect(message(b8, occ, 'c3-e5')).toBe('c3-e5 is not a jump: d4 is empty')
  })
  it('explains each kind of illegal move', () => {
    const occ = start()
    expect(message(rules6, occ, 'e5-e6')).toBe('e5-e6: e5 is empty')
    expect(message(rules6, occ, 'a1-a2')).toBe('a1-a2 is not a step: a2 is occupied')
    expect(message(rules6, occ, 'b2-c3')).toBe('b2-c3 is not a jump: c3 is not in line with b2 under 6-move rules')
    expect(message(rules6, occ, 'a4-a5-a6')).toBe('a4-a5-a6: a4-a5 is a step; a step and jumps cannot be combined in one move')
    expect(message(rules6, occ, 'a3-c3-a3')).toBe('a3-c3-a3 ends where it started')
    expect(message(makeRules('6-move', { jumpsOnly: true }), occ, 'd1-e1')).toBe('d1-e1 is a step; only jumps are allowed')
    expect(message(rules6, occ, 'a1-a4')).toBe('a1-a4 is not a jump: a jump lands as far beyond the man jumped as it started before him')
    expect(message(rules6, occ, 'a4-a8')).toBe('a4-a8 is not a jump: it is 4 cells long and long jumps are not allowed')
    expect(message(makeRules('6-move', { longJumps: true }), occ, 'a1-a5')).toBe('a1-a5 is not a jump: a2 is in the way')
  })
  it('long jumps: over a single man at the midpoint of an empty line', () => {
    const occ = Position.of(board9, [[cell(board9, 'a1'), cell(board9, 'c1')]]).occupancy()
    const long = makeRules('4-move', { longJumps: true })
    expect(message(long, occ, 'a1-e1')).toBe('ok')
    expect(message(long, occ, 'a1-g1')).toBe('a1-g1 is not a jump: d1 is empty')
    expect(message(makeRules('4-move'), occ, 'a1-e1')).toBe('a1-e1 is not a jump: it is 4 cells long and long jumps are not allowed')
  })
  it('completes a move given by its two ends with a shortest chain', () => {
    const occ = start()
    applyMove(occ, unwrap(checkPath(topology(board9, rules6), occ, path('d1-d2'))))
    const r = resolveMove(topology(board9, rules6), occ, path('b1-d3'))
    expect(r.ok && r.value.path.map((c) => board9.col[c]! * 10 + board9.row[c]!)).toEqual([21, 41, 43])
    const none = resolveMove(topology(board9, rules6), occ, path('a1-i9'))
    expect(none.ok ? '' : none.error.message).toBe('a1-i9 is not a legal move: no step or chain of jumps leads from a1 to i9')
  })
})
