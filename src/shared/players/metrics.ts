/**
 * Measures of a game of 2 to 6 players, per player: c(A) of her men and her men home (on her target
 * camp), as the charts and `halma analyze` show them.
 *
 * c(A) generalises the paper's diagonal centroid (section 2.3: c(a) = x - y, the coordinate along
 * the diagonal from an army's corner to its target): each man counts his coordinate along the line
 * of the board nearest to the one from the centre of his player's camp to the centre of her target
 * camp (on the presets: that line itself, or the cross's axis), measured from the board's
 * centre, in units of the shortest step's projection on that line (on the star a row, on the square
 * board with diagonal moves half a diagonal, as x - y counts). A player's c(A) rises from negative
 * at her camp to positive at her target; a step changes it by at most the step's projection.
 */
import type { Occupancy, PlayersGame } from './game'

/** Drawing coordinates of a cell: the hexagonal lattice as players see it (x = q + r/2, y = r·√3/2), the square board as it is. */
export function cellPoint(g: PlayersGame, cell: number): { x: number; y: number } {
  const [x, y] = g.board.cells[cell]!
  return g.board.lattice === 'hexagonal' ? { x: x + y / 2, y: (y * Math.sqrt(3)) / 2 } : { x, y }
}

/** Per player: the weight of each cell in c(A) (see the module's note), its coordinate along her line. */
export function centroidWeights(g: PlayersGame): number[][] {
  const n = g.board.cells.length
  const pts = Array.from({ length: n }, (_, c) => cellPoint(g, c))
  const mid = (cells: readonly number[]): { x: number; y: number } => ({
    x: cells.reduce((s, c) => s + pts[c]!.x, 0) / cells.length,
    y: cells.reduce((s, c) => s + pts[c]!.y, 0) / cells.length,
  })
  const centre = mid(pts.map((_, c) => c))
  // Steps' drawn vectors: a direction's vector from any cell that has that neighbour.
  const stepVectors = g.board.directions.map(([dx, dy]) => {
    const [x, y] = g.board.cells[0]!
    const k = g.board.indexOf(x + dx, y + dy)
    return k === undefined ? cellPointOf(g, dx, dy) : { x: pts[k]!.x - pts[0]!.x, y: pts[k]!.y - pts[0]!.y }
  })
  return g.players.map((p) => {
    const a = mid(g.board.camp(p.camp, g.men))
    const b = mid(g.board.camp(p.target, g.men))
    // The line: of the lattice's steps and two-step sums (the star's points lie between its lines, along
    // a sum), the one nearest to camp-to-target (the cross's pinwheel camps lie a little off the axis).
    const len = Math.hypot(b.x - a.x, b.y - a.y)
    const along = (v: { x: number; y: number }): number => (v.x * (b.x - a.x) + v.y * (b.y - a.y)) / (len * Math.hypot(v.x, v.y))
    const lines = stepVectors
      .flatMap((v) => stepVectors.map((w) => ({ x: v.x + w.x, y: v.y + w.y })))
      .filter((v) => Math.hypot(v.x, v.y) > 1e-9)
    const d = lines.reduce((best, v) => (along(v) > along(best) ? v : best))
    const u = { x: d.x / Math.hypot(d.x, d.y), y: d.y / Math.hypot(d.x, d.y) }
    const unit = Math.min(...stepVectors.map((v) => Math.abs(v.x * u.x + v.y * u.y)).filter((d) => d > 1e-9))
    return pts.map((q) => round(((q.x - centre.x) * u.x + (q.y - centre.y) * u.y) / unit))
  })
}

/** A direction's drawn vector from the lattice alone (a board too small to hold it from cell 0). */
function cellPointOf(g: PlayersGame, dx: number, dy: number): { x: number; y: number } {
  return g.board.lattice === 'hexagonal' ? { x: dx + dy / 2, y: (dy * Math.sqrt(3)) / 2 } : { x: dx, y: dy }
}

const round = (v: number): number => Math.round(v * 1000) / 1000

/** The measures after one ply: per player, c(A) of her men and her men on her target camp. */
export interface PlayerPoint {
  readonly ply: number
  readonly centroid: readonly number[]
  readonly home: readonly number[]
}

/** c(A) and men home per player after every ply of a replayed line. */
export function playerSeries(g: PlayersGame, positions: readonly Occupancy[]): PlayerPoint[] {
  const weights = centroidWeights(g)
  const targets = g.players.map((p) => new Set(g.board.camp(p.target, g.men)))
  return positions.map((occ, ply) => {
    const centroid = g.players.map(() => 0)
    const home = g.players.map(() => 0)
    occ.forEach((a, c) => {
      if (a < 0) return
      centroid[a] = round(centroid[a]! + weights[a]![c]!)
      if (targets[a]!.has(c)) home[a]!++
    })
    return { ply, centroid, home }
  })
}
