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
import type { PackedSpace } from '../../src/shared/engine/packed/space'
import { neighbours } from '../../src/shared/engine/packed/lines'

/**
 * The look-ahead's question answered plainly (reach.ts canReach without its interning of stone sets
 * and its dominance): breadth first over every (cell, stones added, cells vacated) a man of the
 * winner outside her target can be at, the stones as a sorted list of cells.
 */
function plainReach(space: PackedSpace, armies: readonly number[][], winner: number, goal: Uint8Array, budget: number): boolean {
  const { nb, over, land, degree: deg } = space
  const what = new Int8Array(space.n) // 0 empty, 1 another army's man, 2 the winner's
  armies.forEach((a, p) => a.forEach((c) => (what[c] = p === winner ? 2 : 1)))
  for (const from of armies[winner]!) {
    if (goal[from] === 1) continue
    if (!space.rules.jumpsOnly)
      for (let d = 0; d < deg; d++) {
        const t = nb[from * deg + d]!
        if (t >= 0 && goal[t] === 1 && (what[t] === 0 || (what[t] === 1 && budget > 0))) return true
      }
    what[from] = 0
    const seen = new Set<string>([`${from}|`])
    let frontier: { cell: number; stones: number[]; vacated: number }[] = [{ cell: from, stones: [], vacated: 0 }]
    let hit = false
    while (frontier.length > 0 && !hit) {
      const next: typeof frontier = []
      for (const { cell, stones, vacated } of frontier)
        for (let d = 0; d < deg && !hit; d++) {
          const o = over[cell * deg + d]!
          if (o < 0 || o === from) continue
          const t = land[cell * deg + d]!
          if (what[t] === 2) continue
          let s2 = stones
          if (what[o] === 0 && !stones.includes(o)) {
            if (stones.length >= budget) continue
            s2 = [...stones, o].sort((a, b) => a - b)
          }
          if (s2.includes(t)) continue
          const v2 = vacated + (what[t] === 1 ? 1 : 0)
          if (v2 > budget) continue
          if (goal[t] === 1) hit = true
          const key = `${t}|${s2.join(',')}|${v2}`
          if (seen.has(key)) continue
          seen.add(key)
          next.push({ cell: t, stones: s2, vacated: v2 })
        }
      frontier = next
    }
    what[from] = 2
    if (hit) return true
  }
  return false
}

/**
 * Positions of real play on the 121-hole star with six players (random moves from the start, from
 * ply 6 to ply plies - 1: the middle filling, the targets held), each with a random player as the
 * winner; seeded, so each test sees the same positions every run.
 */
function* sixPlayerPositions(d: PlayersDomain, seed: number, games: number, plies: number) {
  const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
  for (let game = 0; game < games; game++) {
    let state = d.unpack(d.startKey, 0)
    for (let ply = 1; ply < plies; ply++) {
      const children = neighbours(d.space, state, d.mover(ply))
      state = children[random(children.length)]!
      if (ply < 6) continue
      const winner = random(6)
      yield {
        state,
        cells: state.map((a) => Int16Array.from(a)),
        size: Int32Array.from(state, (a) => a.length),
        winner,
        goal: d.inTarget[winner]!,
        where: `game ${game}, ply ${ply}`,
      }
    }
  }
}

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
  it("its shortcuts keep exactly the children a search per child keeps, at every level of the 73-hole star's 23-move search", async () => {
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

  // The oracle: every set of at most b empty cells filled and b other men's cells emptied, and the
  // space's own move generator on that board; random positions of 2 men per army.
  const againstBoards = (board: string, budgets: number[], want: number): number => {
    const d = new PlayersDomain(gameFromSpec({ board, camps: [0, 1, 2], men: 3 }))
    const space = d.space
    const reach = new PlacementReach(space, Math.max(...budgets), Infinity)
    const subsets = (xs: number[], k: number): number[][] =>
      k === 0 || xs.length === 0 ? [[]] : [...subsets(xs.slice(1), k), ...subsets(xs.slice(1), k - 1).map((s) => [xs[0]!, ...s])]
    let seed = 11
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    let positions = 0
    let yes = 0
    for (let trial = 0; positions < want && trial < 5000; trial++) {
      const free = Array.from({ length: space.n }, (_, c) => c)
      const armies = [0, 1, 2].map(() => Array.from({ length: 2 }, () => free.splice(random(free.length), 1)[0]!))
      const winner = random(3)
      const goal = d.inTarget[winner]!
      if (armies[winner]!.every((c) => goal[c] === 1)) continue
      positions++
      const others = armies.flatMap((a, p) => (p === winner ? [] : a))
      for (const b of budgets) {
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
        expect(
          reach.canReach(cells, Int32Array.from([2, 2, 2]), winner, goal, b),
          `${JSON.stringify(armies)} winner ${winner} budget ${b}`,
        ).toBe(want)
        if (want) yes++
      }
    }
    expect(positions).toBe(want)
    return yes
  }

  it('counts the stones added and the cells vacated as sets (a move may hop twice over one stone), as every such board shows', () => {
    const yes = againstBoards('square5', [0, 1, 2], 150)
    expect(yes).toBeGreaterThan(50)
    expect(yes).toBeLessThan(440)
  }, 120_000)

  it('answers as a plain search over stones and vacated cells does, in positions of six-player play on the 121-hole star, two to five of each', () => {
    const d = new PlayersDomain(playersPresets()['star121-6']!)
    const space = d.space
    const reach = new PlacementReach(space, 5, Infinity)
    const answers = [0, 0]
    // Every player as the winner: stones and vacated landings both needed.
    for (const { state, cells, size, winner, goal, where } of sixPlayerPositions(d, 5, 4, 24))
      for (let b = 2; b <= 5; b++) {
        const want = plainReach(space, state, winner, goal, b)
        expect(reach.canReach(cells, size, winner, goal, b), `${where}, budget ${b}`).toBe(want)
        answers[want ? 1 : 0]!++
      }
    // Both answers occur, so the comparison can tell.
    expect(Math.min(...answers), JSON.stringify(answers)).toBeGreaterThan(1)
  }, 120_000)

  it('gives up a search past its nodes and answers "can reach" (it keeps the position): never "cannot" where a man can', () => {
    const d = new PlayersDomain(playersPresets()['star121-6']!)
    const space = d.space
    const exact = new PlacementReach(space, 5, Infinity)
    const tiny = new PlacementReach(space, 5, 64)
    const usual = new PlacementReach(space, 5)
    let keptByCap = 0
    let cannot = 0
    for (const { cells, size, winner, goal, where: at } of sixPlayerPositions(d, 9, 8, 40))
      for (let b = 2; b <= 5; b++) {
        const where = `${at}, budget ${b}`
        const want = exact.canReach(cells, size, winner, goal, b)
        const got = tiny.canReach(cells, size, winner, goal, b)
        if (want) expect(got, where).toBe(true)
        else if (got) keptByCap++
        if (!want) cannot++
        // The default allowance decides every one of these as the exact search does.
        expect(usual.canReach(cells, size, winner, goal, b), where).toBe(want)
        // The least budget found stays a lower bound on the real one: given up, it can only be smaller.
        const least = tiny.leastBudget(cells, size, winner, goal, b)
        const real = exact.leastBudget(cells, size, winner, goal, b)
        if (real >= 0) expect(least, where).toBeGreaterThanOrEqual(0)
        if (least >= 0 && real >= 0) expect(least, where).toBeLessThanOrEqual(real)
      }
    // The small allowance was met: positions the exact search drops were kept, and said so.
    expect(cannot).toBeGreaterThan(0)
    expect(keptByCap).toBeGreaterThan(0)
    expect(tiny.undecided).toBeGreaterThan(0)
    expect(exact.undecided).toBe(0)
    expect(usual.undecided).toBe(0)
  }, 120_000)

  it('agrees with every such board on the mini star too, three stones and three men removed', () => {
    // Six directions, as on the 121-hole star: a stone serves three lines. Budget 3 leaves the
    // stones' dominance (reach.ts withChanges) something to drop.
    const yes = againstBoards('star37', [2, 3], 40)
    expect(yes).toBeGreaterThan(10)
    expect(yes).toBeLessThan(78)
  }, 120_000)
})
