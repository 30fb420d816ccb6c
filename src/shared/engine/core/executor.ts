/**
 * Executors run the expansion of one level: inline on the calling thread (in chunks, yielding so
 * that a cancel can get in), or spread over worker threads that share the level tables through
 * SharedArrayBuffer and send back the children that survive filtering. Either way the coordinator
 * hands every surviving child to the level's sink itself, in chunk order, so the resulting sets
 * (and their tables' slot order) do not depend on the number of threads or on timing.
 *
 * Hosts provide threads through WorkerFactory (worker_threads in Node and Electron's utility
 * process, Web Workers in the browser); the messages are in messages.ts.
 */
import { addStats, newStats, type KernelStats, type LevelKernel, type RuleBase, type Sink } from './contract'
import { type KeySet } from './keyset'
import type { SlotTable } from './state-set'
import type { ExpandReply, ExpandTask, InitMessage, WorkerMessage, WorkerReply } from './messages'

/** One level's expansion. */
export interface LevelJob<R extends RuleBase> {
  readonly parents: SlotTable
  /** The duplicate window (see LevelKernel.expandRange). */
  readonly window: readonly KeySet[]
  readonly rule: R
  readonly sink: Sink
  /**
   * Called after each chunk, and inline inside a slow chunk at each yield (every 100 ms), with the
   * parents expanded so far; it may throw to stop the run (a budget, a time limit) between two
   * pieces, as a cancel does.
   */
  readonly progress?: (done: number, stats: KernelStats) => void
}

export interface Executor<R extends RuleBase> {
  /** Worker threads in use (0 inline). */
  readonly threads: number
  /** Whether level tables should be allocated in shared memory. */
  readonly shared: boolean
  run(job: LevelJob<R>): Promise<KernelStats>
  /** Stop: pending runs reject with CancelledError. */
  cancel(): void
  /** Whether cancel() was called (work done outside the executor, e.g. by a farm, checks it). */
  readonly cancelled: boolean
  close(): void
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled')
  }
}

/** Slots per chunk: small enough to report progress and notice a cancel often. */
const CHUNK = 1 << 13

/** Chunks per thread that may be in flight or waiting ahead of the next one handed to the sink. */
const AHEAD = 4

/** Milliseconds an inline piece of a chunk is sized to take (see InlineExecutor.run). */
const PIECE_MS = 10

/** Milliseconds between the threaded executor's checks of the budget and time limit while replies are awaited. */
const HEARD_MS = 100

/** One turn of the event loop (a timer's): where a cancel, a stop or an input line waiting is heard. */
export const nextTick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

export class InlineExecutor<R extends RuleBase> implements Executor<R> {
  readonly threads = 0
  readonly shared = false
  cancelled = false

  constructor(private readonly kernel: LevelKernel<R>) {}

  async run(job: LevelJob<R>): Promise<KernelStats> {
    const stats = newStats()
    const table = job.parents.raw
    const slots = job.parents.capacity
    let lastYield = performance.now()
    // Slots the kernel is handed at once, sized to take about PIECE_MS: a chunk is expanded in
    // pieces, and between two the executor yields (every 100 ms), hears a cancel and calls
    // job.progress (a time limit, a budget stop there, as at a chunk's end). A cheap
    // kernel's piece doubles to the whole chunk; a slow one's shrinks to a few slots: the players
    // look-ahead (reach.ts) spent 8 s on one chunk of 481 parents of a six-player beam, the cancel
    // unheard till it ended. Small at each run's start (a level may be slower than the last).
    // Kernels keep nothing from one parent to the next, so the pieces change no level.
    let piece = 16
    for (let s = 0; s < slots; s += CHUNK) {
      if (this.cancelled) throw new CancelledError()
      const end = Math.min(slots, s + CHUNK)
      for (let p = s; p < end; ) {
        const q = Math.min(end, p + piece)
        const t = performance.now()
        this.kernel.expandRange(table, p, q, job.rule, job.window, job.sink, stats)
        const now = performance.now()
        const ms = now - t
        if (ms > 2 * PIECE_MS) piece = Math.max(1, Math.floor(((q - p) * PIECE_MS) / ms))
        else if (ms < PIECE_MS / 2 && q - p === piece) piece = Math.min(CHUNK, piece * 2)
        p = q
        if (p < end && now - lastYield > 100) {
          await nextTick()
          lastYield = performance.now()
          if (this.cancelled) throw new CancelledError()
          job.progress?.(stats.parents, stats)
        }
      }
      job.progress?.(stats.parents, stats)
      if (performance.now() - lastYield > 100) {
        await nextTick()
        lastYield = performance.now()
      }
    }
    return stats
  }

  cancel(): void {
    this.cancelled = true
  }

  close(): void {}
}

/** A thread the host made, speaking messages.ts. */
export interface WorkerPort<I> {
  post(message: WorkerMessage<I>): void
  onMessage(handler: (message: WorkerReply) => void): void
  onError(handler: (error: Error) => void): void
  terminate(): void
}

export type WorkerFactory<I> = () => WorkerPort<I>

/** Hand a reply's children and goals to the level's sink. */
function deliver(reply: ExpandReply, sink: Sink, w: number): void {
  const { keys, parents, scores } = reply
  for (let k = 0; k < reply.count; k++) sink.child(keys, k * w, parents[k]!, scores ? scores[k]! : 0)
  const goals = reply.goals
  if (goals) for (let k = 0; k * w < goals.length; k++) sink.goal(goals, k * w, reply.goalParents![k]!)
}

export class ThreadExecutor<R extends RuleBase, I> implements Executor<R> {
  readonly shared = true
  private readonly ports: WorkerPort<I>[]
  cancelled = false
  private failure: Error | undefined
  /**
   * Handlers of the tasks in flight, by task id. Ids are unique across runs: a run that fails
   * (over budget) leaves tasks in flight, and their late replies must not reach the next run.
   */
  private waiting = new Map<number, (reply: ExpandReply) => void>()
  private nextId = 0
  private abort: ((e: Error) => void) | undefined

  constructor(
    factory: WorkerFactory<I>,
    readonly threads: number,
    init: InitMessage<I>,
  ) {
    this.ports = Array.from({ length: threads }, (_, k) => {
      const port = factory()
      port.onMessage((msg) => {
        if (msg.type === 'error') this.fail(new Error(`worker ${k}: ${msg.message}`))
        else if (msg.type === 'expanded') {
          const handler = this.waiting.get(msg.id)
          this.waiting.delete(msg.id)
          handler?.(msg)
        }
      })
      port.onError((e) => this.fail(e))
      port.post(init)
      return port
    })
  }

  private fail(e: Error): void {
    this.failure ??= e
    this.abort?.(e)
  }

  run(job: LevelJob<R>): Promise<KernelStats> {
    // Cancelled between two runs (a level on disk is many runs, a chunk each): the threads are gone.
    if (this.cancelled) return Promise.reject(new CancelledError())
    const stats = newStats()
    const slots = job.parents.capacity
    const chunks = Math.ceil(slots / CHUNK)
    const w = job.parents.w
    const window = job.window.map((s) => ({ table: s.raw, count: s.size }))
    return new Promise<KernelStats>((resolveRun, rejectRun) => {
      // A slow chunk holds its thread's reply for seconds: the budget and the time limit
      // (job.progress) are also heard every 100 ms between replies, as the inline executor hears
      // them at its yields. What the sink holds is whole chunks in order either way.
      // A run settled (or its executor closed): the next check ends the timer's chain (within 100 ms).
      let settled = false
      const resolve = (s: KernelStats): void => {
        settled = true
        resolveRun(s)
      }
      const reject = (e: Error): void => {
        settled = true
        rejectRun(e)
      }
      const heard = (): void => {
        if (settled || this.closed) return
        try {
          job.progress?.(stats.parents, stats)
        } catch (e) {
          this.waiting.clear()
          return reject(e as Error)
        }
        setTimeout(heard, HEARD_MS)
      }
      if (job.progress) setTimeout(heard, HEARD_MS)
      let nextChunk = 0
      let done = 0
      // Replies are handed to the sink in chunk order, as the inline executor does: a level's
      // table (its slot order, which settles a game beam's ties) is then the same for any number
      // of threads. Replies ahead of the next one wait here; a thread more than AHEAD chunks per
      // thread ahead of the next one waits in `idle`.
      const ready = new Map<number, ExpandReply>()
      let delivered = 0
      const idle: WorkerPort<I>[] = []
      this.abort = reject
      if (this.failure) return reject(this.failure)
      this.waiting.clear()
      const send = (port: WorkerPort<I>): void => {
        if (nextChunk >= chunks) return
        if (nextChunk >= delivered + AHEAD * this.threads) return void idle.push(port)
        const chunk = nextChunk++
        const id = this.nextId++
        this.waiting.set(id, (reply) => {
          if (this.cancelled) return reject(new CancelledError())
          ready.set(chunk, reply)
          try {
            for (let r = ready.get(delivered); r !== undefined; r = ready.get(delivered)) {
              ready.delete(delivered++)
              deliver(r, job.sink, w)
              addStats(stats, r.stats)
              job.progress?.(stats.parents, stats)
            }
          } catch (e) {
            this.waiting.clear()
            return reject(e as Error)
          }
          done++
          if (done === chunks) return resolve(stats)
          send(port)
          while (idle.length > 0 && nextChunk < delivered + AHEAD * this.threads) send(idle.pop()!)
        })
        const task: ExpandTask = {
          type: 'expand',
          id,
          table: job.parents.raw,
          window,
          rule: job.rule,
          start: chunk * CHUNK,
          end: Math.min(slots, (chunk + 1) * CHUNK),
          minScore: job.sink.minScore,
        }
        port.post(task)
      }
      if (chunks === 0) return resolve(stats)
      // Two tasks in flight per thread, so that a thread never waits for the coordinator.
      for (const port of this.ports) {
        send(port)
        send(port)
      }
    })
  }

  cancel(): void {
    this.cancelled = true
    for (const p of this.ports) p.terminate()
    this.abort?.(new CancelledError())
  }

  close(): void {
    this.closed = true
    for (const p of this.ports) p.terminate()
  }

  /** Closed: a run still waiting (its threads gone) checks its limits no more. */
  private closed = false
}
