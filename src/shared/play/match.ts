/**
 * Matches (`halma match`): contestants play series of games on a variant of 2 to 6 armies, each
 * game from an opening of the book with the contestants' seats rotated through every seat, so
 * that first move and camp favour nobody. A game ends with a win, at the move cap, when an army
 * has no move, or by a forfeit (no move, an illegal move, a crash). Results are scored pairwise
 * between the contestants of different seats: the winner beats everyone; the others, and everyone
 * in a game without a winner, are ranked by the distance their armies still have to go (the
 * evaluation's first term; equal is a draw); a forfeit loses to everyone. The tallies give a
 * crosstable with Elo and 95 % intervals (elo.ts), and an optional sequential test stops the match
 * once a change is shown better or worse.
 */
import { eloEstimate, fitRatings, sprt, type SprtBounds, type SprtState, type Tally } from './elo'
import { Evaluator } from './evaluate'
import type { Answer, Contestant, GameView } from './contestant'
import { EngineLostError, moveText } from './contestant'
import { MAX_MOVES, Position, type Move } from './position'
import type { SpoilingRule, Variant, VariantSource } from './variant'
import { DEFAULT_WEIGHTS } from './weights'

export interface MatchSpec {
  readonly variant: Variant
  /** The variant's source before the rule against spoiling (what outside engines are told) and the rule. */
  readonly source: VariantSource
  readonly spoiling: SpoilingRule
  readonly contestants: readonly Contestant[]
  /** The contestant on each seat (army) in the first game of an opening; rotated by one seat per game. */
  readonly lineup: readonly number[]
  readonly openings: readonly (readonly Move[])[]
  /** Longest game, in moves; a game reaching it is adjudicated by distance. */
  readonly maxPlies: number
  /** Stop once contestant `test` is shown better or worse than `base` (checked after each opening's games). */
  readonly sprt?: SprtBounds & { readonly test: number; readonly base: number }
  /** Games per opening: every rotation (default), or fewer. */
  readonly rotations?: number
}

export type GameEnd = 'win' | 'cap' | 'blocked' | 'forfeit'

/** One game played (plain data: it is printed, saved and tallied). */
export interface GameRecord {
  readonly index: number
  readonly opening: number
  /** The contestant on each seat (army). */
  readonly seats: readonly number[]
  /** Every move from the start in notation, the opening's first. */
  readonly moves: readonly string[]
  readonly openingPlies: number
  readonly end: GameEnd
  /** The winning army (a team: its first partner), or -1. */
  readonly winner: number
  /** The army that forfeited, and why. */
  readonly forfeit?: { readonly army: number; readonly reason: string }
  /** Each army's distance still to go at the end (steps). */
  readonly distance: readonly number[]
  /** Per army, its rank (0 best; equal ranks are draws). */
  readonly ranks: readonly number[]
}

export interface MatchResult {
  readonly games: readonly GameRecord[]
  /** tallies[i][j]: contestant i's results against j. */
  readonly tallies: readonly (readonly Tally[])[]
  readonly ratings: readonly number[]
  readonly sprt?: SprtState
  /** Why the match stopped early, if it did. */
  readonly stopped?: string
}

/** Play one game from an opening with the given contestant per seat. */
export async function playGame(spec: MatchSpec, opening: readonly Move[], seats: readonly number[], index: number, openingIndex: number): Promise<GameRecord> {
  const v = spec.variant
  const pos = Position.start(v)
  const moves: string[] = []
  const buf = new Int32Array(MAX_MOVES)
  // An outside engine that cannot start this game (it ended since its last: EngineLostError)
  // forfeits it at its first turn; one that never started (EngineStartError), or any other fault, stops the match.
  const failed = new Map<number, string>()
  for (const c of new Set(seats))
    try {
      await spec.contestants[c]!.newGame(v)
    } catch (e) {
      if (!(e instanceof EngineLostError)) throw e
      failed.set(c, `could not start the game: ${e.message}`)
    }
  for (const m of opening) {
    moves.push(moveText(pos, m))
    pos.make(m)
  }
  let end: GameEnd = 'cap'
  let forfeit: GameRecord['forfeit']
  while (pos.winner < 0 && moves.length < spec.maxPlies) {
    if (pos.generate(buf) === 0) {
      end = 'blocked'
      break
    }
    const army = pos.turn
    const view: GameView = { variant: v, source: spec.source, spoiling: spec.spoiling, position: pos.clone(), moves: [...moves] }
    let answer: Answer
    const cannot = failed.get(seats[army]!)
    try {
      answer = cannot !== undefined ? { error: cannot } : await spec.contestants[seats[army]!]!.play(view)
    } catch (e) {
      answer = { error: (e as Error).message }
    }
    if (answer.move === undefined || !pos.isLegal(answer.move)) {
      end = 'forfeit'
      forfeit = { army, reason: answer.error ?? 'an illegal move' }
      break
    }
    moves.push(moveText(pos, answer.move))
    pos.make(answer.move)
  }
  if (pos.winner >= 0) end = 'win'
  const distance = distances(pos)
  return {
    index,
    opening: openingIndex,
    seats,
    moves,
    openingPlies: opening.length,
    end,
    winner: pos.winner,
    ...(forfeit && { forfeit }),
    distance,
    ranks: ranksOf(pos, distance, forfeit?.army ?? -1),
  }
}

/** Each army's distance still to go (the evaluation's distance term). */
function distances(pos: Position): number[] {
  const ev = new Evaluator(pos.variant, pos.t, DEFAULT_WEIGHTS)
  const terms = { dist: 0, lag: 0, camp: 0, blocked: 0, hop: 0, reach: 0, square: 0, moves: 0, trapped: 0 }
  return Array.from({ length: pos.t.armies }, (_, a) => ev.terms(pos, a, terms).dist)
}

/** Ranks: the winner's side first, a forfeit last, the rest by their side's distance to go (a side: its slower partner). */
function ranksOf(pos: Position, distance: readonly number[], forfeit: number): number[] {
  const t = pos.t
  const key = (a: number): number => {
    if (pos.winner >= 0 && t.side[pos.winner]!.includes(a)) return -1
    if (forfeit >= 0 && t.side[forfeit]!.includes(a)) return Infinity
    return Math.max(...t.side[a]!.map((q) => distance[q]!))
  }
  const keys = Array.from({ length: t.armies }, (_, a) => key(a))
  return keys.map((k) => keys.filter((x) => x < k).length)
}

/** Add a game's pairwise results to the tallies. */
export function tallyGame(tallies: Tally[][], g: GameRecord): void {
  const n = g.seats.length
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) {
      const i = g.seats[a]!
      const j = g.seats[b]!
      if (a === b || i === j) continue
      // Each unordered pair of seats once, from a's side.
      if (b < a) continue
      const t = tallies[i]![j]!
      const u = tallies[j]![i]!
      if (g.ranks[a]! < g.ranks[b]!) {
        t.wins++
        u.losses++
      } else if (g.ranks[a]! > g.ranks[b]!) {
        t.losses++
        u.wins++
      } else {
        t.draws++
        u.draws++
      }
    }
}

export const emptyTallies = (k: number): Tally[][] => Array.from({ length: k }, () => Array.from({ length: k }, () => ({ wins: 0, draws: 0, losses: 0 })))

/** Run a match; `onGame` after every game with the standings so far. */
export async function runMatch(spec: MatchSpec, onGame?: (g: GameRecord, tallies: readonly (readonly Tally[])[], test?: SprtState) => void): Promise<MatchResult> {
  const N = spec.variant.armies.length
  if (spec.lineup.length !== N) throw new Error(`the lineup names ${spec.lineup.length} seats; the game has ${N} armies`)
  const tallies = emptyTallies(spec.contestants.length)
  const games: GameRecord[] = []
  const rotations = Math.min(N, spec.rotations ?? N)
  let test: SprtState | undefined
  let stopped: string | undefined
  outer: for (let o = 0; o < spec.openings.length; o++) {
    for (let r = 0; r < rotations; r++) {
      const seats = Array.from({ length: N }, (_, s) => spec.lineup[(s + r) % N]!)
      const g = await playGame(spec, spec.openings[o]!, seats, games.length, o)
      games.push(g)
      tallyGame(tallies, g)
      if (spec.sprt && r === rotations - 1) test = sprt(tallies[spec.sprt.test]![spec.sprt.base]!, spec.sprt)
      onGame?.(g, tallies, test)
    }
    if (test?.verdict) {
      stopped = `SPRT: ${test.verdict} accepted after ${games.length} games (LLR ${test.llr.toFixed(2)}, bounds ${test.lower.toFixed(2)} to ${test.upper.toFixed(2)})`
      break outer
    }
  }
  return { games, tallies, ratings: fitRatings(tallies), ...(test && { sprt: test }), ...(stopped !== undefined && { stopped }) }
}

/** The crosstable's rows: per contestant its points, games, rating, and per opponent the score and Elo with its interval. */
export function crosstable(names: readonly string[], result: MatchResult): { readonly header: string[]; readonly rows: string[][] } {
  const k = names.length
  const header = ['contestant', 'rating', 'points', 'games', ...names.map((n, j) => `vs ${j + 1}`)]
  const rows = names.map((name, i) => {
    let p = 0
    let n = 0
    const cells = names.map((_, j) => {
      const t = result.tallies[i]![j]!
      const g = t.wins + t.draws + t.losses
      if (i === j || g === 0) return '-'
      p += t.wins + t.draws / 2
      n += g
      return `${(t.wins + t.draws / 2).toFixed(1)}/${g} (${eloText(t)})`
    })
    return [`${i + 1}. ${name}`, fmt(result.ratings[i]!), p.toFixed(1), String(n), ...cells]
  })
  void k
  return { header, rows }
}

const fmt = (x: number): string => (x >= 0 ? '+' : '') + Math.round(x)

/** An Elo difference with its 95 % interval: "+120 ± 45", or a bound for a clean sweep ("≥ +727"). */
export function eloText(t: Tally): string {
  const e = eloEstimate(t)
  if (e.elo === Infinity) return `≥ ${fmt(e.lower)}`
  if (e.elo === -Infinity) return `≤ ${fmt(e.upper)}`
  return `${fmt(e.elo)} ± ${Number.isFinite(e.error) ? Math.round(e.error) : 'inf'}`
}
