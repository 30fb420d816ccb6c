/**
 * The flow spine (issue 28): what every job flow runs on, whatever its domain. A flow gets its
 * budget (memory, deadline), its reporter, its threads, its folder on disk (claimed: the lock), the
 * folder's checkpoint, its farm of workers (the cluster) and its level-by-level searches from here,
 * set up in one order by `start` and taken down by `stop`, which JobFlow.run (flow.ts) calls in one
 * try/finally:
 *
 *   domain (pure) -> folder claimed -> checkpoint opened (a refused resume stops here, before any
 *   thread) -> farm -> threads -> the flow's steps -> threads closed -> files kept or deleted ->
 *   farm closed -> folder released.
 *
 * Whatever fails at any point, what was set up is taken down: no thread outlives a refused resume.
 */
import { Budget } from './budget'
import { Checkpoint, searchParams, type BuildEntry, type Position } from './checkpoint'
import type { LevelKernel, RuleBase } from './contract'
import { InlineExecutor, ThreadExecutor, type Executor, type WorkerFactory } from './executor'
import type { LevelFarm } from './farm'
import { LevelSearch, recordedLevel, type DiskOptions, type LevelSearchOptions, type RunsMerged } from './levels'
import type { Phase, Progress } from './progress'
import { Reporter } from './reporter'
import type { StateSet } from './state-set'
import { packedStore } from './packed-store'
import type { FileStore } from './storage'

/** What every search job's parameters give the spine (core/job-fields.ts limitFields and diskFields). */
export interface SpineJob {
  readonly threads: number
  readonly budgetBytes: number
  readonly timeLimit: number
  /** A folder for levels on disk, its checkpoint, and whether to resume the one it holds. */
  readonly disk?: string
  readonly resume?: boolean
  /** A job queue's URL whose workers build the levels (in `shards` shards), sharing `disk`. */
  readonly cluster?: string
  readonly shards?: number
  /** Bytes the folder's files may take before the runs of a level being built are merged into one. */
  readonly diskLimit?: number
  /** Keep every search's level files when the job ends (by default a settled length's go). */
  readonly keepLevels?: boolean
}

/** What a host gives the spine: threads, files, a farm (each where it has them). */
export interface SpineHost<I> {
  /** A maker of expansion threads that rebuild a domain from its init. */
  readonly workers?: WorkerFactory<I>
  /** A store of files in a folder, for level sets on disk (Node: src/hosts/node/store.ts). */
  readonly files?: (folder: string) => FileStore
  /** Workers on a job queue at `url` that share `folder` (Node: src/hosts/node/cluster.ts). */
  readonly farm?: (url: string, folder: string) => LevelFarm
  /**
   * Sizes of a level built on disk (defaults: chunks of 65,536 parents, a sort buffer of a quarter
   * of the budget; a resume's notice of each level file it checks from 1,048,576 rows): tests make
   * them small, so that a small level spans many chunks and runs.
   */
  readonly diskSizes?: { readonly chunkRows?: number; readonly bufferBytes?: number; readonly checkNoticeRows?: number }
}

/** A domain as the spine needs it: plain data threads and farm tasks rebuild it from, and its kernel. */
export interface SpineDomain<R extends RuleBase, I> {
  readonly init: I
  kernel(): LevelKernel<R>
}

/** The job's folder, once claimed: the store, the sort buffer's bytes, the checkpoint, the farm. */
export interface SpineDisk {
  readonly store: FileStore
  readonly bufferBytes: number
  readonly checkpoint: Checkpoint
  readonly farm?: { readonly farm: LevelFarm; readonly shards: number; readonly init: unknown }
  readonly chunkRows?: number
  readonly limit?: DiskOptions['limit']
  readonly keep?: boolean
}

/** One search a flow asks the spine for. */
export interface SearchSpec {
  /** Its files' name (the same search of a resumed job must get the same name). */
  readonly name: string
  readonly origin: Uint32Array
  /** The duplicate window (LevelSearchOptions.window). */
  readonly window: readonly number[]
  /** Whether its levels go to the job's folder (exhaustive searches), when the job has one. */
  readonly onDisk: boolean
  /** Progress label before the level number ('forward '). */
  readonly label?: string
  readonly allowance?: LevelSearchOptions['allowance']
  readonly heldElsewhere?: number
  /** The deepest level it can reach, where known (a resume's estimate). */
  readonly plan?: number
  /** A budget of its own (a step's first, small look), instead of the job's. */
  readonly budget?: Budget
  /** Compact each level in memory once built (LevelSearchOptions.compact). */
  readonly compact?: boolean
}

/** Rows from which a resume says which level file it is checking (about a second's read). */
const CHECK_NOTICE_ROWS = 1 << 20

/** An executor for a domain's searches: threads when there are more than one and a host makes them. */
export function executorFor<R extends RuleBase, I>(
  host: { readonly workers?: WorkerFactory<I> },
  threads: number,
  domain: SpineDomain<R, I>,
): Executor<R> {
  return threads > 1 && host.workers
    ? new ThreadExecutor<R, I>(host.workers, threads, { type: 'init', domain: domain.init })
    : new InlineExecutor(domain.kernel())
}

export class Spine<R extends RuleBase, I> {
  readonly report: Reporter
  readonly budget: Budget
  private executorOf: Executor<R> | undefined
  /** The job's folder, when it has one (after start). */
  disk: SpineDisk | undefined
  private release: (() => void) | undefined
  /** Searches made, and those whose files stay when the flow ends. */
  private readonly searches = new Set<LevelSearch<R>>()
  private readonly kept = new Set<LevelSearch<R>>()
  cancelled = false

  constructor(
    private readonly job: SpineJob,
    private readonly host: SpineHost<I>,
    progress: (p: Progress) => void,
    phase: Phase,
  ) {
    this.report = new Reporter(progress, phase)
    this.budget = Budget.of(job.budgetBytes, job.timeLimit, this.report.t0)
  }

  /** The executor (threads or inline), once started. */
  get executor(): Executor<R> {
    if (!this.executorOf) throw new Error('internal: the spine is not started')
    return this.executorOf
  }

  /** Worker threads in use (0: inline, or not started). */
  get threads(): number {
    return this.executorOf?.threads ?? 0
  }

  /** The job's checkpoint, when it has a folder. */
  get checkpoint(): Checkpoint | undefined {
    return this.disk?.checkpoint
  }

  /**
   * Set up, in this order: the folder claimed, its checkpoint opened (a resume is checked here and
   * reported), the farm, the threads. Called inside the flow's try/finally (JobFlow.run): whatever
   * throws, stop() takes down what was set up.
   */
  async start(domain: SpineDomain<R, I>, params: object): Promise<void> {
    const job = this.job
    if (job.disk !== undefined) {
      if (!this.host.files) throw new Error('levels on disk need files, which this host does not provide (use the CLI or the desktop app)')
      if (job.cluster !== undefined && !this.host.farm)
        throw new Error('a cluster needs a job queue, which this host does not provide (use the CLI)')
      // Level and run files packed (a state in 1-3 bytes, not W words): core/packed-store.ts.
      const store = packedStore(this.host.files(job.disk))
      this.release = store.claim()
      const checkpoint = new Checkpoint(store, searchParams(params), job.resume === true)
      checkpoint.where = () => ({ phase: this.report.phase, length: this.report.length })
      // A notice (a line kept, never dropped by the progress throttle): the check that follows is one synchronous read.
      const noticeRows = this.host.diskSizes?.checkNoticeRows ?? CHECK_NOTICE_ROWS
      checkpoint.checking = (file, rows) => {
        if (rows >= noticeRows) this.report.notice(`checking ${file} against the checkpoint (${count(rows)} rows, read whole)`)
      }
      this.disk = {
        store,
        bufferBytes: this.host.diskSizes?.bufferBytes ?? Math.floor(job.budgetBytes / 4),
        checkpoint,
        ...(this.host.diskSizes?.chunkRows !== undefined && { chunkRows: this.host.diskSizes.chunkRows }),
        ...(job.diskLimit !== undefined && { limit: { bytes: job.diskLimit, merged: (m: RunsMerged) => this.report.notice(runsMerged(m)) } }),
        ...(job.keepLevels === true && { keep: true }),
      }
      if (checkpoint.resumed) this.report.notice(resumeNotice(checkpoint))
      if (job.cluster !== undefined)
        this.disk = { ...this.disk, farm: { farm: this.host.farm!(job.cluster, job.disk), shards: job.shards ?? 1, init: domain.init } }
    }
    this.executorOf = executorFor(this.host, job.threads, domain)
    if (this.cancelled) this.executorOf.cancel()
  }

  /** A level-by-level search; its levels on disk (and in the checkpoint) when asked and the job has a folder. */
  search(spec: SearchSpec): LevelSearch<R> {
    const disk = spec.onDisk ? this.disk : undefined
    const search = new LevelSearch(this.executor, spec.budget ?? this.budget, spec.origin, {
      window: spec.window,
      onLevel: this.report.level(spec.label ?? ''),
      ...(spec.compact && { compact: true }),
      ...(spec.allowance && { allowance: spec.allowance }),
      ...(spec.heldElsewhere !== undefined && { heldElsewhere: spec.heldElsewhere }),
      ...(disk && { disk: { ...disk, name: spec.name, ...(spec.plan !== undefined && { plan: spec.plan }) } }),
    })
    if (disk) this.searches.add(search)
    return search
  }

  /**
   * Level `rule.level` of the search `name` (of `w` words a state) as the job's checkpoint holds it,
   * its files checked: a level a resumed flow reads without starting that search again.
   */
  recorded(name: string, w: number, rule: R): StateSet | undefined {
    return this.disk && recordedLevel({ ...this.disk, name }, w, rule)?.level
  }

  /** A settled step of the checkpoint, if the job has one and it holds the step. */
  settled<T>(key: string): T | undefined {
    return this.disk?.checkpoint.step<T>(key)
  }

  /** Record a settled step (nothing without a folder). */
  settle(key: string, value: unknown): void {
    this.disk?.checkpoint.settle(key, value)
  }

  /**
   * A search on disk ended (not cancelled): its outcome `value` is the settled step `key`; where it
   * found `none` of what it looked for, nothing is traced through its levels, and its files go now.
   * (A search stopped by time or memory is not closed: its files stay for a resume with more.)
   */
  close(search: LevelSearch<R>, key: string, none: boolean, value: unknown): void {
    if (this.cancelled) return
    this.settle(key, value)
    if (!none || !this.searches.has(search)) return
    search.discard()
    this.searches.delete(search)
  }

  /** A search whose files stay when the flow ends (a found length's levels, for a resume to give it again). */
  keep(search: LevelSearch<R>): void {
    this.kept.add(search)
  }

  /** Stop: pending runs reject with CancelledError. */
  cancel(): void {
    this.cancelled = true
    this.executorOf?.cancel()
  }

  /**
   * Take down what start set up: the threads, the searches' files (they go when the flow ended,
   * but for those kept and those the budget or the time limit stopped, which a resume with more
   * goes on with; when it was cancelled or failed they all stay for a resume), the farm, the folder.
   */
  async stop(ended: boolean): Promise<void> {
    try {
      this.executorOf?.close()
      if (ended) for (const s of this.searches) if (!this.kept.has(s) && (!s.stopped || s.optional)) s.discard()
    } finally {
      try {
        await this.disk?.farm?.farm.close()
      } finally {
        this.release?.()
      }
    }
  }
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US')
const bytes = (b: number): string => (b >= 2 ** 30 ? `${(b / 2 ** 30).toFixed(1)} GB` : `${(b / 2 ** 20).toFixed(0)} MB`)

/** A notice of a level's runs merged at the disk limit. */
function runsMerged(m: RunsMerged): string {
  return `level ${m.level} of search ${m.search}: the folder's files passed the disk limit (${bytes(m.limit)}): the ${m.runs} sorted runs written so far merged into one, ${bytes(m.before)} -> ${bytes(m.after)}`
}

/**
 * What a resume picks up from, and an estimate of what is left of the search in progress: its
 * levels to go, and their states and bytes on disk if they grow as its last levels did.
 */
export function resumeNotice(checkpoint: Checkpoint): string {
  const { settled, at, sizes, w, building } = checkpoint.resumeState()
  const parts = [`resuming the search in ${checkpoint.store.where}`]
  if (settled.length > 0) {
    const last = settled.slice(-4).map((s) => `'${s}'`)
    parts.push(
      `${settled.length} step${settled.length === 1 ? '' : 's'} settled before (${settled.length > 4 ? 'the last: ' : ''}${last.join(', ')})`,
    )
  }
  const inside = building.map(({ name, entry }) => insideLevel(name, entry, checkpoint.store))
  if (!at) {
    parts.push(...inside)
    if (inside.length > 0) return parts.join('; ')
    parts.push(
      `no level of a search in progress was finished: ${settled.length > 0 ? 'the next search' : 'it'} starts from its first level`,
    )
    return parts.join('; ')
  }
  parts.push(picksUp(at))
  parts.push(...inside)
  const left = estimate(at, sizes, bytesPerState(checkpoint.store, `${at.search}.L${at.level}`, at.size, w))
  if (left) parts.push(left)
  return parts.join('; ')
}

/** Where a resume picks up after the level finished last: the next level, or, at the search's last, what reads it. */
export function picksUp(at: Position): string {
  const last = at.plan !== null && at.level >= at.plan
  const next = last ? 'that is its last level; next, the step that reads its levels (in a proof, the meeting)' : `next, level ${at.level + 1}`
  return `picks up at ${at.length !== null ? `length ${at.length}, ` : ''}phase ${at.phase}, search ${at.search} after its level ${at.level} (${count(at.size)} states): ${next}`
}

/** Where a resume picks up inside a level in progress: 'level 11 of search length30b: 37 % of its parents expanded, 24 runs kept (...)'. */
function insideLevel(name: string, e: BuildEntry, store: FileStore): string {
  const m = /^(.*)\.L(\d+)$/.exec(name)
  const where = m ? `level ${m[2]} of search ${m[1]}` : name
  const pct = e.parents.rows > 0 ? Math.floor((100 * e.done) / e.parents.rows) : 100
  let held = 0
  for (const r of e.runs) held += store.exists(r.name) ? store.size(r.name) : 0
  return `inside ${where}: ${pct} % of its parents expanded (${count(e.done)} of ${count(e.parents.rows)}), ${e.runs.length} run${e.runs.length === 1 ? '' : 's'} kept (${bytes(held)}): it goes on from parent ${count(e.done)}`
}

/** Bytes a state takes on disk, as the level file `name` of `rows` states shows (W words a state where it cannot be read). */
function bytesPerState(store: FileStore, name: string, rows: number, w: number): number {
  return rows >= 1000 && store.exists(name) ? store.size(name) / rows : w * 4
}

/**
 * Levels, states and disk left in the search at `at` (`perState` bytes a state on disk), by the growth of its last two levels. Summed
 * over every level left only where that sum means something (a few levels, or levels that shrink):
 * over many growing levels the product of growths says nothing (the bound cuts the last levels),
 * and the next level's size is what is worth knowing.
 */
export function estimate(at: Position, sizes: readonly number[], perState: number): string | undefined {
  if (at.plan === null || at.plan <= at.level) return undefined
  const levels = at.plan - at.level
  const k = at.level
  const last = sizes[k] ?? at.size
  const back = sizes[k - 2] ?? sizes[k - 1]
  const step = sizes[k - 2] !== undefined ? 2 : 1
  const growth = back !== undefined && back > 0 ? (last / back) ** (1 / step) : 1
  const head = `left in this search: at most ${levels} level${levels === 1 ? '' : 's'}`
  const rate = `${growth.toFixed(2)} a level`
  if (levels > 3 && growth > 1) {
    const next = last * growth
    return `${head}; the next about ${count(next)} states and ${bytes(next * perState)} on disk if it grows as the last levels did (${rate}); too many levels left to add up: the bound decides how much the last ones shrink`
  }
  let states = 0
  for (let j = 1, s = last; j <= levels; j++) states += s *= growth
  return `${head}; about ${count(states)} states and ${bytes(states * perState)} on disk if they grow as its last levels did (${rate}; the bound usually shrinks the last ones)`
}
