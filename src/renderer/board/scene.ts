/**
 * What a board shows, as plain shapes in pixels: every kind of document builds one from its
 * position (kinds/<kind>/scene.ts), without a canvas; tests read it; paint.ts says how it looks, and
 * the live board (konva.ts) and the export (svg.ts, export.ts) draw it. The parts a kind does not
 * have are left out (a solitaire army has no ladders; a game of N players no types).
 */

export interface Circle {
  readonly cell: number
  readonly name: string
  readonly x: number
  readonly y: number
  readonly r: number
}
export interface Hole extends Circle {
  /** Index of the army whose target this is, or -1. */
  readonly target: number
  readonly off: boolean
}
export interface Man extends Circle {
  readonly army: number
  readonly fill: string
  /** Counts toward sym(A) (the mirror overlay of a transfer). */
  readonly sym: boolean
  /** Ladder rung: the keys of the ladders he is a rung of, as the legend names them ("A", "AC"). */
  readonly rung?: string
  readonly selected: boolean
  /** His army's index if he stands on a cell of his army's target (drawn as a ring over him), or -1. */
  readonly home: number
}
export interface Label {
  readonly x: number
  readonly y: number
  readonly text: string
  readonly size: number
  readonly colour: string
}
export interface Polyline {
  readonly points: readonly number[]
  readonly colour: string
}
/** A hop of a ladder's lane, drawn in the colour and dash of the type it carries. */
export interface LaneHop extends Polyline {
  readonly type: number
  /** The key of the ladder it belongs to. */
  readonly ladder: string
}
/** A square of a board drawn as squares (the piecepack board). */
export interface Square {
  readonly cell: number
  readonly x: number
  readonly y: number
  readonly size: number
  readonly fill: string
}
/** A ring around a cell of an army's target camp, in the army's colour and dash. */
export interface TargetRing extends Circle {
  readonly colour: string
  readonly dash: readonly number[]
}
/** An arrow over the board (the overlay slot: a principal variation's moves, a best move): points x1, y1, x2, y2, .... */
export interface SceneArrow extends Polyline {
  readonly width: number
  /** A short text at the arrow's head ("+1.2", "1"). */
  readonly label?: string
}
/** A mark on a cell (the overlay slot: a move's value "W7", "D", "L12"), on a badge of its colours. */
export interface CellMark {
  readonly x: number
  readonly y: number
  readonly text: string
  readonly colour: string
  readonly fill: string
}

export interface Scene {
  readonly width: number
  readonly height: number
  /** One cell pitch in pixels. */
  readonly scale: number
  /** The cells a click or the keyboard's cursor reaches, with their names (the holes; a square board's squares). */
  readonly cells: readonly Circle[]
  /** Lattice lines between neighbouring cells: x1, y1, x2, y2, ... */
  readonly edges: readonly number[]
  readonly holes: readonly Hole[]
  readonly men: readonly Man[]
  readonly coordinates: readonly Label[]
  readonly destinations: readonly Circle[]
  readonly mirror?: Polyline
  /** The last move's path; `onLadders` (a transfer's ladder overlay is on): drawn dark with a light casing, apart from the lanes. */
  readonly path?: Polyline & { readonly onLadders?: boolean }
  readonly cursor?: Circle
  /** Type labels 0-3 on the cells (a transfer's types overlay). */
  readonly typeLabels?: readonly Label[]
  readonly lanes?: readonly LaneHop[]
  readonly rungLabels?: readonly Label[]
  /** Holes filled with a colour of their own (the pagoda overlay by weight; the camps' tints). */
  readonly shades?: readonly (Circle & { readonly fill: string })[]
  /** Men just captured, drawn faint over their holes (the stepper fades them out). */
  readonly ghosts?: readonly Man[]
  /** Text on cells over the men (the pagoda's exponents, the armies' letters). */
  readonly cellLabels?: readonly Label[]
  readonly squares?: readonly Square[]
  /** Tile outlines (the piecepack board): x1, y1, x2, y2, ... */
  readonly tileLines?: readonly number[]
  readonly rings?: readonly TargetRing[]
  readonly arrows?: readonly SceneArrow[]
  readonly marks?: readonly CellMark[]
  /** The box a picture of the scene shows (a solitaire army's window with its margins); else what it draws, padded. */
  readonly frame?: { readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number }
}

/** The cell under a pixel: the nearest of the scene's cells within half a pitch of its centre, or -1. */
export function cellAt(scene: Scene, x: number, y: number): number {
  let best = -1
  let bestD = (scene.scale * 0.5) ** 2
  for (const c of scene.cells) {
    const d = (c.x - x) ** 2 + (c.y - y) ** 2
    if (d < bestD) {
      bestD = d
      best = c.cell
    }
  }
  return best
}

/** Cell centres by name, to a tenth of a pixel, with the cell's number (the board element publishes them for tests and tools). */
export function cellPoints(scene: Scene): Record<string, [number, number, number]> {
  return Object.fromEntries(scene.cells.map((c) => [c.name, [Math.round(c.x * 10) / 10, Math.round(c.y * 10) / 10, c.cell]]))
}

/** A row of the key printed under an exported diagram: what the legend says. */
export interface KeyRow {
  /** The ladder's key (A, B, ...), or '' for the last move's row. */
  readonly key: string
  readonly text: string
  /** The carried types, each drawn as a swatch before the text. */
  readonly types: readonly number[]
  /** The last move's arrow. */
  readonly path: boolean
}

/** The height of a picture's key of `rows` rows under a diagram `size` pixels wide. */
export function keyHeight(rows: number, size: number): number {
  return rows === 0 ? 0 : Math.round(rows * keyLine(size) + keyLine(size) * 0.6)
}
/** The height of one row of a picture's key. */
export const keyLine = (size: number): number => Math.max(16, Math.min(24, size / 24))

/** A piece of a caption's text: the move is italic when it is a step, as the paper prints steps. */
export interface CaptionPart {
  readonly text: string
  readonly italic: boolean
}

/** The line under a diagram of a figure sheet, centred on (x, y). */
export interface Caption {
  readonly x: number
  readonly y: number
  readonly size: number
  readonly colour: string
  readonly parts: readonly CaptionPart[]
}

/** A diagram's caption: "start", or the move number and the move, in italics if it is a step. */
export function moveCaption(ply: number, move: { readonly text: string; readonly style?: 'step' | 'jump' } | undefined): CaptionPart[] {
  if (ply === 0 || !move) return [{ text: 'start', italic: false }]
  return [
    { text: `${ply}. `, italic: false },
    { text: move.text, italic: move.style === 'step' },
  ]
}
