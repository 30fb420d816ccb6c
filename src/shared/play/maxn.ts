/**
 * Max-n (Luckhardt and Irani 1986), for comparison with the paranoid and best-reply searches: each
 * node's value is a vector, one score per army (her side's value less the best other side's,
 * evaluate.ts), and the army to move picks the child best for herself. Without a bound on the sum
 * of the scores there is no deep pruning (Sturtevant 2003); this one prunes nothing, orders
 * nothing and keeps no table: it shows what the other two buy.
 */
import { Evaluator, type Weights } from './evaluate'
import { MAX_MOVES, PASS, type Move, type Position } from './position'
import { drive, keepOnly, type Iteration, type Limits } from './search'
import { WIN } from './tt'

const MAX_PLY = 64

export class MaxN {
  readonly evaluator: Evaluator
  nodes = 0
  private stopped = false
  private deadline = Infinity
  private nodeLimit = Infinity
  private seldepth = 0
  private readonly vec: Float64Array[]
  private readonly moves: Int32Array[]
  private readonly pv: Int32Array
  private readonly pvLen: Int32Array
  stopFlag: Int32Array = new Int32Array(1)
  /** The root's moves searched (limits.searchmoves), or undefined for all. */
  private rootOnly: Set<Move> | undefined

  constructor(
    readonly pos: Position,
    weights: Weights,
  ) {
    this.evaluator = new Evaluator(pos.variant, pos.t, weights)
    const N = pos.t.armies
    this.vec = Array.from({ length: MAX_PLY + 1 }, () => new Float64Array(N))
    this.moves = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(MAX_MOVES))
    this.pv = new Int32Array((MAX_PLY + 1) * (MAX_PLY + 1))
    this.pvLen = new Int32Array(MAX_PLY + 1)
  }

  /** The value vector of this node into vec[ply]. */
  private search(depth: number, ply: number): void {
    this.pvLen[ply] = 0
    this.nodes++
    if ((this.nodes & 1023) === 0 && (this.nodes >= this.nodeLimit || performance.now() >= this.deadline || Atomics.load(this.stopFlag, 0) !== 0))
      this.stopped = true
    if (ply > this.seldepth) this.seldepth = ply
    const pos = this.pos
    const out = this.vec[ply]!
    const N = pos.t.armies
    if (pos.winner >= 0) {
      const side = pos.t.side[pos.winner]!
      for (let a = 0; a < N; a++) out[a] = side.includes(a) ? WIN - ply : -(WIN - ply)
      return
    }
    if (depth <= 0 || ply >= MAX_PLY || this.stopped) {
      this.evaluator.values(pos)
      for (let a = 0; a < N; a++) out[a] = this.evaluator.scoreOf(pos, a)
      return
    }
    const me = pos.turn
    const moves = this.moves[ply]!
    let n = pos.generate(moves)
    if (ply === 0 && this.rootOnly) n = keepOnly(moves, n, this.rootOnly)
    if (n === 0) {
      moves[0] = PASS
      n = 1
    }
    let best = -Infinity
    const child = this.vec[ply + 1]!
    for (let i = 0; i < n; i++) {
      pos.make(moves[i]!)
      this.search(depth - 1, ply + 1)
      pos.unmake()
      if (this.stopped) return
      if (child[me]! > best) {
        best = child[me]!
        out.set(child)
        const row = ply * (MAX_PLY + 1)
        const crow = (ply + 1) * (MAX_PLY + 1)
        this.pv[row] = moves[i]!
        const cl = this.pvLen[ply + 1]!
        for (let j = 0; j < cl; j++) this.pv[row + 1 + j] = this.pv[crow + j]!
        this.pvLen[ply] = cl + 1
      }
    }
  }

  run(limits: Limits, onIteration?: (it: Iteration) => void): Iteration {
    return drive(this.iterations(limits, onIteration))
  }

  /** The same search, paused after each finished depth (a caller on the input thread reads a stop there). */
  *iterations(limits: Limits, onIteration?: (it: Iteration) => void): Generator<Iteration, Iteration> {
    const t0 = performance.now()
    this.stopped = false
    this.nodes = 0
    this.nodeLimit = limits.nodes ?? Infinity
    this.deadline = limits.movetime !== undefined ? t0 + limits.movetime : Infinity
    const me = this.pos.turn
    this.rootOnly = limits.searchmoves && limits.searchmoves.length > 0 ? new Set(limits.searchmoves) : undefined
    this.evaluator.prepare(this.pos)
    let last: Iteration | undefined
    for (let depth = 1; depth <= Math.min(limits.depth ?? 64, MAX_PLY - 1); depth++) {
      this.search(depth, 0)
      if (this.stopped) break
      const pv: Move[] = Array.from(this.pv.subarray(0, this.pvLen[0]!))
      last = {
        depth,
        seldepth: this.seldepth,
        score: Math.round(this.vec[0]![me]!),
        nodes: this.nodes,
        ms: performance.now() - t0,
        pv,
        hashfull: 0,
        ttProbes: 0,
        ttHits: 0,
      }
      onIteration?.(last)
      if (Math.abs(last.score) > WIN - 1000) break
      yield last
    }
    if (!last) {
      let n = this.pos.generate(this.moves[0]!)
      if (this.rootOnly) n = keepOnly(this.moves[0]!, n, this.rootOnly)
      last = { depth: 0, seldepth: 0, score: 0, nodes: this.nodes, ms: performance.now() - t0, pv: n > 0 ? [this.moves[0]![0]!] : [], hashfull: 0, ttProbes: 0, ttHits: 0 }
    }
    // The whole search's nodes and time (an iteration cut short searched too).
    return { ...last, nodes: this.nodes, ms: performance.now() - t0 }
  }
}
