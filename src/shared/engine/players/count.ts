/**
 * Every shortest game of a complete search: walk back from the wins, level by level, summing per
 * state the games that go on from it to a win (bigint: the counts pass 2^53 quickly). A state on
 * a game of the search's length is met first at its own ply (nothing shorter exists), so it is in
 * its level; its moves to states of the next level that lead on are the game's next moves.
 */
import type { KeySet } from '../core/keyset'
import type { StateSet } from '../core/state-set'
import type { PlayersDomain } from './domain'

export interface GameCount {
  /** Move sequences of the search's length, from the start to a win. */
  readonly games: bigint
  /** Distinct final positions. */
  readonly finals: number
}

const keyText = (raw: Uint32Array, off: number, w: number): string => {
  let s = ''
  for (let k = 0; k < w; k++) s += `${raw[off + k]!.toString(36)},`
  return s
}

/** The games of `levels.length - 1` plies ending in `wins`; null past `maxStates` states expanded. */
export function countGames(
  domain: PlayersDomain,
  levels: readonly StateSet[],
  wins: KeySet,
  maxStates: number,
  cancelled: () => boolean = () => false,
): GameCount | null {
  const L = levels.length - 1
  const w = domain.w
  let expanded = 0
  for (let l = 0; l < L; l++) expanded += levels[l]!.size
  if (expanded > maxStates) return null
  let ahead = new Map<string, bigint>()
  wins.forEach((raw, off) => ahead.set(keyText(raw, off, w), 1n))
  const finals = ahead.size
  const key = new Uint32Array(w)
  for (let level = L - 1; level >= 0; level--) {
    const here = new Map<string, bigint>()
    const mover = domain.mover(level + 1)
    levels[level]!.forEach((raw, off) => {
      if (cancelled()) return
      const state = domain.unpack(raw, off)
      let sum = 0n
      for (const child of domain.children(state, mover)) {
        domain.pack(child, key, 0)
        sum += ahead.get(keyText(key, 0, w)) ?? 0n
      }
      if (sum > 0n) here.set(keyText(raw, off, w), sum)
    })
    ahead = here
  }
  domain.pack(domain.unpack(domain.startKey, 0), key, 0)
  return { games: ahead.get(keyText(key, 0, w)) ?? 0n, finals }
}
