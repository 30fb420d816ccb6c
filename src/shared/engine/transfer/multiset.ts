/**
 * Multisets of small integers (men's centroid values) ranked by the combinatorial number system
 * ("stars and bars"): a histogram over range values holding m items maps to a unique integer below
 * C(range + m - 1, m). Ranks key the ladder bound's memo and the kernel's verdict cache.
 */
export class MultisetRanker {
  /** binom[a * (m + 1) + b] = C(a, b). */
  private readonly binom: Float64Array
  /** Number of multisets: C(range + m - 1, m). */
  readonly count: number

  constructor(
    readonly range: number,
    readonly m: number,
  ) {
    const rows = range + m + 1
    const w = m + 1
    this.binom = new Float64Array(rows * w)
    for (let a = 0; a < rows; a++) {
      for (let b = 0; b <= m; b++) {
        this.binom[a * w + b] = b === 0 ? 1 : a === 0 ? 0 : this.binom[(a - 1) * w + b - 1]! + this.binom[(a - 1) * w + b]!
      }
    }
    this.count = this.binom[(range + m - 1) * w + m]!
  }

  /** Rank of the multiset with histogram hist[0..range). */
  rank(hist: Int32Array): number {
    let r = 0
    let j = 0
    const w = this.m + 1
    const binom = this.binom
    for (let v = 0; v < this.range; v++) {
      for (let c = hist[v]!; c > 0; c--) {
        j++
        r += binom[(v + j - 1) * w + j]!
      }
    }
    return r
  }
}

/** An open-addressing map from ranks (non-negative integers below 2^53) to int32 values. */
export class RankMap {
  private keys: Float64Array
  private vals: Int32Array
  private mask: number
  size = 0

  constructor(capacity = 1 << 12) {
    let cap = 16
    while (cap < capacity * 2) cap *= 2
    this.keys = new Float64Array(cap).fill(-1)
    this.vals = new Int32Array(cap)
    this.mask = cap - 1
  }

  private slot(key: number): number {
    return (Math.imul((key | 0) ^ Math.floor(key / 4294967296), 0x9e3779b1) >>> 0) & this.mask
  }

  /** The value for key, or `missing`. */
  get(key: number, missing: number): number {
    for (let s = this.slot(key); ; s = (s + 1) & this.mask) {
      const k = this.keys[s]!
      if (k === key) return this.vals[s]!
      if (k === -1) return missing
    }
  }

  set(key: number, value: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow()
    let s = this.slot(key)
    while (this.keys[s] !== -1 && this.keys[s] !== key) s = (s + 1) & this.mask
    if (this.keys[s] === -1) this.size++
    this.keys[s] = key
    this.vals[s] = value
  }

  clear(): void {
    this.keys.fill(-1)
    this.size = 0
  }

  private grow(): void {
    const keys = this.keys
    const vals = this.vals
    const cap = (this.mask + 1) * 2
    this.keys = new Float64Array(cap).fill(-1)
    this.vals = new Int32Array(cap)
    this.mask = cap - 1
    this.size = 0
    for (let s = 0; s < keys.length; s++) if (keys[s] !== -1) this.set(keys[s]!, vals[s]!)
  }
}
