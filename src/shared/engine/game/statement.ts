/**
 * What a game job proved, in one sentence with its bounds: the optimum and the searches that
 * excluded every shorter game (the longest per winner, the method, the largest level), or the best
 * game found and the lower bound. Kept apart from the flow so that the flow reads as its steps.
 */
import type { GameSearchRecord } from './job'

export interface GameEnd {
  /** The game found: its length and winner's name. */
  readonly found: { readonly length: number; readonly winner: string } | undefined
  /** No game is shorter than this (proven). */
  readonly lower: number
  readonly searches: readonly GameSearchRecord[]
  /** Per army: its name and its bound at the start (Theorem 1, valid form). */
  readonly armies: readonly { readonly name: string; readonly floor: number }[]
  readonly folded: boolean
}

export function gameStatement(e: GameEnd): { optimal: boolean; statement: string } {
  const { found, lower } = e
  const length = found?.length ?? null
  const optimal = length !== null && lower >= length
  const lower0 = Math.min(...e.armies.map((a) => a.floor))
  const proofs = e.searches.filter((s) => !s.heuristic && s.result === 'none')
  const largest = Math.max(0, ...proofs.flatMap((s) => s.levels))
  // Winners whose bound at the start already exceeds what was looked for need no search.
  const byBound = e.armies
    .filter((a) => !proofs.some((s) => s.winner === a.name) && a.floor > lower0)
    .map((a) => `no ${a.name} win in fewer than ${a.floor} moves by the bound at the start`)
  // A search for L moves excludes its winner's shorter games too: the longest one per winner.
  const longest = proofs.filter((s) => !proofs.some((t) => t.winner === s.winner && t.bound > s.bound))
  const excluded = [...longest.map((s) => `no ${s.winner} win in ${s.bound} moves or fewer`), ...byBound].join(', ')
  const method = `exhaustive breadth-first iterative-deepening A* with the Theorem 1 bound made valid in every position (plus ladders and types)${e.folded ? ", states folded by the start's symmetry" : ''}`
  const detail = proofs.length > 0 ? ` (${excluded}: ${method}; largest level ${largest.toLocaleString('en-US')} states)` : ' (Theorem 1)'
  let statement: string
  if (optimal) {
    statement =
      proofs.length > 0
        ? `optimal: ${length} moves (${found!.winner} wins). No shorter game exists${detail}.`
        : `optimal: ${length} moves (${found!.winner} wins); ${length} is the Theorem 1 bound.`
  } else if (found) {
    statement = `best found: ${length} moves (${found.winner} wins), proven lower bound: ${lower}${detail}.`
  } else {
    statement = `no game found; proven lower bound: ${lower}${detail}.`
  }
  return { optimal, statement }
}
