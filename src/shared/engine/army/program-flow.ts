/**
 * An army job (shared/army/run-job.ts): integer programs, not levels; its progress is the phase's
 * message. HiGHS blocks the thread, so cancel cannot stop it from inside: the job's host ends the
 * process or worker (the JobManager does after its grace period).
 */
import type { ArmyJob, ArmyJobResult } from '../../army/job'
import type { MipSolver } from '../../army/minimum'
import { runArmyJob, runBoardSolve } from '../../army/run-job'
import type { Progress } from '../core/progress'

export function armyProgramFlow(
  params: ArmyJob,
  host: { readonly mip?: () => Promise<MipSolver> },
  progress: (p: Progress) => void,
): { run(): Promise<ArmyJobResult>; cancel(): void } {
  const t0 = performance.now()
  const tell = (message: string): void =>
    progress({
      phase: 'program',
      length: null,
      level: 0,
      levelSize: 0,
      done: 0,
      total: 0,
      cmax: null,
      rate: 0,
      memoryBytes: 0,
      elapsed: (performance.now() - t0) / 1000,
      message,
    })
  return {
    run: async () => {
      // A custom board's army is solved as it stands: no integer program, no HiGHS.
      const { board, army, window } = params
      if (params.kind === 'solve' && board && army && window) return runBoardSolve({ ...params, board, army, window }, tell)
      if (!host.mip) throw new Error('this host cannot run integer programs (army jobs need HiGHS)')
      tell('loading HiGHS')
      return runArmyJob(await host.mip(), params, tell)
    },
    cancel: () => undefined,
  }
}
