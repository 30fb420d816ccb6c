/**
 * The Electron glue of the main process: one secure window, the menu, IPC handlers, the single
 * instance lock, and the job manager with a utility process per job. The logic lives in plain
 * modules (documents.ts, ipc.ts, menu.ts, settings.ts, window-state.ts, and the shared JobManager);
 * this file only connects them to Electron.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session, shell, type WebContents } from 'electron'
import { readFile, rename, rm, stat } from 'node:fs/promises'
import { availableParallelism, totalmem } from 'node:os'
import { pathToFileURL } from 'node:url'
import { basename, join, resolve } from 'node:path'
import type { Command, DocumentState, HostInfo, ImageFormat, UnsavedChoice } from '../preload/api'
import { JobManager } from '../shared/jobs/manager'
import { parseJobRequest } from '../shared/jobs/protocol'
import { ok } from '../shared/result'
import { writeFileAtomic } from '../hosts/node/files'
import { closeDecision, documentArgument, DocumentFiles, RecentFiles, type FileDialogs } from './documents'
import { ImageExports } from './exports'
import { registerApi, sendEvent, type MainHandlers } from './ipc'
import { utilityLauncher, type UtilityScripts } from './launch'
import { menuTemplate } from './menu'
import { SearchFolders } from './search-folders'
import { SessionFile } from './session'
import { SettingsStore } from './settings'
import { fitWindow } from './window-state'
import { externalLinkAllowed, fromOurPage, limitJob } from './guards'

export interface AppOptions {
  readonly scripts: UtilityScripts
  /** The preload bundle (CommonJS). */
  readonly preload: string
  /** The renderer's index.html, or the dev server's URL. */
  readonly renderer: { readonly file: string } | { readonly url: string }
}

const APP_NAME = 'Halma Workbench'
const FILTERS = [
  { name: 'Halma problems', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
]

/** Memory a search may hold in level sets: half the machine, at most 6 GiB. */
export function searchBudget(total = totalmem()): number {
  return Math.min(6 * 2 ** 30, Math.floor(total / 2))
}

/**
 * Save / Don't Save / Cancel before leaving unsaved changes; for work a save cannot hold (a line
 * not kept, edits not in use: `savable` false), Discard / Cancel, Cancel the default.
 */
export function askUnsaved(win: BrowserWindow | undefined, name: string, savable = true): Promise<UnsavedChoice> {
  const options = savable
    ? {
        type: 'warning' as const,
        buttons: ['Save', "Don't Save", 'Cancel'],
        defaultId: 0,
        cancelId: 2,
        noLink: true,
        message: `Do you want to save the changes to ${name}?`,
        detail: "Your changes will be lost if you don't save them.",
      }
    : {
        type: 'warning' as const,
        buttons: ['Discard', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        noLink: true,
        message: `Discard ${name}?`,
        detail: 'Saving does not keep it: keep the line in the document, or use the edits, first.',
      }
  const choices = savable ? (['save', 'discard', 'cancel'] as const) : (['discard', 'cancel'] as const)
  const shown = win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options)
  return shown.then((r) => choices[r.response] ?? 'cancel')
}

function fileDialogs(window: () => BrowserWindow | undefined): FileDialogs {
  return {
    async chooseOpen(defaultDir) {
      const options = { title: 'Open Problem', defaultPath: defaultDir, properties: ['openFile' as const], filters: FILTERS }
      const win = window()
      const r = await (win ? dialog.showOpenDialog(win, options) : dialog.showOpenDialog(options))
      return r.canceled ? undefined : r.filePaths[0]
    },
    async chooseSave(defaultPath) {
      const options = { title: 'Save Problem', defaultPath, filters: FILTERS }
      const win = window()
      const r = await (win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options))
      return r.canceled || !r.filePath ? undefined : r.filePath
    },
  }
}

async function choosePicture(window: BrowserWindow | undefined, defaultPath: string, format: ImageFormat): Promise<string | undefined> {
  const filter = format === 'svg' ? { name: 'SVG images', extensions: ['svg'] } : { name: 'PNG images', extensions: ['png'] }
  const options = { title: 'Export Picture', defaultPath, filters: [filter] }
  const r = await (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options))
  return r.canceled || !r.filePath ? undefined : r.filePath
}

/** A folder for a search's levels (a new one may be made in the dialog). */
async function chooseFolder(window: BrowserWindow | undefined, defaultPath: string): Promise<string | undefined> {
  const options = {
    title: 'Folder for the Search Levels',
    defaultPath,
    buttonLabel: 'Choose',
    properties: ['openDirectory' as const, 'createDirectory' as const],
  }
  const r = await (window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options))
  return r.canceled ? undefined : r.filePaths[0]
}

export function startApp(options: AppOptions): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  app.setName(APP_NAME)

  let win: BrowserWindow | undefined
  let files: DocumentFiles | undefined
  let manager: JobManager | undefined
  let settings: SettingsStore | undefined
  let sessionFile: SessionFile | undefined
  let documentState: DocumentState = { file: { name: 'untitled.halma.json' }, dirty: false }
  /** The user has agreed to close (or there was nothing to save). */
  let closing = false
  let rendererReady = false
  const pendingCommands: Command[] = []
  const pendingPaths: string[] = []

  const contents = (): WebContents | undefined => (win && !win.isDestroyed() ? win.webContents : undefined)
  const command = (c: Command): void => {
    const target = contents()
    if (target && rendererReady) sendEvent(target, 'onCommand', c)
    else pendingCommands.push(c)
  }
  /** A document given from outside the window: the command line, a second instance, macOS open-file. */
  const openFromOutside = (path: string): void => {
    if (!files) {
      pendingPaths.push(path)
      return
    }
    const full = resolve(path)
    files.grant(full)
    command({ name: 'open-path', path: full })
  }

  app.on('second-instance', (_event, argv, cwd) => {
    if (win) {
      if (win.isMinimized()) win.restore()
      win.focus()
    }
    const path = documentArgument(argv, cwd)
    if (path) openFromOutside(path)
  })
  app.on('open-file', (event, path) => {
    event.preventDefault()
    openFromOutside(path)
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // Searches end with the app (not at before-quit: closing may still be cancelled by the user), and
  // the app waits for the settings (window placement, recent files) to reach the disk.
  let flushed = false
  app.on('will-quit', (event) => {
    manager?.dispose()
    if (flushed || !settings) return
    event.preventDefault()
    void settings.flush().finally(() => {
      flushed = true
      app.quit()
    })
  })

  const about = (): void => {
    const detail = [
      'An analysis workbench for army transfer problems and shortest games in the Halma / Chinese Checkers family,',
      'after G. I. Bell, The shortest game of Chinese Checkers and related problems (INTEGERS 9, 2009).',
      '',
      `Electron ${process.versions.electron}, Chromium ${process.versions.chrome}, Node.js ${process.versions.node}`,
    ].join('\n')
    const opts = { type: 'info' as const, title: `About ${APP_NAME}`, message: `${APP_NAME} ${app.getVersion()}`, detail }
    void (win ? dialog.showMessageBox(win, opts) : dialog.showMessageBox(opts))
  }

  /** Searches at once: the user's choice (View menu), known once the settings are read. */
  let searches: { get(): number; readonly most: number; set(n: number): void } | undefined
  const buildMenu = (recent: RecentFiles): void => {
    const template = menuTemplate(
      {
        appName: APP_NAME,
        isMac: process.platform === 'darwin',
        recent: recent.list(),
        dev: !app.isPackaged,
        ...(searches && { searches: { atOnce: searches.get(), most: searches.most } }),
      },
      {
        command,
        clearRecent: () => recent.clear(),
        about,
        // Chosen in the menu (the main process's own): the user chose the file again, so it may be saved.
        openRecent: (path) => {
          files?.grant(path)
          command({ name: 'open-path', path })
        },
        setSearchesAtOnce: (n) => searches?.set(n),
      },
    )
    Menu.setApplicationMenu(Menu.buildFromTemplate(template))
  }

  const createWindow = (): BrowserWindow => {
    closing = false
    sessionFile?.reopen()
    const place = fitWindow(
      settings?.value.window,
      screen.getAllDisplays().map((d) => d.workArea),
    )
    const w = new BrowserWindow({
      ...(place.x !== undefined && place.y !== undefined && { x: place.x, y: place.y }),
      width: place.width,
      height: place.height,
      minWidth: 640,
      minHeight: 480,
      show: false,
      title: APP_NAME,
      backgroundColor: '#fbf8f1',
      webPreferences: {
        preload: options.preload,
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        webSecurity: true,
        spellcheck: false,
      },
    })
    w.once('ready-to-show', () => {
      if (place.maximized) w.maximize()
      w.show()
    })
    // The window shows our page only: no pop-ups, no navigation away; a link opens in the
    // browser only when it is one of the project's own pages (guards.ts), else it is dropped.
    w.webContents.setWindowOpenHandler(({ url }) => {
      if (externalLinkAllowed(url)) void shell.openExternal(url)
      return { action: 'deny' }
    })
    w.webContents.on('will-navigate', (event) => event.preventDefault())
    // A reloaded page has forgotten its jobs: stop them.
    w.webContents.on('did-navigate', () => {
      rendererReady = false
      manager?.cancelAll()
    })
    w.webContents.on('render-process-gone', () => {
      rendererReady = false
      manager?.cancelAll()
    })
    w.on('close', (event) => {
      const maximized = w.isMaximized()
      void settings?.update({ window: { ...w.getNormalBounds(), maximized } })
      if (closing || !documentState.dirty) return
      event.preventDefault()
      void closeDecision(documentState, (name, savable) => askUnsaved(w, name, savable)).then((decision) => {
        if (decision === 'close') {
          // The user discarded the work: it is not restored at the next start.
          void sessionFile?.clear(true)
          closing = true
          w.close()
        } else if (decision === 'save-then-close') {
          command({ name: 'save', then: 'close' })
        }
      })
    })
    w.on('closed', () => {
      if (win === w) win = undefined
      rendererReady = false
      manager?.cancelAll()
    })
    if ('url' in options.renderer) void w.loadURL(options.renderer.url)
    else void w.loadFile(options.renderer.file)
    return w
  }

  // No <webview> anywhere: a page that adds one gets nothing.
  app.on('web-contents-created', (_event, created: WebContents) => {
    created.on('will-attach-webview', (event) => event.preventDefault())
  })

  void app.whenReady().then(async () => {
    // No permission is asked for (camera, notifications, ...) nor reported as granted when checked.
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
    session.defaultSession.setPermissionCheckHandler(() => false)
    const settingsFile = join(app.getPath('userData'), 'settings.json')
    settings = await SettingsStore.load({
      read: () => readFile(settingsFile, 'utf8'),
      write: (text) => writeFileAtomic(settingsFile, text),
      onError: (e) => console.error(`halma: could not save settings to ${settingsFile}: ${(e as Error).message}`),
    })
    const store = settings
    const sessions = new SessionFile(join(app.getPath('userData'), 'session.json'), {
      readFile: (p) => readFile(p, 'utf8'),
      writeFileAtomic,
      remove: (p) => rm(p, { force: true }),
      rename: (from, to) => rename(from, to),
    })
    sessionFile = sessions
    const recent = new RecentFiles(store.value.recent, (paths) => void store.update({ recent: paths }))
    files = new DocumentFiles({
      fs: { size: async (p) => (await stat(p)).size, readFile: (p) => readFile(p, 'utf8'), writeFileAtomic },
      dialogs: fileDialogs(() => win),
      recent,
      defaultDir: app.getPath('documents'),
    })
    const documents = files
    const images = new ImageExports({
      chooseSave: (p, f) => choosePicture(win, p, f),
      write: writeFileAtomic,
      defaultDir: app.getPath('pictures'),
    })
    const cores = availableParallelism()
    // One search at a time for the window, unless the user chose more in the View menu.
    const atOnce = (): number => Math.min(cores, store.value.searchesAtOnce ?? 1)
    const jobs = new JobManager({
      launch: utilityLauncher(options.scripts),
      concurrency: atOnce(),
      onEvent: (e) => sendEvent(contents(), 'onJobEvent', e),
    })
    manager = jobs
    const tablebases = join(app.getPath('userData'), 'tablebases')
    const folders = new SearchFolders({
      choose: () => chooseFolder(win, app.getPath('documents')),
      exists: (p) => stat(p).then(() => true, () => false),
      join,
      tablebase: (p) => resolve(p) === join(tablebases, basename(p)) && /^\dx\d-\d$/.test(basename(p)),
    })
    const handlers: MainHandlers = {
      info: (): HostInfo => ({ host: 'electron', version: app.getVersion(), cores, recentFiles: true, nativeMenus: true, searchFolders: true, tablebases }),
      ready: () => {
        rendererReady = true
        const target = contents()
        for (const c of pendingCommands.splice(0)) sendEvent(target, 'onCommand', c)
      },
      closeWindow: () => {
        closing = true
        win?.close()
      },
      startJob: (request) => {
        const job = parseJobRequest({ ...request, params: { budgetBytes: searchBudget(), ...request.params } })
        // What the page asks for is capped by the machine (threads, memory), and its folder must be one the user chose.
        const limited = job.ok ? limitJob(job.value, { cores, memoryBytes: totalmem() }) : job
        const allowed = limited.ok ? folders.check(limited.value) : limited
        return allowed.ok ? ok({ id: jobs.start(allowed.value) }) : allowed
      },
      cancelJob: (id) => jobs.cancel(id),
      chooseSearchFolder: () => folders.choose(),
      openDocument: () => documents.open(),
      openRecent: (path) => documents.openPath(path),
      saveDocument: (request) => documents.save(request),
      saveDocumentAs: (request) => documents.saveAs(request),
      recentDocuments: () => recent.list(),
      setDocumentState: (state) => {
        documentState = state
        documents.shown(state.file)
        if (win && !win.isDestroyed()) {
          win.setDocumentEdited(state.dirty)
          if (state.file.path) win.setRepresentedFilename(state.file.path)
        }
      },
      askUnsaved: (name, savable) => askUnsaved(win, name, savable),
      readSession: () => sessions.read(),
      writeSession: (text) => sessions.write(text),
      clearSession: () => sessions.clear(),
      saveImage: (request) => images.save(request),
    }
    // Our page: the renderer's file, or the dev server's origin.
    const pageUrl = 'url' in options.renderer ? options.renderer.url : pathToFileURL(options.renderer.file).href
    registerApi(ipcMain, handlers, (event) => {
      const c = contents()
      return fromOurPage(event, c && { contents: c, mainFrame: c.mainFrame, url: pageUrl })
    })
    searches = {
      get: atOnce,
      most: cores,
      set: (n) => {
        void store.update({ searchesAtOnce: n })
        jobs.setConcurrency(Math.min(cores, n))
        buildMenu(recent)
      },
    }
    buildMenu(recent)
    recent.onChange(() => buildMenu(recent))
    win = createWindow()
    const initial = documentArgument(process.argv, process.cwd())
    if (initial) pendingPaths.push(initial)
    for (const path of pendingPaths.splice(0)) openFromOutside(path)
    app.on('activate', () => {
      if (!win) win = createWindow()
    })
  })
}
