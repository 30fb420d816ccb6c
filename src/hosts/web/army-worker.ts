// Entry of an army Web Worker: one army job (src/shared/solitaire/job.ts) run by the core's
// minimum-army solvers with HiGHS loaded from the bundled WebAssembly. The page ends the worker
// to cancel (HiGHS's solve blocks the thread, so a cancel message could not be read).
import highsLoader from 'highs'
import wasmUrl from 'highs/runtime?url'
import { parseArmyJob, type ArmyJob, type ArmyJobResult, type ArmyWorkerMessage } from '../../shared/solitaire/job'
import { countArmies, defaultWindow, solveArmy, solveArmyIp, type MipSolver } from '../../shared/solitaire/minimum'
import { workerScope } from './scope'

const scope = workerScope()
const post = (m: ArmyWorkerMessage): void => scope.postMessage(m)

async function run(job: ArmyJob): Promise<ArmyJobResult> {
  post({ type: 'progress', message: 'loading HiGHS' })
  const mip = (await highsLoader({ locateFile: () => wasmUrl })) as MipSolver
  const window = job.window ?? defaultWindow(job.type, job.level)
  const where = `window of ${window.rows} rows, ${window.width} columns beyond each row`
  const options = { window, timeLimit: job.timeLimit }
  switch (job.kind) {
    case 'bound': {
      post({ type: 'progress', message: `integer program on the ${where}` })
      const o = await solveArmyIp(mip, job.type, job.level, options)
      return { kind: 'bound', status: o.status, men: o.men, window: o.window, seconds: o.seconds, startsCovered: o.startsCovered }
    }
    case 'solve': {
      post({ type: 'progress', message: `integer program on the ${where}, then the jumps put in order` })
      const s = await solveArmy(mip, job.type, job.level, options)
      return {
        kind: 'solve',
        status: s.ip.status,
        men: s.ip.men,
        window: s.ip.window,
        army: s.ip.army,
        moves: s.moves,
        verdict: s.verdict,
        seconds: s.ip.seconds,
      }
    }
    case 'count': {
      post({ type: 'progress', message: `every minimum army on the ${where}, one integer program each` })
      const c = await countArmies(mip, job.type, job.level, options)
      return { kind: 'count', men: c.men, classes: c.classes, armies: c.armies.length, end: c.end, window: c.window, seconds: c.seconds }
    }
  }
}

scope.addEventListener('message', (e: MessageEvent<unknown>) => {
  let job: ArmyJob
  try {
    job = parseArmyJob(e.data)
  } catch (err) {
    post({ type: 'error', message: `bad army job: ${(err as Error).message}` })
    return
  }
  run(job).then(
    (result) => post({ type: 'result', result }),
    (err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
  )
})
