/**
 * A level policy of the core: the rest of a search taken block by block from a level too large to
 * go on whole (games: past the critical move the winner places at every turn while the loser's
 * levels grow by its branching; Chinese Checkers, 30 moves: 13 M states at move 12, 130 M at 15).
 * The level is ordered (the domain's order: the likeliest blocks first) and taken in blocks; each
 * block's states are searched to the last level as a search of their own, and the first block with
 * a goal ends it. A block's level that grows past `nest` states is split the same way in turn
 * (depth first over blocks: memory stays bounded however deep the search goes, and the deeper
 * orders see more of the game). The blocks together cover the level, so a search that ends with
 * no goal is as complete as the unsplit one (only duplicates across blocks are expanded again). A
 * goal ends the search in its block: a later block might hold a shorter line within the last level
 * (the unsplit search finds the shortest; with zero slack at the split every line has that length).
 * A block that outgrows the memory budget is halved and searched again. Not counted against the
 * budget: the order (4 bytes a state per split level) and what the domain's order needs while it
 * is worked out.
 */
import { BudgetError } from './budget'
import type { RuleBase } from './contract'
import { KeySet } from './keyset'
import { inMemory, type LevelSearch } from './levels'

export interface SplitPolicy<R extends RuleBase> {
  /** The rule of a level. */
  readonly rule: (level: number) => R
  /** The last level searched. */
  readonly last: number
  /** The slots of a level (after `depth` moves) in the order its blocks are taken. */
  readonly order: (level: KeySet, depth: number, progress: (done: number) => void) => Uint32Array
  /** States per block at first. */
  readonly block: number
  /** A block's level with more states than this is split in turn. */
  readonly nest: number
  /** Ordering progress (states ordered so far of how many, where). */
  readonly ordering: (done: number, total: number, where: string) => void
}

/** How far the outermost split got: its level, its states, and how many of them had their blocks searched. */
export interface SplitRecord {
  readonly move: number
  readonly states: number
  searched: number
}

/**
 * Search on from `whole`, the level after `at` moves (not in search.levels, which holds the levels
 * before it), block by block. On return, search.goals is set if a block held a goal, and then
 * search.levels traces it (the block and its levels after the levels before `at`).
 */
export async function splitSearch<R extends RuleBase>(
  search: LevelSearch<R>,
  policy: SplitPolicy<R>,
  whole: KeySet,
  at: number,
  outer = '',
  record?: SplitRecord,
): Promise<void> {
  const levels = search.levels
  const w = whole.w
  const won = (): boolean => search.goals !== undefined
  policy.ordering(0, whole.size, `at move ${at}${outer}`)
  const order = policy.order(whole, at, (done) => policy.ordering(done, whole.size, `at move ${at}${outer}`))
  const raw = whole.raw
  let size = policy.block
  let from = 0
  search.aside.push(whole)
  try {
    while (from < order.length) {
      const count = Math.min(size, order.length - from)
      const block = new KeySet(w, count, search.kind)
      for (let r = from; r < from + count; r++) block.add(raw, order[r]! * w)
      // The records as they were before this block: a retry (halved) must not count it twice.
      const recorded = search.records.length
      levels.length = at
      levels.push(block)
      // Where the search is: per split level, its states in this block (and of how many).
      const span = `states ${(from + 1).toLocaleString('en-US')}-${(from + count).toLocaleString('en-US')} of ${order.length.toLocaleString('en-US')} at move ${at}`
      const note = outer ? `${outer} > ${span}` : `, ${span}`
      try {
        for (let level = at + 1; level <= policy.last; level++) {
          const next = inMemory(await search.build(levels[level - 1]!, policy.rule(level), note))
          if (won()) {
            levels.push(next)
            if (record) record.searched = from + count
            return
          }
          if (next.size === 0) break
          // A block's level that outgrows the nesting size is split in turn, ordered by what it
          // shows then: the rest of this block is searched that way.
          if (next.size > policy.nest && level < policy.last - 1) {
            await splitSearch(search, policy, next, level, note)
            if (won()) {
              if (record) record.searched = from + count
              return
            }
            break
          }
          levels.push(next)
        }
      } catch (e) {
        if (e instanceof BudgetError && e.kind !== 'time' && count > 1) {
          size = Math.max(1, count >> 1)
          search.records.length = recorded
          continue
        }
        throw e
      } finally {
        if (!won()) levels.length = at
      }
      from += count
      if (record) record.searched = from
    }
  } finally {
    search.aside.splice(search.aside.indexOf(whole), 1)
  }
}
