/**
 * Bidirectional breadth-first search for targets that are not a reflection of the start: one run
 * forward from the start, one from the target (moves are reversible, so searching back from the
 * target is searching forward from it), the smaller frontier expanded first. With exact levels, a
 * shortest solution of length f + b passes through a board exactly f moves from the start and b
 * from the target, so the first meeting gives the optimum, and every length below it is excluded.
 * If a frontier dies out, the boards reachable from its end are exhausted: no solution exists.
 * No centroid pruning is used, so this is for small problems; the budget stops large ones.
 */
import { BudgetError } from '../core/budget'
import type { LevelSearch } from '../core/levels'
import { grow, KEEP_ALL, lookups, transferSearch, type TransferContext } from './context'
import type { TransferRule } from './kernel'
import { boardsFromStart } from './solutions'

type Search = LevelSearch<TransferRule>

export type BidiOutcome =
  | {
      readonly kind: 'found'
      readonly length: number
      readonly boards: number[][]
      readonly meetings: number
      readonly runs: [Search, Search]
    }
  | { readonly kind: 'unsolvable'; readonly excluded: number; readonly runs: [Search, Search] }
  | { readonly kind: 'budget' | 'time'; readonly excluded: number; readonly runs: [Search, Search] }
  | { readonly kind: 'limit'; readonly excluded: number; readonly runs: [Search, Search] }

export async function bidirectional(ctx: TransferContext, maxLength: number): Promise<BidiOutcome> {
  const domain = ctx.domain
  const fwd = transferSearch(ctx, 'forward ')
  const bwd = transferSearch(ctx, 'backward ', domain.targetKey, 'backward')
  const runs: [Search, Search] = [fwd, bwd]
  if (domain.sameKey(domain.startKey, 0, domain.targetKey, 0)) {
    return { kind: 'found', length: 0, boards: [[...domain.problem.armies[0]!.start]], meetings: 1, runs }
  }
  try {
    while (fwd.depth + bwd.depth < maxLength) {
      const side = fwd.levels[fwd.depth]!.size <= bwd.levels[bwd.depth]!.size ? fwd : bwd
      const other = side === fwd ? bwd : fwd
      const level = await grow(side, KEEP_ALL)
      if (level.size === 0) return { kind: 'unsolvable', excluded: fwd.depth + bwd.depth, runs }
      // Meet: the new level against the other side's deepest level.
      const otherLevel = other.levels[other.depth]!
      let meet: number[] | undefined
      let meetings = 0
      await lookups(ctx, otherLevel, (lookup) =>
        level.forEach((raw, off) => {
          if (lookup.has(raw, off)) {
            meetings++
            meet ??= domain.space.cells(raw, off)
          }
        }),
      )
      if (meet) {
        const f = boardsFromStart(domain, fwd.levels, meet, fwd.depth)
        const b = boardsFromStart(domain, bwd.levels, meet, bwd.depth)
        return { kind: 'found', length: fwd.depth + bwd.depth, boards: [...f, ...b.reverse().slice(1)], meetings, runs }
      }
    }
    return { kind: 'limit', excluded: fwd.depth + bwd.depth, runs }
  } catch (e) {
    if (e instanceof BudgetError) return { kind: e.kind === 'time' ? 'time' : 'budget', excluded: fwd.depth + bwd.depth, runs }
    throw e
  }
}
