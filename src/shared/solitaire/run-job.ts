/**
 * An army job run (job.ts): the integer-programming bound, a solved army, or the count of minimum
 * armies, by the minimum-army solvers of minimum.ts with a MIP solver the host loads (HiGHS from
 * the `highs` package: from its folder in Node, from the bundled WebAssembly in a browser), as the
 * engine's `army` job kind (registry.ts): the desktop runs it in a job's utility process, the
 * browser in a job Web Worker. HiGHS blocks its thread, so progress is by phase and a
 * cancel ends the thread or process.
 */
import type { ArmyJob, ArmyJobResult } from './job'
import { countArmies, defaultWindow, solveArmy, solveArmyIp, type MipSolver } from './minimum'

export async function runArmyJob(mip: MipSolver, job: ArmyJob, progress: (message: string) => void): Promise<ArmyJobResult> {
  const window = job.window ?? defaultWindow(job.type, job.level)
  const where = `window of ${window.rows} rows, ${window.width} columns beyond each row`
  const options = { window, timeLimit: job.timeLimit }
  switch (job.kind) {
    case 'bound': {
      progress(`integer program on the ${where}`)
      const o = await solveArmyIp(mip, job.type, job.level, options)
      return { kind: 'bound', status: o.status, men: o.men, window: o.window, seconds: o.seconds, startsCovered: o.startsCovered }
    }
    case 'solve': {
      progress(`integer program on the ${where}, then the jumps put in order`)
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
      progress(`every minimum army on the ${where}, one integer program each`)
      const c = await countArmies(mip, job.type, job.level, options)
      return { kind: 'count', men: c.men, classes: c.classes, armies: c.armies.length, end: c.end, window: c.window, seconds: c.seconds }
    }
  }
}
