/**
 * A set of fixed-width keys (boards packed as W 32-bit words) in one open-addressing table over a
 * typed array: V8's Set and Map stop at 2^24 entries and cost ~10x more per entry. Linear probing,
 * power-of-two capacity, grown at 5/8 load. A slot is used when the top bit of its last word is
 * set; packed boards never use that bit (see PackedSpace).
 *
 * A level that is done growing may be compacted (compacted()): the same keys in a table of an odd
 * number of slots at about 3/4 load, a key's home slot taken from the high bits of its hash
 * (floor(hash * slots / 2^32)) instead of the low ones. A power-of-two table at 5/8 load halves
 * when it grows, so levels sat between 5/16 and 5/8 full: 19 to 38 bytes per board of 12, against
 * 16 compacted. An odd slot count marks the layout, so a thread adopting a table knows which it is.
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

/** Load a compacted table is built at. */
const COMPACT_LOAD = 0.75

export class KeySet {
  /** W words per key. */
  readonly w: number
  private table: Uint32Array
  /** Slots - 1 of a power-of-two table; -1 for a compacted one (see the module comment). */
  private mask: number
  private slots: number
  /** slots / 2^32: a compacted table's home slot is floor(hash * scale). */
  private scale: number
  private count = 0
  private readonly kind: BufferKind

  /** `table`: adopt one built elsewhere instead (see adopt). */
  constructor(w: number, capacity = 1024, kind: BufferKind = 'plain', table?: Uint32Array) {
    this.w = w
    this.kind = kind
    let cap = 1024
    while (cap * 5 < capacity * 8) cap *= 2
    this.table = table ?? new Uint32Array(allocate(cap * w * 4, kind))
    this.mask = cap - 1
    this.slots = cap
    this.scale = 0
    if (table) this.setTable(table)
  }

  /** Adopt a table built elsewhere (a level a thread reads), without copying. */
  static adopt(w: number, table: Uint32Array, count: number): KeySet {
    const s = new KeySet(w, 0, 'plain', table)
    s.count = count
    return s
  }

  /** Take `table` as this set's, its layout told by its slot count (odd: compacted). */
  private setTable(table: Uint32Array): void {
    const slots = table.length / this.w
    this.table = table
    this.slots = slots
    const pow2 = (slots & (slots - 1)) === 0
    this.mask = pow2 ? slots - 1 : -1
    this.scale = pow2 ? 0 : slots / 4294967296
  }

  /** The home slot of a hash (floor(hash * scale) is below slots: see compacted()). */
  private home(hash: number): number {
    return this.mask >= 0 ? hash & this.mask : Math.floor(hash * this.scale)
  }

  /**
   * The same keys in a compacted table (see the module comment), in shared memory if this one is;
   * this set as it is if it is small or already compact. The keys go in by this table's slot
   * order, so the layout depends only on the set's contents and history, never on timing.
   */
  compacted(): KeySet {
    if (this.mask < 0 || this.count < 4096) return this
    const slots = Math.ceil(this.count / COMPACT_LOAD) | 1
    if (slots >= this.slots) return this
    const out = new KeySet(this.w, 0, this.kind, new Uint32Array(allocate(slots * this.w * 4, this.kind)))
    const t = this.table
    const w = this.w
    for (let base = 0; base < t.length; base += w) if ((t[base + w - 1]! & USED) !== 0) out.insert(t, base)
    return out
  }

  get size(): number {
    return this.count
  }

  /** Slots in the table (used or not). */
  get capacity(): number {
    return this.slots
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
    return this.hasHashed(words, off, hashWords(words, off, this.w))
  }

  /** has() for a key whose hashWords is `hash` (one hash serves every set a key is looked up in). */
  hasHashed(words: Uint32Array, off: number, hash: number): boolean {
    const w = this.w
    const t = this.table
    const slots = this.slots
    let slot = this.home(hash)
    for (;;) {
      const base = slot * w
      if ((t[base + w - 1]! & USED) === 0) return false
      let k = 0
      while (k < w && t[base + k] === words[off + k]) k++
      if (k === w) return true
      if (++slot === slots) slot = 0
    }
  }

  /** Add the key at words[off..off+W) (USED bit set); true if it was not there. */
  add(words: Uint32Array, off: number): boolean {
    if ((this.count + 1) * 8 > this.capacity * 5) this.grow()
    return this.insert(words, off)
  }

  /** Add a key to a table with room for it. */
  private insert(words: Uint32Array, off: number): boolean {
    const w = this.w
    const t = this.table
    const slots = this.slots
    let slot = this.home(hashWords(words, off, w))
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
      if (++slot === slots) slot = 0
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
    // A compacted table grows into a power-of-two one: at least twice as many slots.
    let cap = 1024
    while (cap < this.slots * 2) cap *= 2
    this.setTable(new Uint32Array(allocate(cap * w * 4, this.kind)))
    this.count = 0
    for (let base = 0; base < old.length; base += w) {
      if ((old[base + w - 1]! & USED) !== 0) this.insert(old, base)
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
