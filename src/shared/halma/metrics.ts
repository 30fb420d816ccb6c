/**
 * Measures of men and armies (paper sections 2.1, 2.3, 3.1, 3.3, 3.4; docs/DOMAIN.md, "Measures"):
 * type labels and balance, the diagonal centroid c, the symmetry count sym, centre of mass and
 * speed, the three norms and the distances built on them, and the lower bounds of the paper.
 */
import { cartesian, type Board } from './board'
import type { Rules } from './rules'
import { symmetry, type SymmetryName } from './symmetry'

/** Type label 0-3 of a cell: (i + 1) mod 2 + 2 ((j + 1) mod 2); a1 is type 0, b2 type 3. */
export function cellType(board: Board, cell: number): number {
  return ((board.col[cell]! + 1) % 2) + 2 * ((board.row[cell]! + 1) % 2)
}

/** Men of each type 0-3. */
export function balance(board: Board, cells: readonly number[]): [number, number, number, number] {
  const b: [number, number, number, number] = [0, 0, 0, 0]
  for (const c of cells) b[cellType(board, c) as 0 | 1 | 2 | 3]++
  return b
}

/** Diagonal centroid of one man, c(a) = x - y (i + j - 10 on 9 x 9). */
export function cellCentroid(board: Board, cell: number): number {
  const { x, y } = cartesian(board, cell)
  return x - y
}

/** Centroid of an army, c(A) = sum of c(a). */
export function centroid(board: Board, cells: readonly number[]): number {
  let s = 0
  for (const c of cells) s += cellCentroid(board, c)
  return s
}

/**
 * sym(A): the number of men whose image under the symmetry (by default the mirror across x = y)
 * is occupied by a man of the same army. sym(A) = |A| iff A is its own image. Undefined where the
 * board lacks that symmetry.
 */
export function sym(board: Board, cells: readonly number[], name: SymmetryName = 'mirror'): number | undefined {
  const image = symmetry(board, name)
  if (!image) return undefined
  const set = new Set(cells)
  let n = 0
  for (const c of cells) if (set.has(image[c]!)) n++
  return n
}

/** Centre of mass m(A): the mean Cartesian coordinate. */
export function centerOfMass(board: Board, cells: readonly number[]): { x: number; y: number } {
  let x = 0
  let y = 0
  for (const c of cells) {
    const p = cartesian(board, c)
    x += p.x
    y += p.y
  }
  return { x: x / cells.length, y: y / cells.length }
}

/**
 * The norm of the rules (equation 1): max(|x|,|y|) for 8-move, |x| + |y| for 4-move, and for
 * 6-move (|x| + |y| + |x - y|) / 2, the hexagonal distance when the allowed diagonal is (+1, +1)
 * in Cartesian terms (the `anti` diagonal in column/row steps); with the other diagonal x - y
 * becomes x + y.
 */
export function norm(rules: Rules, x: number, y: number): number {
  switch (rules.moves) {
    case '8-move':
      return Math.max(Math.abs(x), Math.abs(y))
    case '4-move':
      return Math.abs(x) + Math.abs(y)
    case '6-move':
      return (Math.abs(x) + Math.abs(y) + Math.abs(rules.diagonal === 'anti' ? x - y : x + y)) / 2
  }
}

/** d(a, b): the fewest steps between two cells (equation 3). */
export function cellDistance(board: Board, rules: Rules, a: number, b: number): number {
  const p = cartesian(board, a)
  const q = cartesian(board, b)
  return norm(rules, p.x - q.x, p.y - q.y)
}

/** d(A, B): the least distance between a man of A and a cell of B (equation 4). */
export function armyDistance(board: Board, rules: Rules, a: readonly number[], b: readonly number[]): number {
  let best = Infinity
  for (const x of a) for (const y of b) best = Math.min(best, cellDistance(board, rules, x, y))
  return best
}

/** Average speed of the centre of mass over n moves (equation 16), in the rules' norm. */
export function speed(board: Board, rules: Rules, a: readonly number[], b: readonly number[], moves: number): number {
  const p = centerOfMass(board, a)
  const q = centerOfMass(board, b)
  return norm(rules, p.x - q.x, p.y - q.y) / moves
}

/**
 * Section 3.1's lower bound on a transfer from A to B: d(A, B) + |A| - 1 for disjoint sets (each
 * move brings the army at most one cell nearer, then fills the base at most one man per move).
 * Where the sets overlap every man outside B must still move: |A \ B|. Undefined with long jumps,
 * which can cross any distance in one move.
 */
export function transferBound(board: Board, rules: Rules, a: readonly number[], b: readonly number[]): number | undefined {
  if (rules.longJumps) return undefined
  const inB = new Set(b)
  const outside = a.filter((c) => !inB.has(c)).length
  if (outside < a.length) return outside
  return armyDistance(board, rules, a, b) + a.length - 1
}

/**
 * Theorem 1: no game between two armies of s men starting d(B, R) apart is shorter than
 * max(0, d(B, R) - 2) + 2s - 1 moves.
 */
export function gameBound(distance: number, men: number): number {
  return Math.max(0, distance - 2) + 2 * men - 1
}

/** The delta of Theorem 2: how far beyond the leading man one move can land, in centroid. */
export function centroidDelta(rules: Rules): number {
  return rules.moves === '8-move' || (rules.moves === '6-move' && rules.diagonal === 'main') ? 2 : 1
}

/**
 * Theorem 2: one move raises c(A) by at most c(amax) - c(amin) + delta (and lowers it by at most
 * as much). Undefined with long jumps.
 */
export function centroidGainBound(board: Board, rules: Rules, cells: readonly number[]): number | undefined {
  if (rules.longJumps || cells.length === 0) return undefined
  let lo = Infinity
  let hi = -Infinity
  for (const c of cells) {
    const v = cellCentroid(board, c)
    lo = Math.min(lo, v)
    hi = Math.max(hi, v)
  }
  return hi - lo + centroidDelta(rules)
}

/** The men that count toward sym(A): those whose image under the symmetry is a man of the same army. */
export function symMen(board: Board, cells: readonly number[], name: SymmetryName = 'mirror'): number[] {
  const image = symmetry(board, name)
  if (!image) return []
  const set = new Set(cells)
  return cells.filter((c) => set.has(image[c]!))
}
