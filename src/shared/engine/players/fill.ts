/**
 * The fill order of the winner's target (issue 18): a term of the N-player bound that sees what
 * the counts cannot, the order in which the cells of her target T can still be filled.
 *
 * When she has no type to change (typeExtra = 0) and wins in exactly `left` more moves (one per
 * man outside T), each of her moves must take a man from outside T onto T: a move lowers `left` by
 * one at most, and only by moving a man from outside onto T. So none of her men on T moves again,
 * each man outside moves once, from the cell he stands on now, straight onto a free cell of T
 * (the cells of T her men do not hold: as many as the men outside). When the i-th of them moves,
 * her men hold T but for the cells c_i, ..., c_k still to be filled, so every landing of his move
 * inside T is one of those (landings are empty cells). If no order c_1..c_k and assignment of men
 * makes every such move possible even with every other cell of the board empty where a landing
 * needs it and occupied where a hop needs a man (`enter` below: optimistic about every other man),
 * she needs a move more than `left`: the bound counts it as one more type change (`penalty`).
 * Example (the 73-hole star): with her men on both back corners of T and its tip free, no move can
 * end on the tip (a hop onto it starts on a back corner, a step onto it starts inside T).
 * Plain jumps only (long jumps land far from the man hopped: not used with them); up to MAX_MEN
 * men outside (the search over orders is exponential in them).
 */
import type { PackedSpace } from '../packed/space'

/** Most men outside T for which the order is searched (else no penalty: always sound). */
export const MAX_MEN = 6

export class FillOrder {
  /** T's cells, by bit. */
  private readonly cells: number[]
  /** Each cell's bit in T, or -1 outside T. */
  private readonly bit: Int8Array
  /** enter[a << t | R]: the bits of T a man on a (outside T) can end a move on with landings in T among R; -1 not worked out yet. */
  private readonly enter: Int32Array
  private readonly t: number
  private readonly memo: Int32Array
  private stamp = 0
  private readonly seen: Int32Array
  private seenStamp = 0
  private readonly queue: Int16Array
  /** The free set's bits of the call in progress (penalty). */
  private readonly freeBits = new Int32Array(MAX_MEN)
  private freeCount = 0

  constructor(
    private readonly space: PackedSpace,
    target: Uint8Array,
  ) {
    const n = space.n
    this.cells = []
    this.bit = new Int8Array(n).fill(-1)
    for (let c = 0; c < n; c++) if (target[c] === 1) this.bit[c] = this.cells.push(c) - 1
    this.t = this.cells.length
    if (this.t > 15) throw new Error(`internal: a target of ${this.t} cells (at most 15)`)
    this.enter = new Int32Array(n << this.t).fill(-1)
    this.memo = new Int32Array(1 << (2 * MAX_MEN))
    this.seen = new Int32Array(n)
    this.queue = new Int16Array(n)
  }

  /** The T cells (bits) a man on `a` can end a move on with landings inside T among R (optimistic about every other cell). */
  private entry(a: number, R: number): number {
    const key = (a << this.t) | R
    const known = this.enter[key]!
    if (known >= 0) return known
    const { nb, over, land, degree: deg } = this.space
    const bit = this.bit
    let mask = 0
    if (!this.space.rules.jumpsOnly)
      for (let d = 0; d < deg; d++) {
        const c = nb[a * deg + d]!
        if (c >= 0 && bit[c]! >= 0 && (R >> bit[c]!) & 1) mask |= 1 << bit[c]!
      }
    if (++this.seenStamp >= 0x7fffffff) {
      this.seen.fill(0)
      this.seenStamp = 1
    }
    const stamp = this.seenStamp
    const seen = this.seen
    const queue = this.queue
    seen[a] = stamp
    queue[0] = a
    let end = 1
    for (let q = 0; q < end; q++) {
      const p = queue[q]!
      for (let d = 0; d < deg; d++) {
        const o = over[p * deg + d]!
        // Any man may stand where a hop needs one, but the hopper's own cell is empty while he is away.
        if (o < 0 || o === a) continue
        const c = land[p * deg + d]!
        if (seen[c] === stamp) continue
        const b = bit[c]!
        if (b >= 0) {
          if (((R >> b) & 1) === 0) continue
          mask |= 1 << b
        }
        seen[c] = stamp
        queue[end++] = c
      }
    }
    this.enter[key] = mask
    return mask
  }

  /**
   * The penalty (0 or 1): 1 when the men outside T (men[0..k), k <= MAX_MEN) cannot fill the free
   * cells of T (the bits of `free`, k of them) one move each in any order; 0 when they can, or
   * when k or the rules put the question out of reach (then the bound does without it).
   */
  penalty(men: ArrayLike<number>, k: number, free: number): number {
    if (k === 0 || k > MAX_MEN || this.space.rules.longJumps) return 0
    if (++this.stamp >= 0x3fffffff) {
      this.memo.fill(0)
      this.stamp = 1
    }
    this.freeCount = 0
    for (let b = 0; b < this.t; b++) if ((free >> b) & 1) this.freeBits[this.freeCount++] = b
    if (this.freeCount !== k) throw new Error(`internal: ${k} men outside the target and ${this.freeCount} free cells in it`)
    return this.fill(men, k, free, 0) ? 0 : 1
  }

  /**
   * Per man outside T (men[0..k)), into out[i]: the bits of the free cells of T he can be placed on
   * by his one move with the other men still able to fill the rest (fill below); every bit where
   * the question is out of reach (as penalty: k or long jumps), so that nothing is ruled out then.
   */
  placements(men: ArrayLike<number>, k: number, free: number, out: Int32Array): void {
    if (k === 0 || k > MAX_MEN || this.space.rules.longJumps) {
      for (let i = 0; i < k; i++) out[i] = free
      return
    }
    this.penalty(men, k, free)
    for (let i = 0; i < k; i++) {
      let can = this.entry(men[i]!, free)
      let good = 0
      while (can !== 0) {
        const b = can & -can
        can ^= b
        if (this.fill(men, k, free & ~b, 1 << i)) good |= b
      }
      out[i] = good
    }
  }

  /** The cell's bit in T, or -1 outside T. */
  readonly bitOfCell = (c: number): number => this.bit[c]!

  /** Whether the men not in `used` can fill R, one move each (memo: stamp * 2 + answer, by `used` and R over the free set). */
  private fill(men: ArrayLike<number>, k: number, R: number, used: number): boolean {
    if (R === 0) return true
    const key = (used << MAX_MEN) | this.compact(R)
    const m = this.memo[key]!
    if (m >> 1 === this.stamp) return (m & 1) === 1
    let ok = false
    for (let i = 0; i < k && !ok; i++) {
      if ((used >> i) & 1) continue
      let can = this.entry(men[i]!, R)
      while (can !== 0 && !ok) {
        const b = can & -can
        can ^= b
        ok = this.fill(men, k, R & ~b, used | (1 << i))
      }
    }
    this.memo[key] = (this.stamp << 1) | (ok ? 1 : 0)
    return ok
  }

  /** R as bits over the free set of this call (k <= MAX_MEN of them): the memo's index. */
  private compact(R: number): number {
    let r = 0
    for (let j = 0; j < this.freeCount; j++) if ((R >> this.freeBits[j]!) & 1) r |= 1 << j
    return r
  }

  /** The bits of T's cells not among `cells[0..m)` (her men), with the man on f moved to t (f = -1: none moved). */
  freeOf(cells: ArrayLike<number>, m: number, f = -1, t = -1): number {
    let free = (1 << this.t) - 1
    for (let k = 0; k < m; k++) {
      const b = this.bit[cells[k] === f ? t : cells[k]!]!
      if (b >= 0) free &= ~(1 << b)
    }
    return free
  }
}
