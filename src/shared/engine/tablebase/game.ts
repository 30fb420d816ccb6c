/**
 * The game a tablebase solves (issue 29, docs/TABLEBASE.md "The game"): two players on the m x m
 * board under 6-move rules (the lattice of the 9 x 9 board, the product's default 'anti'
 * diagonal), p men each. The first player (blue) starts on the start area A in the a1 corner, the
 * second (red) on its 180-degree rotation Z; each player's target is the other's start. A player
 * has won when her target is full, with men of either colour, at least one of them hers.
 *
 * Everything here is about sets of cells (sorted arrays of cell numbers) and one occupancy array;
 * the solver's packed layout is in layout.ts, its hot loop in kernel.ts.
 */
import { cellAt, squareBoard, type Board } from '../../halma/board'
import { makeRules } from '../../halma/rules'
import { symmetry } from '../../halma/symmetry'
import { diagnostic, err, ok, type Result } from '../../result'

/** The numbers of men a start area is defined for. */
export const TABLEBASE_MEN = [1, 2, 3, 4, 6] as const
export type TablebaseMen = (typeof TABLEBASE_MEN)[number]

/** Board sides a tablebase may have. */
export const MIN_SIDE = 3
export const MAX_SIDE = 9

/** The rules: 6-move with the anti diagonal, no long jumps (the rules of Table 2's lattice). */
export const TABLEBASE_RULES = makeRules('6-move')

/** What a tablebase is of, as plain data (it crosses to threads and is written in table headers). */
export interface TablebaseSpec {
  /** The board's side m. */
  readonly side: number
  /** Men per player. */
  readonly men: TablebaseMen
}

/**
 * Offsets (di, dj) from a1 of the start area of p men: the corner; the corner and b1 (the 2-man
 * area is asymmetric: its mirror a1, a2 gives the same counts); the triangle of 3; the rhombus
 * a1, b1, a2, b2; the triangle of 6.
 */
const AREAS: Readonly<Record<TablebaseMen, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [
    [0, 0],
    [1, 0],
  ],
  3: [
    [0, 0],
    [1, 0],
    [0, 1],
  ],
  4: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ],
  6: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
    [1, 1],
    [0, 2],
  ],
}

/** The 6-man rule's cells, as offsets from a1: the two next to the corner, the ends of the third row. */
const CORNER_GUARDS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [2, 0],
  [0, 2],
]

/** A tablebase's game: board, areas, symmetries, and the rules' tests on positions. Immutable. */
export class TablebaseGame {
  readonly board: Board
  /** Cells: m * m. */
  readonly n: number
  readonly men: TablebaseMen
  /** Blue's start (red's target), ascending. */
  readonly start: readonly number[]
  /** Red's start (blue's target): the rotation of `start`, ascending. */
  readonly target: readonly number[]
  /** The 180-degree rotation and the mirror (i, j) -> (j, i) as cell permutations. */
  readonly rot: Int16Array
  readonly mirror: Int16Array
  /** Whether the mirror is a symmetry of the game (it fixes the start area: every p but 2). */
  readonly mirrored: boolean
  /** 1 on the cells of `start`, 2 on those of `target`, 0 elsewhere. */
  readonly area: Uint8Array
  /** The 6-man rule: the corner of each area and its four guards (a1 side first), or undefined. */
  readonly corners: { readonly corner: number; readonly guards: readonly number[] }[] | undefined
  /** The rules on bit masks over the area cells (for the solver's hot loop). */
  readonly masks: RuleMasks

  private constructor(readonly spec: TablebaseSpec) {
    const m = spec.side
    this.board = squareBoard(m)
    this.n = m * m
    this.men = spec.men
    this.rot = symmetry(this.board, 'rotate')!
    this.mirror = symmetry(this.board, 'antimirror')!
    const at = (di: number, dj: number): number => cellAt(this.board, 1 + di, 1 + dj)
    this.start = AREAS[spec.men].map(([di, dj]) => at(di, dj)).sort((a, b) => a - b)
    this.target = this.start.map((c) => this.rot[c]!).sort((a, b) => a - b)
    this.mirrored = this.start.every((c) => this.start.includes(this.mirror[c]!))
    this.area = new Uint8Array(this.n)
    for (const c of this.start) this.area[c] = 1
    for (const c of this.target) this.area[c] = 2
    if (spec.men === 6) {
      const guards = CORNER_GUARDS.map(([di, dj]) => at(di, dj))
      this.corners = [
        { corner: at(0, 0), guards },
        { corner: this.rot[at(0, 0)]!, guards: guards.map((c) => this.rot[c]!) },
      ]
    }
    this.masks = new RuleMasks(this)
  }

  /** The game of a spec, or why there is none (a side outside 3..9, men not 1, 2, 3, 4 or 6, areas that overlap). */
  static of(spec: TablebaseSpec): Result<TablebaseGame> {
    const { side, men } = spec
    if (!Number.isInteger(side) || side < MIN_SIDE || side > MAX_SIDE)
      return err(
        diagnostic('tablebase.board', `the board must be m x m with m from ${MIN_SIDE} to ${MAX_SIDE}, not ${side} x ${side}`, 'board'),
      )
    if (!(TABLEBASE_MEN as readonly number[]).includes(men))
      return err(diagnostic('tablebase.men', `men must be one of ${TABLEBASE_MEN.join(', ')} (the start areas defined), not ${men}`, 'men'))
    const game = new TablebaseGame(spec)
    if (game.start.some((c) => game.target.includes(c)))
      return err(diagnostic('tablebase.fit', `${men} men do not fit on ${side} x ${side}: the two start areas overlap`, 'board'))
    return ok(game)
  }

  /** The board's name, e.g. `7x7`. */
  get boardName(): string {
    return `${this.spec.side}x${this.spec.side}`
  }

  /**
   * What a position is before any search, seen by the side to move: `mover` heads for `target`
   * (the canonical view of a position, layout.ts), `other` for `start`; `occ` is 1 on every man.
   * - 'illegal': the side to move has already won, or (6 men) an area's corner can never be filled;
   * - 'lost': the other side has won;
   * - 'open': neither.
   */
  classify(occ: Uint8Array, isMover: Uint8Array): 'illegal' | 'lost' | 'open' {
    if (this.hasWon(occ, isMover, this.target, 1) || this.blocked(occ, isMover)) return 'illegal'
    return this.otherWon(occ, isMover) ? 'lost' : 'open'
  }

  /** Whether the other side has won: `start` full, one of its men on it. */
  otherWon(occ: Uint8Array, isMover: Uint8Array): boolean {
    return this.hasWon(occ, isMover, this.start, 0)
  }

  /** Whether `area` is full and holds a man with isMover === want. */
  private hasWon(occ: Uint8Array, isMover: Uint8Array, area: readonly number[], want: number): boolean {
    let hers = false
    for (const c of area) {
      if (occ[c] === 0) return false
      if (isMover[c] === want) hers = true
    }
    return hers
  }

  /**
   * The 6-man rule: an area whose corner is empty while its owner's opponent holds both cells next
   * to the corner and both ends of its third row (the corner can never be filled: a man reaches it
   * only by a step from a cell next to it or a jump from an end of the third row).
   * The mover's target's owner is the mover (opponent: the other side); the start's owner is the other side.
   */
  blocked(occ: Uint8Array, isMover: Uint8Array): boolean {
    if (!this.corners) return false
    const [home, away] = this.corners as [(typeof this.corners)[0], (typeof this.corners)[0]]
    // home: the corner of `start`, the other side's target: blocked by the mover's men.
    if (occ[home.corner] === 0 && home.guards.every((c) => occ[c] !== 0 && isMover[c] === 1)) return true
    return occ[away.corner] === 0 && away.guards.every((c) => occ[c] !== 0 && isMover[c] === 0)
  }
}

/**
 * The rules as bit masks: each cell of the two areas has a bit (`bit[cell]`, 0 elsewhere); a
 * position's men make two masks, the mover's (m) and the other side's (o). The same rules as
 * TablebaseGame.classify (tested against it), without a loop.
 */
export class RuleMasks {
  readonly bit: Int32Array
  readonly start: number
  readonly target: number
  /** 6 men: the corner and guard bits of each area (0 when there is no such rule). */
  readonly homeCorner: number
  readonly homeGuards: number
  readonly awayCorner: number
  readonly awayGuards: number

  constructor(game: TablebaseGame) {
    this.bit = new Int32Array(game.n)
    const cells = [...game.start, ...game.target]
    cells.forEach((c, k) => (this.bit[c] = 1 << k))
    const of = (list: readonly number[]): number => list.reduce((a, c) => a | this.bit[c]!, 0)
    this.start = of(game.start)
    this.target = of(game.target)
    const [home, away] = game.corners ?? []
    this.homeCorner = home ? of([home.corner]) : 0
    this.homeGuards = home ? of(home.guards) : 0
    this.awayCorner = away ? of([away.corner]) : 0
    this.awayGuards = away ? of(away.guards) : 0
  }

  /** The other side has won: the start full, one of its men on it. */
  otherWon(m: number, o: number): boolean {
    return ((m | o) & this.start) === this.start && (o & this.start) !== 0
  }

  /** The side to move has already won, or (6 men) an area's corner is blocked. */
  illegal(m: number, o: number): boolean {
    if (((m | o) & this.target) === this.target && (m & this.target) !== 0) return true
    return this.blocked(m, o)
  }

  blocked(m: number, o: number): boolean {
    if (this.homeGuards === 0) return false
    if (((m | o) & this.homeCorner) === 0 && (m & this.homeGuards) === this.homeGuards) return true
    return ((m | o) & this.awayCorner) === 0 && (o & this.awayGuards) === this.awayGuards
  }
}

/** A spec from the command line's words: `7x7` and a count of men. */
export function parseSpec(board: string, men: string | number): Result<TablebaseSpec> {
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(board)
  if (!m || m[1] !== m[2]) return err(diagnostic('tablebase.board', `the board must be written MxM (7x7), not '${board}'`, 'board'))
  const p = typeof men === 'number' ? men : Number(men)
  if (!Number.isInteger(p)) return err(diagnostic('tablebase.men', `men must be a whole number, not '${men}'`, 'men'))
  const spec = { side: Number(m[1]), men: p as TablebaseMen }
  const game = TablebaseGame.of(spec)
  return game.ok ? ok(spec) : game
}
