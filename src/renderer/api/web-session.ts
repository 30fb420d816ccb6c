/**
 * The browser's autosaved session, in IndexedDB through idb-keyval (a few hundred bytes of
 * well-kept code over IndexedDB's requests and transactions; localStorage would block the page
 * on every write and holds only a few megabytes). One key holds the session's text; the renderer
 * checks what it reads back. IndexedDB may be missing or refuse (a private window, storage
 * full): that is answered as a failure with the reason, never thrown.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval'
import type { SessionRead, SessionWrite } from '../../preload/api'

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

export function webSession(kv: KeyValue): {
  read(): Promise<SessionRead>
  write(text: string): Promise<SessionWrite>
  clear(): Promise<void>
} {
  // One operation at a time, in order: an older autosave never lands over a newer one.
  let queue: Promise<unknown> = Promise.resolve()
  const then = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }
  return {
    read: () =>
      then(async (): Promise<SessionRead> => {
        try {
          const value = await kv.get(SESSION_KEY)
          if (value === undefined) return { status: 'none' }
          if (typeof value !== 'string') return { status: 'failed', reason: 'the stored session is not text' }
          return { status: 'found', text: value }
        } catch (e) {
          return { status: 'failed', reason: `the browser's storage (IndexedDB) cannot be read: ${reason(e)}` }
        }
      }),
    write: (text) =>
      then(async (): Promise<SessionWrite> => {
        try {
          await kv.set(SESSION_KEY, text)
          return { status: 'saved' }
        } catch (e) {
          return { status: 'failed', reason: `the browser's storage (IndexedDB) refused it: ${reason(e)}` }
        }
      }),
    clear: () => then(() => kv.del(SESSION_KEY).catch(() => undefined)),
  }
}
