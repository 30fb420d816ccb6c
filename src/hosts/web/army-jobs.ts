/**
 * Army jobs from the page (the browser and the desktop renderer alike): one army Web Worker per
 * job. Cancel ends the worker at once (HiGHS's solve blocks it, so it could not read a message).
 */
import type { ArmyJob, ArmyJobResult, ArmyWorkerMessage } from '../../shared/solitaire/job'

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

export const runArmyJob: ArmyJobRunner = (job, onProgress) => {
  const worker = new Worker(new URL('./army-worker.ts', import.meta.url), { type: 'module', name: `halma-army-${job.kind}` })
  let settle: { resolve: (r: ArmyJobResult) => void; reject: (e: Error) => void } | undefined
  const result = new Promise<ArmyJobResult>((resolve, reject) => (settle = { resolve, reject }))
  const end = (f: (s: NonNullable<typeof settle>) => void): void => {
    worker.terminate()
    if (settle) f(settle)
    settle = undefined
  }
  worker.addEventListener('message', (e: MessageEvent<ArmyWorkerMessage>) => {
    const m = e.data
    if (m.type === 'progress') onProgress(m.message)
    else if (m.type === 'result') end((s) => s.resolve(m.result))
    else end((s) => s.reject(new Error(m.message)))
  })
  worker.addEventListener('error', (e) => {
    e.preventDefault()
    end((s) => s.reject(new Error(`the army worker failed: ${e.message || 'it could not run'}`)))
  })
  worker.postMessage(job)
  return { result, cancel: () => end((s) => s.reject(new ArmyJobCancelled())) }
}
