/**
 * Analyse from here: the search run from the position the stepper shows, as chess workbenches
 * analyse from the current move. For a transfer, the problem from here is the same board, rules
 * and target with the army where it stands now; the search's shortest transfer from it is then
 * appended to the line at that move (the moves before it kept), so that the stepper shows the whole
 * line and the charts run over it. For a game, the problem from here is a game from a position:
 * both armies where they stand, each still aiming at its own target base (the other's home), the
 * side to move first (problem.ts `bases`); the game engine's bound (Theorem 1, made valid in every
 * position) and its rungs run from each army's home base, so its proof holds from there too, and
 * the heuristic properties only guide the first game found, which the exhaustive searches check.
 */
import type { Position } from '../../../shared/halma/position'
import { makeProblem, type Problem } from '../../../shared/halma/problem'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../../shared/result'
import { lineOf, type Timeline } from '../../../shared/halma/timeline'

/** Where an analysis started: the line and the ply it was run from. */
export interface AnalysisOrigin {
  /** The problem of the line (the document's). */
  readonly problem: Problem
  /** The moves before the position analysed, in full notation. */
  readonly prefix: readonly string[]
  /** The ply of the position analysed. */
  readonly ply: number
}

/** The problem "from here": the transfer from the position at `ply` to the same target. */
export function problemFromHere(problem: Problem, position: Position, ply: number): Result<Problem, Diagnostic> {
  const game = problem.kind === 'game'
  const r = makeProblem({
    kind: problem.kind,
    title: `${problem.title}, from move ${ply}`,
    board: problem.board,
    rules: problem.rules,
    starts: game ? [position.men(0), position.men(1)] : [position.men(0)],
    ...(game ? { bases: [problem.armies[0]!.target, problem.armies[1]!.target], first: (problem.first + ply) % 2 } : { target: problem.armies[0]!.target }),
  })
  if (!r.ok)
    return err(
      diagnostic('analysis.problem', `the position after move ${ply} cannot be searched: ${r.error.map((d) => d.message).join('; ')}`),
    )
  return ok(r.value)
}

/**
 * The line the stepper shows for an analysis's result: the moves up to the origin, then the moves
 * found. An illegal continuation (which the verifier would have caught already) is an error.
 */
export function continuation(origin: AnalysisOrigin, found: readonly string[]): Result<Timeline, Diagnostic> {
  return lineOf(origin.problem, [...origin.prefix, ...found].join(', '))
}

/** What the stepper calls such a line. */
export function analysisLabel(origin: AnalysisOrigin, found: number, status: string): string {
  const what = status === 'optimal' ? `shortest ${origin.problem.kind === 'game' ? 'game' : 'transfer'}` : 'best found'
  return `analysis from move ${origin.ply} (${what}, ${found} move${found === 1 ? '' : 's'}): moves ${origin.ply + 1}-${origin.ply + found} from the search`
}
