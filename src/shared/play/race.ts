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
 * The model breaks the others' ties by one generator; the players break them by theirs. With
 * `worlds`, the plan's last lines (the deepest level searched whole, or the finishes found) are
 * replayed in that many other worlds, the others' ties falling by other seeds: her moves of a
 * line in order (a move no longer legal there ends it), each answered by the greedy players of
 * that world. The line played is the one whose mean rank over the model and the worlds is best: of
 * lines about as good in the model, the one that does not count on a tie falling its way.
 *
 * Iterations are the beam's levels: depth k is the best line k of her moves deep (with the others'
 * modelled answers in its principal variation), its score the engine's usual score (her side's
 * value less the best other side's, evaluate.ts) at the line's end, or a win in so many plies when
 * the line finishes. A line on which another side finishes first ends there and ranks below every
 * line still going (if all lines are such, the best of them is played); when the worlds choose
 * another line than the model's best, the deepest level is reported again with it. Nodes are the boards
 * the beam made (one per move of hers tried).
 */
import { Evaluator, type Weights } from './evaluate'
import { Greedy } from './greedy'
import { MAX_MOVES, PASS, type Move, type Position } from './position'
import { Mulberry32 } from './random'
import { keepOnly, type Iteration, type Limits } from './search'
import { WIN, WIN_BOUND } from './tt'

/** Added to the rank of a line on which another side finishes first (ranks are hundredths of a step). */
const LOST = 1e9
/** The model's tie-breaking generator's state at the root. */
const ROOT_SEED = 0x9e3779b9

/** The generator's state from which world w (1, 2, ...) of `worlds` breaks the others' ties. */
export const worldSeed = (w: number): number => (ROOT_SEED ^ Math.imul(w, 0x85ebca6b)) >>> 0

/** The planner's shape: boards kept per level and her moves looked ahead. */
export interface RaceOptions {
  readonly weights: Weights
  /** Boards kept per level. */
  readonly beam: number
  /** Her own moves looked ahead (the beam's levels). */
  readonly horizon: number
  /** Percent of the leading other side's value taken from hers in a line's rank (0: her own value alone). */
  readonly rival: number
  /**
   * Other models of the others (their ties broken by other seeds) the last level's lines are
   * replayed in: of them, the line whose moves of hers lead to the best mean rank over the model
   * and these is played (0: the model's best line).
   */
  readonly worlds: number
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
  /** The end of the move's time (the search's deadline is a tenth sooner with worlds). */
  private moveEnd = Infinity
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

  /**
   * The next level's candidates from one line (the position is at the line's end on entry and on
   * return); her finishes found are added to `finishes` (with worlds, all of them; else the first).
   */
  private expand(line: Line, me: number, depth: number, rootOnly: Set<Move> | undefined, out: Candidate[], seen: Set<number>, finishes: Line[]): void {
    if (line.lost) {
      out.push({ parent: line, answer: [], seed: line.seed, rank: line.rank, lost: true })
      return
    }
    const pos = this.pos
    let n = pos.generate(this.buf)
    if (depth === 1 && rootOnly) n = keepOnly(this.buf, n, rootOnly)
    const moves = n === 0 ? [PASS] : Array.from(this.buf.subarray(0, n))
    for (const m of moves) {
      this.nodes++
      this.checkStop()
      if (this.stopped) return
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
      if (won) {
        finishes.push({ plies: [...line.plies, ...answer], seed: line.seed, rank: -LOST, lost: false })
        if (this.options.worlds === 0) return
      }
    }
  }

  /**
   * Her moves of a line replayed in world `w` (the others' ties broken from another seed): the
   * rank where they lead, -LOST if she finishes, LOST more if another side does first; a move of
   * hers no longer legal there ends the replay (her plan broke; what it had made is ranked).
   */
  private replay(mine: readonly Move[], me: number, w: number): number {
    const pos = this.pos
    this.random.state = worldSeed(w)
    let made = 0
    let rank: number | undefined
    for (const m of mine) {
      if (!pos.isLegal(m)) break
      pos.make(m)
      made++
      this.nodes++
      while (pos.winner < 0 && pos.turn !== me) {
        pos.make(this.greedy.move(pos))
        made++
      }
      if (pos.winner >= 0) {
        rank = this.ours(pos.winner, me) ? -LOST : LOST + this.rankOf(me)
        break
      }
    }
    rank ??= this.rankOf(me)
    for (; made > 0; made--) pos.unmake()
    return rank
  }

  /** Her moves among a line's plies. */
  private movesOf(plies: readonly Move[], me: number): Move[] {
    const mine: Move[] = []
    for (const m of plies) {
      if (this.pos.turn === me) mine.push(m)
      this.pos.make(m)
    }
    this.back(plies)
    return mine
  }

  /**
   * Of some lines, the one whose mean rank over the model (its own rank) and the `worlds` other
   * worlds is best (the first of equals). A stop or the end of the move's time ends the choice
   * among the lines replayed so far (the first, the model's best, always stands).
   */
  private robust(lines: readonly Line[], me: number): Line {
    let best = lines[0]!
    let bestSum = Infinity
    for (const line of lines) {
      if (best !== line && (Atomics.load(this.stopFlag, 0) !== 0 || performance.now() >= this.moveEnd)) break
      const mine = this.movesOf(line.plies, me)
      let sum = line.rank
      for (let w = 1; w <= this.options.worlds; w++) sum += this.replay(mine, me, w)
      if (sum < bestSum) [best, bestSum] = [line, sum]
    }
    return best
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

  /** A level's line as an iteration: scored at its end, or a lost line as the loss in the plies the model gives the other side. */
  private lineIteration(depth: number, line: Line, me: number, t0: number): Iteration {
    this.walk(line.plies)
    const score = line.lost ? -(WIN - line.plies.length) : this.evaluator.score(this.pos, me)
    this.back(line.plies)
    return this.iteration(depth, line.plies, score, t0)
  }

  run(limits: Limits, onIteration?: (it: Iteration) => void): Iteration {
    const t0 = performance.now()
    const pos = this.pos
    const me = pos.turn
    this.stopped = false
    this.nodes = 0
    this.nodeLimit = limits.nodes ?? Infinity
    // With worlds, the plan leaves a tenth of the move's time to its replays.
    this.moveEnd = limits.movetime !== undefined ? t0 + limits.movetime : Infinity
    this.deadline = limits.movetime !== undefined ? t0 + limits.movetime * (this.options.worlds > 0 ? 0.9 : 1) : Infinity
    const rootOnly = limits.searchmoves && limits.searchmoves.length > 0 ? new Set(limits.searchmoves) : undefined
    const horizon = Math.max(1, Math.min(limits.depth ?? this.options.horizon, this.options.horizon))
    this.evaluator.prepare(pos)
    let level: Line[] = [{ plies: [], seed: ROOT_SEED, rank: 0, lost: false }]
    let last: Iteration | undefined
    const robust = this.options.worlds > 0
    let planned: readonly Line[] = []
    for (let depth = 1; depth <= horizon && level.length > 0; depth++) {
      const candidates: Candidate[] = []
      const seen = new Set<number>()
      const finishes: Line[] = []
      for (const line of level) {
        this.walk(line.plies)
        this.expand(line, me, depth, rootOnly, candidates, seen, finishes)
        this.back(line.plies)
        if ((finishes.length > 0 && !robust) || this.stopped) break
      }
      if (finishes.length > 0) {
        // Of her finishes in as many moves, with worlds the one that holds best in them.
        const finish = (robust && finishes.length > 1 ? this.robust(finishes, me) : finishes[0]!).plies
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
      last = this.lineIteration(depth, best, me, t0)
      planned = level
      onIteration?.(last)
    }
    // The deepest level searched whole, not a finish: with worlds, its line that holds best in them.
    if (last && robust && planned.length > 1 && last.score < WIN_BOUND) {
      const line = this.robust(planned, me)
      if (line !== planned[0]) {
        last = this.lineIteration(last.depth, line, me, t0)
        onIteration?.(last)
      }
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
