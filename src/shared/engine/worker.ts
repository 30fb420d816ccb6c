/**
 * The expansion thread's side of protocol.ts, free of any host API: a host wires `handle` to its
 * message port (worker_threads, Web Worker) and posts what it returns.
 */
import { TransferDomain } from './domain'
import type { LevelKernel } from './executor'
import { GameDomain, GameKernel, type GameRule, type GameSink } from './game'
import { Kernel, newStats, type Rule, type Sink } from './kernel'
import { KeySet } from './keyset'
import type { ExpandReply, TableView, WorkerMessage } from './protocol'

/** Children collected for one task, in growable typed arrays. */
class Collector implements Sink, GameSink {
  wins: number[] = []
  /** The coordinator's beam cutoff when the task was sent. */
  minScore = -Infinity
  keys: Uint32Array
  cs: Int32Array
  scores: Float64Array
  count = 0
  constructor(private readonly w: number) {
    this.keys = new Uint32Array(4096 * w)
    this.cs = new Int32Array(4096)
    this.scores = new Float64Array(4096)
  }
  add(keys: Uint32Array, off: number, c: number, score: number): void {
    if (this.count === this.cs.length) {
      const grow = <T extends Uint32Array | Int32Array | Float64Array>(a: T, n: number): T => {
        const b = new (a.constructor as new (n: number) => T)(n)
        b.set(a)
        return b
      }
      this.keys = grow(this.keys, this.keys.length * 2)
      this.cs = grow(this.cs, this.cs.length * 2)
      this.scores = grow(this.scores, this.scores.length * 2)
    }
    const w = this.w
    const o = this.count * w
    for (let k = 0; k < w; k++) this.keys[o + k] = keys[off + k]!
    this.cs[this.count] = c
    this.scores[this.count] = score
    this.count++
  }
  win(keys: Uint32Array, off: number): void {
    for (let k = 0; k < this.w; k++) this.wins.push(keys[off + k]!)
  }
}

export class ExpansionWorker {
  private kernel: LevelKernel | undefined
  private w = 0

  /** Handle one message; the reply (if any) and the buffers to transfer with it. */
  handle(msg: WorkerMessage): { reply: ExpandReply; transfer: ArrayBuffer[] } | undefined {
    if (msg.type === 'init') {
      if (msg.kind === 'game') {
        const domain = GameDomain.fromSpec(msg.spec, msg.options)
        this.kernel = new GameKernel(domain) as unknown as LevelKernel
        this.w = domain.w
      } else {
        const domain = TransferDomain.fromSpec(msg.spec, msg.options)
        this.kernel = new Kernel(domain) as unknown as LevelKernel
        this.w = domain.w
      }
      return undefined
    }
    const kernel = this.kernel
    if (!kernel) throw new Error('expand before init')
    const view = (v: TableView | undefined): KeySet | undefined => (v ? KeySet.adopt(this.w, v.table, v.count) : undefined)
    const sink = new Collector(this.w)
    sink.minScore = msg.minScore
    const stats = newStats()
    kernel.expandRange(msg.table, msg.start, msg.end, msg.rule as Rule & GameRule, view(msg.prev), view(msg.cur), sink, stats)
    const keys = sink.keys.slice(0, sink.count * this.w)
    const cs = sink.cs.slice(0, sink.count)
    const scores = 'score' in msg.rule && msg.rule.score ? sink.scores.slice(0, sink.count) : undefined
    const wins = sink.wins.length > 0 ? Uint32Array.from(sink.wins) : undefined
    return {
      reply: { type: 'expanded', id: msg.id, keys, cs, scores, wins, count: sink.count, stats },
      transfer: [
        keys.buffer as ArrayBuffer,
        cs.buffer as ArrayBuffer,
        ...(scores ? [scores.buffer as ArrayBuffer] : []),
        ...(wins ? [wins.buffer as ArrayBuffer] : []),
      ],
    }
  }
}
