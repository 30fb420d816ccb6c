/**
 * Every shortest game of a complete search (two players, game/enumerate.ts; N players,
 * players/count.ts): walk back from the wins to the states that lead to them, then count the move
 * sequences forward, and list some. A state on a game of the search's length is first met at its
 * own ply (the search met nothing shorter), so it is in its level: the walk back keeps, per level,
 * the states one move before the ones kept above that the level holds; the count goes forward from
 * the start over the moves between kept states. The walk is over real positions: with a fold, a
 * stored final stands for itself and its image (GameLines.finals), and states are looked up in
 * their levels by their canonical keys. Counts are bigint (they pass 2^53 quickly).
 */
import type { Cells } from './contract'
import type { KeySet } from './keyset'
import type { StateSet } from './state-set'

/** How a count walks a domain's lines: states as cell lists, moves as the search allowed them. */
export interface GameLines {
  readonly w: number
  /** The canonical key of a state (as its level stores it), at out[off..off+W). */
  pack(state: Cells, out: Uint32Array, off: number): void
  /** The real final states a stored win stands for (with a fold: it and its image). */
  finals(raw: Uint32Array, off: number): Cells[]
  /** The states one move before `s`, which the move making `level` reached, as the search allowed it. */
  backward(s: Cells, level: number): Cells[]
  /** The states the move making `level` reaches from `s`, as the search allowed them. */
  forward(s: Cells, level: number): Cells[]
}

export interface GameCount {
  /** Move sequences of the search's length, from the start to a win. */
  readonly games: bigint
  /** Distinct final positions. */
  readonly finals: number
  /** Up to `list` games, as states from the start. */
  readonly listed: Cells[][]
}

const keyOf = (s: Cells): string => s.map((cells) => cells.join(',')).join('|')

/**
 * The games of `levels.length - 1` plies ending in `wins`, and up to `list` of them; null past
 * `maxStates` states kept on the way back, or when cancelled.
 */
export function countGames(
  lines: GameLines,
  levels: readonly StateSet[],
  wins: KeySet,
  options: { readonly list: number; readonly maxStates?: number; readonly cancelled?: () => boolean },
): GameCount | null {
  const L = levels.length - 1
  const key = new Uint32Array(lines.w)
  const maxStates = options.maxStates ?? Infinity
  const cancelled = options.cancelled ?? (() => false)
  const marked: Map<string, Cells>[] = Array.from({ length: L + 1 }, () => new Map())
  wins.forEach((raw, off) => {
    for (const s of lines.finals(raw, off)) marked[L]!.set(keyOf(s), s)
  })
  let kept = marked[L]!.size
  for (let i = L; i > 0; i--) {
    for (const s of marked[i]!.values()) {
      if (cancelled()) return null
      for (const p of lines.backward(s, i)) {
        lines.pack(p, key, 0)
        if (levels[i - 1]!.has(key, 0)) marked[i - 1]!.set(keyOf(p), p)
      }
    }
    kept += marked[i - 1]!.size
    if (kept > maxStates) return null
  }
  const counts: Map<string, bigint>[] = marked.map(() => new Map())
  const start = [...marked[0]!.values()][0]
  if (!start) return { games: 0n, finals: marked[L]!.size, listed: [] }
  counts[0]!.set(keyOf(start), 1n)
  for (let i = 0; i < L; i++) {
    for (const [k, s] of marked[i]!) {
      const c = counts[i]!.get(k) ?? 0n
      if (c === 0n) continue
      for (const q of lines.forward(s, i + 1)) {
        const qk = keyOf(q)
        if (marked[i + 1]!.has(qk)) counts[i + 1]!.set(qk, (counts[i + 1]!.get(qk) ?? 0n) + c)
      }
    }
  }
  let games = 0n
  for (const c of counts[L]!.values()) games += c
  return { games, finals: marked[L]!.size, listed: listGames(lines, marked, start, options.list) }
}

/** Up to `list` games, depth first through the kept states (a stack of its own: lines may be long). */
function listGames(lines: GameLines, marked: readonly Map<string, Cells>[], start: Cells, list: number): Cells[][] {
  const L = marked.length - 1
  const listed: Cells[][] = []
  if (list <= 0) return listed
  const path: Cells[] = [start]
  const next: Cells[][] = [L > 0 ? lines.forward(start, 1).filter((q) => marked[1]!.has(keyOf(q))) : []]
  if (L === 0) return [[start]]
  while (path.length > 0 && listed.length < list) {
    const options = next[next.length - 1]!
    const q = options.shift()
    if (!q) {
      path.pop()
      next.pop()
      continue
    }
    path.push(q)
    const i = path.length - 1
    if (i === L) {
      listed.push([...path])
      path.pop()
      continue
    }
    next.push(lines.forward(q, i + 1).filter((r) => marked[i + 1]!.has(keyOf(r))))
  }
  return listed
}
