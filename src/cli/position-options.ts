/**
 * `--after K`: the position after move K of a line, the same for every kind of document (`analyze`
 * and `show`): without --after, the start, or the end of the line when one is named (`--line`,
 * `--moves`); K = 0 is the start.
 */
import { startPosition, type Problem } from '../shared/halma/problem'
import type { Position } from '../shared/halma/position'
import { verify } from '../shared/halma/verify'
import { plural, type Io } from './io'
import { loadSolutions, UsageError, type LoadedProblem } from './options'

export const AFTER_OPTION = { after: { type: 'string' } } as const

/** Whether the options name a line (its end is then the default position). */
export const namesLine = (v: Record<string, unknown>): boolean =>
  ['moves', 'moves-file', 'line', 'solution'].some((k) => v[k] !== undefined)

/** The move K of `--after` on a line of `length` legal moves (`what` names the line in messages). */
export function afterOption(v: Record<string, unknown>, length: number, what = 'line'): number {
  const text = v['after']
  if (typeof text !== 'string') return namesLine(v) ? length : 0
  // A move number in decimal digits: '' is not 0, nor "0x10" 16.
  const k = /^\d+$/.test(text.trim()) ? Number(text) : NaN
  if (!Number.isSafeInteger(k)) throw new UsageError(`--after: '${text}' is not a move number`)
  if (k > length) throw new UsageError(`--after: the ${what} has only ${plural(length, 'move')}`)
  return k
}

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
  if (!namesLine(v) && v['after'] === undefined) {
    return { position: startPosition(problem), played: 0, lastPath: [], toMove: problem.first }
  }
  const solutions = loadSolutions(v as Record<string, string | boolean | undefined>, loaded, io.stdin)
  const s = solutions[0]!
  const ver = verify(problem, s.solution)
  // Up to an illegal move the line is legal: a position past it is refused with the move's fault.
  const text = v['after']
  // (A line that only ends short of its target or its game's end is legal throughout: afterOption says how long it is.)
  const illegal = ver.error !== undefined && ver.error.move > 0
  if (illegal && typeof text === 'string' && /^\d+$/.test(text.trim()) && Number(text) > ver.length) throw new UsageError(`--after ${text}: ${ver.error!.message}`)
  const after = afterOption(v, ver.length, 'solution')
  let position = startPosition(problem)
  for (let k = 0; k < after; k++) {
    const m = ver.moves[k]!.move
    position = position.moved(m.path[0]!, m.path[m.path.length - 1]!)
  }
  const lastPath = after > 0 ? ver.moves[after - 1]!.move.path : []
  const toMove = problem.kind === 'transfer' ? 0 : (problem.first + after) % 2
  return { position, played: after, lastPath, toMove }
}
