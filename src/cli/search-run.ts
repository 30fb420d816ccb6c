/**
 * What `halma solve` and `halma game` share: numeric options, job faults named by the option that
 * sets the field, the job run on the engine with progress on stderr and Ctrl-C to cancel, and the
 * problem written back with what was found (--out).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { formatDocument, specFromProblem } from '../shared/halma/document'
import { CancelledError, Engine, threadsOf, type EngineJob } from '../shared/engine/engine'
import type { JobKind, JobTypes } from '../shared/engine/jobs'
import type { Diagnostic } from '../shared/result'
import { writeFileAtomic } from '../hosts/node/files'
import { bullFarm } from '../hosts/node/cluster'
import { folderStore } from '../hosts/node/store'
import { nodeWorkers } from '../hosts/node/threads'
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

/** The worker script next to the bundle, or the built one when running from source. */
export function workerScript(): URL {
  const beside = new URL('./expansion-worker.mjs', import.meta.url)
  if (existsSync(fileURLToPath(beside))) return beside
  return new URL('../../out/cli/expansion-worker.mjs', import.meta.url)
}

/** Run a job on the engine, with progress on stderr; undefined when Ctrl-C cancelled it (reported). */
export async function runJob<K extends JobKind>(job: EngineJob<K>, io: Io, command: string): Promise<JobTypes[K]['result'] | undefined> {
  const engine = new Engine({ ...(threadsOf(job) > 1 && { workers: nodeWorkers(workerScript()) }), files: folderStore, farm: bullFarm })
  const bar = progressWriter((s) => process.stderr.write(s), io.tty && process.stderr.isTTY === true)
  const handle = engine.start(job, (p) => bar.update(p))
  // Ctrl-C, or the end of a session (a terminal closed, a machine shut down): the job is cancelled,
  // its checkpoint and files kept and its folder released, so that --resume goes on next time.
  const interrupt = (): void => handle.cancel()
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
  for (const s of signals) process.once(s, interrupt)
  try {
    return await handle.result
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
