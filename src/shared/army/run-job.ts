/**
 * An army job run (job.ts): the integer-programming bound, a solved army, or the count of minimum
 * armies, by the minimum-army solvers of minimum.ts with a MIP solver the host loads (HiGHS from
 * the `highs` package: from its folder in Node, from the bundled WebAssembly in a browser), as the
 * engine's `army` job kind (registry.ts): the desktop runs it in a job's utility process, the
 * browser in a job Web Worker. HiGHS blocks its thread, so progress is by phase and a
 * cancel ends the thread or process.
 */
import { fewestInline } from '../engine/army/fewest'
import { DISTANCE_MAP } from './board'
import { solveOnBoard } from './custom'
import { GEOMETRIES, type CustomBoard, type Window } from './geometry'
import type { ArmyJob, ArmyJobResult } from './job'
import { countArmies, defaultWindow, solveArmy, solveArmyIp, type MipSolver } from './minimum'
import { verifyArmy } from './solution'
import type { Cell } from '../cell'

/** Memory the fewest-moves search on a custom board may take (its levels of positions). */
const BOARD_BUDGET = 2 ** 28

/**
 * A custom board's army solved as it stands: depth-first search pruned by the generated pagoda
 * function (custom.ts); then the engine's fewest moves on the board (engine/army, one thread),
 * kept if it finishes within the time limit and the memory budget.
 */
export async function runBoardSolve(
  job: ArmyJob & { readonly window: Window; readonly board: CustomBoard; readonly army: readonly Cell[] },
  progress: (message: string) => void,
): Promise<ArmyJobResult> {
  const t0 = Date.now()
  const g = GEOMETRIES[job.type]
  const { window, board, army } = job
  progress('depth-first search on the custom board, pruned by the distance map')
  const s = solveOnBoard(g, window, board, army, { tell: progress })
  const seconds = (): number => (Date.now() - t0) / 1000
  const base = { kind: 'solve', men: army.length, window, army } as const
  if (!s.measure.possible) return { ...base, status: s.measure.verdict, moves: null, verdict: null, seconds: seconds() }
  if (!s.moves)
    return {
      ...base,
      status: s.gaveUp ? `gave up after ${s.positions} positions` : 'no order of jumps reaches the target',
      moves: null,
      verdict: null,
      seconds: seconds(),
    }
  progress(`${s.moves.length} moves found; the fewest moves by levels`)
  // The engine's fewest-moves flow, on this thread (the army job has no expansion threads).
  const f = await fewestInline(
    { kind: 'army', type: job.type, window, army, map: DISTANCE_MAP, board },
    {
      maxMoves: s.moves.length,
      budgetBytes: BOARD_BUDGET,
      timeLimit: job.timeLimit,
      progress: (p) => progress(`fewest moves: ${p.message}`),
    },
  )
  const fewest = !f.stopped && f.moves
  const moves = fewest ? f.moves! : s.moves
  const status = fewest ? `fewest moves (none with ${moves.length - 1})` : `found (the fewest not settled: ${f.stopped ?? 'none shorter'})`
  return { ...base, status, moves, verdict: verifyArmy(g, window, army, moves, board), seconds: seconds() }
}

export async function runArmyJob(mip: MipSolver, job: ArmyJob, progress: (message: string) => void): Promise<ArmyJobResult> {
  const window = job.window ?? defaultWindow(job.type, job.level)
  const where = `window of ${window.rows} rows, ${window.width} columns beyond each row`
  const options = { window, timeLimit: job.timeLimit, tell: progress }
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
