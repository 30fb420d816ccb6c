/**
 * Packed keys as bits: how many words a board takes, its cells, and the order of keys. A board is
 * a bitset of W 32-bit words (bit b of word b >> 5 is cell b); the top bit of the last word is the
 * hash tables' used mark (core/keyset.ts), never a cell.
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
