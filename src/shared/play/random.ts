/**
 * Seeded random numbers (mulberry32): the Zobrist keys, the greedy player's ties and the opening
 * book are the same in every run and on every thread, so that matches under node limits repeat.
 */

/** mulberry32 with its state in view, so that a caller can save and restore it (the race planner's model of the others). */
export class Mulberry32 {
  constructor(public state = 0) {}

  /** The next 32-bit unsigned integer. */
  nextUint(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }

  /** The next number in [0, 1). */
  readonly uniform = (): number => this.nextUint() / 4294967296
}

/** 32-bit unsigned integers from a seed. */
export function seededRandom(seed: number): () => number {
  const g = new Mulberry32(seed >>> 0)
  return () => g.nextUint()
}

/** Numbers in [0, 1) from a seed. */
export function uniform(seed: number): () => number {
  return new Mulberry32(seed >>> 0).uniform
}
