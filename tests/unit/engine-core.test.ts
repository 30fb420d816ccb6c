// The search engine's building blocks: packed move generation against the core generator, the
// typed-array key set, level-set sizes (search notes), and the soundness of the ladder bound.
import { describe, expect, it } from 'vitest'
import { seededInts } from '../helpers/random'
import { Reporter } from '../../src/shared/engine/core/reporter'
import type { Progress } from '../../src/shared/engine/core/progress'
import { presetArmy } from '../../src/shared/halma/armies'
import { boardByName } from '../../src/shared/halma/board'
import { applyMove, legalMoves, undoMove } from '../../src/shared/halma/moves'
import { Position } from '../../src/shared/halma/position'
import { presetProblem, startPosition } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules, type MoveSet } from '../../src/shared/halma/rules'
import { symmetry } from '../../src/shared/halma/symmetry'
import { topology } from '../../src/shared/halma/topology'
import { KeySet, USED } from '../../src/shared/engine/core/keyset'
import { PackedSpace, STAMP_LIMIT } from '../../src/shared/engine/packed/space'
import { grow, KEEP_ALL, transferContext, transferSearch } from '../../src/shared/engine/transfer/context'
import { TransferDomain } from '../../src/shared/engine/transfer/domain'
import { ProjectedRiseBound, theorem2Bound } from '../../src/shared/engine/transfer/rise-bound'

const board9 = unwrap(boardByName('9x9'))

describe('packed move generation', () => {
  it.each([
    ['9x9', '6-move', 'triangle10', false, false, false],
    ['9x9', '4-move', 'square9', true, false, false],
    ['16x16', '8-move', 'halma19', false, false, false],
    ['star', '6-move', 'triangle10', false, true, false],
    ['checkers', '4-move', 'checkers12', false, false, false],
    ['9x9', '6-move', 'triangle10', false, false, true],
  ] as const)(
    '%s %s %s (jumps only %s, long jumps %s, walk marks past the Int32 limit %s): the same children as the core, along a random walk',
    (b, moves, army, jumpsOnly, longJumps, pastLimit) => {
      const board = unwrap(boardByName(b))
      const rules = makeRules(moves as MoveSet, { jumpsOnly, longJumps })
      const space = new PackedSpace(board, rules)
      // The marks of the move generator's walks start over before they overflow (a long search
      // makes billions of walks); this walk crosses that point.
      const marks = space as unknown as { stamp: number }
      if (pastLimit) marks.stamp = STAMP_LIMIT - 200
      const topo = topology(board, rules)
      const rand = seededInts(99)
      const occ = Position.of(board, [unwrap(presetArmy(board, army))]).occupancy()
      const key = new Uint32Array(space.w)
      const from = new Int16Array(4096)
      const to = new Int16Array(4096)
      for (let step = 0; step < 60; step++) {
        const cells = Array.from(occ.keys()).filter((c) => occ[c] !== 0)
        space.pack(cells, key)
        const n = space.expand(key, 0, from, to)
        const packed = Array.from({ length: n }, (_, j) => `${from[j]}>${to[j]}`).sort()
        const core = legalMoves(topo, occ)
          .map((m) => `${m.path[0]}>${m.path[m.path.length - 1]}`)
          .sort()
        expect(packed).toEqual(core)
        const all = legalMoves(topo, occ)
        // hasMoveTo: whether some move ends on (or off) a random set of cells, as the core says.
        const target = Uint8Array.from({ length: board.size }, () => (rand(6) === 0 ? 1 : 0))
        const want = rand(2)
        const men = Int16Array.from(cells)
        for (const c of cells) space.occupancy[c] = 1
        const fast = space.hasMoveTo(men, men.length, target, want)
        for (const c of cells) space.occupancy[c] = 0
        expect(fast).toBe(all.some((m) => target[m.path[m.path.length - 1]!] === want))
        if (all.length === 0) break
        applyMove(occ, all[rand(all.length)]!)
      }
      if (pastLimit) expect(marks.stamp).toBeLessThan(STAMP_LIMIT - 200)
    },
  )

  it('folds a board and its image under the start symmetry to one key', () => {
    const anti = symmetry(board9, 'antimirror')!
    const space = new PackedSpace(board9, makeRules('6-move'), anti)
    const cells = [0, 5, 13, 40, 77]
    const a = new Uint32Array(space.w)
    const b = new Uint32Array(space.w)
    space.packCanonical(cells, a)
    space.packCanonical(
      cells.map((c) => anti[c]!),
      b,
    )
    expect(Array.from(a)).toEqual(Array.from(b))
    // childKey agrees with packing the child from scratch.
    const from = new Int16Array(4096)
    const to = new Int16Array(4096)
    const out = new Uint32Array(4096 * space.w)
    const n = space.expand(a, 0, from, to, out)
    const parent = space.cells(a, 0)
    for (let j = 0; j < n; j++) {
      const child = parent.map((c) => (c === from[j] ? to[j]! : c))
      const fresh = new Uint32Array(space.w)
      space.packCanonical(child, fresh)
      expect(Array.from(out.subarray(j * space.w, (j + 1) * space.w))).toEqual(Array.from(fresh))
    }
  })
})

describe('KeySet', () => {
  it('agrees with a Set of strings through growth', () => {
    const set = new KeySet(3)
    const ref = new Set<string>()
    const rand = seededInts(5)
    const key = new Uint32Array(3)
    for (let k = 0; k < 50_000; k++) {
      key[0] = rand(1000)
      key[1] = rand(7)
      key[2] = (rand(3) | USED) >>> 0
      const s = `${key[0]},${key[1]},${key[2]}`
      expect(set.add(key, 0)).toBe(!ref.has(s))
      ref.add(s)
    }
    expect(set.size).toBe(ref.size)
    let n = 0
    set.forEach((raw, off) => {
      expect(ref.has(`${raw[off]},${raw[off + 1]},${raw[off + 2]}`)).toBe(true)
      n++
    })
    expect(n).toBe(ref.size)
  })
})

describe('level sets (search notes fixtures)', () => {
  const problem = unwrap(presetProblem('transfer', board9, makeRules('6-move'), 'triangle10'))
  const sizes = async (fold: boolean, depth: number): Promise<number[]> => {
    const domain = new TransferDomain(problem, { fold, bound: 'none', exactMoves: 0 })
    const run = transferSearch(await transferContext(domain, 2 ** 32))
    for (let i = 0; i < depth; i++) await grow(run, KEEP_ALL)
    return run.levels.slice(1).map((l) => l.size)
  }
  it('triangle-10, 6-move, every board: 14, 164, 1493, 11363, 74170, 421486', async () => {
    expect(await sizes(false, 6)).toEqual([14, 164, 1493, 11363, 74170, 421486])
  })
  it('one board per mirror pair: 7, 85, 749, 5699, 37114, 210835, 1054311', async () => {
    expect(await sizes(true, 7)).toEqual([7, 85, 749, 5699, 37114, 210835, 1054311])
  })
})

describe('the ladder bound is sound', () => {
  /** The best centroid gain in exactly k real moves, by brute force. */
  function bestGain(space: PackedSpace, occ: Uint8Array, k: number): number {
    if (k === 0) return 0
    const topo = topology(space.board, space.rules)
    let best = -Infinity
    for (const m of legalMoves(topo, occ)) {
      const g = space.cv[m.path[m.path.length - 1]!]! - space.cv[m.path[0]!]!
      applyMove(occ, m)
      best = Math.max(best, g + bestGain(space, occ, k - 1))
      undoMove(occ, m)
    }
    return best
  }
  it.each([
    ['9x9', '6-move', 'triangle10', false],
    ['9x9', '4-move', 'triangle6', false],
    ['9x9', '8-move', 'triangle6', false],
    ['9x9', '6-move', 'triangle10', true],
    ['checkers', '4-move', 'checkers12', false],
  ] as const)('%s %s %s (jumps only %s): never below the real best gain in 1, 2 or 3 moves', (b, moves, army, jumpsOnly) => {
    const board = unwrap(boardByName(b))
    const rules = makeRules(moves as MoveSet, { jumpsOnly })
    const space = new PackedSpace(board, rules)
    const cells = unwrap(presetArmy(board, army))
    const ladder = new ProjectedRiseBound(space, cells.length, 3)
    const crude = theorem2Bound(space)
    const topo = topology(board, rules)
    const rand = seededInts(17)
    const occ = Position.of(board, [cells]).occupancy()
    const values = new Int32Array(cells.length)
    let tighter = 0
    for (let walk = 0; walk < 40; walk++) {
      const men = Array.from(occ.keys()).filter((c) => occ[c] !== 0)
      men.forEach((c, j) => (values[j] = space.cv[c]!))
      for (const k of [1, 2, 3]) {
        if (k === 3 && walk % 4 !== 0) continue
        const real = bestGain(space, occ, k)
        const u = ladder.gain(values, men.length, k)
        if (real > -Infinity) expect(u, `walk ${walk}, k ${k}`).toBeGreaterThanOrEqual(real)
        if (!jumpsOnly) {
          expect(crude.gain(values, men.length, k)).toBeGreaterThanOrEqual(u)
          if (crude.gain(values, men.length, k) > u) tighter++
        }
      }
      const all = legalMoves(topo, occ)
      if (all.length === 0) break
      applyMove(occ, all[rand(all.length)]!)
    }
    if (!jumpsOnly) expect(tighter).toBeGreaterThan(0)
  })
})

describe('start position', () => {
  it('the problem start packs to the domain start key', () => {
    const problem = unwrap(presetProblem('transfer', board9, makeRules('6-move'), 'triangle10'))
    const domain = new TransferDomain(problem)
    expect(domain.space.cells(domain.startKey, 0)).toEqual(startPosition(problem).men(0))
    expect(domain.startCentroid).toBe(-60)
    expect(domain.targetCentroid).toBe(60)
    expect(domain.folded).toBe(true)
  })
})

describe('progress of a beam level', () => {
  it('reads as done, at the rate it was built, when its cut is reported (not 0 % and 0/s)', () => {
    const seen: Progress[] = []
    const r = new Reporter((p) => void seen.push(p), 'beam')
    const stats = { parents: 100, children: 5000, kept: 4000 }
    r.level()({ level: 9, done: 100, total: 100, size: 4000, stats, seconds: 2, bytes: 1 << 20, states: 4000, note: '' })
    r.kept(9, 2000, 2000, 1 << 19)
    const last = seen.at(-1)!
    expect(last.message).toBe('level 9: 2,000 states kept')
    expect(last).toMatchObject({ level: 9, levelSize: 2000, done: 100, total: 100, rate: 2500, memoryBytes: 1 << 19 })
  })
})
