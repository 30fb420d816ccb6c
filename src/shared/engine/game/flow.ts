/**
 * The shortest-game flow (paper section 2.5), one named step each, on game searches (search.ts):
 * - probe: a first game fast, per winner one narrow-beam search to the longest bound;
 * - descend: shorter lengths with the full beam, a step below the best game that doubles after each
 *   find and halves after each miss, until the two lengths just below the best game find nothing;
 * - ascend: no game yet, length by length from the bound at the start (heuristic or exhaustive);
 * - proveBelow: every length below the game found, by exhaustive search, shortest first;
 * - closeGaps: lengths left between the lower bound and the game, heuristic without a beam;
 * - countShortest: all games of the optimal length when no complete search counted them;
 * - oneLength: the job's one length (heuristic, exhaustive, or auto: heuristic then exhaustive).
 * Strategies pick steps: heuristic (probe, descend, ascend), exhaustive (ascend), auto (all).
 * The army that wins a game of L moves is fixed by L's parity: each length is searched for it.
 */
import type { Allowance } from '../core/budget'
import { JobFlow } from '../core/flow'
import { loaded } from '../core/job-fields'
import type { Progress } from '../core/progress'
import type { SpineDomain, SpineHost } from '../core/spine'
import { GameDomain, type GameInit, type GameRule } from './domain'
import { takeGame, type FoundGame } from './found'
import { GameKernel } from './kernel'
import { countScope, type GameJob, type GameListing, type GameResult, type GameSearchRecord } from './job'
import { searchGame, SPLIT_BLOCK, SPLIT_NEST, type GameSearchContext, type GameSearchSpec, type SearchOutcome } from './search'
import { gameStatement } from './statement'

/** States the optional enumeration searches may hold in all (see countShortest). */
export const ENUMERATION_STATES = 4_000_000

/** States per level of the first, narrow heuristic search (see probe). */
const PROBE_BEAM = 20_000

/** A search's outcome as the checkpoint records it: a resumed flow takes it instead of searching. */
interface SearchStep {
  readonly record: GameSearchRecord
  /** Its game, traced and verified (and counted where it was), or null. */
  readonly game: FoundGame | null
}

/** How one search is run by a step (see runSearch). */
interface RunSpec {
  readonly bound: number
  readonly winner: number
  readonly heuristic: boolean
  /** Default: the job's beam width. */
  readonly beam?: number
  readonly allowance?: Allowance
  /** Whether the job's lookahead and window shape the beam (not for the narrow first search). */
  readonly shaped?: boolean
  /** Whether its game is counted (where the job asks and the search was complete); default true. */
  readonly counted?: boolean
  /** A first look at the bound (lookAtBound): its own step name, apart from the counting searches'. */
  readonly look?: boolean
}

/**
 * What the first look at the bound may hold: a game from a position near its end is found at once,
 * others are left to the beam. States decide (the same on any machine); the seconds only guard.
 */
const LOOK: Allowance = { states: 500_000, seconds: 600 }

export class GameFlow extends JobFlow<GameRule, GameInit, GameResult> {
  /** Per winner, the longest bound a look at the bound searched to its end without a game (-1: none). */
  private readonly looked = [-1, -1]
  /** States the optional enumeration searches may hold (a field so that tests can shrink it). */
  enumerationStates = ENUMERATION_STATES
  /** States of a beam that may share the winner's men (see ranking.ts); undefined: diversity(beam). */
  diversity: number | undefined = undefined
  /** States per block of the split search at first; 0: no split. A field for tests. */
  splitBlock = SPLIT_BLOCK
  /** A level of a block with more states than this is split in turn. A field for tests. */
  splitNest = SPLIT_NEST
  private readonly searches: GameSearchRecord[] = []
  /** A search ran out of time: the job stops. */
  private halted = false
  private found: FoundGame | undefined
  private ctx!: GameSearchContext
  /** Per winner, its bound at the start (Theorem 1, valid form), and the least of the two. */
  private floor: number[] = []
  private lower0 = 0
  /** No game is shorter than this (proven). */
  private lower = 0

  constructor(
    private readonly job: GameJob,
    host: SpineHost<GameInit>,
    progress: (p: Progress) => void,
  ) {
    super(job, host, progress, 'prove')
  }

  private get domain(): GameDomain {
    return this.ctx.domain
  }

  protected prepare(): SpineDomain<GameRule, GameInit> {
    const problem = loaded(this.job)
    const domain = new GameDomain(problem, { fold: this.job.fold })
    this.ctx = { domain, spine: this.spine, split: { block: this.splitBlock, nest: this.splitNest }, perGroup: this.diversity }
    const [blue, red] = problem.armies as [(typeof problem.armies)[0], (typeof problem.armies)[0]]
    this.floor = [domain.remaining(blue.start, red.start, 0, problem.first), domain.remaining(blue.start, red.start, 1, problem.first)]
    this.lower0 = this.lower = Math.min(this.floor[0]!, this.floor[1]!)
    return { init: domain.init, kernel: () => new GameKernel(domain) }
  }

  /** The army that wins a game of L moves: the one that makes move L. */
  private winnerOf(L: number): number {
    return (this.domain.first + L - 1) % 2
  }

  private name(army: number): string {
    return this.domain.problem.armies[army]!.name
  }

  /** Whether the job goes on. */
  private get going(): boolean {
    return !this.cancelled && !this.halted
  }

  /** One search (a seam: tests stand in for it). */
  private search(spec: GameSearchSpec): Promise<SearchOutcome> {
    return searchGame(this.ctx, spec)
  }

  /** The checkpoint's name of a search: exhaustive by bound and winner, heuristic by every setting that shapes it. */
  private stepOf(spec: RunSpec): string {
    if (!spec.heuristic) return `exhaustive ${spec.bound} ${spec.winner}${spec.look ? ' look' : spec.allowance ? ' counting' : ''}`
    const shape = spec.shaped === false ? 'plain' : `lookahead ${this.job.beam.lookahead} moves ${this.job.beam.moves.join('-')}`
    const count = spec.counted === false ? ' uncounted' : spec.allowance ? ' counting' : ''
    return `heuristic ${spec.bound} ${spec.winner} beam ${spec.beam ?? this.job.beam.width} ${shape}${count}`
  }

  /**
   * Run one search and record it, its game (if any) taken. A search that ended (a game, or none
   * within its bound) is a settled step of the checkpoint: a resumed flow takes its outcome from
   * there instead of searching. An exhaustive search that found none has its files deleted then;
   * one stopped by time or memory keeps them for a resume.
   */
  private async runSearch(spec: RunSpec): Promise<{ record: GameSearchRecord; game: FoundGame | undefined }> {
    const step = this.stepOf(spec)
    // What the search is for, when not the proof at its bound (a checkpoint's record of an older build has none: given here too).
    const purpose: GameSearchRecord['purpose'] = spec.look ? 'look' : spec.allowance ? 'count' : undefined
    const settled = this.spine.settled<SearchStep>(step)
    if (settled) {
      const what = settled.game ? `a ${settled.game.length}-move game` : 'no game'
      this.announce(spec.heuristic ? 'beam' : 'prove', spec.bound, `${what} won by ${this.name(spec.winner)} in at most ${spec.bound} moves: settled before the resume (checkpoint)`)
      const record = purpose ? { ...settled.record, purpose } : settled.record
      this.searches.push(record)
      return { record, game: settled.game ?? undefined }
    }
    const searched = await this.search({
      bound: spec.bound,
      winner: spec.winner,
      heuristics: spec.heuristic ? this.job.heuristics : null,
      beam: spec.beam ?? this.job.beam.width,
      shape: spec.shaped === false ? { lookahead: 0, moves: [0, 0] } : { lookahead: this.job.beam.lookahead, moves: this.job.beam.moves },
      ...(spec.allowance && { allowance: spec.allowance }),
      ...(spec.look && { inMemory: true }),
    })
    const out = purpose ? { ...searched, record: { ...searched.record, purpose } } : searched
    this.searches.push(out.record)
    if (out.record.result === 'time') this.halted = true
    const game = out.wins ? this.takeGame(out, spec.counted ?? true) : undefined
    const ended = out.record.result === 'found' || out.record.result === 'none'
    const value: SearchStep = { record: out.record, game: game ?? null }
    if (!this.cancelled && ended) {
      if (out.search && !spec.heuristic) this.spine.close(out.search, step, out.record.result === 'none', value)
      else this.spine.settle(step, value)
    }
    return { record: out.record, game }
  }

  private announce(phase: Progress['phase'], length: number, message: string): void {
    this.report.phase = phase
    this.report.length = length
    this.report.emit(message)
  }

  protected async steps(): Promise<GameResult> {
    if (this.job.length > 0) await this.oneLength(this.job.length)
    else if (this.job.strategy !== 'exhaustive') {
      await this.lookAtBound()
      if (!this.found) await this.probe()
      await this.descend()
      await this.ascend(true)
    }
    if (this.job.strategy !== 'heuristic' && this.job.length === 0 && this.going) {
      if (this.found) {
        const excluded = await this.proveBelow()
        const complete = this.lower >= this.found.length
        await this.closeGaps(excluded)
        if (complete) await this.countShortest()
      } else await this.ascend(false)
    }
    return this.result()
  }

  /** The job's one length, for the winner its parity fixes. */
  private async oneLength(L: number): Promise<void> {
    const winner = this.winnerOf(L)
    if (L < this.floor[winner]!) return
    const kinds = this.job.strategy === 'auto' ? [true, false] : [this.job.strategy === 'heuristic']
    for (const heuristic of kinds) {
      if (this.found || !this.going) break
      this.announce(
        heuristic ? 'beam' : 'prove',
        L,
        `${heuristic ? 'heuristic' : 'exhaustive'} search for a ${L}-move game won by ${this.name(winner)}`,
      )
      const out = await this.runSearch({ bound: L, winner, heuristic })
      if (out.game) this.found = out.game
      // The exhaustive search stops at the winner's shortest game, or shows it has none of L
      // moves or fewer; the other army's games are bounded by Theorem 1 only.
      if (!heuristic && out.record.result !== 'budget' && out.record.result !== 'time') {
        const shortest = this.found ? this.found.length : L + 1
        this.lower = Math.max(this.lower0, Math.min(shortest, this.floor[1 - winner]!))
      }
    }
  }

  /**
   * A game at the bound at the start, if one is cheap to find: exhaustive searches of the bound's
   * two lengths (one per winner), each within a small allowance. From a position near a game's end
   * (a game analysed from a move: Theorem 1 is often tight there) this is the shortest game at once,
   * where the beam, whose heuristic properties assume the armies start in their bases, can wander
   * for minutes; elsewhere the allowance runs out in a moment and the beam goes on as before.
   */
  private async lookAtBound(): Promise<void> {
    for (let L = this.lower0; L <= Math.min(this.lower0 + 1, this.job.maxLength) && !this.found && this.going; L++) {
      const winner = this.winnerOf(L)
      if (L < this.floor[winner]!) continue
      // A resumed job whose proof of this length is settled has nothing to look at.
      if (this.spine.settled(this.stepOf({ bound: L, winner, heuristic: false }))) continue
      this.announce('prove', L, `a first look at the bound: a ${L}-move game won by ${this.name(winner)}, within ${LOOK.states.toLocaleString('en-US')} states`)
      const out = await this.runSearch({ bound: L, winner, heuristic: false, allowance: LOOK, look: true, counted: false })
      if (out.game) this.found = out.game
      // A look that ended excludes that winner's games up to L, as the proof of L would.
      else if (out.record.result === 'none') {
        this.looked[winner] = Math.max(this.looked[winner]!, L)
        if (L === this.lower) this.lower = L + 1
      }
    }
  }

  /**
   * A first game fast: per winner, one search with a narrow beam and the longest bound (the beam
   * keeps the states furthest along, so it runs ahead like a greedy search), stopping at its first
   * win. Not counted: property (iv) depends on the bound, so this search's levels do not hold the
   * games with the properties at the length found.
   */
  private async probe(): Promise<void> {
    const probeBeam = Math.max(1, Math.min(this.job.beam.width || PROBE_BEAM, PROBE_BEAM))
    const max = this.job.maxLength
    for (const winner of [0, 1]) {
      if (!this.going) break
      const bound = max - (this.winnerOf(max) === winner ? 0 : 1)
      if (bound < this.floor[winner]!) continue
      this.announce('beam', bound, `a first game won by ${this.name(winner)}, by a narrow beam`)
      const out = await this.runSearch({ bound, winner, heuristic: true, beam: probeBeam, shaped: false, counted: false })
      if (out.game && (!this.found || out.game.length < this.found.length)) this.found = out.game
    }
  }

  /** Whether a length can be searched: at least the proven lower bound (the bound at the start, or above), and its winner's. */
  private open(L: number): boolean {
    return L >= Math.max(this.lower0, this.lower) && L >= this.floor[this.winnerOf(L)]!
  }

  /**
   * Shorter games with the full beam: `step` moves below the best game found, the step doubling
   * after each find and halving after each miss (a long first game comes down in few searches, as
   * at Halma's scale), until the two lengths just below the best game that can be searched have
   * both found nothing.
   */
  private async descend(): Promise<void> {
    const tried = new Set<number>()
    let step = 1
    while (this.found && this.going) {
      const best = this.found.length
      const near: number[] = []
      for (let L = best - 1; L >= this.lower0 && near.length < 2; L--) if (this.open(L)) near.push(L)
      const untried = near.filter((L) => !tried.has(L))
      if (untried.length === 0) break
      let L = best - step
      while (L >= this.lower0 && !this.open(L)) L--
      if (L < this.lower0 || tried.has(L)) {
        if (step > 1) {
          step >>= 1
          continue
        }
        L = untried[0]!
      }
      tried.add(L)
      const winner = this.winnerOf(L)
      this.announce('beam', L, `heuristic search for a ${L}-move game won by ${this.name(winner)}`)
      const out = await this.runSearch({ bound: L, winner, heuristic: true })
      if (out.game) {
        this.found = out.game
        step *= 2
      } else step = Math.max(1, step >> 1)
    }
  }

  /**
   * No game yet: lengths from the bound at the start up, each searched for its winner, until one
   * finds a game. Heuristic: up to maxLength. Exhaustive: each length excluded raises the lower
   * bound; a search stopped by the budget ends the step.
   */
  private async ascend(heuristic: boolean): Promise<void> {
    for (let L = this.lower0; L <= this.job.maxLength && !this.found && (heuristic ? this.going : !this.cancelled); L++) {
      const winner = this.winnerOf(L)
      if (L < this.floor[winner]! || (!heuristic && L <= this.looked[winner]!)) {
        if (!heuristic) this.lower = L + 1
        continue
      }
      if (heuristic) this.announce('beam', L, `heuristic search for a ${L}-move game won by ${this.name(winner)}`)
      else this.announce('prove', L, `exhaustive search for a game won by ${this.name(winner)} in at most ${L} moves`)
      const out = await this.runSearch({ bound: L, winner, heuristic })
      if (out.game) {
        this.found = out.game
        if (!heuristic) this.lower = this.found.length
        break
      }
      if (heuristic) continue
      if (out.record.result === 'budget' || out.record.result === 'time') break
      this.lower = L + 1
    }
  }

  /**
   * Every game shorter than the one found, by exhaustive search length by length from the bound at
   * the start, each length for the winner its parity fixes (a search for L moves also excludes that
   * winner's shorter games). Shortest first: the smaller searches give the best lower bound when a
   * larger one does not fit, and a game found is the shortest. Returns, per winner, the longest
   * game excluded by a completed search (or the bound at the start).
   */
  private async proveBelow(): Promise<number[]> {
    const excluded = [Math.max(this.floor[0]! - 1, this.looked[0]!), Math.max(this.floor[1]! - 1, this.looked[1]!)]
    for (let L = this.lower0; L < this.found!.length && this.going; L++) {
      const winner = this.winnerOf(L)
      if (L <= excluded[winner]!) {
        this.lower = L + 1
        continue
      }
      this.announce('prove', L, `exhaustive search for a game won by ${this.name(winner)} in at most ${L} moves`)
      const out = await this.runSearch({ bound: L, winner, heuristic: false })
      if (out.game) {
        this.found = out.game
        this.lower = this.found.length
        break
      }
      if (out.record.result === 'budget' || out.record.result === 'time') break
      excluded[winner] = L
      this.lower = L + 1
    }
    return excluded
  }

  /**
   * Lengths between the best lower bound and the game found that the beam may have missed:
   * searched again without a beam (every game with the heuristic properties), shortest first,
   * until one finds a game or does not fit.
   */
  private async closeGaps(excluded: readonly number[]): Promise<void> {
    for (let L = this.lower; L < this.found!.length && this.going; L++) {
      const winner = this.winnerOf(L)
      if (L < this.floor[winner]! || L <= excluded[winner]!) continue
      // A complete heuristic search at this length already found nothing.
      if (this.searches.some((r) => r.heuristic && r.bound === L && !r.cut)) continue
      this.announce('beam', L, `heuristic search for a ${L}-move game won by ${this.name(winner)}, without a beam`)
      const out = await this.runSearch({ bound: L, winner, heuristic: true, beam: 0 })
      if (out.game) {
        this.found = out.game
        break
      }
      if (out.record.result === 'budget' || out.record.result === 'time') break
    }
  }

  /**
   * All games of the optimal length when no complete search counted them: one more (exhaustive)
   * search at that length, within an allowance (the proofs' sizes do not predict it: Grasshopper's
   * proofs hold 67 states a level, its 24-move search 16 M). If it does not fit and the game found
   * was not counted at all, the games with the heuristic properties, within the same allowance.
   */
  private async countShortest(): Promise<void> {
    const found = this.found!
    if (!this.job.enumerate || found.count?.scope === 'all' || !this.going) return
    const allowance: Allowance = { states: this.enumerationStates, seconds: Math.max(60, this.report.elapsed() / 2) }
    this.announce('meet', found.length, `enumerating every ${found.length}-move game`)
    const out = await this.runSearch({ bound: found.length, winner: found.winner, heuristic: false, allowance })
    if (out.game) {
      this.found = { ...out.game, moves: found.moves }
      return
    }
    if (found.count || !this.going) return
    this.announce('meet', found.length, `enumerating the ${found.length}-move games with the heuristic properties`)
    const h = await this.runSearch({ bound: found.length, winner: found.winner, heuristic: true, beam: 0, allowance })
    if (h.game) this.found = { ...h.game, moves: found.moves }
  }

  /** A search's game, traced and verified; counted where the job asks and the search was complete. */
  private takeGame(out: SearchOutcome, counted = true): FoundGame {
    const length = out.record.length!
    if (this.job.enumerate && counted && !out.record.cut && !out.record.split)
      this.announce('meet', length, `counting the ${length}-move games`)
    const scope = countScope(out.heuristic ? this.job.heuristics : null)
    return takeGame(this.domain, out, this.job.enumerate && counted ? { list: this.job.listGames, scope } : null)
  }

  private result(): GameResult {
    const found = this.found
    const { optimal, statement } = gameStatement({
      found: found && { length: found.length, winner: this.name(found.winner) },
      lower: this.lower,
      searches: this.searches,
      armies: [0, 1].map((a) => ({ name: this.name(a), floor: this.floor[a]! })),
      folded: this.domain.fold !== undefined,
    })
    const length = found?.length ?? null
    const winner = found ? this.name(found.winner) : null
    const moves = found?.moves ?? []
    const games: GameListing[] = found ? (found.listed ?? [moves]).map((m) => ({ moves: m, winner: winner! })) : []
    this.report.peak(0, this.spine.budget.peakBytes)
    return {
      status: optimal ? 'optimal' : found ? 'best-found' : 'unsolved',
      length,
      optimal,
      lowerBound: optimal ? length! : this.lower,
      winner,
      moves,
      games,
      // A count is of the shortest games only when the length is proven optimal.
      count: optimal ? (found?.count ?? null) : null,
      proof: { statement, searches: this.searches },
      stats: this.report.stats(this.spine.threads),
    }
  }
}
