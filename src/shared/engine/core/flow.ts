/**
 * What every job's flow of levels has (transfer/flow.ts, game/flow.ts, players/flow.ts): the job's
 * budget (memory, deadline), its reporter, its executor once the domain is built, and cancel. A
 * flow's run() is its steps. (The army job runs integer programs, not levels: registry.ts armyFlow;
 * the army domain's fewest moves are army/fewest.ts.)
 */
import { Budget } from './budget'
import type { RuleBase } from './contract'
import type { Executor } from './executor'
import type { Phase, Progress } from './progress'
import { Reporter } from './reporter'

export abstract class JobFlow<R extends RuleBase, Result> {
  protected readonly report: Reporter
  protected readonly budget: Budget
  protected executor: Executor<R> | undefined
  protected cancelled = false

  constructor(limits: { readonly budgetBytes: number; readonly timeLimit: number }, progress: (p: Progress) => void, phase: Phase) {
    this.report = new Reporter(progress, phase)
    this.budget = Budget.of(limits.budgetBytes, limits.timeLimit, this.report.t0)
  }

  /** Stop: the executor's pending runs reject with CancelledError. */
  cancel(): void {
    this.cancelled = true
    this.executor?.cancel()
  }

  /** The job: its result, or CancelledError, or the failure. */
  abstract run(): Promise<Result>
}
