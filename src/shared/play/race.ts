/**
 * The race planner (three or more sides): a beam search over the moves of the army to move, in
 * which every other army is modelled as the greedy player (greedy.ts: the move that gains the
 * most steps toward her target, ties broken by a seeded generator) and answers each of her moves.
 * It looks `horizon` of her own moves ahead (or to her finish), keeps the `beam` best boards of
 * each level by her own value (evaluate.ts's weights: steps to go, the squares' term, the
 * straggler, her target held by others) less `rival` percent of the leading other side's value
 * (the rules page's hindering: of two lines about as good for her, the one that leaves the leader
 * further back), and plays the first move of the best line.
 *
 * Why a model of the others rather than a worst case: in a race of six armies across one star,
 * the ladders a man climbs are mostly the other armies' men, and where they will stand next round
 * decides which ladders exist. Paranoid and best-reply searches assume the others act against the
 * mover (and see two of her own moves at most in a crowd); a plan that counts on the others standing
 * still promises ladders that move away. Modelling each other army by the move that gains her the
 * most predicts the crowd well enough to plan six of her own moves through it; the plan is made
 * again at every move, so a wrong prediction costs one move, not the game
 * (bench/results/play-greedy-6-*.md measures it). Against opponents that play otherwise the model
 * is a model: it is the engine's assumption, stated in its `info`, not knowledge.
 *
 * Iterations are the beam's levels: depth k is the best line k of her moves deep (with the others'
 * modelled answers in its principal variation), its score the engine's usual score (her side's
 * value less the best other side's, evaluate.ts) at the line's end, or a win in so many plies when
 * the line finishes. A line on which another side finishes first ends there and ranks below every
 * line still going (if all lines are such, the best of them is played). Nodes are the boards
 * the beam made (one per move of hers tried).
 */
import { Evaluator, type Weights } from './evaluate'
import { Greedy } from './greedy'
import { MAX_MOVES, PASS, type Move, type Position } from './position'
import { Mulberry32 } from './random'
import { keepOnly, type Iteration, type Limits } from './search'
import { WIN } from './tt'

/** Added to the rank of a line on which another side finishes first (ranks are hundredths of a step). */
const LOST = 1e9

/** The planner's shape: boards kept per level and her moves looked ahead. */
export interface RaceOptions {
  readonly weights: Weights
  /** Boards kept per level. */
  readonly beam: number
  /** Her own moves looked ahead (the beam's levels). */
  readonly horizon: number
  /** Percent of the leading other side's value taken from hers in a line's rank (0: her own value alone). */
  readonly rival: number
}

/** One board of a level: the plies from the root to it, the model's generator state there, its rank. */
interface Line {
  readonly plies: readonly Move[]
  readonly seed: number
  readonly rank: number
  /** Another side finished first on this line: it ends here, ranked below every line still going. */
  readonly lost: boolean
}

/** A candidate of the next level: its parent line, her move and the others' answers, before it is kept. */
interface Candidate {
  readonly parent: Line
  readonly answer: readonly Move[]
  readonly seed: number
  readonly rank: number
  readonly lost: boolean
}

export class RacePlanner {
  readonly evaluator: Evaluator
  nodes = 0
  stopFlag: Int32Array = new Int32Array(1)
  private stopped = false
  private nodeLimit = Infinity
  private deadline = Infinity
  /** The model's tie-breaking generator: its state is saved with each line and restored to go on from it. */
  private readonly random = new Mulberry32()
  private readonly greedy = new Greedy(this.random.uniform)
  private readonly buf = new Int32Array(MAX_MOVES)

  constructor(
    readonly pos: Position,
    readonly options: RaceOptions,
  ) {
    this.evaluator = new Evaluator(pos.variant, pos.t, options.weights)
  }

  private ours(army: number, me: number): boolean {
    return this.pos.t.side[me]!.includes(army)
  }

  /** The others' modelled moves until it is `me`'s turn again or a side has won; appended to `out`. */
  private answer(me: number, out: Move[]): void {
    const pos = this.pos
    while (pos.winner < 0 && pos.turn !== me) {
      const m = this.greedy.move(pos)
      pos.make(m)
      out.push(m)
    }
  }

  private checkStop(): void {
    if ((this.nodes & 255) === 0 && (this.nodes >= this.nodeLimit || performance.now() >= this.deadline || Atomics.load(this.stopFlag, 0) !== 0))
      this.stopped = true
  }

  /** A line's rank (lower is better): minus her value, plus `rival` percent of the best value among the other sides. */
  private rankOf(me: number): number {
    const mine = this.evaluator.values(this.pos)[me]!
    const rival = this.options.rival
    return rival === 0 ? -mine : -mine + (rival / 100) * this.evaluator.rivalOf(this.pos, me)
  }

  /** The next level's candidates from one line (the position is at the line's end on entry and on return); a finish's plies if one is found. */
  private expand(line: Line, me: number, depth: number, rootOnly: Set<Move> | undefined, out: Candidate[], seen: Set<number>): Move[] | undefined {
    if (line.lost) {
      out.push({ parent: line, answer: [], seed: line.seed, rank: line.rank, lost: true })
      return undefined
    }
    const pos = this.pos
    let n = pos.generate(this.buf)
    if (depth === 1 && rootOnly) n = keepOnly(this.buf, n, rootOnly)
    const moves = n === 0 ? [PASS] : Array.from(this.buf.subarray(0, n))
    for (const m of moves) {
      this.nodes++
      this.checkStop()
      if (this.stopped) return undefined
      const answer: Move[] = [m]
      pos.make(m)
      this.random.state = line.seed
      if (pos.winner < 0) this.answer(me, answer)
      const won = pos.winner >= 0 && this.ours(pos.winner, me)
      const lost = pos.winner >= 0 && !won
      const key = pos.hashLo + (pos.hashHi & 0x1fffff) * 4294967296
      if (!won && !seen.has(key)) {
        seen.add(key)
        out.push({ parent: line, answer, seed: this.random.state, rank: this.rankOf(me) + (lost ? LOST : 0), lost })
      }
      this.back(answer)
      // Her side's win may come on her move or on a partner's answer: the line runs to it.
      if (won) return [...line.plies, ...answer]
    }
    return undefined
  }

  /** Walk the position along a line's plies (forward) or back to the root. */
  private walk(plies: readonly Move[]): void {
    for (const m of plies) this.pos.make(m)
  }
  private back(plies: readonly Move[]): void {
    for (let k = plies.length - 1; k >= 0; k--) this.pos.unmake()
  }

  private iteration(depth: number, pv: readonly Move[], score: number, t0: number): Iteration {
    return { depth, seldepth: pv.length, score, nodes: this.nodes, ms: performance.now() - t0, pv, hashfull: 0, ttProbes: 0, ttHits: 0 }
  }

  run(limits: Limits, onIteration?: (it: Iteration) => void): Iteration {
    const t0 = performance.now()
    const pos = this.pos
    const me = pos.turn
    this.stopped = false
    this.nodes = 0
    this.nodeLimit = limits.nodes ?? Infinity
    this.deadline = limits.movetime !== undefined ? t0 + limits.movetime : Infinity
    const rootOnly = limits.searchmoves && limits.searchmoves.length > 0 ? new Set(limits.searchmoves) : undefined
    const horizon = Math.max(1, Math.min(limits.depth ?? this.options.horizon, this.options.horizon))
    this.evaluator.prepare(pos)
    let level: Line[] = [{ plies: [], seed: 0x9e3779b9, rank: 0, lost: false }]
    let last: Iteration | undefined
    for (let depth = 1; depth <= horizon && level.length > 0; depth++) {
      const candidates: Candidate[] = []
      const seen = new Set<number>()
      let finish: Move[] | undefined
      for (const line of level) {
        this.walk(line.plies)
        finish = this.expand(line, me, depth, rootOnly, candidates, seen)
        this.back(line.plies)
        if (finish || this.stopped) break
      }
      if (finish) {
        last = this.iteration(depth, finish, WIN - finish.length, t0)
        onIteration?.(last)
        break
      }
      if (this.stopped) break
      candidates.sort((x, y) => x.rank - y.rank)
      level = candidates.slice(0, this.options.beam).map((c) => ({ plies: [...c.parent.plies, ...c.answer], seed: c.seed, rank: c.rank, lost: c.lost }))
      if (level.length === 0) break
      const best = level[0]!
      // Every line lets another side finish first: the best of them stands (the model may be wrong), no deeper level.
      if (best.lost && depth > 1 && last) break
      this.walk(best.plies)
      // A lost line scores as the loss, in the plies the model gives the other side.
      const score = best.lost ? -(WIN - best.plies.length) : this.evaluator.score(pos, me)
      this.back(best.plies)
      last = this.iteration(depth, best.plies, score, t0)
      onIteration?.(last)
    }
    if (!last) {
      // No level finished (a tiny limit) or every line lets another side finish first: any legal move.
      let n = pos.generate(this.buf)
      if (rootOnly) n = keepOnly(this.buf, n, rootOnly)
      last = this.iteration(0, n > 0 ? [this.buf[0]!] : [], 0, t0)
    }
    return { ...last, nodes: this.nodes, ms: performance.now() - t0 }
  }
}
