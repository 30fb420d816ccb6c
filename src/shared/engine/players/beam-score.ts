/** The beams' score of a child in the N-player kernel (kernel.ts). */
import { hashWords } from '../core/keyset'
import type { PlayersDomain, PlayersRule } from './domain'

/** The decoded parent the kernel holds, and the child written (its key). */
export interface ParentAt {
  readonly domain: PlayersDomain
  readonly cells: readonly Int16Array[]
  readonly size: Int32Array
  readonly child: Uint32Array
}

/**
 * A beam's score (rule.score) for a child f -> t of the decoded parent's mover, whose side's bound
 * is h: 'winner', how far along the winner's side is (its bound, then its men's steps to their
 * targets, then the other armies' steps to theirs); 'all', how far along every army is (their
 * steps summed, then the side's bound): in a crowded game (six players, every target held) a beam
 * by the winner alone jams, one by everyone flows. Ties (most states) are broken by a hash of the
 * state (at.child), not by key order, which would favour men on low cells: a beam keeps a
 * spread of positions, deterministically.
 */
export function beamScore(at: ParentAt, rule: PlayersRule, mover: number, f: number, t: number, h: number): number {
  const d = at.domain
  const side = d.sides[rule.winner]!
  let steps = 0
  let others = 0
  for (let a = 0; a < d.players; a++) {
    const to = d.toTarget[a]!
    const A = at.cells[a]!
    let s = 0
    for (let k = 0; k < at.size[a]!; k++) s += to[a === mover && A[k] === f ? t : A[k]!]!
    if (side.includes(a)) steps += s
    else others += s
  }
  const rank = rule.score === 'winner' ? h * 2 ** 20 + steps * 2 ** 10 + others : (steps + others) * 2 ** 10 + h
  return -rank + (hashWords(at.child, 0, d.w) >>> 12) / 2 ** 21
}
