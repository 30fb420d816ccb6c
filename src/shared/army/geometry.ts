/**
 * The five solitaire army types of Bell, Hirschberg and Guerrero (2007), section 2, on one
 * coordinate system: a cell is (x, y), y the row counted from the target's row 0 into the army
 * (the army stands in rows n and beyond to reach level n), x the column. Square types (Conway's,
 * skew, diagonal) use the square grid, the target at x = 0. The hexagonal lattice is the square
 * grid with one diagonal (the paper's remark, and the engine's 6-move rules): axial coordinates,
 * neighbours (+-1, 0), (0, +-1), (1, -1), (-1, 1); row y holds the cells at hexagonal distance y
 * from the target at x = -y .. 0. Pablito's army plays on the triangle of those cells (its apex is
 * the target). The skew army keeps the cells of the target's colour (x + y even): diagonal jumps
 * never leave them.
 */

export const ARMY_TYPES = ['conway', 'skew', 'diagonal', 'hexagonal', 'pablito'] as const
export type ArmyType = (typeof ARMY_TYPES)[number]

export interface ArmyGeometry {
  readonly type: ArmyType
  readonly title: string
  /** Jump directions (dx, dy): a man at c jumps over c + d into c + 2d. */
  readonly directions: readonly (readonly [number, number])[]
  /** Whether (x, y) is a cell of the (infinite) board. */
  onBoard(x: number, y: number): boolean
  /** The columns of row y inside a window reaching `width` columns beyond the row's own span. */
  columns(y: number, width: number): readonly [number, number]
}

const ORTHOGONAL = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const
const DIAGONALS = [
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
] as const
/** The hexagonal lattice's six directions, in axial coordinates. */
const HEXAGONAL = [...ORTHOGONAL, [1, -1], [-1, 1]] as const

const square = (width: number): readonly [number, number] => [-width, width]
const axial = (y: number, width: number): readonly [number, number] => [-y - width, width]

export const GEOMETRIES: Record<ArmyType, ArmyGeometry> = {
  conway: { type: 'conway', title: "Conway's army", directions: ORTHOGONAL, onBoard: (_x, y) => y >= 0, columns: (_y, w) => square(w) },
  skew: {
    type: 'skew',
    title: 'the skew army',
    directions: DIAGONALS,
    onBoard: (x, y) => y >= 0 && (((x + y) % 2) + 2) % 2 === 0,
    columns: (_y, w) => square(w),
  },
  diagonal: {
    type: 'diagonal',
    title: 'the diagonal army',
    directions: [...ORTHOGONAL, ...DIAGONALS],
    onBoard: (_x, y) => y >= 0,
    columns: (_y, w) => square(w),
  },
  hexagonal: { type: 'hexagonal', title: 'the hexagonal army', directions: HEXAGONAL, onBoard: (_x, y) => y >= 0, columns: axial },
  pablito: {
    type: 'pablito',
    title: "Pablito's army",
    directions: HEXAGONAL,
    onBoard: (x, y) => y >= 0 && x >= -y && x <= 0,
    columns: (y) => [-y, 0],
  },
}

/** The army type named `name`, or an error naming the types there are. */
export function armyType(name: string): ArmyType {
  if ((ARMY_TYPES as readonly string[]).includes(name)) return name as ArmyType
  throw new Error(`unknown army type '${name}' (one of ${ARMY_TYPES.join(', ')})`)
}

/** Hexagonal distance between axial cells. */
export const hexDistance = (dx: number, dy: number): number => Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dx + dy))

/** A finite window of a board: rows 0 .. rows-1, each `width` columns beyond its own span. */
export interface Window {
  readonly rows: number
  readonly width: number
}

/** Every cell of the board inside the window, row by row. */
export function* windowCells(g: ArmyGeometry, w: Window, fromRow = 0): Generator<readonly [number, number]> {
  for (let y = fromRow; y < w.rows; y++) {
    const [lo, hi] = g.columns(y, w.width)
    for (let x = lo; x <= hi; x++) if (g.onBoard(x, y)) yield [x, y]
  }
}

/** Whether (x, y) is inside the window (and on the board). */
export function inWindow(g: ArmyGeometry, w: Window, x: number, y: number): boolean {
  if (!g.onBoard(x, y) || y >= w.rows) return false
  const [lo, hi] = g.columns(y, w.width)
  return x >= lo && x <= hi
}

/** A cell by its coordinates, for messages where no window letters it: "x -2, row 3". */
export const cellCoordinates = (x: number, y: number): string => `x ${x}, row ${y}`

/**
 * A user's board (board.ts checks and reads it): the type's lattice restricted to these cells of
 * the window, with its own target. Without one, the board is the whole window, the target (0, 0).
 */
export interface CustomBoard {
  /** The cells of the board, row by row, each once, all inside the window. */
  readonly cells: readonly (readonly [number, number])[]
  /** The cell a man is to reach, one of `cells`. */
  readonly target: readonly [number, number]
}

/** A window's (or a custom board's) cells by index, and every jump that stays on it (cell indices: from, over, into). */
export interface IndexedWindow {
  readonly cells: readonly (readonly [number, number])[]
  indexOf(x: number, y: number): number | undefined
  /** Row by row from the top, then in the order of the type's directions. */
  readonly jumps: readonly (readonly [number, number, number])[]
  /** The target cell: (0, 0), or the custom board's. */
  readonly target: readonly [number, number]
}

export function indexWindow(g: ArmyGeometry, w: Window, board?: CustomBoard): IndexedWindow {
  const on = board && new Set(board.cells.map(([x, y]) => `${x},${y}`))
  const cells = [...windowCells(g, w)].filter(([x, y]) => !on || on.has(`${x},${y}`))
  const at = new Map(cells.map(([x, y], i) => [`${x},${y}`, i]))
  const indexOf = (x: number, y: number): number | undefined => at.get(`${x},${y}`)
  const jumps: [number, number, number][] = []
  cells.forEach(([x, y], a) => {
    for (const [dx, dy] of g.directions) {
      const b = indexOf(x + dx, y + dy)
      const c = indexOf(x + 2 * dx, y + 2 * dy)
      if (b !== undefined && c !== undefined) jumps.push([a, b, c])
    }
  })
  return { cells, indexOf, jumps, target: board?.target ?? [0, 0] }
}
