/**
 * What the searching commands share (`halma solve`, `halma game`, `halma players game`, `halma army`):
 * numeric options, job faults named by the option that sets the field, every long run with
 * progress on stderr and Ctrl-C to cancel (a job on the engine, or other long work), and the
 * problem written back with what was found (--out).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { ParseArgsConfig } from 'node:util'
import { fileURLToPath } from 'node:url'
import { isDocumentText } from '../shared/documents'
import { MAX_DOCUMENT_CHARS } from '../shared/limits'
import { formatDocument, specFromProblem } from '../shared/halma/document'
import { CancelledError, Engine, threadsOf, type EngineJob } from '../shared/engine/engine'
import type { JobKind, JobTypes } from '../shared/engine/jobs'
import type { Progress } from '../shared/engine/core/progress'
import { describe, type Diagnostic } from '../shared/result'
import { EnvironmentError } from '../shared/environment'
import { writeFileAtomic } from '../hosts/node/files'
import { fileFault } from '../hosts/node/faults'
import { bullFarm } from '../hosts/node/cluster'
import { folderStore } from '../hosts/node/store'
import { cores, nodeWorkers } from '../hosts/node/threads'
import type { Io } from './io'
import { EXIT_ENVIRONMENT } from './exit'
import { decimalText, UsageError, wholeText, type LoadedProblem, type Values } from './options'
import { parseRedisUrl } from '../hosts/node/redis'
import { progressWriter } from './progress'

/** The option that sets a job field, where the names differ. */
const OPTION_OF: Readonly<Record<string, string>> = {
  maxLength: 'max-length',
  timeLimit: 'time-limit',
  budgetBytes: 'budget',
  exactMoves: 'exact',
  listGames: 'list',
  'beam.width': 'beam',
  'beam.lambda': 'lambda',
  'beam.lookahead': 'lookahead',
  'beam.moves': 'beam-moves',
  'heuristics.vacating': 'vacating',
  'heuristics.lines': 'lines',
  onDisk: 'on-disk',
  checkpointSeconds: 'checkpoint',
  diskLimit: 'disk-limit',
  keepLevels: 'keep-levels',
}

/** A job's faults as a usage error, each named by its option. */
export function jobFaults(faults: readonly Diagnostic[]): UsageError {
  return new UsageError(faults.map((d) => `--${OPTION_OF[d.at ?? ''] ?? d.at ?? 'job'}: ${d.message}`).join('; '))
}

/** A numeric option's value, or `fallback` when it is not given. */
export function numberOption(v: Values, key: string, fallback: number): number {
  const text = v[key]
  return typeof text === 'string' ? decimalText(text, key) : fallback
}

/**
 * The options every search reads the same way (what they mean: `halma --help`): threads, memory,
 * time, levels on disk and a resume, the document written with what was found, and for the peg
 * searches a cluster and the fold by the start's symmetry.
 */
export const SEARCH_OPTIONS = {
  threads: { type: 'string' },
  budget: { type: 'string' },
  'time-limit': { type: 'string' },
  disk: { type: 'string' },
  resume: { type: 'string' },
  'disk-limit': { type: 'string' },
  'keep-levels': { type: 'boolean' },
  out: { type: 'string' },
  json: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options']

export const CLUSTER_OPTIONS = {
  cluster: { type: 'string' },
  shards: { type: 'string' },
  'no-fold': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options']

/** What `--threads` says in every command's help: 0, like no --threads at all, means every core. */
export const THREADS_HELP = `expansion threads, 1 to 256; 0 (the default): every core (${cores()} here)`

/**
 * --threads N, the same in every command: N threads, 1 to 256; 0, like no --threads at all, means
 * every core of the machine (as \`xz -T0\` does). Anything else is refused, naming it.
 */
export function threadsOption(v: Values): number {
  const text = v['threads']
  if (typeof text !== 'string') return cores()
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN
  if (!Number.isInteger(n) || n > 256)
    throw new UsageError(`--threads: '${text}' is not a number of threads (1 to 256, or 0 for every core)`)
  return n === 0 ? cores() : n
}

/** A named option's value among `allowed`, or `fallback` when it is not given. */
export function choiceOption<T extends string>(v: Values, key: string, allowed: readonly T[], fallback: T): T {
  const value = typeof v[key] === 'string' ? v[key] : fallback
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${key}: '${value}' is not one of ${allowed.join(', ')}`)
  return value as T
}

/** --budget in GB, checked, as bytes. */
export function budgetOption(v: Values): number {
  const gb = numberOption(v, 'budget', 6)
  if (gb < 0.001 || gb > 1024) throw new UsageError(`--budget: must be from 0.001 to 1024 GB, not ${gb}`)
  return Math.round(gb * 2 ** 30)
}

/**
 * The job fields of --disk DIR (levels on disk, a new checkpoint) or --resume DIR (go on with it):
 * one of them; --disk-limit GB, the folder's files past which a level's sorted runs are merged; and
 * --keep-levels, every level kept when the job ends.
 */
export function diskOption(v: Values): { disk?: string; resume?: boolean; diskLimit?: number; keepLevels?: boolean } {
  if (typeof v['disk'] === 'string' && typeof v['resume'] === 'string')
    throw new UsageError('--disk and --resume: give one (--resume DIR goes on with the search in DIR, and keeps its levels there)')
  const limit = {
    ...(typeof v['disk-limit'] === 'string' && { diskLimit: diskLimitOption(v) }),
    ...(v['keep-levels'] === true && { keepLevels: true }),
  }
  if (typeof v['resume'] === 'string') return { disk: folderOption(v['resume'], 'resume', true), resume: true, ...limit }
  return typeof v['disk'] === 'string' ? { disk: folderOption(v['disk'], 'disk', false), ...limit } : limit
}

/** --disk-limit in GB, checked, as bytes. */
function diskLimitOption(v: Values): number {
  const gb = numberOption(v, 'disk-limit', 0)
  if (gb < 0.001 || gb > 1_000_000) throw new UsageError(`--disk-limit: must be from 0.001 to 1000000 GB, not ${gb}`)
  return Math.round(gb * 2 ** 30)
}

/**
 * A folder named by --disk (made when it does not exist) or --resume (it must exist: resuming a
 * folder that is not there is a typo, and making it would leave an empty folder behind).
 */
function folderOption(path: string, option: string, mustExist: boolean): string {
  if (path.trim() === '') throw new UsageError(`--${option}: give a folder's path, not an empty one`)
  let kind: 'folder' | 'file' | 'none'
  try {
    kind = statSync(path).isDirectory() ? 'folder' : 'file'
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') kind = 'none'
    else if (code === 'ENOTDIR') throw new UsageError(`--${option}: '${path}': a part of the path is a file, not a folder`)
    else throw fileFault(e, path, `cannot look at the folder of --${option}`)
  }
  if (kind === 'file') throw new UsageError(`--${option}: '${path}' is a file, not a folder`)
  if (kind === 'none' && mustExist)
    throw new UsageError(`--${option}: there is no folder '${path}' (--disk DIR starts a search on disk in DIR)`)
  return path
}

/** --cluster URL and --shards N, the URL checked (a bad one is bad input, before any search). */
export function clusterOption(v: Values): { cluster?: string; shards?: number } {
  const url = v['cluster']
  if (typeof url !== 'string') {
    if (v['shards'] !== undefined) throw new UsageError('--shards is for a search on a cluster (--cluster URL)')
    return {}
  }
  const c = parseRedisUrl(url)
  if (!c.ok) throw new UsageError(`--cluster: ${describe(c.error)}`)
  return { cluster: url, shards: typeof v['shards'] === 'string' ? wholeText(v['shards'], 'shards', 1, 4096) : 3 }
}

/**
 * A worker thread's script (`expansion-worker`: the engine's expansion threads; `army-worker`: the
 * army commands' HiGHS) next to the bundle, or the built one when running from source (tests): the
 * threads run bundled code, so `npm run build:cli` after a change to what they run.
 */
export function workerScript(name: 'expansion-worker' | 'army-worker' = 'expansion-worker'): URL {
  const beside = new URL(`./${name}.mjs`, import.meta.url)
  if (existsSync(fileURLToPath(beside))) return beside
  return new URL(`../../out/cli/${name}.mjs`, import.meta.url)
}

/** Run a job on the engine, with progress on stderr; undefined when Ctrl-C cancelled it (reported). */
export function runJob<K extends JobKind>(job: EngineJob<K>, io: Io, command: string): Promise<JobTypes[K]['result'] | undefined> {
  const engine = new Engine({ ...(threadsOf(job) > 1 && { workers: nodeWorkers(workerScript()) }), files: folderStore, farm: bullFarm })
  return runCancellable(io, command, (progress) => engine.start(job, progress))
}

/** A long piece of work started: its result (rejecting with CancelledError once cancelled) and how to stop it. */
export interface Cancellable<T> {
  readonly result: Promise<T>
  cancel(): void
}

/**
 * Every long command's run: progress on stderr (one redrawn line on a terminal, a line every few
 * seconds otherwise) and Ctrl-C to cancel. Undefined when cancelled: the command then says so on
 * stderr and exits with status 130, as a shell reports a process ended by Ctrl-C.
 */
export async function runCancellable<T>(
  io: Io,
  command: string,
  start: (progress: (p: Progress) => void) => Cancellable<T>,
): Promise<T | undefined> {
  const bar = progressWriter((s) => process.stderr.write(s), io.tty && process.stderr.isTTY === true)
  // Listening before the work starts: its first progress line comes out at once, and a Ctrl-C that
  // arrives before anyone listens ends the process without a word (the handler runs after this
  // function's synchronous part, when `work` is set). Ctrl-C, or the end of a session (a terminal
  // closed, a machine shut down): the job is cancelled, its checkpoint and files kept and its folder
  // released, so that --resume goes on next time.
  let work: Cancellable<T> | undefined
  const interrupt = (): void => work?.cancel()
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
  for (const s of signals) process.once(s, interrupt)
  try {
    work = start((p) => bar.update(p))
    return await work.result
  } catch (e) {
    if (e instanceof CancelledError) {
      bar.done()
      io.err(`halma ${command}: cancelled`)
      return undefined
    }
    throw e
  } finally {
    for (const s of signals) process.removeListener(s, interrupt)
    bar.done()
  }
}

/**
 * --out FILE, checked before the search starts (a search's result must not be lost to a typo): a
 * folder, or a file in a folder that does not exist, is bad input.
 */
export function outOption(v: Values): string | undefined {
  const out = v['out']
  if (typeof out !== 'string') return undefined
  if (out.trim() === '') throw new UsageError("--out: give a file's path, not an empty one")
  const kind = (path: string): 'folder' | 'file' | 'none' => {
    try {
      return statSync(path).isDirectory() ? 'folder' : 'file'
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return 'none'
      if (code === 'ENOTDIR') throw new UsageError(`--out: '${out}': a part of the path is a file, not a folder`)
      throw fileFault(e, path, 'cannot look at the path of --out')
    }
  }
  const there = kind(out)
  if (there === 'folder') throw new UsageError(`--out: '${out}' is a folder; give a file's path, such as ${join(out, 'result.json')}`)
  // A document is replaced (a problem's own file keeps its stored solutions: they are written again); any other file is the user's.
  if (there === 'file' && !isDocumentFile(out))
    throw new UsageError(
      `--out: '${out}' exists and is not a Halma Workbench document: it is not overwritten (give another name, or remove it first)`,
    )
  const folder = dirname(out)
  const where = kind(folder)
  if (where === 'none') throw new UsageError(`--out: there is no folder '${folder}' to write '${basename(out)}' in`)
  if (where === 'file') throw new UsageError(`--out: '${folder}' is a file, not a folder`)
  return out
}

/** Whether a file is a Halma Workbench document (one larger than a document may be is not). */
function isDocumentFile(path: string): boolean {
  try {
    return statSync(path).size <= 4 * MAX_DOCUMENT_CHARS && isDocumentText(readFileSync(path, 'utf8'))
  } catch (e) {
    throw fileFault(e, path, 'cannot read the file --out names')
  }
}

/**
 * Write a result's document to --out (a temporary file, then renamed: never half written). A fault
 * of the disk is answered, not thrown: the caller still prints the result, then names the path
 * (outFailed), so that a finished search is never lost to a full disk or a permission.
 */
export async function writeResult(outFile: string, text: string): Promise<EnvironmentError | undefined> {
  try {
    await writeFileAtomic(outFile, text)
    return undefined
  } catch (e) {
    const fault = fileFault(e, outFile, 'cannot write the result')
    if (fault instanceof EnvironmentError) return fault
    throw fault
  }
}

/** After the result was printed: say that --out failed and where the result is; exit status 3. */
export function outFailed(fault: EnvironmentError, io: Io, command: string): number {
  io.err(`halma ${command}: --out: ${fault.message}. The result is on standard output (above); nothing was written to ${fault.where}.`)
  return EXIT_ENVIRONMENT
}

/** The problem (as loaded) with solutions added, written to --out when it is given (see writeResult). */
export async function writeWithSolutions(
  out: string | undefined,
  loaded: LoadedProblem,
  solutions: readonly { readonly title: string; readonly moves: string; readonly notes: string }[],
): Promise<EnvironmentError | undefined> {
  if (out === undefined) return undefined
  const base = loaded.document?.spec ?? specFromProblem(loaded.problem)
  return writeResult(out, formatDocument({ ...base, solutions: [...(base.solutions ?? []), ...solutions] }))
}
