/**
 * Army jobs through the host's job API (the engine's `army` kind), as every search runs: on the
 * desktop in a utility process, HiGHS loading its WebAssembly from node_modules; in a browser in a
 * job Web Worker, HiGHS loading the bundled WebAssembly. HiGHS blocks its thread, so progress is by
 * phase, and cancel asks the host to end the job (the JobManager ends the process or worker).
 * Events of other jobs are ignored.
 */
import type { HalmaApi } from '../../preload/api'
import { describe } from '../../shared/result'
import type { ArmyJob, ArmyJobResult } from '../../shared/army/job'

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
  return (job, onProgress) => {
    let settle: { resolve: (r: ArmyJobResult) => void; reject: (e: Error) => void } | undefined
    const result = new Promise<ArmyJobResult>((resolve, reject) => (settle = { resolve, reject }))
    let id: string | undefined
    let cancelled = false
    const early: Parameters<Parameters<HalmaApi['onJobEvent']>[0]>[0][] = []
    const end = (f: (s: NonNullable<typeof settle>) => void): void => {
      stop()
      if (settle) f(settle)
      settle = undefined
    }
    const handle = (e: (typeof early)[number]): void => {
      if (id === undefined) {
        early.push(e)
        return
      }
      if (e.id !== id) return
      if (e.type === 'progress' && e.kind === 'army') onProgress(e.progress.message)
      else if (e.type === 'result' && e.kind === 'army') end((s) => s.resolve(e.result))
      else if (e.type === 'failed') end((s) => s.reject(new Error(e.reason)))
      else if (e.type === 'cancelled') end((s) => s.reject(new ArmyJobCancelled()))
    }
    const stop = api.onJobEvent(handle)
    api.startJob({ kind: 'army', params: job }).then(
      (ticket) => {
        if (!ticket.ok) return end((s) => s.reject(new Error(ticket.error.map(describe).join('; '))))
        id = ticket.value.id
        if (cancelled) void api.cancelJob(id)
        for (const e of early.splice(0)) handle(e)
      },
      (e: unknown) => end((s) => s.reject(e instanceof Error ? e : new Error(String(e)))),
    )
    return {
      result,
      cancel: () => {
        cancelled = true
        if (id !== undefined) void api.cancelJob(id)
        end((s) => s.reject(new ArmyJobCancelled()))
      },
    }
  }
}
