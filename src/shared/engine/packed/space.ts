/**
 * The search engine's view of a one-army problem: a board is the set of cells its men stand on,
 * packed as a bitset of W 32-bit words (bit b of word b >> 5 is cell b). The top bit of the last
 * word is never a cell: hash tables use it to mark used slots, and keys carry it set.
 *
 * Move generation works on precomputed step and jump tables and reused scratch arrays, and emits
 * children as packed keys directly. With a folding symmetry (the start army's own, e.g. the
 * reflection across x = -y of a corner army), each board is stored as the smaller of its key and its
 * image's key; a child's image key is its parent's with two bits flipped, so folding costs O(1) per
 * child (paper section 3.2: "this effectively halves ... the search space").
 */
import type { Board } from '../../halma/board'
import { cellCentroid } from '../../halma/metrics'
import type { Rules } from '../../halma/rules'
import { topology } from '../../halma/topology'
import { USED } from '../core/keyset'
import { cellsOfBits, less, wordsFor } from './bits'

// The bit helpers live in bits.ts; packed keys are read through this module.
export { cellsOfBits, less, packArmies, unpackArmies, wordsFor } from './bits'

/** Largest mark an Int32Array holds. */
export const STAMP_LIMIT = 0x7fffffff

export class PackedSpace {
  readonly board: Board
  readonly rules: Rules
  /** Cells. */
  readonly n: number
  /** Words per key. */
  readonly w: number
  readonly degree: number
  /** Step neighbour of cell c in direction d: nb[c * degree + d], or -1. */
  readonly nb: Int16Array
  /** Plain jump from c in direction d: the cell jumped over and the landing, or -1. */
  readonly over: Int16Array
  readonly land: Int16Array
  /**
   * Centroid of each cell in integer units: c(a) = x - y, doubled on grids where it is a
   * half-integer (scale 2). Sums of these compare exactly.
   */
  readonly cv: Int32Array
  readonly scale: number
  /** Least and greatest centroid of a cell (cv units). */
  readonly cvMin: number
  readonly cvMax: number
  /** Image of each cell under the folding symmetry, if any. */
  readonly fold: Int16Array | undefined

  // Scratch, reused across calls (one PackedSpace per thread).
  readonly men: Int16Array
  private readonly occ: Uint8Array
  private readonly seen: Int32Array
  private stamp = 1
  private readonly queue: Int16Array
  /** witnessMoveTo's breadth-first tree: the cell each landing was reached from, and over which man. */
  private readonly back: Int16Array
  private readonly backOver: Int16Array
  private readonly img: Uint32Array
  private readonly key: Uint32Array
  /**
   * For movesOfBoard, per cell p (W words each): the cells a plain jump from p can pass over
   * (overBits), and the cells a step reaches (stepBits); landOf[p * n + o] the landing of the jump
   * from p over o.
   */
  private readonly overBits: Uint32Array
  private readonly stepBits: Uint32Array
  private readonly landOf: Int16Array
  private readonly reached: Uint32Array

  constructor(board: Board, rules: Rules, fold?: Int16Array) {
    this.board = board
    this.rules = rules
    const n = (this.n = board.size)
    const w = (this.w = wordsFor(n))
    const topo = topology(board, rules)
    const deg = (this.degree = topo.degree)
    this.nb = topo.neighbor
    this.over = new Int16Array(n * deg).fill(-1)
    this.land = new Int16Array(n * deg).fill(-1)
    for (let c = 0; c < n; c++) {
      for (let d = 0; d < deg; d++) {
        const o = topo.neighbor[c * deg + d]!
        const l = o >= 0 ? topo.neighbor[o * deg + d]! : -1
        if (l >= 0) {
          this.over[c * deg + d] = o
          this.land[c * deg + d] = l
        }
      }
    }
    const half = Array.from({ length: n }, (_, c) => cellCentroid(board, c)).some((v) => !Number.isInteger(v))
    this.scale = half ? 2 : 1
    this.cv = Int32Array.from({ length: n }, (_, c) => Math.round(cellCentroid(board, c) * this.scale))
    this.cvMin = Math.min(...this.cv)
    this.cvMax = Math.max(...this.cv)
    this.fold = fold
    this.men = new Int16Array(n)
    this.occ = new Uint8Array(n)
    this.seen = new Int32Array(n)
    this.queue = new Int16Array(n)
    this.back = new Int16Array(n)
    this.backOver = new Int16Array(n)
    this.img = new Uint32Array(w)
    this.key = new Uint32Array(w)
    this.overBits = new Uint32Array(n * w)
    this.stepBits = new Uint32Array(n * w)
    this.landOf = new Int16Array(n * n).fill(-1)
    this.reached = new Uint32Array(w)
    for (let c = 0; c < n; c++) {
      for (let d = 0; d < deg; d++) {
        const t = this.nb[c * deg + d]!
        if (t >= 0) this.stepBits[c * w + (t >> 5)]! |= 1 << (t & 31)
        const o = this.over[c * deg + d]!
        if (o < 0) continue
        this.overBits[c * w + (o >> 5)]! |= 1 << (o & 31)
        this.landOf[c * n + o] = this.land[c * deg + d]!
      }
    }
  }

  /** The c-changes of single steps in each direction (cv units), distinct and ascending. */
  stepDeltas(): number[] {
    const out = new Set<number>()
    for (let c = 0; c < this.n; c++) {
      for (let d = 0; d < this.degree; d++) {
        const t = this.nb[c * this.degree + d]!
        if (t >= 0) out.add(this.cv[t]! - this.cv[c]!)
      }
    }
    return [...out].sort((a, b) => a - b)
  }

  /** Pack a list of cells as a key (with the used bit), written at out[off..off+W). */
  pack(cells: readonly number[], out: Uint32Array, off = 0): void {
    for (let k = 0; k < this.w; k++) out[off + k] = 0
    for (const c of cells) out[off + (c >> 5)]! |= 1 << (c & 31)
    out[off + this.w - 1]! |= USED
  }

  /** Pack and fold: the canonical key of a list of cells. */
  packCanonical(cells: readonly number[], out: Uint32Array, off = 0): void {
    this.pack(cells, out, off)
    if (!this.fold) return
    const img = this.img
    img.fill(0)
    for (const c of cells) img[this.fold[c]! >> 5]! |= 1 << (this.fold[c]! & 31)
    img[this.w - 1]! |= USED
    if (less(img, 0, out, off, this.w)) for (let k = 0; k < this.w; k++) out[off + k] = img[k]!
  }

  /** Unpack the key at buf[off..] into this.men (ascending); returns the number of men. */
  decode(buf: Uint32Array, off: number): number {
    return cellsOfBits(buf, off, this.w, true, this.men)
  }

  /** The cells of a key, as a new array. */
  cells(buf: Uint32Array, off: number): number[] {
    const m = this.decode(buf, off)
    return Array.from(this.men.subarray(0, m))
  }

  /** Sum of centroids (in cv units) of the men of a key. */
  centroid(buf: Uint32Array, off: number): number {
    const m = this.decode(buf, off)
    let s = 0
    for (let k = 0; k < m; k++) s += this.cv[this.men[k]!]!
    return s
  }

  /**
   * Generate the moves of the board at buf[off..], as (from, to) pairs: moveFrom[k], moveTo[k].
   * Returns the number of moves. With `out`, the children's canonical keys are written to
   * out[k * W ..]. The men stay decoded in this.men.
   */
  expand(buf: Uint32Array, off: number, moveFrom: Int16Array, moveTo: Int16Array, out?: Uint32Array): number {
    const count = this.movesOfBoard(buf, off, this.decode(buf, off), moveFrom, moveTo)
    if (out) this.childKeys(buf, off, moveFrom, moveTo, count, out)
    return count
  }

  /**
   * The moves of the one-army board at buf[off..], whose m men decode() left in this.men (expand
   * without decoding again). Plain jumps and steps are read off the key's bits: a landing is
   * looked for only where a man stands to be passed over (overBits), not in every direction.
   */
  movesOfBoard(buf: Uint32Array, off: number, m: number, moveFrom: Int16Array, moveTo: Int16Array): number {
    const men = this.men
    if (this.rules.longJumps) {
      const occ = this.occ
      for (let k = 0; k < m; k++) occ[men[k]!] = 1
      const count = this.movesOf(men, m, moveFrom, moveTo, 0)
      for (let k = 0; k < m; k++) occ[men[k]!] = 0
      return count
    }
    const w = this.w
    const n = this.n
    const steps = !this.rules.jumpsOnly
    const stepBits = this.stepBits
    const overBits = this.overBits
    const landOf = this.landOf
    const reached = this.reached
    const queue = this.queue
    let count = 0
    for (let k = 0; k < m; k++) {
      const from = men[k]!
      if (steps) {
        for (let j = 0; j < w; j++) {
          let e = stepBits[from * w + j]! & ~buf[off + j]!
          while (e !== 0) {
            const low = e & -e
            e ^= low
            moveFrom[count] = from
            moveTo[count++] = (j << 5) + 31 - Math.clz32(low)
          }
        }
      }
      // Jumps, breadth-first over landings. The jumper's own cell counts as reached (no move
      // ends there) and is never passed over (his cell is empty while he is away).
      const fw = from >> 5
      const fb = 1 << (from & 31)
      reached.fill(0)
      reached[fw] = fb
      queue[0] = from
      let qEnd = 1
      for (let q = 0; q < qEnd; q++) {
        const p = queue[q]!
        for (let j = 0; j < w; j++) {
          let o = buf[off + j]! & overBits[p * w + j]!
          if (j === fw) o &= ~fb
          while (o !== 0) {
            const low = o & -o
            o ^= low
            const t = landOf[p * n + (j << 5) + 31 - Math.clz32(low)]!
            const tw = t >> 5
            const tb = 1 << (t & 31)
            if (((buf[off + tw]! | reached[tw]!) & tb) !== 0) continue
            reached[tw]! |= tb
            queue[qEnd++] = t
            moveFrom[count] = from
            moveTo[count++] = t
          }
        }
      }
    }
    return count
  }

  /**
   * A fresh mark for `seen` (one per breadth-first walk). The marks live in an Int32Array: past
   * 2^31 - 1 a stored mark would no longer equal the counter, every cell would look unvisited and
   * the walks would loop (a long search makes billions of walks), so the marks start over, cleared.
   */
  private nextStamp(): number {
    if (this.stamp >= STAMP_LIMIT) {
      this.seen.fill(0)
      this.stamp = 0
    }
    return ++this.stamp
  }

  /** Occupancy scratch shared with movesOf: 1 where a man (of any army) stands. */
  get occupancy(): Uint8Array {
    return this.occ
  }

  /**
   * The moves of men[0..m) with the occupancy already marked in `this.occupancy` (men of every
   * army block cells and can be jumped), written from index `at`; returns the new count.
   */
  movesOf(men: Int16Array, m: number, moveFrom: Int16Array, moveTo: Int16Array, at: number): number {
    let count = at
    const occ = this.occ
    const deg = this.degree
    const nb = this.nb
    const over = this.over
    const land = this.land
    const seen = this.seen
    const queue = this.queue
    const steps = !this.rules.jumpsOnly
    const long = this.rules.longJumps
    for (let k = 0; k < m; k++) {
      const from = men[k]!
      if (steps) {
        for (let d = 0; d < deg; d++) {
          const t = nb[from * deg + d]!
          if (t >= 0 && occ[t] === 0) {
            moveFrom[count] = from
            moveTo[count++] = t
          }
        }
      }
      // Jumps: breadth-first over landing cells; the jumper's own cell is empty while he is away.
      const stamp = this.nextStamp()
      const owner = occ[from]!
      occ[from] = 0
      seen[from] = stamp
      queue[0] = from
      let qEnd = 1
      for (let q = 0; q < qEnd; q++) {
        const p = queue[q]!
        const base = p * deg
        for (let d = 0; d < deg; d++) {
          let t: number
          if (!long) {
            const o = over[base + d]!
            if (o < 0 || occ[o] === 0) continue
            t = land[base + d]!
            if (occ[t] !== 0 || seen[t] === stamp) continue
          } else {
            t = this.longLanding(p, d)
            if (t < 0 || seen[t] === stamp) continue
          }
          seen[t] = stamp
          queue[qEnd++] = t
          moveFrom[count] = from
          moveTo[count++] = t
        }
      }
      occ[from] = owner
    }
    return count
  }

  /**
   * Whether one of men[0..m) has a move ending on a cell with target[cell] === want (occupancy
   * marked as for movesOf). The same moves as movesOf, stopping at the first such one.
   */
  hasMoveTo(men: Int16Array, m: number, target: Uint8Array, want: number): boolean {
    const occ = this.occ
    const deg = this.degree
    const nb = this.nb
    const over = this.over
    const land = this.land
    const seen = this.seen
    const queue = this.queue
    const steps = !this.rules.jumpsOnly
    const long = this.rules.longJumps
    // Steps first: they are the cheap and common way.
    if (steps) {
      for (let k = 0; k < m; k++) {
        const from = men[k]!
        for (let d = 0; d < deg; d++) {
          const t = nb[from * deg + d]!
          if (t >= 0 && occ[t] === 0 && target[t] === want) return true
        }
      }
    }
    for (let k = 0; k < m; k++) {
      const from = men[k]!
      const stamp = this.nextStamp()
      const owner = occ[from]!
      occ[from] = 0
      seen[from] = stamp
      queue[0] = from
      let qEnd = 1
      let found = false
      for (let q = 0; q < qEnd && !found; q++) {
        const p = queue[q]!
        const base = p * deg
        for (let d = 0; d < deg; d++) {
          let t: number
          if (!long) {
            const o = over[base + d]!
            if (o < 0 || occ[o] === 0) continue
            t = land[base + d]!
            if (occ[t] !== 0 || seen[t] === stamp) continue
          } else {
            t = this.longLanding(p, d)
            if (t < 0 || seen[t] === stamp) continue
          }
          if (target[t] === want) {
            found = true
            break
          }
          seen[t] = stamp
          queue[qEnd++] = t
        }
      }
      occ[from] = owner
      if (found) return true
    }
    return false
  }

  /**
   * hasMoveTo with plain jumps, also marking the move found (the witness): its landing cells get
   * landing[cell] = mark and the cells it jumps over rung[cell] = mark. A position that differs
   * only by a man added on t and one removed from f still has the witness unless landing[t] or
   * rung[f] is marked.
   */
  witnessMoveTo(
    men: Int16Array,
    m: number,
    target: Uint8Array,
    want: number,
    rung: Int32Array,
    landing: Int32Array,
    mark: number,
  ): boolean {
    const occ = this.occ
    const deg = this.degree
    const nb = this.nb
    const over = this.over
    const land = this.land
    const seen = this.seen
    const queue = this.queue
    const back = this.back
    const backOver = this.backOver
    if (!this.rules.jumpsOnly) {
      for (let k = 0; k < m; k++) {
        const from = men[k]!
        for (let d = 0; d < deg; d++) {
          const t = nb[from * deg + d]!
          if (t >= 0 && occ[t] === 0 && target[t] === want) {
            landing[t] = mark
            return true
          }
        }
      }
    }
    for (let k = 0; k < m; k++) {
      const from = men[k]!
      const stamp = this.nextStamp()
      const owner = occ[from]!
      occ[from] = 0
      seen[from] = stamp
      queue[0] = from
      let qEnd = 1
      let found = -1
      for (let q = 0; q < qEnd && found < 0; q++) {
        const p = queue[q]!
        const base = p * deg
        for (let d = 0; d < deg; d++) {
          const o = over[base + d]!
          if (o < 0 || occ[o] === 0) continue
          const t = land[base + d]!
          if (occ[t] !== 0 || seen[t] === stamp) continue
          seen[t] = stamp
          back[t] = p
          backOver[t] = o
          if (target[t] === want) {
            found = t
            break
          }
          queue[qEnd++] = t
        }
      }
      occ[from] = owner
      if (found >= 0) {
        for (let c = found; c !== from; c = back[c]!) {
          landing[c] = mark
          rung[backOver[c]!] = mark
        }
        return true
      }
    }
    return false
  }

  /**
   * The frontier of the plain-jump reach of men[0..m) (occupancy marked as for movesOf): for every
   * cell p that a man stands on or reaches by a chain of jumps, and every direction in which p has
   * no jump now, the empty cell the jump would pass over gets rung[cell] = mark, or else its
   * occupied landing cell gets landing[cell] = mark. A position that differs only by a man added on
   * cell t and one removed from cell f has a jump chain the current one lacks only if rung[t] or
   * landing[f] is marked: the chain's part before it first uses t or f is a chain now, and its next
   * jump is one of those.
   */
  markJumpFrontier(men: Int16Array, m: number, rung: Int32Array, landing: Int32Array, mark: number): void {
    const occ = this.occ
    const deg = this.degree
    const over = this.over
    const land = this.land
    const seen = this.seen
    const queue = this.queue
    for (let k = 0; k < m; k++) {
      const from = men[k]!
      const stamp = this.nextStamp()
      const owner = occ[from]!
      occ[from] = 0
      seen[from] = stamp
      queue[0] = from
      let qEnd = 1
      for (let q = 0; q < qEnd; q++) {
        const p = queue[q]!
        const base = p * deg
        for (let d = 0; d < deg; d++) {
          const o = over[base + d]!
          if (o < 0) continue
          const t = land[base + d]!
          if (occ[o] === 0) {
            // A man added on o opens this jump (if t is free then, or becomes free by the same move).
            rung[o] = mark
            continue
          }
          if (occ[t] !== 0) {
            // A man leaving t opens it.
            landing[t] = mark
            continue
          }
          if (seen[t] === stamp) continue
          seen[t] = stamp
          queue[qEnd++] = t
        }
      }
      occ[from] = owner
    }
  }

  /** Landing of a symmetrical long jump from p in direction d, or -1 (occupancy in this.occ). */
  private longLanding(p: number, d: number): number {
    const deg = this.degree
    const nb = this.nb
    const occ = this.occ
    let c = p
    let k = 0
    for (;;) {
      c = nb[c * deg + d]!
      if (c < 0) return -1
      k++
      if (occ[c] !== 0) break
    }
    for (let s = 0; s < k; s++) {
      c = nb[c * deg + d]!
      if (c < 0 || occ[c] !== 0) return -1
    }
    return c
  }

  /**
   * Prepare childKey for the parent at buf[off..]: remember it and, when folding, its image key.
   * `decoded`: the parent's men are in this.men already (decode's count), as the kernel leaves them.
   */
  prepare(buf: Uint32Array, off: number, decoded = -1): void {
    const w = this.w
    for (let k = 0; k < w; k++) this.key[k] = buf[off + k]!
    const fold = this.fold
    if (!fold) return
    const img = this.img
    img.fill(0)
    const m = decoded >= 0 ? decoded : this.decode(buf, off)
    for (let k = 0; k < m; k++) {
      const c = fold[this.men[k]!]!
      img[c >> 5]! |= 1 << (c & 31)
    }
    img[w - 1]! |= USED
  }

  /** The canonical key of the prepared parent with the man on `from` moved to `to`, at out[o..]. */
  childKey(from: number, to: number, out: Uint32Array, o: number): void {
    const w = this.w
    const key = this.key
    for (let k = 0; k < w; k++) out[o + k] = key[k]!
    out[o + (from >> 5)]! ^= 1 << (from & 31)
    out[o + (to >> 5)]! ^= 1 << (to & 31)
    const fold = this.fold
    if (!fold) return
    const img = this.img
    const fi = fold[from]!
    const ti = fold[to]!
    // Compare the image key (img with two bits flipped) with the key just written, top word first.
    for (let k = w - 1; k >= 0; k--) {
      let x = img[k]!
      if (k === fi >> 5) x ^= 1 << (fi & 31)
      if (k === ti >> 5) x ^= 1 << (ti & 31)
      const y = out[o + k]!
      if (x >>> 0 !== y >>> 0) {
        if (x >>> 0 < y >>> 0) {
          for (let j = 0; j < w; j++) {
            let z = img[j]!
            if (j === fi >> 5) z ^= 1 << (fi & 31)
            if (j === ti >> 5) z ^= 1 << (ti & 31)
            out[o + j] = z
          }
        }
        return
      }
    }
  }

  /** Write the canonical keys of the children (parent at buf[off..], moves given) to out. */
  childKeys(buf: Uint32Array, off: number, moveFrom: Int16Array, moveTo: Int16Array, count: number, out: Uint32Array): void {
    this.prepare(buf, off)
    for (let j = 0; j < count; j++) this.childKey(moveFrom[j]!, moveTo[j]!, out, j * this.w)
  }
}

