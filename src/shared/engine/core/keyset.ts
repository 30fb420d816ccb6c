/**
 * A set of fixed-width keys (boards packed as W 32-bit words) in one open-addressing table over a
 * typed array: V8's Set and Map stop at 2^24 entries and cost ~10x more per entry. Linear probing,
 * power-of-two capacity, grown at 5/8 load. A slot is used when the top bit of its last word is
 * set; packed boards never use that bit (see PackedSpace).
 *
 * The table may live in a SharedArrayBuffer so that worker threads can read a frozen level while
 * they expand it; writes happen on one thread at a time (per partition).
 */

export const USED = 0x80000000 | 0

/** Hash of a key's words (murmur-style mixing). */
export function hashWords(words: Uint32Array, off: number, w: number): number {
  let h = 0x9e3779b9 | 0
  for (let k = 0; k < w; k++) {
    let x = Math.imul(words[off + k]! ^ (k * 0x85ebca6b), 0xcc9e2d51)
    x = (x << 15) | (x >>> 17)
    h = Math.imul(h ^ Math.imul(x, 0x1b873593), 5) + 0xe6546b64
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

export type BufferKind = 'shared' | 'plain'

function allocate(bytes: number, kind: BufferKind): ArrayBufferLike {
  return kind === 'shared' && typeof SharedArrayBuffer !== 'undefined' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)
}

export class KeySet {
  /** W words per key. */
  readonly w: number
  private table: Uint32Array
  private mask: number
  private count = 0
  private readonly kind: BufferKind

  constructor(w: number, capacity = 1024, kind: BufferKind = 'plain') {
    this.w = w
    this.kind = kind
    let cap = 1024
    while (cap * 5 < capacity * 8) cap *= 2
    this.table = new Uint32Array(allocate(cap * w * 4, kind))
    this.mask = cap - 1
  }

  /** Adopt a table built elsewhere (a worker's partition), without copying. */
  static adopt(w: number, table: Uint32Array, count: number): KeySet {
    const s = new KeySet(w, 0)
    s.table = table
    s.mask = table.length / w - 1
    s.count = count
    return s
  }

  get size(): number {
    return this.count
  }

  /** Slots in the table (used or not). */
  get capacity(): number {
    return this.mask + 1
  }

  /** The raw table: W words per slot; a slot is used iff (table[slot*W + W-1] & USED) !== 0. */
  get raw(): Uint32Array {
    return this.table
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.table.byteLength
  }

  /** Whether the key at words[off..off+W) (its USED bit set) is in the set. */
  has(words: Uint32Array, off: number): boolean {
    const w = this.w
    const t = this.table
    let slot = hashWords(words, off, w) & this.mask
    for (;;) {
      const base = slot * w
      if ((t[base + w - 1]! & USED) === 0) return false
      let k = 0
      while (k < w && t[base + k] === words[off + k]) k++
      if (k === w) return true
      slot = (slot + 1) & this.mask
    }
  }

  /** Add the key at words[off..off+W) (USED bit set); true if it was not there. */
  add(words: Uint32Array, off: number): boolean {
    if ((this.count + 1) * 8 > this.capacity * 5) this.grow()
    const w = this.w
    const t = this.table
    let slot = hashWords(words, off, w) & this.mask
    for (;;) {
      const base = slot * w
      if ((t[base + w - 1]! & USED) === 0) {
        for (let k = 0; k < w; k++) t[base + k] = words[off + k]!
        this.count++
        return true
      }
      let k = 0
      while (k < w && t[base + k] === words[off + k]) k++
      if (k === w) return false
      slot = (slot + 1) & this.mask
    }
  }

  /**
   * Make room for `n` keys in all without growing. Adding the keys of another table of the same
   * hash in its slot order to a smaller table crowds them into one ever longer run (quadratic
   * time); a table at least as large as the other spreads them out, so reserve before such a merge.
   */
  reserve(n: number): void {
    while (n * 8 > this.capacity * 5) this.grow()
  }

  private grow(): void {
    const old = this.table
    const w = this.w
    const cap = (this.mask + 1) * 2
    this.table = new Uint32Array(allocate(cap * w * 4, this.kind))
    this.mask = cap - 1
    this.count = 0
    for (let base = 0; base < old.length; base += w) {
      if ((old[base + w - 1]! & USED) !== 0) this.add(old, base)
    }
  }

  /** Call f with the offset of each key in `raw` (do not add while iterating). */
  forEach(f: (raw: Uint32Array, off: number) => void): void {
    const t = this.table
    const w = this.w
    for (let base = 0; base < t.length; base += w) if ((t[base + w - 1]! & USED) !== 0) f(t, base)
  }

  /** The keys, packed contiguously (W words each). */
  toArray(): Uint32Array {
    const out = new Uint32Array(this.count * this.w)
    let n = 0
    this.forEach((t, off) => {
      for (let k = 0; k < this.w; k++) out[n++] = t[off + k]!
    })
    return out
  }
}
