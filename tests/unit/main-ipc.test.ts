// The typed API and its two ends without Electron: channel names, the preload's bridge over a fake
// ipcRenderer, the main process's checked handlers over a fake ipcMain; and the menu, the settings
// file and the window placement.
import { describe, expect, it } from 'vitest'
import { API, type HalmaApi } from '../../src/preload/api'
import { makeBridge } from '../../src/preload/bridge'
import { registerApi, sendEvent, PARSERS, type MainHandlers } from '../../src/main/ipc'
import { menuTemplate } from '../../src/main/menu'
import { parseSettings, SettingsStore } from '../../src/main/settings'
import { DEFAULT_WINDOW, fitWindow, parseWindowState } from '../../src/main/window-state'
import type { MenuItemConstructorOptions } from 'electron'

describe('the API object', () => {
  it('names every channel domain:verb, once', () => {
    const channels = Object.values(API).map((s) => s.channel)
    for (const c of channels) expect(c).toMatch(/^(app|job|document|session|export|window|menu):[a-z]+(-[a-z]+)*$/)
    expect(new Set(channels).size).toBe(channels.length)
  })

  it('has a checker for every request the main process handles', () => {
    const requests = Object.entries(API)
      .filter(([, s]) => s.kind === 'invoke')
      .map(([n]) => n)
    expect(Object.keys(PARSERS).sort()).toEqual(requests.sort())
  })
})

describe('the preload bridge', () => {
  function fakeIpc() {
    const invoked: unknown[][] = []
    const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>()
    return {
      invoked,
      listeners,
      ipc: {
        invoke: async (channel: string, ...args: unknown[]) => {
          invoked.push([channel, ...args])
          return `reply to ${channel}`
        },
        on: (channel: string, l: (event: unknown, ...args: unknown[]) => void) => {
          if (!listeners.has(channel)) listeners.set(channel, new Set())
          listeners.get(channel)!.add(l)
        },
        removeListener: (channel: string, l: (event: unknown, ...args: unknown[]) => void) => listeners.get(channel)?.delete(l),
      },
    }
  }

  it('turns each request into an invoke on its channel', async () => {
    const f = fakeIpc()
    const api: HalmaApi = makeBridge(f.ipc)
    expect(Object.keys(api).sort()).toEqual(Object.keys(API).sort())
    expect(await api.cancelJob('job-7')).toBe('reply to job:cancel')
    await api.info()
    expect(f.invoked).toEqual([['job:cancel', 'job-7'], ['app:info']])
  })

  it('subscribes event listeners without passing the IPC event to the page, and unsubscribes', () => {
    const f = fakeIpc()
    const api = makeBridge(f.ipc)
    const got: unknown[] = []
    const off = api.onCommand((c) => got.push(c))
    const sender = { secret: 'the IPC event' }
    for (const l of f.listeners.get('menu:command')!) l(sender, { name: 'save' })
    expect(got).toEqual([{ name: 'save' }])
    off()
    expect(f.listeners.get('menu:command')!.size).toBe(0)
  })
})

describe('main process handlers', () => {
  function setup() {
    const handlers = new Map<string, (event: { sender: unknown }, ...args: unknown[]) => unknown>()
    const calls: unknown[][] = []
    const record =
      (name: string, reply: unknown = undefined) =>
      (...args: unknown[]) => {
        calls.push([name, ...args])
        return reply
      }
    const impl = Object.fromEntries(Object.keys(PARSERS).map((n) => [n, record(n, `${n} done`)])) as unknown as MainHandlers
    const window = { id: 'our window' }
    const unregister = registerApi(
      { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) },
      impl,
      (event) => event.sender === window,
    )
    const call = (channel: string, ...args: unknown[]) => handlers.get(channel)!({ sender: window }, ...args)
    return { handlers, calls, call, window, unregister }
  }

  it('registers every request channel and removes them again', () => {
    const s = setup()
    expect([...s.handlers.keys()].sort()).toEqual(
      Object.values(API)
        .filter((x) => x.kind === 'invoke')
        .map((x) => x.channel)
        .sort(),
    )
    s.unregister()
    expect(s.handlers.size).toBe(0)
  })

  it('passes checked arguments to the handler', async () => {
    const s = setup()
    const request = { file: { name: 'a.halma.json', path: '/x/a.halma.json' }, text: '{}' }
    expect(await s.call('document:save', request)).toBe('saveDocument done')
    expect(await s.call('job:cancel', 'job-1')).toBe('cancelJob done')
    const game = { kind: 'game', params: { problem: {}, strategy: 'exhaustive' } }
    expect(await s.call('job:start', game)).toBe('startJob done')
    expect(s.calls).toEqual([
      ['saveDocument', request],
      ['cancelJob', 'job-1'],
      ['startJob', game],
    ])
  })

  it('refuses requests from anything but our window', () => {
    const s = setup()
    expect(() => s.handlers.get('app:info')!({ sender: { id: 'an iframe' } })).toThrow(
      'app:info: refused: the request does not come from the workbench window',
    )
    expect(s.calls).toEqual([])
  })

  it.each([
    ['app:info', [1], 'app:info: takes 0 arguments, not 1'],
    ['job:cancel', [42], 'job:cancel: the job id must be a string, not number'],
    ['job:start', ['solve'], 'job:start: a job request is an object with a kind and params'],
    ['job:start', [{ kind: 'replay', params: {} }], 'job:start: unknown job kind "replay" (known: solve, game, players, fewest, army, tablebase)'],
    ['job:start', [{ kind: 'game', params: {}, priority: 9 }], "job:start: a job request has an unknown field 'priority'"],
    ['document:save', [{ file: { name: 'a' }, text: 5 }], 'document:save: text must be a string, not number'],
    ['document:save', [{ file: { name: 'a', shell: 'rm' }, text: '' }], "document:save: file has an unknown field 'shell'"],
    ['document:set-state', [{ file: { name: 'a' }, dirty: 'yes' }], 'document:set-state: dirty must be true or false'],
    ['document:open-recent', ['x'.repeat(5000)], 'document:open-recent: the path is longer than 4096 characters'],
  ])('refuses %s with %j: %s', (channel, args, message) => {
    const s = setup()
    expect(() => s.call(channel, ...args)).toThrow(message)
    expect(s.calls).toEqual([])
  })

  it('sends events on their channels', () => {
    const sent: unknown[][] = []
    sendEvent({ send: (c, p) => sent.push([c, p]) }, 'onCommand', { name: 'open-path', path: '/a.json' })
    sendEvent(undefined, 'onCommand', { name: 'new' })
    expect(sent).toEqual([['menu:command', { name: 'open-path', path: '/a.json' }]])
  })
})

describe('the menu', () => {
  const flatten = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])])

  it('has File, Edit, View, Window and Help with the usual accelerators, sending commands', () => {
    const sent: unknown[] = []
    const template = menuTemplate(
      { appName: 'Halma Workbench', isMac: false, recent: [{ path: '/d/a.halma.json', name: 'a.halma.json' }], dev: false },
      { command: (c) => sent.push(c), clearRecent: () => sent.push('clear'), about: () => sent.push('about') },
    )
    expect(template.map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'View', 'windowMenu', 'help'])
    const items = flatten(template)
    const byLabel = (l: string) => items.find((i) => i.label === l)!
    const accel = Object.fromEntries(items.filter((i) => i.accelerator).map((i) => [i.label, i.accelerator]))
    expect(accel).toEqual({
      New: 'CmdOrCtrl+N',
      'Open…': 'CmdOrCtrl+O',
      Save: 'CmdOrCtrl+S',
      'Save As…': 'CmdOrCtrl+Shift+S',
      Undo: 'CmdOrCtrl+Z',
      Redo: 'CmdOrCtrl+Y',
    })
    for (const l of ['New', 'Open…', 'Save', 'Save As…', 'Undo', 'Redo', '/d/a.halma.json', 'Clear Recent', 'About Halma Workbench']) {
      ;(byLabel(l).click as () => void)()
    }
    expect(sent).toEqual([
      { name: 'new' },
      { name: 'open' },
      { name: 'save' },
      { name: 'save-as' },
      { name: 'undo' },
      { name: 'redo' },
      { name: 'open-path', path: '/d/a.halma.json' },
      'clear',
      'about',
    ])
    expect(items.map((i) => i.role).filter(Boolean)).toEqual(
      expect.arrayContaining(['quit', 'cut', 'copy', 'paste', 'selectAll', 'resetZoom', 'togglefullscreen']),
    )
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(false)
  })

  it('on macOS: an application menu, Redo on Shift+Cmd+Z, and an empty recent list says so', () => {
    const template = menuTemplate(
      { appName: 'Halma Workbench', isMac: true, recent: [], dev: true },
      { command: () => undefined, clearRecent: () => undefined, about: () => undefined },
    )
    expect(template[0]!.label).toBe('Halma Workbench')
    const items = flatten(template)
    expect(items.find((i) => i.label === 'Redo')!.accelerator).toBe('Shift+CmdOrCtrl+Z')
    expect(items.find((i) => i.label === 'No Recent Documents')!.enabled).toBe(false)
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(true)
  })
})

describe('settings and window placement', () => {
  it('reads what checks out and drops the rest', () => {
    expect(parseSettings(undefined)).toEqual({ recent: [] })
    expect(parseSettings('{oops')).toEqual({ recent: [] })
    expect(
      parseSettings(JSON.stringify({ recent: ['/a.json', 3], window: { width: 900, height: 700, x: 10, y: 20, maximized: true } })),
    ).toEqual({
      recent: ['/a.json'],
      window: { width: 900, height: 700, x: 10, y: 20, maximized: true },
    })
    expect(parseWindowState({ width: 'wide', height: 700 })).toBeUndefined()
    expect(parseWindowState({ width: 900, height: 700, x: 1.5, y: 0 })).toEqual({ width: 900, height: 700, maximized: false })
  })

  it('writes the latest settings, one write at a time, and survives a failed write', async () => {
    const writes: string[] = []
    const errors: unknown[] = []
    let fail = true
    const store = await SettingsStore.load({
      read: () => Promise.reject(new Error('ENOENT')),
      write: async (t) => {
        if (fail) {
          fail = false
          throw new Error('EROFS')
        }
        writes.push(t)
      },
      onError: (e) => errors.push(e),
    })
    expect(store.value).toEqual({ recent: [] })
    await store.update({ recent: ['/a.json'] })
    expect(errors).toHaveLength(1)
    void store.update({ recent: ['/b.json'] })
    void store.update({ recent: ['/c.json'] })
    await store.flush()
    expect(writes.map((w) => JSON.parse(w).recent)).toEqual([['/c.json']])
  })

  const screen = { x: 0, y: 0, width: 1920, height: 1080 }
  it('reuses a placement that is on a display', () => {
    expect(fitWindow({ x: 100, y: 50, width: 1000, height: 800, maximized: true }, [screen])).toEqual({
      x: 100,
      y: 50,
      width: 1000,
      height: 800,
      maximized: true,
    })
  })

  it('centres a window whose display has gone, and shrinks it to fit', () => {
    expect(fitWindow({ x: 3000, y: 50, width: 2500, height: 800, maximized: false }, [screen])).toEqual({
      width: 1920,
      height: 800,
      maximized: false,
    })
    expect(fitWindow(undefined, [screen])).toEqual(DEFAULT_WINDOW)
  })

  it('pulls a window that hangs over an edge back onto its display', () => {
    expect(fitWindow({ x: 1500, y: 500, width: 800, height: 700, maximized: false }, [screen])).toEqual({
      x: 1120,
      y: 380,
      width: 800,
      height: 700,
      maximized: false,
    })
  })
})
