/**
 * What every job's flow is (transfer/flow.ts, game/flow.ts, players/flow.ts, army/fewest.ts, and
 * those to come): a spine (spine.ts: budget, reporter, threads, folder, checkpoint, farm, searches)
 * set up and taken down in one try/finally, around the flow's own steps. A flow builds its domain
 * (prepare: pure, from the problem its job carries), then runs its steps on the spine.
 */
import type { RuleBase } from './contract'
import type { Phase, Progress } from './progress'
import type { Reporter } from './reporter'
import { Spine, type SpineDomain, type SpineHost, type SpineJob } from './spine'

export abstract class JobFlow<R extends RuleBase, I, Result> {
  protected readonly spine: Spine<R, I>

  constructor(
    /** The job's parameters: the spine's fields, and those a checkpoint records (checkpoint.ts searchParams). */
    private readonly params: SpineJob & object,
    host: SpineHost<I>,
    progress: (p: Progress) => void,
    phase: Phase,
  ) {
    this.spine = new Spine(params, host, progress, phase)
  }

  protected get report(): Reporter {
    return this.spine.report
  }

  protected get cancelled(): boolean {
    return this.spine.cancelled
  }

  /** Stop: the executor's pending runs reject with CancelledError; the steps check `cancelled`. */
  cancel(): void {
    this.spine.cancel()
  }

  /** The job: its result, or CancelledError, or the failure (a refused resume, say). */
  async run(): Promise<Result> {
    const domain = this.prepare()
    let ended = false
    try {
      await this.spine.start(domain, this.params)
      const result = await this.steps()
      // A cancel that the steps ended quietly is not an end: the files stay for a resume.
      ended = !this.cancelled
      return result
    } finally {
      await this.spine.stop(ended)
    }
  }

  /** Build the flow's domain from the job (no threads, no files: nothing to take down). */
  protected abstract prepare(): SpineDomain<R, I>

  /** The flow's steps, on the started spine. */
  protected abstract steps(): Promise<Result>
}
