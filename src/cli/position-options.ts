/**
 * `--after K`: the position after move K of a solution (the start without a solution or K = 0),
 * shared by `analyze` and `show`.
 */
import { startPosition, type Problem } from '../shared/halma/problem'
import type { Position } from '../shared/halma/position'
import { verify } from '../shared/halma/verify'
import type { Io } from './io'
import { loadSolutions, UsageError, type LoadedProblem } from './options'

export const AFTER_OPTION = { after: { type: 'string' } } as const

export interface Located {
  readonly position: Position
  /** Moves played to reach it. */
  readonly played: number
  /** The cells the last move visited, if any. */
  readonly lastPath: readonly number[]
  /** Index of the army to move next. */
  readonly toMove: number
}

export function locate(v: Record<string, unknown>, loaded: LoadedProblem, io: Io): Located {
  const problem: Problem = loaded.problem
  const hasMoves = v['moves'] !== undefined || v['moves-file'] !== undefined || v['solution'] !== undefined
  const afterText = typeof v['after'] === 'string' ? v['after'] : undefined
  if (!hasMoves && afterText === undefined) {
    return { position: startPosition(problem), played: 0, lastPath: [], toMove: problem.first }
  }
  const solutions = loadSolutions(v as Record<string, string | boolean | undefined>, loaded, io.stdin)
  const s = solutions[0]!
  const ver = verify(problem, s.solution)
  const total = ver.length + (ver.error && ver.error.move > 0 ? 0 : 0)
  // A move number in decimal digits: '' is not 0, nor "0x10" 16.
  let after = afterText === undefined ? ver.length : /^\d+$/.test(afterText.trim()) ? Number(afterText) : NaN
  if (!Number.isSafeInteger(after) || after < 0) throw new UsageError(`--after: '${afterText}' is not a move number`)
  if (after > ver.length) {
    if (ver.error) throw new UsageError(`--after ${after}: ${ver.error.message}`)
    throw new UsageError(`--after: the solution has only ${total} moves`)
  }
  after = Math.min(after, ver.length)
  let position = startPosition(problem)
  for (let k = 0; k < after; k++) {
    const m = ver.moves[k]!.move
    position = position.moved(m.path[0]!, m.path[m.path.length - 1]!)
  }
  const lastPath = after > 0 ? ver.moves[after - 1]!.move.path : []
  const toMove = problem.kind === 'transfer' ? 0 : (problem.first + after) % 2
  return { position, played: after, lastPath, toMove }
}
