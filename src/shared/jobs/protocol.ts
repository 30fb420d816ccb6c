/**
 * The job protocol: the messages between a host (Electron's main process, the web page) and the
 * runner of one search job (an Electron utility process, a job Web Worker, a child process in
 * tests). One runner runs one job: the host sends `start`, the runner answers with `progress`
 * messages and one final message (`result`, `error` or `cancelled`); the host may send `cancel`.
 *
 * Both sides check what they receive (parseHostMessage, parseRunnerMessage): a message from another
 * process is input, and a malformed one is rejected with a diagnostic naming what is wrong.
 *
 * Messages carry the job's `kind`: `solve` (a transfer search) or `game` (a shortest two-player
 * game). The kinds, their types and how each is checked are the engine's (src/shared/engine/jobs.ts);
 * nothing else here depends on them.
 */
import type * as z from 'zod'
import { issueDiagnostic } from '../schema-faults'
import { JOB_CODECS, JOB_KINDS, type JobKind, type JobTypes } from '../engine/jobs'
import { describe, diagnostic, err, ok, type Diagnostic, type Result } from '../result'

export { JOB_KINDS, type JobKind, type JobTypes }

/** A job as a caller asks for it (unchecked parameters). */
export type JobRequest = { [K in JobKind]: { readonly kind: K; readonly params: JobTypes[K]['input'] } }[JobKind]
/** A checked job, ready to run. */
export type Job = { [K in JobKind]: { readonly kind: K; readonly params: JobTypes[K]['params'] } }[JobKind]

/** Host to runner: run this job (the first and only start a runner gets). */
export type StartMessage = { [K in JobKind]: { readonly type: 'start'; readonly kind: K; readonly params: JobTypes[K]['params'] } }[JobKind]
/** Host to runner: stop the job; the runner answers `cancelled`. */
export interface CancelMessage {
  readonly type: 'cancel'
}
export type HostMessage = StartMessage | CancelMessage

export type ProgressMessage = {
  [K in JobKind]: { readonly type: 'progress'; readonly kind: K; readonly progress: JobTypes[K]['progress'] }
}[JobKind]
export type ResultMessage = {
  [K in JobKind]: { readonly type: 'result'; readonly kind: K; readonly result: JobTypes[K]['result'] }
}[JobKind]
/** The job failed: bad parameters, a malformed message, or an error in the engine. */
export interface ErrorMessage {
  readonly type: 'error'
  /** A stable code (`job.range`, `protocol.malformed`, `engine.failed`, ...). */
  readonly code: string
  readonly message: string
}
export interface CancelledMessage {
  readonly type: 'cancelled'
}
export type RunnerMessage = ProgressMessage | ResultMessage | ErrorMessage | CancelledMessage

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function zodFaults(error: z.ZodError, at: string): Diagnostic[] {
  return error.issues.map((i) => ({ ...issueDiagnostic(i, 'protocol', at), code: 'protocol.malformed' }))
}

function parseKind(o: Record<string, unknown>): Result<JobKind, Diagnostic[]> {
  const kind = o['kind']
  if (typeof kind !== 'string' || !(JOB_KINDS as readonly string[]).includes(kind)) {
    return err([diagnostic('protocol.kind', `unknown job kind ${JSON.stringify(kind)} (known: ${JOB_KINDS.join(', ')})`, 'kind')])
  }
  return ok(kind as JobKind)
}

function prefixed(ds: readonly Diagnostic[], outer: string): Diagnostic[] {
  return ds.map((d) => ({ ...d, at: d.at ? `${outer}.${d.at}` : outer }))
}

/** Check a job request (from the renderer, a command line, a test), filling in defaults. */
export function parseJobRequest(input: unknown): Result<Job, Diagnostic[]> {
  if (!isRecord(input)) return err([diagnostic('protocol.type', 'a job request is an object with a kind and params')])
  const kind = parseKind(input)
  if (!kind.ok) return kind
  const params = JOB_CODECS[kind.value].params(input['params'])
  if (!params.ok) return err(prefixed(params.error, 'params'))
  // The codec of kind K gave params of kind K (TypeScript cannot follow the pairing through the index).
  return ok({ kind: kind.value, params: params.value } as Job)
}

const HOST_TYPES = ['start', 'cancel'] as const
const RUNNER_TYPES = ['progress', 'result', 'error', 'cancelled'] as const

function parseType<T extends string>(
  input: unknown,
  types: readonly T[],
  from: string,
): Result<[T, Record<string, unknown>], Diagnostic[]> {
  if (!isRecord(input)) return err([diagnostic('protocol.type', `a message ${from} is an object, not ${describeValue(input)}`)])
  const type = input['type']
  if (typeof type !== 'string' || !(types as readonly string[]).includes(type)) {
    return err([diagnostic('protocol.type', `unknown message type ${JSON.stringify(type)} (expected ${types.join(', ')})`, 'type')])
  }
  return ok([type as T, input])
}

function describeValue(x: unknown): string {
  if (x === null) return 'null'
  if (Array.isArray(x)) return 'an array'
  return typeof x === 'string' ? `the string ${JSON.stringify(x.slice(0, 40))}` : `${typeof x} ${String(x).slice(0, 40)}`
}

/** Check a message a runner received from its host. */
export function parseHostMessage(input: unknown): Result<HostMessage, Diagnostic[]> {
  const t = parseType(input, HOST_TYPES, 'from the host')
  if (!t.ok) return t
  const [type, o] = t.value
  if (type === 'cancel') return ok({ type })
  const job = parseJobRequest(o)
  if (!job.ok) return job
  return ok({ type, ...job.value } as StartMessage)
}

/** Check a message a host received from a runner. */
export function parseRunnerMessage(input: unknown): Result<RunnerMessage, Diagnostic[]> {
  const t = parseType(input, RUNNER_TYPES, 'from the search process')
  if (!t.ok) return t
  const [type, o] = t.value
  if (type === 'cancelled') return ok({ type })
  if (type === 'error') {
    const code = o['code']
    const message = o['message']
    if (typeof code !== 'string' || typeof message !== 'string') {
      return err([diagnostic('protocol.malformed', 'an error message has a string code and a string message', 'error')])
    }
    return ok({ type, code, message })
  }
  const kind = parseKind(o)
  if (!kind.ok) return kind
  const codec = JOB_CODECS[kind.value]
  if (type === 'progress') {
    const p = codec.progress.safeParse(o['progress'])
    return p.success ? ok({ type, kind: kind.value, progress: p.data }) : err(zodFaults(p.error, 'progress'))
  }
  const r = codec.result.safeParse(o['result'])
  return r.success ? ok({ type, kind: kind.value, result: r.data } as ResultMessage) : err(zodFaults(r.error, 'result'))
}

/** One line for a list of diagnostics: `at: message; at: message`. */
export function faultText(ds: readonly Diagnostic[]): string {
  return ds.map(describe).join('; ')
}
