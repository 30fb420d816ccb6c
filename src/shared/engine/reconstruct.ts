/**
 * Solutions are rebuilt from stored level sets: from a board at level i, some neighbour (moves are
 * reversible) lies in level i - 1; following such neighbours leads back to the start. Boards are
 * followed as they are, and only looked up by their canonical (folded) keys.
 */
import type { TransferDomain } from './domain'
import type { KeySet } from './keyset'

const MOVES = 8192

/** Boards (as cell lists) from the start to `cells`, which lies at `level` of `levels`. */
export function pathFromStart(domain: TransferDomain, levels: readonly KeySet[], cells: readonly number[], level: number): number[][] {
  const space = domain.space
  const w = space.w
  const from = new Int16Array(MOVES)
  const to = new Int16Array(MOVES)
  const out = new Uint32Array(MOVES * w)
  const key = new Uint32Array(w)
  const path: number[][] = [[...cells]]
  let current = [...cells]
  for (let i = level; i > 0; i--) {
    space.pack(current, key)
    const n = space.expand(key, 0, from, to, out)
    let found = -1
    for (let j = 0; j < n && found < 0; j++) if (levels[i - 1]!.has(out, j * w)) found = j
    if (found < 0) throw new Error(`internal: no predecessor at level ${i - 1}`)
    const f = from[found]!
    const t = to[found]!
    current = current.map((c) => (c === f ? t : c)).sort((a, b) => a - b)
    path.push(current)
  }
  return path.reverse()
}

/** The (from, to) cells of the move between two boards that differ by one man. */
export function moveBetween(a: readonly number[], b: readonly number[]): [number, number] {
  const sa = new Set(a)
  const sb = new Set(b)
  const from = a.find((c) => !sb.has(c))
  const to = b.find((c) => !sa.has(c))
  if (from === undefined || to === undefined) throw new Error('internal: boards do not differ by one move')
  return [from, to]
}
