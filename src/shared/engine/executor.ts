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
import type { DocumentSpec } from '../document'
import type { DomainOptions, TransferDomain } from './domain'
import { addStats, Kernel, newStats, type KernelStats, type Rule, type Sink } from './kernel'
import { type KeySet } from './keyset'
import type { ExpandReply, ExpandTask, WorkerMessage } from './protocol'

/** One level's expansion. */
export interface LevelJob {
  readonly parents: KeySet
  readonly prev: KeySet | undefined
  readonly cur: KeySet | undefined
  readonly rule: Rule
  readonly sink: Sink
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
  private readonly kernel: Kernel
  private cancelled = false

  constructor(domain: TransferDomain) {
    this.kernel = new Kernel(domain)
  }

  async run(job: LevelJob): Promise<KernelStats> {
    const stats = newStats()
    const table = job.parents.raw
    const slots = job.parents.capacity
    let lastYield = performance.now()
    for (let s = 0; s < slots; s += CHUNK) {
      if (this.cancelled) throw new CancelledError()
      this.kernel.expandRange(table, s, Math.min(slots, s + CHUNK), job.rule, job.prev, job.cur, job.sink, stats)
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
    spec: DocumentSpec,
    options: DomainOptions,
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
      port.post({ type: 'init', spec, options })
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
