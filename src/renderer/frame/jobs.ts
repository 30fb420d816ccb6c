/**
 * A job's state for a panel, the same for every kind: what it is doing (starting, queued, running,
 * done, failed, cancelled), its last progress, its result or the reason it failed, and when it
 * started (for the clock). It runs through runHostJob; a second run waits for the first to end.
 */
import { computed, ref, shallowRef } from 'vue'
import type { Progress } from '../../shared/engine/core/progress'
import type { JobKind, JobTypes } from '../../shared/jobs/protocol'
import { CancelledError, runHostJob } from '../api/host-jobs'

export type JobStatus = 'idle' | 'starting' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled'

/** What a job's parameters' faults are called in the panel (the field's label), for messages a person reads. */
export type FieldNames = Readonly<Record<string, string>>

/**
 * A fault of the job's parameters in the panel's words: "params.timeLimit: must be..." reads
 * "time limit: must be..." (issue 27, defect 13).
 */
export function inWords(reason: string, fields: FieldNames): string {
  return reason.replace(/\bparams\.([\w.]+)(?=:)/g, (all, name: string) => fields[name] ?? all)
}

export function useJob(fields: FieldNames = {}) {
  const status = ref<JobStatus>('idle')
  const progress = shallowRef<Progress | null>(null)
  const failure = ref<string | null>(null)
  /** When the job started (milliseconds since the epoch), for the clock. */
  const started = ref(0)
  let cancelRun: (() => void) | undefined
  const busy = computed(() => status.value === 'starting' || status.value === 'queued' || status.value === 'running')

  function reset(): void {
    progress.value = null
    failure.value = null
    if (!busy.value) status.value = 'idle'
  }

  /** Say why the job cannot run, without running it. */
  function fail(why: string): void {
    reset()
    failure.value = why
    status.value = 'failed'
  }

  /** Run a job; its result, or null (failed or cancelled: the status and failure say which). */
  async function run<K extends JobKind>(kind: K, params: JobTypes[K]['input']): Promise<JobTypes[K]['result'] | null> {
    if (busy.value) return null
    reset()
    status.value = 'starting'
    started.value = Date.now()
    const h = runHostJob(kind, params, {
      progress: (p) => {
        status.value = 'running'
        progress.value = p as Progress
      },
      state: (s) => void (status.value = s),
    })
    cancelRun = h.cancel
    try {
      const r = await h.result
      status.value = 'done'
      return r
    } catch (e) {
      if (e instanceof CancelledError) status.value = 'cancelled'
      else {
        failure.value = inWords((e as Error).message, fields)
        status.value = 'failed'
      }
      return null
    } finally {
      cancelRun = undefined
    }
  }

  return { status, progress, failure, started, busy, run, fail, reset, cancel: () => cancelRun?.() }
}
