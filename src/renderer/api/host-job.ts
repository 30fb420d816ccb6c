/**
 * One job through the host's job API, as a promise: start it, pass its own progress on (events of
 * other jobs are ignored; events that arrive before the ticket are held), settle with its result,
 * its failure (the host's reason) or its cancel. The job kinds' runners build on it (army-jobs.ts,
 * tablebase/tables.ts).
 */
import type { HalmaApi } from '../../preload/api'
import type { JobKind, JobRequest, JobTypes } from '../../shared/jobs/protocol'
import { describe } from '../../shared/result'

export interface HostJobHandle<R> {
  /** The result; rejects with the `cancelled()` error on cancel, or an Error saying what went wrong. */
  readonly result: Promise<R>
  cancel(): void
}

type JobEventOf = Parameters<Parameters<HalmaApi['onJobEvent']>[0]>[0]

/** Start a job of `kind`; its progress goes to `onProgress`. */
export function hostJob<K extends JobKind>(
  api: HalmaApi,
  request: Extract<JobRequest, { readonly kind: K }>,
  onProgress: (p: JobTypes[K]['progress']) => void,
  cancelled: () => Error,
): HostJobHandle<JobTypes[K]['result']> {
  type R = JobTypes[K]['result']
  let settle: { resolve: (r: R) => void; reject: (e: Error) => void } | undefined
  const result = new Promise<R>((resolve, reject) => (settle = { resolve, reject }))
  let id: string | undefined
  let stopped = false
  const early: JobEventOf[] = []
  const end = (f: (s: NonNullable<typeof settle>) => void): void => {
    stop()
    if (settle) f(settle)
    settle = undefined
  }
  const handle = (e: JobEventOf): void => {
    if (id === undefined) {
      early.push(e)
      return
    }
    if (e.id !== id) return
    if (e.type === 'progress' && e.kind === request.kind) onProgress(e.progress as JobTypes[K]['progress'])
    else if (e.type === 'result' && e.kind === request.kind) end((s) => s.resolve(e.result as R))
    else if (e.type === 'failed') end((s) => s.reject(new Error(e.reason)))
    else if (e.type === 'cancelled') end((s) => s.reject(cancelled()))
  }
  const stop = api.onJobEvent(handle)
  api.startJob(request).then(
    (ticket) => {
      if (!ticket.ok) return end((s) => s.reject(new Error(ticket.error.map(describe).join('; '))))
      id = ticket.value.id
      if (stopped) void api.cancelJob(id)
      for (const e of early.splice(0)) handle(e)
    },
    (e: unknown) => end((s) => s.reject(e instanceof Error ? e : new Error(String(e)))),
  )
  return {
    result,
    cancel: () => {
      stopped = true
      if (id !== undefined) void api.cancelJob(id)
      end((s) => s.reject(cancelled()))
    },
  }
}
