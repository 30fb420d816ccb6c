import { describe, expect, it } from 'vitest'
import { Budget } from '../../src/shared/engine/core/budget'
import { newStats } from '../../src/shared/engine/core/contract'
import { InlineExecutor } from '../../src/shared/engine/core/executor'
import { KeySet } from '../../src/shared/engine/core/keyset'
import { LevelSearch } from '../../src/shared/engine/core/levels'
import { PlayersDomain, type PlayersRule } from '../../src/shared/engine/players/domain'
import { PlayersKernel } from '../../src/shared/engine/players/kernel'
import { PlacementReach } from '../../src/shared/engine/players/reach'
import { gameFromSpec, playersPresets } from '../../src/shared/players/game'

/** The children a kernel keeps of every state of a level (as packed keys, in order). */
function keptOf(kernel: PlayersKernel, level: KeySet, rule: PlayersRule): string[] {
  const kept: string[] = []
  const sink = {
    minScore: -Infinity,
    child: (keys: Uint32Array, off: number) => void kept.push(Array.from(keys.subarray(off, off + kernel.domain.w)).join(',')),
    goal: () => {},
  }
  kernel.expandRange(level.raw, 0, level.capacity, rule, [], sink, newStats())
  return kept
}

describe('the look-ahead of the N-player kernel (reach.ts)', () => {
  it('its shortcuts keep exactly the children a search per child keeps, at every level of the 73-hole star\'s 23-move search', async () => {
    const d = new PlayersDomain(playersPresets()['star73-3']!)
    const bound = 23
    const winner = d.mover(bound)
    const rule = (level: number): PlayersRule => ({ kind: 'players', level, bound, winner, score: 'none' })
    const search = new LevelSearch(new InlineExecutor(new PlayersKernel(d)), Budget.of(2 ** 31, 0), d.startKey, { window: [2 * d.players] })
    for (let level = 1; level <= bound; level++) {
      const next = await search.grow(rule(level))
      search.levels.push(next)
      if (next.size === 0) break
    }
    const fast = new PlayersKernel(d)
    const plain = new PlayersKernel(d)
    plain.shortcuts = false
    let compared = 0
    search.levels.forEach((level, k) => {
      if (!(level instanceof KeySet) || level.size === 0) return
      const a = keptOf(fast, level, rule(k + 1))
      const b = keptOf(plain, level, rule(k + 1))
      expect(a, `level ${k + 1}`).toEqual(b)
      compared += a.length
    })
    expect(compared).toBeGreaterThan(10_000)
    // The shortcut decided children here, so the comparison can tell.
    expect(fast.shortcutCounts.spared).toBeGreaterThan(100)
    expect(plain.shortcutCounts).toEqual({ spared: 0 })
  }, 120_000)

  it('counts the stones added and the cells vacated as sets (a move may hop twice over one stone), as every such board shows', () => {
    // The oracle: every set of at most b empty cells filled and b other men's cells emptied, and the
    // space's own move generator on that board.
    const d = new PlayersDomain(gameFromSpec({ board: 'square5', camps: [0, 1, 2], men: 3 }))
    const space = d.space
    const reach = new PlacementReach(space, 2)
    const subsets = (xs: number[], k: number): number[][] =>
      k === 0 || xs.length === 0 ? [[]] : [...subsets(xs.slice(1), k), ...subsets(xs.slice(1), k - 1).map((s) => [xs[0]!, ...s])]
    let seed = 11
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    let positions = 0
    let yes = 0
    for (let trial = 0; positions < 150 && trial < 5000; trial++) {
      const free = Array.from({ length: space.n }, (_, c) => c)
      const armies = [0, 1, 2].map(() => Array.from({ length: 2 }, () => free.splice(random(free.length), 1)[0]!))
      const winner = random(3)
      const goal = d.inTarget[winner]!
      if (armies[winner]!.every((c) => goal[c] === 1)) continue
      positions++
      const others = armies.flatMap((a, p) => (p === winner ? [] : a))
      for (const b of [0, 1, 2]) {
        let want = false
        for (const add of subsets(free, b)) {
          for (const vacate of subsets(others, b)) {
            const occ = space.occupancy
            for (const a of armies) for (const c of a) occ[c] = 1
            for (const c of add) occ[c] = 1
            for (const c of vacate) occ[c] = 0
            const men = Int16Array.from(armies[winner]!.filter((c) => goal[c] === 0))
            const from = new Int16Array(4096)
            const to = new Int16Array(4096)
            const k = space.movesOf(men, men.length, from, to, 0)
            occ.fill(0)
            for (let j = 0; j < k && !want; j++) want = goal[to[j]!] === 1
            if (want) break
          }
          if (want) break
        }
        const cells = armies.map((a) => Int16Array.from(a))
        expect(reach.canReach(cells, Int32Array.from([2, 2, 2]), winner, goal, b), `${JSON.stringify(armies)} winner ${winner} budget ${b}`).toBe(want)
        if (want) yes++
      }
    }
    expect(positions).toBe(150)
    expect(yes).toBeGreaterThan(50)
    expect(yes).toBeLessThan(440)
  }, 120_000)
})
