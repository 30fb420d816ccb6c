/**
 * Army jobs through the host's job API (the engine's `army` kind), as every search runs: on the
 * desktop in a utility process, HiGHS loading its WebAssembly from node_modules; in a browser in a
 * job Web Worker, HiGHS loading the bundled WebAssembly. HiGHS blocks its thread, so progress is by
 * phase, and cancel asks the host to end the job (the JobManager ends the process or worker).
 * Events of other jobs are ignored.
 */
import type { HalmaApi } from '../../preload/api'
import type { ArmyJob, ArmyJobResult } from '../../shared/army/job'
import { hostJob } from './host-job'

export class ArmyJobCancelled extends Error {
  constructor() {
    super('cancelled')
  }
}

export interface ArmyJobHandle {
  /** The result; rejects with ArmyJobCancelled on cancel, or an Error saying what went wrong. */
  readonly result: Promise<ArmyJobResult>
  cancel(): void
}

/** Start an army job; progress messages (phases) go to `onProgress`. */
export type ArmyJobRunner = (job: ArmyJob, onProgress: (message: string) => void) => ArmyJobHandle

export function hostArmyJobRunner(api: HalmaApi): ArmyJobRunner {
  return (job, onProgress) => hostJob(api, { kind: 'army', params: job }, (p) => onProgress(p.message), () => new ArmyJobCancelled())
}
