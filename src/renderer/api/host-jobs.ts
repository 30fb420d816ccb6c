/**
 * One job lifecycle for every search of the workbench (a transfer, a game, a solitaire army's
 * program, a game of N players, and the jobs to come): runHostJob(kind, params) starts the job as a
 * job of the host (a utility process on the desktop, a job Web Worker in a browser) and returns the
 * engine's handle (shared/engine/engine.ts): the result, and cancel(), after which the result
 * rejects with CancelledError. Progress and the job's queue state come through callbacks; events of
 * other jobs are ignored, and events that come before the host has said the job's id are held.
 */
import type { HalmaApi } from '../../preload/api'
import { CancelledError } from '../../shared/engine/core/executor'
import type { JobHandle } from '../../shared/engine/engine'
import type { JobEvent } from '../../shared/jobs/manager'
import { faultText, type JobKind, type JobTypes } from '../../shared/jobs/protocol'
import { api } from '.'

export { CancelledError }

export interface JobCallbacks<K extends JobKind> {
  progress?(p: JobTypes[K]['progress']): void
  /** Queued behind other jobs, then running. */
  state?(s: 'queued' | 'running'): void
}

export function runHostJob<K extends JobKind>(
  kind: K,
  params: JobTypes[K]['input'],
  on: JobCallbacks<K> = {},
  host: HalmaApi = api(),
): JobHandle<JobTypes[K]['result']> {
  let settle: { resolve: (r: JobTypes[K]['result']) => void; reject: (e: Error) => void } | undefined
  const result = new Promise<JobTypes[K]['result']>((resolve, reject) => (settle = { resolve, reject }))
  let id: string | undefined
  let cancelled = false
  const early: JobEvent[] = []
  const end = (f: (s: NonNullable<typeof settle>) => void): void => {
    stop()
    if (settle) f(settle)
    settle = undefined
  }
  const handle = (e: JobEvent): void => {
    if (id === undefined) {
      early.push(e)
      return
    }
    if (e.id !== id) return
    if (e.type === 'queued') on.state?.('queued')
    else if (e.type === 'started') on.state?.('running')
    else if (e.type === 'progress' && e.kind === kind) on.progress?.(e.progress as JobTypes[K]['progress'])
    else if (e.type === 'result' && e.kind === kind) end((s) => s.resolve(e.result as JobTypes[K]['result']))
    else if (e.type === 'failed') end((s) => s.reject(new Error(e.reason)))
    else if (e.type === 'cancelled') end((s) => s.reject(new CancelledError()))
  }
  const stop = host.onJobEvent(handle)
  host.startJob({ kind, params } as Parameters<HalmaApi['startJob']>[0]).then(
    (ticket) => {
      if (!ticket.ok) return end((s) => s.reject(new Error(faultText(ticket.error))))
      id = ticket.value.id
      if (cancelled) void host.cancelJob(id)
      // The host has the job: it waits for a free core until it says it started.
      if (!early.some((e) => e.type !== 'queued')) on.state?.('queued')
      for (const e of early.splice(0)) handle(e)
    },
    (e: unknown) => end((s) => s.reject(e instanceof Error ? e : new Error(String(e)))),
  )
  return {
    result,
    cancel: () => {
      cancelled = true
      if (id !== undefined) void host.cancelJob(id)
      end((s) => s.reject(new CancelledError()))
    },
  }
}
