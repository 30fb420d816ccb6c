/**
 * Positions from the engine's six-player matches against greedy players, shared by the play tests.
 * SHUT_SIX: game 80 of bench/results/play-greedy-6-lost-2026-11-26.players.json at its 173rd move
 * (star121-6, vacate rule), yellow (the engine) to move, six of her men home, the green man on f5
 * shut in her target.
 */
import { Greedy } from '../../src/shared/play/greedy'
import { Position } from '../../src/shared/play/position'
import { uniform } from '../../src/shared/play/random'
import type { Variant } from '../../src/shared/play/variant'

/**
 * A game of greedy players (ties by `seed`) played until the army to move has at most `out` men
 * outside her target; undefined if a side wins first.
 */
export function greedyNearHome(v: Variant, seed: number, out: number): Position | undefined {
  const pos = Position.start(v)
  const g = new Greedy(uniform(seed))
  while (pos.winner < 0 && pos.t.men - pos.home[pos.turn]! > out) pos.make(g.move(pos))
  return pos.winner < 0 ? pos : undefined
}

export const SHUT_SIX =
  'blue: m1 l2 m2 k3 l3 j4 k5 i6 g10 g12; orange: n5 o5 q5 n6 o6 p6 l7 n7 e9 b13; green: f5 m6 m8 n8 k10 j11 l11 l12 j13 l13; ' +
  'vermilion: j8 i12 k12 f14 h14 f15 g15 e16 f16 e17; purple: p5 f9 d10 f10 d11 c12 d12 a13 d13 f13; ' +
  'yellow: e5 h5 h6 e7 f7 g8 h9 i10 e11 f11; to move: yellow'
