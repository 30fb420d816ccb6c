/**
 * The engine facade (Stockfish's `go`/`stop` shape): start(job) runs a job of any kind and returns
 * one handle type, with the result promise and cancel(); progress arrives as plain data through a
 * callback, at most every PROGRESS_INTERVAL ms per phase. Only hosts know how threads are made (a
 * WorkerFactory) and how messages travel.
 */
import { CancelledError } from './core/executor'
import type { Progress } from './core/progress'
import type { JobKind, JobTypes } from './jobs'
import { FLOWS, type EngineHost, type FlowMaker } from './registry'

export { CancelledError, type EngineHost }

/** A job to run: its kind and checked parameters. */
export type EngineJob<K extends JobKind = JobKind> = { readonly kind: K; readonly params: JobTypes[K]['params'] }

export interface JobHandle<R> {
  readonly result: Promise<R>
  /** Stop the job; `result` then rejects with CancelledError. */
  cancel(): void
}

/** The expansion threads a job asks for (army program jobs: none, they run integer programs). */
export const threadsOf = (job: EngineJob): number => ('threads' in job.params ? job.params.threads : 1)

/** How often progress is passed on, at most (milliseconds). */
const PROGRESS_INTERVAL = 250

export class Engine {
  constructor(private readonly host: EngineHost = {}) {}

  /** Run a job; its result is that of its kind. */
  start<K extends JobKind>(job: EngineJob<K>, onProgress?: (p: Progress) => void): JobHandle<JobTypes[K]['result']> {
    const make: FlowMaker<K> = FLOWS[job.kind]
    const flow = make(job.params, this.host, throttle(onProgress))
    let cancelled = false
    const result = flow.run().then(
      (r) => {
        if (cancelled) throw new CancelledError()
        return r
      },
      (e: unknown) => {
        throw cancelled ? new CancelledError() : e
      },
    )
    return {
      result,
      cancel: () => {
        cancelled = true
        flow.cancel()
      },
    }
  }
}

/** Progress passed on at most every PROGRESS_INTERVAL ms, and whenever the phase or length changes; notices always. */
function throttle(onProgress?: (p: Progress) => void): (p: Progress) => void {
  let last = 0
  let lastKey = ''
  return (p) => {
    const now = performance.now()
    const key = `${p.phase}/${p.length}`
    if (p.notice) return onProgress?.(p)
    if (key !== lastKey || now - last >= PROGRESS_INTERVAL) {
      last = now
      lastKey = key
      onProgress?.(p)
    }
  }
}
