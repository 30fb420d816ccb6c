/**
 * Truncated breadth-first search (paper section 3.3): each level keeps the M boards with the best
 * score c(A) + lambda sym(A), ties broken by key, so the result does not depend on the order in
 * which children arrive (or on threads). It finds short solutions fast but proves nothing. After
 * each level it looks for a meeting with the reflection of the levels kept: X in level n with R(X)
 * in level n - 1 (length 2n - 1) or in level n (length 2n).
 */
import type { TransferDomain } from './domain'
import type { Executor } from './executor'
import type { Sink } from './kernel'
import { KeySet } from './keyset'
import type { Meeting } from './prove'
import { Run, type RunObserver } from './run'

/** Keeps the best M children of a level, dropping early what can no longer make the cut. */
class BeamSink implements Sink {
  keys: Uint32Array
  scores: Float64Array
  count = 0
  private set: KeySet
  /** Children scoring below this cannot be among the best M. */
  private cutoff = -Infinity

  get minScore(): number {
    return this.cutoff
  }

  constructor(
    private readonly w: number,
    private readonly width: number,
  ) {
    this.keys = new Uint32Array(1024 * w)
    this.scores = new Float64Array(1024)
    this.set = new KeySet(w, 1024)
  }

  add(keys: Uint32Array, off: number, _c: number, score: number): void {
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

  /** Drop what scores below the M-th best; equal scores stay (ties are settled at the end). */
  private compact(): void {
    const sorted = this.scores.slice(0, this.count).sort().reverse()
    this.cutoff = sorted[this.width - 1]!
    let n = 0
    const w = this.w
    this.set = new KeySet(w, this.width * 2)
    for (let j = 0; j < this.count; j++) {
      if (this.scores[j]! < this.cutoff) continue
      for (let k = 0; k < w; k++) this.keys[n * w + k] = this.keys[j * w + k]!
      this.scores[n] = this.scores[j]!
      this.set.add(this.keys, n * w)
      n++
    }
    this.count = n
  }

  /** The best M: by score, then by key. */
  select(shared: boolean): KeySet {
    const w = this.w
    const order = Array.from({ length: this.count }, (_, j) => j)
    const keys = this.keys
    order.sort((a, b) => {
      const d = this.scores[b]! - this.scores[a]!
      if (d !== 0) return d
      for (let k = w - 1; k >= 0; k--) {
        const x = keys[a * w + k]!
        const y = keys[b * w + k]!
        if (x !== y) return x - y
      }
      return 0
    })
    const out = new KeySet(w, Math.min(this.width, this.count), shared ? 'shared' : 'plain')
    for (let j = 0; j < order.length && j < this.width; j++) out.add(keys, order[j]! * w)
    return out
  }
}

export interface BeamOptions {
  readonly width: number
  readonly lambda: number
  readonly maxLength: number
  readonly maxMeetings: number
  readonly onLevel?: (level: number) => void
}

export interface BeamOutcome {
  readonly length: number
  readonly meetings: Meeting[]
  readonly run: Run
}

/** Run the beam until a meeting or maxLength; undefined if none was found (or the beam died). */
export async function beamSearch(
  domain: TransferDomain,
  executor: Executor,
  budgetBytes: number,
  options: BeamOptions,
  observer?: RunObserver,
): Promise<BeamOutcome | undefined> {
  const run = new Run(domain, executor, budgetBytes, observer)
  const w = domain.w
  const key = new Uint32Array(w)
  if (domain.sameKey(domain.startKey, 0, domain.targetKey, 0)) {
    const s = domain.problem.armies[0]!.start
    return { length: 0, meetings: [{ a: s, aLevel: 0, b: s.map((c) => domain.reflection![c]!).sort((p, q) => p - q), bLevel: 0 }], run }
  }
  for (let n = 1; 2 * n - 1 <= options.maxLength; n++) {
    options.onLevel?.(n)
    const sink = new BeamSink(w, options.width)
    const parents = run.levels[n - 1]!
    await executor.run({
      parents,
      prev: n > 1 ? run.levels[n - 2] : undefined,
      cur: parents,
      rule: { level: n, sides: [], minSym: 0, score: true, lambda: options.lambda },
      sink,
    })
    const level = sink.select(executor.shared)
    run.levels.push(level)
    run.records.push({ level: n, size: level.size, children: 0, maxC: -Infinity, seconds: 0 })
    if (level.size === 0) return undefined
    // Odd length 2n - 1: X in level n, R(X) in level n - 1. Even 2n: R(X) in level n.
    for (const [length, other] of [
      [2 * n - 1, run.levels[n - 1]!],
      [2 * n, level],
    ] as const) {
      if (length > options.maxLength) break
      const meetings: Meeting[] = []
      level.forEach((raw, off) => {
        if (meetings.length >= options.maxMeetings) return
        const x = domain.space.cells(raw, off)
        domain.reflectedKey(x, key)
        if (other.has(key, 0)) {
          const b = x.map((c) => domain.reflection![c]!).sort((p, q) => p - q)
          meetings.push({ a: x, aLevel: n, b, bLevel: length % 2 === 1 ? n - 1 : n })
        }
      })
      if (meetings.length > 0) return { length, meetings, run }
    }
  }
  return undefined
}
