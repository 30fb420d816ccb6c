/**
 * The desktop app's autosaved session: one file in the user-data folder holding the text the
 * renderer gives (the renderer alone knows what is in it, and checks it when it reads it back).
 * Plain logic: the file system is passed in (app.ts gives Node's, tests give doubles). Writes are
 * atomic and one at a time, in order, so an older autosave never lands over a newer one; a write
 * that fails is answered with the reason, never thrown. After clear() (the user chose to discard
 * the work when closing) writes still in the renderer's queue are refused, so the discarded work
 * does not come back at the next start.
 */
import type { SessionRead, SessionWrite } from '../preload/api'

export interface SessionFs {
  /** The file's text (throws like fs.readFile, with code ENOENT when there is none). */
  readFile(path: string): Promise<string>
  writeFileAtomic(path: string, text: string): Promise<void>
  /** Remove the file; no error when there is none. */
  remove(path: string): Promise<void>
}

/** Largest session text kept (a document and a line: a few kilobytes, a large one some hundred). */
export const MAX_SESSION_BYTES = 16 * 2 ** 20

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e))

export class SessionFile {
  private queue: Promise<unknown> = Promise.resolve()
  private cleared = false

  constructor(
    readonly path: string,
    private readonly fs: SessionFs,
  ) {}

  /** Run one file operation after those before it. */
  private then<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => undefined)
    return next
  }

  read(): Promise<SessionRead> {
    return this.then(async () => {
      try {
        const text = await this.fs.readFile(this.path)
        if (text.length > MAX_SESSION_BYTES) return { status: 'failed', reason: `${this.path} is larger than a session can be` }
        return { status: 'found', text }
      } catch (e) {
        if ((e as { code?: unknown }).code === 'ENOENT') return { status: 'none' }
        return { status: 'failed', reason: `cannot read ${this.path}: ${reason(e)}` }
      }
    })
  }

  write(text: string): Promise<SessionWrite> {
    return this.then(async () => {
      if (this.cleared) return { status: 'failed', reason: 'the session was discarded' }
      try {
        await this.fs.writeFileAtomic(this.path, text)
        return { status: 'saved' }
      } catch (e) {
        return { status: 'failed', reason: `cannot write ${this.path}: ${reason(e)}` }
      }
    })
  }

  /** Remove the session; `final`: the window is closing with its work discarded (later writes are refused). */
  clear(final = false): Promise<void> {
    if (final) this.cleared = true
    return this.then(async () => {
      try {
        await this.fs.remove(this.path)
      } catch {
        // Nothing to remove, or it cannot be removed: the next start reports what it finds.
      }
    })
  }

  /** A new window starts a new session (writes are taken again). */
  reopen(): void {
    this.cleared = false
  }
}
