/**
 * A line of play: a problem, its moves, and everything the solution stepper and the charts show
 * for each ply, computed once when the line is made so that stepping through it costs nothing
 * (index 0 is the start, index k the position after move k). A line comes from a stored solution,
 * pasted text, a search result, or moves played on the board; whatever its source, the core
 * verifier checks it move by move, and an illegal move is an error value naming it.
 */
import { armyDistance } from './metrics'
import { moveFrom, moveTo, type Move } from './moves'
import { formatSolution, writePalindrome, writePaths } from './notation'
import { ownerOf, type Position } from './position'
import { startPosition, type Problem } from './problem'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { symmetry } from './symmetry'
import { verify, type ArmySeries, type MoveRecord, type Verification } from './verify'

/** A line of play and its measures per ply. Immutable. */
export interface Timeline {
  readonly problem: Problem
  /** The verified moves, in order. */
  readonly moves: readonly MoveRecord[]
  /** positions[k]: the board after move k (positions[0] is the start). */
  readonly positions: readonly Position[]
  /** Per army: c(A), sym(A), balance and men on target, each indexed by ply. */
  readonly series: readonly ArmySeries[]
  /** Per army and ply: d(A, B) from the men not yet home to the target cells not yet filled. */
  readonly distance: readonly (readonly number[])[]
  /** The transfer reaches its target, or the game is won, on the last move. */
  readonly complete: boolean
  /** A game's winner: which army, on which move. */
  readonly winner?: { readonly army: number; readonly move: number }
}

/** Error codes of a verification that mean "legal so far, just not finished". */
const UNFINISHED = new Set(['solution.incomplete', 'game.unfinished', 'solution.empty'])

/** The line of a verification; its moves must be legal (unfinished is fine). */
function fromVerification(problem: Problem, v: Verification): Timeline {
  const positions: Position[] = [startPosition(problem)]
  for (const m of v.moves) positions.push(positions[positions.length - 1]!.moved(moveFrom(m.move), moveTo(m.move)))
  const distance = problem.armies.map((a, k) =>
    positions.map((p) => {
      const owner = ownerOf(k)
      const target = new Set(a.target)
      const away = p.men(k).filter((c) => !target.has(c))
      if (away.length === 0) return 0
      const empty = a.target.filter((c) => p.at(c) !== owner)
      return armyDistance(problem.board, problem.rules, away, empty)
    }),
  )
  return {
    problem,
    moves: v.moves,
    positions,
    series: v.series,
    distance,
    complete: v.reachesTarget,
    ...(v.winner !== undefined && { winner: v.winner }),
  }
}

/** The empty line: the start position only. */
export function startLine(problem: Problem): Timeline {
  return fromVerification(problem, verify(problem, []))
}

/**
 * A line from a solution (text in the paper's notation, `(reflect)` included, or paths of cells).
 * An illegal or unreadable move is an error naming it; a legal line that stops short is a line.
 */
export function lineOf(problem: Problem, solution: Parameters<typeof verify>[1]): Result<Timeline, Diagnostic> {
  const v = verify(problem, solution)
  if (v.error && !UNFINISHED.has(v.error.code)) return err(diagnostic(v.error.code, v.error.message, v.error.at))
  if (v.error?.code === 'solution.empty' && typeof solution === 'string' && solution.trim() !== '') {
    return err(diagnostic('solution.empty', 'no moves found in the text (moves are cells joined by -, like d1-d2)'))
  }
  return ok(fromVerification(problem, v))
}

/** The line with its moves after ply `at` replaced by one move (a move played on the board). */
export function playOn(line: Timeline, at: number, move: Move): Result<Timeline, Diagnostic> {
  const paths = line.moves.slice(0, at).map((m) => m.move.path)
  return lineOf(line.problem, [...paths, move.path])
}

/** A ply index kept within 0..length. */
export function clampPly(line: Timeline, ply: number): number {
  if (!Number.isFinite(ply)) return 0
  return Math.max(0, Math.min(line.moves.length, Math.trunc(ply)))
}

/** The army to move at a ply: 0 in a transfer; alternating from the first mover in a game. */
export function armyToMove(line: Timeline, ply: number): number {
  return line.problem.kind === 'transfer' ? 0 : (line.problem.first + ply) % 2
}

/**
 * The line written in the paper's notation: the first half and `(reflect)` when it is a
 * palindrome under the problem's reflection (and `compact` is asked), every move otherwise.
 */
export function lineText(line: Timeline, compact = true): string {
  const board = line.problem.board
  const paths = line.moves.map((m) => m.move.path)
  const image = line.problem.reflection ? symmetry(board, line.problem.reflection) : undefined
  if (compact && image && line.problem.kind === 'transfer') {
    const half = writePalindrome(board, image, paths)
    if (half) return formatSolution(half)
  }
  return formatSolution(writePaths(board, paths))
}
