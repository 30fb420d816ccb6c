/**
 * Where small labels go beside a man without covering what is drawn on cells: the rung keys of the
 * ladder overlay sit in the gaps of the lattice (the middle of a triangle or a square of cells),
 * never on a cell, where the type labels and the men are (issue 16, defect 15).
 */

export interface Point {
  readonly x: number
  readonly y: number
}

/** A box by its corners. */
export interface Box {
  readonly x1: number
  readonly y1: number
  readonly x2: number
  readonly y2: number
}

/** Directions tried around a man, clockwise from straight up. */
const TRIES = 24

const boxAt = (p: Point, hw: number, hh: number): Box => ({ x1: p.x - hw, y1: p.y - hh, x2: p.x + hw, y2: p.y + hh })
const boxGap = (a: Box, b: Box): number => Math.hypot(Math.max(b.x1 - a.x2, 0, a.x1 - b.x2), Math.max(b.y1 - a.y2, 0, a.y1 - b.y2))

/**
 * The centre of a label of half-width hw and half-height hh beside `at`, at one of `radii`, whose
 * box is as far as possible from the boxes on the cells (half-size `cell`: what a cell's type
 * label takes) and from the boxes already taken; the first best (inner radius, from straight up,
 * clockwise) wins a tie, so the picture is stable.
 */
export function placeBeside(
  at: Point,
  radii: readonly number[],
  hw: number,
  hh: number,
  cell: { readonly hw: number; readonly hh: number },
  cells: readonly Point[],
  taken: readonly Box[],
): Point {
  const reach = Math.max(...radii) + hw + hh + Math.max(...radii)
  const around = cells.filter((c) => Math.abs(c.x - at.x) < reach && Math.abs(c.y - at.y) < reach)
  let best: Point = { x: at.x, y: at.y - radii[0]! }
  let bestScore = -Infinity
  for (const radius of radii) {
    for (let k = 0; k < TRIES; k++) {
      const a = -Math.PI / 2 + (2 * Math.PI * k) / TRIES
      const p = { x: at.x + radius * Math.cos(a), y: at.y + radius * Math.sin(a) }
      const box = boxAt(p, hw, hh)
      let score = Infinity
      for (const c of around) score = Math.min(score, boxGap(boxAt(c, cell.hw, cell.hh), box))
      for (const t of taken) score = Math.min(score, boxGap(box, t))
      if (score > bestScore + 1e-9) {
        best = p
        bestScore = score
      }
    }
  }
  return best
}

/** A label's box, estimated from its text (bold sans: a character is about 0.62 of the size wide). */
export function labelBox(l: { x: number; y: number; text: string; size: number }, pad = 0): Box {
  return boxAt(l, (l.text.length * l.size * 0.62) / 2 + pad, l.size / 2 + pad)
}
