/**
 * An independent answer to the palindrome question for small transfer problems (issue 28), by one
 * plain breadth-first search from the start with the core's move generator (src/shared/halma/
 * moves.ts, not the engine's packed one) and no pruning.
 *
 * Let R be the symmetry that maps the start S onto the target T = R(S) (it maps the move graph onto
 * itself) and d(X) the fewest moves from S to board X. Then:
 * - the shortest solution L = min over X of d(X) + d(R(X)): d(X, T) = d(R(X), R(T)) = d(R(X), S),
 *   and a shortest solution's middle board X (d(X) = ceil(L/2)) attains it;
 * - a palindromic solution A_0..A_P has A_i = R(A_{P-i}). For P = 2N its middle board A_N is its own
 *   image; for P = 2N + 1 the middle move takes A_N to R(A_N). Conversely a path of k moves from S to
 *   a board X = R(X) (or to a board X with a move X -> R(X)), followed by its reflection read
 *   backwards, is a palindromic solution of 2k (2k + 1) moves. So the shortest palindromic length is
 *   P = min(2 d(X) over X = R(X), 2 d(X) + 1 over X with a move to R(X)).
 * The search stops once every board within ceil(L/2) and floor(P/2) moves is known (both minima are
 * then attained), or at `maxStates` boards (the answer is then null).
 */
import { legalMoves, moveFrom, moveTo } from '../src/shared/halma/moves'
import type { Problem } from '../src/shared/halma/problem'
import { symmetry } from '../src/shared/halma/symmetry'
import { topology } from '../src/shared/halma/topology'

export interface OracleAnswer {
  /** The shortest solution (moves). */
  readonly shortest: number
  /** The shortest palindromic solution, or null if none exists (the whole graph was searched). */
  readonly palindromic: number | null
  /** Boards met (within the depth searched). */
  readonly boards: number
  /** Depth searched (moves from the start). */
  readonly depth: number
}

const keyOf = (cells: readonly number[]): string => String.fromCharCode(...cells)

/** The shortest and the shortest palindromic solution of a transfer problem whose target is R(start), or null past maxStates boards. */
export function palindromeOracle(problem: Problem, maxStates = 2_000_000): OracleAnswer | null {
  if (!problem.reflection) throw new Error('the oracle needs a target that is a reflection of the start')
  const image = symmetry(problem.board, problem.reflection)!
  const topo = topology(problem.board, problem.rules)
  const n = problem.board.size
  const reflect = (cells: readonly number[]): number[] => cells.map((c) => image[c]!).sort((a, b) => a - b)
  const dist = new Map<string, number>()
  const start = [...problem.armies[0]!.start].sort((a, b) => a - b)
  dist.set(keyOf(start), 0)
  let frontier: number[][] = [start]
  let shortest = Infinity
  let palindromic = Infinity
  const occ = new Uint8Array(n)
  /** Candidates from a board first met at depth k. */
  const consider = (cells: number[], k: number): void => {
    const mirror = reflect(cells)
    const key = keyOf(mirror)
    const other = dist.get(key)
    if (other !== undefined) shortest = Math.min(shortest, k + other)
    if (key === keyOf(cells)) {
      palindromic = Math.min(palindromic, 2 * k)
      return
    }
    if (2 * k + 1 >= palindromic) return
    // One man off his mirror cell, and a move of his onto it.
    const set = new Set(mirror)
    const off = cells.filter((c) => !set.has(c))
    if (off.length !== 1) return
    const a = off[0]!
    for (const c of cells) occ[c] = 1
    const hit = legalMoves(topo, occ).some((m) => moveFrom(m) === a && moveTo(m) === image[a])
    for (const c of cells) occ[c] = 0
    if (hit) palindromic = Math.min(palindromic, 2 * k + 1)
  }
  consider(start, 0)
  let depth = 0
  while (frontier.length > 0) {
    if (depth >= Math.ceil(shortest / 2) && depth >= Math.floor(palindromic / 2)) break
    if (dist.size > maxStates) return null
    const next: number[][] = []
    for (const cells of frontier) {
      for (const c of cells) occ[c] = 1
      const moves = legalMoves(topo, occ)
      for (const c of cells) occ[c] = 0
      for (const m of moves) {
        const from = moveFrom(m)
        const child = cells.map((c) => (c === from ? moveTo(m) : c)).sort((a, b) => a - b)
        const key = keyOf(child)
        if (dist.has(key)) continue
        dist.set(key, depth + 1)
        next.push(child)
      }
    }
    depth++
    for (const child of next) consider(child, depth)
    frontier = next
  }
  if (shortest === Infinity) return null
  return { shortest, palindromic: palindromic === Infinity ? null : palindromic, boards: dist.size, depth }
}
