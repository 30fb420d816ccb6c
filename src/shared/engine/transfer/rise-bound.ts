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
  }

  /** Entries in the memo (for statistics). */
  get memoSize(): number {
    return this.memoCount
  }

  gain(values: Int32Array, m: number, k: number): number {
    if (k <= 0) return 0
    if (m !== this.men) throw new Error(`ladder bound made for ${this.men} men, asked about ${m}`)
    if (k > this.exactMoves) return this.fallback.gain(values, m, k)
    const hist = this.scratch[0]!
    hist.fill(0)
    for (let j = 0; j < m; j++) hist[values[j]! - this.lo]!++
    return this.solve(hist, k)
  }

  /** Exact best total gain of k relaxed moves from the histogram (k >= 1). */
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
    let best = DEAD
    for (let v = 0; v < range; v++) {
      if (hist[v] === 0) continue
      hist[v]!--
      // Values the man at v can reach: steps, and chains of jumps over men at the midpoints.
      reach.fill(0)
      let any = false
      if (this.steps) {
        for (const d of this.deltas) {
          const t = v + d
          if (t >= 0 && t < range) {
            reach[t] = 1
            any = true
          }
        }
      }
      any = this.jumpReach(hist, v, reach) || any
      if (any) {
        for (let t = 0; t < range; t++) {
          if (reach[t] === 0) continue
          hist[t]!++
          const g = t - v + (k > 1 ? this.solve(hist, k - 1) : 0)
          hist[t]!--
          if (g > best) best = g
        }
      }
      hist[v]!++
    }
    // A board with no move at all (jumps only) cannot go on: it is dead.
    if (best < DEAD) best = DEAD
    if (table) table[rank] = best
    else this.memo.set(rank * 64 + k, best)
    this.memoCount++
    return best
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
