/**
 * The desktop app's autosaved session: one file in the user-data folder holding the text the
 * renderer gives (the renderer alone knows what is in it, and checks it when it reads it back).
 * Plain logic: the file system is passed in (app.ts gives Node's, tests give doubles). Writes are
 * atomic and one at a time, in order, so an older autosave never lands over a newer one; a write
 * that fails is answered with the reason, never thrown. After clear(true) (the user chose to discard
 * the work when closing) writes still in the renderer's queue are refused, so the discarded work
 * does not come back at the next start.
 *
 * Nothing the user made is lost here (as in the browser, web-session.ts): a file that the renderer
 * could not restore is not deleted by clear() but renamed beside it (`session-unreadable-<time>.json`)
 * and named; a file written by a newer workbench is kept untouched, and this one keeps its own work
 * in `session-v<its version>.json` while it is there.
 */
import { SESSION_VERSION, sessionVersionOf } from '../shared/session-format'
import type { SessionCleared, SessionRead, SessionWrite } from '../preload/api'
import { MAX_DOCUMENT_CHARS } from '../shared/limits'

export interface SessionFs {
  /** The file's text (throws like fs.readFile, with code ENOENT when there is none). */
  readFile(path: string): Promise<string>
  writeFileAtomic(path: string, text: string): Promise<void>
  /** Remove the file; no error when there is none. */
  remove(path: string): Promise<void>
  /** Rename a file (to set a record aside). */
  rename(from: string, to: string): Promise<void>
}

/** Largest session text kept: a document's limit (shared/limits.ts). */
export const MAX_SESSION_BYTES = MAX_DOCUMENT_CHARS

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e))

export class SessionFile {
  private queue: Promise<unknown> = Promise.resolve()
  private cleared = false
  /** The file this workbench writes: `path`, or its own beside a newer workbench's. */
  private active: string
  /** The record read at the start and not yet replaced by a write (what clear() sets aside). */
  private unconfirmed = false

  constructor(
    readonly path: string,
    private readonly fs: SessionFs,
    private readonly options: { readonly newest?: number; readonly now?: () => Date } = {},
  ) {
    this.active = path
  }

  /** A file beside the session's, `session<suffix>.json`. */
  private beside(suffix: string): string {
    return this.path.replace(/(\.json)?$/, `${suffix}.json`)
  }

  /** Run one file operation after those before it. */
  private then<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => undefined)
    return next
  }

  read(): Promise<SessionRead> {
    return this.then(async (): Promise<SessionRead> => {
      const newest = this.options.newest ?? SESSION_VERSION
      try {
        let text = await this.fs.readFile(this.path)
        const version = sessionVersionOf(text)
        if (version !== undefined && version > newest) {
          // A newer workbench's work: not read, not replaced; this one keeps its own apart.
          this.active = this.beside(`-v${newest}`)
          try {
            text = await this.fs.readFile(this.active)
          } catch (e) {
            if ((e as { code?: unknown }).code !== 'ENOENT') throw e
            return {
              status: 'failed',
              reason: `${this.path} was written by a newer version of the workbench (session version ${version}); it is kept untouched, and this workbench keeps its own work in ${this.active}`,
            }
          }
        }
        this.unconfirmed = true
        if (text.length > MAX_SESSION_BYTES) return { status: 'failed', reason: `${this.active} is larger than a session can be` }
        return { status: 'found', text }
      } catch (e) {
        if ((e as { code?: unknown }).code === 'ENOENT') return { status: 'none' }
        return { status: 'failed', reason: `cannot read ${this.active}: ${reason(e)}` }
      }
    })
  }

  write(text: string): Promise<SessionWrite> {
    return this.then(async () => {
      if (this.cleared) return { status: 'failed', reason: 'the session was discarded' }
      try {
        await this.fs.writeFileAtomic(this.active, text)
        this.unconfirmed = false
        return { status: 'saved' }
      } catch (e) {
        return { status: 'failed', reason: `cannot write ${this.active}: ${reason(e)}` }
      }
    })
  }

  /**
   * Remove the session; `final`: the window is closing with its work discarded (later writes are
   * refused). A record read at the start that the renderer could not restore (cleared before any
   * write) is set aside instead, and where it went is answered.
   */
  clear(final = false): Promise<SessionCleared> {
    if (final) this.cleared = true
    return this.then(async (): Promise<SessionCleared> => {
      const aside = this.unconfirmed && !final
      this.unconfirmed = false
      try {
        if (aside) {
          const kept = this.beside(`-unreadable-${(this.options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`)
          await this.fs.rename(this.active, kept)
          return { kept: `as ${kept}` }
        }
        await this.fs.remove(this.active)
      } catch {
        // Nothing to remove, or it cannot be removed: the next start reports what it finds.
      }
      return {}
    })
  }

  /** A new window starts a new session (writes are taken again). */
  reopen(): void {
    this.cleared = false
  }
}
