/**
 * Solitaire army solutions: notation and verification. A cell is written as a column letter and
 * a row number, as transfers are (`c5-c3-e3` is one man's chain of two jumps): rows are the
 * paper's (0 is the target's row, the army's front row is the level), columns are lettered from
 * the window's leftmost column (a .. z, then aa, ab, ...), so a solution is read with its window.
 * Verification plays the moves on the window: each jump leaves a cell with a man, passes over the
 * adjacent man in an allowed direction into an empty cell, and removes the man jumped; the
 * solution succeeds when a man stands on the target.
 */
import { cellName, parseCellName, type Cell } from '../cell'
import { describe } from '../result'
import { boardHas, targetOf } from './board'
import { indexWindow, inWindow, type ArmyGeometry, type CustomBoard, type Window } from './geometry'

/** The window's leftmost column (the column of letter a). */
export function leftColumn(g: ArmyGeometry, w: Window): number {
  let lo = Infinity
  for (let y = 0; y < w.rows; y++) lo = Math.min(lo, g.columns(y, w.width)[0])
  return lo
}

/** A cell's name: columns lettered from the window's leftmost column, rows from the target's row 0. */
export function cellLabel(g: ArmyGeometry, w: Window, [x, y]: Cell): string {
  return cellName(x - leftColumn(g, w) + 1, y)
}

/** The cell of a name (cellLabel's inverse), or an Error naming it. */
export function parseCellLabel(g: ArmyGeometry, w: Window, label: string): Cell {
  const p = parseCellName(label)
  if (!p.ok) throw new Error(describe(p.error))
  const cell: Cell = [p.value.i - 1 + leftColumn(g, w), p.value.j]
  if (!inWindow(g, w, ...cell))
    throw new Error(`${label.trim()} is not a cell of the window (${w.rows} rows, ${w.width} columns beyond each row)`)
  return cell
}

/** Moves (each a chain of cells) written as "k4-k2-m2, ...". */
export function formatArmyMoves(g: ArmyGeometry, w: Window, moves: readonly (readonly Cell[])[]): string {
  return moves.map((chain) => chain.map((c) => cellLabel(g, w, c)).join('-')).join(', ')
}

export function parseArmyMoves(g: ArmyGeometry, w: Window, text: string): Cell[][] {
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((move) => move.split('-').map((label) => parseCellLabel(g, w, label)))
}

export interface ArmyVerdict {
  readonly ok: boolean
  /** Why it fails: the move (1-based), the jump and the reason. */
  readonly error?: string
  readonly jumps: number
  readonly moves: number
  /** Men left on the board at the end. */
  readonly menLeft: number
}

/** Play `moves` from `army` on the window (or a custom board, with its target); ok when a man ends on the target. */
export function verifyArmy(
  g: ArmyGeometry,
  w: Window,
  army: readonly Cell[],
  moves: readonly (readonly Cell[])[],
  board?: CustomBoard,
): ArmyVerdict {
  const key = ([x, y]: Cell): string => `${x},${y}`
  const label = (c: Cell): string => cellLabel(g, w, c)
  const has = boardHas(g, w, board)
  const target = targetOf(board)
  const men = new Set<string>()
  for (const c of army) {
    if (!has(...c))
      return {
        ok: false,
        error: `the army's man at x ${c[0]}, row ${c[1]} is off the ${board ? 'board' : 'window'}`,
        jumps: 0,
        moves: 0,
        menLeft: army.length,
      }
    if (men.has(key(c))) return { ok: false, error: `two men of the army on ${label(c)}`, jumps: 0, moves: 0, menLeft: army.length }
    men.add(key(c))
  }
  let jumps = 0
  const fail = (i: number, what: string): ArmyVerdict => ({
    ok: false,
    error: `move ${i + 1} (${moves[i]!.map(label).join('-')}): ${what}`,
    jumps,
    moves: i,
    menLeft: men.size,
  })
  for (let i = 0; i < moves.length; i++) {
    const chain = moves[i]!
    if (chain.length < 2) return fail(i, 'a move needs at least two cells')
    if (!men.has(key(chain[0]!))) return fail(i, `no man on ${label(chain[0]!)}`)
    for (let s = 1; s < chain.length; s++) {
      const [from, into] = [chain[s - 1]!, chain[s]!]
      const d = [(into[0] - from[0]) / 2, (into[1] - from[1]) / 2] as const
      if (!g.directions.some(([dx, dy]) => dx === d[0] && dy === d[1]))
        return fail(i, `${label(from)}-${label(into)} is not a jump of ${g.title} (two cells apart along an allowed direction)`)
      const over: Cell = [from[0] + d[0], from[1] + d[1]]
      if (!men.has(key(over))) return fail(i, `${label(from)}-${label(into)} jumps over ${label(over)}, which is empty`)
      if (men.has(key(into))) return fail(i, `${label(from)}-${label(into)} lands on ${label(into)}, which holds a man`)
      if (!has(...into)) return fail(i, `${label(from)}-${label(into)} lands on ${label(into)}, which is not a cell of the board`)
      men.delete(key(from))
      men.delete(key(over))
      men.add(key(into))
      jumps++
    }
  }
  const ok = men.has(key(target))
  return {
    ok,
    ...(!ok && { error: `no man reaches the target (${label(target)}) after ${moves.length} moves` }),
    jumps,
    moves: moves.length,
    menLeft: men.size,
  }
}

/**
 * A text picture of the window's rows 0 .. last: X the target (@ with a man on it), o a man, . an
 * empty cell (on a custom board, its cells only).
 */
export function drawArmy(g: ArmyGeometry, w: Window, army: readonly Cell[], lastRow = w.rows - 1, board?: CustomBoard): string[] {
  const men = new Set(army.map(([x, y]) => `${x},${y}`))
  const has = boardHas(g, w, board)
  const [tx, ty] = targetOf(board)
  const lo = leftColumn(g, w)
  const lines: string[] = []
  for (let y = 0; y <= lastRow; y++) {
    const [a, b] = g.columns(y, w.width)
    let line = ''
    for (let x = lo; x <= b; x++) {
      const on = x >= a && has(x, y)
      line += !on ? '  ' : x === tx && y === ty ? (men.has(`${x},${y}`) ? ' @' : ' X') : men.has(`${x},${y}`) ? ' o' : ' .'
    }
    lines.push(`${String(y).padStart(3)} ${line.trimEnd()}`)
  }
  return lines
}

/** Every jump open to the men (from, over, into): over an adjacent man into an empty cell of the window or board. */
export function legalJumps(g: ArmyGeometry, w: Window, men: readonly Cell[], board?: CustomBoard): [Cell, Cell, Cell][] {
  const win = indexWindow(g, w, board)
  const on = new Set(men.map(([x, y]) => win.indexOf(x, y)))
  return win.jumps
    .filter(([a, b, c]) => on.has(a) && on.has(b) && !on.has(c))
    .map(([a, b, c]) => [win.cells[a]!, win.cells[b]!, win.cells[c]!])
}

/** The men after the first `k` moves (the moves are assumed verified). */
export function positionAfter(army: readonly Cell[], moves: readonly (readonly Cell[])[], k: number): Cell[] {
  const men = new Map(army.map((c) => [`${c[0]},${c[1]}`, c]))
  for (const chain of moves.slice(0, k))
    for (let s = 1; s < chain.length; s++) {
      const [a, c] = [chain[s - 1]!, chain[s]!]
      const over: Cell = [(a[0] + c[0]) / 2, (a[1] + c[1]) / 2]
      men.delete(`${a[0]},${a[1]}`)
      men.delete(`${over[0]},${over[1]}`)
      men.set(`${c[0]},${c[1]}`, c)
    }
  return [...men.values()]
}
