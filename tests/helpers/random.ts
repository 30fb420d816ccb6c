// The one seeded generator of the tests (mulberry32): the same "random" boards, walks and keys on
// every run, so that a failure can be replayed from its seed.

/** Numbers in [0, 1) from a seed. */
export function seeded(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Whole numbers in [0, n) from a seed. */
export function seededInts(seed: number): (n: number) => number {
  const next = seeded(seed)
  return (n) => Math.floor(next() * n)
}
