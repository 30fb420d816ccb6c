/**
 * Level and run files packed: each row stored as its difference from the row before it (as
 * unsigned W-word numbers, modulo 2^(32W)) in a variable-length code of 7 bits a byte. Level sets
 * and runs are sorted, and the states of a level are close to each other, so the differences are
 * small: a level of problem 4 (15 men on 81 cells, 12-byte keys) takes 1.3 bytes a state instead of
 * 12. Any rows round-trip (unsorted ones take more bytes, never a wrong answer).
 *
 * packedStore(inner) is a FileStore over another: the file `name` is kept as `name.z` in the inner
 * store, a file of 32-bit words:
 *
 *   blocks      rows in blocks of BLOCK_ROWS; a block's first row is coded against zero (a block
 *               decodes alone), each block padded to a whole word
 *   index       the word at which each block starts (2 words each: low, high)
 *   footer      MAGIC, VERSION, w, BLOCK_ROWS, rows (low, high), index start (low, high)
 *
 * A file without `.z` (written before packing, e.g. by a checkpoint of an older version) is read as
 * it is: rows of W words. New files are always packed.
 */
import type { FileStore, RowReader, RowWriter } from './storage'

export const PACKED_SUFFIX = '.z'
/** 'PKLV' */
const MAGIC = 0x564c4b50
const VERSION = 1
const BLOCK_ROWS = 8192
const FOOTER = 8
const TWO32 = 2 ** 32

/** The most bytes one row's code takes. */
const maxRowBytes = (w: number): number => Math.ceil((32 * w) / 7)

/** Where a packed file is damaged: its name and what is wrong. */
export class PackedFileError extends Error {}

/** A writer of packed rows (see the file's comment) into an inner file of words. */
class PackedWriter implements RowWriter {
  private readonly prev: Uint32Array
  private readonly diff: Uint32Array
  private bytes: Uint8Array
  private pos = 0
  /** Words written to the inner file so far. */
  private words = 0
  private rows = 0
  private readonly starts: number[] = []
  private durable = false

  constructor(
    private readonly inner: RowWriter,
    private readonly w: number,
  ) {
    this.prev = new Uint32Array(w)
    this.diff = new Uint32Array(w)
    this.bytes = new Uint8Array(Math.max(1 << 16, 4 * BLOCK_ROWS * maxRowBytes(w)))
  }

  append(rows: Uint32Array, count: number): void {
    const w = this.w
    const prev = this.prev
    const diff = this.diff
    for (let r = 0; r < count; r++) {
      if (this.rows % BLOCK_ROWS === 0) this.startBlock()
      const o = r * w
      let borrow = 0
      for (let k = 0; k < w; k++) {
        const c = rows[o + k]!
        let x = c - prev[k]! - borrow
        borrow = x < 0 ? 1 : 0
        if (x < 0) x += TWO32
        diff[k] = x
        prev[k] = c
      }
      this.code(diff)
      this.rows++
    }
  }

  /** The variable-length code of the W-word number d (d is consumed). */
  private code(d: Uint32Array): void {
    const bytes = this.bytes
    let p = this.pos
    let top = d.length - 1
    while (top > 0 && d[top] === 0) top--
    if (top === 0 || (top === 1 && d[1]! < 1 << 21)) {
      // Below 2^53: exact as a double.
      let v = top === 0 ? d[0]! : d[1]! * TWO32 + d[0]!
      while (v >= 0x80) {
        bytes[p++] = (v % 0x80) | 0x80
        v = Math.floor(v / 0x80)
      }
      bytes[p++] = v
    } else {
      for (;;) {
        const low = d[0]! & 0x7f
        // d >>= 7 across the words
        for (let k = 0; k <= top; k++) d[k] = (d[k]! >>> 7) | (k < top ? (d[k + 1]! & 0x7f) << 25 : 0)
        while (top > 0 && d[top] === 0) top--
        const more = top > 0 || d[0] !== 0
        bytes[p++] = more ? low | 0x80 : low
        if (!more) break
      }
    }
    this.pos = p
  }

  /** End the block in progress (padded to a word), flush when the buffer is nearly full, start a new one. */
  private startBlock(): void {
    this.pad()
    if (this.pos + BLOCK_ROWS * maxRowBytes(this.w) + 8 > this.bytes.length) this.flush()
    this.starts.push(this.words + this.pos / 4)
    this.prev.fill(0)
  }

  private pad(): void {
    while (this.pos % 4 !== 0) this.bytes[this.pos++] = 0
  }

  private flush(): void {
    if (this.pos === 0) return
    const n = this.pos / 4
    this.inner.append(new Uint32Array(this.bytes.buffer, 0, n), n)
    this.words += n
    this.pos = 0
  }

  /** The file is flushed to disk when it is closed (its footer is written last). */
  sync(): void {
    this.durable = true
  }

  close(): void {
    this.pad()
    this.flush()
    const index = new Uint32Array(this.starts.length * 2 + FOOTER)
    this.starts.forEach((s, i) => {
      index[2 * i] = s % TWO32
      index[2 * i + 1] = Math.floor(s / TWO32)
    })
    const f = this.starts.length * 2
    const at = this.words
    index.set([MAGIC, VERSION, this.w, BLOCK_ROWS, this.rows % TWO32, Math.floor(this.rows / TWO32), at % TWO32, Math.floor(at / TWO32)], f)
    this.inner.append(index, index.length)
    if (this.durable) this.inner.sync()
    this.inner.close()
  }
}

/** A reader of a packed file: a block decoded at a time (the last one kept for the next read). */
class PackedReader implements RowReader {
  readonly rows: number
  private readonly starts: Float64Array
  private readonly end: number
  private cached = -1
  private readonly block: Uint32Array
  private raw = new Uint8Array(0)

  constructor(
    private readonly inner: RowReader,
    private readonly w: number,
    private readonly name: string,
  ) {
    const damaged = (what: string): PackedFileError => new PackedFileError(`level file ${name} is damaged: ${what}`)
    if (inner.rows < FOOTER) throw damaged(`${inner.rows * 4} bytes, too short for a packed file`)
    const foot = new Uint32Array(FOOTER)
    inner.read(inner.rows - FOOTER, foot, FOOTER)
    if (foot[0] !== MAGIC) throw damaged('no packed-file footer at its end (cut short?)')
    if (foot[1] !== VERSION) throw damaged(`packed-file version ${foot[1]}, this program reads ${VERSION}`)
    if (foot[2] !== w) throw damaged(`rows of ${foot[2]} words, not ${w}`)
    if (foot[3] !== BLOCK_ROWS) throw damaged(`blocks of ${foot[3]} rows, not ${BLOCK_ROWS}`)
    this.rows = foot[4]! + foot[5]! * TWO32
    this.end = foot[6]! + foot[7]! * TWO32
    const blocks = Math.ceil(this.rows / BLOCK_ROWS)
    if (this.end + 2 * blocks + FOOTER !== inner.rows) throw damaged(`${inner.rows} words, not the ${this.end + 2 * blocks + FOOTER} its footer implies`)
    const index = new Uint32Array(2 * blocks)
    if (blocks > 0) inner.read(this.end, index, 2 * blocks)
    this.starts = new Float64Array(blocks)
    for (let b = 0; b < blocks; b++) {
      const s = index[2 * b]! + index[2 * b + 1]! * TWO32
      if (s > this.end || (b > 0 && s < this.starts[b - 1]!)) throw damaged(`block ${b} starts at word ${s}, out of order`)
      this.starts[b] = s
    }
    this.block = new Uint32Array(BLOCK_ROWS * w)
  }

  read(at: number, out: Uint32Array, count: number): number {
    const n = Math.max(0, Math.min(count, this.rows - at))
    const w = this.w
    for (let done = 0; done < n; ) {
      const b = Math.floor((at + done) / BLOCK_ROWS)
      this.decode(b)
      const from = at + done - b * BLOCK_ROWS
      const k = Math.min(n - done, BLOCK_ROWS - from, this.rows - b * BLOCK_ROWS - from)
      out.set(this.block.subarray(from * w, (from + k) * w), done * w)
      done += k
    }
    return n
  }

  /** Decode block b into this.block. */
  private decode(b: number): void {
    if (this.cached === b) return
    const start = this.starts[b]!
    const words = (b + 1 < this.starts.length ? this.starts[b + 1]! : this.end) - start
    if (this.raw.length < words * 4) this.raw = new Uint8Array(words * 4)
    const view = new Uint32Array(this.raw.buffer, 0, words)
    if (words > 0) this.inner.read(start, view, words)
    const bytes = this.raw
    const limit = words * 4
    const w = this.w
    const rows = Math.min(BLOCK_ROWS, this.rows - b * BLOCK_ROWS)
    const out = this.block
    let p = 0
    for (let r = 0; r < rows; r++) {
      const o = r * w
      // Start from the row before (zero for a block's first row), then add the difference.
      if (r === 0) out.fill(0, 0, w)
      else for (let k = 0; k < w; k++) out[o + k] = out[o - w + k]!
      let shift = 0
      let k = 0
      for (;;) {
        if (p >= limit) throw new PackedFileError(`level file ${this.name} is damaged: block ${b} ends inside row ${r}`)
        const byte = bytes[p++]!
        const bits = byte & 0x7f
        // Add bits << (32k + shift) with carry.
        let add = shift <= 25 ? bits * 2 ** shift : (bits << shift) >>> 0
        let spill = shift > 25 ? bits >>> (32 - shift) : 0
        for (let j = k; j < w && (add !== 0 || spill !== 0); j++) {
          const s = out[o + j]! + add
          out[o + j] = s % TWO32
          add = Math.floor(s / TWO32) + spill
          spill = 0
        }
        shift += 7
        if (shift >= 32) {
          shift -= 32
          k++
        }
        if ((byte & 0x80) === 0) break
      }
    }
    for (; p < limit; p++)
      if (bytes[p] !== 0) throw new PackedFileError(`level file ${this.name} is damaged: block ${b} has bytes past its last row`)
    this.cached = b
  }

  close(): void {
    this.inner.close()
  }
}

/** A FileStore whose row files are packed (see the file's comment); text files pass through. */
export function packedStore(inner: FileStore): FileStore {
  if (inner.packed) return inner
  const z = (name: string): string => `${name}${PACKED_SUFFIX}`
  const drop = (name: string): void => {
    if (inner.exists(name)) inner.remove(name)
  }
  return {
    where: inner.where,
    packed: true,
    create(name, w) {
      drop(name)
      return new PackedWriter(inner.create(z(name), 1), w)
    },
    open(name, w) {
      if (!inner.exists(z(name))) return inner.open(name, w)
      const file = inner.open(z(name), 1)
      try {
        return new PackedReader(file, w, `${inner.where}/${z(name)}`)
      } catch (e) {
        file.close()
        throw e
      }
    },
    exists: (name) => inner.exists(z(name)) || inner.exists(name),
    remove(name) {
      drop(z(name))
      drop(name)
    },
    rename(from, to) {
      if (inner.exists(z(from))) {
        inner.rename(z(from), z(to))
        drop(to)
      } else {
        inner.rename(from, to)
        drop(z(to))
      }
    },
    size: (name) => inner.size(inner.exists(z(name)) ? z(name) : name),
    writeText: (name, text) => inner.writeText(name, text),
    readText: (name) => inner.readText(name),
    usage: () => inner.usage(),
    names: () => [...new Set(inner.names().map((n) => (n.endsWith(PACKED_SUFFIX) ? n.slice(0, -PACKED_SUFFIX.length) : n)))],
    claim: () => inner.claim(),
  }
}
