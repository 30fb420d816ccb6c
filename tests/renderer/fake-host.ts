// The one fake host of the renderer's tests: the typed host API (src/preload/api.ts) kept in
// memory, recording what the workbench asks and answering from queues the test fills. Documents
// (open, save, the unsaved question), the autosaved session, jobs (checked by parseJobRequest as
// web.ts and app.ts check them; events sent by the test) and the search-folder dialog.
import type {
  DocumentState,
  FolderOutcome,
  HalmaApi,
  JobTicket,
  OpenOutcome,
  SaveOutcome,
  SaveRequest,
  SessionRead,
  SessionWrite,
  UnsavedChoice,
} from '../../src/preload/api'
import { useHostApi } from '../../src/renderer/api'
import type { JobEvent } from '../../src/shared/jobs/manager'
import { parseJobRequest, type Job, type JobRequest } from '../../src/shared/jobs/protocol'
import { ok, type Diagnostic, type Result } from '../../src/shared/result'

export interface FakeHostOptions {
  /** The desktop app (recent files, native menus, search folders) or a browser (the default). */
  readonly desktop?: boolean
  /** What the unsaved-work question answers when no answer is queued (default 'cancel'). */
  readonly unsaved?: UnsavedChoice
  /** The session the host kept from before (default: none). */
  readonly session?: SessionRead
  /** What Open answers when no answer is queued (default: cancelled). */
  readonly open?: OpenOutcome
  /** Whether a save with no answer queued succeeds, under the name asked for (default: cancelled). */
  readonly saves?: 'saved'
}

export type FakeHost = ReturnType<typeof fakeHost>

/** A fake host, connected as the renderer's host API (useHostApi). */
export function fakeHost(options: FakeHostOptions = {}) {
  const desktop = options.desktop === true
  /** Everything asked of the host, in order ("ask NAME", "open", "save NAME", ...). */
  const calls: string[] = []
  /** Names the unsaved-work question was asked about. */
  const asked: string[] = []
  const states: DocumentState[] = []
  const saves: SaveRequest[] = []
  /** Answers the test queues; an empty queue answers "cancelled" (the unsaved question: `options.unsaved`). */
  const answers = { open: [] as OpenOutcome[], save: [] as SaveOutcome[], unsaved: [] as UnsavedChoice[], folders: [] as FolderOutcome[] }
  const session = { read: options.session ?? ({ status: 'none' } as SessionRead), writes: [] as string[], cleared: 0 }
  /** Job requests as sent, the jobs they checked into, and the ids cancelled. */
  const requests: JobRequest[] = []
  const jobs: Job[] = []
  const cancelled: string[] = []
  const listeners = new Set<(e: JobEvent) => void>()
  let dialogs = 0
  const send = (e: JobEvent): void => listeners.forEach((l) => l(e))
  const saved = (r: SaveRequest): SaveOutcome =>
    options.saves === 'saved' ? { status: 'saved', file: { name: r.file.name } } : { status: 'cancelled' }
  const api = {
    setDocumentState: async (s: DocumentState) => void states.push(s),
    askUnsaved: async (name: string, savable = true) => {
      calls.push(savable ? `ask ${name}` : `ask to discard ${name}`)
      asked.push(name)
      return answers.unsaved.shift() ?? options.unsaved ?? 'cancel'
    },
    openDocument: async () => {
      calls.push('open')
      return answers.open.shift() ?? options.open ?? { status: 'cancelled' }
    },
    openRecent: async (path: string) => {
      calls.push(`open ${path}`)
      return answers.open.shift() ?? { status: 'cancelled' }
    },
    saveDocument: async (r: SaveRequest) => {
      calls.push(`save ${r.file.name}`)
      saves.push(r)
      return answers.save.shift() ?? saved(r)
    },
    saveDocumentAs: async (r: SaveRequest) => {
      calls.push(`save as ${r.file.name}`)
      saves.push(r)
      return answers.save.shift() ?? saved(r)
    },
    readSession: async () => session.read,
    writeSession: async (text: string): Promise<SessionWrite> => {
      session.writes.push(text)
      session.read = { status: 'found', text }
      return { status: 'saved' }
    },
    clearSession: async () => {
      session.cleared++
      session.read = { status: 'none' }
    },
    startJob: async (request: JobRequest): Promise<Result<JobTicket, Diagnostic[]>> => {
      requests.push(request)
      // Checked as the real hosts check it: as data that crossed a process boundary.
      const job = parseJobRequest(JSON.parse(JSON.stringify(request)))
      if (!job.ok) return job
      jobs.push(job.value)
      const id = `job-${jobs.length}`
      // The test's stand-in for the host's worker, after the ticket is handed back (as a host does).
      const answer = fake.answer
      if (answer) setTimeout(() => answer(job.value, id), 0)
      return ok({ id })
    },
    cancelJob: async (id: string) => {
      cancelled.push(id)
      // As a host does: the job's own cancelled event follows.
      const job = jobs[Number(id.replace('job-', '')) - 1]
      if (job) send({ type: 'cancelled', id, kind: job.kind } as JobEvent)
      return true
    },
    onJobEvent: (l: (e: JobEvent) => void) => {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
    chooseSearchFolder: async () => {
      dialogs++
      return answers.folders.shift() ?? { status: 'cancelled' }
    },
    closeWindow: async () => void calls.push('close window'),
  } as unknown as HalmaApi
  useHostApi(api, {
    host: desktop ? 'electron' : 'web',
    version: 'test',
    cores: 2,
    recentFiles: desktop,
    nativeMenus: desktop,
    ...(desktop && { searchFolders: true }),
  })
  const fake = {
    /** Answers each job started (its events sent with `send`), or null: the test sends them itself. */
    answer: null as ((job: Job, id: string) => void) | null,
    api,
    calls,
    asked,
    states,
    saves,
    answers,
    session,
    requests,
    jobs,
    cancelled,
    /** Send a job event to every listener. */
    send,
    /** The id of the last job started. */
    id: () => `job-${jobs.length}`,
    /** Listeners of job events now. */
    listening: () => listeners.size,
    /** Times the search-folder dialog was shown. */
    dialogs: () => dialogs,
  }
  return fake
}
