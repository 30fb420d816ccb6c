/**
 * The one level-by-level search of the core: level sets L_0 = {origin}, L_1, ... where each level
 * holds the children of the one before that survive the rule and are not in the duplicate window
 * (a state is stored at the first level it is reached, within the window). Every level is kept, so
 * that lines can be traced back to the origin; the memory the sets hold is checked against the
 * budget, the deadline and an allowance while a level is built, and each level is recorded.
 *
 * Flows shape a search through it: transfers push each level as built; a beam builds a level, cuts
 * it and pushes what it keeps; the split search replaces a level by its blocks (levels.length is
 * the flows' to set). Goals (Sink.goal) met while building a level are collected in `goals`.
 */
import type { Allowance, Budget } from './budget'
import { BudgetError } from './budget'
import type { KernelStats, RuleBase, Sink } from './contract'
import type { Executor } from './executor'
import { KeySet, type BufferKind } from './keyset'

/** How a level being built is going, for progress reports. */
export interface LevelProgress {
  readonly level: number
  /** Parents expanded so far, and in all. */
  readonly done: number
  readonly total: number
  /** States in the level so far. */
  readonly size: number
  readonly stats: KernelStats
  /** Seconds since the level was started. */
  readonly seconds: number
  /** Bytes held by level sets, this one included. */
  readonly bytes: number
  /** States held by level sets, this one included. */
  readonly states: number
  /** Where in a split search the level is (empty otherwise). */
  readonly note: string
}

/** A level built. */
export interface LevelRecord {
  readonly level: number
  readonly size: number
  readonly children: number
  readonly seconds: number
}

export interface LevelSearchOptions {
  /**
   * The duplicate window: how many levels back from the children's level a child is looked up
   * (transfers [1, 2]: the parents' level and the one before; games [2]: the last level with the
   * same side to move).
   */
  readonly window: readonly number[]
  /** Bytes held elsewhere for the same job (another search kept for a meeting). */
  readonly heldElsewhere?: number
  /** An optional search's allowance (see Budget). */
  readonly allowance?: Allowance
  /** Progress of each level being built. */
  readonly onLevel?: (p: LevelProgress) => void
}

/** Where a level's children go while it is built, and how the level comes out of it. */
export interface LevelCollector extends Sink {
  /** States collected so far, and the bytes they hold. */
  readonly size: number
  readonly bytes: number
  /** Goals met, if any. */
  readonly goals: KeySet | undefined
  /** The level. */
  finish(kind: BufferKind): KeySet
}

/** Every child goes into the level (a plain breadth-first level). */
class LevelSink implements LevelCollector {
  readonly minScore = -Infinity
  goals: KeySet | undefined
  constructor(readonly set: KeySet) {}
  get size(): number {
    return this.set.size
  }
  get bytes(): number {
    return this.set.bytes
  }
  child(keys: Uint32Array, off: number): void {
    this.set.add(keys, off)
  }
  goal(keys: Uint32Array, off: number): void {
    ;(this.goals ??= new KeySet(this.set.w, 16)).add(keys, off)
  }
  finish(): KeySet {
    return this.set
  }
}

export class LevelSearch<R extends RuleBase> {
  readonly levels: KeySet[] = []
  readonly records: LevelRecord[] = []
  /** Level sets held besides `levels` (counted against the budget): a split level, say. */
  readonly aside: KeySet[] = []
  /** Goals met by the last level built, if any. */
  goals: KeySet | undefined
  private readonly t0 = performance.now()
  private readonly empty: KeySet

  constructor(
    readonly executor: Executor<R>,
    readonly budget: Budget,
    origin: Uint32Array,
    private readonly options: LevelSearchOptions,
  ) {
    const w = origin.length
    this.empty = new KeySet(w, 16, this.kind)
    const start = new KeySet(w, 16, this.kind)
    start.add(origin, 0)
    this.levels.push(start)
  }

  /** Where level tables live: shared memory when threads read them. */
  get kind(): 'shared' | 'plain' {
    return this.executor.shared ? 'shared' : 'plain'
  }

  /** Index of the deepest level. */
  get depth(): number {
    return this.levels.length - 1
  }

  /** Bytes held by this search's level sets (`aside` included). */
  get bytes(): number {
    let b = 0
    for (const l of this.levels) b += l.bytes
    for (const l of this.aside) b += l.bytes
    return b
  }

  /** States stored in the levels. */
  get states(): number {
    let n = 0
    for (const l of this.levels) n += l.size
    return n
  }

  /** Build the next level from the deepest and keep it. */
  async next(rule: R): Promise<KeySet> {
    const level = await this.build(this.levels[this.depth]!, rule)
    this.levels.push(level)
    return level
  }

  /**
   * The children of `parents` at `rule.level` that are new against the window (levels of this
   * search counted back from rule.level), not kept: the caller pushes, cuts or splits it.
   */
  async build(parents: KeySet, rule: R, note = '', collector?: LevelCollector): Promise<KeySet> {
    const at = rule.level
    const window: KeySet[] = []
    for (const back of this.options.window) {
      const l = this.levels[at - back]
      if (l) window.push(l)
    }
    if (window.length === 0) window.push(this.empty)
    const sink = collector ?? new LevelSink(new KeySet(parents.w, Math.max(1024, parents.size), this.kind))
    const started = performance.now()
    const allowance = this.options.allowance
    const stats = await this.executor.run({
      parents,
      window,
      rule,
      sink,
      progress: (done, s) => {
        const bytes = (this.options.heldElsewhere ?? 0) + this.bytes + sink.bytes
        this.budget.check(at, bytes)
        if (allowance && (performance.now() - this.t0 > allowance.seconds * 1000 || this.states + sink.size > allowance.states)) {
          throw new BudgetError(at, bytes)
        }
        const seconds = (performance.now() - started) / 1000
        this.options.onLevel?.({
          level: at,
          done,
          total: parents.size,
          size: sink.size,
          stats: s,
          seconds,
          bytes,
          states: this.states + sink.size,
          note,
        })
      },
    })
    const next = sink.finish(this.kind)
    this.goals = sink.goals
    this.records.push({
      level: at,
      size: next.size,
      children: stats.children,
      seconds: (performance.now() - started) / 1000,
    })
    return next
  }

  /** Drop the tables of levels below `level` (no longer needed). */
  release(below: number): void {
    for (let k = 0; k < below && k < this.levels.length; k++) this.levels[k] = this.empty
  }
}
