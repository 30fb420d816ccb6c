/**
 * The rungs a placement needs (see PlacementRungs): a term of the game's bound (bound.ts).
 */
import type { PackedSpace } from '../packed/space'

/**
 * The line the rungs are counted along: a value per cell (cv units) that every step changes by one
 * of `deltas` (positive; or their negatives, or 0), a jump by twice the change of its direction.
 */
export interface RungAxis {
  readonly cv: ArrayLike<number>
  readonly cvMin: number
  readonly cvMax: number
  readonly deltas: readonly number[]
  /** Whether single steps are moves (not under jumps-only rules). */
  readonly steps: boolean
}

/** The axis of a packed space: its cells' centroid values (the two-player game's). */
export function spaceAxis(space: PackedSpace): RungAxis {
  return { cv: space.cv, cvMin: space.cvMin, cvMax: space.cvMax, deltas: space.stepDeltas().filter((d) => d > 0), steps: !space.rules.jumpsOnly }
}

const INF = 1 << 30

/**
 * The rungs a placing move needs (the paper's ladders, section 2.2, in one dimension; not the
 * transfers' rise bound, and not the workbench's ladder overlay): project every man onto his centroid value
 * (counted in the winner's direction). A chain of jumps carries a man from value v into the base
 * only over men at v + delta, v + 2 delta + delta, ... (each hop of 2 delta passes a man at the
 * midpoint), men of either army. Before the winner's next placement, each rung value that is empty
 * now must be filled by a move of its own (a move puts one man on one value), and each step the
 * placing man takes on his way is a move of its own; his earlier chains of jumps need rungs too.
 * So the placement is at least g moves away, g the fewest (steps + empty rung values) over the
 * walks from a man of the winner outside the base into it (see gaps()).
 */
export class PlacementRungs {
  /** Values are cv - lo, 0..range-1. */
  readonly lo: number
  readonly range: number
  /** Per winner: +1 if its base lies towards higher centroids, -1 otherwise. */
  readonly sign: number[]
  /** Per winner: the lowest directional value of a base cell (index into the directional scale). */
  readonly entry: number[]
  /** Positive c-changes of single steps, in cv units. */
  readonly deltas: readonly number[]
  readonly steps: boolean
  private readonly cost: Int32Array
  private readonly isMan: Uint8Array
  /** Dial's buckets: bucket[u] heads a list of pool entries (poolNode, poolNext) at cost u. */
  private readonly bucket: Int32Array
  private readonly poolNode: Int32Array
  private readonly poolNext: Int32Array
  private readonly bucketCap: number

  /** Armies (winners) by their start and target cells, along an axis (spaceAxis for the two-player game). */
  constructor(axis: RungAxis, armies: readonly { readonly start: readonly number[]; readonly target: readonly number[] }[]) {
    const cv = axis.cv
    this.lo = axis.cvMin
    this.range = axis.cvMax - axis.cvMin + 1
    this.deltas = axis.deltas
    this.steps = axis.steps
    const sum = (cells: readonly number[]) => cells.reduce((s2, c) => s2 + cv[c]!, 0)
    this.sign = armies.map((a) => (sum(a.target) >= sum(a.start) ? 1 : -1))
    // Directional value of cell c for army a: index d = sign > 0 ? cv - lo : hi - cv.
    this.entry = armies.map((a, army) => Math.min(...a.target.map((c) => this.dir(army, cv[c]!))))
    this.cost = new Int32Array(this.range + 8)
    this.isMan = new Uint8Array(this.range + 8)
    // A simple path's cost is at most k units (a step) per value, plus a unit (a hop) per value.
    this.bucketCap = (this.deltas.length + 1) * (this.range + 2)
    this.bucket = new Int32Array(this.bucketCap + 1)
    // Each value enters a bucket at most once per cost decrease: at most once per edge into it.
    const pool = this.range * (4 * this.deltas.length + 1) + 8
    this.poolNode = new Int32Array(pool)
    this.poolNext = new Int32Array(pool)
  }

  /** Directional value (0 = farthest from the army's base) of centroid value v (cv units). */
  dir(army: number, v: number): number {
    return this.sign[army] === 1 ? v - this.lo : this.lo + this.range - 1 - v
  }

  /**
   * Moves before `army`'s next placement, at least: `present[d]` counts men at directional value d
   * (both armies, in `army`'s direction); `outside` holds the directional values of its men outside
   * its base. A shortest path over values: a hop from x to x +- 2 delta costs 1 when no man stands
   * at its midpoint, a step to x +- delta costs 1 (0 into the base: that step is the placement).
   * Chains may go down and up again, so moves go both ways. The placing man's real path, projected
   * and cut down to a simple path, crosses each value at most once per delta, so an empty rung
   * value filled once may be counted up to deltas.length times: hops cost 1 unit and steps
   * deltas.length units, and the bound is the units over deltas.length, rounded up. Counting the
   * jumper himself as a possible rung can only lower the count, so the bound stays valid.
   */
  gaps(army: number, present: Int32Array, outside: Int32Array, count: number, limit = 1 << 20): number {
    if (count === 0) return 0
    const range = this.range
    const entry = this.entry[army]!
    const deltas = this.deltas
    const k = deltas.length
    const top = deltas[k - 1]!
    if (this.steps) for (let q = 0; q < count; q++) if (outside[q]! + top >= entry) return 0
    // Dijkstra outwards from the base over costs 0, 1 and k (Dial's buckets), stopping at the first
    // man outside the base it reaches, or when the cost reaches `limit` moves.
    const maxUnits = Math.min(limit * k, this.bucketCap)
    const cost = this.cost
    const isMan = this.isMan
    const head = this.bucket
    const node = this.poolNode
    const link = this.poolNext
    cost.fill(INF, 0, range)
    isMan.fill(0, 0, range)
    head.fill(-1, 0, maxUnits + 1)
    for (let q = 0; q < count; q++) isMan[outside[q]!] = 1
    let used = 0
    for (let d = entry; d < range; d++) {
      cost[d] = 0
      node[used] = d
      link[used] = head[0]!
      head[0] = used++
    }
    for (let u = 0; u <= maxUnits; u++) {
      // Popped one by one: hops over present rungs cost nothing and push onto this same bucket.
      while (head[u] !== -1) {
        const e = head[u]!
        head[u] = link[e]!
        const x = node[e]!
        if (cost[x] !== u) continue
        if (isMan[x] === 1) return Math.ceil(u / k)
        // Values y below the base from which x is one hop (over the midpoint) or one step away.
        for (const delta of deltas) {
          for (let side = -1; side <= 1; side += 2) {
            const y = x + side * 2 * delta
            if (y >= 0 && y < entry) {
              const c = u + (present[x + side * delta]! > 0 ? 0 : 1)
              if (c < cost[y]! && c <= maxUnits) {
                cost[y] = c
                node[used] = y
                link[used] = head[c]!
                head[c] = used++
              }
            }
            if (!this.steps) continue
            const z = x + side * delta
            if (z >= 0 && z < entry) {
              // A step into the base is the placement itself.
              const c = x >= entry ? u : u + k
              if (c < cost[z]! && c <= maxUnits) {
                cost[z] = c
                node[used] = z
                link[used] = head[c]!
                head[c] = used++
              }
            }
          }
        }
      }
    }
    // Nothing within the limit: the answer is min(g, limit).
    return Math.min(limit, 1 << 20)
  }
}
