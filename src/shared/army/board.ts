/**
 * Custom army boards (issue 17: "custom boards and armies as for transfers"): one of the five
 * types' lattices and jump rules restricted to a user's set of cells inside the document's window
 * (the window only letters the cells), with a target cell on the board. A jump needs all three of
 * its cells on the board. Checked once at the boundary (`checkBoard`, `checkArmyOnBoard`): faults
 * are Diagnostics with stable codes and where they are; everything inside trusts the value.
 *
 * The generated pagoda function (`distancePagoda`): a cell's exponent is its breadth-first
 * distance to the target in the graph joining c and c + d for every jump direction d (both cells
 * on the board); a cell the target cannot be reached from weighs 0 (exponent infinity).
 *
 * Why it is a pagoda function, i.e. sigma^e(a) + sigma^e(b) >= sigma^e(c) for every jump from a
 * over b = a + d into c = b + d (condition (2) of Bell, Hirschberg and Guerrero 2007): a, b and c
 * are on the board, so a-b and b-c are edges, and the three cells are all reachable or all not
 * (unreachable: 0 + 0 >= 0). Reachable: along edges a distance changes by at most one, so
 * e(b) <= e(a) + 1 and e(c) >= e(b) - 1. If e(b) <= e(a): sigma^e(c) <= sigma^(e(b)-1) =
 * sigma^e(b) + sigma^(e(b)+1) (sigma^2 = 1 - sigma) <= sigma^e(b) + sigma^e(a), as e(a) <= e(b) + 1.
 * If e(b) = e(a) + 1: e(c) >= e(a), so sigma^e(c) <= sigma^e(a). (0 < sigma < 1 throughout.) The
 * test in tests/unit/army-board.test.ts checks it with checkPagoda on random boards of every type.
 */
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { cellCoordinates, inWindow, windowCells, type ArmyGeometry, type CustomBoard, type Window } from './geometry'
import { pagodaMap, type PagodaMap } from './pagoda'
import type { Cell } from '../cell'

export type { CustomBoard } from './geometry'

const key = ([x, y]: Cell): string => `${x},${y}`

/** Membership of a board's cells (or of the whole window when there is no custom board). */
export function boardHas(g: ArmyGeometry, w: Window, board: CustomBoard | undefined): (x: number, y: number) => boolean {
  if (!board) return (x, y) => inWindow(g, w, x, y)
  const on = new Set(board.cells.map(key))
  return (x, y) => on.has(`${x},${y}`)
}

/** The target: the board's, or (0, 0) on the paper's window. */
export const targetOf = (board: CustomBoard | undefined): Cell => board?.target ?? [0, 0]

/**
 * A board from its cells and target, checked: no cell twice, each inside the window and on the
 * type's lattice, at least one cell, the target among them. `label` names cells in messages.
 */
export function checkBoard(
  g: ArmyGeometry,
  w: Window,
  cells: readonly Cell[],
  target: Cell,
  label: (c: Cell) => string = ([x, y]) => cellCoordinates(x, y),
): Result<CustomBoard, Diagnostic[]> {
  const faults: Diagnostic[] = []
  if (cells.length === 0) faults.push(diagnostic('board.empty', 'the board has no cells', 'board.cells'))
  const seen = new Set<string>()
  cells.forEach((c, i) => {
    if (!inWindow(g, w, c[0], c[1]))
      faults.push(
        diagnostic(
          'board.off-window',
          `${label(c)} is not a cell of ${g.title}'s window (${w.rows} rows, ${w.width} columns beyond each row)`,
          `board.cells[${i}]`,
        ),
      )
    if (seen.has(key(c))) faults.push(diagnostic('board.duplicate', `${label(c)} is on the board twice`, `board.cells[${i}]`))
    seen.add(key(c))
  })
  if (cells.length > 0 && !seen.has(key(target)))
    faults.push(diagnostic('board.target-off', `the target ${label(target)} is not a cell of the board`, 'board.target'))
  if (faults.length > 0) return err(faults)
  const sorted = [...cells].sort((p, q) => p[1] - q[1] || p[0] - q[0])
  return ok({ cells: sorted, target: [target[0], target[1]] })
}

/** An army on a board, checked: every man on a cell of the board, none on the target, none twice. */
export function checkArmyOnBoard(
  g: ArmyGeometry,
  w: Window,
  board: CustomBoard,
  army: readonly Cell[],
  label: (c: Cell) => string = ([x, y]) => cellCoordinates(x, y),
): Result<readonly Cell[], Diagnostic[]> {
  const has = boardHas(g, w, board)
  const faults: Diagnostic[] = []
  const seen = new Set<string>()
  army.forEach((c, i) => {
    if (!has(c[0], c[1])) faults.push(diagnostic('army.off-board', `the man on ${label(c)} is not on a cell of the board`, `army[${i}]`))
    else if (key(c) === key(board.target))
      faults.push(diagnostic('army.on-target', `the man on ${label(c)} stands on the target already`, `army[${i}]`))
    if (seen.has(key(c))) faults.push(diagnostic('army.duplicate', `two men on ${label(c)}`, `army[${i}]`))
    seen.add(key(c))
  })
  return faults.length > 0 ? err(faults) : ok(army)
}

/** Each reachable cell's breadth-first distance to the target over the type's directions, on the board. */
export function targetDistances(g: ArmyGeometry, board: CustomBoard): Map<string, number> {
  const on = new Set(board.cells.map(key))
  const dist = new Map<string, number>([[key(board.target), 0]])
  let frontier: Cell[] = [board.target]
  for (let d = 1; frontier.length > 0; d++) {
    const next: Cell[] = []
    for (const [x, y] of frontier)
      for (const [dx, dy] of g.directions) {
        const n: Cell = [x + dx, y + dy]
        const k = key(n)
        if (on.has(k) && !dist.has(k)) {
          dist.set(k, d)
          next.push(n)
        }
      }
    frontier = next
  }
  return dist
}

/** The id of the generated map (documents and jobs name it so). */
export const DISTANCE_MAP = 'distance'

/** The pagoda function generated from the distance to the board's target (see the proof above). */
export function distancePagoda(g: ArmyGeometry, board: CustomBoard): PagodaMap {
  const dist = targetDistances(g, board)
  return {
    id: DISTANCE_MAP,
    figure: 'the distance map',
    description: "breadth-first distance to the board's target (0 weight where the target cannot be reached)",
    types: [g.type],
    exponent: (x, y) => dist.get(`${x},${y}`) ?? null,
  }
}

/** The paper's board as a custom one: every cell of the window, the target (0, 0). */
export const windowBoard = (g: ArmyGeometry, w: Window): CustomBoard => ({ cells: [...windowCells(g, w)], target: [0, 0] })

/** A map by id: 'distance' is the generated one (on the board, or on the whole window with the target (0, 0)), else the paper's. */
export function mapFor(g: ArmyGeometry, w: Window, id: string, board?: CustomBoard): PagodaMap {
  return id === DISTANCE_MAP ? distancePagoda(g, board ?? windowBoard(g, w)) : pagodaMap(id)
}
