// The Electron glue (src/main/app.ts) with the `electron` module replaced by test doubles. The
// utility process double forks the real job-process entry as a Node child process, so a search
// runs end to end: IPC handler -> job manager -> utilityLauncher -> job process -> engine -> events.
import type { EventEmitter } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { JobEvent } from '../../src/shared/jobs/manager'
import type { JobTypes } from '../../src/shared/jobs/protocol'
import { specFromProblem } from '../../src/shared/halma/document'
import { presetProblem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { boardByName } from '../../src/shared/halma/board'
import { makeRules } from '../../src/shared/halma/rules'
import { verify } from '../../src/shared/halma/verify'
import { PROBLEMS_DIR } from './fixtures'

const ROOT = join(import.meta.dirname, '../..')
const JOB_PROCESS = join(ROOT, 'src/hosts/node/job-process.ts')
const EXPANSION = join(ROOT, 'out/cli/expansion-worker.mjs')

/** The doubles' shared state, reset before each test. */
const h = vi.hoisted(() => ({
  lock: true,
  userData: '',
  answer: 0,
  quit: 0,
  app: undefined as unknown as EventEmitter,
  windows: [] as FakeWindowLike[],
  handlers: new Map<string, (event: { sender: unknown; senderFrame?: unknown }, ...args: unknown[]) => unknown>(),
  menus: [] as unknown[],
  forks: [] as { script: string; args: string[]; options: Record<string, unknown>; pid?: number }[],
  dialogs: [] as unknown[],
  permission: undefined as undefined | ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void),
  permissionCheck: undefined as undefined | ((wc: unknown, permission: string) => boolean),
  open: [] as string[],
  save: [] as string[],
}))

interface FakeWindowLike {
  options: Record<string, unknown>
  webContents: {
    send: ReturnType<typeof vi.fn>
    emit(e: string, ...a: unknown[]): boolean
    openHandler?: (d: { url: string }) => unknown
    mainFrame: { url: string }
  }
  closed: boolean
  edited: boolean | undefined
  close(): void
  emit(e: string, ...a: unknown[]): boolean
}

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  const cp = await import('node:child_process')
  class FakeWebContents extends EventEmitter {
    send = vi.fn()
    /** The top frame, showing our page (the renderer's file). */
    mainFrame = { url: 'file:///app/out/renderer/index.html' }
    openHandler: ((d: { url: string }) => unknown) | undefined
    setWindowOpenHandler(f: (d: { url: string }) => unknown) {
      this.openHandler = f
    }
  }
  class BrowserWindow extends EventEmitter {
    webContents = new FakeWebContents()
    closed = false
    edited: boolean | undefined
    loaded: string | undefined
    constructor(public options: Record<string, unknown>) {
      super()
      h.windows.push(this as unknown as FakeWindowLike)
    }
    loadFile(f: string) {
      this.loaded = f
      return Promise.resolve()
    }
    loadURL(u: string) {
      this.loaded = u
      return Promise.resolve()
    }
    isDestroyed() {
      return this.closed
    }
    isMinimized() {
      return false
    }
    isMaximized() {
      return false
    }
    restore() {}
    focus() {}
    show() {}
    maximize() {}
    getNormalBounds() {
      return { x: 40, y: 30, width: 1000, height: 700 }
    }
    setDocumentEdited(d: boolean) {
      this.edited = d
    }
    setRepresentedFilename() {}
    close() {
      let prevented = false
      this.emit('close', { preventDefault: () => (prevented = true) })
      if (!prevented) {
        this.closed = true
        this.emit('closed')
      }
    }
    static getAllWindows() {
      return h.windows.filter((w) => !w.closed)
    }
  }
  const app = Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: () => h.lock,
    quit: () => void h.quit++,
    setName: () => undefined,
    whenReady: () => Promise.resolve(),
    getPath: (name: string) => (name === 'userData' ? h.userData : join(h.userData, name)),
    getVersion: () => '0.1.0',
    isPackaged: false,
  })
  h.app = app
  return {
    app,
    BrowserWindow,
    ipcMain: {
      handle: (c: string, l: (event: { sender: unknown; senderFrame?: unknown }, ...args: unknown[]) => unknown) => h.handlers.set(c, l),
      removeHandler: (c: string) => h.handlers.delete(c),
    },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: (m: unknown) => h.menus.push(m) },
    dialog: {
      showMessageBox: async (...a: unknown[]) => {
        h.dialogs.push(a.at(-1))
        return { response: h.answer }
      },
      showOpenDialog: async () => {
        const p = h.open.shift()
        return p ? { canceled: false, filePaths: [p] } : { canceled: true, filePaths: [] }
      },
      showSaveDialog: async () => {
        const p = h.save.shift()
        return p ? { canceled: false, filePath: p } : { canceled: true, filePath: '' }
      },
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (f: typeof h.permission) => (h.permission = f),
        setPermissionCheckHandler: (f: typeof h.permissionCheck) => (h.permissionCheck = f),
      },
    },
    shell: { openExternal: vi.fn() },
    // A utility process stand-in: a Node child process running the same script, same protocol.
    utilityProcess: {
      fork: (script: string, args: string[], options: Record<string, unknown>) => {
        const child = cp.fork(script, args, {
          execArgv: ['--import', 'tsx'],
          serialization: 'advanced',
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        })
        h.forks.push({ script, args, options, pid: child.pid })
        const up = new EventEmitter()
        child.on('message', (m) => up.emit('message', m))
        // Electron reports an exit code only; a signal shows as 128 + its number.
        child.on('exit', (code, signal) => up.emit('exit', code ?? (signal === 'SIGKILL' ? 137 : 143)))
        return Object.assign(up, { postMessage: (m: unknown) => child.send(m as never), kill: () => child.kill(), pid: child.pid })
      },
    },
  }
})

const { startApp, searchBudget } = await import('../../src/main/app')

const OPTIONS = {
  scripts: { job: JOB_PROCESS, expansion: EXPANSION },
  preload: '/app/out/preload/index.cjs',
  renderer: { file: '/app/out/renderer/index.html' },
}

const square4 = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'square4')))
const triangle10 = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'triangle10')))

let started: FakeWindowLike[] = []
beforeEach(() => {
  h.lock = true
  h.userData = mkdtempSync(join(tmpdir(), 'halma-app-'))
  h.answer = 0
  h.quit = 0
  h.windows.length = 0
  h.handlers.clear()
  h.menus.length = 0
  h.forks.length = 0
  h.dialogs.length = 0
  h.open.length = 0
  h.save.length = 0
  h.app.removeAllListeners()
  started = h.windows
})
afterEach(async () => {
  await quit()
  rmSync(h.userData, { recursive: true, force: true })
})

/** Quit as Electron does: will-quit, which the app may hold until its settings are written. */
async function quit(): Promise<void> {
  const before = h.quit
  let held = false
  h.app.emit('will-quit', { preventDefault: () => (held = true) })
  if (held) await vi.waitFor(() => expect(h.quit).toBe(before + 1))
}

async function boot(): Promise<FakeWindowLike> {
  startApp(OPTIONS)
  await vi.waitFor(() => expect(started).toHaveLength(1))
  return started[0]!
}

/** Call a request handler as our window's renderer would. */
function request(win: FakeWindowLike, channel: string, ...args: unknown[]): unknown {
  const handler = h.handlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return handler({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, ...args)
}

function sent(win: FakeWindowLike, channel: string): unknown[] {
  return win.webContents.send.mock.calls.filter((c: unknown[]) => c[0] === channel).map((c: unknown[]) => c[1])
}

const jobEvents = (win: FakeWindowLike) => sent(win, 'job:event') as JobEvent[]

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('the Electron app, with Electron replaced by doubles', () => {
  it('a second instance hands over and quits without a window', async () => {
    h.lock = false
    startApp(OPTIONS)
    await new Promise((r) => setTimeout(r, 50))
    expect(h.quit).toBe(1)
    expect(started).toHaveLength(0)
    expect(h.handlers.size).toBe(0)
  })

  it('opens one secure window: sandbox, context isolation, no Node, no pop-ups, no navigation, no permissions', async () => {
    const win = await boot()
    expect(win.options['webPreferences']).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    })
    expect((win as unknown as { loaded: string }).loaded).toBe('/app/out/renderer/index.html')
    expect(win.webContents.openHandler!({ url: 'https://example.org/' })).toEqual({ action: 'deny' })
    let prevented = false
    win.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, 'https://evil.example/')
    expect(prevented).toBe(true)
    let granted: boolean | undefined
    h.permission!(win.webContents, 'media', (ok) => (granted = ok))
    expect(granted).toBe(false)
    expect(h.menus).toHaveLength(1)
  })

  it('answers requests from its window only, and checks their arguments', async () => {
    const win = await boot()
    expect(await request(win, 'app:info')).toMatchObject({ host: 'electron', version: '0.1.0', recentFiles: true, nativeMenus: true })
    expect(() => h.handlers.get('app:info')!({ sender: { other: true } })).toThrow(/refused/)
    expect(() => request(win, 'job:cancel', { id: 1 })).toThrow('job:cancel: the job id must be a string, not object')
  })

  it('runs a search in a utility process and streams its events to the window', async () => {
    const win = await boot()
    const ticket = (await request(win, 'job:start', { kind: 'solve', params: { problem: square4, threads: 2 } })) as {
      ok: boolean
      value: { id: string }
    }
    expect(ticket.ok).toBe(true)
    const id = ticket.value.id
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === id && (e.type === 'result' || e.type === 'failed'))).toBe(true), {
      timeout: 60_000,
    })
    expect(h.forks[0]).toMatchObject({
      script: JOB_PROCESS,
      args: [`--expansion-worker=${EXPANSION}`],
      options: { serviceName: 'Halma solve search' },
    })
    const events = jobEvents(win).filter((e) => e.id === id)
    expect(events.map((e) => e.type)).toContain('progress')
    const last = events.at(-1)!
    expect(last.type).toBe('result')
    if (last.type !== 'result' || last.kind !== 'solve') throw new Error(`not a solve result: ${JSON.stringify(last)}`)
    const result = last.result as JobTypes['solve']['result']
    expect(result.status).toBe('optimal')
    const problem = unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'square4'))
    expect(verify(problem, result.moves.join(', ')).valid).toBe(true)
  })

  it('runs a game search in a utility process: the shortest games and their count reach the window', async () => {
    const win = await boot()
    const game = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/game3-4x4.halma.json'), 'utf8'))
    const ticket = (await request(win, 'job:start', { kind: 'game', params: { problem: game, threads: 1, listGames: 5 } })) as {
      ok: boolean
      value: { id: string }
    }
    expect(ticket.ok).toBe(true)
    const id = ticket.value.id
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === id && (e.type === 'result' || e.type === 'failed'))).toBe(true), {
      timeout: 60_000,
    })
    expect(h.forks[0]).toMatchObject({ script: JOB_PROCESS, options: { serviceName: 'Halma game search' } })
    const last = jobEvents(win)
      .filter((e) => e.id === id)
      .at(-1)!
    expect(last).toMatchObject({ type: 'result', kind: 'game' })
    if (last.type !== 'result' || last.kind !== 'game') return
    expect(last.result).toMatchObject({ status: 'optimal', length: 9, winner: 'blue', count: { games: 170, finalPositions: 8 } })
    expect(last.result.games).toHaveLength(5)
  })

  it('keeps a search’s levels in a folder chosen in the dialog and resumes it there; a folder not chosen is refused', async () => {
    const win = await boot()
    expect(await request(win, 'app:info')).toMatchObject({ searchFolders: true })
    const dir = mkdtempSync(join(tmpdir(), 'halma-app-disk-'))
    const game = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/game3-4x4.halma.json'), 'utf8'))
    const params = { problem: game, threads: 1, listGames: 5, strategy: 'exhaustive', disk: dir }
    try {
      expect(await request(win, 'job:start', { kind: 'game', params })).toMatchObject({ ok: false, error: [{ code: 'job.disk', at: 'params.disk' }] })
      expect(h.forks).toHaveLength(0)
      h.open.push(dir)
      expect(await request(win, 'job:choose-folder')).toEqual({ status: 'chosen', path: dir, checkpoint: false })
      const run = async (extra: object) => {
        const ticket = (await request(win, 'job:start', { kind: 'game', params: { ...params, ...extra } })) as { ok: boolean; value: { id: string } }
        expect(ticket.ok).toBe(true)
        const id = ticket.value.id
        await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === id && (e.type === 'result' || e.type === 'failed'))).toBe(true), {
          timeout: 60_000,
        })
        const last = jobEvents(win)
          .filter((e) => e.id === id)
          .at(-1)!
        if (last.type !== 'result' || last.kind !== 'game') throw new Error(`not a game result: ${JSON.stringify(last)}`)
        return last.result
      }
      const first = await run({})
      expect(first).toMatchObject({ status: 'optimal', length: 9, count: { games: 170 } })
      // The utility process wrote the checkpoint in the folder; the dialog says so when it is chosen again.
      expect(existsSync(join(dir, 'checkpoint.json'))).toBe(true)
      h.open.push(dir)
      expect(await request(win, 'job:choose-folder')).toEqual({ status: 'chosen', path: dir, checkpoint: true })
      const resumed = await run({ resume: true })
      expect([resumed.proof.statement, resumed.moves, resumed.count]).toEqual([first.proof.statement, first.moves, first.count])
      expect(resumed.proof.searches.map((s) => s.levels)).toEqual(first.proof.searches.map((s) => s.levels))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('answers a bad job with diagnostics, not a crash', async () => {
    const win = await boot()
    const ticket = (await request(win, 'job:start', { kind: 'solve', params: { problem: square4, strategy: 'fastest' } })) as {
      ok: boolean
      error: { at: string; message: string }[]
    }
    expect(ticket.ok).toBe(false)
    expect(ticket.error[0]).toMatchObject({ at: 'params.strategy', message: 'must be one of auto, beam, exhaustive, not "fastest"' })
    expect(h.forks).toHaveLength(0)
  })

  it('cancel ends the utility process; a killed one fails its job with the reason, and the app carries on', async () => {
    const win = await boot()
    const start = async (problem: unknown, strategy = 'exhaustive') =>
      ((await request(win, 'job:start', { kind: 'solve', params: { problem, strategy, threads: 1 } })) as { value: { id: string } }).value
        .id
    const a = await start(triangle10)
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === a && e.type === 'progress')).toBe(true), { timeout: 30_000 })
    expect(await request(win, 'job:cancel', a)).toBe(true)
    expect(jobEvents(win).at(-1)).toMatchObject({ id: a, type: 'cancelled' })
    await vi.waitFor(() => expect(alive(h.forks[0]!.pid!)).toBe(false), { timeout: 1000, interval: 10 })

    const b = await start(triangle10)
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === b && e.type === 'progress')).toBe(true), { timeout: 30_000 })
    process.kill(h.forks[1]!.pid!, 'SIGKILL')
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === b && e.type === 'failed')).toBe(true), { timeout: 10_000 })
    expect(jobEvents(win).find((e) => e.id === b && e.type === 'failed')).toMatchObject({
      reason: 'the search process exited with code 137 before the search finished',
    })
    const c = await start(square4, 'auto')
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === c && e.type === 'result')).toBe(true), { timeout: 60_000 })
  })

  it('closing with unsaved changes asks: Cancel keeps the window, Save saves first, Don’t Save closes', async () => {
    const win = await boot()
    await request(win, 'window:ready')
    await request(win, 'document:set-state', { file: { name: 'a.halma.json' }, dirty: true })
    expect(win.edited).toBe(true)
    h.answer = 2
    win.close()
    await vi.waitFor(() => expect(h.dialogs).toHaveLength(1))
    expect(h.dialogs[0]).toMatchObject({
      message: 'Do you want to save the changes to a.halma.json?',
      buttons: ['Save', "Don't Save", 'Cancel'],
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(win.closed).toBe(false)

    h.answer = 0
    win.close()
    await vi.waitFor(() => expect(sent(win, 'menu:command')).toEqual([{ name: 'save', then: 'close' }]))
    expect(win.closed).toBe(false)
    // The renderer saved, and asks to close.
    await request(win, 'document:set-state', { file: { name: 'a.halma.json', path: '/x/a.halma.json' }, dirty: false })
    await request(win, 'window:close')
    expect(win.closed).toBe(true)
  })

  it('asks Discard or Cancel, never Save, for work a save cannot hold', async () => {
    const win = await boot()
    h.answer = 0
    expect(await request(win, 'document:ask-unsaved', 'the line in the stepper (3 moves)', false)).toBe('discard')
    expect(h.dialogs.at(-1)).toMatchObject({ message: 'Discard the line in the stepper (3 moves)?', buttons: ['Discard', 'Cancel'], cancelId: 1 })
    h.answer = 1
    expect(await request(win, 'document:ask-unsaved', 'the line', false)).toBe('cancel')
    h.answer = 0
    expect(await request(win, 'document:ask-unsaved', 'a.halma.json')).toBe('save')
    expect(() => request(win, 'document:ask-unsaved', 'a', 'yes')).toThrow('savable must be true or false, not string')
    expect(() => request(win, 'document:ask-unsaved', 'a', true, 1)).toThrow('takes 1 or 2 arguments, not 3')
    h.answer = 0
    expect(await request(win, 'document:ask-unsaved', 'a.halma.json', undefined)).toBe('save')
  })

  it('closing with only a line not kept asks Discard or Cancel; Discard closes', async () => {
    const win = await boot()
    await request(win, 'window:ready')
    const line = 'the line in the stepper (3 moves, pasted)'
    expect(() => request(win, 'document:set-state', { file: { name: 'a' }, dirty: true, unheld: { what: 3, only: true } })).toThrow(/unheld.what/)
    await request(win, 'document:set-state', { file: { name: 'a.halma.json' }, dirty: true, unheld: { what: line, only: true } })
    h.answer = 1
    win.close()
    await vi.waitFor(() => expect(h.dialogs.at(-1)).toMatchObject({ message: `Discard ${line}?`, buttons: ['Discard', 'Cancel'], defaultId: 1 }))
    await new Promise((r) => setTimeout(r, 20))
    expect(win.closed).toBe(false)
    h.answer = 0
    win.close()
    await vi.waitFor(() => expect(win.closed).toBe(true))
  })

  it('Don’t Save closes the window; a clean document closes without asking', async () => {
    const win = await boot()
    await request(win, 'document:set-state', { file: { name: 'b.halma.json' }, dirty: true })
    h.answer = 1
    win.close()
    await vi.waitFor(() => expect(win.closed).toBe(true))
    expect(h.dialogs).toHaveLength(1)
  })

  it('keeps the autosaved session in the data folder; Don’t Save on closing discards it', async () => {
    const win = await boot()
    const file = join(h.userData, 'session.json')
    expect(await request(win, 'session:read')).toEqual({ status: 'none' })
    expect(await request(win, 'session:write', '{"work": 1}')).toEqual({ status: 'saved' })
    expect(readFileSync(file, 'utf8')).toBe('{"work": 1}')
    expect(await request(win, 'session:read')).toEqual({ status: 'found', text: '{"work": 1}' })
    expect(() => request(win, 'session:write', 42)).toThrow('session:write: the session must be a string, not number')
    // Closing with unsaved work, and the user does not save: the work is not restored next time.
    await request(win, 'document:set-state', { file: { name: 'c.halma.json' }, dirty: true })
    h.answer = 1
    win.close()
    await vi.waitFor(() => expect(win.closed).toBe(true))
    await vi.waitFor(() => expect(existsSync(file)).toBe(false))
  })

  it('opens a double-clicked document in the running window (single instance), once the page listens', async () => {
    const path = join(h.userData, 'double.halma.json')
    writeFileSync(path, readFileSync(join(PROBLEMS_DIR, 'triangle10-8move.halma.json')))
    const win = await boot()
    h.app.emit('second-instance', {}, ['/usr/bin/halma-workbench', 'double.halma.json'], h.userData)
    expect(sent(win, 'menu:command')).toEqual([])
    await request(win, 'window:ready')
    expect(sent(win, 'menu:command')).toEqual([{ name: 'open-path', path }])
    const opened = (await request(win, 'document:open-recent', path)) as { status: string; file: { name: string } }
    expect(opened).toMatchObject({ status: 'opened', file: { name: 'double.halma.json', path } })
    // Read, it is not recent yet (the page may keep its work instead); shown by the page, it is:
    // the menu is rebuilt, and the list says so.
    expect(await request(win, 'document:recent')).toEqual([])
    const menus = h.menus.length
    await request(win, 'document:set-state', { file: { name: 'double.halma.json', path }, dirty: false })
    expect(h.menus.length).toBeGreaterThan(menus)
    expect(await request(win, 'document:recent')).toEqual([{ path, name: 'double.halma.json' }])
  })

  it('saves through the dialogs and refuses paths the user did not choose', async () => {
    const win = await boot()
    const text = readFileSync(join(PROBLEMS_DIR, 'triangle10-6move.halma.json'), 'utf8')
    const target = join(h.userData, 'saved')
    h.save.push(target)
    const r = await request(win, 'document:save', { file: { name: 'untitled.halma.json' }, text })
    expect(r).toEqual({ status: 'saved', file: { name: 'saved.halma.json', path: `${target}.halma.json` } })
    expect(readFileSync(`${target}.halma.json`, 'utf8')).toBe(text)
    const refused = (await request(win, 'document:save', { file: { name: 'x', path: join(h.userData, 'other.halma.json') }, text })) as {
      status: string
    }
    expect(refused.status).toBe('failed')
    expect(existsSync(join(h.userData, 'other.halma.json'))).toBe(false)
  })

  it('remembers the window placement and recent files for the next start', async () => {
    const win = await boot()
    const path = join(h.userData, 'r.halma.json')
    writeFileSync(path, readFileSync(join(PROBLEMS_DIR, 'triangle10-6move.halma.json')))
    h.open.push(path)
    expect(await request(win, 'document:open')).toMatchObject({ status: 'opened' })
    await request(win, 'document:set-state', { file: { name: 'r.halma.json', path }, dirty: false })
    win.close()
    // Quitting waits until the settings are on disk.
    await quit()
    const file = join(h.userData, 'settings.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      recent: [path],
      window: { x: 40, y: 30, width: 1000, height: 700, maximized: false },
    })

    h.windows.length = 0
    h.handlers.clear()
    h.app.removeAllListeners()
    const again = await boot()
    expect(again.options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700 })
    expect(await request(again, 'document:recent')).toEqual([{ path, name: 'r.halma.json' }])
  })

  it('gives searches half the memory, at most 6 GiB', () => {
    expect(searchBudget(8 * 2 ** 30)).toBe(4 * 2 ** 30)
    expect(searchBudget(64 * 2 ** 30)).toBe(6 * 2 ** 30)
  })
})

/** The menu item at a path of labels in the last menu built. */
function menuItem(...labels: string[]): { click?: () => void; checked?: boolean; submenu?: unknown[] } {
  let items = h.menus.at(-1) as { label?: string; submenu?: unknown[] }[]
  let item: { label?: string; submenu?: unknown[]; click?: () => void } | undefined
  for (const label of labels) {
    item = items.find((i) => i.label === label)
    if (!item) throw new Error(`no menu item ${labels.join(' > ')}`)
    items = (item.submenu ?? []) as { label?: string; submenu?: unknown[] }[]
  }
  return item!
}

describe('what a page may ask of the main process (issue 31)', () => {

  it('a job asking for more threads or memory than the machine has, or a cluster, is refused by name', async () => {
    const win = await boot()
    const ask = async (params: object) =>
      (await request(win, 'job:start', { kind: 'solve', params: { problem: square4, ...params } })) as { ok: boolean; error: { at: string; message: string }[] }
    const threads = await ask({ threads: 256 })
    expect(threads.ok).toBe(false)
    expect(threads.error[0]).toMatchObject({ at: 'params.threads', message: expect.stringMatching(/^256 threads asked; this machine has \d+ cores$/) })
    const budget = await ask({ budgetBytes: 2 ** 40 })
    expect(budget.error[0]).toMatchObject({ at: 'params.budgetBytes', message: expect.stringMatching(/^a budget of 1024\.0 GB asked; this machine has/) })
    const cluster = await ask({ disk: h.userData, cluster: 'redis://attacker.example:6379' })
    expect(cluster.error.map((e) => e.at)).toContain('params.cluster')
    expect(h.forks).toHaveLength(0)
  })

  it('one search at a time for the window, unless the user chooses more in View > Searches at Once', async () => {
    const win = await boot()
    const start = async () =>
      ((await request(win, 'job:start', { kind: 'solve', params: { problem: triangle10, strategy: 'exhaustive', threads: 1 } })) as { value: { id: string } }).value.id
    const a = await start()
    const b = await start()
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === a && e.type === 'started')).toBe(true))
    expect(jobEvents(win).some((e) => e.id === b && e.type === 'queued')).toBe(true)
    await new Promise((r) => setTimeout(r, 200))
    expect(h.forks).toHaveLength(1)
    expect(jobEvents(win).some((e) => e.id === b && e.type === 'started')).toBe(false)
    // The user asks for two: the queued one starts.
    menuItem('View', 'Searches at Once', '2').click!()
    await vi.waitFor(() => expect(jobEvents(win).some((e) => e.id === b && e.type === 'started')).toBe(true))
    expect(h.forks).toHaveLength(2)
    expect(menuItem('View', 'Searches at Once', '2').checked).toBe(true)
    await request(win, 'job:cancel', a)
    await request(win, 'job:cancel', b)
  })

  it('no permission is granted when checked, and links open only for the project\'s pages', async () => {
    const win = await boot()
    expect(h.permissionCheck!(win.webContents, 'clipboard-read')).toBe(false)
    const { shell } = await import('electron')
    const open = vi.mocked(shell.openExternal)
    open.mockClear()
    for (const url of ['https://evil.example/', 'http://math.colgate.edu/~integers/', 'https://user@math.colgate.edu/~integers/', 'file:///etc/passwd', 'https://math.colgate.edu/other'])
      expect(win.webContents.openHandler!({ url })).toEqual({ action: 'deny' })
    expect(open).not.toHaveBeenCalled()
    win.webContents.openHandler!({ url: 'https://math.colgate.edu/~integers/j9/j9.pdf' })
    expect(open).toHaveBeenCalledWith('https://math.colgate.edu/~integers/j9/j9.pdf')
  })

  it('requests from a frame inside the page, or from the page after it navigated away, are refused', async () => {
    const win = await boot()
    const handler = h.handlers.get('app:info')!
    expect(() => handler({ sender: win.webContents, senderFrame: { url: 'file:///app/out/renderer/index.html' } })).toThrow(/refused/)
    const top = win.webContents.mainFrame
    top.url = 'https://evil.example/'
    expect(() => handler({ sender: win.webContents, senderFrame: top })).toThrow(/refused/)
    top.url = 'file:///app/out/renderer/index.html'
    expect(handler({ sender: win.webContents, senderFrame: top })).toMatchObject({ host: 'electron' })
  })

  it('a recent file of an earlier run is read, but saved over only once the user chooses it again', async () => {
    const path = join(h.userData, 'earlier.halma.json')
    const text = readFileSync(join(PROBLEMS_DIR, 'triangle10-6move.halma.json'), 'utf8')
    writeFileSync(path, text)
    writeFileSync(join(h.userData, 'settings.json'), JSON.stringify({ recent: [path] }))
    const win = await boot()
    expect(await request(win, 'document:open-recent', path)).toMatchObject({ status: 'opened' })
    const changed = text.replace('"version": 1', '"version": 1,\n  "notes": "changed"')
    // The page cannot write it: Save asks where (the dialog is cancelled here), the file is untouched.
    expect(await request(win, 'document:save', { file: { name: 'earlier.halma.json', path }, text: changed })).toEqual({ status: 'cancelled' })
    expect(readFileSync(path, 'utf8')).toBe(text)
    // Chosen again in the menu: now it may be saved.
    menuItem('File', 'Open Recent', path).click!()
    expect(await request(win, 'document:save', { file: { name: 'earlier.halma.json', path }, text: changed })).toMatchObject({ status: 'saved' })
    expect(readFileSync(path, 'utf8')).toBe(changed)
  })
})
