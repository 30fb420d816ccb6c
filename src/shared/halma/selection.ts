/**
 * Playing on the board (chessground's split: the board knows no rules, legal targets are pushed
 * in): a click on a man of the side to move selects him and yields his legal destinations from
 * the core's move generator; a click on one of them plays that move (with the shortest chain of
 * jumps that reaches it); any other click clears or changes the selection.
 */
import { moveTo, movesFrom, type Move } from './moves'
import { ownerOf, type Position } from './position'
import type { Problem } from './problem'
import { topology } from './topology'

/** A selected man and where he may go. */
export interface Selection {
  readonly from: number
  /** His legal moves, one per destination. */
  readonly moves: readonly Move[]
}

/** The legal moves of the man on `cell` when `army` is to move: none for an empty cell or the other side's man. */
export function legalMovesOf(problem: Problem, position: Position, army: number, cell: number): Move[] {
  if (cell < 0 || cell >= problem.board.size || position.at(cell) !== ownerOf(army)) return []
  return movesFrom(topology(problem.board, problem.rules), position.occupancy(), cell)
}

/** The destination cells of a selection. */
export const destinations = (s: Selection | null): number[] => (s ? s.moves.map(moveTo) : [])

/** What a click does: the new selection, and the move to play if the click chose a destination. */
export interface ClickOutcome {
  readonly selection: Selection | null
  readonly play?: Move
}

export function clickCell(problem: Problem, position: Position, army: number, selection: Selection | null, cell: number): ClickOutcome {
  if (selection) {
    const move = selection.moves.find((m) => moveTo(m) === cell)
    if (move) return { selection: null, play: move }
    if (cell === selection.from) return { selection: null }
  }
  const moves = legalMovesOf(problem, position, army, cell)
  if (position.at(cell) === ownerOf(army)) return { selection: { from: cell, moves } }
  return { selection: null }
}
