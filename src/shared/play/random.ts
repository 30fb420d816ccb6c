/**
 * Seeded random numbers (mulberry32): the Zobrist keys, the greedy player's ties and the opening
 * book are the same in every run and on every thread, so that matches under node limits repeat.
 */

/** 32-bit unsigned integers from a seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

/** Numbers in [0, 1) from a seed. */
export function uniform(seed: number): () => number {
  const next = seededRandom(seed)
  return () => next() / 4294967296
}
