/**
 * The transposition table (Stockfish's `tt`): results of searched positions, keyed by the
 * position's packed key (position.ts: one bitset per army, as the N-player domain packs states).
 * The Zobrist signature of that key picks a bucket of two entries; an entry is a hit only if its
 * whole packed key, the army to move and the search's tag (whose point of view its scores are
 * from: the root army in a paranoid or best-reply search) all match, so a hit is never another
 * position. Win scores are stored relative to the node (plies from it), as chess engines store
 * mates.
 *
 * The arrays can live in a SharedArrayBuffer: the helper threads of a search (Lazy SMP) read and
 * write the same table without locks. A torn entry is caught by the signature kept beside its
 * data, and a move read from the table is only played if the move generator lists it.
 */
import type { Position } from './position'

export const BOUND_LOWER = 1
export const BOUND_UPPER = 2
export const BOUND_EXACT = 3

/** Ints of data per entry: score, move, info (depth, bound, turn, tag, generation), signature. */
const DATA = 4

/** What a probe found (valid until the next probe). */
export interface TTHit {
  score: number
  move: number
  depth: number
  bound: number
}

export class TranspositionTable {
  readonly entries: number
  readonly w: number
  readonly keys: Uint32Array
  readonly data: Int32Array
  private readonly mask: number
  private generation = 0
  probes = 0
  hits = 0
  private readonly hit: TTHit = { score: 0, move: 0, depth: 0, bound: 0 }

  /** A table of about `megabytes` for keys of w words (or over the buffers of another thread's table). */
  constructor(w: number, megabytes: number, shared?: { readonly keys: ArrayBufferLike; readonly data: ArrayBufferLike }) {
    this.w = w
    if (shared) {
      this.keys = new Uint32Array(shared.keys)
      this.data = new Int32Array(shared.data)
      this.entries = this.data.length / DATA
    } else {
      const per = (w + DATA) * 4
      let n = 2
      while (n * 2 * per <= megabytes * 1024 * 1024) n *= 2
      this.entries = n
      this.keys = new Uint32Array(n * w)
      this.data = new Int32Array(n * DATA)
    }
    this.mask = this.entries - 1
  }

  /** A table in shared memory (for threads), of about `megabytes`. */
  static shared(w: number, megabytes: number): TranspositionTable {
    const per = (w + DATA) * 4
    let n = 2
    while (n * 2 * per <= megabytes * 1024 * 1024) n *= 2
    return new TranspositionTable(w, megabytes, { keys: new SharedArrayBuffer(n * w * 4), data: new SharedArrayBuffer(n * DATA * 4) })
  }

  /** The buffers, for another thread's view of the same table. */
  get buffers(): { readonly keys: ArrayBufferLike; readonly data: ArrayBufferLike } {
    return { keys: this.keys.buffer, data: this.data.buffer }
  }

  clear(): void {
    this.keys.fill(0)
    this.data.fill(0)
    this.generation = 0
  }

  /** The search's generation (threads sharing a table write the main thread's). */
  get age(): number {
    return this.generation
  }

  set age(g: number) {
    this.generation = g & 0xff
  }

  /** A new search: older entries give way first. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 0xff
    this.probes = this.hits = 0
  }

  private matches(e: number, pos: Position, tag: number): boolean {
    const w = this.w
    const k = this.keys
    const key = pos.key
    const o = e * w
    for (let j = 0; j < w; j++) if (k[o + j] !== key[j]) return false
    const info = this.data[e * DATA + 2]!
    return ((info >>> 10) & 7) === pos.turn && ((info >>> 13) & 0xff) === tag && this.data[e * DATA + 3] === pos.hashHi
  }

  /** The entry of this position and tag, or undefined. Win scores come back relative to `ply`. */
  probe(pos: Position, tag: number, ply: number): TTHit | undefined {
    this.probes++
    const b = (pos.hashLo & this.mask) & ~1
    for (let e = b; e < b + 2; e++) {
      if (!this.matches(e, pos, tag)) continue
      this.hits++
      const d = e * DATA
      const info = this.data[d + 2]!
      this.hit.score = fromStored(this.data[d]!, ply)
      this.hit.move = this.data[d + 1]!
      this.hit.depth = info & 0xff
      this.hit.bound = (info >>> 8) & 3
      return this.hit
    }
    return undefined
  }

  /** Store a result; the entry of the same position, else the shallower or older of the bucket, gives way. */
  store(pos: Position, tag: number, ply: number, depth: number, bound: number, score: number, move: number): void {
    const b = (pos.hashLo & this.mask) & ~1
    let target = -1
    let worst = Infinity
    for (let e = b; e < b + 2; e++) {
      if (this.matches(e, pos, tag)) {
        target = e
        // Keep a deeper exact result's move when this one has none.
        if (move < 0) move = this.data[e * DATA + 1]!
        break
      }
      const info = this.data[e * DATA + 2]!
      const age = (this.generation - (info >>> 21)) & 0xff
      const value = (info & 0xff) - 8 * age
      if (value < worst) {
        worst = value
        target = e
      }
    }
    const w = this.w
    const o = target * w
    for (let j = 0; j < w; j++) this.keys[o + j] = pos.key[j]!
    const d = target * DATA
    this.data[d] = toStored(score, ply)
    this.data[d + 1] = move
    this.data[d + 2] = Math.min(255, Math.max(0, depth)) | (bound << 8) | (pos.turn << 10) | ((tag & 0xff) << 13) | (this.generation << 21)
    this.data[d + 3] = pos.hashHi
  }

  /** Used entries per thousand, from the first thousand (as UCI's hashfull). */
  hashfull(): number {
    const n = Math.min(1000, this.entries)
    let used = 0
    for (let e = 0; e < n; e++) if (this.data[e * DATA + 2] !== 0 && this.data[e * DATA + 2]! >>> 21 === this.generation) used++
    return Math.round((used * 1000) / n)
  }
}

/** Scores beyond this are wins (WIN less the plies to it). */
export const WIN = 1_000_000
export const WIN_BOUND = WIN - 100_000

const toStored = (score: number, ply: number): number => (score > WIN_BOUND ? score + ply : score < -WIN_BOUND ? score - ply : score)
const fromStored = (score: number, ply: number): number => (score > WIN_BOUND ? score - ply : score < -WIN_BOUND ? score + ply : score)
