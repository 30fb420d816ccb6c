/**
 * Symmetries of the grid as permutations of cell indices. Three matter (docs/DOMAIN.md; paper 3.2-3.3):
 * - `mirror`, the reflection across x = y: (i, j) -> (W + 1 - j, H + 1 - i) on a square board. It
 *   maps a corner army to its transfer target and defines sym(A);
 * - `rotate`, the 180-degree rotation: (i, j) -> (W + 1 - i, H + 1 - j). It maps a base to the
 *   opposing base in a game, and replaces the mirror on boards without one (the checkers board);
 * - `antimirror`, the reflection across x = -y: (i, j) -> (j, i) on a square board. A corner army is
 *   its own image, which halves the search from it.
 */
import { cartesian, cellAt, type Board } from './board'

export const SYMMETRIES = ['mirror', 'rotate', 'antimirror'] as const
export type SymmetryName = (typeof SYMMETRIES)[number]

const cache = new WeakMap<Board, Map<SymmetryName, Int16Array | null>>()

/**
 * The permutation image[cell] of a symmetry, or undefined if it does not map this board onto
 * itself (e.g. the mirror of the checkers board, whose grid is 7 x 8).
 */
export function symmetry(board: Board, name: SymmetryName): Int16Array | undefined {
  let perBoard = cache.get(board)
  if (!perBoard) cache.set(board, (perBoard = new Map()))
  if (perBoard.has(name)) return perBoard.get(name) ?? undefined
  const image = new Int16Array(board.size)
  let okAll = true
  for (let c = 0; c < board.size && okAll; c++) {
    const { x, y } = cartesian(board, c)
    // Image in Cartesian coordinates, back to grid: i = x + (W+1)/2, j = (H+1)/2 - y.
    const [x2, y2] = name === 'mirror' ? [y, x] : name === 'rotate' ? [-x, -y] : [-y, -x]
    const i = x2 + (board.width + 1) / 2
    const j = (board.height + 1) / 2 - y2
    const t = Number.isInteger(i) && Number.isInteger(j) ? cellAt(board, i, j) : -1
    if (t < 0) okAll = false
    else image[c] = t
  }
  perBoard.set(name, okAll ? image : null)
  return okAll ? image : undefined
}

/** Map a list of cells through a permutation, sorted ascending. */
export function mapCells(image: Int16Array, cells: readonly number[]): number[] {
  return cells.map((c) => image[c]!).sort((a, b) => a - b)
}

/**
 * The symmetries (other than the identity) that map an occupancy onto itself, each as a cell
 * image. The corner start of a transfer is fixed by the antimirror; so is the two-player start.
 */
export function fixingSymmetries(board: Board, occ: Uint8Array): Int16Array[] {
  const out: Int16Array[] = []
  for (const name of SYMMETRIES) {
    const image = symmetry(board, name)
    if (!image) continue
    let fixed = true
    for (let c = 0; c < occ.length && fixed; c++) if (occ[image[c]!] !== occ[c]) fixed = false
    if (fixed) out.push(image)
  }
  return out
}

/** A key for an occupancy that is the same for all its images under the given symmetries. */
export function canonicalKey(occ: Uint8Array, images: readonly Int16Array[]): string {
  let best = String.fromCharCode(...occ.map((o) => 48 + o))
  for (const image of images) {
    const mapped = new Uint8Array(occ.length)
    for (let c = 0; c < occ.length; c++) mapped[image[c]!] = occ[c]!
    const k = String.fromCharCode(...mapped.map((o) => 48 + o))
    if (k < best) best = k
  }
  return best
}
