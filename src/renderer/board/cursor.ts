/**
 * The board from the keyboard (issue 16, defect 16): a cursor that the arrow keys move among the
 * cells as they are drawn (on the triangular lattice too, and on every kind's board). Plain logic
 * on the cells' centres, no canvas; each kind says in words what is under the cursor.
 */
import type { Circle } from './scene'

export type Direction = 'up' | 'down' | 'left' | 'right'

export const ARROWS: Readonly<Record<string, Direction>> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' }

const VECTORS: Record<Direction, [number, number]> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }

/**
 * The next cell from `from` in a direction on the screen: the nearest cell within 60 degrees of
 * it, the nearest by how far ahead plus how far aside it is; `from` itself at the edge. Cells in
 * `skip` (off the board being edited) are passed over.
 */
export function cursorStep(
  points: { readonly x: ArrayLike<number>; readonly y: ArrayLike<number> },
  from: number,
  dir: Direction,
  skip?: ReadonlySet<number>,
): number {
  const [dx, dy] = VECTORS[dir]
  let best = from
  let bestScore = Infinity
  for (let c = 0; c < points.x.length; c++) {
    if (c === from || skip?.has(c)) continue
    const vx = points.x[c]! - points.x[from]!
    const vy = points.y[c]! - points.y[from]!
    const along = vx * dx + vy * dy
    const side = Math.abs(vx * dy - vy * dx)
    if (along <= 1e-6 || side > along * Math.sqrt(3) + 1e-6) continue
    // Ties go to the cell straighter ahead.
    const score = along + side + side * 1e-6
    if (score < bestScore - 1e-9) {
      best = c
      bestScore = score
    }
  }
  return best
}

/** The cells' centres indexed by cell (a scene's cells need not be numbered from 0 without gaps). */
export function centres(cells: readonly Circle[]): { x: Float64Array; y: Float64Array } {
  const n = cells.reduce((m, c) => Math.max(m, c.cell + 1), 0)
  const x = new Float64Array(n).fill(Number.NaN)
  const y = new Float64Array(n).fill(Number.NaN)
  for (const c of cells) {
    x[c.cell] = c.x
    y[c.cell] = c.y
  }
  return { x, y }
}
