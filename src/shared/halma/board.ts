/**
 * Boards: a set of cells on an integer grid (docs/DOMAIN.md, "Boards"). Square N x N boards and masks on a grid
 * share one representation; cells are numbered densely 0..size-1 in row-major order so that
 * positions and the search engine can index typed arrays by cell.
 *
 * Cartesian coordinates put the origin at the grid centre: x = i - (W+1)/2, y = (H+1)/2 - j, so on
 * 9 x 9 a1 = (-4, +4) and i9 = (+4, -4).
 */
import { cellName, parseCellName, type GridPoint } from '../cell'
import { STAR_121 } from '../players/boards'
import { diagnostic, err, ok, type Result } from '../result'

/** Largest board side: a grid board names its columns a..z. */
export const MAX_SIDE = 26

/** The preset boards, by the name used in problem files and on the command line. */
export const BOARD_PRESETS = ['9x9', '16x16', '8x8', 'checkers', 'star'] as const

/** A board: which cells of a width x height grid exist. Immutable. */
export interface Board {
  /** `9x9`, `16x16`, `checkers`, `star`, `NxN`, or `custom`. */
  readonly id: string
  /** Human name, e.g. "9 x 9 square" or "32-cell checkers board". */
  readonly title: string
  readonly width: number
  readonly height: number
  /** Number of cells. */
  readonly size: number
  /** Grid slot (j-1)*width + (i-1) -> cell index, or -1 where the grid has no cell. */
  readonly slot: Int16Array
  /** Column i (1-based) of each cell. */
  readonly col: Uint8Array
  /** Row j (1-based) of each cell. */
  readonly row: Uint8Array
  /** The grid point where corner armies are anchored (their a1). */
  readonly home: GridPoint
  /** How the grid is meant to be seen: a square grid, or a triangular lattice (star board). */
  readonly lattice: 'square' | 'triangular'
}

/** Build a board from a predicate over grid points. */
export function maskBoard(
  id: string,
  title: string,
  width: number,
  height: number,
  has: (i: number, j: number) => boolean,
  home: GridPoint = { i: 1, j: 1 },
  lattice: Board['lattice'] = 'square',
): Board {
  if (width < 1 || height < 1 || width > MAX_SIDE || height > 99) {
    throw new RangeError(`board ${width} x ${height} is outside 1..${MAX_SIDE} x 1..99`)
  }
  const slot = new Int16Array(width * height).fill(-1)
  const cols: number[] = []
  const rows: number[] = []
  for (let j = 1; j <= height; j++) {
    for (let i = 1; i <= width; i++) {
      if (has(i, j)) {
        slot[(j - 1) * width + (i - 1)] = cols.length
        cols.push(i)
        rows.push(j)
      }
    }
  }
  return {
    id,
    title,
    width,
    height,
    size: cols.length,
    slot,
    col: Uint8Array.from(cols),
    row: Uint8Array.from(rows),
    home,
    lattice,
  }
}

export function squareBoard(n: number): Board {
  const title = n === 16 ? '16 x 16 Halma board' : n === 8 ? '8 x 8 board (Grasshopper)' : `${n} x ${n} square board`
  return maskBoard(`${n}x${n}`, title, n, n, () => true)
}

/**
 * The 32 dark squares of an 8 x 8 checkers board rotated 45 degrees (paper Figure 2b), so that the
 * diagonal moves of draughts become orthogonal. Dark square (r, c) (0-based, r + c odd) goes to
 * column i = (r + c + 1) / 2 and row j = 8 - (c - r + 7) / 2; then i + j = r + 5, so the three home
 * rows of one side are the cells with i + j <= 7 and the far side's are i + j >= 10. The grid is
 * 7 x 8: a diamond whose columns hold 2, 4, 6, 8, 6, 4, 2 cells and whose rows 1, 3, 5, 7, 7, 5, 3, 1.
 */
export function checkersBoard(): Board {
  const on = new Set<number>()
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      if ((r + c) % 2 === 1) on.add(((r + c + 1) / 2) * 100 + (8 - (c - r + 7) / 2))
    }
  }
  return maskBoard('checkers', '32-cell checkers board (Figure 2b)', 7, 8, (i, j) => on.has(i * 100 + j))
}

/**
 * The 121-hole star of Chinese Checkers as a mask on a 17 x 17 grid read as a triangular lattice
 * (6-move rules): the star of the games of N players (players/boards.ts, axial (q, r) at column
 * q + 9, row r + 9), whose points used by two players sit at e5 (cells i, j >= 5 with i + j <= 13)
 * and its opposite; the 9 x 9 rhombus e5..m13 between them is the square board of two-player
 * Chinese Checkers.
 */
function star(): Board {
  const star = STAR_121()
  return maskBoard('star', '121-hole star board', 17, 17, (i, j) => star.indexOf(i - 9, j - 9) !== undefined, { i: 5, j: 5 }, 'triangular')
}

const SQUARE_RE = /^(\d{1,2})x(\d{1,2})$/

/** A preset board by name: `9x9`, `16x16`, `8x8`, any `NxN` up to 26, `checkers`, `star`. */
export function boardByName(name: string): Result<Board> {
  const key = name.trim().toLowerCase()
  if (key === 'checkers') return ok(checkersBoard())
  if (key === 'star') return ok(star())
  const m = SQUARE_RE.exec(key)
  if (m) {
    const w = Number(m[1])
    const h = Number(m[2])
    if (w !== h) return err(diagnostic('board.not-square', `board '${name}' is not square; give a mask for other shapes`))
    if (w < 2 || w > MAX_SIDE) return err(diagnostic('board.size', `board '${name}': the side must be 2..${MAX_SIDE}`))
    return ok(squareBoard(w))
  }
  return err(diagnostic('board.unknown', `unknown board '${name}' (known: NxN for N = 2..${MAX_SIDE}, checkers, star)`))
}

/**
 * A custom board from mask rows, one string per row j = 1.., one character per column: a cell
 * where the character is not `.` or a space.
 */
export function boardFromMask(rows: readonly string[], id = 'custom', title = 'custom board'): Result<Board> {
  const height = rows.length
  const width = Math.max(0, ...rows.map((r) => r.length))
  if (height < 1 || width < 1) return err(diagnostic('board.empty', 'the board mask has no rows'))
  if (width > MAX_SIDE) return err(diagnostic('board.size', `the board mask is ${width} wide; at most ${MAX_SIDE}`))
  if (height > 99) return err(diagnostic('board.size', `the board mask has ${height} rows; at most 99`))
  const b = maskBoard(id, title, width, height, (i, j) => {
    const ch = rows[j - 1]![i - 1]
    return ch !== undefined && ch !== '.' && ch !== ' '
  })
  if (b.size === 0) return err(diagnostic('board.empty', 'the board mask has no cells'))
  return ok(b)
}

/** The board as mask rows (`#` a cell, `.` none): the inverse of boardFromMask. */
export function boardMask(board: Board): string[] {
  const rows: string[] = []
  for (let j = 1; j <= board.height; j++) {
    let s = ''
    for (let i = 1; i <= board.width; i++) s += hasCell(board, i, j) ? '#' : '.'
    rows.push(s)
  }
  return rows
}

/** Cell index at grid point (i, j), or -1 off the board (including off the grid). */
export function cellAt(board: Board, i: number, j: number): number {
  if (i < 1 || j < 1 || i > board.width || j > board.height) return -1
  return board.slot[(j - 1) * board.width + (i - 1)]!
}

export function hasCell(board: Board, i: number, j: number): boolean {
  return cellAt(board, i, j) >= 0
}

/** The name of a cell index, e.g. `d1` (the names are cell.ts's). */
export function nameOf(board: Board, cell: number): string {
  return cellName(board.col[cell]!, board.row[cell]!)
}

/** Parse a cell name on this board. */
export function parseCell(board: Board, text: string): Result<number> {
  const p = parseCellName(text)
  if (!p.ok) return p
  const c = cellAt(board, p.value.i, p.value.j)
  if (c < 0) return err(diagnostic('cell.off-board', `'${text.trim()}' is not on the ${describeBoard(board)}`))
  return ok(c)
}

/** "9x9 board", "checkers board", "custom 5 x 7 board": for messages. */
export function describeBoard(board: Board): string {
  return board.id === 'custom' ? `custom ${board.width} x ${board.height} board` : `${board.id} board`
}

/** Cartesian coordinates (origin at the grid centre, y up) of a cell. */
export function cartesian(board: Board, cell: number): { x: number; y: number } {
  return { x: board.col[cell]! - (board.width + 1) / 2, y: (board.height + 1) / 2 - board.row[cell]! }
}
