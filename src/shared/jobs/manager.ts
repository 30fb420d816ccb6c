/**
 * The job manager: one runner (process or worker) per job, at most `concurrency` at a time, the
 * rest queued in order. It turns the runners' messages into job events for the user interface, and
 * it is the only place that decides a job's fate:
 * - a runner that exits, crashes or is killed before its final message fails the job, with why;
 * - a malformed message fails the job and ends its runner;
 * - cancel reports the job cancelled at once, asks the runner to stop, and ends it after a grace
 *   period; whatever the runner still sends is dropped (stale).
 * A job's slot is freed when its runner has exited, so the limit holds for real processes.
 *
 * Hosts supply the launcher: Electron's utilityProcess.fork in the main process, Web Workers in the
 * browser, child processes in tests.
 */
import { faultText, parseRunnerMessage, type HostMessage, type Job, type JobKind, type JobTypes } from './protocol'

/** A runner as the manager sees it. */
export interface JobProcess {
  post(message: HostMessage): void
  onMessage(handler: (message: unknown) => void): void
  /**
   * Called once when the runner has ended, with how, completing "the search process ...":
   * "exited with code 3", "was killed (SIGKILL)", "crashed: out of memory".
   */
  onExit(handler: (how: string) => void): void
  /** End the runner now (its exit is then reported through onExit). */
  kill(): void
}

export type Launcher = (kind: JobKind) => JobProcess

/** What happens to a job, in order: queued, started, progress..., then one of result, failed, cancelled. */
export type JobEvent =
  /** `ahead`: jobs queued before this one. */
  | { readonly type: 'queued'; readonly id: string; readonly kind: JobKind; readonly ahead: number }
  | { readonly type: 'started'; readonly id: string; readonly kind: JobKind }
  | {
      [K in JobKind]: { readonly type: 'progress'; readonly id: string; readonly kind: K; readonly progress: JobTypes[K]['progress'] }
    }[JobKind]
  | { [K in JobKind]: { readonly type: 'result'; readonly id: string; readonly kind: K; readonly result: JobTypes[K]['result'] } }[JobKind]
  | { readonly type: 'failed'; readonly id: string; readonly kind: JobKind; readonly reason: string }
  | { readonly type: 'cancelled'; readonly id: string; readonly kind: JobKind }

export interface JobManagerOptions {
  readonly launch: Launcher
  /** Jobs running at once (the number of cores). */
  readonly concurrency: number
  readonly onEvent: (event: JobEvent) => void
  /** How long a cancelled runner may take to stop by itself before it is killed (ms). */
  readonly cancelGraceMs?: number
  /** Timer (tests may pass their own). */
  readonly setTimer?: (fn: () => void, ms: number) => void
}

type State = 'queued' | 'running' | 'finished'

interface Entry {
  readonly id: string
  readonly job: Job
  state: State
  process?: JobProcess
  /** The runner has exited (its slot is free). */
  exited: boolean
}

export const CANCEL_GRACE_MS = 250

export class JobManager {
  private readonly entries = new Map<string, Entry>()
  private readonly queue: Entry[] = []
  private nextId = 1
  private disposed = false
  private concurrency: number

  constructor(private readonly options: JobManagerOptions) {
    this.concurrency = JobManager.checked(options.concurrency)
  }

  private static checked(n: number): number {
    if (!Number.isInteger(n) || n < 1) throw new Error(`concurrency must be a positive integer, not ${n}`)
    return n
  }

  /** Jobs run at once from now on (the user's choice on the desktop); queued jobs start if there is room. */
  setConcurrency(n: number): void {
    this.concurrency = JobManager.checked(n)
    this.pump()
  }

  /** Jobs known: queued, running, or finished with a runner not yet ended. */
  get size(): number {
    return this.entries.size
  }

  /** Runners alive (running, or cancelled and not yet ended). */
  get active(): number {
    let n = 0
    for (const e of this.entries.values()) if (e.process && !e.exited) n++
    return n
  }

  get queued(): number {
    return this.queue.length
  }

  /** Queue a checked job; returns its id. */
  start(job: Job): string {
    if (this.disposed) throw new Error('the job manager has been disposed')
    const id = `job-${this.nextId++}`
    const entry: Entry = { id, job, state: 'queued', exited: false }
    this.entries.set(id, entry)
    this.queue.push(entry)
    this.emit({ type: 'queued', id, kind: job.kind, ahead: this.queue.length - 1 })
    this.pump()
    return id
  }

  /** Cancel a queued or running job. False if there is no such job or it has already finished. */
  cancel(id: string): boolean {
    const entry = this.entries.get(id)
    if (!entry || entry.state === 'finished') return false
    if (entry.state === 'queued') {
      this.queue.splice(this.queue.indexOf(entry), 1)
      this.finish(entry, { type: 'cancelled', id, kind: entry.job.kind })
      return true
    }
    this.finish(entry, { type: 'cancelled', id, kind: entry.job.kind })
    const proc = entry.process!
    try {
      proc.post({ type: 'cancel' })
    } catch {
      // A runner that cannot take the message is killed below.
    }
    const timer = this.options.setTimer ?? ((fn, ms) => void setTimeout(fn, ms))
    timer(() => {
      if (!entry.exited) proc.kill()
    }, this.options.cancelGraceMs ?? CANCEL_GRACE_MS)
    return true
  }

  /** Cancel every queued and running job (the page that asked for them has gone). */
  cancelAll(): void {
    for (const [id, e] of this.entries) if (e.state !== 'finished') this.cancel(id)
  }

  /** End every runner and forget the queue (the app is quitting). */
  dispose(): void {
    this.disposed = true
    this.queue.length = 0
    for (const e of this.entries.values()) {
      e.state = 'finished'
      if (e.process && !e.exited) e.process.kill()
    }
  }

  private emit(event: JobEvent): void {
    this.options.onEvent(event)
  }

  private finish(entry: Entry, event: JobEvent): void {
    entry.state = 'finished'
    this.forget(entry)
    this.emit(event)
  }

  /** Drop a finished job whose runner has ended (or never started): nothing more can happen to it. */
  private forget(entry: Entry): void {
    if (entry.state === 'finished' && (!entry.process || entry.exited)) this.entries.delete(entry.id)
  }

  private pump(): void {
    while (!this.disposed && this.queue.length > 0 && this.active < this.concurrency) this.launch(this.queue.shift()!)
  }

  private launch(entry: Entry): void {
    const { id, job } = entry
    let proc: JobProcess
    try {
      proc = this.options.launch(job.kind)
    } catch (e) {
      this.finish(entry, { type: 'failed', id, kind: job.kind, reason: `could not start the search process: ${(e as Error).message}` })
      return
    }
    entry.process = proc
    entry.state = 'running'
    this.emit({ type: 'started', id, kind: job.kind })
    proc.onMessage((raw) => this.receive(entry, raw))
    proc.onExit((how) => {
      if (entry.exited) return
      entry.exited = true
      if (entry.state === 'running') {
        this.finish(entry, { type: 'failed', id, kind: job.kind, reason: `the search process ${how} before the search finished` })
      }
      this.forget(entry)
      this.pump()
    })
    try {
      proc.post({ type: 'start', kind: job.kind, params: job.params } as HostMessage)
    } catch (e) {
      this.fail(entry, `could not send the job to the search process: ${(e as Error).message}`)
    }
  }

  private fail(entry: Entry, reason: string): void {
    if (entry.state !== 'running') return
    this.finish(entry, { type: 'failed', id: entry.id, kind: entry.job.kind, reason })
    entry.process?.kill()
  }

  private receive(entry: Entry, raw: unknown): void {
    // Anything after cancel or after the final message is stale.
    if (entry.state !== 'running') return
    const { id } = entry
    const parsed = parseRunnerMessage(raw)
    if (!parsed.ok) {
      this.fail(entry, `malformed message from the search process: ${faultText(parsed.error)}`)
      return
    }
    const m = parsed.value
    switch (m.type) {
      case 'progress':
        if (m.kind !== entry.job.kind) return this.fail(entry, `the search process sent ${m.kind} progress for a ${entry.job.kind} job`)
        this.emit({ ...m, id })
        return
      case 'result':
        if (m.kind !== entry.job.kind) return this.fail(entry, `the search process sent a ${m.kind} result for a ${entry.job.kind} job`)
        this.finish(entry, { ...m, id })
        entry.process?.kill()
        return
      case 'error':
        this.fail(entry, m.message)
        return
      case 'cancelled':
        // Unasked: the runner stopped by itself.
        this.finish(entry, { type: 'cancelled', id, kind: entry.job.kind })
        entry.process?.kill()
        return
    }
  }
}
