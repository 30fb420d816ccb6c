/**
 * Cells and their names, for every board of the product (docs/DOMAIN.md, "Cells and their names").
 * A cell is named by its column letters and its row number: `d1` is column i = 4 (a = 1), row j = 1.
 * Columns run a..z, then aa, ab, ... (an army's window can be wider than 26); rows are numbered as
 * each board counts them: from 1 at the top on the grid boards of transfers, games and games of
 * N players, from the target's row 0 on an army's window. Each domain says which of its cells a
 * name stands for: shared/halma/board.ts (`nameOf`, `parseCell`), shared/army/solution.ts
 * (`cellLabel`, `parseCellLabel`); the boards of N players are laid on a grid (players/grid.ts).
 */
import { diagnostic, err, ok, type Result } from './result'

/** A cell of a lattice by its coordinates (x, y): an army's window, a board of N players. */
export type Cell = readonly [number, number]

/** Grid coordinates of a cell, 1-based: i is the column (a = 1), j the row. */
export interface GridPoint {
  readonly i: number
  readonly j: number
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** The letters of column i (1-based): a .. z, aa, ab, ... */
function columnLetters(i: number): string {
  return i <= 26 ? LETTERS[i - 1]! : columnLetters(Math.floor((i - 1) / 26)) + LETTERS[(i - 1) % 26]
}

/** The name of column i (1-based), row j (0 or more). */
export function cellName(i: number, j: number): string {
  if (!Number.isInteger(i) || i < 1 || !Number.isInteger(j) || j < 0) throw new RangeError(`no cell name for column ${i}, row ${j}`)
  return columnLetters(i) + String(j)
}

const CELL_RE = /^([a-z]{1,3})(\d{1,4})$/

/** Parse a name like `d1`, `p16` or `ab0` (case-insensitive) into grid coordinates, without a board. */
export function parseCellName(text: string): Result<GridPoint> {
  const m = CELL_RE.exec(text.trim().toLowerCase())
  if (!m) return err(diagnostic('cell.syntax', `'${text.trim()}' is not a cell name (a column letter and a row number, like d1)`))
  let i = 0
  for (const ch of m[1]!) i = i * 26 + LETTERS.indexOf(ch) + 1
  return ok({ i, j: Number(m[2]) })
}
