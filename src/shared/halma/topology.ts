/**
 * The adjacency of a board under a set of rules, precomputed once: for every cell and allowed
 * direction, the neighbouring cell or -1. Move generation (here and in the search engine) walks
 * these tables instead of recomputing coordinates.
 */
import { cellAt, type Board } from './board'
import { directions, type Direction, type Rules } from './rules'

export interface Topology {
  readonly board: Board
  readonly rules: Rules
  readonly dirs: readonly Direction[]
  /** Number of directions. */
  readonly degree: number
  /** neighbor[cell * degree + d]: the cell one step from `cell` in direction d, or -1. */
  readonly neighbor: Int16Array
}

const cache = new WeakMap<Board, Map<string, Topology>>()

export function topology(board: Board, rules: Rules): Topology {
  const key = `${rules.moves}/${rules.diagonal}/${rules.jumpsOnly}/${rules.longJumps}`
  let perBoard = cache.get(board)
  if (!perBoard) cache.set(board, (perBoard = new Map()))
  const hit = perBoard.get(key)
  if (hit) return hit
  const dirs = directions(rules)
  const degree = dirs.length
  const neighbor = new Int16Array(board.size * degree)
  for (let c = 0; c < board.size; c++) {
    for (let d = 0; d < degree; d++) {
      const [di, dj] = dirs[d]!
      neighbor[c * degree + d] = cellAt(board, board.col[c]! + di, board.row[c]! + dj)
    }
  }
  const t: Topology = { board, rules, dirs, degree, neighbor }
  perBoard.set(key, t)
  return t
}

/** The direction index d with (di, dj) = dirs[d], or -1. */
export function directionIndex(topo: Topology, di: number, dj: number): number {
  return topo.dirs.findIndex(([a, b]) => a === di && b === dj)
}
