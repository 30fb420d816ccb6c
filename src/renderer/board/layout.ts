/**
 * Where each cell of a board is drawn. Pure geometry, no canvas: the square grid as it is, or, for
 * 6-move rules and the star board, the triangular lattice players know, in which each row is
 * shifted half a cell against the one above so that a cell's six neighbours surround it evenly.
 */
import type { Board } from '../../shared/board'

export type Lattice = 'square' | 'triangular'

export interface Layout {
  /** Centre of each cell in layout units (one cell pitch = 1). */
  readonly x: Float64Array
  readonly y: Float64Array
  /** Bounding box of the centres. */
  readonly minX: number
  readonly maxX: number
  readonly minY: number
  readonly maxY: number
  readonly lattice: Lattice
}

const ROW_HEIGHT = Math.sqrt(3) / 2

/**
 * Cell centres. On the triangular lattice the 6-move neighbours (+-1, 0), (0, +-1), (+1, -1) and
 * (-1, +1) in column/row steps are all at distance 1: x = i + j / 2, y = j * sqrt(3) / 2.
 */
export function layoutBoard(board: Board, lattice: Lattice): Layout {
  const x = new Float64Array(board.size)
  const y = new Float64Array(board.size)
  for (let c = 0; c < board.size; c++) {
    const i = board.col[c]!
    const j = board.row[c]!
    if (lattice === 'square') {
      x[c] = i
      y[c] = j
    } else {
      x[c] = i + j / 2
      y[c] = j * ROW_HEIGHT
    }
  }
  return { x, y, minX: Math.min(...x), maxX: Math.max(...x), minY: Math.min(...y), maxY: Math.max(...y), lattice }
}

/** Scale and offset that fit a layout into a width x height box with a margin (in pixels). */
export function fitLayout(layout: Layout, width: number, height: number, margin: number): { scale: number; ox: number; oy: number } {
  const w = layout.maxX - layout.minX + 1
  const h = layout.maxY - layout.minY + 1
  const scale = Math.max(1, Math.min((width - 2 * margin) / w, (height - 2 * margin) / h))
  const ox = (width - scale * (layout.maxX - layout.minX)) / 2 - scale * layout.minX
  const oy = (height - scale * (layout.maxY - layout.minY)) / 2 - scale * layout.minY
  return { scale, ox, oy }
}
