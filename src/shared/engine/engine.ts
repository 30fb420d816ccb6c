/**
 * The engine facade (Stockfish's `go`/`stop` shape): start(job) returns a handle with the result
 * promise and cancel(); progress arrives as plain data through a callback. Only hosts know how
 * threads are made (a WorkerFactory) and how messages travel.
 */
import { loadDocument, type DocumentSpec } from '../document'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { type TransferDomain } from './domain'
import { CancelledError, InlineExecutor, ThreadExecutor, type Executor, type WorkerFactory } from './executor'
import { BEAM_WIDTH, DEFAULT_JOB, STRATEGIES, type Progress, type SolveJob, type SolveResult } from './job'
import { BOUNDS } from './ladder'
import { GameKernel, type GameDomain } from './game'
import { GameSolver, type GameJob, type GameResult } from './game-search'
import { Solver } from './solver'

export { CancelledError }

export interface EngineHost {
  /** Makes expansion threads; without it the engine runs on the calling thread. */
  readonly workers?: WorkerFactory
}

export interface JobHandle {
  readonly result: Promise<SolveResult>
  /** Stop the job; `result` then rejects with CancelledError. */
  cancel(): void
}

/** How often progress is passed on, at most (milliseconds). */
const PROGRESS_INTERVAL = 250

export class Engine {
  constructor(private readonly host: EngineHost = {}) {}

  start(job: SolveJob, onProgress?: (p: Progress) => void): JobHandle {
    const progress = this.throttle(onProgress)
    const makeExecutor = (domain: TransferDomain): Executor =>
      job.threads > 1 && this.host.workers
        ? new ThreadExecutor(this.host.workers, job.threads, {
            type: 'init',
            kind: 'transfer',
            spec: domain.spec(),
            options: domain.options,
          })
        : new InlineExecutor(domain)
    const solver = new Solver(job, { makeExecutor, progress })
    let cancelled = false
    const result = solver.solve().catch((e: unknown) => {
      throw cancelled ? new CancelledError() : e
    })
    return {
      result,
      cancel: () => {
        cancelled = true
        solver.cancel()
      },
    }
  }

  /** Search a two-player game: the shortest game, with a proof that none is shorter. */
  startGame(job: GameJob, onProgress?: (p: Progress) => void): GameJobHandle {
    const progress = this.throttle(onProgress)
    const makeExecutor = (domain: GameDomain): Executor =>
      job.threads > 1 && this.host.workers
        ? new ThreadExecutor(this.host.workers, job.threads, { type: 'init', kind: 'game', spec: domain.spec(), options: domain.options })
        : new InlineExecutor(new GameKernel(domain))
    const solver = new GameSolver(job, { makeExecutor, progress })
    let cancelled = false
    const result = solver.solve().then(
      (r) => {
        if (cancelled) throw new CancelledError()
        return r
      },
      (e: unknown) => {
        throw cancelled ? new CancelledError() : e
      },
    )
    return {
      result,
      cancel: () => {
        cancelled = true
        solver.cancel()
      },
    }
  }

  private throttle(onProgress?: (p: Progress) => void): (p: Progress) => void {
    let last = 0
    let lastKey = ''
    return (p) => {
      const now = performance.now()
      const key = `${p.phase}/${p.length}`
      if (key !== lastKey || now - last >= PROGRESS_INTERVAL) {
        last = now
        lastKey = key
        onProgress?.(p)
      }
    }
  }
}

export interface GameJobHandle {
  readonly result: Promise<GameResult>
  cancel(): void
}

export interface EngineGames {
  startGame(job: GameJob, onProgress?: (p: Progress) => void): GameJobHandle
}

/** Check a job given as loose data (a message, command-line options), filling in defaults. */
export function parseJob(input: unknown): Result<SolveJob, Diagnostic[]> {
  if (typeof input !== 'object' || input === null) return err([diagnostic('job.type', 'a job is an object')])
  const o = { ...(input as Record<string, unknown>) }
  const faults: Diagnostic[] = []
  const num = (key: keyof SolveJob, min: number, max: number, integer = true): number => {
    const v = o[key] ?? DEFAULT_JOB[key as keyof typeof DEFAULT_JOB]
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
      faults.push(
        diagnostic('job.range', `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, not ${JSON.stringify(v)}`, key),
      )
      return min
    }
    return v
  }
  const pick = <T extends string>(key: keyof SolveJob, allowed: readonly T[]): T => {
    const v = o[key] ?? DEFAULT_JOB[key as keyof typeof DEFAULT_JOB]
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
      faults.push(diagnostic('job.choice', `must be one of ${allowed.join(', ')}, not ${JSON.stringify(v)}`, key))
      return allowed[0]!
    }
    return v as T
  }
  const bool = (key: keyof SolveJob): boolean => {
    const v = o[key] ?? DEFAULT_JOB[key as keyof typeof DEFAULT_JOB]
    if (typeof v !== 'boolean') {
      faults.push(diagnostic('job.type', `must be true or false, not ${JSON.stringify(v)}`, key))
      return false
    }
    return v
  }
  const strategy = pick('strategy', STRATEGIES)
  if (o['beamWidth'] === undefined) o['beamWidth'] = strategy === 'auto' ? BEAM_WIDTH.auto : BEAM_WIDTH.beam
  const job: SolveJob = {
    problem: o['problem'] as DocumentSpec,
    strategy,
    beamWidth: num('beamWidth', 1, 100_000_000),
    lambda: num('lambda', 0, 1000, false),
    palindrome: bool('palindrome'),
    maxLength: num('maxLength', 0, 1000),
    threads: num('threads', 0, 256),
    bound: pick('bound', BOUNDS),
    exactMoves: num('exactMoves', 0, 12),
    fold: bool('fold'),
    budgetBytes: num('budgetBytes', 1 << 20, 2 ** 40),
    timeLimit: num('timeLimit', 0, 10 ** 7, false),
  }
  const doc = typeof o['problem'] === 'object' && o['problem'] !== null ? loadDocument(o['problem']) : undefined
  if (!doc) faults.push(diagnostic('job.problem', 'the job has no problem', 'problem'))
  else if (!doc.ok) faults.push(...doc.error.map((d) => ({ ...d, at: d.at ? `problem.${d.at}` : 'problem' })))
  else if (doc.value.problem.kind !== 'transfer')
    faults.push(diagnostic('job.problem', 'this search takes a transfer problem, not a game', 'problem.kind'))
  else if (job.palindrome && !doc.value.problem.reflection) {
    faults.push(diagnostic('job.palindrome', 'palindromes need a target that is the reflection of the start', 'palindrome'))
  }
  return faults.length > 0 ? err(faults) : ok(job)
}
