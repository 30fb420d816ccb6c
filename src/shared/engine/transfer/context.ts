/**
 * What the transfer searches share (the proofs, the beam, the bidirectional search): the domain,
 * the executor, the job's budget and a progress sink per labelled search; and how they start a
 * level-by-level search of the core and grow it by one level under a rule.
 */
import type { Budget } from '../core/budget'
import type { Executor } from '../core/executor'
import { DiskLevel, hitsIn } from '../core/disk-level'
import { ShardedLevel, type LevelFarm } from '../core/farm'
import type { StateSet } from '../core/state-set'
import type { Checkpoint } from '../core/checkpoint'
import type { FileStore } from '../core/storage'
import { LevelSearch, type LevelProgress } from '../core/levels'
import type { TransferDomain } from './domain'
import type { TransferRule } from './kernel'

export interface TransferContext {
  readonly domain: TransferDomain
  readonly executor: Executor<TransferRule>
  readonly budget: Budget
  /** Exhaustive searches keep their levels on disk (the job's `disk`): the store and buffer size. */
  readonly disk?: {
    readonly store: FileStore
    readonly bufferBytes: number
    readonly checkpoint?: Checkpoint
    /** Levels in shards built by a farm's workers (job.cluster). */
    readonly farm?: { readonly farm: LevelFarm; readonly shards: number; readonly init: unknown }
  }
  /** Progress of the levels of a search, labelled (e.g. 'forward '). */
  readonly onLevel?: (label: string) => (p: LevelProgress) => void
}

/**
 * A breadth-first search from `origin` (default: the start) under the transfer window. `name`
 * names its files on disk: the same search of a resumed job must get the same name.
 */
export function transferSearch(
  ctx: TransferContext,
  label = '',
  origin: Uint32Array = ctx.domain.startKey,
  name = label.trim() || 'search',
): LevelSearch<TransferRule> {
  const disk = ctx.disk
  return new LevelSearch(ctx.executor, ctx.budget, origin, {
    // Moves are reversible: a child of level i is new unless it lies in level i or i - 1.
    window: [1, 2],
    // Nothing in a transfer search depends on a level's slot order (beam ties go by key).
    compact: true,
    ...(ctx.onLevel && { onLevel: ctx.onLevel(label) }),
    ...(disk && { disk: { ...disk, name } }),
  })
}

/** The rule of a level, all but its level number. */
export type LevelRule = Omit<TransferRule, 'kind' | 'level'>

/** Every child is kept. */
export const KEEP_ALL: LevelRule = { sides: [], minSym: 0, score: false, lambda: 0 }

/** Grow a search by one level under a rule. */
export function grow(search: LevelSearch<TransferRule>, rule: LevelRule): Promise<StateSet> {
  return search.next({ kind: 'transfer', level: search.depth + 1, ...rule })
}

/** What a meeting check looks states up in. */
export type Lookup = { has(keys: Uint32Array, off: number): boolean }

/**
 * Run a meeting check `check` against `level`: directly for a level in memory; for a level on disk
 * twice, first to collect the keys it asks for and merge them against the level's file, then
 * against the few it found (disk-level.ts, hitsIn).
 */
export function lookups(ctx: TransferContext, level: StateSet | undefined, check: (lookup: Lookup) => void): void {
  const files = level instanceof DiskLevel ? [level] : level instanceof ShardedLevel ? level.shards : undefined
  if (!files) return check(level ?? { has: () => false })
  const rows = Math.max(1024, Math.floor(ctx.disk!.bufferBytes / (8 * files[0]!.w)))
  check(hitsIn(files, rows, check))
}
