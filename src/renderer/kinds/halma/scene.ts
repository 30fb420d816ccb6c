/**
 * What the board shows, as plain shapes in pixels: built from the problem, the position and the
 * overlay switches, without a canvas (tests read it; paint.ts says how it looks; the PNG export and
 * the figure sheet draw the same scenes). The renderer computes nothing else.
 */
import { nameOf, type Board } from '../../../shared/halma/board'
import { cellName } from '../../../shared/cell'
import type { LadderMap } from '../../../shared/halma/ladders'
import { cellType } from '../../../shared/halma/metrics'
import type { Position } from '../../../shared/halma/position'
import type { Rules } from '../../../shared/halma/rules'
import { topology } from '../../../shared/halma/topology'
import { ARMY_COLOURS, PATH_ON_LADDERS, TYPE_COLOURS } from '../../board/palette'
import { labelBox, placeBeside, type Box } from '../../board/place'
import type { Circle, Hole, KeyRow, Label, LaneHop, Man, Polyline, Scene } from '../../board/scene'
import { fitLayout, gridPoint, layoutBoard, type Lattice, type Layout } from './layout'

export interface Overlays {
  /** Column letters and row numbers along the edges. */
  readonly coordinates: boolean
  /** Type labels 0-3 on the cells (section 2.1). */
  readonly types: boolean
  /** The ladders of the position (section 2.2). */
  readonly ladders: boolean
  /** The mirror line x = y and the men counting toward sym(A). */
  readonly mirror: boolean
}

export const NO_OVERLAYS: Overlays = { coordinates: true, types: false, ladders: false, mirror: false }

export interface SceneInput {
  readonly board: Board
  readonly rules: Rules
  readonly lattice: Lattice
  readonly position: Position
  /** Target cells per army (a transfer has one; a game's are the opposing bases). */
  readonly targets: readonly (readonly number[])[]
  /** Grid cells drawn dimmed: not part of the board being edited. */
  readonly offCells?: ReadonlySet<number>
  /** The current move's path and who made it. */
  readonly path?: { readonly cells: readonly number[]; readonly army: number }
  readonly selected?: number
  readonly destinations?: readonly number[]
  readonly overlays: Overlays
  readonly ladders?: LadderMap
  /** The one ladder to show (an index into ladders.ladders); the others are left out. */
  readonly ladderFocus?: number
  /** The keyboard's cursor (a cell), drawn as a ring while the board has the focus. */
  readonly cursor?: number
  /** Men whose mirror cell holds a man of their army (they count toward sym(A)). */
  readonly symMen?: readonly number[]
  /** Mirror line x = y in grid coordinates (i1, j1, i2, j2), if the board has that mirror. */
  readonly mirrorLine?: readonly [number, number, number, number]
}

const cache = new WeakMap<Board, Map<string, Layout>>()

function layoutOf(board: Board, lattice: Lattice, rules: Rules): Layout {
  let m = cache.get(board)
  if (!m) cache.set(board, (m = new Map()))
  const key = `${lattice}/${rules.diagonal}`
  let l = m.get(key)
  if (!l) m.set(key, (l = layoutBoard(board, lattice, rules.diagonal)))
  return l
}

/** The lattice a problem is drawn on: triangular for 6-move rules and the star board. */
export function latticeFor(board: Board, rules: Rules, squareAnyway = false): Lattice {
  if (squareAnyway) return 'square'
  return rules.moves === '6-move' || board.lattice === 'triangular' ? 'triangular' : 'square'
}

/** Pixel geometry of a board in a box: what a click hit and where a cell is. */
export interface Geometry {
  readonly layout: Layout
  readonly scale: number
  readonly ox: number
  readonly oy: number
}

export function geometry(board: Board, rules: Rules, lattice: Lattice, width: number, height: number, coordinates = true): Geometry {
  const layout = layoutOf(board, lattice, rules)
  const margin = coordinates ? Math.max(18, Math.min(width, height) * 0.06) : 8
  const { scale, ox, oy } = fitLayout(layout, width, height, margin)
  return { layout, scale, ox, oy }
}

export function cellPoint(g: Geometry, cell: number): { x: number; y: number } {
  return { x: g.ox + g.scale * g.layout.x[cell]!, y: g.oy + g.scale * g.layout.y[cell]! }
}

function gridPixel(g: Geometry, i: number, j: number): { x: number; y: number } {
  const p = gridPoint(g.layout, i, j)
  return { x: g.ox + g.scale * p.x, y: g.oy + g.scale * p.y }
}

/** A problem's scene: with its type labels, lanes and rung labels always there (empty when their overlay is off). */
export type HalmaScene = Scene & Required<Pick<Scene, 'typeLabels' | 'lanes' | 'rungLabels'>>

export function buildScene(input: SceneInput, width: number, height: number): HalmaScene {
  const { board, rules, position, overlays } = input
  const g = geometry(board, rules, input.lattice, width, height, overlays.coordinates)
  const s = g.scale
  const px = (c: number): { x: number; y: number } => cellPoint(g, c)

  // Lattice lines: the neighbours the picture is about (4 on the square grid, 6 on the lattice).
  const edges: number[] = []
  const lineRules = { ...rules, moves: input.lattice === 'triangular' ? ('6-move' as const) : ('4-move' as const), longJumps: false }
  const topo = topology(board, lineRules)
  for (let c = 0; c < board.size; c++) {
    for (let d = 0; d < topo.degree; d++) {
      const n = topo.neighbor[c * topo.degree + d]!
      if (n > c && !input.offCells?.has(c) && !input.offCells?.has(n)) {
        const a = px(c)
        const b = px(n)
        edges.push(a.x, a.y, b.x, b.y)
      }
    }
  }

  const targetOf = new Map<number, number>()
  input.targets.forEach((cells, a) => cells.forEach((c) => targetOf.has(c) || targetOf.set(c, a)))
  const holes: Hole[] = []
  const typeLabels: Label[] = []
  const typeSize = Math.max(8, s * 0.3)
  for (let c = 0; c < board.size; c++) {
    const p = px(c)
    const name = nameOf(board, c)
    holes.push({ cell: c, name, x: p.x, y: p.y, r: s * 0.3, target: targetOf.get(c) ?? -1, off: input.offCells?.has(c) ?? false })
    if (overlays.types) {
      typeLabels.push({
        x: p.x,
        y: p.y,
        text: String(cellType(board, c)),
        size: typeSize,
        colour: position.at(c) !== 0 ? '#ffffff' : '#7b7262',
      })
    }
  }

  const symSet = new Set(overlays.mirror ? (input.symMen ?? []) : [])
  // The ladders drawn: all of them, or the one the user isolated.
  const focus = input.ladderFocus ?? -1
  const shownLadders = overlays.ladders && input.ladders ? input.ladders.ladders.filter((_, k) => focus < 0 || k === focus) : []
  const rungKeys = new Map<number, string[]>()
  for (const l of shownLadders) for (const c of l.rungs) (rungKeys.get(c) ?? rungKeys.set(c, []).get(c)!).push(l.key)
  const men: Man[] = []
  for (let c = 0; c < board.size; c++) {
    const o = position.at(c)
    if (o === 0) continue
    const p = px(c)
    const rung = rungKeys.get(c)
    men.push({
      cell: c,
      name: nameOf(board, c),
      x: p.x,
      y: p.y,
      r: s * 0.4,
      army: o - 1,
      fill: ARMY_COLOURS[o - 1] ?? '#555555',
      sym: symSet.has(c),
      ...(rung && { rung: rung.join('') }),
      selected: input.selected === c,
      // Home: on a cell of his own army's target (in a game, the other army's target cells are its start).
      home: targetOf.get(c) === o - 1 ? o - 1 : -1,
    })
  }

  // Coordinates: a column's letter one step before its first cell, a row's number one step before its first cell.
  const coordinates: Label[] = []
  if (overlays.coordinates) {
    const size = Math.max(9, Math.min(18, s * 0.36))
    const firstInColumn = new Map<number, number>()
    const firstInRow = new Map<number, number>()
    for (let c = 0; c < board.size; c++) {
      const i = board.col[c]!
      const j = board.row[c]!
      if (!firstInColumn.has(i) || board.row[firstInColumn.get(i)!]! > j) firstInColumn.set(i, c)
      if (!firstInRow.has(j) || board.col[firstInRow.get(j)!]! > i) firstInRow.set(j, c)
    }
    const step = input.lattice === 'triangular' ? 0.85 : 0.8
    const candidates: Label[] = []
    for (const [i, c] of firstInColumn) {
      const p = gridPixel(g, i, board.row[c]! - step)
      candidates.push({ x: p.x, y: p.y, text: cellName(i, 1)[0]!, size, colour: '#6b6457' })
    }
    for (const [j, c] of firstInRow) {
      const p = gridPixel(g, board.col[c]! - step, j)
      candidates.push({ x: p.x, y: p.y, text: String(j), size, colour: '#6b6457' })
    }
    // On masked boards (the star's inner corners) a label may land on a cell or on another label: leave it out.
    const near = (a: { x: number; y: number }, b: { x: number; y: number }, d: number): boolean =>
      (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < d * d
    for (const l of candidates) {
      if (holes.some((h) => !h.off && near(h, l, s * 0.55))) continue
      if (coordinates.some((k) => near(k, l, s * 0.7))) continue
      coordinates.push(l)
    }
  }

  const lanes: LaneHop[] = []
  const rungLabels: Label[] = []
  for (const ladder of shownLadders) {
    for (const lane of ladder.lanes) {
      for (const h of lane.hops) {
        const a = px(h.from)
        const b = px(h.to)
        lanes.push({ points: [a.x, a.y, b.x, b.y], colour: TYPE_COLOURS[lane.type]!, type: lane.type, ladder: ladder.key })
      }
    }
  }
  // A rung man's keys sit in a gap of the lattice beside him, clear of the cells and their type labels.
  const centres = holes.filter((h) => !h.off)
  const taken: Box[] = []
  const typeHalf = labelBox({ x: 0, y: 0, text: '0', size: typeSize })
  const typeBox = { hw: typeHalf.x2, hh: typeHalf.y2 }
  for (const m of men) {
    if (!m.rung) continue
    const size = Math.max(9, s * 0.26)
    const box = labelBox({ x: 0, y: 0, text: m.rung, size }, 2)
    const at = placeBeside(m, [s * 0.58, s * 0.68], box.x2, box.y2, typeBox, centres, taken)
    const label = { ...at, text: m.rung, size, colour: '#1f1a10' }
    taken.push(labelBox(label, 2))
    rungLabels.push(label)
  }

  let mirror: Polyline | undefined
  if (overlays.mirror && input.mirrorLine) {
    const [i1, j1, i2, j2] = input.mirrorLine
    const a = gridPixel(g, i1, j1)
    const b = gridPixel(g, i2, j2)
    mirror = { points: [a.x, a.y, b.x, b.y], colour: '#2f8f46' }
  }

  let path: Scene['path']
  if (input.path && input.path.cells.length > 1) {
    const pts: number[] = []
    for (const c of input.path.cells) {
      const p = px(c)
      pts.push(p.x, p.y)
    }
    // Over the lanes the path is dark and cased, so that it does not read as one more lane (defect 15).
    const onLadders = lanes.length > 0
    path = { points: pts, colour: onLadders ? PATH_ON_LADDERS : (ARMY_COLOURS[input.path.army] ?? '#555555'), onLadders }
  }

  const destinations: Circle[] = (input.destinations ?? []).map((c) => ({ cell: c, name: nameOf(board, c), ...px(c), r: s * 0.16 }))
  const cursor: Circle | undefined =
    input.cursor !== undefined && input.cursor >= 0 && input.cursor < board.size
      ? { cell: input.cursor, name: nameOf(board, input.cursor), ...px(input.cursor), r: s * 0.5 }
      : undefined

  return {
    width,
    height,
    scale: s,
    cells: holes,
    edges,
    holes,
    men,
    coordinates,
    typeLabels,
    lanes,
    rungLabels,
    ...(mirror && { mirror }),
    ...(path && { path }),
    destinations,
    ...(cursor && { cursor }),
  }
}

/** The mirror line x = y of a board in grid coordinates: i + j = (W + H + 2) / 2, clipped to the grid. */
export function mirrorLine(board: Board): [number, number, number, number] {
  const sum = (board.width + board.height + 2) / 2
  const lo = Math.max(0.5, sum - board.height - 0.5)
  const hi = Math.min(board.width + 0.5, sum - 0.5)
  return [lo, sum - lo, hi, sum - hi]
}

/** The key of a picture with ladders (the ladders drawn, and the last move if there is one). */
export function ladderKeyRows(input: SceneInput): KeyRow[] {
  if (!input.overlays.ladders || !input.ladders) return []
  const focus = input.ladderFocus ?? -1
  const rows: KeyRow[] = input.ladders.ladders
    .filter((_, k) => focus < 0 || k === focus)
    .map((l) => ({
      key: l.key,
      text: `${l.name} carries type${l.carries.length > 1 ? 's' : ''} ${l.carries.join(' and ')} (${l.rungs.length} rungs)`,
      types: l.carries,
      path: false,
    }))
  if (rows.length > 0 && input.path && input.path.cells.length > 1) rows.push({ key: '', text: 'last move', types: [], path: true })
  return rows
}
