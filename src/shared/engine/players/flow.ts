/**
 * The shortest cooperative game of N players (issue 18): every player helps one of them fill her
 * target camp as early as possible (the paper's section 2, generalised). The player who wins a game
 * of L moves makes move L, so each length is searched for its one winner. Steps:
 * - probe (auto, heuristic): per player, a beam (the core's StreamingBest, by how far along she
 *   is) up to maxLength, for a first game; then rounds of beams below the best so far while a
 *   round finds a shorter game;
 * - ascend (auto, exhaustive): lengths from the bound at the start up, each by a complete
 *   level-by-level search with the admissible bound (bound.ts) for its winner; the first length
 *   with a game is the optimum, every length below it is proven impossible; a search stopped by
 *   the budget or the time limit leaves the lower bound where it is;
 * - count: the optimum's games, from the levels of the search that found it (count.ts).
 */
import { StreamingBest } from '../core/beam'
import { BudgetError, type Allowance } from '../core/budget'
import { JobFlow } from '../core/flow'
import { loaded } from '../core/job-fields'
import type { KeySet } from '../core/keyset'
import type { Progress } from '../core/progress'
import type { SpineDomain, SpineHost } from '../core/spine'
import type { StateSet } from '../core/state-set'
import { traceBack } from '../core/trace'
import { sideName } from '../../players/game'
import { countGames, type GameCount } from './count'
import { PlayersDomain, type PlayersInit, type PlayersRule } from './domain'
import type { PlayersJob, PlayersResult, PlayersSearchRecord } from './job'
import { PlayersKernel } from './kernel'

interface Found {
  readonly length: number
  readonly winner: number
  readonly moves: string[]
  /** The complete search's levels and wins, for the count (exhaustive searches only). */
  readonly levels?: StateSet[]
  readonly wins?: KeySet
}

/** A search's outcome as the checkpoint records it: a resumed flow takes it instead of searching. */
interface SearchStep {
  readonly record: PlayersSearchRecord
  /** The game it found (not its levels: a count needs the search again), or null. */
  readonly found: { readonly length: number; readonly winner: number; readonly moves: string[] } | null
}

export class PlayersFlow extends JobFlow<PlayersRule, PlayersInit, PlayersResult> {
  private domain!: PlayersDomain
  private readonly searches: PlayersSearchRecord[] = []
  private found: Found | undefined
  private floor: number[] = []
  private lower0 = 0
  private lower = 0
  private halted = false
  private count: GameCount | null = null

  constructor(
    private readonly job: PlayersJob,
    host: SpineHost<PlayersInit>,
    progress: (p: Progress) => void,
  ) {
    super(job, host, progress, 'prove')
  }

  protected prepare(): SpineDomain<PlayersRule, PlayersInit> {
    // The registry sends chain wins to the Hexma flow; a caller that did not is told.
    if (this.job.game.win === 'chain') throw new Error("a game won by a chain (Hexma) is searched by hexmaPlayersFlow (engine/hexma/flow.ts), not the players flow")
    const domain = (this.domain = new PlayersDomain(loaded(this.job)))
    const start = domain.unpack(domain.startKey, 0)
    this.floor = domain.game.players.map((_, p) => domain.sideRemaining(start, p, 0))
    this.lower0 = this.lower = Math.min(...this.floor)
    return { init: domain.init, kernel: () => new PlayersKernel(domain) }
  }

  private winnerOf(L: number): number {
    return this.domain.mover(L)
  }

  /** The player's side: her name, or her team's ("blue and vermilion"). */
  private name(p: number): string {
    return sideName(this.domain.game, p)
  }

  private get going(): boolean {
    return !this.cancelled && !this.halted
  }

  protected async steps(): Promise<PlayersResult> {
    if (this.job.strategy !== 'exhaustive') await this.probe()
    if (this.job.strategy !== 'heuristic' && this.going) await this.ascend()
    if (this.job.count && this.found?.levels && this.lower >= this.found.length && this.going) {
      this.report.phase = 'meet'
      this.report.emit(`counting the ${this.found.length}-move games`)
      this.count = countGames(this.domain, this.found.levels, this.found.wins!, this.job.countStates, () => this.cancelled)
    }
    return this.result()
  }

  /** One search for games of at most `bound` moves won by `winner`: a beam of `width` scored by `score`, or exhaustive (width 0). */
  private async search(
    bound: number,
    winner: number,
    width: number,
    score: PlayersRule['score'] = 'none',
    allowance?: Allowance,
  ): Promise<{ record: PlayersSearchRecord; found?: Found }> {
    const domain = this.domain
    const t0 = performance.now()
    const heuristic = width > 0
    this.report.phase = heuristic ? 'beam' : 'prove'
    this.report.length = bound
    const N = domain.players
    // A search that ended is a settled step of the checkpoint (not a counting one: its levels are needed).
    const step = heuristic ? `beam ${bound} ${winner} ${width} ${score}` : `exhaustive ${bound} ${winner}`
    const settled = allowance ? undefined : this.spine.settled<SearchStep>(step)
    if (settled) {
      const what = settled.found ? `a ${settled.found.length}-move game` : 'no game'
      this.report.emit(`${what} won by ${this.name(winner)} in at most ${bound} moves: settled before the resume (checkpoint)`)
      this.searches.push(settled.record)
      return { record: settled.record, ...(settled.found && { found: settled.found }) }
    }
    const search = this.spine.search({
      // Named by bound and winner, so that a resumed flow finds the files.
      name: `players${bound}w${winner}`,
      origin: domain.startKey,
      window: [2 * N],
      onDisk: !heuristic,
      plan: bound,
      ...(allowance && { allowance }),
    })
    const rule = (level: number): PlayersRule => ({ kind: 'players', level, bound, winner, score: heuristic ? score : 'none' })
    let result: PlayersSearchRecord['result'] = 'none'
    try {
      for (let level = 1; level <= bound && this.going; level++) {
        // An exhaustive level on disk is taken from the checkpoint if it holds it.
        const next = heuristic
          ? await search.build(search.levels[level - 1]!, rule(level), '', new StreamingBest(domain.w, width))
          : await search.grow(rule(level))
        search.levels.push(next)
        if (search.goals) break
        if (heuristic) this.report.kept(level, next.size, search.states, search.bytes)
        if (next.size === 0) break
      }
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e
      result = e.kind === 'time' ? 'time' : 'budget'
      if (e.kind === 'time') this.halted = true
    }
    this.report.record(search.records)
    const levels = search.levels
    const wins = search.goals
    let found: Found | undefined
    if (wins) {
      result = 'found'
      const length = levels.length - 1
      let end: number[][] | undefined
      wins.forEach((raw, off) => void (end ??= domain.unpack(raw, off)))
      const moves = domain.movesAlong(traceBack(domain, levels, end!, length)).texts
      found = { length, winner, moves, ...(!heuristic && { levels, wins }) }
    }
    const record: PlayersSearchRecord = {
      bound,
      winner: this.name(winner),
      heuristic,
      result,
      length: found?.length ?? null,
      levels: levels.map((l) => l.size),
      // With the build time of the levels a resume took from the checkpoint (their records).
      seconds: (performance.now() - t0) / 1000 + search.resumedSeconds,
    }
    this.searches.push(record)
    // A settled search's files go now; a stopped one's stay for a resume (more time or memory).
    // A cancel ends the loop quietly: the search is not settled then. An exhaustive search that
    // found the game is not settled: the count needs its levels (a resume builds its last again).
    if (!allowance && !this.cancelled) {
      const value: SearchStep = { record, found: found ? { length: found.length, winner: found.winner, moves: found.moves } : null }
      if (heuristic && (result === 'none' || result === 'found')) this.spine.settle(step, value)
      else if (result === 'none') this.spine.close(search, step, true, value)
    }
    return { record, ...(found && { found }) }
  }

  /**
   * A first game: per player, a beam by the winner's progress, then one by every army's (it finds
   * games where a beam by the winner's alone jams: six players on the 121-hole star), each up to
   * the longest length she can win below the best game so far.
   */
  private async probe(): Promise<void> {
    const N = this.domain.players
    // Rounds of beams, each below the best game so far, while a round finds a shorter one: the
    // tighter the bound, the more the kernel prunes, so a beam of the same width sees further. A
    // beam already run (bound, winner, score) would find the same again: it is not run twice.
    const tried = new Set<string>()
    for (let improved = true; improved && this.going; ) {
      improved = false
      for (const score of ['winner', 'all'] as const)
        for (let p = 0; p < N && this.going; p++) {
          let bound = this.found ? this.found.length - 1 : this.job.maxLength
          while (bound > 0 && this.winnerOf(bound) !== p) bound--
          if (bound < this.floor[p]! || tried.has(`${bound} ${p} ${score}`)) continue
          tried.add(`${bound} ${p} ${score}`)
          this.report.length = bound
          this.report.emit(`a game won by ${this.name(p)}, by a beam of ${this.job.beam.toLocaleString('en-US')} (${score === 'all' ? "every army's progress" : 'her progress'})`)
          const out = await this.search(bound, p, this.job.beam, score)
          if (out.found && (!this.found || out.found.length < this.found.length)) {
            this.found = out.found
            improved = true
          }
        }
    }
  }

  /** Lengths from the bound at the start up, each searched exhaustively for its winner. */
  private async ascend(): Promise<void> {
    const top = this.found ? this.found.length : this.job.maxLength
    for (let L = this.lower0; L <= top && this.going; L++) {
      const p = this.winnerOf(L)
      if (L < this.floor[p]!) {
        this.lower = L + 1
        continue
      }
      this.report.length = L
      // Where every shorter length is excluded already, this search only counts the games: it gets
      // an allowance of its own (its size is not known in advance: piecepack-4's is billions).
      const counting = this.found !== undefined && L === this.found.length && this.lower >= L
      if (counting && !this.job.count) return
      this.report.emit(
        counting ? `counting the ${L}-move games won by ${this.name(p)}` : `exhaustive search for a game won by ${this.name(p)} in at most ${L} moves`,
      )
      const allowance = counting ? { states: this.job.countStates, seconds: Math.max(60, this.report.elapsed() / 2) } : undefined
      const out = await this.search(L, p, 0, 'none', allowance)
      if (out.found) {
        this.found = out.found
        this.lower = out.found.length
        return
      }
      if (out.record.result !== 'none') return
      this.lower = L + 1
    }
  }

  private statement(optimal: boolean): string {
    const f = this.found
    const proofs = this.searches.filter((s) => !s.heuristic && s.result === 'none')
    const parts: string[] = []
    if (f && optimal) parts.push(`Shortest game: ${f.length} moves, won by ${this.name(f.winner)}; proven optimal: no game of fewer moves exists.`)
    else if (f) parts.push(`Best game found: ${f.length} moves, won by ${this.name(f.winner)}; proven: no game has fewer than ${this.lower} moves.`)
    else parts.push(`No game found within ${this.job.maxLength} moves; proven: no game has fewer than ${this.lower} moves.`)
    parts.push(`The admissible bound at the start (each player's rungs and fill order) excludes games of fewer than ${this.lower0} moves.`)
    if (proofs.length > 0)
      parts.push(
        `Exhaustive searches of ${proofs[0]!.bound} to ${proofs.at(-1)!.bound} moves (each for the player who would make its last move) found none.`,
      )
    const stopped = this.searches.find((s) => !s.heuristic && (s.result === 'budget' || s.result === 'time'))
    if (stopped)
      parts.push(
        `The exhaustive search of ${stopped.bound} moves stopped (${stopped.result === 'time' ? 'time limit' : optimal ? "the count's allowance or the memory budget" : 'memory budget'}) at level ${stopped.levels.length - 1}${optimal ? ', so the shortest games were not counted' : ''}.`,
      )
    return parts.join(' ')
  }

  private result(): PlayersResult {
    const f = this.found
    const optimal = f !== undefined && this.lower >= f.length
    return {
      status: optimal ? 'optimal' : f ? 'best-found' : 'unsolved',
      length: f?.length ?? null,
      optimal,
      lowerBound: optimal ? f.length : this.lower,
      winner: f ? this.name(f.winner) : null,
      moves: f?.moves ?? [],
      count: optimal && this.count ? { games: this.count.games.toString(), finalPositions: this.count.finals } : null,
      proof: { statement: this.statement(optimal), searches: this.searches },
      stats: this.report.stats(this.spine.threads),
    }
  }
}
