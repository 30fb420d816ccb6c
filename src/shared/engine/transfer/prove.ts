/**
 * Exhaustive check of one solution length for a problem whose target is the reflection R(S) of its
 * start S (paper section 3.2, with two refinements). Moves are reversible and R maps the problem onto
 * itself with c(R(P)) = -c(P). So a solution A_0..A_L read backwards and reflected,
 * A'_i = R(A_{L-i}), is a solution too, and both sides of a meeting are forward searches from S.
 *
 * Lengths are checked in increasing order, so when length L is checked no shorter solution exists:
 * a solution of length L is a shortest path and A_i lies exactly i moves from S.
 *
 * Even L = 2N. Reflecting if need be, c(A_N) >= 0 (WLOG). Run 1 keeps a board at level i only if
 * c + U_{N-i} >= 0 (U: the ladder bound): it finds every board N moves out with c >= 0, and with
 * them Cmax_N, their largest centroid. The other half, B_i = R(A_{L-i}), ends at B_N = R(A_N) with
 * c(B_N) = -c(A_N) >= -Cmax_N; run 2 keeps boards with c + U_{N-i} >= -Cmax_N up to level N - 1.
 * A solution exists iff some X of run 1's level N has a neighbour of R(X) in run 2's level N - 1.
 * Only the c >= 0 part of level N is ever built.
 *
 * Odd L = 2N + 1. Reflecting if need be, c(A_N) + c(A_{N+1}) >= 0 (WLOG). With X = A_N and
 * Y = R(A_{N+1}), both N moves out, c(X) >= c(Y) = -c(A_{N+1}) >= -max(Cmax_{N+1}, 0), where run 1
 * (threshold 0, to level N + 1) gives Cmax_{N+1}. Run 2 keeps boards with c + U_{N-i} >= that
 * threshold up to level N. A solution exists iff some X of level N has a move X -> Z with
 * c(Z) >= -c(X) and R(Z) in level N.
 *
 * The palindrome constraint (inequality 11) replaces the meeting by a symmetry test at level N.
 *
 * On disk, run 1's Cmax is a settled step of the checkpoint (`cmax L`) as soon as it is found, and
 * run 1's levels go then (but for level N of an even length, which the meeting reads): a resume in
 * run 2 or in the meeting builds no level of run 1 again.
 */
import type { StateSet } from '../core/state-set'
import type { LevelSearch } from '../core/levels'
import { BudgetError } from '../core/budget'
import { grow, ruleAt, transferSearch, type LevelRule, type TransferContext } from './context'
import { meetEven, meetOdd, type Meeting } from './meet'
import type { Side, TransferRule } from './kernel'

const MOVES = 8192

export interface LengthCheck {
  readonly length: number
  readonly meetings: Meeting[]
  /** Cmax (cv units) of the threshold, or null when not used. */
  readonly cmax: number | null
  readonly meet: number
  /** The search whose levels trace both halves back to the start. */
  readonly run: LevelSearch<TransferRule>
  /** Boards per level of that run. */
  readonly levels: number[]
  /** Seconds spent on the length: this session's, and the build time of the levels a resume took from the checkpoint. */
  readonly seconds: number
}

export interface ProveContext extends TransferContext {
  /** Stop collecting meetings after this many. */
  readonly maxMeetings: number
  /**
   * Run a of an odd length 2N - 1 is run a of the next length 2N too (the same rule level by level,
   * to level N; not with the finish bound, whose rules depend on the length): checks of successive
   * lengths given the same object hand it on, so the even length builds no run a. In memory only
   * (on disk an odd length's files go with its checkpoint record).
   */
  readonly carry?: { value?: CarriedRun }
  /** Prune by the finish bound too (finish-bound.ts): a board at level i of a length-L check must reach the target in L - i moves. */
  readonly finish?: boolean
  /** Called when a run starts, to label progress. */
  readonly phase: (phase: 'cmax' | 'prove' | 'meet', length: number, cmax: number | null) => void
}

/** An odd length's run a, its levels below `meet` released (see ProveContext.carry). */
export interface CarriedRun {
  readonly meet: number
  readonly run: LevelSearch<TransferRule>
  /** Its level sizes before the release, for the record of a length that ends at its top. */
  readonly sizes: number[]
}

/** The finish bound's part of the rule of level i of a check of `length` moves, if it is on. */
const finishAt = (ctx: ProveContext, length: number, i: number): { finish?: number } => (ctx.finish ? { finish: length - i } : {})

/**
 * The rule of level i of a threshold run of a check of `length` moves: boards with
 * c + U_{meet-i} >= threshold (and, with the finish bound, that may reach the target in length - i moves).
 */
const thresholdRule = (ctx: ProveContext, length: number, i: number, meet: number, threshold: number): LevelRule => ({
  sides: [{ moves: meet - i, threshold }],
  minSym: 0,
  score: false,
  lambda: 0,
  ...finishAt(ctx, length, i),
})

/**
 * Build a run to `depth`, keeping at level i the boards of thresholdRule. `until`: stop early after
 * a level of this many states or more (bench/bounds.ts: the first levels of a proof).
 */
export async function thresholdRun(
  ctx: ProveContext,
  depth: number,
  meet: number,
  threshold: number,
  name: string,
  length: number,
  until = Infinity,
): Promise<LevelSearch<TransferRule>> {
  const run = transferSearch(ctx, '', ctx.domain.startKey, name, depth)
  for (let i = 1; i <= depth; i++) {
    await grow(run, thresholdRule(ctx, length, i, meet, threshold))
    if (run.levels[i]!.size === 0 || run.levels[i]!.size >= until) break
  }
  return run
}

/** Run 1's Cmax as the checkpoint records it (cv units; null: its top level was empty). */
interface CmaxStep {
  readonly cmax: number | null
}

/**
 * Run 1 (threshold 0 to level `depth`) and the Cmax of its top level, or, on a resume, the Cmax the
 * checkpoint holds and (where `keepTop`) the top level read back from its file. Once found, Cmax is
 * settled and run 1's levels go, but for the top where `keepTop`. In memory, an odd length's run 1
 * is the next length's (ProveContext.carry): its top stays for it, and the even length takes it
 * here instead of building it (`sizes`: its level sizes before the release).
 */
async function cmaxRun(
  ctx: ProveContext,
  length: number,
  depth: number,
  keepTop: boolean,
): Promise<{ run: LevelSearch<TransferRule> | undefined; top: StateSet | undefined; cmax: number | null; sizes?: number[] }> {
  const carried = keepTop && ctx.carry?.value?.meet === depth ? ctx.carry.value : undefined
  if (ctx.carry) ctx.carry.value = undefined
  if (carried) {
    const top = carried.run.levels[depth]
    return { run: carried.run, top, cmax: top && top.size > 0 ? levelMax(ctx, top) : null, sizes: carried.sizes }
  }
  const name = `length${length}a`
  const step = `cmax ${length}`
  const onDisk = ctx.onDisk && ctx.spine.disk !== undefined
  const known = ctx.onDisk ? ctx.spine.settled<CmaxStep>(step) : undefined
  if (known) {
    const rule = ruleAt(depth, thresholdRule(ctx, length, depth, depth, 0))
    const top = keepTop && known.cmax !== null ? ctx.spine.recorded(name, ctx.domain.w, rule) : undefined
    if (!keepTop || known.cmax === null || top) return { run: undefined, top, cmax: known.cmax }
  }
  const run = await thresholdRun(ctx, depth, depth, 0, name, length)
  const top = run.levels[depth]
  const cmax = top && top.size > 0 ? levelMax(ctx, top) : null
  if (onDisk) ctx.spine.settle(step, { cmax } satisfies CmaxStep)
  if (!keepTop && ctx.carry && !onDisk && !ctx.finish) {
    // The finish bound's rules depend on the length, and on disk the files go with the record.
    const sizes = run.levels.map((l) => l.size)
    run.release(depth)
    ctx.carry.value = { meet: depth, run, sizes }
  } else if (!keepTop || cmax !== null) {
    // Run 1's levels go now, files or tables (but for the top where kept: it joins run 2). An even
    // length whose top is empty has no run 2: its levels are the proof's (the flow lets them go
    // when it settles the length).
    run.release(keepTop ? depth : run.levels.length)
  }
  return { run, top, cmax }
}

/** Largest centroid among the boards of a level (cv units), or -Infinity. */
function levelMax(ctx: ProveContext, level: StateSet): number {
  let best = -Infinity
  level.forEach((raw, off) => {
    best = Math.max(best, ctx.domain.space.centroid(raw, off))
  })
  return best
}

export async function checkLength(ctx: ProveContext, length: number, palindrome: boolean): Promise<LengthCheck> {
  const t0 = performance.now()
  const domain = ctx.domain
  if (palindrome) return checkPalindrome(ctx, length, t0)
  const N = Math.floor(length / 2)
  if (length % 2 === 0) {
    const carried = ctx.carry?.value?.meet === N ? ctx.carry.value : undefined
    if (!carried) ctx.phase('cmax', length, null)
    const { run: a, top, cmax, sizes } = await cmaxRun(ctx, length, N, true)
    if (!top || top.size === 0 || cmax === null) return done(length, [], null, N, a ?? transferSearch(ctx), t0, sizes)
    ctx.phase('prove', length, cmax / domain.space.scale)
    const b = N > 0 ? await thresholdRun(ctx, N - 1, N, -cmax, `length${length}b`, length) : a!
    ctx.phase('meet', length, cmax / domain.space.scale)
    const below = N > 0 ? b.levels[N - 1] : undefined
    const meetings = await meeting([a, b], () => meetEven(ctx, top, below, N, ctx.maxMeetings))
    // Trace both halves through run b, whose levels below N hold A_{N-1} and B_{N-1} alike.
    if (N > 0) b.levels.push(top)
    return done(length, meetings, cmax, N, b, t0 - earlier(a, b))
  }
  // Odd length: run 1's levels all go once Cmax is known.
  ctx.phase('cmax', length, null)
  const first = await cmaxRun(ctx, length, N + 1, false)
  const cmax = first.cmax ?? 0
  const threshold = -Math.max(cmax, 0)
  ctx.phase('prove', length, cmax / domain.space.scale)
  const b = await thresholdRun(ctx, N, N, threshold, `length${length}b`, length)
  ctx.phase('meet', length, cmax / domain.space.scale)
  const level = b.levels[N]
  const meetings = level && level.size > 0 ? await meeting([b], () => meetOdd(ctx, level, N, ctx.maxMeetings)) : []
  return done(length, meetings, cmax, N, b, t0 - earlier(first.run, b))
}

/**
 * A meeting stopped by the deadline leaves the runs it reads as a level stopped by it does: marked
 * stopped, so that their files stay for a resume with more time (the spine deletes the files of a
 * finished flow's searches but those).
 */
async function meeting(runs: readonly (LevelSearch<TransferRule> | undefined)[], meet: () => Promise<Meeting[]>): Promise<Meeting[]> {
  try {
    return await meet()
  } catch (e) {
    if (e instanceof BudgetError) for (const r of runs) if (r) r.stopped = e.kind
    throw e
  }
}

/**
 * Milliseconds the levels a resume took from the checkpoint took to build in the sessions before
 * (their records), so that a length's seconds count them (not counted: a Cmax search settled
 * before the resume, the top level an even length reads back for its meeting, and the earlier
 * sessions' part of a level that was in progress at the stop).
 */
const earlier = (...runs: (LevelSearch<TransferRule> | undefined)[]): number => [...new Set(runs)].reduce((s, r) => s + (r?.resumedSeconds ?? 0), 0) * 1000

async function checkPalindrome(ctx: ProveContext, length: number, t0: number): Promise<LengthCheck> {
  const domain = ctx.domain
  const men = domain.men
  const N = Math.floor(length / 2)
  const even = length % 2 === 0
  const target = even ? men : men - 1
  ctx.phase('prove', length, null)
  // Even: A_N is symmetric, so c(A_N) = 0. Odd: A_{N+1} = R(A_N), so one of the two has c >= 0.
  const run = transferSearch(ctx, '', domain.startKey, `length${length}p`, N)
  for (let i = 1; i <= N; i++) {
    const sides: Side[] = even
      ? [{ moves: N - i, threshold: 0 }]
      : [
          { moves: N - i, threshold: 0 },
          { moves: N + 1 - i, threshold: 0 },
        ]
    await grow(run, { sides, minSym: target - 2 * (N - i), score: false, lambda: 0, ...finishAt(ctx, length, i) })
    if (run.levels[i]!.size === 0) break
  }
  ctx.phase('meet', length, null)
  const meetings: Meeting[] = []
  const level = run.levels[N]
  if (level && level.size > 0) {
    const space = domain.space
    const image = domain.reflection!
    level.forEach((raw, off) => {
      if (meetings.length >= ctx.maxMeetings) return
      const x = space.cells(raw, off)
      if (domain.sym(x) !== target) return
      if (even) {
        meetings.push({ a: x, aLevel: N, b: x, bLevel: N })
        return
      }
      // The one unmatched man must move to his mirror cell.
      const set = new Set(x)
      const a = x.find((c) => !set.has(image[c]!))!
      const key = new Uint32Array(space.w)
      space.pack(x, key)
      const from = new Int16Array(MOVES)
      const to = new Int16Array(MOVES)
      const n = space.expand(key, 0, from, to)
      for (let j = 0; j < n; j++) {
        if (from[j] === a && to[j] === image[a]) {
          // The middle move takes X to R(X): b = R(R(X)) = X.
          meetings.push({ a: x, aLevel: N, b: x, bLevel: N })
          break
        }
      }
    })
  }
  return done(length, meetings, null, N, run, t0)
}

function done(
  length: number,
  meetings: Meeting[],
  cmax: number | null,
  meet: number,
  run: LevelSearch<TransferRule>,
  t0: number,
  sizes?: number[],
): LengthCheck {
  return {
    length,
    meetings,
    cmax,
    meet,
    run,
    levels: sizes ?? run.levels.map((l) => l.size),
    seconds: (performance.now() - t0) / 1000,
  }
}
