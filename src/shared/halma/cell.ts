/**
 * Cell names. A cell is named by its column letter and row number: `d1` is column i = 4, row j = 1
 * (DOMAIN.md). Columns run a..z, so boards up to 26 wide are named; rows start at 1 at the top.
 */
import { diagnostic, err, ok, type Result } from '../result'

/** Grid coordinates of a cell, 1-based: i is the column (a = 1), j the row. */
export interface GridPoint {
  readonly i: number
  readonly j: number
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/** Largest board side whose columns have letter names. */
export const MAX_SIDE = LETTERS.length

export function cellName(i: number, j: number): string {
  if (!Number.isInteger(i) || i < 1 || i > MAX_SIDE || !Number.isInteger(j) || j < 1) {
    throw new RangeError(`no cell name for column ${i}, row ${j}`)
  }
  return LETTERS[i - 1] + String(j)
}

const CELL_RE = /^([a-z])([1-9][0-9]?)$/

/** Parse a name like `d1` or `p16` (case-insensitive) into grid coordinates, without a board. */
export function parseCellName(text: string): Result<GridPoint> {
  const m = CELL_RE.exec(text.trim().toLowerCase())
  if (!m) {
    return err(diagnostic('cell.syntax', `'${text}' is not a cell name (a column letter and a row number, like d1)`))
  }
  return ok({ i: LETTERS.indexOf(m[1]!) + 1, j: Number(m[2]) })
}
