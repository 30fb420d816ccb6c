/**
 * Every game of a complete search's length: walk back from the wins to the states that lead to
 * them, then count the move sequences forward. The walk is over real positions; a position is on
 * the way when its folded form is in the level (a position on a game of the search's length is
 * first met at its own ply, as the search met nothing shorter), and the wins are the folded wins
 * and their mirror images. The heuristic properties of a heuristic search apply as in the search
 * (heuristics.ts, the same rules): the walk back follows only the moves they allow (it may still
 * mark more states than lie on games; the forward count from the start does not reach those), and
 * the forward count only the moves and states they allow.
 */
import type { KeySet } from '../core/keyset'
import type { StateSet } from '../core/state-set'
import type { GameDomain } from './domain'
import { linesHold, MoveRules, placementsHold, type HeuristicRule } from './heuristics'
import { afterMove, movesIn } from '../packed/lines'

type State = number[][]

export interface Enumeration {
  /** Move sequences of the search's length. */
  readonly games: number
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
  const key = new Uint32Array(domain.w)
  const n = domain.space.n
  const keyOf = (s: State): string => s.map((cells) => cells.join(',')).join('|')
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
  /** States after the move that makes `level`, from `s` (level - 1), as the rules allow. */
  const forward = (s: State, level: number): State[] =>
    movesIn(domain.space, s, domain.mover(level))
      .filter((m) => rulesAt[level]!.allows(domain.dist[m.from * n + m.to] === 1, fromBase[m.from] === 1))
      .map((m) => afterMove(s, domain.mover(level), m))
      .filter((q) => stateHolds(q, level))
  /** States before the move that made `level`, to `s`, that the move rules allow (the move back reversed). */
  const backward = (s: State, level: number): State[] =>
    movesIn(domain.space, s, domain.mover(level))
      .filter((m) => rulesAt[level]!.allows(domain.dist[m.from * n + m.to] === 1, fromBase[m.to] === 1))
      .map((m) => afterMove(s, domain.mover(level), m))
  const marked: Map<string, State>[] = Array.from({ length: L + 1 }, () => new Map())
  const fold = domain.fold
  wins.forEach((raw, off) => {
    const s = domain.armies(raw, off)
    marked[L]!.set(keyOf(s), s)
    if (fold) {
      const m = s.map((cells) => cells.map((c) => fold[c]!).sort((a, b) => a - b))
      marked[L]!.set(keyOf(m), m)
    }
  })
  for (let i = L; i > 0; i--) {
    for (const s of marked[i]!.values()) {
      for (const p of backward(s, i)) {
        domain.pack(p, key, 0)
        if (levels[i - 1]!.has(key, 0)) marked[i - 1]!.set(keyOf(p), p)
      }
    }
  }
  const counts: Map<string, number>[] = marked.map(() => new Map())
  const start = [...marked[0]!.values()][0]!
  counts[0]!.set(keyOf(start), 1)
  for (let i = 0; i < L; i++) {
    for (const [k, s] of marked[i]!) {
      const c = counts[i]!.get(k) ?? 0
      if (c === 0) continue
      for (const q of forward(s, i + 1)) {
        const qk = keyOf(q)
        if (marked[i + 1]!.has(qk)) counts[i + 1]!.set(qk, (counts[i + 1]!.get(qk) ?? 0) + c)
      }
    }
  }
  let games = 0
  for (const c of counts[L]!.values()) games += c
  // List up to `list` games: depth-first through the marked states.
  const listed: State[][] = []
  const walk = (i: number, s: State, path: State[]): void => {
    if (listed.length >= list) return
    if (i === L) {
      listed.push([...path])
      return
    }
    for (const q of forward(s, i + 1)) {
      if (listed.length >= list) return
      if (!marked[i + 1]!.has(keyOf(q))) continue
      path.push(q)
      walk(i + 1, q, path)
      path.pop()
    }
  }
  walk(0, start, [start])
  return { games, finals: marked[L]!.size, listed }
}
