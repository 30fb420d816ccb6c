// @vitest-environment jsdom
// Issue 31, the autosave never stops the workbench and never loses a record: a record that does not
// restore (here: side lines nested 1,500 deep, which overflowed the stack inside zod, so that the
// workbench "could not start" on every reload) is set aside under a name of its own, offered as a
// download and named in the notice, and the workbench starts clean; a record of a newer workbench
// is kept untouched, this one keeping its own work apart. The browser's store (web-session.ts) runs
// over a Map in place of IndexedDB, behind the real session store.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DocumentState, HalmaApi } from '../../src/preload/api'
import { useHostApi } from '../../src/renderer/api'
import { SESSION_KEY, webSession, type KeyValue } from '../../src/renderer/api/web-session'
import { useNotices } from '../../src/renderer/frame/notices'
import { useSession } from '../../src/renderer/frame/session'
import { useStepper } from '../../src/renderer/frame/stepper'
import { halmaStores } from './stores'
import { parseSession } from '../../src/renderer/state/session'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'

function memory(): KeyValue & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>()
  return { map, get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), del: async (k) => void map.delete(k) }
}

/** The web host's session functions over `kv`, with the downloads offered recorded. */
function host(kv: KeyValue, newest?: number) {
  const offered: { name: string; text: string }[] = []
  const s = webSession(kv, {
    offer: (name, text) => void offered.push({ name, text }),
    now: () => new Date('2026-11-26T10:00:00Z'),
    ...(newest !== undefined && { newest }),
  })
  const api = {
    setDocumentState: async (_: DocumentState) => undefined,
    readSession: s.read,
    writeSession: s.write,
    clearSession: s.clear,
  } as unknown as HalmaApi
  useHostApi(api, { host: 'web', version: 'test', cores: 2, recentFiles: false, nativeMenus: false })
  halmaStores()
  return { offered, s }
}

/** A session (version 2) whose line has side lines nested `depth` deep. */
function deepSession(depth: number): string {
  let v: unknown = undefined
  for (let d = depth; d >= 1; d--) v = [{ at: d, moves: 'a4-a5, a5-a6', ...(v !== undefined && { variations: v }) }]
  return JSON.stringify({
    format: 'halma-workbench-session',
    version: 2,
    savedAt: '2026-11-26T09:00:00.000Z',
    file: { name: 'deep.halma.json' },
    document: levenspiel,
    dirty: true,
    line: { moves: 'd1-d2, b1-d1-d3, a3-c3-e3', variations: v, label: { base: 'pasted', playedFrom: null }, ply: 1 },
  })
}

beforeEach(() => {
  setActivePinia(createPinia())
})

describe('a record that does not restore', () => {
  it('parseSession refuses it instead of throwing', () => {
    const r = parseSession(deepSession(1500))
    expect(r.ok).toBe(false)
    expect(r.ok ? '' : r.error.message).toMatch(/nests its arrays and objects more than \d+ deep/)
  })

  it('is set aside, offered and named; the workbench starts clean and says so', async () => {
    const kv = memory()
    const text = deepSession(1500)
    kv.map.set(SESSION_KEY, text)
    const { offered } = host(kv)
    await useSession().restore()
    const notice = useNotices().at.document
    expect(notice?.kind).toBe('error')
    expect(notice?.text).toMatch(
      /^Your last session could not be restored: .+\. The workbench starts clean\. It is kept in the browser's storage as "session-unreadable-2026-11-26T10-00-00-000Z" and downloaded as session-unreadable-2026-11-26T10-00-00-000Z\.json\.$/,
    )
    expect(kv.map.get('session-unreadable-2026-11-26T10-00-00-000Z')).toBe(text)
    expect(offered).toEqual([{ name: 'session-unreadable-2026-11-26T10-00-00-000Z', text }])
    expect(useStepper().length).toBe(0)
  })
})

describe('a record of a newer workbench', () => {
  it('is kept untouched; this workbench keeps its own work apart and finds it again', async () => {
    const kv = memory()
    const newer = '{"format":"halma-workbench-session","version":4,"whatever":"a newer workbench wrote"}'
    kv.map.set(SESSION_KEY, newer)
    host(kv)
    await useSession().restore()
    expect(useNotices().at.document?.text).toMatch(/written by a newer version of the workbench \(session version 4\); it is kept untouched/)
    // Work done now is autosaved apart.
    await new Promise((r) => setTimeout(r, 700))
    expect(kv.map.get(SESSION_KEY)).toBe(newer)
    expect(typeof kv.map.get('session-v3')).toBe('string')
    // The next start restores this workbench's own work; the newer record is still there.
    setActivePinia(createPinia())
    const again = host(kv)
    expect(await again.s.read()).toMatchObject({ status: 'found' })
    expect(kv.map.get(SESSION_KEY)).toBe(newer)
  })
})
