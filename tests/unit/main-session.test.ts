// The autosaved session's two stores, without Electron and without a browser: the desktop's file in
// the data folder (a file-system double) and the browser's IndexedDB (a key-value double in place
// of idb-keyval). Each answers a failure with its reason instead of throwing, keeps writes in
// order, and forgets the session when it is cleared.
import { describe, expect, it } from 'vitest'
import { PARSERS } from '../../src/main/ipc'
import { MAX_SESSION_BYTES, SessionFile, type SessionFs } from '../../src/main/session'
import { SESSION_KEY, webSession, type KeyValue } from '../../src/renderer/api/web-session'

function memoryFs(): SessionFs & { files: Map<string, string>; log: string[]; failWrite?: string; failRead?: string } {
  const files = new Map<string, string>()
  const log: string[] = []
  const fs = {
    files,
    log,
    failWrite: undefined as string | undefined,
    failRead: undefined as string | undefined,
    readFile: async (p: string) => {
      if (fs.failRead) throw Object.assign(new Error(fs.failRead), { code: 'EACCES' })
      const t = files.get(p)
      if (t === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${p}'`), { code: 'ENOENT' })
      return t
    },
    writeFileAtomic: async (p: string, text: string) => {
      // A slow first write: a later one must still land after it.
      if (log.length === 0) await new Promise((r) => setTimeout(r, 20))
      if (fs.failWrite) throw new Error(fs.failWrite)
      log.push(text)
      files.set(p, text)
    },
    remove: async (p: string) => void files.delete(p),
    rename: async (from: string, to: string) => {
      const t = files.get(from)
      if (t === undefined) throw Object.assign(new Error(`ENOENT: no such file, rename '${from}'`), { code: 'ENOENT' })
      files.set(to, t)
      files.delete(from)
    },
  }
  return fs
}

describe('the session file in the data folder', () => {
  it('reads none before any write, then the latest text, written in order', async () => {
    const fs = memoryFs()
    const s = new SessionFile('/data/session.json', fs)
    expect(await s.read()).toEqual({ status: 'none' })
    const writes = [s.write('one'), s.write('two')]
    expect(await Promise.all(writes)).toEqual([{ status: 'saved' }, { status: 'saved' }])
    expect(fs.log).toEqual(['one', 'two'])
    expect(await s.read()).toEqual({ status: 'found', text: 'two' })
  })

  it('answers failures with the reason', async () => {
    const fs = memoryFs()
    const s = new SessionFile('/data/session.json', fs)
    fs.failWrite = 'ENOSPC: no space left on device'
    expect(await s.write('x')).toEqual({ status: 'failed', reason: 'cannot write /data/session.json: ENOSPC: no space left on device' })
    fs.failRead = 'EACCES: permission denied'
    expect(await s.read()).toEqual({ status: 'failed', reason: 'cannot read /data/session.json: EACCES: permission denied' })
    fs.failRead = undefined
    fs.files.set('/data/session.json', 'x'.repeat(MAX_SESSION_BYTES + 1))
    expect(await s.read()).toEqual({ status: 'failed', reason: '/data/session.json is larger than a session can be' })
  })

  it('discarded on closing: the file goes, and writes still queued are refused until a new window', async () => {
    const fs = memoryFs()
    const s = new SessionFile('/data/session.json', fs)
    await s.write('work')
    await s.clear(true)
    expect(await s.write('late autosave')).toEqual({ status: 'failed', reason: 'the session was discarded' })
    expect(await s.read()).toEqual({ status: 'none' })
    s.reopen()
    expect(await s.write('new work')).toEqual({ status: 'saved' })
    await s.clear()
    expect(fs.files.size).toBe(0)
    expect(await s.write('after a plain clear')).toEqual({ status: 'saved' })
  })

  it('the IPC check takes one text of bounded size', () => {
    expect(PARSERS.writeSession(['{}']).ok).toBe(true)
    const bad = PARSERS.writeSession([{ text: '{}' }])
    expect(bad.ok ? 'ok' : bad.error.message).toBe('the session must be a string, not object')
    expect(PARSERS.readSession([]).ok).toBe(true)
    expect(PARSERS.clearSession(['x']).ok).toBe(false)
  })
})

describe('nothing the user made is lost on the desktop (issue 31)', () => {
  const now = () => new Date('2026-11-26T10:00:00Z')

  it('a record the renderer could not restore is set aside beside session.json and named, not deleted', async () => {
    const fs = memoryFs()
    fs.files.set('/data/session.json', 'unreadable work')
    const s = new SessionFile('/data/session.json', fs, { now })
    expect(await s.read()).toEqual({ status: 'found', text: 'unreadable work' })
    expect(await s.clear()).toEqual({ kept: 'as /data/session-unreadable-2026-11-26T10-00-00-000Z.json' })
    expect(fs.files.get('/data/session-unreadable-2026-11-26T10-00-00-000Z.json')).toBe('unreadable work')
    expect(fs.files.has('/data/session.json')).toBe(false)
    // Once this run has written, a clear (Don't Save) removes only its own record.
    await s.write('new work')
    expect(await s.clear(true)).toEqual({})
    expect([...fs.files.keys()]).toEqual(['/data/session-unreadable-2026-11-26T10-00-00-000Z.json'])
  })

  it("a newer workbench's record is kept untouched; this one writes its own beside it and reads it back", async () => {
    const fs = memoryFs()
    const newer = '{"format":"halma-workbench-session","version":4,"x":1}'
    fs.files.set('/data/session.json', newer)
    const s = new SessionFile('/data/session.json', fs, { now })
    const r = await s.read()
    expect(r).toEqual({
      status: 'failed',
      reason:
        '/data/session.json was written by a newer version of the workbench (session version 4); it is kept untouched, and this workbench keeps its own work in /data/session-v3.json',
    })
    await s.clear()
    await s.write('mine')
    expect(fs.files.get('/data/session.json')).toBe(newer)
    expect(fs.files.get('/data/session-v3.json')).toBe('mine')
    const next = new SessionFile('/data/session.json', fs, { now })
    expect(await next.read()).toEqual({ status: 'found', text: 'mine' })
    expect(fs.files.get('/data/session.json')).toBe(newer)
  })
})

describe('the session in the browser (IndexedDB through idb-keyval)', () => {
  const memory = (): KeyValue & { map: Map<string, unknown> } => {
    const map = new Map<string, unknown>()
    return { map, get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), del: async (k) => void map.delete(k) }
  }

  it('keeps one text under its key, and forgets it when cleared', async () => {
    const kv = memory()
    const s = webSession(kv)
    expect(await s.read()).toEqual({ status: 'none' })
    expect(await s.write('{"a":1}')).toEqual({ status: 'saved' })
    expect(kv.map.get(SESSION_KEY)).toBe('{"a":1}')
    expect(await s.read()).toEqual({ status: 'found', text: '{"a":1}' })
    await s.clear()
    expect(await s.read()).toEqual({ status: 'none' })
  })

  it('storage that refuses, or holds something else, is a failure with the reason', async () => {
    const kv = memory()
    kv.map.set(SESSION_KEY, { not: 'text' })
    const s = webSession(kv)
    expect(await s.read()).toEqual({ status: 'failed', reason: 'the stored session is not text' })
    const broken: KeyValue = {
      get: () => Promise.reject(new Error('The user denied permission to access the database.')),
      set: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')),
      del: () => Promise.reject(new Error('closed')),
    }
    const b = webSession(broken)
    expect(await b.read()).toEqual({
      status: 'failed',
      reason: "the browser's storage (IndexedDB) cannot be read: The user denied permission to access the database.",
    })
    expect(await b.write('x')).toEqual({ status: 'failed', reason: "the browser's storage (IndexedDB) refused it: Quota exceeded" })
    await expect(b.clear()).resolves.toEqual({})
  })
})
