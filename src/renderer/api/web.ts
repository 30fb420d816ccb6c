/**
 * The API in a browser: search jobs in Web Workers (the shared JobManager with one job worker per
 * job), documents opened through a file input and saved as downloads, keyboard shortcuts in place
 * of native menus, the page's own warning before unsaved work is left behind, and the autosaved
 * session in IndexedDB (web-session.ts).
 */
import type {
  Command,
  DocumentState,
  ExportOutcome,
  HalmaApi,
  ImageRequest,
  OpenOutcome,
  SaveOutcome,
  SaveRequest,
} from '../../preload/api'
import { NO_DISK } from '../../preload/api'
import { documentFault } from '../../shared/documents'
import { JobManager, type JobEvent } from '../../shared/jobs/manager'
import { parseJobRequest } from '../../shared/jobs/protocol'
import { ok } from '../../shared/result'
import { webLauncher } from '../../hosts/web/jobs'
import { indexedDbStore, webSession } from './web-session'
import { withoutBom } from '../../shared/read-json'

/** Memory a search may hold in level sets in a browser tab. */
export const WEB_BUDGET = 2 ** 30
/** Largest file the page opens. */
const MAX_BYTES = 16 * 2 ** 20

type Listener<E> = (e: E) => void

function listeners<E>(): { add(l: Listener<E>): () => void; emit(e: E): void } {
  const set = new Set<Listener<E>>()
  return {
    add: (l) => {
      set.add(l)
      return () => void set.delete(l)
    },
    emit: (e) => set.forEach((l) => l(e)),
  }
}

export async function readDocumentFile(file: File): Promise<OpenOutcome> {
  if (file.size > MAX_BYTES)
    return { status: 'failed', reason: `cannot open ${file.name}: it has ${file.size} bytes, more than a problem document holds` }
  let text: string
  try {
    text = withoutBom(await file.text())
  } catch (e) {
    return { status: 'failed', reason: `cannot open ${file.name}: ${(e as Error).message}` }
  }
  const fault = documentFault(text)
  if (fault !== null) return { status: 'failed', reason: `${file.name} is not a valid ${fault}` }
  return { status: 'opened', file: { name: file.name }, text }
}

/** Ask for a file with a file input (the browser's own dialog). */
function pickFile(): Promise<OpenOutcome> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = '.json,application/json'
    input.hidden = true
    input.dataset['testid'] = 'open-file-input'
    const done = (o: OpenOutcome): void => {
      input.remove()
      resolve(o)
    }
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      if (!file) done({ status: 'cancelled' })
      else void readDocumentFile(file).then(done)
    })
    input.addEventListener('cancel', () => done({ status: 'cancelled' }))
    document.body.append(input)
    input.click()
  })
}

/** Save as a download: the browser puts the file where the user keeps downloads. */
function download(request: SaveRequest): SaveOutcome {
  const fault = documentFault(request.text)
  if (fault !== null) return { status: 'failed', reason: `not saved: the document is not valid (${fault})` }
  const url = URL.createObjectURL(new Blob([request.text], { type: 'application/json' }))
  const a = document.createElement('a')
  a.href = url
  a.download = request.file.name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return { status: 'saved', file: { name: request.file.name } }
}

/** Text as a download (a session record set aside). */
function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** A picture as a download. */
function downloadImage(request: ImageRequest): ExportOutcome {
  const type = request.format === 'svg' ? 'image/svg+xml' : 'image/png'
  const url = URL.createObjectURL(new Blob([request.bytes as Uint8Array<ArrayBuffer>], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = request.name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return { status: 'saved', name: request.name }
}

const isTextField = (el: Element | null): boolean =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'file', 'submit'].includes(el.type)) ||
  (el instanceof HTMLElement && el.isContentEditable)

/** The command a key press stands for, as the desktop menus' accelerators would give it. */
export function shortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
  inTextField: boolean,
): Command | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined
  const key = e.key.toLowerCase()
  if (key === 's') return { name: e.shiftKey ? 'save-as' : 'save' }
  if (key === 'o' && !e.shiftKey) return { name: 'open' }
  // Text fields keep their own undo.
  if (inTextField) return undefined
  if (key === 'z') return { name: e.shiftKey ? 'redo' : 'undo' }
  if (key === 'y' && !e.shiftKey) return { name: 'redo' }
  return undefined
}

export function webApi(): HalmaApi {
  const cores = Math.max(1, navigator.hardwareConcurrency || 2)
  const jobs = listeners<JobEvent>()
  const commands = listeners<Command>()
  const manager = new JobManager({ launch: webLauncher(), concurrency: cores, onEvent: jobs.emit })
  let state: DocumentState | undefined
  // A session record that does not restore is set aside and offered as a download (never lost).
  const session = webSession(indexedDbStore(), { offer: (name, text) => void downloadText(`${name}.json`, text) })

  window.addEventListener('beforeunload', (e) => {
    if (state?.dirty) e.preventDefault()
  })
  // A page kept for going back keeps its manager (its jobs stop); a page thrown away ends them all.
  window.addEventListener('pagehide', (e) => (e.persisted ? manager.cancelAll() : manager.dispose()))
  window.addEventListener('keydown', (e) => {
    const c = shortcut(e, isTextField(document.activeElement))
    if (!c) return
    e.preventDefault()
    commands.emit(c)
  })

  return {
    info: async () => ({ host: 'web', version: import.meta.env.VITE_APP_VERSION ?? 'dev', cores, recentFiles: false, nativeMenus: false }),
    ready: async () => undefined,
    closeWindow: async () => window.close(),
    startJob: async (request) => {
      const job = parseJobRequest({ ...request, params: { budgetBytes: WEB_BUDGET, ...request.params } })
      return job.ok ? ok({ id: manager.start(job.value) }) : job
    },
    cancelJob: async (id) => manager.cancel(id),
    chooseSearchFolder: async () => ({ status: 'failed', reason: NO_DISK }),
    onJobEvent: jobs.add,
    openDocument: pickFile,
    openRecent: async (path) => ({ status: 'failed', reason: `cannot open ${path}: the browser workbench has no recent files` }),
    saveDocument: async (request) => download(request),
    saveDocumentAs: async (request) => download(request),
    recentDocuments: async () => [],
    setDocumentState: async (s) => {
      state = s
    },
    askUnsaved: async (name, savable = true) =>
      window.confirm(savable ? `Unsaved work: ${name}. Discard it?` : `Discard ${name}? Saving does not keep it.`) ? 'discard' : 'cancel',
    readSession: session.read,
    writeSession: session.write,
    clearSession: session.clear,
    saveImage: async (request) => downloadImage(request),
    onCommand: commands.add,
  }
}
