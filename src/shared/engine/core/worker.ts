/**
 * The expansion thread's side of messages.ts, free of any host API: a host wires `handle` to its
 * message port (worker_threads, Web Worker) and posts what it returns. Which domains a thread can
 * build is the registry it is given (../registry.ts).
 */
import { newStats, type Sink, type ThreadKernel } from './contract'
import { KeySet } from './keyset'
import type { ExpandReply, TableView, TaskReply, WorkerMessage } from './messages'

/** Growable typed arrays. */
function grown<T extends Uint32Array | Int32Array | Float64Array>(a: T, n: number, make: (n: number) => T): T {
  const b = make(n)
  b.set(a)
  return b
}

/** Children and goals collected for one task. */
class Collector implements Sink {
  minScore = -Infinity
  keys: Uint32Array
  parents = new Int32Array(4096)
  scores = new Float64Array(4096)
  count = 0
  /** Whether any child had a score (the rule asks for scores): only then are they sent back. */
  scored = false
  goals: number[] = []
  goalParents: number[] = []
  constructor(private readonly w: number) {
    this.keys = new Uint32Array(4096 * w)
  }
  child(keys: Uint32Array, off: number, parent: number, score: number): void {
    if (this.count === this.parents.length) {
      const n = this.parents.length * 2
      this.keys = grown(this.keys, n * this.w, (k) => new Uint32Array(k))
      this.parents = grown(this.parents, n, (k) => new Int32Array(k))
      this.scores = grown(this.scores, n, (k) => new Float64Array(k))
    }
    const w = this.w
    const o = this.count * w
    for (let k = 0; k < w; k++) this.keys[o + k] = keys[off + k]!
    this.parents[this.count] = parent
    this.scores[this.count] = score
    if (score !== 0) this.scored = true
    this.count++
  }
  goal(keys: Uint32Array, off: number, parent: number): void {
    for (let k = 0; k < this.w; k++) this.goals.push(keys[off + k]!)
    this.goalParents.push(parent)
  }
}

export class ExpansionWorker<I> {
  private kernel: ThreadKernel | undefined

  /**
   * `build`: the registry's thread kernel for a domain description; `runTask`: the registry's
   * runner of plain-data tasks (registry.ts runThreadTask).
   */
  constructor(
    private readonly build: (domain: I) => ThreadKernel,
    private readonly runTask?: (task: { readonly kind: string }) => unknown,
  ) {}

  /** Handle one message; the reply (if any) and the buffers to transfer with it. */
  handle(msg: WorkerMessage<I>): { reply: ExpandReply | TaskReply; transfer: ArrayBuffer[] } | undefined {
    if (msg.type === 'init') {
      this.kernel = this.build(msg.domain)
      return undefined
    }
    if (msg.type === 'task') {
      if (!this.runTask) throw new Error('internal: this thread runs no tasks')
      return { reply: { type: 'task-done', id: msg.id, result: this.runTask(msg.task) }, transfer: [] }
    }
    const kernel = this.kernel
    if (!kernel) throw new Error('expand before init')
    const w = kernel.w
    const view = (v: TableView): KeySet => KeySet.adopt(w, v.table, v.count)
    const sink = new Collector(w)
    sink.minScore = msg.minScore
    const stats = newStats()
    kernel.expandRange(msg.table, msg.start, msg.end, msg.rule, msg.window.map(view), sink, stats)
    const n = sink.count
    const keys = sink.keys.slice(0, n * w)
    const parents = sink.parents.slice(0, n)
    // Scores go back when a child had one: the domain's rule asked for them (any domain's way).
    const scores = sink.scored ? sink.scores.slice(0, n) : undefined
    const goals = sink.goals.length > 0 ? Uint32Array.from(sink.goals) : undefined
    const goalParents = goals ? Int32Array.from(sink.goalParents) : undefined
    const buffers = [keys, parents, scores, goals, goalParents].filter((a) => a !== undefined)
    return {
      reply: { type: 'expanded', id: msg.id, keys, parents, scores, count: n, goals, goalParents, stats },
      transfer: buffers.map((a) => a.buffer as ArrayBuffer),
    }
  }
}
