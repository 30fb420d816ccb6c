/**
 * Adversarial search (Stockfish's `search`): iterative deepening over an alpha-beta search with a
 * principal variation search, a transposition table (tt.ts), killer and history move ordering,
 * late move reductions, aspiration windows, and depth, node and time limits.
 *
 * One search serves two and more players. The armies form two teams, the root army's side and
 * the rest; values are negamax values from the point of view of the team to move, flipped only
 * where the team changes (two players: every ply). With three to six players that is the paranoid
 * search (Sturtevant and Korf 2000: every other player plays against the root player). The
 * best-reply search (Schadd and Winands 2011) runs on the same code: the other armies' moves are
 * merged into one layer in which only the best of them is played, and the root's side moves again;
 * deeper searches for the root's own plans at the price of positions that cannot arise. Max-n
 * (maxn.ts) is there for comparison.
 *
 * A score is in hundredths of a step (evaluate.ts), or WIN less the plies to a win. The search
 * stops at its limits and keeps the best move of the deepest iteration whose first move was
 * searched in full.
 */
import { Evaluator, type Weights } from './evaluate'
import { MAX_MOVES, moveFrom, moveTo, PASS, type Move, type Position } from './position'
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, type TranspositionTable, WIN, WIN_BOUND } from './tt'

export { WIN, WIN_BOUND }

/** The searches: alpha-beta (two players; N players: paranoid), best-reply, max-n, and the race planner (race.ts). */
export const ALGORITHMS = ['paranoid', 'brs', 'maxn', 'race'] as const
export type Algorithm = (typeof ALGORITHMS)[number]

/** When to stop: any limit reached stops the search (none: depth 64). */
export interface Limits {
  readonly depth?: number
  readonly nodes?: number
  /** Milliseconds for this move. */
  readonly movetime?: number
  /** Only these of the root's moves are searched (UCI's searchmoves; none of them legal: all are). */
  readonly searchmoves?: readonly Move[]
}

export interface SearchOptions {
  readonly algorithm: Algorithm
  readonly weights: Weights
  /** Late move reductions (on by default). */
  readonly lmr?: boolean
  /** Aspiration windows at the root (on by default). */
  readonly aspiration?: boolean
  /** Ordering by killers and history (on by default). */
  readonly ordering?: boolean
  /** Helper threads start at an offset depth and order root moves differently (Lazy SMP). */
  readonly helper?: number
  /**
   * Best-reply search: the replies searched in an opponents' layer, the best by the ordering
   * (0: all). The other opponents' moves that gain little seldom matter to the root.
   */
  readonly replies?: number
}

/** One finished iteration (plain data: it crosses threads and becomes an `info` line). */
export interface Iteration {
  readonly depth: number
  readonly seldepth: number
  /** From the point of view of the army to move at the root. */
  readonly score: number
  readonly nodes: number
  readonly ms: number
  readonly pv: readonly Move[]
  readonly hashfull: number
  readonly ttProbes: number
  readonly ttHits: number
}

const INF = WIN + 1
const MAX_PLY = 128

export class Searcher {
  readonly evaluator: Evaluator
  nodes = 0
  private seldepth = 0
  private stopped = false
  private deadline = Infinity
  private nodeLimit = Infinity
  private root = 0
  private tag = 0
  private readonly moves: Int32Array[]
  private readonly scores: Int32Array[]
  private readonly pvTable: Int32Array
  private readonly pvLen: Int32Array
  private readonly killers: Int32Array
  private readonly history: Int32Array
  private readonly team: Int8Array
  /** The first opponent after the root (best-reply: the army whose turn an opponents' layer is). */
  private opponentTurn = 0
  private readonly lmr: boolean
  private readonly aspiration: boolean
  private readonly ordering: boolean
  private readonly replies: number
  private readonly n: number
  private readonly goal: Int32Array
  /** Set by another thread (or the facade) to stop the search: stop[0] !== 0. */
  stopFlag: Int32Array = new Int32Array(1)
  /** The root's moves searched (limits.searchmoves), or undefined for all. */
  private rootOnly: Set<Move> | undefined

  constructor(
    readonly pos: Position,
    readonly tt: TranspositionTable,
    readonly options: SearchOptions,
  ) {
    this.evaluator = new Evaluator(pos.variant, pos.t, options.weights)
    const N = pos.t.armies
    this.n = pos.t.n
    this.moves = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(MAX_MOVES * Math.max(1, N - 1)))
    this.scores = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(MAX_MOVES * Math.max(1, N - 1)))
    this.pvTable = new Int32Array((MAX_PLY + 1) * (MAX_PLY + 1))
    this.pvLen = new Int32Array(MAX_PLY + 1)
    this.killers = new Int32Array(2 * (MAX_PLY + 1))
    this.history = new Int32Array(N * this.n * this.n)
    this.team = new Int8Array(N)
    this.lmr = options.lmr ?? true
    this.aspiration = options.aspiration ?? true
    this.ordering = options.ordering ?? true
    this.replies = options.replies ?? 0
    this.goal = this.evaluator.e.goal
  }

  /** The army's team relative to the root's side: 0 the root's, 1 the others. */
  private setRoot(root: number): void {
    const t = this.pos.t
    this.root = root
    for (let a = 0; a < t.armies; a++) this.team[a] = t.side[root]!.includes(a) ? 0 : 1
    let o = this.pos.next(root)
    while (this.team[o] === 0) o = this.pos.next(o)
    this.opponentTurn = o
    // Two players: values from the mover's side are the same whoever is at the root (tag 0).
    const alg = this.options.algorithm === 'brs' ? 1 : 0
    this.tag = t.armies === 2 && alg === 0 ? 0 : 1 + root + 8 * alg
  }

  private checkLimits(): void {
    if (this.nodes >= this.nodeLimit || performance.now() >= this.deadline || Atomics.load(this.stopFlag, 0) !== 0) this.stopped = true
  }

  /** The legal moves at this node into moves[ply]: the army to move's, or (best-reply) every army of its layer's team. */
  private generateAll(ply: number): number {
    const pos = this.pos
    const out = this.moves[ply]!
    if (this.options.algorithm !== 'brs' || pos.t.armies === 2) return pos.generate(out, 0)
    const team = this.team[pos.turn]!
    let count = 0
    let a = pos.turn
    for (let k = 0; k < pos.t.armies; k++, a = pos.next(a)) if (this.team[a] === team) count = pos.generate(out, count, a)
    return count
  }

  /** The legal moves at this node, the root's cut to limits.searchmoves. */
  private generate(ply: number): number {
    const n = this.generateAll(ply)
    return ply === 0 && this.rootOnly ? keepOnly(this.moves[0]!, n, this.rootOnly) : n
  }

  /** Make a move at this node; best-reply: the turn goes to the other team's layer. */
  private make(m: Move): void {
    const pos = this.pos
    if (this.options.algorithm === 'brs' && pos.t.armies > 2) {
      const team = this.team[pos.turn]!
      pos.make(m)
      pos.setTurn(team === 0 ? this.opponentTurn : this.root)
    } else pos.make(m)
  }

  /** The static value from the point of view of the team to move. */
  private evaluate(): number {
    const s = this.evaluator.score(this.pos, this.root)
    return this.team[this.pos.turn] === 0 ? s : -s
  }

  /** Order moves[ply][0..n): a score per move (tt move, killers, then steps gained and history). */
  private scoreMoves(ply: number, n: number, ttMove: Move): void {
    const moves = this.moves[ply]!
    const scores = this.scores[ply]!
    const pos = this.pos
    const k1 = this.killers[2 * ply]!
    const k2 = this.killers[2 * ply + 1]!
    const nn = this.n
    for (let i = 0; i < n; i++) {
      const m = moves[i]!
      if (m === ttMove) {
        scores[i] = 1 << 30
        continue
      }
      const from = moveFrom(m)
      const to = moveTo(m)
      const a = pos.owner[from]!
      const gain = this.goal[a * nn + from]! - this.goal[a * nn + to]!
      let s = gain * 4096
      if (this.ordering) {
        if (m === k1) s += 2048 * 64
        else if (m === k2) s += 2047 * 64
        s += Math.min(4095, this.history[(a * nn + from) * nn + to]! >> 4)
      }
      scores[i] = s
    }
  }

  /** Bring the best-scored move of moves[ply][i..n) to i. */
  private pick(ply: number, i: number, n: number): Move {
    const moves = this.moves[ply]!
    const scores = this.scores[ply]!
    let best = i
    for (let j = i + 1; j < n; j++) if (scores[j]! > scores[best]!) best = j
    if (best !== i) {
      const m = moves[i]!
      moves[i] = moves[best]!
      moves[best] = m
      const s = scores[i]!
      scores[i] = scores[best]!
      scores[best] = s
    }
    return moves[i]!
  }

  private search(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean): number {
    this.pvLen[ply] = 0
    this.nodes++
    if ((this.nodes & 1023) === 0) this.checkLimits()
    if (this.stopped) return 0
    if (ply > this.seldepth) this.seldepth = ply
    const pos = this.pos
    const myTeam = this.team[pos.turn]!
    if (pos.winner >= 0) return this.team[pos.winner] === myTeam ? WIN - ply : -(WIN - ply)
    if (depth <= 0 || ply >= MAX_PLY) return this.evaluate()
    // Mate-distance pruning: no result can beat a win on the next ply.
    if (alpha < -(WIN - ply)) alpha = -(WIN - ply)
    if (beta > WIN - ply - 1) beta = WIN - ply - 1
    if (alpha >= beta) return alpha
    const hit = this.tt.probe(pos, this.tag, ply)
    let ttMove = -1
    if (hit) {
      ttMove = hit.move
      if (!pvNode && hit.depth >= depth) {
        const s = hit.score
        if (hit.bound === BOUND_EXACT || (hit.bound === BOUND_LOWER && s >= beta) || (hit.bound === BOUND_UPPER && s <= alpha)) return s
      }
    }
    const n = this.generate(ply)
    if (n === 0) {
      // No move: the army passes (a race cannot stop because one army is blocked).
      this.make(PASS)
      const s = this.child(myTeam, depth - 1, alpha, beta, ply, pvNode)
      this.pos.unmake()
      return s
    }
    this.scoreMoves(ply, n, ttMove)
    const alpha0 = alpha
    let best = -INF
    let bestMove: Move = -1
    const moves = this.moves[ply]!
    const width = this.replies > 0 && myTeam === 1 && this.options.algorithm === 'brs' && ply > 0 ? Math.min(n, this.replies) : n
    for (let i = 0; i < width; i++) {
      const m = this.pick(ply, i, n)
      this.make(m)
      let s: number
      if (i === 0) s = this.child(myTeam, depth - 1, alpha, beta, ply, pvNode)
      else {
        // Late moves that gain nothing are searched shallower first (and again in full if they surprise).
        let r = 0
        if (this.lmr && depth >= 3 && i >= 3 && this.scores[ply]![i]! < 4096 * 1) r = i >= 12 && depth >= 5 ? 2 : 1
        s = this.child(myTeam, depth - 1 - r, alpha, alpha + 1, ply, false)
        if (s > alpha && r > 0) s = this.child(myTeam, depth - 1, alpha, alpha + 1, ply, false)
        if (s > alpha && s < beta && pvNode) s = this.child(myTeam, depth - 1, alpha, beta, ply, true)
      }
      pos.unmake()
      if (this.stopped) return 0
      if (s > best) {
        best = s
        bestMove = m
        if (s > alpha) {
          alpha = s
          // The principal variation: this move, then the child's.
          const row = ply * (MAX_PLY + 1)
          const crow = (ply + 1) * (MAX_PLY + 1)
          this.pvTable[row] = m
          const cl = this.pvLen[ply + 1]!
          for (let j = 0; j < cl; j++) this.pvTable[row + 1 + j] = this.pvTable[crow + j]!
          this.pvLen[ply] = cl + 1
          if (s >= beta) {
            if (this.ordering) this.cutoff(ply, m, depth, moves, i)
            break
          }
        }
      }
    }
    const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER
    // A root searched over some of its moves only (searchmoves): its value is a lower bound of the
    // whole root's where a move reached alpha, and nothing the table may keep where none did.
    if (ply > 0 || !this.rootOnly) this.tt.store(pos, this.tag, ply, depth, bound, best, bestMove)
    else if (best > alpha0) this.tt.store(pos, this.tag, ply, depth, BOUND_LOWER, best, bestMove)
    return best
  }

  /** The child's value from this node's team's point of view (the window flipped where the team changes). */
  private child(myTeam: number, depth: number, alpha: number, beta: number, ply: number, pvNode: boolean): number {
    if (this.team[this.pos.turn] === myTeam) return this.search(depth, alpha, beta, ply + 1, pvNode)
    return -this.search(depth, -beta, -alpha, ply + 1, pvNode)
  }

  /** A move that cut off: a killer at this ply, history up, the moves tried before it down. */
  private cutoff(ply: number, m: Move, depth: number, moves: Int32Array, tried: number): void {
    if (this.killers[2 * ply] !== m) {
      this.killers[2 * ply + 1] = this.killers[2 * ply]!
      this.killers[2 * ply] = m
    }
    const pos = this.pos
    const nn = this.n
    const bonus = depth * depth
    const at = (x: Move): number => (pos.owner[moveFrom(x)]! * nn + moveFrom(x)) * nn + moveTo(x)
    this.history[at(m)]! += bonus
    for (let j = 0; j < tried; j++) {
      const i = at(moves[j]!)
      this.history[i] = Math.max(0, this.history[i]! - bonus)
    }
    if (this.history[at(m)]! > 1 << 24) for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 1
  }

  /**
   * Iterative deepening from the position as it stands; `onIteration` after each finished depth.
   * Returns the last iteration (its pv[0] the move; an empty pv if the game is over or no move).
   */
  run(limits: Limits, onIteration?: (it: Iteration) => void): Iteration {
    return drive(this.iterations(limits, onIteration))
  }

  /** The same search, paused after each finished depth (a caller on the input thread reads a stop there). */
  *iterations(limits: Limits, onIteration?: (it: Iteration) => void): Generator<Iteration, Iteration> {
    const t0 = performance.now()
    this.stopped = false
    this.nodes = 0
    this.seldepth = 0
    this.nodeLimit = limits.nodes ?? Infinity
    this.deadline = limits.movetime !== undefined ? t0 + limits.movetime : Infinity
    this.setRoot(this.pos.turn)
    this.rootOnly = limits.searchmoves && limits.searchmoves.length > 0 ? new Set(limits.searchmoves) : undefined
    this.evaluator.prepare(this.pos)
    this.killers.fill(-1)
    for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 2
    const maxDepth = Math.min(limits.depth ?? 64, MAX_PLY - 1)
    let last: Iteration | undefined
    let score = 0
    const helper = this.options.helper ?? 0
    for (let depth = 1 + (helper % 2); depth <= maxDepth; depth++) {
      let s: number
      if (this.aspiration && depth >= 4 && last && Math.abs(score) < WIN_BOUND) {
        let delta = 60
        let lo = score - delta
        let hi = score + delta
        for (;;) {
          s = this.search(depth, lo, hi, 0, true)
          if (this.stopped) break
          if (s <= lo) lo = Math.max(-INF, lo - (delta *= 3))
          else if (s >= hi) hi = Math.min(INF, hi + (delta *= 3))
          else break
        }
      } else s = this.search(depth, -INF, INF, 0, true)
      const pv = Array.from(this.pvTable.subarray(0, this.pvLen[0]!))
      const it: Iteration = {
        depth,
        seldepth: this.seldepth,
        score: this.stopped ? score : s,
        nodes: this.nodes,
        ms: performance.now() - t0,
        pv: pv.length > 0 ? pv : (last?.pv ?? []),
        hashfull: this.tt.hashfull(),
        ttProbes: this.tt.probes,
        ttHits: this.tt.hits,
      }
      // An iteration cut short counts only if it changed its mind on a first move searched in full.
      if (this.stopped) {
        if (pv.length > 0 && last && pv[0] !== last.pv[0]) last = { ...it, depth: depth - 1, score: last.score }
        else if (!last && pv.length > 0) last = it
        break
      }
      score = s
      last = it
      onIteration?.(it)
      if (Math.abs(s) > WIN_BOUND && depth >= WIN - Math.abs(s)) break
      yield it
    }
    if (!last || last.pv.length === 0) {
      // Nothing searched in full (a limit of almost nothing): the first move by the ordering.
      const n = this.generate(0)
      this.scoreMoves(0, n, -1)
      const pv = n > 0 ? [this.pick(0, 0, n)] : []
      last = { depth: 0, seldepth: 0, score, nodes: this.nodes, ms: performance.now() - t0, pv, hashfull: 0, ttProbes: this.tt.probes, ttHits: this.tt.hits }
    }
    // The last full iteration's depth, score and line, with what the whole search cost (an
    // iteration cut short by a node or time limit searched nodes too: a client reads the total).
    return { ...last, nodes: this.nodes, ms: performance.now() - t0, hashfull: this.tt.hashfull(), ttProbes: this.tt.probes, ttHits: this.tt.hits }
  }
}

/** A search's iterations run to their end without pause: its last iteration. */
export function drive(g: Generator<Iteration, Iteration>): Iteration {
  for (;;) {
    const r = g.next()
    if (r.done) return r.value
  }
}

/** Moves out[0..n) cut to those in `only`, kept in order; the count (all n when none is in it). */
export function keepOnly(out: Int32Array, n: number, only: ReadonlySet<Move>): number {
  let kept = 0
  for (let k = 0; k < n; k++) if (only.has(out[k]!)) kept++
  if (kept === 0) return n
  kept = 0
  for (let k = 0; k < n; k++) if (only.has(out[k]!)) out[kept++] = out[k]!
  return kept
}
