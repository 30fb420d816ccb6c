import { describe, expect, it } from 'vitest'
import { cellAt, nameOf } from '../../src/shared/halma/board'
import { legalMoves } from '../../src/shared/halma/moves'
import { topology } from '../../src/shared/halma/topology'
import { PackedSpace } from '../../src/shared/engine/packed/space'
import { parseSpec, TablebaseGame, TABLEBASE_RULES, type TablebaseMen } from '../../src/shared/engine/tablebase/game'
import { binom, Layout } from '../../src/shared/engine/tablebase/layout'
import { ManReach } from '../../src/shared/engine/tablebase/reach'
import { formatPosition, parsePosition, rulesVerdict, startPosition } from '../../src/shared/engine/tablebase/probe'
import { spaceSize } from '../../src/shared/engine/tablebase/table'
import { expect as unwrap } from '../../src/shared/result'

const gameOf = (side: number, men: TablebaseMen): TablebaseGame => unwrap(TablebaseGame.of({ side, men }))
const names = (g: TablebaseGame, cells: readonly number[]): string => cells.map((c) => nameOf(g.board, c)).join(' ')
const cellsOf = (g: TablebaseGame, text: string): number[] =>
  text
    .split(' ')
    .map((n) => cellAt(g.board, n.charCodeAt(0) - 96, Number(n.slice(1))))
    .sort((a, b) => a - b)

/** A small deterministic generator (tests must not depend on Math.random). */
function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** p + q distinct random cells of n: the first p and the next q. */
function placement(next: () => number, n: number, p: number, q: number): [number[], number[]] {
  const cells: number[] = []
  while (cells.length < p + q) {
    const c = Math.floor(next() * n)
    if (!cells.includes(c)) cells.push(c)
  }
  const sort = (a: number[]): number[] => a.sort((x, y) => x - y)
  return [sort(cells.slice(0, p)), sort(cells.slice(p))]
}

describe('the game of a tablebase', () => {
  it('has the start areas of the issue, the target their rotation, the mirror where the area is symmetric', () => {
    const expected: Record<number, [string, string]> = {
      1: ['a1', 'g7'],
      2: ['a1 b1', 'f7 g7'],
      3: ['a1 b1 a2', 'g6 f7 g7'],
      4: ['a1 b1 a2 b2', 'f6 g6 f7 g7'],
      6: ['a1 b1 c1 a2 b2 a3', 'g5 f6 g6 e7 f7 g7'],
    }
    for (const men of [1, 2, 3, 4, 6] as const) {
      const g = gameOf(7, men)
      expect(names(g, g.start)).toBe(expected[men]![0])
      expect(names(g, g.target)).toBe(expected[men]![1])
      expect(g.mirrored).toBe(men !== 2)
    }
  })

  it('refuses boards outside 3..9, men without a start area, and areas that overlap', () => {
    expect(TablebaseGame.of({ side: 2, men: 1 }).ok).toBe(false)
    expect(TablebaseGame.of({ side: 10, men: 1 }).ok).toBe(false)
    expect(TablebaseGame.of({ side: 7, men: 5 as TablebaseMen }).ok).toBe(false)
    const small = TablebaseGame.of({ side: 3, men: 4 })
    expect(small.ok ? '' : small.error.code).toBe('tablebase.fit')
    expect(parseSpec('7x6', 3).ok).toBe(false)
    expect(unwrap(parseSpec('7x7', '3'))).toEqual({ side: 7, men: 3 })
  })

  it('moves on the 6-move lattice: the core generator and the solver agree on every destination (7x7 and 9x9)', () => {
    for (const side of [7, 9]) {
      const g = gameOf(side, 3)
      const topo = topology(g.board, TABLEBASE_RULES)
      const space = new PackedSpace(g.board, TABLEBASE_RULES)
      const reach = new ManReach(space)
      const next = rng(side)
      const out = new Int16Array(g.n)
      for (let trial = 0; trial < 400; trial++) {
        const [a, b] = placement(next, g.n, 1 + (trial % 6), 1 + ((trial * 7) % 6))
        const occ = new Uint8Array(g.n)
        for (const c of a) occ[c] = 1
        for (const c of b) occ[c] = 2
        space.occupancy.fill(0)
        reach.lo = reach.hi = 0
        for (const c of [...a, ...b]) reach.add(c)
        for (const from of a) {
          const core = legalMoves(topo, occ, 1)
            .filter((m) => m.path[0] === from)
            .map((m) => m.path[m.path.length - 1]!)
            .sort((x, y) => x - y)
          const count = reach.destinations(from, out)
          expect(Array.from(out.subarray(0, count)).sort((x, y) => x - y)).toEqual(core)
        }
      }
    }
  })

  it('wins only with a man of her own: a target full of the other side is no win', () => {
    const g = gameOf(5, 3)
    // Blue (to move) heads for the target; red has filled it with its own men and not left.
    const pos = { blue: cellsOf(g, 'a1 c3 b2'), red: [...g.target], toMove: 'blue' as const }
    expect(rulesVerdict(g, pos)).toBeUndefined()
    // One blue man on it, the rest red: blue has won.
    const won = { blue: cellsOf(g, 'e5 a1 b2'), red: cellsOf(g, 'd5 e4 c3'), toMove: 'red' as const }
    expect(rulesVerdict(g, won)).toEqual({ kind: 'over', winner: 'blue' })
  })

  it('calls a position illegal where the side to move has already won, lost where the other has', () => {
    const g = gameOf(5, 3)
    const blueHome = { blue: cellsOf(g, 'e5 d5 e4'), red: cellsOf(g, 'a1 b1 c3') }
    expect(rulesVerdict(g, { ...blueHome, toMove: 'blue' })?.kind).toBe('illegal')
    expect(rulesVerdict(g, { ...blueHome, toMove: 'red' })).toEqual({ kind: 'over', winner: 'blue' })
    // Both have won: illegal for either side to move (the one to move has won).
    const both = { blue: cellsOf(g, 'e5 d5 e4'), red: cellsOf(g, 'a1 b1 a2') }
    expect(rulesVerdict(g, { ...both, toMove: 'blue' })?.kind).toBe('illegal')
    expect(rulesVerdict(g, { ...both, toMove: 'red' })?.kind).toBe('illegal')
  })

  it('6 men: a corner that can never be filled makes the position illegal, for either area', () => {
    const g = gameOf(5, 6)
    // Blue's start (red's target): a1 empty, b1 a2 c1 a3 held by blue (the owner's opponent).
    const blocked = { blue: cellsOf(g, 'b1 a2 c1 a3 c3 d3'), red: cellsOf(g, 'e5 d5 c5 e4 d4 e3'), toMove: 'red' as const }
    expect(rulesVerdict(g, blocked)?.kind).toBe('illegal')
    expect(rulesVerdict(g, { ...blocked, toMove: 'blue' })?.kind).toBe('illegal')
    // The same with one guard red: legal.
    const open = { blue: cellsOf(g, 'b1 a2 c1 b3 c3 d3'), red: cellsOf(g, 'a3 d5 c5 e4 d4 c4'), toMove: 'red' as const }
    expect(rulesVerdict(g, open)).toBeUndefined()
    // Red's start (blue's target): e5 empty, d5 e4 c5 e3 red.
    const away = { blue: cellsOf(g, 'a1 b1 c1 a2 b2 a3'), red: cellsOf(g, 'd5 e4 c5 e3 c3 b4'), toMove: 'blue' as const }
    expect(rulesVerdict(g, away)?.kind).toBe('illegal')
  })

  it('the rule masks of the hot loop say what classify says, on random positions', () => {
    for (const [side, men] of [
      [4, 6],
      [5, 6],
      [5, 3],
      [4, 4],
    ] as [number, TablebaseMen][]) {
      const g = gameOf(side, men)
      const next = rng(side * 10 + men)
      for (let t = 0; t < 3000; t++) {
        // Bias towards the areas, where the rules bite.
        const [m, o] = placement(next, g.n, men, men)
        if (t % 2 === 0) for (let k = 0; k < men && k < o.length; k++) if (next() < 0.6) o[k] = g.start[k]!
        const uniq = new Set([...m, ...o])
        if (uniq.size !== 2 * men) continue
        const occ = new Uint8Array(g.n)
        const isMover = new Uint8Array(g.n)
        let mm = 0
        let om = 0
        for (const c of m) {
          occ[c] = isMover[c] = 1
          mm |= g.masks.bit[c]!
        }
        for (const c of o) {
          occ[c] = 1
          om |= g.masks.bit[c]!
        }
        const kind = g.classify(occ, isMover)
        expect(g.masks.illegal(mm, om) ? 'illegal' : g.masks.otherWon(mm, om) ? 'lost' : 'open').toBe(kind)
      }
    }
  })

  it('writes and reads positions (round trip), and names what is wrong in a bad one', () => {
    const g = gameOf(7, 3)
    const start = startPosition(g)
    expect(formatPosition(g, start)).toBe('a1,b1,a2 / g6,f7,g7 blue')
    expect(unwrap(parsePosition(g, formatPosition(g, start)))).toEqual(start)
    expect(unwrap(parsePosition(g, 'a1 b1 a2/g6 f7 g7 red')).toMove).toBe('red')
    const bad = (text: string): string => {
      const r = parsePosition(g, text)
      return r.ok ? 'ok' : r.error.code
    }
    expect(bad('a1,b1 / g6,f7,g7')).toBe('position.men')
    expect(bad('a1,b1,h9 / g6,f7,g7')).toBe('cell.off-board')
    expect(bad('a1,b1,a2 / a2,f7,g7')).toBe('position.twice')
    expect(bad('a1 b1 a2')).toBe('position.syntax')
  })
})

describe('the ranking of a tablebase', () => {
  it('numbers every position once: index and position round trip, a position and its mirror image share an entry', () => {
    for (const [side, men] of [
      [5, 3],
      [5, 2],
      [4, 6],
      [7, 4],
    ] as [number, TablebaseMen][]) {
      const g = gameOf(side, men)
      const L = new Layout(g)
      const next = rng(side + men)
      for (let t = 0; t < 500; t++) {
        const [mover, other] = placement(next, g.n, men, men)
        const i = L.indexOf({ mover, other })
        expect(i).toBeGreaterThanOrEqual(0)
        expect(i).toBeLessThan(L.entries)
        const back = L.positionAt(i)
        // The entry holds the position or, folded, its mirror image.
        const same = back.mover.join() === mover.join() && back.other.join() === other.join()
        const mirror = (cells: number[]) => cells.map((c) => L.mirror[c]!).sort((a, b) => a - b)
        const twin = back.mover.join() === mirror(mover).join() && back.other.join() === mirror(other).join()
        expect(same || (g.mirrored && twin)).toBe(true)
        if (g.mirrored) expect(L.indexOf({ mover: mirror(mover), other: mirror(other) })).toBe(i)
      }
    }
  })

  it('has about a quarter of the space as entries where the mirror folds, half where it does not', () => {
    for (const [side, men] of [
      [7, 3],
      [7, 2],
      [5, 6],
    ] as [number, TablebaseMen][]) {
      const g = gameOf(side, men)
      const L = new Layout(g)
      const space = spaceSize(g.spec)
      expect(space).toBe(2 * binom(side * side, men) * binom(side * side - men, men))
      const ratio = L.entries / space
      if (g.mirrored) {
        expect(ratio).toBeGreaterThan(0.25)
        expect(ratio).toBeLessThan(0.27)
      } else expect(ratio).toBe(0.5)
    }
  })
})

describe('move counts (a perft row)', () => {
  it('counts the start moves of each board with the core generator', () => {
    const counts: Record<string, number> = {}
    for (const [side, men] of [
      [7, 1],
      [7, 2],
      [7, 3],
      [7, 4],
      [7, 6],
    ] as [number, TablebaseMen][]) {
      const g = gameOf(side, men)
      const occ = new Uint8Array(g.n)
      for (const c of g.start) occ[c] = 1
      for (const c of g.target) occ[c] = 2
      counts[`${side}x${side}/${men}`] = legalMoves(topology(g.board, TABLEBASE_RULES), occ, 1).length
    }
    // Counted by hand: 3 men: a1 jumps to c1 and a3, b1 steps to c1 and b2, a2 to a3 and b2;
    // 6 men: a1 none, b1 jumps to d1 and b3, c1 steps to d1 and c2, a2 jumps to c2 and a4, b2 and
    // a3 two steps each.
    expect(counts).toEqual({ '7x7/1': 2, '7x7/2': 5, '7x7/3': 6, '7x7/4': 10, '7x7/6': 10 })
  })
})
