/**
 * What the main process refuses a renderer (docs/SECURITY.md: the renderer is treated as if it
 * could be made to run any script, and the main process holds the machine's resources): requests
 * from anything but our window's own top frame, links to anywhere but the project's own pages, and
 * jobs that ask for more than the machine has. Plain logic, no Electron: app.ts passes in the
 * window and the machine's figures, and tests call these directly.
 */
import type { Job } from '../shared/jobs/protocol'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../shared/result'

/**
 * The pages a link in the workbench may open in the user's browser: the journal issue that holds
 * the paper the workbench follows (Bell 2009, INTEGERS 9). Only https, only these hosts and paths,
 * no user name, password or port: anything else is dropped, not handed to the system.
 */
export const EXTERNAL_PAGES: readonly { readonly host: string; readonly path: string }[] = [
  { host: 'math.colgate.edu', path: '/~integers/' },
]

/** Whether a link may be opened in the user's browser (shell.openExternal). */
export function externalLinkAllowed(url: string): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (u.protocol !== 'https:' || u.username !== '' || u.password !== '' || u.port !== '') return false
  return EXTERNAL_PAGES.some((p) => u.hostname === p.host && u.pathname.startsWith(p.path))
}

/** The parts of an IPC event the check reads (Electron's IpcMainInvokeEvent). */
export interface RequestEvent {
  readonly sender: unknown
  readonly senderFrame?: { readonly url: string } | null
}

/** The window's side the check compares with. */
export interface OurPage {
  /** The window's webContents. */
  readonly contents: unknown
  /** Its top frame (webContents.mainFrame). */
  readonly mainFrame: unknown
  /** Where our page is loaded from: the renderer's file URL, or the dev server's origin. */
  readonly url: string
}

/**
 * Whether a request comes from our page: our window, its top frame (not an iframe a page could
 * embed), showing our page (not a page it navigated to). The sender alone (a webContents) would
 * answer for every frame in it.
 */
export function fromOurPage(event: RequestEvent, page: OurPage | undefined): boolean {
  if (!page || event.sender === undefined || event.sender !== page.contents) return false
  const frame = event.senderFrame
  if (!frame || frame !== page.mainFrame) return false
  return samePage(frame.url, page.url)
}

/** Whether `url` is our page: the same file, or the same origin as the dev server. */
export function samePage(url: string, ours: string): boolean {
  let u: URL
  let o: URL
  try {
    u = new URL(url)
    o = new URL(ours)
  } catch {
    return false
  }
  if (o.protocol === 'file:') return u.protocol === 'file:' && u.pathname === o.pathname
  return u.origin === o.origin
}

/** What this machine gives a window's jobs. */
export interface MachineLimits {
  /** Cores: the most expansion threads a job may ask for. */
  readonly cores: number
  /** Memory in bytes: the most a job's level sets may be given. */
  readonly memoryBytes: number
}

/**
 * A job from the renderer checked against the machine: threads at most the cores, a memory budget
 * at most the machine's memory, and no cluster (the desktop app does not run searches on other
 * machines: a renderer must not make it connect to a server of its choosing). Refused with the
 * field named, as the job's own checks are.
 */
export function limitJob(job: Job, limits: MachineLimits): Result<Job, Diagnostic[]> {
  const params = job.params as { readonly threads?: unknown; readonly budgetBytes?: unknown; readonly cluster?: unknown }
  const faults: Diagnostic[] = []
  if (typeof params.threads === 'number' && params.threads > limits.cores)
    faults.push(diagnostic('job.limit', `${params.threads} threads asked; this machine has ${limits.cores} cores`, 'params.threads'))
  if (typeof params.budgetBytes === 'number' && params.budgetBytes > limits.memoryBytes)
    faults.push(
      diagnostic(
        'job.limit',
        `a budget of ${(params.budgetBytes / 2 ** 30).toFixed(1)} GB asked; this machine has ${(limits.memoryBytes / 2 ** 30).toFixed(1)} GB`,
        'params.budgetBytes',
      ),
    )
  if (params.cluster !== undefined)
    faults.push(
      diagnostic('job.cluster', 'the desktop app does not run searches on a cluster (use `halma solve --cluster`)', 'params.cluster'),
    )
  return faults.length > 0 ? err(faults) : ok(job)
}
