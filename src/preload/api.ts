/**
 * The typed surface between the renderer and its host: the Electron main process (through the
 * preload's contextBridge) or the browser's own implementation. The API object below is the one
 * definition: each entry names its IPC channel (`domain:verb`) and its types, and HalmaApi (what
 * the renderer calls), the preload's bridge and the main process's handlers are all derived from it.
 *
 * This module holds data only (it is bundled into the sandboxed preload): types from the core, no
 * runtime imports.
 */
import type { JobEvent } from '../shared/jobs/manager'
import type { JobRequest } from '../shared/jobs/protocol'
import type { Diagnostic, Result } from '../shared/result'

/** The domains of the channels. */
export type Domain = 'app' | 'job' | 'document' | 'session' | 'export' | 'window' | 'menu'
export type Channel = `${Domain}:${string}`

/** A request answered by the host: `ipcRenderer.invoke` / `ipcMain.handle`. */
export interface InvokeSpec<A extends readonly unknown[], R> {
  readonly kind: 'invoke'
  readonly channel: Channel
  /** Types only (never set): the arguments and the reply. */
  readonly types?: (...args: A) => R
}

/** Events pushed by the host: `webContents.send` / `ipcRenderer.on`. */
export interface EventSpec<E> {
  readonly kind: 'event'
  readonly channel: Channel
  /** Type only (never set): the payload. */
  readonly types?: (payload: E) => void
}

const invoke = <A extends readonly unknown[], R>(channel: Channel): InvokeSpec<A, R> => ({ kind: 'invoke', channel })
const event = <E>(channel: Channel): EventSpec<E> => ({ kind: 'event', channel })

/** What the host tells the renderer about itself. */
export interface HostInfo {
  readonly host: 'electron' | 'web'
  readonly version: string
  /** Cores for search threads and concurrent jobs. */
  readonly cores: number
  /** Whether the host remembers recent files (the desktop app does). */
  readonly recentFiles: boolean
  /** Whether the host has native menus with accelerators (else the page handles shortcuts). */
  readonly nativeMenus: boolean
  /**
   * Whether searches can keep their levels in a folder and be resumed from its checkpoint (the
   * desktop app, whose jobs run in a utility process with disk access); absent: no (a browser).
   */
  readonly searchFolders?: boolean
  /**
   * The folder where the desktop app keeps its tablebases (in its data folder): a table of board
   * m x m with p men is built into and loaded from `<tablebases>/<m>x<m>-<p>`; absent: a browser,
   * which builds the small boards' tables in a worker and keeps them in the page.
   */
  readonly tablebases?: string
}

/** A document's file: its name, and on the desktop its full path. */
export interface DocumentFile {
  readonly name: string
  /** Absent until saved, and always in the browser (which has downloads, not paths). */
  readonly path?: string
}

export type OpenOutcome =
  | { readonly status: 'opened'; readonly file: DocumentFile; readonly text: string }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly reason: string }

export interface SaveRequest {
  readonly file: DocumentFile
  /** The document as formatDocument prints it. */
  readonly text: string
}

export type SaveOutcome =
  | { readonly status: 'saved'; readonly file: DocumentFile }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly reason: string }

/** What the host needs to know to title the window and to ask before closing. */
export interface DocumentState {
  readonly file: DocumentFile
  /** Anything not on disk (the window's edited mark). */
  readonly dirty: boolean
  /**
   * Work a save cannot hold (a line not kept, edits not in use), said as what it is, and whether it
   * is all there is (`only`: the document itself is as on disk): closing asks Discard / Cancel for it.
   */
  readonly unheld?: { readonly what: string; readonly only: boolean }
}

export type UnsavedChoice = 'save' | 'discard' | 'cancel'

/** Commands from the host's menus (and documents opened from outside, e.g. a double click). */
export type Command =
  | { readonly name: 'new' | 'open' | 'save-as' | 'undo' | 'redo' }
  /** `then: 'close'`: the window is closing; close it once the save has succeeded. */
  | { readonly name: 'save'; readonly then?: 'close' }
  | { readonly name: 'open-path'; readonly path: string }

/** The picture formats the workbench exports. */
export const IMAGE_FORMATS = ['png', 'svg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** A picture to save (a diagram or figure sheet, PNG or SVG). */
export interface ImageRequest {
  /** Suggested file name, e.g. `triangle10-move-14.png`. */
  readonly name: string
  /** The file's bytes (an SVG's text as UTF-8). */
  readonly bytes: Uint8Array
  /** PNG when absent. */
  readonly format?: ImageFormat
}

export type ExportOutcome =
  | { readonly status: 'saved'; readonly name: string; readonly path?: string }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly reason: string }

/**
 * What the host kept of the last session (the autosaved work: the document, its unsaved state, the
 * line and the stepper's position, as text that the renderer checks).
 */
export type SessionRead =
  { readonly status: 'none' } | { readonly status: 'found'; readonly text: string } | { readonly status: 'failed'; readonly reason: string }

export type SessionWrite = { readonly status: 'saved' } | { readonly status: 'failed'; readonly reason: string }

/** A session cleared; `kept`: where a record that did not restore was set aside (it is never just deleted). */
export interface SessionCleared {
  readonly kept?: string
}

export interface RecentDocument {
  readonly path: string
  readonly name: string
}

/** Why a host without a disk for searches (a browser) refuses levels on disk and Resume. */
export const NO_DISK = "levels on disk and Resume need the desktop app: a browser tab has no disk for a search's levels"

/** A folder chosen for a search's levels on disk: whether it holds a checkpoint to resume. */
export type FolderOutcome =
  | { readonly status: 'chosen'; readonly path: string; readonly checkpoint: boolean }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly reason: string }

export interface JobTicket {
  readonly id: string
}

/** The API: method name -> channel and types. */
export const API = {
  info: invoke<[], HostInfo>('app:info'),
  /** The renderer is listening; the host may send queued commands (a document to open). */
  ready: invoke<[], void>('window:ready'),
  closeWindow: invoke<[], void>('window:close'),

  startJob: invoke<[request: JobRequest], Result<JobTicket, Diagnostic[]>>('job:start'),
  cancelJob: invoke<[id: string], boolean>('job:cancel'),
  onJobEvent: event<JobEvent>('job:event'),
  /**
   * Choose the folder a search keeps its levels and checkpoint in (a folder dialog on the desktop);
   * only a folder chosen so may be a job's `disk`.
   */
  chooseSearchFolder: invoke<[], FolderOutcome>('job:choose-folder'),

  openDocument: invoke<[], OpenOutcome>('document:open'),
  openRecent: invoke<[path: string], OpenOutcome>('document:open-recent'),
  saveDocument: invoke<[request: SaveRequest], SaveOutcome>('document:save'),
  saveDocumentAs: invoke<[request: SaveRequest], SaveOutcome>('document:save-as'),
  recentDocuments: invoke<[], RecentDocument[]>('document:recent'),
  setDocumentState: invoke<[state: DocumentState], void>('document:set-state'),
  /**
   * Ask before work not on disk is left: Save / Don't Save / Cancel, or (savable false: work a save
   * cannot hold, such as a line not kept or edits not in use) Discard / Cancel.
   */
  askUnsaved: invoke<[name: string, savable?: boolean], UnsavedChoice>('document:ask-unsaved'),

  /** The autosaved session: IndexedDB in the browser, a file in the app's data folder on the desktop. */
  readSession: invoke<[], SessionRead>('session:read'),
  writeSession: invoke<[text: string], SessionWrite>('session:write'),
  clearSession: invoke<[], SessionCleared>('session:clear'),

  /** Save a PNG or an SVG: a save dialog and an atomic write on the desktop, a download in the browser. */
  saveImage: invoke<[request: ImageRequest], ExportOutcome>('export:save-image'),

  onCommand: event<Command>('menu:command'),
} as const

export type ApiSpec = typeof API
export type ApiName = keyof ApiSpec
export type InvokeName = { [K in ApiName]: ApiSpec[K] extends { readonly kind: 'invoke' } ? K : never }[ApiName]
export type EventName = Exclude<ApiName, InvokeName>

export type ArgsOf<K extends InvokeName> = ApiSpec[K] extends InvokeSpec<infer A, infer _R> ? A : never
export type ReplyOf<K extends InvokeName> = ApiSpec[K] extends InvokeSpec<infer _A, infer R> ? R : never
export type PayloadOf<K extends EventName> = ApiSpec[K] extends EventSpec<infer E> ? E : never

/** What the renderer calls: requests return promises; events take a listener and return its removal. */
export type HalmaApi = {
  readonly [K in ApiName]: K extends InvokeName
    ? (...args: ArgsOf<K>) => Promise<ReplyOf<K>>
    : K extends EventName
      ? (listener: (payload: PayloadOf<K>) => void) => () => void
      : never
}

declare global {
  interface Window {
    /** Present in Electron, exposed by the preload script through contextBridge. */
    halma?: HalmaApi
  }
}
