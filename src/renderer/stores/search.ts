/**
 * The search panel's state: settings, the job in flight, its progress and its result, and the
 * result checked move by move by the core verifier. Jobs go to the host through the typed API;
 * events of other jobs (an earlier, cancelled one) are ignored.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { DocumentSpec } from '../../shared/document'
import { STRATEGIES, type Progress, type SolveResult, type Strategy } from '../../shared/engine/job'
import type { JobEvent } from '../../shared/jobs/manager'
import { faultText } from '../../shared/jobs/protocol'
import type { Problem } from '../../shared/problem'
import { verify, type Verification } from '../../shared/verify'
import { api, hostInfo } from '../api'
import { useDocument } from './document'

export type SearchStatus = 'idle' | 'starting' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled'

export { STRATEGIES }

/** The parts of a spec that make the problem (not its title, notes or stored solutions). */
function problemKey(spec: DocumentSpec): string {
  return JSON.stringify([spec.kind, spec.board, spec.rules, spec.armies, spec.first])
}

export const useSearch = defineStore('search', () => {
  const documentStore = useDocument()
  const strategy = ref<Strategy>('auto')
  /** Boards kept per beam level; null: the engine's default for the strategy. */
  const beamWidth = ref<number | null>(null)
  const threads = ref(hostInfo().cores)

  const status = ref<SearchStatus>('idle')
  const jobId = ref<string | null>(null)
  /** The problem searched (the document may change meanwhile). */
  const problem = shallowRef<Problem | null>(null)
  const progress = shallowRef<Progress | null>(null)
  const result = shallowRef<SolveResult | null>(null)
  const failure = ref<string | null>(null)
  /** Boards per level of the run in progress (the chart under the progress), and which run it is. */
  const levelSizes = shallowRef<number[]>([])
  const levelRun = ref('')
  /** Events that came before the host told us the new job's id. */
  let early: JobEvent[] = []

  const busy = computed(() => status.value === 'starting' || status.value === 'queued' || status.value === 'running')
  const verification = computed<Verification | null>(() =>
    result.value && problem.value && result.value.moves.length > 0 ? verify(problem.value, result.value.moves.join(', ')) : null,
  )

  function handle(e: JobEvent): void {
    if (status.value === 'starting' && jobId.value === null) {
      early.push(e)
      return
    }
    if (e.id !== jobId.value) return
    switch (e.type) {
      case 'queued':
        status.value = 'queued'
        return
      case 'started':
        status.value = 'running'
        return
      case 'progress':
        if (status.value === 'queued') status.value = 'running'
        progress.value = e.progress
        recordLevel(e.progress)
        return
      case 'result':
        // This store runs transfer searches only.
        if (e.kind === 'solve') result.value = e.result
        status.value = 'done'
        return
      case 'failed':
        failure.value = e.reason
        status.value = 'failed'
        return
      case 'cancelled':
        status.value = 'cancelled'
        return
    }
  }
  api().onJobEvent(handle)

  function recordLevel(p: Progress): void {
    const run = `${p.phase}${p.length !== null ? ` (length ${p.length})` : ''}`
    const sizes = run === levelRun.value ? [...levelSizes.value] : []
    levelRun.value = run
    while (sizes.length <= p.level) sizes.push(0)
    sizes[p.level] = Math.max(sizes[p.level]!, p.levelSize)
    levelSizes.value = sizes
  }

  async function run(): Promise<void> {
    if (busy.value) return
    const doc = documentStore.doc
    if (doc.problem.kind !== 'transfer') {
      failure.value = 'the search solves transfer problems; game search comes later'
      status.value = 'failed'
      return
    }
    const spec: DocumentSpec = { ...doc.spec }
    delete spec.solutions
    status.value = 'starting'
    jobId.value = null
    early = []
    problem.value = doc.problem
    progress.value = null
    result.value = null
    failure.value = null
    levelSizes.value = []
    levelRun.value = ''
    let ticket
    try {
      ticket = await api().startJob({
        kind: 'solve',
        params: {
          problem: spec,
          strategy: strategy.value,
          threads: threads.value,
          ...(beamWidth.value !== null && { beamWidth: beamWidth.value }),
        },
      })
    } catch (e) {
      ticket = { ok: false as const, error: [{ code: 'ipc.failed', message: (e as Error).message }] }
    }
    if (!ticket.ok) {
      failure.value = faultText(ticket.error)
      status.value = 'failed'
      return
    }
    jobId.value = ticket.value.id
    const backlog = early
    early = []
    for (const e of backlog) handle(e)
    if (status.value === 'starting') status.value = 'queued'
  }

  async function cancel(): Promise<void> {
    const id = jobId.value
    if (id === null || !busy.value) return
    const known = await api().cancelJob(id)
    if (!known && busy.value) status.value = 'cancelled'
  }

  // A search belongs to its problem: a new problem stops it and clears the panel.
  watch(
    () => problemKey(documentStore.doc.spec),
    (now, before) => {
      if (now === before) return
      void cancel()
      status.value = 'idle'
      jobId.value = null
      progress.value = null
      result.value = null
      failure.value = null
    },
  )

  return {
    strategy,
    beamWidth,
    threads,
    status,
    jobId,
    problem,
    progress,
    result,
    failure,
    busy,
    verification,
    levelSizes,
    levelRun,
    run,
    cancel,
  }
})
