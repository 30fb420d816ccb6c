/**
 * Executors run the expansion of one level: inline on the calling thread (in chunks, yielding so
 * that a cancel can get in), or spread over worker threads that share the level tables through
 * SharedArrayBuffer and send back the children that survive filtering. Either way the coordinator
 * inserts every surviving child into the next level itself, so the resulting sets do not depend on
 * the number of threads or on timing.
 *
 * Hosts provide threads through WorkerFactory (worker_threads in Node and Electron's utility
 * process, Web Workers in the browser); the messages are in protocol.ts.
 */
import type { TransferDomain } from './domain'
import type { GameRule, GameSink } from './game'
import { addStats, Kernel, newStats, type KernelStats, type Rule, type Sink } from './kernel'
import { type KeySet } from './keyset'
import type { ExpandReply, ExpandTask, InitMessage, WorkerMessage } from './protocol'

/** An expansion loop (Kernel for transfers, GameKernel for games), one per thread. */
export interface LevelKernel {
  expandRange(
    table: Uint32Array,
    start: number,
    end: number,
    rule: Rule & GameRule,
    prev: KeySet | undefined,
    cur: KeySet | undefined,
    sink: Sink & GameSink,
    stats: KernelStats,
  ): void
}

/** One level's expansion. */
export interface LevelJob {
  readonly parents: KeySet
  /** Transfers: the levels before the children's (i - 1, i). Games: prev holds every state seen. */
  readonly prev: KeySet | undefined
  readonly cur: KeySet | undefined
  readonly rule: Rule | GameRule
  readonly sink: Sink & Partial<Pick<GameSink, 'win'>>
  /** Called after each chunk with the parents expanded so far. */
  readonly progress?: (done: number, stats: KernelStats) => void
}

export interface Executor {
  /** Worker threads in use (0 inline). */
  readonly threads: number
  /** Whether level tables should be allocated in shared memory. */
  readonly shared: boolean
  run(job: LevelJob): Promise<KernelStats>
  /** Stop: pending runs reject with CancelledError. */
  cancel(): void
  close(): void
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled')
  }
}

/** Slots per chunk: small enough to report progress and notice a cancel often. */
const CHUNK = 1 << 13

const nextTick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

export class InlineExecutor implements Executor {
  readonly threads = 0
  readonly shared = false
  private readonly kernel: LevelKernel
  private cancelled = false

  /** Inline expansion with a kernel, or, given a transfer domain, with a transfer Kernel. */
  constructor(kernel: TransferDomain | { expandRange(...args: never[]): void }) {
    this.kernel = ('expandRange' in kernel ? kernel : new Kernel(kernel)) as unknown as LevelKernel
  }

  async run(job: LevelJob): Promise<KernelStats> {
    const stats = newStats()
    const table = job.parents.raw
    const slots = job.parents.capacity
    let lastYield = performance.now()
    for (let s = 0; s < slots; s += CHUNK) {
      if (this.cancelled) throw new CancelledError()
      this.kernel.expandRange(
        table,
        s,
        Math.min(slots, s + CHUNK),
        job.rule as Rule & GameRule,
        job.prev,
        job.cur,
        job.sink as Sink & GameSink,
        stats,
      )
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

/** A thread the host made, speaking protocol.ts. */
export interface WorkerPort {
  post(message: WorkerMessage): void
  onMessage(handler: (message: ExpandReply | { type: 'error'; message: string }) => void): void
  onError(handler: (error: Error) => void): void
  terminate(): void
}

export type WorkerFactory = () => WorkerPort

export class ThreadExecutor implements Executor {
  readonly shared = true
  private readonly ports: WorkerPort[]
  private cancelled = false
  private failure: Error | undefined
  /**
   * Handlers of the tasks in flight, by task id. Ids are unique across runs: a run that fails
   * (over budget) leaves tasks in flight, and their late replies must not reach the next run.
   */
  private waiting = new Map<number, (reply: ExpandReply) => void>()
  private nextId = 0
  private abort: ((e: Error) => void) | undefined

  constructor(
    factory: WorkerFactory,
    readonly threads: number,
    init: InitMessage,
  ) {
    this.ports = Array.from({ length: threads }, (_, k) => {
      const port = factory()
      port.onMessage((msg) => {
        if (msg.type === 'error') this.fail(new Error(`worker ${k}: ${msg.message}`))
        else {
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

  run(job: LevelJob): Promise<KernelStats> {
    const stats = newStats()
    const slots = job.parents.capacity
    const chunks = Math.ceil(slots / CHUNK)
    const view = (s: KeySet | undefined) => (s ? { table: s.raw, count: s.size } : undefined)
    const base = { type: 'expand' as const, table: job.parents.raw, prev: view(job.prev), cur: view(job.cur), rule: job.rule }
    return new Promise<KernelStats>((resolve, reject) => {
      let nextChunk = 0
      let done = 0
      this.abort = reject
      if (this.failure) return reject(this.failure)
      this.waiting.clear()
      const send = (port: WorkerPort): void => {
        if (nextChunk >= chunks) return
        const chunk = nextChunk++
        const id = this.nextId++
        this.waiting.set(id, (reply) => {
          if (this.cancelled) return reject(new CancelledError())
          const keys = reply.keys
          const w = job.parents.w
          try {
            for (let k = 0; k < reply.count; k++) job.sink.add(keys, k * w, reply.cs[k]!, reply.scores ? reply.scores[k]! : 0)
            if (reply.wins) for (let k = 0; k * w < reply.wins.length; k++) job.sink.win?.(reply.wins, k * w)
            addStats(stats, reply.stats)
            job.progress?.(stats.parents, stats)
          } catch (e) {
            this.waiting.clear()
            return reject(e as Error)
          }
          done++
          if (done === chunks) resolve(stats)
          else send(port)
        })
        const task: ExpandTask = {
          ...base,
          id,
          start: chunk * CHUNK,
          end: Math.min(slots, (chunk + 1) * CHUNK),
          minScore: job.sink.minScore ?? -Infinity,
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
    for (const p of this.ports) p.terminate()
  }
}
