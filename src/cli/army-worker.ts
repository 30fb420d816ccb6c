/**
 * A worker thread of the `halma army` commands (army-ip.ts starts it): it runs one of the core's
 * long army solvers (the integer programs of src/shared/army/minimum.ts, with HiGHS loaded here,
 * or a custom board's depth-first search) and posts its messages and its result. They hold the
 * thread they run on; here that is this thread, so the command's main thread keeps printing
 * progress and can end the work on Ctrl-C by terminating the worker.
 */
import { parentPort, workerData } from 'node:worker_threads'
import highsLoader from 'highs'
import { countArmies, solveArmy, solveArmyIp, solveCase, type MipSolver } from '../shared/army/minimum'
import type { Tell } from '../shared/army/play'
import { solveOnBoard, type BoardSolution } from '../shared/army/custom'
import { GEOMETRIES, type ArmyType, type CustomBoard, type Window } from '../shared/army/geometry'
import type { Cell } from '../shared/cell'

/** The solvers of integer programs a worker runs, by name; each takes HiGHS first, then its own arguments. */
export const MIP_TASKS = { solveArmyIp, solveArmy, countArmies, solveCase }

/**
 * A custom board's army solved as it stands, without HiGHS (custom.ts: depth-first search pruned
 * by the distance map, its moves verified): minutes on a large army. The measure stays behind (its
 * pagoda map is functions); the command's thread works it out itself.
 */
function boardSolve(
  type: ArmyType,
  window: Window,
  board: CustomBoard,
  army: readonly Cell[],
  options: { readonly maxPositions?: number; readonly tell?: Tell },
): Omit<BoardSolution, 'measure'> {
  const { measure: _measure, ...rest } = solveOnBoard(GEOMETRIES[type], window, board, army, options)
  return rest
}

/** The solvers without HiGHS, by name. */
export const PLAIN_TASKS = { boardSolve }

export type ArmyTaskName = keyof typeof MIP_TASKS | keyof typeof PLAIN_TASKS

/** What the worker posts: what the solver is doing, then its result or why it failed. */
export type ArmyTaskMessage =
  | { readonly type: 'progress'; readonly message: string }
  | { readonly type: 'result'; readonly result: unknown }
  | { readonly type: 'error'; readonly message: string }

async function main(port: NonNullable<typeof parentPort>): Promise<void> {
  const { task, args } = workerData as { task: ArmyTaskName; args: unknown[] }
  const tell: Tell = (message) => port.postMessage({ type: 'progress', message } satisfies ArmyTaskMessage)
  // The options object is each solver's last argument: the worker adds its messages to it.
  const given = [...args.slice(0, -1), { ...(args.at(-1) as object), tell }]
  try {
    let result: unknown
    if (task in MIP_TASKS) {
      tell('loading HiGHS')
      const mip = (await highsLoader()) as MipSolver
      result = await (MIP_TASKS[task as keyof typeof MIP_TASKS] as (mip: MipSolver, ...rest: unknown[]) => Promise<unknown>)(mip, ...given)
    } else result = (PLAIN_TASKS[task as keyof typeof PLAIN_TASKS] as (...rest: unknown[]) => unknown)(...given)
    port.postMessage({ type: 'result', result } satisfies ArmyTaskMessage)
  } catch (e) {
    port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) } satisfies ArmyTaskMessage)
  }
}

if (parentPort) void main(parentPort)
