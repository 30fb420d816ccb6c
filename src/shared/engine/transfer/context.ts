/**
 * What the transfer searches share (the proofs, the beam, the bidirectional search): the domain and
 * the flow's spine (threads, budget, folder, checkpoint), whether the step's searches keep their
 * levels on disk, and how they start a level-by-level search of the core and grow it by one level
 * under a rule.
 */
import type { Budget } from '../core/budget'
import { DiskLevel, hitsIn } from '../core/disk-level'
import { ShardedLevel } from '../core/farm'
import type { StateSet } from '../core/state-set'
import type { LevelSearch } from '../core/levels'
import { DEFAULT_BUDGET } from '../core/job-fields'
import { Spine } from '../core/spine'
import type { TransferDomain, TransferInit } from './domain'
import { TransferKernel, type TransferRule } from './kernel'

export interface TransferContext {
  readonly domain: TransferDomain
  readonly spine: Spine<TransferRule, TransferInit>
  /** Whether the step's searches keep their levels in the job's folder (the exhaustive ones), when it has one. */
  readonly onDisk: boolean
  /** A step's own budget (the first, small look), instead of the job's. */
  readonly budget?: Budget
}

/** A context for searches outside a job's flow (tests, tools): one thread, in memory. */
export async function transferContext(domain: TransferDomain, budgetBytes = DEFAULT_BUDGET): Promise<TransferContext> {
  const spine = new Spine<TransferRule, TransferInit>({ threads: 1, budgetBytes, timeLimit: 0 }, {}, () => undefined, 'prove')
  await spine.start({ init: domain.init, kernel: () => new TransferKernel(domain) }, {})
  return { domain, spine, onDisk: false }
}

/**
 * A breadth-first search from `origin` (default: the start) under the transfer window. `name`
 * names its files on disk: the same search of a resumed job must get the same name. `plan`: the
 * deepest level it can reach, where known.
 */
export function transferSearch(
  ctx: TransferContext,
  label = '',
  origin: Uint32Array = ctx.domain.startKey,
  name = label.trim() || 'search',
  plan?: number,
): LevelSearch<TransferRule> {
  return ctx.spine.search({
    name,
    origin,
    // Moves are reversible: a child of level i is new unless it lies in level i or i - 1.
    window: [1, 2],
    // Nothing in a transfer search depends on a level's slot order (beam ties go by key).
    compact: true,
    onDisk: ctx.onDisk,
    label,
    ...(ctx.budget && { budget: ctx.budget }),
    ...(plan !== undefined && { plan }),
  })
}

/** The rule of a level, all but its level number. */
export type LevelRule = Omit<TransferRule, 'kind' | 'level'>

/** Every child is kept. */
export const KEEP_ALL: LevelRule = { sides: [], minSym: 0, score: false, lambda: 0 }

/** The rule of a search's next level. */
export const ruleAt = (level: number, rule: LevelRule): TransferRule => ({ kind: 'transfer', level, ...rule })

/** Grow a search by one level under a rule. */
export function grow(search: LevelSearch<TransferRule>, rule: LevelRule): Promise<StateSet> {
  return search.next(ruleAt(search.depth + 1, rule))
}

/** What a meeting check looks states up in. */
export type Lookup = { has(keys: Uint32Array, off: number): boolean }

/**
 * Run a meeting check `check` against `level`: directly for a level in memory; for a level on disk
 * twice, first to collect the keys it asks for and merge them against the level's file, then
 * against the few it found (disk-level.ts, hitsIn), if any: a check must act only on the keys the
 * level holds (its lookups answering yes). A check may be async (a long pass that paces itself,
 * core/pace.ts).
 */
export async function lookups(ctx: TransferContext, level: StateSet | undefined, check: (lookup: Lookup) => void | Promise<void>): Promise<void> {
  const files = level instanceof DiskLevel ? [level] : level instanceof ShardedLevel ? level.shards : undefined
  if (!files) return check(level ?? { has: () => false })
  const rows = Math.max(1024, Math.floor(ctx.spine.disk!.bufferBytes / (8 * files[0]!.w)))
  const hits = await hitsIn(files, rows, check)
  // A check acts only on the keys the level holds: with none, its second pass would do nothing.
  if (hits.size > 0) await check(hits)
}
