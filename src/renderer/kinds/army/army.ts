/**
 * What the army workbench shows, computed without a canvas: painting men (a cell, or a row at a
 * time), the position after k moves and the men the k-th move captured, the pagoda weight, slack
 * and men left at every step of a solution (exact in Z[sigma], decimals for the chart), and weights
 * written for people ("-5 + 9·σ ≈ 0.562"). The core computes; this module only arranges.
 */
import { boardHas } from '../../../shared/army/board'
import { inWindow, type ArmyGeometry, type CustomBoard, type Window } from '../../../shared/army/geometry'
import { totalWeight, type PagodaMap } from '../../../shared/army/pagoda'
import { positionAfter } from '../../../shared/army/solution'
import { formatZ, ONE, sub, toNumber, type ZSigma } from '../../../shared/army/zsigma'
import type { Cell } from '../../../shared/cell'

export type { Cell }

const key = ([x, y]: Cell): string => `${x},${y}`

export type PaintOutcome = { readonly ok: true; readonly army: Cell[] } | { readonly ok: false; readonly reason: string }

/**
 * Toggle a man on (x, y); with `row`, set the whole row of the window to what the clicked cell
 * becomes. Men stand in rows `level` and beyond (the army's rows), inside the window; on a custom
 * board, on any of its cells but the target.
 */
export function paint(
  g: ArmyGeometry,
  w: Window,
  level: number,
  army: readonly Cell[],
  cell: Cell,
  row = false,
  board?: CustomBoard,
): PaintOutcome {
  const [x, y] = cell
  const has = boardHas(g, w, board)
  const target = board && key(board.target)
  if (!inWindow(g, w, x, y)) return { ok: false, reason: `x ${x}, row ${y} is not a cell of the window` }
  if (board) {
    if (!has(x, y)) return { ok: false, reason: `x ${x}, row ${y} is switched off: turn it on in the board mode first` }
    if (key(cell) === target) return { ok: false, reason: 'no man may start on the target' }
  } else if (y < level) return { ok: false, reason: `row ${y} is in front of the army: men start in rows ${level} and beyond` }
  const men = new Map(army.map((c) => [key(c), c]))
  const on = !men.has(key(cell))
  const cells: Cell[] = []
  if (row) {
    const [lo, hi] = g.columns(y, w.width)
    for (let c = lo; c <= hi; c++) if (has(c, y) && `${c},${y}` !== target) cells.push([c, y])
  } else cells.push(cell)
  for (const c of cells) {
    if (on) men.set(key(c), c)
    else men.delete(key(c))
  }
  return { ok: true, army: [...men.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]) }
}

export type BoardOutcome =
  { readonly ok: true; readonly board: CustomBoard; readonly army: Cell[] } | { readonly ok: false; readonly reason: string }

const byRow = (cells: Iterable<Cell>): Cell[] => [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0])

/** Switch a cell of the window on or off the board (a man on it goes with it); the target stays on. */
export function toggleBoardCell(g: ArmyGeometry, w: Window, board: CustomBoard, army: readonly Cell[], cell: Cell): BoardOutcome {
  const [x, y] = cell
  if (!inWindow(g, w, x, y)) return { ok: false, reason: `x ${x}, row ${y} is not a cell of the window` }
  if (key(cell) === key(board.target)) return { ok: false, reason: 'the target stays on the board: move it first' }
  const cells = new Map(board.cells.map((c) => [key(c), c]))
  if (cells.has(key(cell))) cells.delete(key(cell))
  else cells.set(key(cell), cell)
  return { ok: true, board: { cells: byRow(cells.values()), target: board.target }, army: army.filter((c) => cells.has(key(c))) }
}

/** Put the target on a cell of the board (a man there is taken off). */
export function moveTarget(g: ArmyGeometry, w: Window, board: CustomBoard, army: readonly Cell[], cell: Cell): BoardOutcome {
  if (!boardHas(g, w, board)(cell[0], cell[1]))
    return { ok: false, reason: `x ${cell[0]}, row ${cell[1]} is not on the board: switch it on first` }
  return { ok: true, board: { cells: board.cells, target: cell }, army: army.filter((c) => key(c) !== key(cell)) }
}

/** The men a move captured (the cells jumped over), in order. */
export function captured(move: readonly Cell[]): Cell[] {
  const out: Cell[] = []
  for (let s = 1; s < move.length; s++) out.push([(move[s - 1]![0] + move[s]![0]) / 2, (move[s - 1]![1] + move[s]![1]) / 2])
  return out
}

/** One step of a solution: the position after `step` moves, its weight and slack. */
export interface StepWeight {
  readonly step: number
  readonly men: number
  readonly weight: ZSigma
  /** Weight minus 1, the paper's slack: what the jumps still to come may lose. */
  readonly slack: ZSigma
}

/** The weight, slack and men left after each number of moves from 0 to moves.length. */
export function weightSeries(army: readonly Cell[], moves: readonly (readonly Cell[])[], map: PagodaMap): StepWeight[] {
  const out: StepWeight[] = []
  for (let k = 0; k <= moves.length; k++) {
    const men = positionAfter(army, moves, k)
    const weight = totalWeight(map, men)
    out.push({ step: k, men: men.length, weight, slack: sub(weight, ONE) })
  }
  return out
}

/** "a + b·σ", exactly. */
export const exact = (z: ZSigma): string => formatZ(z).replace(/(\d)σ/g, '$1·σ')

/** A close decimal, for reading only. */
export const decimal = (z: ZSigma, digits = 6): string => toNumber(z).toFixed(digits)

/** A cell's weight colour under the overlay: strong for the heaviest cells (small exponent), pale far away. */
export function shade(e: number | null, maxExponent: number): string {
  if (e === null) return '#dddddd'
  const u = Math.max(0, Math.min(1, maxExponent > 0 ? e / maxExponent : 0)) ** 0.7
  const from = [0xe0, 0x5a, 0x2b]
  const to = [0xf6, 0xf0, 0xdd]
  const c = from.map((f, i) => Math.round(f + (to[i]! - f) * u))
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}
