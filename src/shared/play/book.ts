/**
 * A book of varied openings for matches: each opening is a few moves from the start, every army
 * moving in turn, each move drawn (by a seeded generator) among the moves that gain at least one
 * step for its army, so that openings differ and none gives a side away. Openings that reach the
 * same position are kept once. The same seed gives the same book.
 */
import { evalTablesOf } from './evaluate'
import { MAX_MOVES, moveFrom, moveTo, Position, type Move } from './position'
import { seededRandom } from './random'
import type { Variant } from './variant'

/** `count` openings of `plies` moves each (fewer if the variant has fewer distinct ones). */
export function openingBook(v: Variant, count: number, plies: number, seed = 1): Move[][] {
  const next = seededRandom(seed)
  const buf = new Int32Array(MAX_MOVES)
  const forward = new Int32Array(MAX_MOVES)
  const seen = new Set<string>()
  const out: Move[][] = []
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const pos = Position.start(v)
    const e = evalTablesOf(pos.t)
    const line: Move[] = []
    for (let k = 0; k < plies && pos.winner < 0; k++) {
      const n = pos.generate(buf)
      if (n === 0) break
      const off = pos.turn * e.n
      let f = 0
      for (let i = 0; i < n; i++) if (e.goal[off + moveFrom(buf[i]!)]! > e.goal[off + moveTo(buf[i]!)]!) forward[f++] = buf[i]!
      const m = f > 0 ? forward[next() % f]! : buf[next() % n]!
      line.push(m)
      pos.make(m)
    }
    const key = `${Array.from(pos.key).join(',')}/${pos.turn}`
    if (pos.winner >= 0 || seen.has(key)) continue
    seen.add(key)
    out.push(line)
  }
  return out
}
