/**
 * Truncated breadth-first search (paper section 3.3): each level keeps the M boards with the best
 * score c(A) + lambda sym(A) (the core's StreamingBest), ties broken by key, so the result does not
 * depend on the order in which children arrive (or on threads). It finds short solutions fast but proves nothing. After
 * each level it looks for a meeting with the reflection of the levels kept: X in level n with R(X)
 * in level n - 1 (length 2n - 1) or in level n (length 2n).
 */
import { StreamingBest } from '../core/beam'
import type { LevelSearch } from '../core/levels'
import { transferSearch, type TransferContext } from './context'
import type { TransferRule } from './kernel'
import type { Meeting } from './meet'

export interface BeamOptions {
  readonly width: number
  readonly lambda: number
  readonly maxLength: number
  readonly maxMeetings: number
}

export interface BeamOutcome {
  readonly length: number
  readonly meetings: Meeting[]
  readonly run: LevelSearch<TransferRule>
}

/** Run the beam until a meeting or maxLength; undefined if none was found (or the beam died). */
export async function beamSearch(ctx: TransferContext, options: BeamOptions): Promise<BeamOutcome | undefined> {
  const domain = ctx.domain
  const run = transferSearch(ctx, 'beam ')
  const w = domain.w
  const key = new Uint32Array(w)
  if (domain.sameKey(domain.startKey, 0, domain.targetKey, 0)) {
    const s = domain.problem.armies[0]!.start
    return { length: 0, meetings: [{ a: s, aLevel: 0, b: s.map((c) => domain.reflection![c]!).sort((p, q) => p - q), bLevel: 0 }], run }
  }
  for (let n = 1; 2 * n - 1 <= options.maxLength; n++) {
    const rule: TransferRule = { kind: 'transfer', level: n, sides: [], minSym: 0, score: true, lambda: options.lambda }
    const level = await run.build(run.levels[n - 1]!, rule, '', new StreamingBest(w, options.width))
    run.levels.push(level)
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
