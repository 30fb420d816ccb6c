import { describe, expect, it } from 'vitest'
import { type KernelStats, type LevelKernel, type RuleBase, type Sink } from '../../src/shared/engine/core/contract'
import { CancelledError, InlineExecutor, ThreadExecutor, type WorkerPort } from '../../src/shared/engine/core/executor'
import type { WorkerMessage, WorkerReply } from '../../src/shared/engine/core/messages'
import { KeySet, USED } from '../../src/shared/engine/core/keyset'
import { Budget, BudgetError } from '../../src/shared/engine/core/budget'
import { LevelSearch } from '../../src/shared/engine/core/levels'

/**
 * A kernel as slow per parent as the players look-ahead at its worst (reach.ts: some 17 ms a parent
 * in a six-player beam near its bound): it waits `ms` per used slot and counts the parents.
 */
class SlowKernel implements LevelKernel<RuleBase> {
  parents = 0
  constructor(private readonly ms: number) {}
  expandRange(table: Uint32Array, start: number, end: number, _rule: RuleBase, _window: readonly KeySet[], sink: Sink, stats: KernelStats): void {
    for (let slot = start; slot < end; slot++) {
      if ((table[slot]! & USED) === 0) continue
      const until = performance.now() + this.ms
      while (performance.now() < until);
      this.parents++
      stats.parents++
      sink.child(table, slot, slot, 0)
    }
  }
}

/** A level of `n` states, one word each (the used mark set: keys carry it), all in one executor chunk. */
function level(n: number): KeySet {
  const set = new KeySet(1, n)
  for (let k = 1; k <= n; k++) set.add(Uint32Array.of((k | USED) >>> 0), 0)
  return set
}

describe('the inline executor and a cancel', () => {
  it('hears a cancel inside a chunk of slow parents (the players look-ahead), not only at its end', async () => {
    const parents = level(1000)
    expect(parents.capacity).toBeLessThanOrEqual(1 << 13) // one chunk: before, the cancel waited for all of it (5 s)
    const kernel = new SlowKernel(5)
    const executor = new InlineExecutor(kernel)
    const sink: Sink = { minScore: -Infinity, child: () => {}, goal: () => {} }
    const t0 = performance.now()
    // Due once the executor yields (after 100 ms of expansion).
    setTimeout(() => executor.cancel(), 0)
    await expect(executor.run({ parents, window: [], rule: { kind: 'slow', level: 1 }, sink })).rejects.toBeInstanceOf(CancelledError)
    const ms = performance.now() - t0
    expect(kernel.parents, `${kernel.parents} parents expanded in ${ms.toFixed(0)} ms`).toBeLessThan(parents.size / 2)
    expect(ms).toBeLessThan(2500)
  }, 30_000)

  it('expands every parent once, in slot order, whatever the pieces', async () => {
    const parents = level(3000)
    const seen: number[] = []
    const kernel = new SlowKernel(0.01)
    const stats = await new InlineExecutor(kernel).run({
      parents,
      window: [],
      rule: { kind: 'slow', level: 1 },
      sink: { minScore: -Infinity, child: (_k, _o, slot) => void seen.push(slot), goal: () => {} },
    })
    const used: number[] = []
    for (let s = 0; s < parents.capacity; s++) if ((parents.raw[s]! & USED) !== 0) used.push(s)
    expect(seen).toEqual(used)
    expect(stats.parents).toBe(3000)
  }, 30_000)
})

describe('the inline executor and a time limit', () => {
  it('stops a level at the time limit inside a chunk of slow parents, not only at its end', async () => {
    const parents = level(1000)
    expect(parents.capacity).toBeLessThanOrEqual(1 << 13) // one chunk: before, the limit waited for all of it (5 s)
    const kernel = new SlowKernel(5)
    const t0 = performance.now()
    const search = new LevelSearch(new InlineExecutor(kernel), Budget.of(2 ** 30, 0.2, t0), Uint32Array.of(USED), { window: [] })
    const stop = await search.build(parents, { kind: 'slow', level: 1 }).catch((e: unknown) => e)
    const ms = performance.now() - t0
    expect(stop).toBeInstanceOf(BudgetError)
    expect((stop as BudgetError).kind).toBe('time')
    expect(search.stopped).toBe('time')
    expect(kernel.parents, `${kernel.parents} parents expanded in ${ms.toFixed(0)} ms`).toBeLessThan(parents.size / 2)
    // The limit (200 ms) heard at the next yield (every 100 ms).
    expect(ms).toBeLessThan(1000)
  }, 30_000)
})

/** A worker thread whose chunks each take `ms` (its reply comes then, with the chunk's parents counted and no children). */
function slowThread(ms: number): WorkerPort<null> {
  let reply: (r: WorkerReply) => void = () => {}
  let alive = true
  return {
    post(message: WorkerMessage<null>) {
      if (message.type !== 'expand') return
      let parents = 0
      for (let s = message.start; s < message.end; s++) if ((message.table[s]! & USED) !== 0) parents++
      const r: WorkerReply = { type: 'expanded', id: message.id, keys: new Uint32Array(0), parents: new Int32Array(0), scores: undefined, count: 0, goals: undefined, goalParents: undefined, stats: { parents, children: 0, kept: 0 } }
      setTimeout(() => alive && reply(r), ms)
    },
    onMessage: (h) => void (reply = h),
    onError: () => {},
    terminate: () => void (alive = false),
  }
}

describe('the threaded executor and a time limit', () => {
  it('stops a level at the time limit while a slow chunk is on a thread, not when its reply comes', async () => {
    const parents = level(1000)
    const executor = new ThreadExecutor(() => slowThread(3000), 1, { type: 'init', domain: null })
    const t0 = performance.now()
    const search = new LevelSearch(executor, Budget.of(2 ** 30, 0.2, t0), Uint32Array.of(USED), { window: [] })
    const stop = await search.build(parents, { kind: 'slow', level: 1 }).catch((e: unknown) => e)
    const ms = performance.now() - t0
    executor.close()
    expect(stop).toBeInstanceOf(BudgetError)
    expect((stop as BudgetError).kind).toBe('time')
    // The limit (200 ms) heard within 100 ms of it; before, at the chunk's reply (3 s).
    expect(ms).toBeLessThan(1500)
  }, 30_000)

  it('still completes a level whose chunks come back in time, every parent counted once', async () => {
    const parents = level(20_000)
    const executor = new ThreadExecutor(() => slowThread(150), 2, { type: 'init', domain: null })
    const stats = await executor.run({ parents, window: [], rule: { kind: 'slow', level: 1 }, sink: { minScore: -Infinity, child: () => {}, goal: () => {} }, progress: () => {} })
    executor.close()
    expect(stats.parents).toBe(20_000)
  }, 30_000)
})
