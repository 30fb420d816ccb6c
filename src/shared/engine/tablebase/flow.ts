/**
 * The tablebase job's flow: the build (build.ts) on the engine's threads or the calling one, then
 * the table written to the job's folder (or kept in memory), its header and the build's record as
 * the result. A folder that already holds the finished table is read, not built again; a build
 * stopped (cancelled, out of time, killed) keeps its checkpoint there for `resume`.
 */
import { Budget, BudgetError } from '../core/budget'
import { CheckpointError } from '../core/checkpoint'
import type { Progress } from '../core/progress'
import { Reporter } from '../core/reporter'
import type { FileStore } from '../core/storage'
import type { ExecutorHost, RunningFlow } from '../registry'
import { TablebaseBuild } from './build'
import { TablebaseGame } from './game'
import type { TablebaseJob, TablebaseResult } from './job'
import { memoryStore } from './memory-store'
import { InlineRunner, ThreadRunner, type BlockRunner } from './runner'
import { readHeader, writeTable, DISTANCE, HEADER, VALUES } from './table'
import { MANIFEST } from './build'

/** A build stopped by its time limit or memory budget (the message says how far it got). */
export class TablebaseStopped extends Error {}

export class TablebaseFlow implements RunningFlow<TablebaseResult> {
  private runner: BlockRunner | undefined
  private cancelled = false

  constructor(
    private readonly job: TablebaseJob,
    private readonly host: ExecutorHost,
    private readonly progress: (p: Progress) => void,
  ) {}

  async run(): Promise<TablebaseResult> {
    const job = this.job
    // The spine's reporter and budget (core/spine.ts): the same progress and deadline as every flow's.
    const report = new Reporter(this.progress, 'retrograde')
    const t0 = report.t0
    const game = TablebaseGame.of({ side: job.side, men: job.men })
    if (!game.ok) throw new Error(game.error.message)
    let store: FileStore | undefined
    if (job.out !== undefined) {
      if (!this.host.files)
        throw new Error('this host keeps no files: a tablebase with a folder (out) is built by the CLI or the desktop app')
      store = this.host.files(job.out)
    }
    const release = store?.claim()
    try {
      if (store && store.exists(HEADER)) {
        // A finished table: resuming it is reading it; building over it is refused (nothing made is lost).
        if (!job.resume && !job.reuse)
          throw new CheckpointError(`${store.where} holds a tablebase already: give another folder, or resume to use it`)
        const done = readHeader(store)
        if (!done.ok) throw new CheckpointError(done.error.message)
        const had = done.value.spec
        if (had.side !== job.side || had.men !== job.men)
          throw new CheckpointError(
            `${store.where} holds the finished table of ${gameWords(had.side, had.men)}, not ${gameWords(job.side, job.men)}: give another folder`,
          )
        return this.existing(done.value, t0, job.keep ? readWords(store) : null)
      }
      const threads = job.threads > 1 && this.host.workers ? job.threads : 0
      const runner = (this.runner =
        threads > 0 ? new ThreadRunner(this.host.workers!, threads, game.value.spec) : new InlineRunner(game.value))
      if (this.cancelled) runner.cancel()
      const build = new TablebaseBuild(game.value, {
        runner,
        budgetBytes: job.budgetBytes,
        deadline: Budget.of(job.budgetBytes, job.timeLimit, t0).deadline,
        ...(store && { work: store }),
        resume: job.resume || (job.reuse && store?.readText(MANIFEST) !== undefined),
        checkpointSeconds: job.checkpointSeconds,
        onDisk: job.onDisk,
        progress: (p) =>
          report.emit(p.message, {
            level: p.level,
            levelSize: p.resolved,
            done: p.done,
            total: p.total,
            rate: p.rate,
            memoryBytes: p.memoryBytes,
            diskBytes: p.diskBytes,
          }),
      })
      let built
      try {
        built = await build.run()
      } catch (e) {
        if (e instanceof BudgetError) {
          const where = store ? `; the checkpoint in ${store.where} goes on with it (resume)` : ''
          throw new TablebaseStopped(
            e.kind === 'time'
              ? `time limit reached at level ${e.level}${where}`
              : `the tables need ${bytesText(e.bytes)} of memory, past the budget${store ? '' : ' (a folder, out, keeps the state on disk)'}${where}`,
            { cause: e },
          )
        }
        throw e
      } finally {
        runner.close()
      }
      const buildSeconds = (performance.now() - t0) / 1000
      const target = store ?? memoryStore()
      const header = writeTable(target, built)
      build.cleanup()
      const kept = job.keep || !store
      const words = kept ? readWords(target) : null
      return {
        header,
        folder: store ? store.where : null,
        words: job.keep ? words : null,
        stats: {
          buildSeconds,
          seconds: (performance.now() - t0) / 1000,
          threads,
          entries: built.layout.entries,
          peakBytes: built.peakBytes,
          peakDiskBytes: built.peakDiskBytes,
          onDisk: built.onDisk,
          resumedAt: build.resumedAt,
          existing: false,
          levels: built.levels,
        },
      }
    } finally {
      release?.()
    }
  }

  /** The result of a finished table found in the folder (its words read when the job keeps them). */
  private existing(header: TablebaseResult['header'], t0: number, words: TablebaseResult['words']): TablebaseResult {
    const seconds = (performance.now() - t0) / 1000
    return {
      header,
      folder: this.job.out ?? null,
      words,
      stats: {
        buildSeconds: 0,
        seconds,
        threads: 0,
        entries: header.layout.entries,
        peakBytes: 0,
        peakDiskBytes: 0,
        onDisk: false,
        resumedAt: null,
        existing: true,
        levels: [],
      },
    }
  }

  cancel(): void {
    this.cancelled = true
    this.runner?.cancel()
  }
}

/** Bytes for a message: MiB below a GiB. */
const bytesText = (n: number): string => (n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(2)} GiB` : `${(n / 2 ** 20).toFixed(1)} MiB`)

/** A table's words from a store. */
function readWords(store: FileStore): { values: Uint32Array; distance: Uint32Array } {
  const read = (name: string): Uint32Array => {
    const r = store.open(name, 1)
    const out = new Uint32Array(r.rows)
    r.read(0, out, r.rows)
    r.close()
    return out
  }
  return { values: read(VALUES), distance: read(DISTANCE) }
}

/** A table's game in words: "4x4 with 1 man a side". */
const gameWords = (side: number, men: number): string => `${side}x${side} with ${men} ${men === 1 ? 'man' : 'men'} a side`
