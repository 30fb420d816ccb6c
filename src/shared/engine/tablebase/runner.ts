/**
 * How the build's passes run: on the calling thread (InlineRunner), or on the engine's expansion
 * threads (ThreadRunner, the hosts' WorkerFactory), which run plain-data tasks through the
 * registry (thread.ts). A pass is a list of block ranges; threads take them as they come free, and
 * their counts add up. Every entry is written by the thread holding its block, so the tables do not
 * depend on the number of threads or on timing.
 */
import { CancelledError, nextTick, type WorkerFactory, type WorkerPort } from '../core/executor'
import type { TaskReply } from '../core/messages'
import type { DomainInit } from '../registry'
import { newCounts, TablebaseKernel, type PassCounts, type TableViews } from './kernel'
import { Layout } from './layout'
import type { TablebaseGame, TablebaseSpec } from './game'

/**
 * One task: a pass over blocks [b0, b1): the first pass, a level, or the frontier of a level done
 * rebuilt from the state (a resumed build).
 */
export type BlockTask =
  | { readonly op: 'init'; readonly b0: number; readonly b1: number }
  | { readonly op: 'level' | 'frontier'; readonly b0: number; readonly b1: number; readonly level: number }

/** The tables as threads see them: shared buffers (`frontier` 0: maps A current, B next; 1: the reverse). */
export interface SharedTables {
  readonly segmentBlocks: number
  readonly state: readonly (SharedArrayBuffer | ArrayBuffer)[]
  readonly mapsA: readonly (SharedArrayBuffer | ArrayBuffer)[]
  readonly mapsB: readonly (SharedArrayBuffer | ArrayBuffer)[]
}

/** A task as it crosses to a thread. */
export type TablebaseThreadTask =
  | {
      readonly kind: 'tablebase'
      readonly op: 'attach'
      readonly build: number
      readonly spec: TablebaseSpec
      readonly tables: SharedTables
    }
  | { readonly kind: 'tablebase'; readonly op: 'segment'; readonly build: number; readonly segment: number; readonly parts: SegmentParts }
  | { readonly kind: 'tablebase'; readonly op: 'run'; readonly build: number; readonly frontier: 0 | 1; readonly task: BlockTask }

/** New buffers for one segment: its state, or its part of a frontier map (tables on disk). */
export interface SegmentParts {
  readonly state?: SharedArrayBuffer | ArrayBuffer
  readonly mapA?: SharedArrayBuffer | ArrayBuffer
  readonly mapB?: SharedArrayBuffer | ArrayBuffer
}

/** The tables with one segment's buffers replaced. */
export function withSegment(t: SharedTables, index: number, parts: SegmentParts): SharedTables {
  const put = (list: readonly (SharedArrayBuffer | ArrayBuffer)[], b: SharedArrayBuffer | ArrayBuffer | undefined) =>
    b ? list.map((x, i) => (i === index ? b : x)) : list
  return { ...t, state: put(t.state, parts.state), mapsA: put(t.mapsA, parts.mapA), mapsB: put(t.mapsB, parts.mapB) }
}

/** Views of shared tables with the maps in the order a level wants. */
export function viewsOf(t: SharedTables, frontier: 0 | 1): TableViews {
  const state = t.state.map((b) => new Uint16Array(b))
  const a = t.mapsA.map((b) => new Int32Array(b))
  const b = t.mapsB.map((x) => new Int32Array(x))
  return { segmentBlocks: t.segmentBlocks, state, current: frontier === 0 ? a : b, next: frontier === 0 ? b : a }
}

/** Run one task on a kernel. */
export function runBlockTask(kernel: TablebaseKernel, views: TableViews, task: BlockTask): PassCounts {
  const counts = newCounts()
  if (task.op === 'init') kernel.initBlocks(views, task.b0, task.b1, counts)
  else if (task.op === 'level') kernel.levelBlocks(views, task.b0, task.b1, task.level, counts)
  else kernel.frontierBlocks(views, task.b0, task.b1, task.level, counts)
  counts.blocks = task.b1 - task.b0
  return counts
}

export function addCounts(a: PassCounts, b: PassCounts): void {
  a.resolved += b.resolved
  a.illegal += b.illegal
  a.expanded += b.expanded
  a.moves += b.moves
  a.blocks += b.blocks
}

export interface BlockRunner {
  /** Threads in use (0: the calling thread). */
  readonly threads: number
  /** Whether tables must be SharedArrayBuffers. */
  readonly shared: boolean
  /** Hand the threads the tables. */
  attach(tables: SharedTables): Promise<void>
  /** Replace one segment's buffers (a segment loaded from disk, or let go of). */
  segment(index: number, parts: SegmentParts): Promise<void>
  /** Run tasks; `done` after each with its counts; the sum. */
  run(tasks: readonly BlockTask[], frontier: 0 | 1, done: (counts: PassCounts) => void): Promise<PassCounts>
  cancel(): void
  readonly cancelled: boolean
  close(): void
}


export class InlineRunner implements BlockRunner {
  readonly threads = 0
  readonly shared = false
  cancelled = false
  private readonly kernel: TablebaseKernel
  private tables: SharedTables | undefined
  private views: [TableViews, TableViews] | undefined

  constructor(game: TablebaseGame) {
    this.kernel = new TablebaseKernel(new Layout(game))
  }

  attach(tables: SharedTables): Promise<void> {
    this.tables = tables
    this.views = [viewsOf(tables, 0), viewsOf(tables, 1)]
    return Promise.resolve()
  }

  segment(index: number, parts: SegmentParts): Promise<void> {
    return this.attach(withSegment(this.tables!, index, parts))
  }

  async run(tasks: readonly BlockTask[], frontier: 0 | 1, done: (counts: PassCounts) => void): Promise<PassCounts> {
    const sum = newCounts()
    let lastYield = performance.now()
    for (const task of tasks) {
      if (this.cancelled) throw new CancelledError()
      const c = runBlockTask(this.kernel, this.views![frontier], task)
      addCounts(sum, c)
      done(c)
      if (performance.now() - lastYield > 100) {
        await nextTick()
        lastYield = performance.now()
      }
    }
    if (this.cancelled) throw new CancelledError()
    return sum
  }

  cancel(): void {
    this.cancelled = true
  }

  close(): void {}
}

let builds = 0

/** Tasks on the engine's expansion threads (the hosts' WorkerFactory). */
export class ThreadRunner implements BlockRunner {
  readonly shared = true
  cancelled = false
  private readonly ports: WorkerPort<DomainInit>[]
  private readonly build = ++builds
  private waiting = new Map<number, (reply: TaskReply) => void>()
  private nextId = 0
  private failure: Error | undefined
  private abort: ((e: Error) => void) | undefined

  constructor(
    factory: WorkerFactory<DomainInit>,
    readonly threads: number,
    private readonly spec: TablebaseSpec,
  ) {
    this.ports = Array.from({ length: threads }, (_, k) => {
      const port = factory()
      port.onMessage((msg) => {
        if (msg.type === 'error') this.fail(new Error(`tablebase thread ${k}: ${msg.message}`))
        else if (msg.type === 'task-done') {
          const handler = this.waiting.get(msg.id)
          this.waiting.delete(msg.id)
          handler?.(msg)
        }
      })
      port.onError((e) => this.fail(e))
      return port
    })
  }

  private fail(e: Error): void {
    this.failure ??= e
    this.abort?.(e)
  }

  /** Post a task to a port; resolves with its reply. */
  private ask(port: WorkerPort<DomainInit>, task: TablebaseThreadTask): Promise<TaskReply> {
    return new Promise<TaskReply>((resolve, reject) => {
      if (this.failure) return reject(this.failure)
      const id = this.nextId++
      this.waiting.set(id, resolve)
      this.abort = reject
      port.post({ type: 'task', id, task })
    })
  }

  async attach(tables: SharedTables): Promise<void> {
    await Promise.all(this.ports.map((p) => this.ask(p, { kind: 'tablebase', op: 'attach', build: this.build, spec: this.spec, tables })))
  }

  async segment(index: number, parts: SegmentParts): Promise<void> {
    await Promise.all(this.ports.map((p) => this.ask(p, { kind: 'tablebase', op: 'segment', build: this.build, segment: index, parts })))
  }

  run(tasks: readonly BlockTask[], frontier: 0 | 1, done: (counts: PassCounts) => void): Promise<PassCounts> {
    const sum = newCounts()
    return new Promise<PassCounts>((resolve, reject) => {
      if (this.failure) return reject(this.failure)
      let next = 0
      let finished = 0
      this.abort = reject
      if (tasks.length === 0) return resolve(sum)
      const send = (port: WorkerPort<DomainInit>): void => {
        if (next >= tasks.length) return
        const task = tasks[next++]!
        const id = this.nextId++
        this.waiting.set(id, (reply) => {
          if (this.cancelled) return reject(new CancelledError())
          const c = reply.result as PassCounts
          addCounts(sum, c)
          done(c)
          finished++
          if (finished === tasks.length) resolve(sum)
          else send(port)
        })
        const message: TablebaseThreadTask = { kind: 'tablebase', op: 'run', build: this.build, frontier, task }
        port.post({ type: 'task', id, task: message })
      }
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
