/**
 * Text diagrams of positions, for the command line and for tests. Blue men are `x`, red men `o`,
 * empty cells `.`, empty target cells `+`, cells off the board blank. With `hex`, each row is
 * shifted half a cell further right than the one above, so that under 6-move rules the six
 * neighbours of a cell look adjacent, as on the star board.
 */
import { cellAt, type Board } from './board'
import { cellName } from '../cell'
import { cellType } from './metrics'
import type { Position } from './position'

export interface DiagramOptions {
  /** Cells to mark `+` when empty (the target). */
  readonly target?: readonly number[]
  /** Show the type label 0-3 on empty cells instead of `.`. */
  readonly types?: boolean
  /** Shift rows as on a triangular lattice. */
  readonly hex?: boolean
  /** Column letters and row numbers along the edges (default true). */
  readonly coordinates?: boolean
  /** Cells to mark `*` (e.g. the path of the last move) where empty; men on them are upper-case. */
  readonly highlight?: readonly number[]
}

const MEN = ['.', 'x', 'o', 'v', 'w']

export function diagram(position: Position, options: DiagramOptions = {}): string {
  const board: Board = position.board
  const target = new Set(options.target ?? [])
  const lit = new Set(options.highlight ?? [])
  const coords = options.coordinates ?? true
  const rowLabel = String(board.height).length
  const lines: string[] = []
  const pad = (j: number): string => (options.hex ? ' '.repeat(j - 1) : '')
  if (coords) {
    let head = ' '.repeat(rowLabel + 1) + pad(1)
    for (let i = 1; i <= board.width; i++) head += ' ' + cellName(i, 1)[0]
    lines.push(head)
  }
  for (let j = 1; j <= board.height; j++) {
    let line = (coords ? String(j).padStart(rowLabel) + ' ' : '') + pad(j)
    for (let i = 1; i <= board.width; i++) {
      const c = cellAt(board, i, j)
      let ch = ' '
      if (c >= 0) {
        const o = position.at(c)
        if (o !== 0) ch = lit.has(c) ? MEN[o]!.toUpperCase() : MEN[o]!
        else if (lit.has(c)) ch = '*'
        else if (target.has(c)) ch = '+'
        else ch = options.types ? String(cellType(board, c)) : '.'
      }
      line += ' ' + ch
    }
    lines.push(line.replace(/\s+$/, ''))
  }
  return lines.join('\n')
}
