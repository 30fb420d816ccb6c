/**
 * Upper bounds on how far an army's centroid c(A) can rise in k moves: the pruning behind the
 * minimum centroid constraint search (paper section 3.2).
 *
 * Theorem 2 (iterated): each move raises c(A) by at most c(amax) - c(amin) + delta; iterating the
 * best case "the rearmost man lands delta beyond the leader" gives a valid bound, but a crude one.
 *
 * The ladder bound (option 'ladder'; class ProjectedRiseBound) is this engine's own, and much
 * sharper. Project every man onto his centroid
 * value. A step changes a man's value by the c-change delta of its direction. A jump hop in
 * direction d moves him by 2 delta, over a man standing at value + delta. So a chain can
 * carry a man from v up to v + 2t only if other men stand at v + 1, v + 3, ..., v + 2t - 1: a
 * "ladder" of alternating values (the paper's section 2.2 in one dimension). Forgetting everything
 * but the multiset of values (which cells, whether landing cells are free) leaves a relaxed game in
 * which every real move is still a move with the same gain. Its exact k-move optimum U_k is
 * therefore an upper bound on the real one. The relaxed game is small: a multiset of at most a few
 * dozen values, solved by memoised search on a combinatorial rank of the multiset. Up to
 * `exactMoves` moves it is solved exactly; beyond that the iterated Theorem 2 bound is used, which
 * is weaker but costs nothing (pruning matters only in the last levels before the meeting point).
 * The search is a branch and bound (solve): with 15 men a plain search visited up to 10^5
 * multisets per new one at k = 6; Theorem 2 in the relaxed game (quickBound) cuts the moves that
 * cannot beat the best found, and answers first for the kernel (quick) where it already prunes.
 */
import { MultisetRanker, RankMap } from './multiset'
import type { PackedSpace } from '../packed/space'
import type { BoundName } from './job'

export interface CentroidBound {
  readonly name: BoundName
  /**
   * An upper bound on the rise of the sum of `values` (men's centroids in cv units, any order) in
   * exactly k moves. May return a large number for "no useful bound".
   */
  gain(values: Int32Array, m: number, k: number): number
  /** A cheaper bound, never below gain(): a child it already drops needs no exact answer. */
  quick?(values: Int32Array, m: number, k: number): number
}

const UNBOUNDED = 1 << 20
/** Largest multiset count for rank-indexed tables (2 bytes per entry and per k). */
const DIRECT_LIMIT = 1 << 23
const UNKNOWN = -32768

/** The relaxed game has no move at all: nothing can follow, so nothing needs to be kept. */
export const DEAD = -30000

/** No pruning. */
export const noBound: CentroidBound = { name: 'none', gain: () => UNBOUNDED }

/** Theorem 2 iterated: the rearmost man jumps to delta beyond the leader, k times. */
export function theorem2Bound(space: PackedSpace): CentroidBound {
  const delta = Math.max(...space.stepDeltas())
  const sorted = new Int32Array(space.n)
  return {
    name: 'theorem2',
    gain(values, m, k) {
      if (space.rules.longJumps) return UNBOUNDED
      for (let j = 0; j < m; j++) sorted[j] = values[j]!
      const v = sorted.subarray(0, m).sort()
      // A sorted queue: the man at the front leaves, the new leader joins at the back.
      let gain = 0
      let lo = 0
      let hi = v[m - 1]!
      const extra: number[] = []
      let e = 0
      for (let s = 0; s < k; s++) {
        const low = lo < m && (e >= extra.length || v[lo]! <= extra[e]!) ? v[lo++]! : extra[e++]!
        const top = Math.max(hi, low) + delta
        gain += top - low
        extra.push(top)
        hi = top
      }
      return gain
    },
  }
}

/** The ladder bound: the rise in the game projected on centroid values (see the module comment), exact up to `exactMoves` moves. */
export class ProjectedRiseBound implements CentroidBound {
  readonly name = 'ladder'
  private readonly lo: number
  /** Values are v - lo in 0..range-1. */
  private readonly range: number
  private readonly deltas: number[]
  private readonly steps: boolean
  private readonly long: boolean
  private readonly exactMoves: number
  private readonly fallback: CentroidBound
  private readonly ranker: MultisetRanker
  private readonly men: number
  /** Hash memo of U_k by rank * 64 + k, where the multisets are too many for direct tables. */
  private readonly memo = new RankMap(1 << 16)
  private memoCount = 0
  /**
   * Where the multisets are few (up to DIRECT_LIMIT), U_k is kept in a table indexed by rank, one
   * per k, filled lazily: one memory access per lookup.
   */
  private readonly direct: (Int16Array | undefined)[] | undefined
  private readonly scratch: Int32Array[]
  private readonly stack: Int32Array
  /** The largest c-change of a step (cv units): no landing passes the leading man by more. */
  private readonly reachBeyond: number
  /** Per depth k: the candidate moves of solve(_, k), as from and to values, ordered by gain. */
  private readonly candFrom: Int32Array[]
  private readonly candTo: Int32Array[]
  private readonly byGain: Int32Array

  constructor(space: PackedSpace, men: number, exactMoves = 6) {
    this.lo = space.cvMin
    this.range = space.cvMax - space.cvMin + 1
    this.deltas = space.stepDeltas()
    this.steps = !space.rules.jumpsOnly
    this.long = space.rules.longJumps
    this.exactMoves = exactMoves
    this.fallback = theorem2Bound(space)
    this.men = men
    this.ranker = new MultisetRanker(this.range, men)
    this.direct = this.ranker.count <= DIRECT_LIMIT ? [] : undefined
    this.stack = new Int32Array(this.range * 4 + 4)
    this.scratch = Array.from({ length: exactMoves + 2 }, () => new Int32Array(this.range))
    this.reachBeyond = Math.max(0, ...this.deltas)
    // Room for the moves and, above them, the same moves in gain order.
    const pairs = 2 * this.range * this.range
    this.candFrom = Array.from({ length: exactMoves + 1 }, () => new Int32Array(pairs))
    this.candTo = Array.from({ length: exactMoves + 1 }, () => new Int32Array(pairs))
    this.byGain = new Int32Array(2 * this.range + 1)
  }

  /**
   * An upper bound on the relaxed game's best gain in j moves from hist, cheap (O(range)): a
   * landing passes the leading man by reachBeyond at most, so after j moves the moved men's last
   * landings, at distinct moves, lie at most at lead + j * beyond, lead + (j - 1) * beyond, ...,
   * and the s men moved left values no lower than the s lowest. The best s is taken (Theorem 2
   * in the relaxed game). Not valid with long jumps, which land far past the man they pass.
   */
  private quickBound(hist: Int32Array, j: number): number {
    const range = this.range
    let hi = range - 1
    while (hi > 0 && hist[hi] === 0) hi--
    const beyond = this.reachBeyond
    let total = 0
    let s = 0
    for (let v = 0; v < range && s < j; v++) {
      for (let c = hist[v]!; c > 0 && s < j; c--) {
        const rise = hi + (j - s) * beyond - v
        if (rise <= 0) return total
        total += rise
        s++
      }
    }
    return total
  }

  /** Entries in the memo (for statistics). */
  get memoSize(): number {
    return this.memoCount
  }

  gain(values: Int32Array, m: number, k: number): number {
    if (k <= 0) return 0
    if (m !== this.men) throw new Error(`ladder bound made for ${this.men} men, asked about ${m}`)
    if (k > this.exactMoves) return this.fallback.gain(values, m, k)
    return this.solve(this.histogram(values, m), k)
  }

  quick(values: Int32Array, m: number, k: number): number {
    if (k <= 0) return 0
    if (k > this.exactMoves || this.long) return this.gain(values, m, k)
    return this.quickBound(this.histogram(values, m), k)
  }

  /** The histogram of values (scratch[0]). */
  private histogram(values: Int32Array, m: number): Int32Array {
    const hist = this.scratch[0]!
    hist.fill(0)
    for (let j = 0; j < m; j++) hist[values[j]! - this.lo]!++
    return hist
  }

  /**
   * Exact best total gain of k relaxed moves from the histogram (k >= 1). Branch and bound: the
   * moves are tried by gain, highest first, and a move whose gain plus quickBound of what follows
   * cannot beat the best found is not searched (its value could not change the maximum, so what is
   * memoised stays exact). Without it 15 men took up to 2 s per new histogram at k = 6.
   */
  private solve(hist: Int32Array, k: number): number {
    const rank = this.ranker.rank(hist)
    let table: Int16Array | undefined
    if (this.direct) {
      table = this.direct[k]
      if (!table) table = this.direct[k] = new Int16Array(this.ranker.count).fill(UNKNOWN)
      const hit = table[rank]!
      if (hit !== UNKNOWN) return hit
    } else {
      const hit = this.memo.get(rank * 64 + k, UNKNOWN)
      if (hit !== UNKNOWN) return hit
    }
    const range = this.range
    const reach = this.scratch[k]!
    // The moves: every value a man can leave and every value he can reach (steps, and chains of
    // jumps over men at the midpoints), counted by gain for the ordering.
    const from = this.candFrom[k]!
    const to = this.candTo[k]!
    const byGain = this.byGain
    const n0 = this.collect(hist, reach, from, to)
    byGain.fill(0)
    for (let i = 0; i < n0; i++) byGain[range + to[i]! - from[i]!]!++
    // Positions in gain order (highest first), then the moves placed there: from/to's upper half.
    let at = n0
    for (let g = 2 * range; g >= 0; g--) {
      const c = byGain[g]!
      byGain[g] = at
      at += c
    }
    for (let i = 0; i < n0; i++) {
      const p = byGain[range + to[i]! - from[i]!]!++
      from[p] = from[i]!
      to[p] = to[i]!
    }
    const prune = k > 1 && !this.long
    let best = DEAD
    for (let i = n0; i < 2 * n0; i++) {
      const v = from[i]!
      const t = to[i]!
      const g = t - v
      hist[v]!--
      hist[t]!++
      if (k === 1) {
        if (g > best) best = g
      } else if (!prune || g + this.quickBound(hist, k - 1) > best) {
        const total = g + this.solve(hist, k - 1)
        if (total > best) best = total
      }
      hist[t]!--
      hist[v]!++
      // Moves come by gain: with one move left the first is the best.
      if (k === 1) break
    }
    // A board with no move at all (jumps only) cannot go on: it is dead.
    if (best < DEAD) best = DEAD
    if (table) table[rank] = best
    else this.memo.set(rank * 64 + k, best)
    this.memoCount++
    return best
  }

  /** The relaxed moves from hist (from and to values) into from/to[0..]; their number. */
  private collect(hist: Int32Array, reach: Int32Array, from: Int32Array, to: Int32Array): number {
    const range = this.range
    let n = 0
    for (let v = 0; v < range; v++) {
      if (hist[v] === 0) continue
      hist[v]!--
      reach.fill(0)
      if (this.steps) {
        for (const d of this.deltas) {
          const t = v + d
          if (t >= 0 && t < range) reach[t] = 1
        }
      }
      this.jumpReach(hist, v, reach)
      hist[v]!++
      for (let t = 0; t < range; t++) {
        if (reach[t] === 0) continue
        from[n] = v
        to[n++] = t
      }
    }
    return n
  }

  /** Mark in reach (bit 2) the values reachable from v by jumps; true if any. */
  private jumpReach(hist: Int32Array, v: number, reach: Int32Array): boolean {
    const range = this.range
    const seen = this.scratch[this.exactMoves + 1]!
    seen.fill(0)
    const stack = this.stack
    let top = 0
    stack[top++] = v
    seen[v] = 1
    let any = false
    while (top > 0) {
      const u = stack[--top]!
      for (const d of this.deltas) {
        // Plain jumps over the adjacent value; long jumps over any multiple of it.
        for (let j = 1; ; j++) {
          const mid = u + j * d
          const t = u + 2 * j * d
          if (t < 0 || t >= range || mid < 0 || mid >= range) break
          if (hist[mid]! > 0) {
            reach[t] = 1
            any = true
            if (seen[t] === 0) {
              seen[t] = 1
              stack[top++] = t
            }
          }
          if (!this.long || d === 0) break
        }
      }
    }
    return any
  }
}
