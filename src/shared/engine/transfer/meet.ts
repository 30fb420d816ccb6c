/**
 * The meeting of a proof's two halves (prove.ts says why it decides a length): a pass over the
 * middle level that asks, for each board, whether a board one move away lies in a level, looked up
 * directly in memory and, on disk, by merging the keys asked against the level's file
 * (context.ts, lookups). The pass is paced (core/pace.ts): it yields to hear a cancel and the
 * deadline and reports how far it is, for it reads every board of a level that may hold a billion.
 *
 * Odd lengths ask only where a solution can be: with c(Z) >= -c(X) (the halves' WLOG), a board X
 * whose best move cannot raise c to -c(X) is passed over without being expanded. A move raises c by
 * at most cvMax - cvMin, so X is expanded only when 2 c(X) + cvMax - cvMin >= 0: at problem 4's
 * length 23 (8-move rules) under 1 % of the level, whose centroids crowd at the threshold.
 */
import { eachState, paceOf } from '../core/pace'
import type { StateSet } from '../core/state-set'
import { lookups, type TransferContext } from './context'
import type { TransferDomain } from './domain'

/**
 * A meeting of the two halves of a solution: board `a` lies aLevel moves from the start and board
 * `b` bLevel moves from it. The solution runs from the start to a, then (if a is not R(b)) one move
 * from a to R(b), then along the reflection of the path from the start to b, backwards.
 */
export interface Meeting {
  readonly a: readonly number[]
  readonly aLevel: number
  readonly b: readonly number[]
  readonly bLevel: number
}

const MOVES = 8192

export const reflect = (domain: TransferDomain, cells: readonly number[]): number[] =>
  cells.map((c) => domain.reflection![c]!).sort((p, q) => p - q)

const count = (n: number): string => Math.round(n).toLocaleString('en-US')

/** The domain and a move generator's scratch, for one pass. */
function scratch(ctx: TransferContext) {
  const domain = ctx.domain
  const w = domain.w
  return {
    domain,
    space: domain.space,
    w,
    from: new Int16Array(MOVES),
    to: new Int16Array(MOVES),
    out: new Uint32Array(MOVES * w),
    key: new Uint32Array(w),
  }
}

/** A pace for a pass over `level` (level `at` of the proof): cancel, the deadline, progress. */
function paceFor(ctx: TransferContext, level: StateSet, at: number, what: string) {
  const spine = ctx.spine
  const total = level.size
  let pass = 1
  const pace = paceOf(
    () => spine.cancelled,
    () => spine.budget.checkTime(at),
    (done) =>
      spine.report.emit(
        `meeting at level ${at}: ${Math.floor((100 * done) / Math.max(1, total))} % of its ${count(total)} boards read${what ? ` (${what}, pass ${pass})` : ''}`,
        { done, total },
      ),
  )
  return { pace, next: () => void pass++ }
}

/**
 * Even length 2N: X in `top` (run 1's level N, c >= 0) meets when R(X) is one move from `below`
 * (run 2's level N - 1). N = 0: the start is the target.
 */
export async function meetEven(ctx: TransferContext, top: StateSet, below: StateSet | undefined, N: number, most: number): Promise<Meeting[]> {
  const { domain, space, w, from, to, out, key } = scratch(ctx)
  const meetings: Meeting[] = []
  const { pace, next } = paceFor(ctx, top, N, below ? 'children of the reflections' : '')
  await lookups(ctx, below, async (lookup) => {
    await eachState(top, pace, (raw, off) => {
      if (meetings.length >= most) return true
      const x = space.cells(raw, off)
      if (!below) {
        domain.reflectedKey(x, key)
        if (domain.sameKey(key, 0, raw, off)) meetings.push({ a: x, aLevel: 0, b: reflect(domain, x), bLevel: 0 })
        return
      }
      // R(X) must be one move from level N - 1.
      space.pack(
        x.map((c) => domain.reflection![c]!),
        key,
      )
      const n = space.expand(key, 0, from, to, out)
      for (let j = 0; j < n; j++) {
        if (lookup.has(out, j * w)) {
          meetings.push({ a: x, aLevel: N, b: reflect(domain, x), bLevel: N })
          return
        }
      }
    })
    next()
  })
  return meetings
}

/**
 * Odd length 2N + 1: X in `level` (run 2's level N) meets when a move X -> Z with c(Z) >= -c(X)
 * has R(Z) in the same level.
 */
export async function meetOdd(ctx: TransferContext, level: StateSet, N: number, most: number): Promise<Meeting[]> {
  const { domain, space, from, to, out, key } = scratch(ctx)
  const meetings: Meeting[] = []
  const cv = space.cv
  // The most one move can raise c.
  const rise = space.cvMax - space.cvMin
  const { pace, next } = paceFor(ctx, level, N, 'the moves that may meet')
  await lookups(ctx, level, async (lookup) => {
    await eachState(level, pace, (raw, off) => {
      if (meetings.length >= most) return true
      const cx = space.centroid(raw, off)
      if (2 * cx + rise < 0) return
      const x = space.cells(raw, off)
      space.pack(x, key)
      const n = space.expand(key, 0, from, to)
      for (let j = 0; j < n; j++) {
        const cz = cx - cv[from[j]!]! + cv[to[j]!]!
        if (cz < -cx) continue
        const z = x.map((c) => (c === from[j] ? to[j]! : c)).sort((p, q) => p - q)
        domain.reflectedKey(z, out, 0)
        if (lookup.has(out, 0)) {
          meetings.push({ a: x, aLevel: N, b: reflect(domain, z), bLevel: N })
          return
        }
      }
    })
    next()
  })
  return meetings
}
