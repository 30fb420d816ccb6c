/**
 * Packed keys as bits: how many words a board takes, its cells, and the order of keys. A board is
 * a bitset of W 32-bit words (bit b of word b >> 5 is cell b); the top bit of the last word is the
 * hash tables' used mark (core/keyset.ts), never a cell. A state of several armies is one bitset
 * per army, in order (packArmies).
 */
import { USED } from '../core/keyset'

/** Words per packed board on a board of n cells (one spare bit for the used mark). */
export const wordsFor = (cells: number): number => Math.floor(cells / 32) + 1

/**
 * The cells of a bitset of `words` words at buf[off..] (ascending) into out; their number. `last`:
 * the bitset ends a key, whose last word carries the used mark.
 */
export function cellsOfBits(buf: Uint32Array, off: number, words: number, last: boolean, out: Int16Array): number {
  let m = 0
  for (let k = 0; k < words; k++) {
    let word = buf[off + k]!
    if (last && k === words - 1) word &= ~USED
    while (word !== 0) {
      const low = word & -word
      out[m++] = (k << 5) + 31 - Math.clz32(low)
      word ^= low
    }
  }
  return m
}

/** Whether key a < key b (compared as unsigned, most significant word first). */
export function less(a: Uint32Array, ao: number, b: Uint32Array, bo: number, w: number): boolean {
  for (let k = w - 1; k >= 0; k--) {
    const x = a[ao + k]!
    const y = b[bo + k]!
    if (x !== y) return x < y
  }
  return false
}

/** Pack armies as one bitset of `aw` words each, in order, the used mark in the last army's last word. */
export function packArmies(state: readonly (readonly number[])[], aw: number, out: Uint32Array, off: number): void {
  const w = state.length * aw
  for (let k = 0; k < w; k++) out[off + k] = 0
  state.forEach((cells, a) => {
    for (const c of cells) out[off + a * aw + (c >> 5)]! |= 1 << (c & 31)
  })
  out[off + w - 1]! |= USED
}

/** The armies of a key packed by packArmies (cells ascending); `scratch` holds a board's cells. */
export function unpackArmies(keys: Uint32Array, off: number, armies: number, aw: number, scratch: Int16Array): number[][] {
  const out: number[][] = []
  for (let a = 0; a < armies; a++) {
    const m = cellsOfBits(keys, off + a * aw, aw, a === armies - 1, scratch)
    out.push(Array.from(scratch.subarray(0, m)))
  }
  return out
}
