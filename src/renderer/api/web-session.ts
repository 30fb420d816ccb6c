/**
 * The browser's autosaved session, in IndexedDB through idb-keyval (a few hundred bytes of
 * well-kept code over IndexedDB's requests and transactions; localStorage would block the page
 * on every write and holds only a few megabytes). One key holds the session's text; the renderer
 * checks what it reads back. IndexedDB may be missing or refuse (a private window, storage
 * full): that is answered as a failure with the reason, never thrown.
 *
 * Nothing the user made is lost here:
 * - a record the renderer cannot restore is not deleted: clear() after a failed restore sets it
 *   aside under a key of its own (`session-unreadable-<time>`), offers it as a download, and names
 *   it, so that the workbench starts clean and the record can still be looked at;
 * - a record written by a newer workbench (a higher session version) is kept untouched: this
 *   workbench keeps its own work under another key (`session-v<its version>`) while it is there.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval'
import type { SessionCleared, SessionRead, SessionWrite } from '../../preload/api'
import { SESSION_VERSION, sessionVersionOf } from '../../shared/session-format'

/** The part of a key-value store the session uses (idb-keyval's, or a Map in tests). */
export interface KeyValue {
  get(key: string): Promise<unknown>
  set(key: string, value: string): Promise<void>
  del(key: string): Promise<void>
}

export const SESSION_KEY = 'session'

/** idb-keyval on its own database, opened on first use (opening may fail: reported then). */
export function indexedDbStore(): KeyValue {
  let store: UseStore | undefined
  const use = (): UseStore => (store ??= createStore('halma-workbench', 'session'))
  return {
    get: (key) => get(key, use()),
    set: (key, value) => set(key, value, use()),
    del: (key) => del(key, use()),
  }
}

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e))

export interface WebSessionOptions {
  /** Hand a record set aside to the user (the browser: a download of `name`.json). */
  readonly offer?: (name: string, text: string) => void
  /** The time (tests pass their own). */
  readonly now?: () => Date
  /** The newest session version this workbench reads (tests pass their own). */
  readonly newest?: number
}

export function webSession(
  kv: KeyValue,
  options: WebSessionOptions = {},
): {
  read(): Promise<SessionRead>
  write(text: string): Promise<SessionWrite>
  clear(): Promise<SessionCleared>
} {
  const newest = options.newest ?? SESSION_VERSION
  const now = options.now ?? (() => new Date())
  /** The key this workbench writes: the usual one, or its own beside a newer workbench's record. */
  let key = SESSION_KEY
  /** The record read at the start and not yet replaced by this session's writes (what clear() sets aside). */
  let unconfirmed: string | undefined
  // One operation at a time, in order: an older autosave never lands over a newer one.
  let queue: Promise<unknown> = Promise.resolve()
  const then = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }
  const textAt = async (k: string): Promise<string | undefined | { readonly bad: string }> => {
    const value = await kv.get(k)
    if (value === undefined) return undefined
    return typeof value === 'string' ? value : { bad: 'the stored session is not text' }
  }
  return {
    read: () =>
      then(async (): Promise<SessionRead> => {
        try {
          let text = await textAt(SESSION_KEY)
          const version = typeof text === 'string' ? sessionVersionOf(text) : undefined
          if (version !== undefined && version > newest) {
            // A newer workbench's work: not read, not replaced; this one keeps its own apart.
            key = `${SESSION_KEY}-v${newest}`
            text = await textAt(key)
            if (text === undefined)
              return {
                status: 'failed',
                reason: `it was written by a newer version of the workbench (session version ${version}); it is kept untouched, and this workbench keeps its own work apart from it`,
              }
          }
          if (text === undefined) return { status: 'none' }
          if (typeof text !== 'string') return { status: 'failed', reason: text.bad }
          unconfirmed = text
          return { status: 'found', text }
        } catch (e) {
          return { status: 'failed', reason: `the browser's storage (IndexedDB) cannot be read: ${reason(e)}` }
        }
      }),
    write: (text) =>
      then(async (): Promise<SessionWrite> => {
        try {
          await kv.set(key, text)
          unconfirmed = undefined
          return { status: 'saved' }
        } catch (e) {
          return { status: 'failed', reason: `the browser's storage (IndexedDB) refused it: ${reason(e)}` }
        }
      }),
    clear: () =>
      then(async (): Promise<SessionCleared> => {
        const old = unconfirmed
        unconfirmed = undefined
        try {
          if (old !== undefined) {
            // The record read at the start did not restore: kept under a name of its own, and offered.
            const name = `${SESSION_KEY}-unreadable-${now().toISOString().replace(/[:.]/g, '-')}`
            await kv.set(name, old)
            await kv.del(key)
            options.offer?.(name, old)
            return { kept: `in the browser's storage as "${name}"${options.offer ? ` and downloaded as ${name}.json` : ''}` }
          }
          await kv.del(key)
        } catch {
          // Storage that refuses: the next start reports what it finds.
        }
        return {}
      }),
  }
}
