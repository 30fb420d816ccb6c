/**
 * Boards for games of 2 to 6 players (issue 18): the stars of the rules page (121 holes, 73 holes,
 * the mini star of 37) and the piecepack's 8x8 square board. A star is the union of two big
 * triangles on the hexagonal lattice, in axial coordinates (q, r), s = -q - r: with n the side of
 * a point (4, 3, 2), the cells with min(q, r, s) >= -n or max(q, r, s) <= n; its centre is the
 * hexagon max(|q|, |r|, |s|) <= n and its six points are the camps. Camps are numbered clockwise
 * from the bottom one (as the board is drawn, rows growing downward), so that camp k + 3 is opposite
 * camp k. A camp of m men is the triangle of side m at its point (m = n: the point itself; m = n + 1:
 * with the row of the centre next to it, as the 15-man game and the Diamond Game use).
 */
import { own } from '../names'

import type { Cell } from '../cell'

export interface PlayersBoard {
  readonly id: string
  readonly title: string
  /** The cells, in a fixed order (index = cell id). */
  readonly cells: readonly Cell[]
  /** The lines a man moves and jumps along (dx, dy), both ways listed. */
  readonly directions: readonly Cell[]
  /** Whether cells are on the hexagonal lattice (axial) or the square grid. */
  readonly lattice: 'hexagonal' | 'square'
  /** Cell index of (x, y), or undefined. */
  indexOf(x: number, y: number): number | undefined
  /** The camp of `men` men at point k (0 .. points-1, clockwise), as cell indices. */
  camp(k: number, men: number): readonly number[]
  /** How many camps (points) the board has, and the camp opposite camp k. */
  readonly points: number
  opposite(k: number): number
}

const HEX: readonly Cell[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
]
const KING: readonly Cell[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
]

function indexer(cells: readonly Cell[]): (x: number, y: number) => number | undefined {
  const at = new Map(cells.map(([x, y], i) => [`${x},${y}`, i]))
  return (x, y) => at.get(`${x},${y}`)
}

/**
 * The star whose points have side n. Points, clockwise from the bottom (r large, drawn downward):
 * each is a coordinate (q, r or s) beyond n or below -n.
 */
export function starBoard(n: number, id: string, title: string): PlayersBoard {
  const cells: Cell[] = []
  for (let r = -2 * n; r <= 2 * n; r++)
    for (let q = -2 * n; q <= 2 * n; q++) {
      const s = -q - r
      if (Math.min(q, r, s) >= -n || Math.max(q, r, s) <= n) cells.push([q, r])
    }
  const indexOf = indexer(cells)
  // Point k: which coordinate (0 q, 1 r, 2 s) and which side. Clockwise from the bottom, with x
  // = q + r / 2 to the right and y = r downward: r > n (bottom), q < -n (lower left), s > n (upper
  // left), r < -n (top), q > n (upper right), s < -n (lower right).
  const POINTS: readonly (readonly [number, 1 | -1])[] = [
    [1, 1],
    [0, -1],
    [2, 1],
    [1, -1],
    [0, 1],
    [2, -1],
  ]
  const camp = (k: number, men: number): number[] => {
    const m = triangleSide(men)
    const [axis, sign] = POINTS[((k % 6) + 6) % 6]!
    const out: number[] = []
    cells.forEach(([q, r], i) => {
      const c = [q, r, -q - r]
      const v = sign * c[axis]!
      // The triangle of side m at the point: this coordinate at least 2n - m + 1 (its sign taken),
      // the other two on the point's side of the far lines.
      if (v >= 2 * n - m + 1 && c.every((x, j) => j === axis || sign * x >= -n)) out.push(i)
    })
    return out
  }
  return { id, title, cells, directions: HEX, lattice: 'hexagonal', indexOf, camp, points: 6, opposite: (k) => (k + 3) % 6 }
}

/** The side of a triangle of `men` cells (1, 3, 6, 10, 15, ...), or an error. */
export function triangleSide(men: number): number {
  for (let m = 1; m <= 20; m++) if ((m * (m + 1)) / 2 === men) return m
  throw new Error(`a camp of ${men} men is not a triangle (1, 3, 6, 10, 15, ...)`)
}

/**
 * The piecepack board: 8x8 squares, moves in the eight directions, camps in the four corners
 * (clockwise from the top left), each the triangle of 6 squares with x + y <= 2 from its corner.
 */
export function piecepackBoard(side = 8): PlayersBoard {
  const cells: Cell[] = []
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) cells.push([x, y])
  const indexOf = indexer(cells)
  // Corners clockwise from the top left: (0,0), (s,0), (s,s), (0,s).
  const s = side - 1
  const corners: readonly Cell[] = [
    [0, 0],
    [s, 0],
    [s, s],
    [0, s],
  ]
  const camp = (k: number, men: number): number[] => {
    const m = triangleSide(men)
    const [cx, cy] = corners[((k % 4) + 4) % 4]!
    return cells.flatMap(([x, y], i) => (Math.abs(x - cx) + Math.abs(y - cy) <= m - 1 ? [i] : []))
  }
  return {
    id: side === 8 ? 'piecepack8' : `square${side}`,
    title: side === 8 ? 'piecepack 8x8 board' : `${side}x${side} square board, 8 directions`,
    cells,
    directions: KING,
    lattice: 'square',
    indexOf,
    camp,
    points: 4,
    opposite: (k) => (k + 2) % 4,
  }
}

/**
 * The piecepack's two-player board of 10 tiles (each tile 2x2 squares). Its figure is lost; the
 * text says only that the two players use the 10-tile board with the four-player rules and coin
 * setup. Chosen: the 10 tiles of the 4x4 tile square on and beside its main diagonal (the band
 * |tx - ty| <= 1), so that the two coin triangles of opposite corners (x + y <= 2, as on the 8x8
 * board) lie on it and face each other along the band. Camp 0 is the top left, camp 1 the bottom right.
 */
export function tileBoard(): PlayersBoard {
  const cells: Cell[] = []
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) if (Math.abs((x >> 1) - (y >> 1)) <= 1) cells.push([x, y])
  const indexOf = indexer(cells)
  const camp = (k: number, men: number): number[] => {
    const m = triangleSide(men)
    const c = ((k % 2) + 2) % 2 === 0 ? 0 : 7
    return cells.flatMap(([x, y], i) => (Math.abs(x - c) + Math.abs(y - c) <= m - 1 ? [i] : []))
  }
  return {
    id: 'piecepack10',
    title: 'piecepack two-player board (10 tiles)',
    cells,
    directions: KING,
    lattice: 'square',
    indexOf,
    camp,
    points: 2,
    opposite: (k) => 1 - k,
  }
}

const ORTHOGONAL: readonly Cell[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
]

/**
 * The 33-hole cross of Fox and Geese (the English solitaire board): a 7x7 square without its 2x2
 * corners, moves and jumps along rows and columns only (the rules page: "orthogonal moves").
 * Camps clockwise from the top arm. The page's figure of the 8 counters is lost: a camp is its arm
 * (the 6 holes of 3 columns by 2 rows) and 2 of the 8 holes around the centre, the one next to the
 * arm and the corner clockwise before it, so that four camps fill every hole but the centre and
 * each camp is its opposite's half-turn image (the counters take the opposite camp's places).
 */
export function crossBoard(): PlayersBoard {
  const cells: Cell[] = []
  for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) if ((x >= 2 && x <= 4) || (y >= 2 && y <= 4)) cells.push([x, y])
  const indexOf = indexer(cells)
  // The top camp; the others are its quarter turns about the centre (3, 3), clockwise.
  const top: readonly Cell[] = [
    [2, 0],
    [3, 0],
    [4, 0],
    [2, 1],
    [3, 1],
    [4, 1],
    [3, 2],
    [2, 2],
  ]
  const turn = ([x, y]: Cell, k: number): Cell => {
    let [u, v] = [x - 3, y - 3]
    for (let i = 0; i < k; i++) [u, v] = [-v, u]
    return [u + 3, v + 3]
  }
  const camp = (k: number, men: number): number[] => {
    if (men !== 8) throw new Error(`a camp of the cross holds 8 men, not ${men}`)
    return top.map((c) => indexOf(...turn(c, ((k % 4) + 4) % 4))!)
  }
  return {
    id: 'cross33',
    title: 'the 33-hole cross (Fox and Geese)',
    cells,
    directions: ORTHOGONAL,
    lattice: 'square',
    indexOf,
    camp,
    points: 4,
    opposite: (k) => (k + 2) % 4,
  }
}

/**
 * The Anri board (the rules page: "Chinese Checkers for two players with ten counters apiece on a
 * simplified board"; its figure is lost). Chosen: the 81 holes of the 121-hole star that a
 * two-player game uses, the central hexagon of 61 and the two points the players start on (the
 * bottom and top points), without the four points nobody uses. It is the rhombus of 9 x 9 holes
 * that the paper's two-player Chinese Checkers is played on. Camp 0 is the bottom point, camp 1 the
 * top; cells are numbered row by row as on the star.
 */
export function anriBoard(): PlayersBoard {
  const star = starBoard(4, 'star121', 'the 121-hole star')
  const bottom = new Set(star.camp(0, 10))
  const top = new Set(star.camp(3, 10))
  const cells = star.cells.filter(([q, r], i) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 4 || bottom.has(i) || top.has(i))
  const indexOf = indexer(cells)
  const camp = (k: number, men: number): number[] =>
    star.camp(((k % 2) + 2) % 2 === 0 ? 0 : 3, men).flatMap((i) => {
      const c = indexOf(...star.cells[i]!)
      return c === undefined ? [] : [c]
    })
  return {
    id: 'anri81',
    title: 'the Anri board (81 holes)',
    cells,
    directions: HEX,
    lattice: 'hexagonal',
    indexOf,
    camp,
    points: 2,
    opposite: (k) => 1 - k,
  }
}

export const STAR_121 = (): PlayersBoard => starBoard(4, 'star121', 'the 121-hole star')
export const STAR_73 = (): PlayersBoard => starBoard(3, 'star73', 'the 73-hole star')
export const STAR_MINI = (): PlayersBoard => starBoard(2, 'star37', 'the mini star (37 holes)')

/** The boards by id: the three stars, the piecepack board, the Anri board, and square boards of side 3-16 with eight directions. */
export function boardById(id: string): PlayersBoard {
  const fixed: Record<string, () => PlayersBoard> = {
    star121: STAR_121,
    star73: STAR_73,
    star37: STAR_MINI,
    piecepack8: () => piecepackBoard(8),
    piecepack10: tileBoard,
    cross33: crossBoard,
    anri81: anriBoard,
  }
  const square = /^square(\d+)$/.exec(id)
  if (square && Number(square[1]) >= 3 && Number(square[1]) <= 16) return piecepackBoard(Number(square[1]))
  const make = own(fixed, id)
  if (!make) throw new Error(`unknown board '${id}' (star121, star73, star37, piecepack8, piecepack10, cross33, anri81, or squareN with N from 3 to 16)`)
  return make()
}
