/**
 * The finish bound: at least how many moves a board still needs to reach the target (issue 28's
 * "bound where the levels explode"). A proof of length L meets the halves of a solution in the
 * middle; every board at level i of either half lies on a solution at a point L - i moves from the
 * target (the half built from the start directly, the other as the reflection R(A_{L-i}) of a board
 * that is L - i moves from the start, and R maps the start onto the target). So a board whose bound
 * exceeds L - i is on no solution of length L and is dropped. The bound:
 *
 * - entering moves: every man outside the target needs a move that ends in it, one per man;
 * - before the first man enters, the army must reach the target: d(A, T), the fewest steps from a
 *   man to a target cell, falls by one per move at most (a step moves a man one cell; a hop lands
 *   beside the man it passes, who is no nearer than d), so d - 1 moves that enter nothing come
 *   first (with long jumps, which land far from the man passed, the term is left out);
 * - jumps keep a man's type (the parity of his row and column, the paper's section 2.1): a man
 *   outside the target, not beside it, with no free target cell of his type left needs a step
 *   before his entering move (the two-player game's count, game/bound.ts typeExtraFrom: a man
 *   beside the target counts as fitting anywhere, so the count is never too high; jumps only: such
 *   a man never enters).
 *
 * Moves that enter nothing are at least the larger of the last two terms (both count such moves),
 * so the bound is (men outside) + max(d - 1, type steps). The kernel evaluates it per child from
 * the parent's counts in O(1) (prepare, then child).
 *
 * When a board has exactly as many men outside as moves left (tight), every move left must take a
 * man from outside the target into it, each man once: so the next one must, from this board. If no
 * man outside can end a move on a free target cell now, the board needs a move more (placeable).
 */
import { cellDistance, cellType } from '../../halma/metrics'
import type { PackedSpace } from '../packed/space'
import { typeExtraFrom } from '../game/bound'

export class FinishBound {
  /** 1 on target cells. */
  readonly inTarget: Uint8Array
  /** Fewest steps from each cell to a target cell (0 on the target). */
  readonly toTarget: Uint8Array
  /** Type (0-3) of each cell: only steps change a man's type. */
  readonly type: Uint8Array
  /** 1 on cells outside the target a step enters it from (none when jumps only). */
  readonly beside: Uint8Array
  /** Target cells of each type. */
  readonly targetTypes: Int32Array
  private readonly jumpsOnly: boolean
  private readonly useDistance: boolean
  /** placeable's scratch: the men outside the target. */
  private readonly outsideMen: Int16Array

  // The prepared parent's counts.
  /** [0..4): men of each type outside the target and not beside it; [4..8): men of each type on it. */
  private readonly counts = new Int32Array(8)
  private outside = 0
  /** Smallest toTarget over the men, how many men have it, and the next smallest over the others. */
  private d1 = 0
  private d1Count = 0
  private d2 = 0

  constructor(
    private readonly space: PackedSpace,
    target: readonly number[],
  ) {
    const n = space.n
    this.outsideMen = new Int16Array(n)
    const board = space.board
    const rules = space.rules
    this.jumpsOnly = rules.jumpsOnly
    this.useDistance = !rules.longJumps
    this.inTarget = new Uint8Array(n)
    for (const c of target) this.inTarget[c] = 1
    this.toTarget = Uint8Array.from({ length: n }, (_, c) => Math.min(255, ...target.map((t) => cellDistance(board, rules, c, t))))
    this.type = Uint8Array.from({ length: n }, (_, c) => cellType(board, c))
    this.beside = Uint8Array.from({ length: n }, (_, c) => (!rules.jumpsOnly && this.inTarget[c] === 0 && this.toTarget[c] === 1 ? 1 : 0))
    this.targetTypes = new Int32Array(4)
    for (const c of target) this.targetTypes[this.type[c]!]!++
  }

  /** The bound for a board given as its men's cells. */
  moves(men: ArrayLike<number>, m: number): number {
    this.prepare(men, m)
    return this.total(this.outside, this.d1, typeExtraFrom(this.counts, this.targetTypes, this.jumpsOnly))
  }

  /** Take the counts of a parent board (its men's cells) for child(). */
  prepare(men: ArrayLike<number>, m: number): void {
    const counts = this.counts
    counts.fill(0)
    let outside = 0
    let d1 = 255
    let d1Count = 0
    let d2 = 255
    for (let j = 0; j < m; j++) {
      const c = men[j]!
      if (this.inTarget[c] === 1) counts[4 + this.type[c]!]!++
      else {
        outside++
        if (this.beside[c] === 0) counts[this.type[c]!]!++
      }
      const d = this.toTarget[c]!
      if (d < d1) {
        d2 = d1
        d1 = d
        d1Count = 1
      } else if (d === d1) d1Count++
      else if (d < d2) d2 = d
    }
    this.outside = outside
    this.d1 = d1
    this.d1Count = d1Count
    this.d2 = d1Count > 1 ? d1 : d2
  }

  /** The bound for the prepared parent with its man on `from` moved to `to`. */
  child(from: number, to: number): number {
    const inT = this.inTarget
    const outside = this.outside + (inT[to]! === 1 ? 0 : 1) - (inT[from]! === 1 ? 0 : 1)
    if (outside === 0) return 0
    const d = Math.min(this.toTarget[to]!, this.toTarget[from] === this.d1 && this.d1Count === 1 ? this.d2 : this.d1)
    const counts = this.counts
    const tf = inT[from] === 1 ? 4 + this.type[from]! : this.beside[from] === 0 ? this.type[from]! : -1
    const tt = inT[to] === 1 ? 4 + this.type[to]! : this.beside[to] === 0 ? this.type[to]! : -1
    if (tf >= 0) counts[tf]!--
    if (tt >= 0) counts[tt]!++
    const extra = typeExtraFrom(counts, this.targetTypes, this.jumpsOnly)
    if (tf >= 0) counts[tf]!++
    if (tt >= 0) counts[tt]!--
    return this.total(outside, d, extra)
  }

  /** Men outside the target on the prepared parent's child (from -> to). */
  outsideAfter(from: number, to: number): number {
    return this.outside + (this.inTarget[to]! === 1 ? 0 : 1) - (this.inTarget[from]! === 1 ? 0 : 1)
  }

  /**
   * Whether a man outside the target can end a move on a free target cell, on the board men[0..m)
   * with the man on `from` moved to `to` (the tight case in the module comment).
   */
  placeable(men: ArrayLike<number>, m: number, from: number, to: number): boolean {
    const space = this.space
    const occ = space.occupancy
    const out = this.outsideMen
    let k = 0
    for (let j = 0; j < m; j++) {
      const c = men[j] === from ? to : men[j]!
      occ[c] = 1
      if (this.inTarget[c] === 0) out[k++] = c
    }
    const found = space.hasMoveTo(out, k, this.inTarget, 1)
    for (let j = 0; j < m; j++) occ[men[j] === from ? to : men[j]!] = 0
    return found
  }

  private total(outside: number, d: number, extra: number): number {
    if (outside === 0) return 0
    return outside + Math.max(this.useDistance ? d - 1 : 0, extra)
  }
}
