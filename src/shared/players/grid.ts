/**
 * A game of N players on the engine's grid: the core's Board and Rules for a board of N players, so
 * that the search engine's packed space (moves, jumps, long jumps) serves it unchanged. A star lies
 * on the square grid with one diagonal (axial q the column, r the row: the 6-move rules with the
 * anti-diagonal); a square board is the grid under 8-move rules (4-move: the cross). All number
 * their cells row by row, left to right, as the boards of N players do, so cell indices agree
 * (tests/unit/players-search.test.ts checks it).
 */
import { maskBoard, type Board } from '../halma/board'
import { makeRules, type Rules } from '../halma/rules'
import type { PlayersGame } from './game'

export function gridOf(g: PlayersGame): { readonly board: Board; readonly rules: Rules } {
  const cells = g.board.cells
  const xs = cells.map(([x]) => x)
  const ys = cells.map(([, y]) => y)
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)]
  const width = Math.max(...xs) - x0 + 1
  const height = Math.max(...ys) - y0 + 1
  const has = new Set(cells.map(([x, y]) => `${x - x0 + 1},${y - y0 + 1}`))
  const hex = g.board.lattice === 'hexagonal'
  const board = maskBoard(g.board.id, g.board.title, width, height, (i, j) => has.has(`${i},${j}`), { i: 1, j: 1 }, hex ? 'triangular' : 'square')
  const moves = hex ? '6-move' : g.board.directions.length === 4 ? '4-move' : '8-move'
  const rules = makeRules(moves, { diagonal: 'anti', longJumps: g.longJumps })
  for (let c = 0; c < cells.length; c++) {
    const [x, y] = cells[c]!
    if (board.col[c] !== x - x0 + 1 || board.row[c] !== y - y0 + 1) throw new Error(`internal: cell ${c} of ${g.board.id} is numbered otherwise on the grid`)
  }
  return { board, rules }
}
