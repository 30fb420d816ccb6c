/**
 * Verification of a solution against a problem: every move legal in turn, and the target reached
 * (a transfer) or the game won (a game: the first army to fully occupy the opposing base wins, and
 * the game ends there). An illegal move stops verification with an error that names the move
 * number, the move and why: "move 14: c3-e5 is not a jump: d4 is empty".
 */
import { nameOf } from './board'
import { balance, centroid, sym } from './metrics'
import { applyMove, pathText, resolveMove, type Move } from './moves'
import { parseSolution, resolvePaths, type WrittenSolution } from './notation'
import { ownerOf, Position } from './position'
import { occupiesTarget, startPosition, type Problem } from './problem'
import type { Diagnostic } from '../result'
import { symmetry } from './symmetry'
import { topology } from './topology'

/** One verified move and the measures of the mover's army after it. */
export interface MoveRecord {
  /** 1-based move number. */
  readonly number: number
  /** Index of the army that moved. */
  readonly army: number
  readonly move: Move
  /** The move in full notation (every cell visited). */
  readonly text: string
}

/** Measures of one army over a solution: index 0 is the start, index k after move k. */
export interface ArmySeries {
  readonly name: string
  readonly centroid: number[]
  /** sym(A) under the problem's reflection; null where the board has none. */
  readonly sym: (number | null)[]
  readonly balance: [number, number, number, number][]
  /** Men already on target cells. */
  readonly onTarget: number[]
}

/** Where verification stopped, and why. */
export interface VerifyError extends Diagnostic {
  /** 1-based number of the offending move; 0 for the text as a whole. */
  readonly move: number
}

export interface Verification {
  readonly valid: boolean
  /** Legal moves played. */
  readonly length: number
  /** Step moves among them. */
  readonly steps: number
  /** Jump moves among them (a chain counts once). */
  readonly jumps: number
  /** Transfer: the army ends on its target. Game: the winner occupies the opposing base. */
  readonly reachesTarget: boolean
  readonly moves: readonly MoveRecord[]
  readonly series: readonly ArmySeries[]
  /** Games: who won, on which move. */
  readonly winner?: { readonly army: number; readonly move: number }
  readonly error?: VerifyError
  /** The final position (after the last legal move). */
  readonly final: Position
}

function fault(move: number, code: string, message: string): VerifyError {
  return { code, message: move > 0 ? `move ${move}: ${message}` : message, move, at: move > 0 ? `move ${move}` : undefined } as VerifyError
}

/** Verify a solution given as text, as its written form, or as paths of cells. */
export function verify(problem: Problem, solution: string | WrittenSolution | readonly (readonly number[])[]): Verification {
  const board = problem.board
  const topo = topology(board, problem.rules)
  const start = startPosition(problem)
  const image = problem.reflection ? symmetry(board, problem.reflection) : undefined
  const symName = problem.reflection ?? 'mirror'
  const occ = start.occupancy()
  const armies = problem.armies.length
  const series: ArmySeries[] = problem.armies.map((a) => ({ name: a.name, centroid: [], sym: [], balance: [], onTarget: [] }))
  const measure = (): void => {
    for (let a = 0; a < armies; a++) {
      const cells: number[] = []
      for (let c = 0; c < occ.length; c++) if (occ[c] === ownerOf(a)) cells.push(c)
      const s = series[a]!
      s.centroid.push(centroid(board, cells))
      s.sym.push(sym(board, cells, symName) ?? null)
      s.balance.push(balance(board, cells))
      s.onTarget.push(problem.armies[a]!.target.filter((c) => occ[c] === ownerOf(a)).length)
    }
  }
  measure()
  const moves: MoveRecord[] = []
  let steps = 0
  let jumps = 0
  let winner: Verification['winner']
  const finish = (error?: VerifyError): Verification => {
    const final = Position.fromOccupancy(board, occ)
    const reachesTarget = problem.kind === 'transfer' ? occupiesTarget(problem, final, 0) : winner !== undefined
    if (!error && !reachesTarget) {
      if (problem.kind === 'transfer') {
        const missing = problem.armies[0]!.target.filter((c) => occ[c] !== 1).map((c) => nameOf(board, c))
        error = fault(
          0,
          'solution.incomplete',
          `the army does not reach its target after ${moves.length} moves: ${missing.length} target ${missing.length === 1 ? 'cell is' : 'cells are'} still empty (${missing.join(' ')})`,
        )
      } else {
        error = fault(0, 'game.unfinished', `the game is not over after ${moves.length} moves: neither army occupies the opposing base`)
      }
    }
    return { valid: !error, length: moves.length, steps, jumps, reachesTarget, moves, series, winner, error, final }
  }

  let paths: number[][]
  if (typeof solution === 'string' || !Array.isArray(solution)) {
    const written = typeof solution === 'string' ? parseSolution(solution) : { ok: true as const, value: solution as WrittenSolution }
    if (!written.ok) return finish(toError(written.error))
    const resolved = resolvePaths(board, written.value, image)
    if (!resolved.ok) return finish(toError(resolved.error))
    paths = resolved.value
  } else {
    paths = solution.map((p) => [...p])
  }
  if (paths.length === 0) return finish(fault(0, 'solution.empty', 'the solution has no moves'))

  for (let k = 0; k < paths.length; k++) {
    const number = k + 1
    const army = problem.kind === 'transfer' ? 0 : (problem.first + k) % 2
    if (winner) {
      return finish(
        fault(
          number,
          'game.over',
          `${pathText(topo, paths[k]!)} comes after the end of the game: ${problem.armies[winner.army]!.name} won on move ${winner.move}`,
        ),
      )
    }
    const r = resolveMove(topo, occ, paths[k]!, ownerOf(army))
    if (!r.ok) {
      const msg = r.error.code === 'move.wrong-army' ? `${r.error.message}; it is ${problem.armies[army]!.name}'s move` : r.error.message
      return finish(fault(number, r.error.code, msg))
    }
    const move = r.value
    applyMove(occ, move)
    if (move.kind === 'step') steps++
    else jumps++
    moves.push({ number, army, move, text: pathText(topo, move.path) })
    measure()
    if (problem.kind === 'game' && occupiesTarget(problem, Position.fromOccupancy(board, occ.slice()), army)) {
      winner = { army, move: number }
    }
  }
  return finish()
}

function toError(d: Diagnostic): VerifyError {
  const m = d.at?.match(/^move (\d+)$/)
  const move = m ? Number(m[1]) : 0
  return fault(move, d.code, d.message)
}
