/**
 * The game's admissible bound (paper section 2.3, Theorem 1 made valid in every position), as
 * arithmetic on a position's counts so that the kernel can evaluate it per child in O(men):
 * - to fill the opposing base T, the winner W needs one move per man not yet in T, on alternate
 *   turns, and the last of them comes after the opponent O has moved its last man out of T;
 * - a man enters T only by a move that starts with d(W, T) <= 1 (a step, or hops over W's own men,
 *   each landing one cell beyond a W man) or with d(W, O) <= 2 (a hop over an O man needs the jumper
 *   beside him, and a hop over a W man lands at most one cell nearer). While
 *   phi = min(d(W, T) - 1, d(W, O) - 2) > 0 no hop crosses between the armies, so phi falls by at
 *   most one per move, and W's next placement is at least phi + 1 turns away;
 * - the rungs a placement needs (rungs.ts) and the types of section 2.1 (typeExtraFrom) add moves.
 * At the start this is the paper's max(0, d(B, R) - 2) + 2s - 1 (27 for Chinese Checkers). The
 * paper's own modified bound keeps d(B, R) in the formula after the armies have met, which is too
 * large late in a game (the armies separate again), so it is not used as a pruning bound here.
 */

/**
 * The bound for one winner from its counts (see the module comment): `left` men not yet in the
 * target base, `occupying` opponent men still in it, d(W, T) and d(W, O), and whether W is to move.
 * Two terms: `place`, the turn of W's last placement if W places at every turn from its first
 * possible one; `vacate`, the first W turn after the opponent's last move out of the base if it
 * moves a man out at every turn. The bound is the larger.
 */
export function remainingTerms(
  left: number,
  occupying: number,
  dT: number,
  dWO: number,
  winnerToMove: boolean,
  gaps = 0,
  extra = 0,
): { place: number; vacate: number; phi: number; moves: number } {
  if (left === 0) return { place: 0, vacate: 0, phi: 0, moves: 0 }
  // The next placement needs contact (phi <= 0) and a ladder whose `gaps` missing rungs each take a move.
  const phi = Math.max(Math.min(dT - 1, dWO - 2), gaps)
  const place = placeTerm(left, phi, winnerToMove)
  const vacate = occupying > 0 ? winnerTurn((winnerToMove ? 2 * occupying : 2 * occupying - 1) + 1, winnerToMove) : 0
  // The winner's own moves: one per man outside and `extra` more (typeExtra), on alternate turns.
  const moves = extra > 0 ? (winnerToMove ? 2 * (left + extra) - 1 : 2 * (left + extra)) : 0
  return { place, vacate, phi, moves }
}

/** The first ply from the t-th on that is the winner's (ply 1 is the next move). */
function winnerTurn(t: number, winnerToMove: boolean): number {
  return winnerToMove ? (t % 2 === 1 ? t : t + 1) : t % 2 === 0 ? t : t + 1
}

/** The ply of the winner's last placement: the first no sooner than phi + 1, then every other ply. */
export function placeTerm(left: number, phi: number, winnerToMove: boolean): number {
  return winnerTurn(Math.max(1, phi + 1), winnerToMove) + 2 * (left - 1)
}

/** The bound itself: the largest of remainingTerms' terms. */
export function remainingFrom(...args: Parameters<typeof remainingTerms>): number {
  const t = remainingTerms(...args)
  return Math.max(t.place, t.vacate, t.moves)
}

/**
 * typeExtra from counts: counts[t] the winner's men of type t outside the base and not beside it,
 * counts[4 + t] its men of type t in the base; baseTypes[t] the base cells of type t.
 */
export function typeExtraFrom(counts: Int32Array, baseTypes: Int32Array, jumpsOnly: boolean): number {
  let extra = 0
  for (let t = 0; t < 4; t++) {
    const over = counts[t]! - (baseTypes[t]! - counts[4 + t]!)
    if (over > 0) extra += over
  }
  return jumpsOnly && extra > 0 ? 1 << 20 : extra
}
