/**
 * The destinations of one man, for the solver's hot loop: the moves of the engine's packed space
 * (packed/space.ts: steps to the six neighbours, chains of jumps, the man's own cell empty while he
 * jumps), found from an occupancy kept as bit masks as well as cells. A man's empty neighbours are
 * one mask operation; the breadth-first walk over jumps runs only when a neighbour is occupied,
 * which with a few men on the board is rare. Boards of up to 64 cells (two 32-bit words); larger
 * boards use the packed space's generator itself. Tested move for move against the core's
 * generator (halma/moves.ts).
 */
import type { PackedSpace } from '../packed/space'

export class ManReach {
  private readonly n: number
  /** Neighbour masks per cell (low and high word). */
  private readonly nbLo: Int32Array
  private readonly nbHi: Int32Array
  /** The landing of a jump from q over its neighbour o: landing[q * n + o], or -1. */
  private readonly landing: Int16Array
  /** The occupancy as masks, and the packed space's cells (shared with its generator). */
  lo = 0
  hi = 0
  private readonly occ: Uint8Array
  private readonly seen: Int32Array
  private stamp = 0
  private readonly queue: Int16Array
  private readonly wide: boolean
  private readonly one = new Int16Array(1)
  private readonly spare: Int16Array

  constructor(private readonly space: PackedSpace) {
    const n = (this.n = space.n)
    const deg = space.degree
    this.wide = n > 64
    this.nbLo = new Int32Array(n)
    this.nbHi = new Int32Array(n)
    for (let c = 0; c < n; c++) {
      for (let d = 0; d < deg; d++) {
        const t = space.nb[c * deg + d]!
        if (t < 0) continue
        if (t < 32) this.nbLo[c]! |= 1 << t
        else this.nbHi[c]! |= 1 << (t - 32)
      }
    }
    this.landing = new Int16Array(n * n).fill(-1)
    for (let q = 0; q < n; q++) {
      for (let d = 0; d < deg; d++) {
        const o = space.over[q * deg + d]!
        if (o >= 0) this.landing[q * n + o] = space.land[q * deg + d]!
      }
    }
    this.occ = space.occupancy
    this.seen = new Int32Array(n)
    this.queue = new Int16Array(n)
    this.spare = new Int16Array(n + 8)
  }

  /** Put a man on cell c (the masks and the cells). */
  add(c: number): void {
    this.occ[c] = 1
    if (c < 32) this.lo |= 1 << c
    else if (c < 64) this.hi |= 1 << (c - 32)
  }

  remove(c: number): void {
    this.occ[c] = 0
    if (c < 32) this.lo &= ~(1 << c)
    else if (c < 64) this.hi &= ~(1 << (c - 32))
  }

  /** The destinations of the man on `from` into out[0..); their number. */
  destinations(from: number, out: Int16Array): number {
    if (this.wide) {
      this.one[0] = from
      return this.space.movesOf(this.one, 1, this.spare, out, 0)
    }
    let count = 0
    let e = this.nbLo[from]! & ~this.lo
    while (e !== 0) {
      const low = e & -e
      e ^= low
      out[count++] = 31 - Math.clz32(low)
    }
    e = this.nbHi[from]! & ~this.hi
    while (e !== 0) {
      const low = e & -e
      e ^= low
      out[count++] = 63 - Math.clz32(low)
    }
    if ((this.nbLo[from]! & this.lo) === 0 && (this.nbHi[from]! & this.hi) === 0) return count
    // Jumps: breadth-first over landings, over the occupied neighbours only; the jumper's own
    // cell is empty while he is away.
    const occ = this.occ
    const n = this.n
    const landing = this.landing
    const seen = this.seen
    const queue = this.queue
    if (++this.stamp > 0x7ffffff0) {
      seen.fill(0)
      this.stamp = 1
    }
    const stamp = this.stamp
    const fromLo = from < 32 ? 1 << from : 0
    const fromHi = from >= 32 ? 1 << (from - 32) : 0
    const lo = this.lo & ~fromLo
    const hi = this.hi & ~fromHi
    occ[from] = 0
    seen[from] = stamp
    queue[0] = from
    let qEnd = 1
    for (let q = 0; q < qEnd; q++) {
      const at = queue[q]!
      const base = at * n
      let m = this.nbLo[at]! & lo
      let word = 0
      for (;;) {
        while (m !== 0) {
          const low = m & -m
          m ^= low
          const t = landing[base + word + 31 - Math.clz32(low)]!
          if (t < 0 || occ[t] !== 0 || seen[t] === stamp) continue
          seen[t] = stamp
          queue[qEnd++] = t
          out[count++] = t
        }
        if (word === 32) break
        word = 32
        m = this.nbHi[at]! & hi
      }
    }
    occ[from] = 1
    return count
  }
}
