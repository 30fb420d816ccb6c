/**
 * Documents on disk for the desktop app: open and save `*.halma.json` through dialogs, recent files,
 * and the question asked before unsaved work is dropped. Plain logic: the file system and the
 * dialogs are passed in (app.ts gives Electron's; tests give doubles).
 *
 * The renderer can only reach files the user chose: a path from a dialog, a recent file, or one
 * given on the command line or by a double click (granted by app.ts). It may read a recent file,
 * but write only where the user pointed in this run (a dialog, the command line, the Open Recent
 * menu): the list of recent files outlives the run, and a page must not be able to save over any
 * file in it (Save then asks where, starting at the file). Text is checked as a
 * document both ways: a file that does not load is reported with every problem in it, and the
 * main process never writes a text that is not a valid document. Saving is atomic (a temporary
 * file, flushed, then renamed), so a failed save leaves the old file whole; the work stays in the
 * renderer, which reports why.
 */
import { basename, dirname, isAbsolute, resolve } from 'node:path'
import type { DocumentFile, DocumentState, OpenOutcome, RecentDocument, SaveOutcome, SaveRequest, UnsavedChoice } from '../preload/api'
import { EXTENSION } from '../shared/halma/document'
import { documentFault } from '../shared/documents'
import { withoutBom } from '../shared/read-json'
import { MAX_DOCUMENT_BYTES } from './ipc'

export interface DocumentFs {
  /** Size in bytes of a file (throws like fs.stat). */
  size(path: string): Promise<number>
  readFile(path: string): Promise<string>
  writeFileAtomic(path: string, text: string): Promise<void>
}

export interface FileDialogs {
  /** A file chosen to open, or undefined if the user cancelled. */
  chooseOpen(defaultDir: string): Promise<string | undefined>
  /** Where to save, or undefined if the user cancelled. */
  chooseSave(defaultPath: string): Promise<string | undefined>
}

/** Recently opened or saved files, most recent first, kept by the caller (settings.ts). */
export class RecentFiles {
  private paths: string[]
  private readonly listeners: (() => void)[] = []

  constructor(
    initial: readonly string[],
    private readonly persist: (paths: readonly string[]) => void,
    readonly max = 10,
  ) {
    this.paths = [...new Set(initial.filter((p) => isAbsolute(p)))].slice(0, max)
  }

  list(): RecentDocument[] {
    return this.paths.map((path) => ({ path, name: basename(path) }))
  }

  has(path: string): boolean {
    return this.paths.includes(path)
  }

  add(path: string): void {
    this.update([path, ...this.paths.filter((p) => p !== path)].slice(0, this.max))
  }

  remove(path: string): void {
    if (this.has(path)) this.update(this.paths.filter((p) => p !== path))
  }

  clear(): void {
    this.update([])
  }

  /** Called after each change (the menu lists recent files). */
  onChange(listener: () => void): void {
    this.listeners.push(listener)
  }

  private update(paths: string[]): void {
    this.paths = paths
    this.persist(paths)
    for (const l of this.listeners) l()
  }
}

/** A file name with the document extension (names typed without one get it). */
export function withExtension(name: string): string {
  return /\.json$/i.test(name) ? name : `${name}${EXTENSION}`
}

/** The document named on a command line (a double-clicked file), as an absolute path. */
export function documentArgument(argv: readonly string[], cwd: string): string | undefined {
  const candidates = argv.slice(1).filter((a) => !a.startsWith('-') && /\.json$/i.test(a))
  const last = candidates[candidates.length - 1]
  return last === undefined ? undefined : resolve(cwd, last)
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

export class DocumentFiles {
  private readonly granted = new Set<string>()
  private lastDir: string | undefined

  constructor(
    private readonly deps: {
      readonly fs: DocumentFs
      readonly dialogs: FileDialogs
      readonly recent: RecentFiles
      /** Where dialogs start before any file was used (the user's documents folder). */
      readonly defaultDir: string
    },
  ) {}

  /** Allow the renderer to open a path the user gave outside the dialogs. */
  grant(path: string): void {
    this.granted.add(resolve(path))
  }

  private allowed(path: string): boolean {
    return this.granted.has(path) || this.deps.recent.has(path)
  }

  /** Writable: chosen by the user in this run. */
  private writable(path: string): boolean {
    return this.granted.has(path)
  }

  async open(): Promise<OpenOutcome> {
    const path = await this.deps.dialogs.chooseOpen(this.lastDir ?? this.deps.defaultDir)
    if (path === undefined) return { status: 'cancelled' }
    this.grant(path)
    return this.read(resolve(path))
  }

  /** Open a recent file, or one granted (command line, double click). */
  async openPath(path: string): Promise<OpenOutcome> {
    if (!isAbsolute(path) || !this.allowed(path)) {
      return { status: 'failed', reason: `cannot open ${path}: open files through File > Open (this path was not chosen by the user)` }
    }
    return this.read(path)
  }

  private async read(path: string): Promise<OpenOutcome> {
    const name = basename(path)
    let text: string
    try {
      const bytes = await this.deps.fs.size(path)
      if (bytes > MAX_DOCUMENT_BYTES) {
        return {
          status: 'failed',
          reason: `cannot open ${name}: it has ${bytes} bytes, more than a problem document holds (${MAX_DOCUMENT_BYTES})`,
        }
      }
      text = withoutBom(await this.deps.fs.readFile(path))
    } catch (e) {
      if ((e as { code?: unknown }).code === 'ENOENT') this.deps.recent.remove(path)
      return { status: 'failed', reason: `cannot open ${path}: ${reason(e)}` }
    }
    const fault = documentFault(text)
    if (fault !== null) return { status: 'failed', reason: `${name} is not a valid ${fault}` }
    this.lastDir = dirname(path)
    // Not yet a recent file: the page may still be told to keep its work instead (shown() records it).
    return { status: 'opened', file: { name, path }, text }
  }

  /**
   * The page shows the document of this file (its state says so): the file is a recent one. An
   * Open the user cancelled at the unsaved-work question never gets here, so Recent stays as it was.
   */
  shown(file: DocumentFile): void {
    const path = file.path
    if (path === undefined || path === this.lastShown || !isAbsolute(path) || !this.allowed(path)) return
    this.lastShown = path
    this.deps.recent.add(path)
  }
  private lastShown: string | undefined

  /** Save to the document's own path; a document without one is saved as (a dialog asks where). */
  async save(request: SaveRequest): Promise<SaveOutcome> {
    const path = request.file.path
    if (path === undefined) return this.saveAs(request)
    if (!isAbsolute(path) || !this.allowed(path)) {
      return { status: 'failed', reason: `cannot save to ${path}: it was not chosen by the user; use Save As` }
    }
    // A recent file of an earlier run: the user confirms it in the save dialog (it starts there).
    if (!this.writable(path)) return this.saveAs(request)
    return this.write(path, request.text)
  }

  async saveAs(request: SaveRequest): Promise<SaveOutcome> {
    const fallback = `${this.lastDir ?? this.deps.defaultDir}/${withExtension(basename(request.file.name) || 'untitled')}`
    const chosen = await this.deps.dialogs.chooseSave(request.file.path ?? fallback)
    if (chosen === undefined) return { status: 'cancelled' }
    const path = resolve(withExtension(chosen))
    this.grant(path)
    return this.write(path, request.text)
  }

  private async write(path: string, text: string): Promise<SaveOutcome> {
    const fault = documentFault(text)
    if (fault !== null) return { status: 'failed', reason: `not saved: the document is not valid (${fault})` }
    try {
      await this.deps.fs.writeFileAtomic(path, text)
    } catch (e) {
      return { status: 'failed', reason: `could not save ${path}: ${reason(e)}` }
    }
    this.lastDir = dirname(path)
    this.deps.recent.add(path)
    const file: DocumentFile = { name: basename(path), path }
    return { status: 'saved', file }
  }
}

/**
 * What to do when the window is asked to close: close at once when nothing is unsaved, else ask.
 * `save` means: let the renderer save, and close when that succeeded.
 */
export async function closeDecision(
  state: DocumentState,
  ask: (name: string, savable: boolean) => Promise<UnsavedChoice>,
): Promise<'close' | 'stay' | 'save-then-close'> {
  if (!state.dirty) return 'close'
  // Only work a save cannot hold: Discard or Cancel. Else Save / Don't Save / Cancel, naming it too
  // (after the save the page asks about it again before it closes).
  if (state.unheld?.only) return (await ask(state.unheld.what, false)) === 'discard' ? 'close' : 'stay'
  const choice = await ask(state.unheld ? `${state.file.name} (and ${state.unheld.what})` : state.file.name, true)
  return choice === 'discard' ? 'close' : choice === 'save' ? 'save-then-close' : 'stay'
}
