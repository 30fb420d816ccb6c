/**
 * The seam for solved-position tables (issue 29's tablebase): an oracle the engine consults before
 * it searches. Where it covers a position it answers with the value under perfect play and a line
 * to it, and the engine plays that line instead of searching; elsewhere it answers undefined and
 * the search runs as usual. The engine knows nothing of how a table is built or stored.
 */
import type { Score } from './engine'
import type { Move, Position } from './position'

export interface OracleAnswer {
  /** From the point of view of the army to move. */
  readonly score: Score
  /** A best line from the position (its first move is played); empty when the game is over. */
  readonly pv: readonly Move[]
}

export interface TablebaseOracle {
  /** The answer for a position the tables cover, or undefined. */
  probe(pos: Position): OracleAnswer | undefined
}
