/**
 * The board of a game of 2 to 6 players as a scene (scene.ts's shapes, so draw.ts draws it as it
 * draws transfers), each board the way players know it: the stars as six-pointed stars of holes on
 * the hexagonal lattice (axial (q, r) drawn at (q + r/2, r·√3/2), lines along the three directions),
 * the cross as a plus of holes joined along rows and columns, the piecepack board as 8x8 squares
 * (its tiles of 2x2 outlined). Every camp that plays is tinted in the colour of the army that starts
 * there; each army's target camp is ringed in its colour, dashed in its pattern; each man carries
 * his army's letter, so colour is never the only cue (or, with the cell names on, his cell's name).
 */
import type { PlayersGame, Occupancy } from '../../../shared/players/game'
import { cellNames } from '../../../shared/players/line'
import type { Circle, Hole, Label, Man, Scene, Square, TargetRing } from '../../board/scene'
import { playerColour, playerDash, playerLetters, playerTint } from './palette'
import { cellPoint } from './play'

export interface PlayersSceneInput {
  readonly game: PlayersGame
  readonly position: Occupancy
  /** The man chosen to move and where he can go. */
  readonly selected?: number
  readonly destinations?: readonly number[]
  /** The last move's cells and who made it. */
  readonly path?: { readonly cells: readonly number[]; readonly player: number }
  /** Every cell's name written beside it. */
  readonly names: boolean
}

/** Height over width of a board's picture. */
export function playersAspect(g: PlayersGame): number {
  const e = extent(g)
  return (e.maxY - e.minY + 1.2) / (e.maxX - e.minX + 1.2)
}

function extent(g: PlayersGame): { minX: number; maxX: number; minY: number; maxY: number } {
  const pts = g.board.cells.map((_, c) => cellPoint(g, c))
  return {
    minX: Math.min(...pts.map((p) => p.x)),
    maxX: Math.max(...pts.map((p) => p.x)),
    minY: Math.min(...pts.map((p) => p.y)),
    maxY: Math.max(...pts.map((p) => p.y)),
  }
}

/** Pixel positions of the cells in a width x height box, and one pitch in pixels. */
export function playersGeometry(
  g: PlayersGame,
  width: number,
  height: number,
): { scale: number; px: (c: number) => { x: number; y: number } } {
  const e = extent(g)
  const margin = 6
  const scale = Math.max(1, Math.min((width - 2 * margin) / (e.maxX - e.minX + 1.2), (height - 2 * margin) / (e.maxY - e.minY + 1.2)))
  const ox = (width - scale * (e.maxX - e.minX)) / 2 - scale * e.minX
  const oy = (height - scale * (e.maxY - e.minY)) / 2 - scale * e.minY
  return {
    scale,
    px: (c) => {
      const p = cellPoint(g, c)
      return { x: ox + scale * p.x, y: oy + scale * p.y }
    },
  }
}

/** A game's scene: its squares, tiles, target rings and labels always there (empty where the board has none). */
export type PlayersScene = Scene & Required<Pick<Scene, 'squares' | 'tileLines' | 'rings' | 'cellLabels'>>

export function buildPlayersScene(input: PlayersSceneInput, width: number, height: number): PlayersScene {
  const g = input.game
  const b = g.board
  const { scale: s, px } = playersGeometry(g, width, height)
  const square = b.lattice === 'square'
  const tiles = b.directions.length === 8
  const name = (c: number): string => cellNames(g)[c]!
  const points: Circle[] = b.cells.map((_, c) => ({ cell: c, name: name(c), ...px(c), r: s * 0.3 }))

  // Which army starts on each cell, and whose target it is.
  const campOf = new Int8Array(b.cells.length).fill(-1)
  const targetOf = new Int8Array(b.cells.length).fill(-1)
  g.players.forEach((p, k) => {
    for (const c of b.camp(p.camp, g.men)) campOf[c] = k
    for (const c of b.camp(p.target, g.men)) targetOf[c] = k
  })
  // A target camp no army starts on (3 players on the star) is tinted for the army aiming at it.
  const tint = (c: number): string | null =>
    campOf[c]! >= 0 ? playerTint(campOf[c]!) : targetOf[c]! >= 0 ? playerTint(targetOf[c]!) : null

  // Lattice lines: each direction once (the positive half); the piecepack board's squares need none.
  const edges: number[] = []
  if (!tiles)
    b.cells.forEach(([x, y], c) => {
      for (const [dx, dy] of b.directions) {
        if (dx < 0 || (dx === 0 && dy < 0)) continue
        const n = b.indexOf(x + dx, y + dy)
        if (n === undefined) continue
        const p = px(c)
        const q = px(n)
        edges.push(p.x, p.y, q.x, q.y)
      }
    })

  const squares: Square[] = []
  const tileLines: number[] = []
  if (tiles) {
    for (const p of points) {
      const [x, y] = b.cells[p.cell]!
      squares.push({
        cell: p.cell,
        x: p.x - s / 2,
        y: p.y - s / 2,
        size: s,
        fill: tint(p.cell) ?? ((x + y) % 2 === 0 ? '#f4eddc' : '#e8dec7'),
      })
    }
    // Tiles of 2x2 squares (the 8x8 board's 16, the two-player board's 10): each tile's outline, from
    // its top left square.
    for (const p of points) {
      const [x, y] = b.cells[p.cell]!
      if (x % 2 !== 0 || y % 2 !== 0) continue
      const [x0, y0] = [p.x - s / 2, p.y - s / 2]
      const [x1, y1] = [x0 + 2 * s, y0 + 2 * s]
      tileLines.push(x0, y0, x1, y0, x1, y0, x1, y1, x1, y1, x0, y1, x0, y1, x0, y0)
    }
  }

  const holes: Hole[] = square && tiles ? [] : points.map((p) => ({ ...p, target: -1, off: false }))
  const shades = square && tiles ? [] : points.flatMap((p) => (tint(p.cell) ? [{ ...p, r: s * 0.42, fill: tint(p.cell)! }] : []))
  const rings: TargetRing[] = []
  for (const p of points) {
    const k = targetOf[p.cell]!
    if (k >= 0) rings.push({ ...p, r: s * (tiles ? 0.44 : 0.47), colour: playerColour(k), dash: playerDash(k, Math.max(1.5, s * 0.05)) })
  }

  const letters = playerLetters(g)
  const men: Man[] = []
  const cellLabels: Label[] = []
  input.position.forEach((a, c) => {
    if (a < 0) return
    const p = points[c]!
    men.push({
      cell: c,
      name: p.name,
      x: p.x,
      y: p.y,
      r: s * 0.36,
      army: a,
      fill: playerColour(a),
      sym: false,
      selected: input.selected === c,
      home: targetOf[c] === a ? 0 : -1,
    })
    if (!input.names) cellLabels.push({ x: p.x, y: p.y, text: letters[a]!, size: Math.max(8, s * 0.34), colour: '#ffffff' })
  })
  // Cell names are written on the cells, over the men (in place of their letters), white on a man
  // and dark on an empty cell (issue 27, defect 15: they were written under the holes, hidden by the men).
  if (input.names)
    for (const p of points)
      cellLabels.push({ x: p.x, y: p.y, text: p.name, size: Math.max(7, Math.min(14, s * 0.26)), colour: input.position[p.cell]! >= 0 ? '#ffffff' : '#3a3326' })
  const coordinates: Label[] = []

  let path: Scene['path']
  if (input.path && input.path.cells.length > 1)
    path = {
      points: input.path.cells.flatMap((c) => [points[c]!.x, points[c]!.y]),
      colour: playerColour(input.path.player),
    }

  return {
    width,
    height,
    scale: s,
    cells: points,
    edges,
    holes,
    men,
    coordinates,
    ...(path && { path }),
    destinations: (input.destinations ?? []).map((c) => ({ ...points[c]!, r: s * 0.16 })),
    shades,
    cellLabels,
    squares,
    tileLines,
    rings,
  }
}
