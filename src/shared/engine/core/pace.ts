/**
 * A long pass over a level outside the kernel (a proof's meeting reads every board of a level of a
 * billion) made to hear a cancel and the deadline, and to report: every so often it yields to the
 * event loop, where a cancel (Ctrl-C, a window closed) arrives, then checks.
 */
import { CancelledError, nextTick } from './executor'
import { DiskLevel } from './disk-level'
import { ShardedLevel } from './farm'
import type { StateSet } from './state-set'

/** Rows read from a file at a time. */
const BLOCK_ROWS = 1 << 14

export class Pace {
  private last = performance.now()

  constructor(
    /** Throws to stop (CancelledError, BudgetError); called at each yield. */
    private readonly check: () => void,
    /** Called at each yield with the rows passed so far. */
    private readonly progress: (done: number) => void = () => undefined,
    /** Milliseconds between yields. */
    private readonly every = 250,
  ) {}

  /** Between blocks of work: resolves at once, but every `every` ms it yields first, then checks and reports. */
  async tick(done: number): Promise<void> {
    if (performance.now() - this.last < this.every) return
    await nextTick()
    this.last = performance.now()
    this.check()
    this.progress(done)
  }
}

/** A pace that stops on `cancelled()` (CancelledError) and on what `check` throws. */
export function paceOf(cancelled: () => boolean, check: () => void, progress?: (done: number) => void): Pace {
  return new Pace(() => {
    if (cancelled()) throw new CancelledError()
    check()
  }, progress)
}

/**
 * Every state of a level, in blocks, pacing between blocks (`f` may stop early by returning true).
 * A level in memory is passed in one go (its size is bounded by the memory budget).
 */
export async function eachState(set: StateSet, pace: Pace, f: (raw: Uint32Array, off: number) => boolean | void): Promise<void> {
  const files = set instanceof DiskLevel ? [set] : set instanceof ShardedLevel ? set.shards : undefined
  if (!files) {
    let stop = false
    set.forEach((raw, off) => {
      if (!stop && f(raw, off) === true) stop = true
    })
    return
  }
  const w = set.w
  const block = new Uint32Array(BLOCK_ROWS * w)
  let done = 0
  for (const file of files) {
    for (let at = 0; at < file.size; ) {
      const n = file.read(at, block, BLOCK_ROWS)
      for (let r = 0; r < n; r++) if (f(block, r * w) === true) return
      at += n
      done += n
      await pace.tick(done)
    }
  }
}
