import { describe, expect, it } from 'vitest'
import { Budget } from '../../src/shared/engine/core/budget'
import { newStats } from '../../src/shared/engine/core/contract'
import { InlineExecutor } from '../../src/shared/engine/core/executor'
import { KeySet } from '../../src/shared/engine/core/keyset'
import { LevelSearch } from '../../src/shared/engine/core/levels'
import { MultiDomain, type MultiRule } from '../../src/shared/engine/multi/domain'
import { MultiKernel } from '../../src/shared/engine/multi/kernel'
import { multiPresets } from '../../src/shared/multi/game'

/** The children a kernel keeps of every state of a level (as packed keys, in order). */
function keptOf(kernel: MultiKernel, level: KeySet, rule: MultiRule): string[] {
  const kept: string[] = []
  const sink = {
    minScore: -Infinity,
    child: (keys: Uint32Array, off: number) => void kept.push(Array.from(keys.subarray(off, off + kernel.domain.w)).join(',')),
    goal: () => {},
  }
  kernel.expandRange(level.raw, 0, level.capacity, rule, [], sink, newStats())
  return kept
}

describe('the look-ahead shortcuts of the N-player kernel (reach.ts leastBudget, markHelp)', () => {
  it('keep exactly the children a search per child keeps, at every level of the 73-hole star\'s 23-move search', async () => {
    const d = new MultiDomain(multiPresets()['star73-3']!)
    const bound = 23
    const winner = d.mover(bound)
    const rule = (level: number): MultiRule => ({ kind: 'multi', level, bound, winner, score: 'none' })
    const search = new LevelSearch(new InlineExecutor(new MultiKernel(d)), Budget.of(2 ** 31, 0), d.startKey, { window: [2 * d.players] })
    for (let level = 1; level <= bound; level++) {
      const next = await search.grow(rule(level))
      search.levels.push(next)
      if (next.size === 0) break
    }
    const fast = new MultiKernel(d)
    const plain = new MultiKernel(d)
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
    // Both shortcuts decided children here, so the comparison can tell.
    expect(fast.shortcutCounts.spared).toBeGreaterThan(100)
    expect(fast.shortcutCounts.unhelped).toBeGreaterThan(100)
    expect(plain.shortcutCounts).toEqual({ spared: 0, unhelped: 0 })
  }, 120_000)
})
