/**
 * Armies: the sets of cells men start on, and the targets they must reach (docs/DOMAIN.md, "Armies").
 * Corner armies grow from the board's home point (a1 on square boards, e5 on the star).
 */
import { cellAt, describeBoard, nameOf, parseCell, type Board } from './board'
import { diagnostic, err, ok, type Result } from '../result'
import { mapCells, symmetry, type SymmetryName } from './symmetry'

/** The preset armies, by the name used in problem files and on the command line. */
export const ARMY_PRESETS = ['triangle6', 'triangle10', 'triangle15', 'square4', 'square9', 'halma19', 'checkers12'] as const
export type ArmyPreset = (typeof ARMY_PRESETS)[number]

/** Offsets (di, dj) from the home point, as a predicate. */
const SHAPES: Record<Exclude<ArmyPreset, 'checkers12'>, (di: number, dj: number) => boolean> = {
  triangle6: (di, dj) => di + dj <= 2,
  triangle10: (di, dj) => di + dj <= 3,
  triangle15: (di, dj) => di + dj <= 4,
  square4: (di, dj) => di < 2 && dj < 2,
  square9: (di, dj) => di < 3 && dj < 3,
  // Rows of 5, 5, 4, 3, 2 men.
  halma19: (di, dj) => dj < 5 && di < [5, 5, 4, 3, 2][dj]!,
}

/** The cells of a preset army on a board, or why it does not fit. */
export function presetArmy(board: Board, preset: ArmyPreset): Result<number[]> {
  if (preset === 'checkers12') {
    if (board.id !== 'checkers') {
      return err(diagnostic('army.board', `army checkers12 stands on the checkers board, not the ${describeBoard(board)}`))
    }
    // The three home rows of one side: i + j <= 7 (see checkersBoard).
    const cells: number[] = []
    for (let c = 0; c < board.size; c++) if (board.col[c]! + board.row[c]! <= 7) cells.push(c)
    return ok(cells)
  }
  const shape = SHAPES[preset]
  const cells: number[] = []
  for (let dj = 0; dj < 6; dj++) {
    for (let di = 0; di < 6; di++) {
      if (!shape(di, dj)) continue
      const c = cellAt(board, board.home.i + di, board.home.j + dj)
      if (c < 0) return err(diagnostic('army.fit', `army ${preset} does not fit on the ${describeBoard(board)}`))
      cells.push(c)
    }
  }
  return ok(cells.sort((a, b) => a - b))
}

export function parseArmyPreset(text: string): Result<ArmyPreset> {
  const t = text.trim().toLowerCase().replace(/[-_ ]/g, '')
  const p = (ARMY_PRESETS as readonly string[]).find((a) => a === t)
  if (p === undefined) {
    return err(diagnostic('army.unknown', `unknown army '${text}' (known: ${ARMY_PRESETS.join(', ')})`))
  }
  return ok(p as ArmyPreset)
}

/**
 * Parse a list of cell names ("a1,b1 a2") on a board. Every bad name is reported with its index,
 * and a cell named twice is an error.
 */
export function parseCellList(board: Board, text: string | readonly string[]): Result<number[], ReturnType<typeof diagnostic>[]> {
  const names = typeof text === 'string' ? text.split(/[\s,;]+/).filter((s) => s.length > 0) : text
  const cells: number[] = []
  const faults = []
  const seen = new Map<number, number>()
  for (let k = 0; k < names.length; k++) {
    const r = parseCell(board, names[k]!)
    if (!r.ok) {
      faults.push({ ...r.error, at: `[${k}]` })
      continue
    }
    const prev = seen.get(r.value)
    if (prev !== undefined) {
      faults.push(diagnostic('cell.duplicate', `'${names[k]}' is listed twice (also at [${prev}])`, `[${k}]`))
      continue
    }
    seen.set(r.value, k)
    cells.push(r.value)
  }
  return faults.length > 0 ? err(faults) : ok(cells.sort((a, b) => a - b))
}

/** Image of a set of cells under a board symmetry, or why there is none. */
export function symmetricTarget(board: Board, cells: readonly number[], name: SymmetryName): Result<number[]> {
  const image = symmetry(board, name)
  if (!image) {
    return err(
      diagnostic(
        'target.symmetry',
        `the ${describeBoard(board)} has no ${name === 'mirror' ? 'mirror image across x = y' : name === 'rotate' ? '180-degree rotation' : 'mirror image across x = -y'}`,
      ),
    )
  }
  return ok(mapCells(image, cells))
}

/** The default transfer target: the mirror image across x = y, or the 180-degree rotation where the board has no mirror. */
export function defaultTargetSymmetry(board: Board): SymmetryName {
  return symmetry(board, 'mirror') ? 'mirror' : 'rotate'
}

/** Cells by name, space separated. */
export function cellsText(board: Board, cells: readonly number[]): string {
  return cells.map((c) => nameOf(board, c)).join(' ')
}
