/**
 * The admissible bound of the N-player shortest game (issue 18; the paper's Theorem 1 generalised,
 * as the two-player bound of ../game/bound.ts is made valid in every position): the fewest plies
 * from a position until player W can have filled her target camp T with her own men. Plies are
 * counted from the next one (ply 1); the players move in turn, `next` moving first.
 * - place: W places one man per move and `left` are still outside T. A move can place a man only
 *   if, before it, D = min(d(W, T) - 1, d(W, O) - 2) <= 0 (d over all of W's men, O all the other
 *   armies' men, distances in steps): a step starts beside T; a chain of hops over W's men lands
 *   beside the last man hopped, who is then at most one step from T; a chain's first hop over an O
 *   man starts beside him, from the mover's cell or from a landing beside a W man hopped before.
 *   While D > 0 no hop crosses between W and O, and every landing lies beside the man hopped, so
 *   each ply lowers D by one at most: W's next placement is no sooner than ply D + 1. (Long jumps
 *   land far from the man hopped: the term is not used with them.)
 * - moves: one move per man outside T, and one more for each man who must change his type (jumps
 *   keep a man's type, section 2.1) and is not beside T (typeExtra, as for two players).
 * - vacate: army A's men on T leave one per move of A; W's last placement comes after the last.
 * The bound is the largest term, as a ply count.
 */

/** The ply (1 = the next) of player a's k-th turn from now (k >= 1) among n players, `next` to move. */
export function turnPly(a: number, k: number, next: number, n: number): number {
  return ((a - next + n) % n) + 1 + (k - 1) * n
}

/** The first ply no sooner than t that is player a's. */
export function turnFrom(a: number, t: number, next: number, n: number): number {
  const first = ((a - next + n) % n) + 1
  return t <= first ? first : first + Math.ceil((t - first) / n) * n
}

/** What the bound for winner W needs of a position. */
export interface WinnerCounts {
  /** W's men outside T. */
  readonly left: number
  /** W's moves needed besides one per man outside (typeExtra). */
  readonly extra: number
  /** D = min(d(W, T) - 1, d(W, O) - 2), or 0 where it does not apply (long jumps). */
  readonly d: number
  /** Per army, its men on T (W's own entry is ignored). */
  readonly occupying: ArrayLike<number>
}

/** Plies until W can have won (0 when she has). */
export function pliesToWin(c: WinnerCounts, winner: number, next: number, n: number): number {
  if (c.left === 0) return 0
  const place = turnFrom(winner, Math.max(1, c.d + 1), next, n) + (c.left - 1) * n
  const moves = turnPly(winner, c.left + c.extra, next, n)
  let vacate = 0
  for (let a = 0; a < n; a++) {
    const k = c.occupying[a]!
    if (a === winner || k === 0) continue
    vacate = Math.max(vacate, turnFrom(winner, turnPly(a, k, next, n) + 1, next, n))
  }
  return Math.max(place, moves, vacate)
}

/**
 * typeExtra from counts: far[t] W's men of type t outside T and not beside it, inT[t] her men of
 * type t on T, base[t] T's cells of type t. The men who cannot find a free cell of their type in T
 * must step once besides their placing move (a man on T who left to free one would spend two).
 */
export function typeExtra(far: ArrayLike<number>, inT: ArrayLike<number>, base: ArrayLike<number>): number {
  let extra = 0
  for (let t = 0; t < 4; t++) extra += Math.max(0, far[t]! - (base[t]! - inT[t]!))
  return extra
}
