/**
 * One game search (paper section 2.5): breadth-first iterative-deepening A* by levels, for games of
 * at most `bound` moves won by one army. A state after i moves is dropped when i + h exceeds the
 * bound (the kernel, h from bound.ts, valid in every position), and states met before with the same
 * side to move are dropped too. The first level at which a move wins is the length of the shortest
 * game within the bound; no win within the bound proves that no game of `bound` moves or fewer
 * exists. Built on the core: its level-by-level search, and its level policies for heuristic
 * searches: a beam (cut a level to a width, ranked by how far along or by lookahead, optionally
 * inside a window of moves) or, without a beam, the split search from the critical move on.
 */
import { BudgetError, type Allowance } from '../core/budget'
import { DEFAULT_BUDGET } from '../core/job-fields'
import type { KeySet } from '../core/keyset'
import { countDescendants } from '../core/lookahead'
import { inMemory, type LevelSearch } from '../core/levels'
import type { Reporter } from '../core/reporter'
import { Spine } from '../core/spine'
import { splitSearch, type SplitPolicy, type SplitRecord } from '../core/split'
import { GameKernel } from './kernel'
import type { GameDomain, GameInit, GameRule } from './domain'
import { heuristicRule, type HeuristicOptions, type HeuristicRule } from './heuristics'
import type { GameSearchRecord } from './job'
import { cutLevel, diversity, splitOrder } from './ranking'
import type { LevelStat } from '../core/progress'
import type { StateSet } from '../core/state-set'

/** States of the critical level searched together, at first, by the split search. */
export const SPLIT_BLOCK = 50_000

/** A block's level with more states than this is split in turn. */
export const SPLIT_NEST = 2_000_000

/** What a game flow's searches share. */
export interface GameSearchContext {
  readonly domain: GameDomain
  /** The flow's spine: threads, budget, reporter, folder and checkpoint (exhaustive searches go to disk there). */
  readonly spine: Spine<GameRule, GameInit>
  /** The split search's block and nesting sizes (SPLIT_BLOCK, SPLIT_NEST; fields so that tests can shrink them; block 0: no split). */
  readonly split: { readonly block: number; readonly nest: number }
  /** States of a beam that may share the winner's men before others; undefined: diversity(width). */
  readonly perGroup: number | undefined
}

/** One search: its bound and winner, and how its levels are shaped. */
export interface GameSearchSpec {
  readonly bound: number
  readonly winner: number
  /** The heuristic properties to require besides (i) and (iv); null: an exhaustive search. */
  readonly heuristics: HeuristicOptions | null
  /** Heuristic searches keep at most this many states per level (0: every state; then the split search). */
  readonly beam: number
  /**
   * How a beam ranks the states it cuts (0: how far along; 1, 2: lookahead) and the moves whose
   * levels it cuts ([0, 0]: every level).
   */
  readonly shape: { readonly lookahead: number; readonly moves: readonly [number, number] }
  /** An optional search's own allowance (it stops as if out of memory past it). */
  readonly allowance?: Allowance
  /** Kept in memory under a name of its own, even in a job on disk (a look at the bound: its levels are not the proof's). */
  readonly inMemory?: boolean
}

/** A context for searches outside a job's flow (tests, tools): one thread, the default budget, no folder. */
export async function searchContext(
  domain: GameDomain,
  options: Partial<Pick<GameSearchContext, 'split' | 'perGroup'>> & { readonly budgetBytes?: number } = {},
): Promise<GameSearchContext> {
  const spine = new Spine<GameRule, GameInit>(
    { threads: 1, budgetBytes: options.budgetBytes ?? DEFAULT_BUDGET, timeLimit: 0 },
    {},
    () => undefined,
    'prove',
  )
  await spine.start({ init: domain.init, kernel: () => new GameKernel(domain) }, {})
  return { domain, spine, split: options.split ?? { block: SPLIT_BLOCK, nest: SPLIT_NEST }, perGroup: options.perGroup }
}

export interface SearchOutcome {
  readonly record: GameSearchRecord
  /** The search (its files, for an exhaustive search on disk), and its levels. */
  readonly search?: LevelSearch<GameRule>
  readonly levels: StateSet[]
  readonly wins: KeySet | undefined
  /** The heuristic rule the search applied (null: exhaustive). */
  readonly heuristic: HeuristicRule | null
}

/** The search's level records for the result: past a split level, summed over its blocks. */
function levelStats(search: LevelSearch<GameRule>, report: Reporter, split: SplitRecord | undefined): LevelStat[] {
  const out: LevelStat[] = []
  const totals: LevelStat[] = []
  for (const r of search.records) {
    const stat: LevelStat = {
      phase: report.phase,
      length: report.length,
      level: r.level,
      size: r.size,
      children: r.children,
      seconds: r.seconds,
    }
    if (!split || r.level <= split.move) {
      out.push(stat)
      continue
    }
    const i = r.level - split.move - 1
    const t = totals[i]
    totals[i] = t ? { ...t, size: t.size + r.size, children: t.children + r.children, seconds: t.seconds + r.seconds } : stat
  }
  return [...out, ...totals]
}

/**
 * The files of an exhaustive search on disk, named by its bound and winner so that a resumed flow
 * finds them (a resumed flow skips the settled searches, so a count would not do). Two searches
 * with one name are the same search: their levels are the same sets.
 */
function searchName(bound: number, winner: number): string {
  return `game${bound}w${winner}`
}

export async function searchGame(ctx: GameSearchContext, spec: GameSearchSpec): Promise<SearchOutcome> {
  const { domain, spine } = ctx
  const { executor, budget, report } = spine
  const { bound, winner, beam } = spec
  const t0 = performance.now()
  // (iv) assumes every winner's move from the critical one on places a man, which fails where the
  // types force extra moves (Grasshopper).
  const placements = domain.typeExtra(domain.homes()[winner]!.start, winner) === 0
  const heuristic = spec.heuristics ? heuristicRule(bound, domain.men, placements, spec.heuristics) : null
  report.phase = heuristic ? 'beam' : 'prove'
  report.length = bound
  const rule = (level: number): GameRule => ({ kind: 'game', level, bound, winner, heuristic })
  // Children are checked against the previous level with the same side to move, not against every
  // earlier level: a state can recur 4 or more moves later only where its earlier visit had 4 moves
  // of slack against the bound. The measured searches have identical level sizes either way, and
  // the union of all earlier levels held every state twice. A recurrence would only be expanded
  // again: the search stays complete.
  const search = spine.search({
    name: `${searchName(bound, winner)}${spec.inMemory ? 'look' : ''}`,
    origin: domain.startKey,
    window: [2],
    onDisk: !heuristic && !spec.inMemory,
    plan: bound,
    ...(spec.allowance && { allowance: spec.allowance }),
  })
  const levels = search.levels
  let result: GameSearchRecord['result'] = 'none'
  let cut = false
  let split: SplitRecord | undefined
  // A heuristic search without a beam goes on block by block (the core's split search) from the
  // first level from the critical move on that holds more than a block: as complete, far leaner,
  // and the likeliest blocks first.
  const critical = heuristic ? heuristic.critical : -1
  const splits = heuristic !== null && beam === 0 && !spec.allowance && ctx.split.block > 0 && critical >= 1 && critical < bound - 1
  const policy: SplitPolicy<GameRule> = {
    rule,
    last: bound,
    order: (level, depth, progress) => splitOrder(domain, level, { depth, bound, winner }, progress),
    block: ctx.split.block,
    nest: ctx.split.nest,
    ordering: (done, total, where) =>
      report.emit(`ordering the ${total.toLocaleString('en-US')} states ${where}: ${Math.floor((100 * done) / Math.max(1, total))}%`),
  }
  try {
    for (let level = 1; level <= bound; level++) {
      // The deepest level is the one before: a level on disk is taken from the checkpoint if it holds it.
      let next: StateSet = await search.grow(rule(level))
      if (search.goals) {
        levels.push(next)
        break
      }
      if (spec.allowance && (performance.now() - t0 > spec.allowance.seconds * 1000 || search.states + next.size > spec.allowance.states)) {
        throw new BudgetError(level, search.bytes + next.bytes)
      }
      if (splits && level >= critical && next.size > ctx.split.block) {
        split = { move: level, states: next.size, searched: 0 }
        await splitSearch(search, policy, inMemory(next), level, '', split)
        break
      }
      const [cutFrom, cutTo] = spec.shape.moves
      if (heuristic && beam > 0 && next.size > beam && level >= cutFrom && (cutTo === 0 || level <= cutTo)) {
        const ahead = Math.min(spec.shape.lookahead, bound - level)
        const fertility =
          ahead > 0
            ? await countDescendants({
                executor,
                budget,
                level: inMemory(next),
                prev: inMemory(levels[level - 1]!),
                depth: level,
                ahead,
                rule,
                held: search.bytes + next.bytes,
                kind: search.kind,
                progress: (what, total, done) =>
                  report.emit(`level ${level}: ${what}`, {
                    level,
                    levelSize: next.size,
                    done,
                    total,
                    memoryBytes: search.bytes + next.bytes,
                  }),
              })
            : undefined
        // A win among the children: the next level holds it, uncut.
        if (fertility !== null) {
          const perGroup = ctx.perGroup ?? diversity(beam)
          next = cutLevel(domain, inMemory(next), { depth: level, winner }, { width: beam, perGroup, fertility }, search.kind)
          cut = true
          report.kept(level, next.size, search.states + next.size, search.bytes + next.bytes)
        }
      }
      if (next.size === 0) break
      levels.push(next)
    }
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e
    result = e.kind === 'time' ? 'time' : 'budget'
  }
  const stats = levelStats(search, report, split)
  report.levels.push(...stats)
  const wins = search.goals
  if (wins) result = 'found'
  const sizes = split
    ? [...levels.slice(0, split.move).map((l) => l.size), split.states, ...stats.filter((s) => s.level > split!.move).map((s) => s.size)]
    : levels.map((l) => l.size)
  const record: GameSearchRecord = {
    bound,
    winner: domain.problem.armies[winner]!.name,
    heuristic: heuristic !== null,
    cut,
    ...(split ? { split: { ...split } } : {}),
    result,
    length: wins ? levels.length - 1 : null,
    levels: wins && split ? sizes.slice(0, levels.length) : sizes,
    // With the build time of the levels a resume took from the checkpoint (their records).
    seconds: (performance.now() - t0) / 1000 + search.resumedSeconds,
  }
  return { record, search, levels, wins, heuristic }
}
