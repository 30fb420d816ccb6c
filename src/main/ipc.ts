/**
 * The main process's side of the API: every request is checked before a handler sees it (the
 * sender must be our window, the arguments must have the shapes api.ts names), and events are sent
 * on their channels. Nothing here imports Electron; app.ts passes in ipcMain and the window.
 */
import {
  API,
  IMAGE_FORMATS,
  type ArgsOf,
  type ImageFormat,
  type EventName,
  type InvokeName,
  type PayloadOf,
  type ReplyOf,
} from '../preload/api'
import { JOB_KINDS } from '../shared/jobs/protocol'
import { describe, diagnostic, err, ok, type Diagnostic, type Result } from '../shared/result'
import { MAX_SESSION_BYTES } from './session'
import type { RequestEvent } from './guards'
import { MAX_DOCUMENT_CHARS } from '../shared/limits'

/** The part of ipcMain used here. */
export interface MainIpc {
  handle(channel: string, listener: (event: RequestEvent, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}

export type MainHandlers = {
  readonly [K in InvokeName]: (...args: ArgsOf<K>) => Promise<ReplyOf<K>> | ReplyOf<K>
}

/** A request the main process refuses: the renderer's invoke rejects with this message. */
export class RequestError extends Error {}

/** Largest document text accepted: the limit every host applies (shared/limits.ts). */
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_CHARS
const MAX_PATH = 4096
/** Largest picture accepted for saving (a figure sheet at a high scale stays well below). */
export const MAX_IMAGE_BYTES = 64 * 2 ** 20

type Parser<K extends InvokeName> = (args: readonly unknown[]) => Result<ArgsOf<K>, Diagnostic>

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

function count(args: readonly unknown[], n: number): Diagnostic | undefined {
  return args.length === n ? undefined : diagnostic('ipc.arity', `takes ${n} argument${n === 1 ? '' : 's'}, not ${args.length}`)
}

function none(args: readonly unknown[]): Result<[], Diagnostic> {
  const bad = count(args, 0)
  return bad ? err(bad) : ok([])
}

function text(x: unknown, what: string, max: number): Diagnostic | undefined {
  if (typeof x !== 'string') return diagnostic('ipc.type', `${what} must be a string, not ${x === null ? 'null' : typeof x}`)
  if (x.length > max) return diagnostic('ipc.size', `${what} is longer than ${max} characters`)
  return undefined
}

function file(x: unknown, what: string): Diagnostic | undefined {
  if (!isRecord(x)) return diagnostic('ipc.type', `${what} must be an object with a name`)
  const bad = text(x['name'], `${what}.name`, 1024) ?? (x['path'] !== undefined ? text(x['path'], `${what}.path`, MAX_PATH) : undefined)
  if (bad) return bad
  const extra = Object.keys(x).find((k) => k !== 'name' && k !== 'path')
  return extra ? diagnostic('ipc.type', `${what} has an unknown field '${extra}'`) : undefined
}

function saveRequest(args: readonly unknown[]): Result<[{ file: { name: string; path?: string }; text: string }], Diagnostic> {
  const bad = count(args, 1)
  if (bad) return err(bad)
  const r = args[0]
  if (!isRecord(r)) return err(diagnostic('ipc.type', 'a save request is an object with a file and a text'))
  const fault = file(r['file'], 'file') ?? text(r['text'], 'text', MAX_DOCUMENT_BYTES)
  if (fault) return err(fault)
  return ok([r as { file: { name: string; path?: string }; text: string }])
}

/** Shape checks of each request's arguments (the handlers check meaning). */
export const PARSERS: { readonly [K in InvokeName]: Parser<K> } = {
  info: none,
  ready: none,
  closeWindow: none,
  startJob: (args) => {
    const bad = count(args, 1)
    if (bad) return err(bad)
    const r = args[0]
    if (!isRecord(r) || typeof r['kind'] !== 'string' || !isRecord(r['params'])) {
      return err(diagnostic('ipc.type', 'a job request is an object with a kind and params'))
    }
    if (!(JOB_KINDS as readonly string[]).includes(r['kind'])) {
      return err(diagnostic('ipc.type', `unknown job kind ${JSON.stringify(r['kind'].slice(0, 40))} (known: ${JOB_KINDS.join(', ')})`))
    }
    const extra = Object.keys(r).find((k) => k !== 'kind' && k !== 'params')
    if (extra) return err(diagnostic('ipc.type', `a job request has an unknown field '${extra}'`))
    // The handler checks the job itself (parseJobRequest) and answers with its diagnostics.
    return ok([r as unknown as ArgsOf<'startJob'>[0]])
  },
  cancelJob: (args) => {
    const bad = count(args, 1) ?? text(args[0], 'the job id', 64)
    return bad ? err(bad) : ok([args[0] as string])
  },
  chooseSearchFolder: none,
  openDocument: none,
  openRecent: (args) => {
    const bad = count(args, 1) ?? text(args[0], 'the path', MAX_PATH)
    return bad ? err(bad) : ok([args[0] as string])
  },
  saveDocument: saveRequest,
  saveDocumentAs: saveRequest,
  recentDocuments: none,
  setDocumentState: (args) => {
    const bad = count(args, 1)
    if (bad) return err(bad)
    const s = args[0]
    if (!isRecord(s)) return err(diagnostic('ipc.type', 'a document state is an object with a file and dirty'))
    const u = s['unheld']
    const fault =
      file(s['file'], 'file') ??
      (typeof s['dirty'] === 'boolean' ? undefined : diagnostic('ipc.type', 'dirty must be true or false')) ??
      (u === undefined
        ? undefined
        : !isRecord(u) || typeof u['only'] !== 'boolean'
          ? diagnostic('ipc.type', 'unheld is an object with what (text) and only (true or false)')
          : text(u['what'], 'unheld.what', 1024))
    if (fault) return err(fault)
    const unheld = isRecord(u) ? { unheld: { what: u['what'] as string, only: u['only'] as boolean } } : {}
    return ok([{ file: s['file'] as { name: string; path?: string }, dirty: s['dirty'] as boolean, ...unheld }])
  },
  readSession: none,
  writeSession: (args) => {
    const bad = count(args, 1) ?? text(args[0], 'the session', MAX_SESSION_BYTES)
    return bad ? err(bad) : ok([args[0] as string])
  },
  clearSession: none,
  saveImage: (args) => {
    const bad = count(args, 1)
    if (bad) return err(bad)
    const r = args[0]
    if (!isRecord(r)) return err(diagnostic('ipc.type', 'an image request is an object with a name and bytes'))
    const fault =
      text(r['name'], 'name', 1024) ??
      (r['bytes'] instanceof Uint8Array ? undefined : diagnostic('ipc.type', 'bytes must be a Uint8Array')) ??
      ((r['bytes'] as Uint8Array).byteLength > MAX_IMAGE_BYTES
        ? diagnostic('ipc.size', `the image is larger than ${MAX_IMAGE_BYTES} bytes`)
        : undefined)
    if (fault) return err(fault)
    const format = r['format']
    if (format !== undefined && !IMAGE_FORMATS.includes(format as ImageFormat))
      return err(diagnostic('ipc.type', `format must be ${IMAGE_FORMATS.join(' or ')}, not ${JSON.stringify(format)}`))
    const extra = Object.keys(r).find((k) => k !== 'name' && k !== 'bytes' && k !== 'format')
    if (extra) return err(diagnostic('ipc.type', `an image request has an unknown field '${extra}'`))
    return ok([
      { name: r['name'] as string, bytes: r['bytes'] as Uint8Array, ...(format !== undefined && { format: format as ImageFormat }) },
    ])
  },
  askUnsaved: (args) => {
    const savable = args[1]
    const bad =
      (args.length === 1 || args.length === 2 ? undefined : diagnostic('ipc.arity', `takes 1 or 2 arguments, not ${args.length}`)) ??
      text(args[0], 'the document name', 1024) ??
      (savable === undefined || typeof savable === 'boolean' ? undefined : diagnostic('ipc.type', `savable must be true or false, not ${typeof savable}`))
    return bad ? err(bad) : ok(typeof savable === 'boolean' ? [args[0] as string, savable] : [args[0] as string])
  },
}

/**
 * Register a handler for every request. `trusted` decides whether an event comes from our own
 * window's page (its top frame: guards.ts); anything else is refused, as are arguments of the
 * wrong shape.
 */
export function registerApi(ipc: MainIpc, handlers: MainHandlers, trusted: (event: RequestEvent) => boolean): () => void {
  const names = Object.keys(PARSERS) as InvokeName[]
  for (const name of names) {
    const channel = API[name].channel
    const parse = PARSERS[name] as Parser<InvokeName>
    const handler = handlers[name] as (...args: unknown[]) => unknown
    ipc.handle(channel, (event, ...args) => {
      if (!trusted(event)) throw new RequestError(`${channel}: refused: the request does not come from the workbench window's page`)
      const parsed = parse(args)
      if (!parsed.ok) throw new RequestError(`${channel}: ${describe(parsed.error)}`)
      return handler(...(parsed.value as unknown[]))
    })
  }
  return () => names.forEach((name) => ipc.removeHandler(API[name].channel))
}

/** Where events go: a window's webContents. */
export interface EventTarget {
  send(channel: string, payload: unknown): void
}

export function sendEvent<K extends EventName>(target: EventTarget | undefined, name: K, payload: PayloadOf<K>): void {
  target?.send(API[name].channel, payload)
}
