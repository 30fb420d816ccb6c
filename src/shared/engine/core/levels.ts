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
import type { BuildEntry, Checkpoint, LevelFile } from './checkpoint'
import { BudgetError } from './budget'
import { addStats, newStats, type KernelStats, type RuleBase, type Sink } from './contract'
import { DiskLevel, removeStaleRuns, SpillCollector } from './disk-level'
import { ShardedLevel, type FarmReply, type FarmTask, type LevelFarm } from './farm'
import { CancelledError, type Executor, type LevelJob } from './executor'
import { KeySet, type BufferKind } from './keyset'
import type { SlotTable, StateSet } from './state-set'
import type { FileStore } from './storage'

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
  /** Where in a split search the level is, or a merge on disk (empty otherwise). */
  readonly note: string
  /** Bytes of this search's levels on disk, the level being built included (searches on disk). */
  readonly diskBytes?: number
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
  /** Levels on disk (see disk-level.ts): the store, and the name the search's files start with. */
  readonly disk?: DiskOptions
  /**
   * Compact each level in memory once built (KeySet.compacted: about half the bytes). Only where
   * nothing depends on a level's slot order (transfers; a game beam settles ties by slot order).
   */
  readonly compact?: boolean
}

export interface DiskOptions {
  readonly store: FileStore
  readonly name: string
  /** Bytes of the buffer children are sorted in before they are written as a run. */
  readonly bufferBytes: number
  /** Finished levels are recorded there, and taken from there when the search is resumed. */
  readonly checkpoint?: Checkpoint
  /** Levels in shards, built by the tasks of a farm (farm.ts): workers on other processes or machines. */
  readonly farm?: { readonly farm: LevelFarm; readonly shards: number; readonly init: unknown }
  /** The deepest level the search can reach, where it is known (a resume's estimate of what is left). */
  readonly plan?: number
  /** Parents per chunk of a disk level handed to the kernel (default 65,536; tests make it small). */
  readonly chunkRows?: number
  /**
   * Bytes the store's files may take before the runs of the level being built are merged into one
   * (SpillOptions.limit); `merged` hears of each such merge, for progress.
   */
  readonly limit?: { readonly bytes: number; merged?(m: RunsMerged): void }
  /** Keep finished levels' files and records when the search lets them go (an independent check's input). */
  readonly keep?: boolean
}

/** The runs of a level merged into one because the store passed the disk limit. */
export interface RunsMerged {
  /** The search's files' name, the level, the runs merged, their bytes before and after, the limit. */
  readonly search: string
  readonly level: number
  readonly runs: number
  readonly before: number
  readonly after: number
  readonly limit: number
}

/** Parents per chunk of a disk level handed to the kernel. */
const CHUNK_ROWS = 1 << 16

/** A level being built on disk: its collector, and (building through grow) where it is recorded in progress. */
interface Spilled {
  readonly sink: SpillCollector
  /** The record in progress a resume goes on from, if any. */
  readonly resumed: BuildEntry | undefined
  /** Record the runs as covering the parents [0, done) (stats: the kernel's counts over them). */
  record(done: number, stats: KernelStats): void
}

/** Where a level's children go while it is built, and how the level comes out of it. */
export interface LevelCollector extends Sink {
  /** States collected so far, and the bytes they hold. */
  readonly size: number
  readonly bytes: number
  /** Goals met, if any. */
  readonly goals: KeySet | undefined
  /** The level. */
  finish(kind: BufferKind): StateSet
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
  readonly levels: StateSet[] = []
  readonly records: LevelRecord[] = []
  /** Level sets held besides `levels` (counted against the budget): a split level, say. */
  readonly aside: StateSet[] = []
  /** Every level file this search wrote (kept or not), for discard(). */
  private readonly files: DiskLevel[] = []
  /** Goals met by the last level built, if any. */
  goals: KeySet | undefined
  /** Seconds the levels taken from the checkpoint took to build, in the sessions before (their records). */
  resumedSeconds = 0
  /** Why a level could not be built, if the budget or the deadline stopped it (its files stay for a resume). */
  stopped: 'memory' | 'time' | undefined
  private readonly t0 = performance.now()
  private readonly empty: KeySet
  /** A level whose runs a record in progress names: they go once the level's own record replaces it. */
  private pending: { readonly name: string; readonly sink: SpillCollector } | undefined

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
    const disk = options.disk
    const name = levelName(disk?.name ?? '', 0)
    this.levels.push(!disk ? start : disk.farm ? ShardedLevel.write(disk.store, name, start, disk.farm.shards) : DiskLevel.write(disk.store, name, start))
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

  /** Bytes of the levels on disk. */
  get diskBytes(): number {
    let b = 0
    for (const l of this.levels) if (l instanceof DiskLevel || l instanceof ShardedLevel) b += l.diskBytes
    return b
  }

  /** States stored in the levels. */
  get states(): number {
    let n = 0
    for (const l of this.levels) n += l.size
    return n
  }

  /** Build the next level from the deepest and keep it (on disk, take it from the checkpoint if it holds it). */
  async next(rule: R): Promise<StateSet> {
    const level = await this.grow(rule)
    this.levels.push(level)
    return level
  }

  /**
   * The next level from the deepest, not kept (the caller pushes it): on disk with a checkpoint,
   * taken from the checkpoint if it holds it, else built and recorded there, unless it met goals
   * (the checkpoint does not hold goals: a resumed search builds that level again).
   */
  async grow(rule: R): Promise<StateSet> {
    const disk = this.options.disk
    const checkpoint = disk?.checkpoint
    const kept = this.recorded(rule)
    if (kept) return kept
    const level = await this.run(this.levels[this.depth]!, rule, '', undefined, true)
    const files = filesOf(level)
    if (disk && checkpoint && files && !this.goals) {
      const record = this.records[this.records.length - 1]!
      checkpoint.finished(
        levelName(disk.name, rule.level),
        { files, w: level.w, rule: JSON.stringify(rule), record },
        { search: disk.name, plan: disk.plan ?? null },
      )
    }
    this.dropPending()
    return level
  }

  /** The runs of the level in progress go, and the record in progress that names them first (a finished level of that name stays named). */
  private dropPending(): void {
    const pending = this.pending
    if (!pending) return
    this.options.disk?.checkpoint?.dropBuilding([pending.name])
    pending.sink.dropRuns()
    this.pending = undefined
  }

  /**
   * Level `rule.level` of this search as the checkpoint holds it (built under `rule`; its files
   * checked), recorded among this search's levels built; undefined if the checkpoint does not hold it.
   */
  recorded(rule: R): StateSet | undefined {
    const disk = this.options.disk
    const kept = disk && recordedLevel(disk, this.empty.w, rule)
    if (!kept) return undefined
    this.goals = undefined
    this.records.push(kept.record)
    this.resumedSeconds += kept.record.seconds
    return kept.level
  }

  /**
   * The children of `parents` at `rule.level` that are new against the window (levels of this
   * search counted back from rule.level), not kept: the caller pushes, cuts or splits it.
   */
  build(parents: StateSet, rule: R, note = '', collector?: LevelCollector): Promise<StateSet> {
    return this.run(parents, rule, note, collector, false)
  }

  /** build(), and with `track` (grow: the level is the checkpoint's next) the level recorded in progress on disk. */
  private async run(parents: StateSet, rule: R, note: string, collector: LevelCollector | undefined, track: boolean): Promise<StateSet> {
    try {
      return await this.buildLevel(parents, rule, note, collector, track)
    } catch (e) {
      if (e instanceof BudgetError) this.stopped = e.kind
      throw e
    }
  }

  /** Whether it is an optional search (with an allowance of its own: a count). */
  get optional(): boolean {
    return this.options.allowance !== undefined
  }

  private async buildLevel(parents: StateSet, rule: R, note: string, collector: LevelCollector | undefined, track: boolean): Promise<StateSet> {
    const at = rule.level
    const window: StateSet[] = []
    for (const back of this.options.window) {
      const l = this.levels[at - back]
      if (l) window.push(l)
    }
    const disk = this.options.disk
    if (disk?.farm && !collector) return this.farmed(disk, parents, window, rule)
    const spilled: Spilled | undefined = !collector && disk ? this.spill(disk, parents, rule, window, track, (): number => started) : undefined
    const sink = collector ?? spilled?.sink ?? new LevelSink(new KeySet(parents.w, Math.max(1024, parents.size), this.kind))
    // On disk the window is left out by merging (SpillCollector), not by the kernel.
    const tables = window.filter((l): l is KeySet => l instanceof KeySet)
    if (disk || tables.length === 0) tables.splice(0, tables.length, this.empty)
    // A resumed level's seconds count from its first session.
    const started: number = performance.now() - (spilled?.resumed?.seconds ?? 0) * 1000
    const allowance = this.options.allowance
    const stats = await this.expand(parents, spilled, {
      window: tables,
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
          ...(disk && { diskBytes: this.diskBytes + (sink instanceof SpillCollector ? sink.diskBytes : sink.size * parents.w * 4) }),
        })
      },
    })
    if (sink instanceof SpillCollector) {
      this.options.onLevel?.({
        level: at,
        done: parents.size,
        total: parents.size,
        size: sink.size,
        stats,
        seconds: (performance.now() - started) / 1000,
        bytes: this.bytes + sink.bytes,
        states: this.states + sink.size,
        note: `, merging ${sink.runs} sorted runs without the ${window.length} levels before`,
        diskBytes: this.diskBytes + sink.diskBytes,
      })
    }
    const built = sink.finish(this.kind)
    const next = this.options.compact && !collector && built instanceof KeySet ? built.compacted() : built
    if (next instanceof DiskLevel) this.files.push(next)
    this.goals = sink.goals
    this.records.push({
      level: at,
      size: next.size,
      children: stats.children,
      seconds: (performance.now() - started) / 1000,
    })
    return next
  }

  /** A level built by a farm's tasks: expand each parent shard, then merge each shard. */
  private async farmed(disk: DiskOptions, parents: StateSet, window: readonly StateSet[], rule: R): Promise<StateSet> {
    const { farm, shards, init } = disk.farm!
    const at = rule.level
    const sharded = (l: StateSet): ShardedLevel => {
      if (!(l instanceof ShardedLevel)) throw new Error(`internal: level ${at} of a farmed search is not in shards`)
      return l
    }
    const from = sharded(parents)
    const w = from.w
    const level = levelName(disk.name, at)
    const started = performance.now()
    const progress = (done: number, size: number, stats: KernelStats, note: string): void => {
      this.budget.check(at, this.bytes)
      this.options.onLevel?.({
        level: at,
        done,
        total: from.size,
        size,
        stats,
        seconds: (performance.now() - started) / 1000,
        bytes: this.bytes,
        states: this.states + size,
        note,
        diskBytes: this.diskBytes,
      })
    }
    progress(0, 0, newStats(), `, ${shards} expansion tasks on ${farm.folder}`)
    const bufferRows = Math.max(1024, Math.floor(disk.bufferBytes / (8 * w * shards)))
    const expanded = await this.farmRound(farm, at,
      from.shards.map((p, i) => ({ op: 'expand' as const, init, rule, w, shards, parent: { name: p.name, rows: p.size }, level, index: i, bufferRows })),
    )
    const stats = newStats()
    const goals = new KeySet(w, 16)
    for (const r of expanded) {
      if (r.op !== 'expand') throw new Error('internal: a farm answered an expansion with a merge')
      addStats(stats, r.stats)
      const words = Uint32Array.from(r.goals)
      for (let off = 0; off < words.length; off += w) goals.add(words, off)
    }
    progress(from.size, stats.kept, stats, `, ${shards} merge tasks`)
    const win = window.map(sharded)
    const merged = await this.farmRound(farm, at,
      Array.from({ length: shards }, (_, j) => ({
        op: 'merge' as const,
        w,
        shards,
        level,
        index: j,
        window: win.map((l) => ({ name: l.shards[j]!.name, rows: l.shards[j]!.size })),
      })),
    )
    const next = new ShardedLevel(
      level,
      merged.map((r, j) => {
        if (r.op !== 'merge') throw new Error('internal: a farm answered a merge with an expansion')
        return new DiskLevel(disk.store, `${level}.s${j}`, w, r.rows, r.checksum)
      }),
    )
    this.files.push(...next.shards)
    this.goals = goals.size > 0 ? goals : undefined
    this.records.push({ level: at, size: next.size, children: stats.children, seconds: (performance.now() - started) / 1000 })
    return next
  }

  /**
   * A round of a farm's tasks, given up once the search is cancelled or its time limit passes (for
   * level `at`), even while the farm's server cannot be reached: the caller closes the farm.
   */
  private farmRound(farm: LevelFarm, at: number, tasks: readonly FarmTask[]): Promise<FarmReply[]> {
    if (this.executor.cancelled) return Promise.reject(new CancelledError())
    let over = false
    const stopped = new Promise<never>((_, reject) => {
      const poll = (): void => {
        if (over) return
        const fault = this.executor.cancelled ? new CancelledError() : this.budget.timeUp(at)
        if (fault) reject(fault)
        else setTimeout(poll, 200)
      }
      poll()
    })
    return Promise.race([farm.run(tasks), stopped]).finally(() => (over = true))
  }

  /**
   * A disk level's collector; the window's levels must be on disk too. With `track` and a
   * checkpoint, the level is recorded in progress as its runs are written, and a record in
   * progress of the same level over the same parents under the same rule is gone on from.
   */
  private spill(disk: DiskOptions, parents: StateSet, rule: R, window: readonly StateSet[], track: boolean, started: () => number): Spilled {
    const { w } = parents
    const at = rule.level
    const files = window.map((l) => {
      if (!(l instanceof DiskLevel)) throw new Error(`internal: level ${at}'s window holds a level in memory in a search on disk`)
      return l
    })
    const rows = Math.max(1024, Math.floor(disk.bufferBytes / (8 * w)))
    const name = levelName(disk.name, at)
    const checkpoint = track ? disk.checkpoint : undefined
    const ruleText = JSON.stringify(rule)
    const from = { rows: parents.size, checksum: parents instanceof DiskLevel ? (parents.checksum ?? null) : null }
    const resumed = checkpoint?.building(name, w, ruleText, from)
    // A record in progress of another rule or other parents names runs this build replaces.
    if (checkpoint && !resumed) checkpoint.forget([name])
    // Runs of this level that no record names (a record dropped above, runs written after the last
    // record before a stop) are left-overs: they go before the level writes its own.
    if (checkpoint) removeStaleRuns(disk.store, name, resumed?.runs.map((f) => f.name) ?? [])
    const sink = new SpillCollector(disk.store, name, w, rows, {
      window: files,
      recording: checkpoint !== undefined,
      ...(disk.limit && {
        limit: {
          bytes: disk.limit.bytes,
          usage: () => disk.store.usage(),
          merged: (runs: number, before: number, after: number) =>
            disk.limit?.merged?.({ search: disk.name, level: at, runs, before, after, limit: disk.limit.bytes }),
        },
      }),
      ...(resumed && { resumed: { runs: resumed.runs.map((f) => new DiskLevel(disk.store, f.name, w, f.rows, f.checksum)), next: resumed.next } }),
    })
    // A resumed level's runs are pending from the start: they go once the level is finished, even
    // when this session records nothing more of it (the rest fits in the buffer).
    if (resumed) this.pending = { name, sink }
    const record = (done: number, stats: KernelStats): void => {
      if (!checkpoint) return
      const { runs, next } = sink.written
      checkpoint.progressed(name, {
        w,
        rule: ruleText,
        parents: from,
        done,
        runs: runs.map((r) => ({ name: r.name, rows: r.size, checksum: r.checksum ?? 0 })),
        next,
        stats: { parents: stats.parents, children: stats.children, kept: stats.kept },
        seconds: (performance.now() - started()) / 1000,
      })
      this.pending = { name, sink }
    }
    return { sink, resumed, record }
  }

  /**
   * Expand every parent: a table in memory at once, a level on disk a chunk at a time (from where
   * a resumed level's record stopped; at chunk boundaries its runs recorded in progress, and when
   * the level is stopped, the runs that hold every child of the chunks finished).
   */
  private async expand(parents: StateSet, spilled: Spilled | undefined, job: Omit<LevelJob<R>, 'parents'>): Promise<KernelStats> {
    if (parents instanceof KeySet) return this.executor.run({ ...job, parents })
    if (!(parents instanceof DiskLevel)) throw new Error('internal: parents neither in memory nor on disk')
    const w = parents.w
    const chunkRows = this.options.disk?.chunkRows ?? CHUNK_ROWS
    const raw = new Uint32Array(this.kind === 'shared' ? new SharedArrayBuffer(chunkRows * w * 4) : new ArrayBuffer(chunkRows * w * 4))
    const resumed = spilled?.resumed
    // Counts over the chunks finished (a resumed level's from its record).
    const stats = newStats()
    if (resumed) addStats(stats, resumed.stats)
    let done = resumed?.done ?? 0
    try {
      for (let at = done; at < parents.size; at += chunkRows) {
        const n = parents.read(at, raw, chunkRows)
        const chunk: SlotTable = { w, raw: raw.subarray(0, n * w), capacity: n }
        const s = await this.executor.run({ ...job, parents: chunk, progress: (d, part) => job.progress?.(at + d, sumStats(stats, part)) })
        addStats(stats, s)
        done = at + n
        spilled?.sink.boundary(() => spilled.record(done, stats))
      }
    } catch (e) {
      // Stopped in its first chunk, the level has nothing to record (its runs, if any, are cleared when it starts again).
      if (spilled && done > 0 && (e instanceof CancelledError || e instanceof BudgetError)) spilled.sink.stop(() => spilled.record(done, stats))
      throw e
    }
    return stats
  }

  /** The search is over: drop every level, and on disk delete every file it wrote. */
  discard(): void {
    this.dropPending()
    this.release(this.levels.length)
    if (this.options.disk?.keep) return
    // Files not in `levels` too (an empty last level a search did not keep).
    this.options.disk?.checkpoint?.forget(this.files.map((f) => f.name))
    for (const f of this.files) f.remove()
    this.files.length = 0
  }

  /** Drop the tables of levels below `level` (no longer needed); on disk, their files. */
  release(below: number): void {
    const gone = this.levels.slice(0, below).filter((l): l is DiskLevel | ShardedLevel => l instanceof DiskLevel || l instanceof ShardedLevel)
    if (!this.options.disk?.keep) {
      // The checkpoint forgets them first: it never names a file that is gone.
      this.options.disk?.checkpoint?.forget(gone.map((l) => l.name))
      for (const l of gone) l.remove()
    }
    for (let k = 0; k < below && k < this.levels.length; k++) this.levels[k] = this.empty
  }
}

/**
 * Level `rule.level` of the search `disk.name` as its checkpoint holds it (built under `rule`; its
 * files checked), with its record; undefined if the checkpoint does not hold it.
 */
export function recordedLevel(
  disk: Pick<DiskOptions, 'name' | 'checkpoint' | 'farm'>,
  w: number,
  rule: RuleBase,
): { level: StateSet; record: LevelRecord } | undefined {
  const checkpoint = disk.checkpoint
  if (!checkpoint) return undefined
  const name = levelName(disk.name, rule.level)
  const kept = checkpoint.level(name, w, JSON.stringify(rule), disk.farm ? disk.farm.shards : 1)
  if (!kept) return undefined
  const files = kept.files.map((f) => new DiskLevel(checkpoint.store, f.name, w, f.rows, f.checksum))
  return { level: disk.farm ? new ShardedLevel(name, files) : files[0]!, record: kept.record }
}

/** The name of a search's level k: its file, or the prefix of its shards' files. */
export const levelName = (search: string, level: number): string => `${search}.L${level}`

/** The files of a level on disk just built, with their checksums (undefined: in memory). */
function filesOf(level: StateSet): LevelFile[] | undefined {
  const shards = level instanceof ShardedLevel ? level.shards : level instanceof DiskLevel ? [level] : undefined
  if (!shards || shards.some((f) => f.checksum === undefined)) return undefined
  return shards.map((f) => ({ name: f.name, rows: f.size, checksum: f.checksum! }))
}

/** A level held in memory (game searches and beams keep theirs there; only exhaustive transfer runs go to disk). */
export function inMemory(level: StateSet): KeySet {
  if (!(level instanceof KeySet)) throw new Error('internal: a level on disk where one in memory is needed')
  return level
}

function sumStats(a: KernelStats, b: KernelStats): KernelStats {
  const s = newStats()
  addStats(s, a)
  addStats(s, b)
  return s
}
