/**
 * Where each cell of a board is drawn. Pure geometry, no canvas: the square grid as it is (a1 top
 * left, as in the paper's figures), or, for 6-move rules and the star board, the triangular
 * lattice players know: each row shifted half a cell against the one above so that a cell's six
 * neighbours surround it evenly, turned so that the a1 corner points up and the far corner down
 * (the 9 x 9 board becomes the diamond between two points of the star).
 */
import type { Board } from '../../../shared/halma/board'
import type { Diagonal } from '../../../shared/halma/rules'

export type Lattice = 'square' | 'triangular'

/** A linear map from grid points (i, j) to layout units (one cell pitch = 1). */
export interface GridMap {
  readonly lattice: Lattice
  /** x = ax * i + bx * j, y = ay * i + by * j. */
  readonly ax: number
  readonly bx: number
  readonly ay: number
  readonly by: number
}

export interface Layout extends GridMap {
  /** Centre of each cell in layout units. */
  readonly x: Float64Array
  readonly y: Float64Array
  /** Bounding box of the centres. */
  readonly minX: number
  readonly maxX: number
  readonly minY: number
  readonly maxY: number
}

const ROW_HEIGHT = Math.sqrt(3) / 2

/**
 * The grid map of a lattice. On the triangular lattice the 6-move neighbours are all at distance
 * 1: with the `anti` diagonal ((+1, -1) allowed) a row is (1/2, sqrt 3/2) from the one above, with
 * the `main` diagonal (-1/2, sqrt 3/2). The picture is then turned so that (+1, +1), from a1
 * towards the far corner, points straight down.
 */
export function gridMap(lattice: Lattice, diagonal: Diagonal = 'anti'): GridMap {
  if (lattice === 'square') return { lattice, ax: 1, bx: 0, ay: 0, by: 1 }
  const rx = diagonal === 'anti' ? 0.5 : -0.5
  // Column vector (1, 0), row vector (rx, h); their sum should point along +y.
  const sx = 1 + rx
  const sy = ROW_HEIGHT
  const angle = Math.PI / 2 - Math.atan2(sy, sx)
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const rot = (x: number, y: number): [number, number] => [x * cos - y * sin, x * sin + y * cos]
  const [ax, ay] = rot(1, 0)
  const [bx, by] = rot(rx, ROW_HEIGHT)
  return { lattice, ax, bx, ay, by }
}

/** A grid point (not necessarily a cell) in layout units. */
export function gridPoint(map: GridMap, i: number, j: number): { x: number; y: number } {
  return { x: map.ax * i + map.bx * j, y: map.ay * i + map.by * j }
}

/** Cell centres of a board on a lattice. */
export function layoutBoard(board: Board, lattice: Lattice, diagonal: Diagonal = 'anti'): Layout {
  const map = gridMap(lattice, diagonal)
  const x = new Float64Array(board.size)
  const y = new Float64Array(board.size)
  for (let c = 0; c < board.size; c++) {
    const p = gridPoint(map, board.col[c]!, board.row[c]!)
    x[c] = p.x
    y[c] = p.y
  }
  let minX = Infinity
  let maxX = -Infinity
  let minY = Infinity
  let maxY = -Infinity
  for (let c = 0; c < board.size; c++) {
    minX = Math.min(minX, x[c]!)
    maxX = Math.max(maxX, x[c]!)
    minY = Math.min(minY, y[c]!)
    maxY = Math.max(maxY, y[c]!)
  }
  return { ...map, x, y, minX, maxX, minY, maxY }
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
