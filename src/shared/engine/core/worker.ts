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

/**
 * Children and goals collected for one task. One per thread, reused from task to task (its arrays
 * keep the size the largest task needed): the reply gets copies of exactly the rows collected.
 * Scores are kept only once a child has one (a rule that asks for scores: a beam).
 */
class Collector implements Sink {
  minScore = -Infinity
  keys: Uint32Array
  parents = new Int32Array(4096)
  scores: Float64Array | undefined
  count = 0
  goals: number[] = []
  goalParents: number[] = []
  constructor(private readonly w: number) {
    this.keys = new Uint32Array(4096 * w)
  }
  reset(minScore: number): void {
    this.minScore = minScore
    this.count = 0
    this.scores = undefined
    this.goals = []
    this.goalParents = []
  }
  child(keys: Uint32Array, off: number, parent: number, score: number): void {
    const w = this.w
    if (this.count === this.parents.length) {
      const n = this.parents.length * 2
      this.keys = grown(this.keys, n * w, (k) => new Uint32Array(k))
      this.parents = grown(this.parents, n, (k) => new Int32Array(k))
      if (this.scores) this.scores = grown(this.scores, n, (k) => new Float64Array(k))
    }
    const o = this.count * w
    for (let k = 0; k < w; k++) this.keys[o + k] = keys[off + k]!
    this.parents[this.count] = parent
    if (score !== 0 || this.scores) (this.scores ??= new Float64Array(this.parents.length))[this.count] = score
    this.count++
  }
  goal(keys: Uint32Array, off: number, parent: number): void {
    for (let k = 0; k < this.w; k++) this.goals.push(keys[off + k]!)
    this.goalParents.push(parent)
  }
}

export class ExpansionWorker<I> {
  private kernel: ThreadKernel | undefined
  private collector: Collector | undefined

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
      this.collector = undefined
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
    const sink = (this.collector ??= new Collector(w))
    sink.reset(msg.minScore)
    const stats = newStats()
    kernel.expandRange(msg.table, msg.start, msg.end, msg.rule, msg.window.map(view), sink, stats)
    const n = sink.count
    const keys = sink.keys.slice(0, n * w)
    const parents = sink.parents.slice(0, n)
    // Scores go back when a child had one: the domain's rule asked for them (any domain's way).
    const scores = sink.scores?.slice(0, n)
    const goals = sink.goals.length > 0 ? Uint32Array.from(sink.goals) : undefined
    const goalParents = goals ? Int32Array.from(sink.goalParents) : undefined
    const buffers = [keys, parents, scores, goals, goalParents].filter((a) => a !== undefined)
    return {
      reply: { type: 'expanded', id: msg.id, keys, parents, scores, count: n, goals, goalParents, stats },
      transfer: buffers.map((a) => a.buffer as ArrayBuffer),
    }
  }
}
