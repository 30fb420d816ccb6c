/**
 * The application menu as data: File (New, Open, Open Recent, Save, Save As, Close/Quit), Edit
 * (Undo, Redo, and the text editing roles), View, Help (About). Document commands go to the
 * renderer, which owns the document; window and text editing use Electron's roles.
 */
import type { MenuItemConstructorOptions } from 'electron'
import type { Command, RecentDocument } from '../preload/api'

export interface MenuActions {
  /** Send a command to the renderer. */
  command(command: Command): void
  clearRecent(): void
  about(): void
  /** A recent document chosen in the menu (the user chose it again: it may be saved over). */
  openRecent?(path: string): void
  /** Searches the window may run at once (the user's choice; one by default). */
  setSearchesAtOnce?(n: number): void
}

export interface MenuOptions {
  readonly appName: string
  readonly isMac: boolean
  readonly recent: readonly RecentDocument[]
  /** Development: reload and developer tools in the View menu. */
  readonly dev: boolean
  /** Searches at once: the current choice and the most (the cores). */
  readonly searches?: { readonly atOnce: number; readonly most: number }
}

export function menuTemplate(options: MenuOptions, actions: MenuActions): MenuItemConstructorOptions[] {
  const send = (command: Command) => () => actions.command(command)
  const recent: MenuItemConstructorOptions[] =
    options.recent.length === 0
      ? [{ label: 'No Recent Documents', enabled: false }]
      : [
          ...options.recent.map((r) => ({
            label: r.path,
            click: actions.openRecent ? () => actions.openRecent!(r.path) : send({ name: 'open-path', path: r.path }),
          })),
          { type: 'separator' as const },
          { label: 'Clear Recent', click: () => actions.clearRecent() },
        ]
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'New', accelerator: 'CmdOrCtrl+N', click: send({ name: 'new' }) },
      { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: send({ name: 'open' }) },
      { label: 'Open Recent', submenu: recent },
      { type: 'separator' },
      { label: 'Save', accelerator: 'CmdOrCtrl+S', click: send({ name: 'save' }) },
      { label: 'Save As…', accelerator: 'CmdOrCtrl+Shift+S', click: send({ name: 'save-as' }) },
      { type: 'separator' },
      options.isMac ? { role: 'close' } : { role: 'quit' },
    ],
  }
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      // Document undo; the renderer hands it to a focused text field instead.
      { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: send({ name: 'undo' }) },
      { label: 'Redo', accelerator: options.isMac ? 'Shift+CmdOrCtrl+Z' : 'CmdOrCtrl+Y', click: send({ name: 'redo' }) },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  }
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...(options.dev ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }] : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(options.searches && actions.setSearchesAtOnce
        ? [
            { type: 'separator' as const },
            {
              // A page cannot ask for more than one search at a time: only the user, here.
              label: 'Searches at Once',
              submenu: Array.from({ length: options.searches.most }, (_, k) => ({
                label: String(k + 1),
                type: 'radio' as const,
                checked: k + 1 === options.searches!.atOnce,
                click: () => actions.setSearchesAtOnce!(k + 1),
              })),
            },
          ]
        : []),
    ],
  }
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ label: `About ${options.appName}`, click: () => actions.about() }],
  }
  const app: MenuItemConstructorOptions[] = options.isMac
    ? [
        {
          label: options.appName,
          submenu: [
            { label: `About ${options.appName}`, click: () => actions.about() },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : []
  return [...app, file, edit, view, { role: 'windowMenu' }, help]
}
