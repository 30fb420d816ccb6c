/**
 * The limits a search runs under: a memory budget for the level sets it holds, a deadline, and,
 * for the optional searches a flow adds (counting games), an allowance of their own. Past any of
 * them a search stops with a BudgetError, which the flows turn into an honest statement of how
 * far they got.
 */

/** The search went past its memory budget, its allowance, or its time limit. */
export class BudgetError extends Error {
  constructor(
    readonly level: number,
    readonly bytes: number,
    readonly kind: 'memory' | 'time' = 'memory',
  ) {
    super(
      kind === 'memory'
        ? `memory budget exceeded at level ${level} (${(bytes / 2 ** 30).toFixed(2)} GiB)`
        : `time limit reached at level ${level}`,
    )
  }
}

/** An optional search's own allowance: past either, it stops as if out of memory. */
export interface Allowance {
  readonly states: number
  readonly seconds: number
}

/** A job's memory budget and deadline, and the most memory its level sets held. */
export class Budget {
  /** Most bytes held at a check. */
  peakBytes = 0

  constructor(
    /** Bytes the level sets may hold. */
    readonly bytes: number,
    /** performance.now() after which searches stop; Infinity: none. */
    readonly deadline: number,
  ) {}

  /** Budget and deadline of a job: its memory in bytes and its time limit in seconds (0: none). */
  static of(bytes: number, timeLimit: number, t0 = performance.now()): Budget {
    return new Budget(bytes, timeLimit > 0 ? t0 + timeLimit * 1000 : Infinity)
  }

  /** Note `held` bytes while building `level`; stop past the budget or the deadline. */
  check(level: number, held: number): void {
    if (held > this.peakBytes) this.peakBytes = held
    if (held > this.bytes) throw new BudgetError(level, held)
    if (performance.now() > this.deadline) throw new BudgetError(level, held, 'time')
  }

  /** Stop past the deadline. */
  checkTime(level: number): void {
    const up = this.timeUp(level)
    if (up) throw up
  }

  /** The time limit's error for `level` once past the deadline (checkTime's, returned), else undefined. */
  timeUp(level: number): BudgetError | undefined {
    return performance.now() > this.deadline ? new BudgetError(level, 0, 'time') : undefined
  }
}
