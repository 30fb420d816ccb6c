/**
 * A worker thread of the `halma army` commands (army-ip.ts starts it): it loads HiGHS, runs one of
 * the core's minimum-army solvers (src/shared/army/minimum.ts) and posts its messages and its
 * result. HiGHS blocks the thread it runs on; here that is this thread, so the command's main
 * thread keeps printing progress and can end the work on Ctrl-C by terminating the worker.
 */
import { parentPort, workerData } from 'node:worker_threads'
import highsLoader from 'highs'
import { countArmies, solveArmy, solveArmyIp, solveCase, type MipSolver, type Tell } from '../shared/army/minimum'

/** The solvers a worker runs, by name; each takes HiGHS first, then its own arguments. */
export const ARMY_TASKS = { solveArmyIp, solveArmy, countArmies, solveCase }
export type ArmyTaskName = keyof typeof ARMY_TASKS

/** What the worker posts: what the solver is doing, then its result or why it failed. */
export type ArmyTaskMessage =
  | { readonly type: 'progress'; readonly message: string }
  | { readonly type: 'result'; readonly result: unknown }
  | { readonly type: 'error'; readonly message: string }

async function main(port: NonNullable<typeof parentPort>): Promise<void> {
  const { task, args } = workerData as { task: ArmyTaskName; args: unknown[] }
  const tell: Tell = (message) => port.postMessage({ type: 'progress', message } satisfies ArmyTaskMessage)
  tell('loading HiGHS')
  const mip = (await highsLoader()) as MipSolver
  // The options object is each solver's last argument: the worker adds its messages to it.
  const last = { ...(args.at(-1) as object), tell }
  const run = ARMY_TASKS[task] as (mip: MipSolver, ...rest: unknown[]) => Promise<unknown>
  try {
    port.postMessage({ type: 'result', result: await run(mip, ...args.slice(0, -1), last) } satisfies ArmyTaskMessage)
  } catch (e) {
    port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) } satisfies ArmyTaskMessage)
  }
}

if (parentPort) void main(parentPort)
