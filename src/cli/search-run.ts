/**
 * What the searching commands share (`halma solve`, `halma game`, `halma players game`, `halma army`):
 * numeric options, job faults named by the option that sets the field, every long run with
 * progress on stderr and Ctrl-C to cancel (a job on the engine, or other long work), and the
 * problem written back with what was found (--out).
 */
import { existsSync } from 'node:fs'
import type { ParseArgsConfig } from 'node:util'
import { fileURLToPath } from 'node:url'
import { formatDocument, specFromProblem } from '../shared/halma/document'
import { CancelledError, Engine, threadsOf, type EngineJob } from '../shared/engine/engine'
import type { JobKind, JobTypes } from '../shared/engine/jobs'
import type { Progress } from '../shared/engine/core/progress'
import type { Diagnostic } from '../shared/result'
import { writeFileAtomic } from '../hosts/node/files'
import { bullFarm } from '../hosts/node/cluster'
import { folderStore } from '../hosts/node/store'
import { cores, nodeWorkers } from '../hosts/node/threads'
import type { Io } from './io'
import { UsageError, type LoadedProblem, type Values } from './options'
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
}

/** A job's faults as a usage error, each named by its option. */
export function jobFaults(faults: readonly Diagnostic[]): UsageError {
  return new UsageError(faults.map((d) => `--${OPTION_OF[d.at ?? ''] ?? d.at ?? 'job'}: ${d.message}`).join('; '))
}

/** A numeric option's value, or `fallback` when it is not given. */
export function numberOption(v: Values, key: string, fallback: number): number {
  const text = v[key]
  if (typeof text !== 'string') return fallback
  const n = Number(text)
  if (!Number.isFinite(n)) throw new UsageError(`--${key}: '${text}' is not a number`)
  return n
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
  const n = Number(text)
  if (text.trim() === '' || !Number.isInteger(n) || n < 0 || n > 256)
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

/** The job fields of --disk DIR (levels on disk, a new checkpoint) or --resume DIR (go on with it): one of them. */
export function diskOption(v: Values): { disk?: string; resume?: boolean } {
  if (typeof v['disk'] === 'string' && typeof v['resume'] === 'string')
    throw new UsageError('--disk and --resume: give one (--resume DIR goes on with the search in DIR, and keeps its levels there)')
  if (typeof v['resume'] === 'string') return { disk: v['resume'], resume: true }
  return typeof v['disk'] === 'string' ? { disk: v['disk'] } : {}
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
  // function's synchronous part, when `work` is set).
  let work: Cancellable<T> | undefined
  const interrupt = (): void => work?.cancel()
  process.once('SIGINT', interrupt)
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
    process.removeListener('SIGINT', interrupt)
    bar.done()
  }
}

/** Write the problem (as loaded) with solutions added, to --out. */
export async function writeWithSolutions(
  outFile: string,
  loaded: LoadedProblem,
  solutions: readonly { readonly title: string; readonly moves: string; readonly notes: string }[],
): Promise<void> {
  const base = loaded.document?.spec ?? specFromProblem(loaded.problem)
  const doc = { ...base, solutions: [...(base.solutions ?? []), ...solutions] }
  try {
    await writeFileAtomic(outFile, formatDocument(doc))
  } catch (e) {
    throw new UsageError(`--out: cannot write '${outFile}': ${(e as Error).message}`)
  }
}
