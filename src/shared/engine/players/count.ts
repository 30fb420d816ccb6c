/**
 * Every shortest game of a complete N-player search, counted by the core (core/count.ts) over the
 * players' lines: no fold, and the moves the rules allow (the vacate rule's restriction included:
 * PlayersDomain.children and predecessors).
 */
import { countGames as countLines, type GameCount } from '../core/count'
import type { KeySet } from '../core/keyset'
import type { StateSet } from '../core/state-set'
import type { PlayersDomain } from './domain'

export type { GameCount }

/** The games of `levels.length - 1` plies ending in `wins`; null past `maxStates` states kept, or cancelled. */
export function countGames(
  domain: PlayersDomain,
  levels: readonly StateSet[],
  wins: KeySet,
  maxStates: number,
  cancelled: () => boolean = () => false,
): GameCount | null {
  return countLines(
    {
      w: domain.w,
      pack: (s, out, off) => domain.pack(s, out, off),
      finals: (raw, off) => [domain.unpack(raw, off)],
      backward: (s, level) => domain.predecessors(s, level),
      forward: (s, level) => domain.children(s, domain.mover(level)),
    },
    levels,
    wins,
    { list: 0, maxStates, cancelled },
  )
}
