/**
 * Analyse from here: the search run from the position the stepper shows, as chess workbenches
 * analyse from the current move. For a transfer, the problem from here is the same board, rules
 * and target with the army where it stands now; the search's shortest transfer from it is then
 * appended to the line at that move (the moves before it kept), so that the stepper shows the whole
 * line and the charts run over it. Games are not analysed from a position yet: the game engine's
 * bounds and heuristic properties (section 2.3's Theorem 1, properties (i)-(vi)) assume both armies
 * start in their bases, so a "shortest game" from a mid-game position could be claimed wrongly.
 */
import type { Position } from '../../shared/position'
import { makeProblem, type Problem } from '../../shared/problem'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../shared/result'
import { lineOf, type Timeline } from '../../shared/timeline'

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
  if (problem.kind === 'game') {
    return err(
      diagnostic(
        'analysis.game',
        'a game cannot be analysed from a position yet: the game search assumes both armies start in their bases (its bounds, section 2.3, and properties (i)-(vi) depend on it)',
      ),
    )
  }
  const r = makeProblem({
    kind: 'transfer',
    title: `${problem.title}, from move ${ply}`,
    board: problem.board,
    rules: problem.rules,
    starts: [position.men(0)],
    target: problem.armies[0]!.target,
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
  const what = status === 'optimal' ? 'shortest transfer' : 'best found'
  return `analysis from move ${origin.ply} (${what}, ${found} move${found === 1 ? '' : 's'}): moves ${origin.ply + 1}-${origin.ply + found} from the search`
}
