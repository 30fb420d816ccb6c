/**
 * Cutting a level down to a width (a beam: fast, proves nothing). Two ways, by where the ranking
 * comes from:
 * - StreamingBest keeps the best children by the score the kernel gives each (transfers: the
 *   paper's c(A) + lambda sym(A)), dropping early what can no longer make the cut, so that a level
 *   of millions of children never has to be held whole;
 * - keepBest cuts a whole level by ranks a domain computes per state (games: how far along, or the
 *   lookahead's counts), optionally with a diversity limit per group of states.
 * Both settle ties deterministically, so the states kept do not depend on threads or timing.
 */
import type { Sink } from './contract'
import { KeySet, type BufferKind } from './keyset'
import type { LevelCollector } from './levels'

/**
 * Indices of `scores` in ascending order of score, ties by `tie` (default: index order). Without a
 * tie rule, integral scores are packed with their index in one float and sorted natively.
 */
export function rankOrder(scores: Float64Array, tie?: (a: number, b: number) => number): Uint32Array {
  const n = scores.length
  const order = new Uint32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  if (tie) return order.sort((a, b) => scores[a]! - scores[b]! || tie(a, b))
  // Packed in one float and sorted natively when exact: score * 2^25 + index.
  let max = 0
  let integral = true
  for (let i = 0; i < n; i++) {
    const v = scores[i]!
    if (v > max) max = v
    if (!Number.isInteger(v) || v < 0) integral = false
  }
  if (integral && n <= 2 ** 25 && max < 2 ** 28) {
    const packed = new Float64Array(n)
    for (let i = 0; i < n; i++) packed[i] = scores[i]! * 2 ** 25 + i
    packed.sort()
    for (let i = 0; i < n; i++) order[i] = packed[i]! % 2 ** 25
    return order
  }
  return order.sort((a, b) => scores[a]! - scores[b]! || a - b)
}

/** Keeps the `width` children of a level with the highest kernel scores, ties by key. */
export class StreamingBest implements Sink, LevelCollector {
  private keys: Uint32Array
  private scores: Float64Array
  private count = 0
  private set: KeySet
  /** Children scoring below this cannot be among the best. */
  private cutoff = -Infinity
  /** Goals met (a game domain's wins): kept whole, never cut. */
  goals: KeySet | undefined

  constructor(
    private readonly w: number,
    private readonly width: number,
  ) {
    this.keys = new Uint32Array(1024 * w)
    this.scores = new Float64Array(1024)
    this.set = new KeySet(w, 1024)
  }

  get minScore(): number {
    return this.cutoff
  }

  get size(): number {
    return this.count
  }

  get bytes(): number {
    return this.keys.byteLength + this.scores.byteLength + this.set.bytes
  }

  child(keys: Uint32Array, off: number, _parent: number, score: number): void {
    if (score < this.cutoff) return
    if (!this.set.add(keys, off)) return
    if (this.count === this.scores.length) {
      const k = new Uint32Array(this.keys.length * 2)
      k.set(this.keys)
      this.keys = k
      const s = new Float64Array(this.scores.length * 2)
      s.set(this.scores)
      this.scores = s
    }
    const o = this.count * this.w
    for (let k = 0; k < this.w; k++) this.keys[o + k] = keys[off + k]!
    this.scores[this.count++] = score
    if (this.count >= 2 * this.width + 1024) this.compact()
  }

  goal(keys: Uint32Array, off: number): void {
    ;(this.goals ??= new KeySet(this.w, 16)).add(keys, off)
  }

  /**
   * Keep the best `width` so far, by score and then by key, as finish() ranks them: a child dropped
   * here is beaten by `width` others, so the level comes out the same. (Keeping every child that
   * ties the cut-off, as before, compacted at every child once ties filled the buffer: a game's
   * scores are small integers.)
   */
  private compact(): void {
    const w = this.w
    const sorted = this.scores.slice(0, this.count).sort().reverse()
    const cutoff = sorted[this.width - 1]!
    let above = 0
    while (sorted[above]! > cutoff) above++
    // Of the children at the cut-off, those with the smallest keys fill the width.
    const tied: number[] = []
    for (let j = 0; j < this.count; j++) if (this.scores[j] === cutoff) tied.push(j)
    tied.sort((a, b) => {
      for (let k = w - 1; k >= 0; k--) {
        const x = this.keys[a * w + k]!
        const y = this.keys[b * w + k]!
        if (x !== y) return x - y
      }
      return 0
    })
    const chosen = new Uint8Array(this.count)
    for (let t = 0; t < this.width - above; t++) chosen[tied[t]!] = 1
    this.set = new KeySet(w, this.width * 2)
    let n = 0
    for (let j = 0; j < this.count; j++) {
      if (this.scores[j]! < cutoff || (this.scores[j] === cutoff && chosen[j] === 0)) continue
      for (let k = 0; k < w; k++) this.keys[n * w + k] = this.keys[j * w + k]!
      this.scores[n] = this.scores[j]!
      this.set.add(this.keys, n * w)
      n++
    }
    this.count = n
    this.cutoff = cutoff
  }

  /** Indices of the children collected, best first: by score, then by key. */
  private best(): Uint32Array {
    const w = this.w
    const keys = this.keys
    const negated = new Float64Array(this.count)
    for (let j = 0; j < this.count; j++) negated[j] = -this.scores[j]!
    return rankOrder(negated, (a, b) => {
      for (let k = w - 1; k >= 0; k--) {
        const x = keys[a * w + k]!
        const y = keys[b * w + k]!
        if (x !== y) return x - y
      }
      return 0
    })
  }

  /** The best `width`: by score, then by key. */
  finish(kind: BufferKind): KeySet {
    const order = this.best()
    const out = new KeySet(this.w, Math.min(this.width, this.count), kind)
    for (let j = 0; j < order.length && j < this.width; j++) out.add(this.keys, order[j]! * this.w)
    return out
  }
}

/** At most `perGroup` states of a group (groupOf's number) before any state beyond that many. */
export interface Diversity {
  readonly perGroup: number
  groupOf(raw: Uint32Array, off: number): number
}

/**
 * The `width` states of `level` ranked first (`ranks[i]` of the state at `offsets[i]`, lower
 * first; ties in the level's slot order). With a diversity limit, states past their group's limit
 * come after every state within it.
 */
export function keepBest(
  level: KeySet,
  offsets: Float64Array,
  ranks: Float64Array,
  width: number,
  kind: BufferKind,
  diversity?: Diversity,
): KeySet {
  const order = rankOrder(ranks)
  const raw = level.raw
  const kept = new KeySet(level.w, width, kind)
  const limit = diversity?.perGroup ?? width
  const counts = new Map<number, number>()
  const late: number[] = []
  for (let r = 0; r < order.length && kept.size < width; r++) {
    const off = offsets[order[r]!]!
    if (!diversity) {
      kept.add(raw, off)
      continue
    }
    const h = diversity.groupOf(raw, off)
    const c = counts.get(h) ?? 0
    if (c < limit) {
      counts.set(h, c + 1)
      kept.add(raw, off)
    } else if (late.length < width) late.push(off)
  }
  for (let r = 0; r < late.length && kept.size < width; r++) kept.add(raw, late[r]!)
  return kept
}
