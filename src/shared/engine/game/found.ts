/**
 * A game search's game, taken: traced back through the search's levels and verified (the core's
 * trace and the core verifier), and, when asked and the search was complete (exhaustive, or
 * heuristic without a beam cut or a split, whose levels hold only some games), every game of its
 * length counted and some listed.
 */
import { traceBack } from '../core/trace'
import type { GameDomain } from './domain'
import { enumerateGames } from './enumerate'
import type { GameCountScope, GameResult } from './job'
import type { SearchOutcome } from './search'

/** A game found, traced and (where its search was complete) its length's games counted. */
export interface FoundGame {
  readonly length: number
  /** The winning army. */
  readonly winner: number
  readonly moves: string[]
  /** The shortest games listed (null: not counted). */
  readonly listed: string[][] | null
  readonly count: GameResult['count']
}

/** How to count: the games listed at most, and the scope the count is reported with. */
export interface Counting {
  readonly list: number
  readonly scope: GameCountScope
}

export function takeGame(domain: GameDomain, out: SearchOutcome, counting: Counting | null): FoundGame {
  const length = out.record.length!
  const winner = domain.mover(length)
  let end: number[][] | undefined
  out.wins!.forEach((raw, off) => void (end ??= domain.armies(raw, off)))
  const moves = domain.movesAlong(traceBack(domain, out.levels, end!, length)).texts
  if (!counting || out.record.cut || out.record.split) return { length, winner, moves, listed: null, count: null }
  const e = enumerateGames(
    domain,
    { levels: out.levels, wins: out.wins!, winner, bound: out.record.bound, heuristic: out.heuristic },
    counting.list,
  )
  return {
    length,
    winner,
    moves,
    listed: e.listed.map((states) => domain.movesAlong(states).texts),
    // The result's count is a number (exact below 2^53: two-player counts measured so far are millions).
    count: { games: Number(e.games), finalPositions: e.finals, scope: counting.scope },
  }
}
