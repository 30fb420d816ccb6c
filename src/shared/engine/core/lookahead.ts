/**
 * A ranking for beams (a level policy of the core): per state of a level, how many of its children
 * (ahead 1) or grandchildren (ahead 2) survive the domain's pruning, counted through the kernel
 * (its sink hears each child's parent slot). In the known shortest games the states on the way are
 * the fertile ones (bench/results: the 15-man 36-move game's state at the critical move ranks
 * 41,722 states 2,669th by its children, 987th by grandchildren). Grandchildren are counted per
 * child, not deduplicated across parents.
 */
import type { Budget } from './budget'
import type { RuleBase, Sink } from './contract'
import type { Executor } from './executor'
import { KeySet, type BufferKind } from './keyset'

export interface LookaheadTask<R extends RuleBase> {
  readonly executor: Executor<R>
  readonly budget: Budget
  /** The level ranked (after `depth` moves), and the level before it (the children's window). */
  readonly level: KeySet
  readonly prev: KeySet
  readonly depth: number
  /** 1: children; 2: grandchildren. */
  readonly ahead: number
  /** The rule of a level. */
  readonly rule: (level: number) => R
  /** Bytes the search holds besides the lookahead's own. */
  readonly held: number
  readonly kind: BufferKind
  /** Progress: what is being counted, of how many. */
  readonly progress: (what: string, total: number, done: number) => void
}

/** A sink that counts children per parent slot and notes a goal. */
function counter(counts: Float64Array): Sink & { goal: () => void; won: boolean } {
  return {
    minScore: -Infinity,
    won: false,
    child(_keys, _off, parent) {
      counts[parent] = counts[parent]! + 1
    },
    goal() {
      this.won = true
    },
  }
}

/**
 * The count per slot of task.level; null when a child (or grandchild) reaches a goal (a beam then
 * keeps the next level whole, so that it cannot lose the goal).
 */
export async function countDescendants<R extends RuleBase>(task: LookaheadTask<R>): Promise<Float64Array | null> {
  const { executor, level, depth, held, budget } = task
  const w = level.w
  const counts = new Float64Array(level.capacity)
  const progress = (what: string, total: number) => (done: number) => {
    budget.checkTime(depth)
    task.progress(what, total, done)
  }
  if (task.ahead === 1) {
    const sink = counter(counts)
    await executor.run({
      parents: level,
      window: [task.prev],
      rule: task.rule(depth + 1),
      sink,
      progress: progress('counting the children of each state', level.size),
    })
    return sink.won ? null : counts
  }
  // Two moves on: the children, kept per parent (not deduplicated), then each one's children.
  // Memory on top of the levels: the counts, the list of children (rows and parents) while it
  // grows (old and new arrays), then that list, the table and a count per row.
  const check = (bytes: number): void => {
    budget.check(depth + 1, held + bytes)
  }
  const rowBytes = 4 * w + 4
  let rows = new Uint32Array(Math.max(1024, level.size * 4) * w)
  let parent = new Int32Array(rows.length / w)
  check(counts.byteLength + parent.length * rowBytes)
  let n = 0
  let won = false
  await executor.run({
    parents: level,
    window: [task.prev],
    rule: task.rule(depth + 1),
    sink: {
      minScore: -Infinity,
      child: (k, o, slot) => {
        if (n === parent.length) {
          check(counts.byteLength + parent.length * 3 * rowBytes)
          const r = new Uint32Array(rows.length * 2)
          r.set(rows)
          rows = r
          const p = new Int32Array(parent.length * 2)
          p.set(parent)
          parent = p
        }
        rows.set(k.subarray(o, o + w), n * w)
        parent[n++] = slot
      },
      goal: () => void (won = true),
    },
    progress: progress('listing the children of each state', level.size),
  })
  if (won) return null
  // The children as a table the executor can expand (every row used; shared with threads).
  let slots = 1024
  while (slots < n) slots *= 2
  check(counts.byteLength + parent.length * rowBytes + slots * (4 * w + 8))
  const table = new Uint32Array(
    task.kind === 'shared' && typeof SharedArrayBuffer !== 'undefined'
      ? new SharedArrayBuffer(slots * w * 4)
      : new ArrayBuffer(slots * w * 4),
  )
  table.set(rows.subarray(0, n * w))
  rows = new Uint32Array(0)
  const grand = new Float64Array(slots)
  const sink = counter(grand)
  await executor.run({
    parents: KeySet.adopt(w, table, n),
    window: [level],
    rule: task.rule(depth + 2),
    sink,
    progress: progress(`counting the grandchildren of each state (${n} children)`, n),
  })
  // A grandchild that wins: that state's count is unbounded, so it is kept.
  if (sink.won) return null
  for (let r = 0; r < n; r++) counts[parent[r]!]! += grand[r]!
  return counts
}
