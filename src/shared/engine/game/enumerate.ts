/**
 * Every game of a two-player search's length, counted by the core (core/count.ts) over the game's
 * lines: the folded wins and their mirror images, and the moves as the search allowed them. The
 * heuristic properties of a heuristic search apply as in the search (heuristics.ts, the same
 * rules): the walk back follows only the moves they allow (it may still keep more states than lie
 * on games; the forward count from the start does not reach those), and the forward count only the
 * moves and states they allow.
 */
import { countGames, type GameLines } from '../core/count'
import type { KeySet } from '../core/keyset'
import type { StateSet } from '../core/state-set'
import type { GameDomain } from './domain'
import { linesHold, MoveRules, placementsHold, type HeuristicRule } from './heuristics'
import { afterMove, movesIn } from '../packed/lines'

type State = number[][]

export interface Enumeration {
  /** Move sequences of the search's length. */
  readonly games: bigint
  /** Distinct final positions. */
  readonly finals: number
  /** Up to `list` games, as states. */
  readonly listed: State[][]
}

export function enumerateGames(
  domain: GameDomain,
  search: {
    readonly levels: readonly StateSet[]
    readonly wins: KeySet
    readonly winner: number
    /** The search's bound and heuristic rule (null: exhaustive), applied as the search applied them. */
    readonly bound: number
    readonly heuristic: HeuristicRule | null
  },
  list: number,
): Enumeration {
  const { levels, wins, winner, heuristic, bound } = search
  const L = levels.length - 1
  const n = domain.space.n
  const rulesAt = Array.from(
    { length: L + 1 },
    (_, level) => new MoveRules(heuristic, { level, bound, mover: domain.mover(level), winner, oddBoard: domain.oddBoard }),
  )
  const fromBase = domain.inBase[winner]!
  const present = new Int32Array(domain.reach.range + 8)
  /** Whether the state reached at `level` keeps the heuristic properties on states. */
  const stateHolds = (s: State, level: number): boolean => {
    if (!heuristic) return true
    const home = s[winner]!.filter((c) => domain.inBase[winner]![c] === 1).length
    if (!placementsHold(heuristic, level, domain.mover(level) === winner, home)) return false
    if (heuristic.lines === null || level > heuristic.lines) return true
    domain.countValues(s, winner, present)
    return linesHold(heuristic, level, domain.emptyLines(present, winner))
  }
  const fold = domain.fold
  const lines: GameLines = {
    w: domain.w,
    pack: (s, out, off) => domain.pack(s, out, off),
    // The folded wins and their mirror images.
    finals: (raw, off) => {
      const s = domain.armies(raw, off)
      return fold ? [s, s.map((cells) => cells.map((c) => fold[c]!).sort((a, b) => a - b))] : [s]
    },
    // States before the move that made `level`, to `s`, that the move rules allow (the move back reversed).
    backward: (s, level) =>
      movesIn(domain.space, s, domain.mover(level))
        .filter((m) => rulesAt[level]!.allows(domain.dist[m.from * n + m.to] === 1, fromBase[m.to] === 1))
        .map((m) => afterMove(s, domain.mover(level), m)),
    // States after the move that makes `level`, from `s`, as the rules allow.
    forward: (s, level) =>
      movesIn(domain.space, s, domain.mover(level))
        .filter((m) => rulesAt[level]!.allows(domain.dist[m.from * n + m.to] === 1, fromBase[m.from] === 1))
        .map((m) => afterMove(s, domain.mover(level), m))
        .filter((q) => stateHolds(q, level)),
  }
  const c = countGames(lines, levels, wins, { list })!
  return { games: c.games, finals: c.finals, listed: c.listed.map((line) => line.map((s) => s.map((cells) => [...cells]))) }
}
