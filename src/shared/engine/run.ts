/**
 * One breadth-first search run: level sets L_0 = {start}, L_1, ... with duplicate elimination (a
 * board is stored at the first level it is reached), each level's children filtered by a rule. It
 * keeps every level, so that solutions can be traced back to the start, and accounts for the
 * memory its tables hold.
 */
import type { TransferDomain } from './domain'
import type { Executor } from './executor'
import type { KernelStats, Rule, Sink } from './kernel'
import { KeySet } from './keyset'

/** Something that wants to hear how a run is going. */
export interface RunObserver {
  /**
   * Level `level` is being built: `done` of `total` parents expanded, `size` boards in it so far,
   * `seconds` since the level was started.
   */
  level(run: Run, level: number, done: number, total: number, stats: KernelStats, size: number, seconds: number): void
}

/** The search went past its memory budget, or its time limit. */
export class BudgetError extends Error {
  constructor(
    readonly level: number,
    readonly bytes: number,
    readonly kind: 'memory' | 'time' = 'memory',
  ) {
    super(
      kind === 'memory'
        ? `memory budget exceeded at level ${level} (${(bytes / 2 ** 30).toFixed(2)} GiB)`
        : `time limit reached at level ${level}`,
    )
  }
}

/** A sink that inserts children into the next level and remembers the largest centroid inserted. */
class LevelSink implements Sink {
  maxC = -Infinity
  constructor(readonly set: KeySet) {}
  add(keys: Uint32Array, off: number, c: number): void {
    if (this.set.add(keys, off) && c > this.maxC) this.maxC = c
  }
}

export interface LevelRecord {
  readonly level: number
  readonly size: number
  readonly children: number
  /** Largest centroid (cv units) among the boards stored at this level. */
  readonly maxC: number
  readonly seconds: number
}

export class Run {
  readonly levels: KeySet[] = []
  readonly records: LevelRecord[] = []

  constructor(
    readonly domain: TransferDomain,
    readonly executor: Executor,
    readonly budgetBytes: number,
    private readonly observer?: RunObserver,
    /** Boards already held elsewhere (other runs kept for the meeting), for the budget. */
    private readonly heldBytes = 0,
    /** The board of level 0 (default: the start). */
    origin: Uint32Array = domain.startKey,
    /** performance.now() after which the run stops (BudgetError of kind time). */
    private readonly deadline = Infinity,
  ) {
    const start = new KeySet(domain.w, 16, executor.shared ? 'shared' : 'plain')
    start.add(origin, 0)
    this.levels.push(start)
  }

  /** Index of the deepest level built. */
  get depth(): number {
    return this.levels.length - 1
  }

  get bytes(): number {
    return this.levels.reduce((s, l) => s + l.bytes, 0)
  }

  get boards(): number {
    return this.levels.reduce((s, l) => s + l.size, 0)
  }

  /** Build the next level under a rule. */
  async next(rule: Omit<Rule, 'level'>): Promise<KeySet> {
    const i = this.depth
    const parents = this.levels[i]!
    const next = new KeySet(this.domain.w, Math.max(1024, parents.size), this.executor.shared ? 'shared' : 'plain')
    const sink = new LevelSink(next)
    const t0 = performance.now()
    const full: Rule = { ...rule, level: i + 1 }
    const stats = await this.executor.run({
      parents,
      prev: i > 0 ? this.levels[i - 1] : undefined,
      cur: parents,
      rule: full,
      sink,
      progress: (done, s) => {
        const bytes = this.heldBytes + this.bytes + next.bytes
        if (bytes > this.budgetBytes) throw new BudgetError(i + 1, bytes)
        if (performance.now() > this.deadline) throw new BudgetError(i + 1, bytes, 'time')
        this.observer?.level(this, i + 1, done, parents.size, s, next.size, (performance.now() - t0) / 1000)
      },
    })
    this.levels.push(next)
    this.records.push({
      level: i + 1,
      size: next.size,
      children: stats.children,
      maxC: sink.maxC,
      seconds: (performance.now() - t0) / 1000,
    })
    return next
  }

  /** Drop the tables of levels below `level` (they are no longer needed). */
  release(below: number): void {
    for (let k = 0; k < below && k < this.levels.length; k++) this.levels[k] = new KeySet(this.domain.w, 0)
  }
}
