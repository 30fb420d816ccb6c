/**
 * The minimum-army solvers of the core (src/shared/army/minimum.ts) with HiGHS loaded in Node.
 * The `halma army` commands run each in a worker thread (`armyTask`; army-worker.ts loads HiGHS
 * there), because HiGHS blocks the thread it runs on (and so does a custom board's depth-first
 * search, also run there): the command's thread prints progress on
 * stderr (the solver's messages, with the time as it passes) and Ctrl-C terminates the worker (the
 * command says it was cancelled and exits with status 130). The benchmarks call the same solvers
 * in-process, by the same names and arguments as the core's without the solver (loaded once).
 */
import { Worker } from 'node:worker_threads'
import highsLoader from 'highs'
import * as core from '../shared/army/minimum'
import type { MipSolver } from '../shared/army/minimum'
import type { LpEngine } from '../shared/army/branch'
import type { IntProgram } from '../shared/army/program'

export {
  defaultWindow,
  mirror,
  TABLE7,
  table7Case,
  threeManFinishes,
  type ArmyCase,
  type ArmyCount,
  type ArmySolution,
  type CaseOutcome,
  type IpOutcome,
} from '../shared/army/minimum'
import { CancelledError } from '../shared/engine/core/executor'
import { Reporter } from '../shared/engine/core/reporter'
import type { ArmyTaskMessage, ArmyTaskName, MIP_TASKS, PLAIN_TASKS } from './army-worker'
import type { Io } from './io'
import { runCancellable, workerScript } from './search-run'

type Rest<F> = F extends (mip: MipSolver, ...rest: infer A) => unknown ? A : never
type Mip = typeof MIP_TASKS
type Plain = typeof PLAIN_TASKS
/** A task's arguments (without HiGHS) and its result. */
type ArgsOf<K> = K extends keyof Mip ? Rest<Mip[K]> : K extends keyof Plain ? Parameters<Plain[K]> : never
type ResultOf<K> = K extends keyof Mip ? Awaited<ReturnType<Mip[K]>> : K extends keyof Plain ? ReturnType<Plain[K]> : never

/** How often the line on stderr is brought up to date while the solver is silent (milliseconds). */
const HEARTBEAT = 1000

/** Run a solver in a worker thread with progress and Ctrl-C; undefined when cancelled (reported). */
export function armyTask<K extends ArmyTaskName>(io: Io, command: string, task: K, ...args: ArgsOf<K>): Promise<ResultOf<K> | undefined> {
  return runCancellable(io, command, (progress) => {
    const reporter = new Reporter(progress, 'program')
    let last = 'starting'
    const beat = setInterval(() => reporter.emit(last), HEARTBEAT)
    const worker = new Worker(workerScript('army-worker'), { workerData: { task, args } })
    let stop: (e: Error) => void = () => undefined
    const result = new Promise<ResultOf<K>>((resolve, reject) => {
      stop = reject
      worker.on('message', (m: ArmyTaskMessage) => {
        if (m.type === 'progress') reporter.emit((last = m.message))
        else if (m.type === 'result') resolve(m.result as ResultOf<K>)
        else reject(new Error(m.message))
      })
      worker.on('error', reject)
      worker.on('exit', (code) => reject(new Error(`the solver's thread ended (exit code ${code})`)))
    }).finally(() => {
      clearInterval(beat)
      void worker.terminate()
    })
    return {
      result,
      cancel: () => stop(new CancelledError()),
    }
  })
}

let loaded: Promise<MipSolver> | undefined
const highs = (): Promise<MipSolver> => (loaded ??= highsLoader() as Promise<MipSolver>)

export const solveArmyIp = async (...a: Rest<typeof core.solveArmyIp>) => core.solveArmyIp(await highs(), ...a)
export const solveArmy = async (...a: Rest<typeof core.solveArmy>) => core.solveArmy(await highs(), ...a)
export const countArmies = async (...a: Rest<typeof core.countArmies>) => core.countArmies(await highs(), ...a)
export const solveCase = async (...a: Rest<typeof core.solveCase>) => core.solveCase(await highs(), ...a)

/**
 * A HiGHS persistent model holding a program's LP relaxation, for the certified branch and bound
 * (shared/army/branch.ts): bounds change in place and each solve starts from the last basis.
 */
export async function highsLpEngine(p: IntProgram): Promise<LpEngine & { dispose(): void }> {
  const h = (await highsLoader()) as unknown as HighsRuntime
  // Columns in CSC form from the rows.
  const byCol: { row: number; v: number }[][] = p.cols.map(() => [])
  p.rows.forEach((r, i) => r.cols.forEach((j, k) => byCol[j]!.push({ row: i, v: Number(r.coefs[k]!) })))
  const starts = [0]
  const indices: number[] = []
  const values: number[] = []
  for (const col of byCol) {
    for (const { row, v } of col) {
      indices.push(row)
      values.push(v)
    }
    starts.push(indices.length)
  }
  const inf = h.infinity
  const model = h.createModel({
    numCols: p.cols.length,
    numRows: p.rows.length,
    colCost: p.cost.map(Number),
    colLower: p.lower.map(Number),
    colUpper: p.upper.map(Number),
    rowLower: p.rows.map((r) => (r.lower === null ? -inf : Number(r.lower))),
    rowUpper: p.rows.map((r) => (r.upper === null ? inf : Number(r.upper))),
    matrix: { format: 'csc', numRows: p.rows.length, numCols: p.cols.length, starts, indices, values },
  })
  model.options.set({ output_flag: false, solver: 'simplex', presolve: 'off' })
  const status = h.constants.modelStatus
  return {
    setBounds: (j, lo, hi) => void model.changeColBounds(j, lo, hi),
    solve: () => {
      model.run()
      const s = model.getModelStatus()
      const sol = model.getSolution()
      return {
        status: s === status.optimal ? 'optimal' : s === status.infeasible ? 'infeasible' : 'other',
        objective: s === status.optimal ? model.getObjectiveValue() : NaN,
        x: sol.colValue,
        rowDual: sol.rowDual,
        colDual: sol.colDual,
      }
    },
    dualRay: () => model.getDualRay()?.values ?? null,
    dispose: () => model.dispose(),
  }
}

/** The part of the HiGHS runtime the LP engine uses (its types ship with the package; narrowed here). */
interface HighsRuntime {
  readonly infinity: number
  readonly constants: { readonly modelStatus: { readonly optimal: number; readonly infeasible: number } }
  createModel(data: unknown): {
    options: { set(o: Record<string, unknown>): void }
    run(): unknown
    getModelStatus(): number
    getSolution(): { colValue: Float64Array; rowDual: Float64Array; colDual: Float64Array }
    getObjectiveValue(): number
    getDualRay(): { values: Float64Array } | undefined
    changeColBounds(j: number, lo: number, hi: number): unknown
    dispose(): void
  }
}
