/**
 * The board of a solitaire army as a scene (board/scene.ts's shapes, so the board and the export
 * draw it as they draw every kind): the window of the type's board with the target on row 0 at the top
 * and the army's rows below, on the square grid (Conway's, skew, diagonal) or on the triangular
 * lattice (hexagonal, Pablito's: axial cell (x, y) drawn at (x + y/2, y·√3/2), so the six
 * neighbours are all one pitch away and row y is a horizontal line). The pagoda overlay shades
 * each cell by its weight and writes its exponent. On a custom board the window's cells switched
 * off are drawn as dashed empty rings (so they can be switched on again), with no lines and no
 * overlay, and the target is the board's.
 */
import { GEOMETRIES, indexWindow, type ArmyType, type CustomBoard, type Window } from '../../../shared/army/geometry'
import type { PagodaMap } from '../../../shared/army/pagoda'
import { cellLabel, leftColumn } from '../../../shared/army/solution'
import { ARMY_COLOURS } from '../../board/palette'
import type { Hole, Label, Man, Scene } from '../../board/scene'
import { shade, type Cell } from './army'

export interface ArmySceneInput {
  readonly type: ArmyType
  readonly window: Window
  /** Men on the board. */
  readonly men: readonly Cell[]
  /** Men the last move captured (drawn faint). */
  readonly ghosts?: readonly Cell[]
  /** The last move's cells, drawn as an arrow. */
  readonly path?: readonly Cell[]
  /** The pagoda overlay's map, or null (off). */
  readonly pagoda: PagodaMap | null
  readonly coordinates: boolean
  /** A custom board (its cells and target), or the whole window with the target (0, 0). */
  readonly board?: CustomBoard
  /** The man picked to move (a window cell's number) and where he may jump. */
  readonly selected?: number
  readonly destinations?: readonly number[]
  /** The keyboard's cursor (a window cell's number). */
  readonly cursor?: number
}

const ROW = Math.sqrt(3) / 2
const triangular = (type: ArmyType): boolean => type === 'hexagonal' || type === 'pablito'

/** Where cell (x, y) is drawn, in pitches. */
export function armyPoint(type: ArmyType, [x, y]: Cell): { x: number; y: number } {
  return triangular(type) ? { x: x + y / 2, y: y * ROW } : { x, y }
}

/** Lattice lines drawn between neighbours, by type (the diagonal army's diagonals would crowd the picture). */
const LINES: Record<ArmyType, readonly Cell[]> = {
  conway: [
    [1, 0],
    [0, 1],
  ],
  diagonal: [
    [1, 0],
    [0, 1],
  ],
  skew: [
    [1, 1],
    [-1, 1],
  ],
  hexagonal: [
    [1, 0],
    [0, 1],
    [-1, 1],
  ],
  pablito: [
    [1, 0],
    [0, 1],
    [-1, 1],
  ],
}

export interface ArmyGeometryPx {
  readonly cells: readonly Cell[]
  readonly scale: number
  px(c: Cell): { x: number; y: number }
}

/**
 * The row the column letters stand on: above row 0 on the square grid; on the triangular lattice
 * below the last row, which every column of the window crosses (columns slant there).
 */
const letterRow = (type: ArmyType, window: Window): number => (triangular(type) ? window.rows : -1)

/** The extent of a window's picture in pitches (cell centres; the coordinates take one more row and column). */
export function armyExtent(
  type: ArmyType,
  window: Window,
  coordinates: boolean,
): { minX: number; maxX: number; minY: number; maxY: number } {
  const pts = indexWindow(GEOMETRIES[type], window).cells.map((c) => armyPoint(type, c))
  return {
    minX: Math.min(...pts.map((p) => p.x)) - (coordinates ? 1 : 0),
    // The letters under a triangular window's last row stand half a pitch right of its cells.
    maxX: Math.max(...pts.map((p) => p.x)) + (coordinates && triangular(type) ? 0.5 : 0),
    minY: Math.min(...pts.map((p) => p.y)) - (coordinates && !triangular(type) ? 1 : 0),
    maxY: Math.max(...pts.map((p) => p.y)) + (coordinates && triangular(type) ? ROW : 0),
  }
}

/** Height over width of a window's picture (with its margins at `width` pixels). */
export function armyAspect(type: ArmyType, window: Window, coordinates: boolean): number {
  const e = armyExtent(type, window, coordinates)
  return (e.maxY - e.minY + 1) / (e.maxX - e.minX + 1)
}

/** Pixel geometry of a window in a width x height box. */
export function armyGeometry(type: ArmyType, window: Window, width: number, height: number, coordinates: boolean): ArmyGeometryPx {
  const cells = indexWindow(GEOMETRIES[type], window).cells
  const { minX, maxX, minY, maxY } = armyExtent(type, window, coordinates)
  const margin = 8
  const scale = Math.max(1, Math.min((width - 2 * margin) / (maxX - minX + 1), (height - 2 * margin) / (maxY - minY + 1)))
  const ox = (width - scale * (maxX - minX)) / 2 - scale * minX
  const oy = (height - scale * (maxY - minY)) / 2 - scale * minY
  const px = (c: Cell): { x: number; y: number } => {
    const p = armyPoint(type, c)
    return { x: ox + scale * p.x, y: oy + scale * p.y }
  }
  return { cells, scale, px }
}

export function buildArmyScene(input: ArmySceneInput, width: number, height: number): Scene {
  const { type, window } = input
  const g = GEOMETRIES[type]
  const geo = armyGeometry(type, window, width, height, input.coordinates)
  const s = geo.scale
  const key = ([x, y]: Cell): string => `${x},${y}`
  const index = new Map(geo.cells.map((c, i) => [key(c), i]))
  const label = (c: Cell): string => cellLabel(g, window, c)
  const on = input.board && new Set(input.board.cells.map(key))
  const has = (c: Cell): boolean => !on || on.has(key(c))
  const targetKey = key(input.board?.target ?? [0, 0])

  const edges: number[] = []
  for (const c of geo.cells)
    for (const [dx, dy] of LINES[type]) {
      const n: Cell = [c[0] + dx, c[1] + dy]
      if (!index.has(key(n)) || !has(c) || !has(n)) continue
      const a = geo.px(c)
      const b = geo.px(n)
      edges.push(a.x, a.y, b.x, b.y)
    }

  const holes: Hole[] = geo.cells.map((c, i) => {
    const p = geo.px(c)
    return { cell: i, name: label(c), x: p.x, y: p.y, r: s * 0.3, target: key(c) === targetKey ? 0 : -1, off: !has(c) }
  })
  const onCell = new Set(input.men.map(key))
  const man = (c: Cell): Man => {
    const p = geo.px(c)
    const target = key(c) === targetKey
    return {
      cell: index.get(key(c)) ?? -1,
      name: label(c),
      ...p,
      r: s * 0.4,
      army: 0,
      fill: ARMY_COLOURS[0],
      sym: false,
      selected: index.get(key(c)) === input.selected,
      home: target ? 0 : -1,
    }
  }

  const shades: (Hole & { fill: string })[] = []
  const cellLabels: Label[] = []
  if (input.pagoda) {
    const map = input.pagoda
    const exps = geo.cells.map((c) => map.exponent(...c))
    const top = Math.max(0, ...exps.filter((e): e is number => e !== null))
    geo.cells.forEach((c, i) => {
      const e = exps[i]!
      const h = holes[i]!
      if (h.off) return
      if (h.target < 0) shades.push({ ...h, r: s * 0.46, fill: shade(e, top) })
      cellLabels.push({
        x: h.x,
        y: h.y,
        text: e === null ? '∞' : String(e),
        size: Math.max(7, s * 0.34),
        colour: onCell.has(key(c)) ? '#ffffff' : '#3b2f1c',
      })
    })
  }

  const coordinates: Label[] = []
  if (input.coordinates) {
    const size = Math.max(8, Math.min(16, s * 0.36))
    const left = leftColumn(g, window)
    const [, right] = g.columns(0, window.width)
    for (let x = left; x <= right; x++) {
      const p = geo.px([x, letterRow(type, window)])
      coordinates.push({ x: p.x, y: p.y, text: label([x, 0]).replace(/\d+$/, ''), size, colour: '#6b6457' })
    }
    for (let y = 0; y < window.rows; y++) {
      const [lo] = g.columns(y, window.width)
      const first = g.onBoard(lo, y) ? lo : lo + 1
      const p = geo.px([first - 1, y])
      coordinates.push({ x: p.x, y: p.y, text: String(y), size, colour: y === 0 ? '#a07d10' : '#6b6457' })
    }
  }

  let path: Scene['path']
  if (input.path && input.path.length > 1)
    path = {
      points: input.path.flatMap((c) => {
        const p = geo.px(c)
        return [p.x, p.y]
      }),
      colour: ARMY_COLOURS[0],
    }

  return {
    width,
    height,
    scale: s,
    edges,
    holes,
    cells: holes,
    men: input.men.map(man),
    coordinates,
    ...(path && { path }),
    destinations: (input.destinations ?? []).map((c) => ({ ...holes[c]!, r: s * 0.16 })),
    ...(input.cursor !== undefined && holes[input.cursor] && { cursor: { ...holes[input.cursor]!, r: s * 0.5 } }),
    shades,
    ghosts: (input.ghosts ?? []).map(man),
    cellLabels,
  }
}
