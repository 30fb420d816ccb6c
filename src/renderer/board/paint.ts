/**
 * How a scene (scene.ts) looks, said once: a list of plain shapes (circles, lines, arrows, boxes,
 * text) in pixels, with their colours, widths and dashes. The live board hands the list to Konva
 * (konva.ts) and the export writes it as SVG (svg.ts), so the board and its pictures cannot drift
 * apart, and each backend is a few lines per shape. The board's layer (holes, lattice, camps,
 * coordinates) and the position's (men, overlays, the move, the cursor) are painted apart: the
 * live board redraws the first only when the board changes.
 */
import { PATH_ON_LADDERS, TYPE_COLOURS, typeDash } from './palette'
import { keyLine, type Caption, type KeyRow, type Label, type Man, type Scene } from './scene'

/** What every shape may carry: a class (SVG; tests read it), a name the live board looks up (`ghost`), data for tools. */
interface Common {
  readonly cls?: string
  readonly name?: string
  readonly opacity?: number
  readonly data?: string
}
export type Shape = Common &
  (
    | {
        readonly t: 'circle'
        readonly x: number
        readonly y: number
        readonly r: number
        readonly fill?: string
        readonly stroke?: string
        readonly width?: number
        readonly dash?: readonly number[]
        /** A soft shadow under a man (the live board and PNGs; SVG leaves it out). */
        readonly shadow?: boolean
      }
    | {
        readonly t: 'line'
        /** x1, y1, x2, y2, ...: one polyline, or with `segments` separate segments of four numbers each. */
        readonly points: readonly number[]
        readonly segments?: boolean
        readonly stroke: string
        readonly width: number
        readonly dash?: readonly number[]
        readonly cap?: 'butt' | 'round'
      }
    | { readonly t: 'arrow'; readonly points: readonly number[]; readonly colour: string; readonly width: number; readonly head: number }
    | {
        readonly t: 'rect'
        readonly x: number
        readonly y: number
        readonly w: number
        readonly h: number
        readonly fill?: string
        readonly stroke?: string
        readonly width?: number
        readonly radius?: number
      }
    | {
        readonly t: 'text'
        readonly x: number
        readonly y: number
        /** Parts set side by side (a caption's move in italics); one part for plain text. */
        readonly parts: readonly { readonly text: string; readonly italic?: boolean }[]
        readonly size: number
        readonly fill: string
        readonly bold?: boolean
        /** Where x is: the text's middle (the default) or its start. */
        readonly anchor?: 'middle' | 'start'
        /** A dark edge round light text (labels on men stay readable over lanes). */
        readonly edge?: { readonly colour: string; readonly width: number }
      }
  )

const HOLE_FILL = '#efe7d6'
export const HOLE_STROKE = '#b7ad98'
export const TARGET_STROKE = '#c9a227'
const TARGET_FILL = ['#f6e7b5', '#f7d9d2']
/** How faint a captured man ends (the live board fades him to this). */
export const GHOST_OPACITY = 0.18
/** The selected man's ring and the dots of his destinations: dark, apart from every army's colour and from the targets' gold. */
export const PICK_COLOUR = '#111111'

/** A label's width as estimated for a sans font (about 0.62 of the size a character), as place.ts estimates it. */
export const textWidth = (text: string, size: number): number => text.length * size * 0.62

export function labelShape(l: Label, bold = false): Shape {
  // White labels (types and letters on men) keep a dark edge, so that a lane drawn under them does not hide them.
  const edge = l.colour === '#ffffff' ? { colour: '#1c1c1c', width: Math.max(1, l.size * 0.14) } : undefined
  return { t: 'text', x: l.x, y: l.y, parts: [{ text: l.text }], size: l.size, fill: l.colour, bold, ...(edge && { edge }) }
}

/** The board: background squares and tiles, lattice lines, holes (targets marked), shades, target rings, coordinates. */
export function paintBoard(scene: Scene): Shape[] {
  const s = scene.scale
  const out: Shape[] = []
  for (const q of scene.squares ?? [])
    out.push({ t: 'rect', x: q.x, y: q.y, w: q.size, h: q.size, fill: q.fill, stroke: '#c9bea6', width: 1, cls: 'square' })
  if (scene.edges.length > 0)
    out.push({ t: 'line', points: scene.edges, segments: true, stroke: '#d3c9b4', width: Math.max(1, s * 0.04), cls: 'lattice' })
  if ((scene.tileLines ?? []).length > 0)
    out.push({ t: 'line', points: scene.tileLines!, segments: true, stroke: '#6f624a', width: Math.max(1.5, s * 0.05), cls: 'tiles' })
  for (const h of scene.holes) {
    const target = h.target >= 0
    out.push({
      t: 'circle',
      x: h.x,
      y: h.y,
      r: target ? h.r * 1.15 : h.r,
      fill: h.off ? '#ffffff' : target ? TARGET_FILL[h.target % 2] : HOLE_FILL,
      stroke: h.off ? '#e2ddd2' : target ? TARGET_STROKE : HOLE_STROKE,
      width: target ? Math.max(1.5, s * 0.06) : 1,
      ...(h.off && { dash: [3, 3] }),
      cls: target ? 'hole target' : 'hole',
    })
  }
  for (const h of scene.shades ?? []) out.push({ t: 'circle', x: h.x, y: h.y, r: h.r, fill: h.fill, stroke: HOLE_STROKE, width: 1 })
  const ring = Math.max(1.5, s * 0.06)
  for (const r of scene.rings ?? [])
    out.push({ t: 'circle', x: r.x, y: r.y, r: r.r, stroke: r.colour, width: ring, ...(r.dash.length > 0 && { dash: r.dash }), cls: 'ring' })
  for (const l of scene.coordinates) out.push(labelShape(l))
  return out
}

/** The last move's path: over the lanes dark with a light casing (apart from them), else light in the mover's colour. */
function pathShapes(scene: Scene): Shape[] {
  const p = scene.path
  if (!p) return []
  const s = scene.scale
  const width = Math.max(2, s * (p.onLadders ? 0.07 : 0.09))
  const head = s * 0.25
  const casing: Shape[] = p.onLadders ? [{ t: 'arrow', points: p.points, colour: '#ffffff', width: width + Math.max(3, s * 0.08), head }] : []
  return [...casing, { t: 'arrow', points: p.points, colour: p.colour, width, head, opacity: p.onLadders ? 1 : 0.55, cls: 'path' }]
}

/** A badge: text on a white box with a dark edge (rung keys, marks). */
function badge(l: Label, fill = '#ffffff', stroke = '#1f1a10'): Shape[] {
  const w = textWidth(l.text, l.size)
  return [
    { t: 'rect', x: l.x - w / 2 - 2, y: l.y - l.size / 2 - 1, w: w + 4, h: l.size + 2, fill, stroke, width: 1, radius: 3 },
    labelShape(l, true),
  ]
}

/** A man: his army's colour, a dark edge and a soft shadow. */
export function manCircle(m: Man): Shape {
  return { t: 'circle', x: m.x, y: m.y, r: m.r, fill: m.fill, stroke: '#1c1c1c', width: 1, shadow: true, cls: `man army${m.army}`, data: m.name }
}

/** The position and what is drawn over it: mirror line, lanes, the move's path, men, labels, destinations, analysis arrows, the cursor. */
export function paintPosition(scene: Scene, hideMan = -1): Shape[] {
  const s = scene.scale
  const out: Shape[] = []
  if (scene.mirror) {
    const m = scene.mirror
    out.push({ t: 'line', points: m.points, stroke: m.colour, width: Math.max(1.5, s * 0.06), dash: [s * 0.3, s * 0.18], cls: 'mirror' })
  }
  const lanes = scene.lanes ?? []
  // Without ladders the path goes under the men, as it always did.
  if (scene.path && !scene.path.onLadders) out.push(...pathShapes(scene))
  for (const g of scene.ghosts ?? [])
    out.push({ t: 'circle', x: g.x, y: g.y, r: g.r, fill: g.fill, stroke: '#1c1c1c', width: 1, opacity: GHOST_OPACITY, name: 'ghost' })
  for (const m of scene.men) {
    if (m.cell === hideMan) continue
    if (m.sym) out.push({ t: 'circle', x: m.x, y: m.y, r: m.r * 1.28, stroke: '#2f8f46', width: Math.max(2, s * 0.08) })
    if (m.rung) out.push({ t: 'circle', x: m.x, y: m.y, r: m.r * 1.2, fill: '#f2c230', opacity: 0.9 })
    if (m.selected) out.push({ t: 'circle', x: m.x, y: m.y, r: m.r * 1.22, stroke: PICK_COLOUR, width: Math.max(2.5, s * 0.09), cls: 'selected' })
    out.push(manCircle(m))
    // A man on a target cell keeps the target's ring, drawn over him (one sees which men are home).
    if (m.home >= 0) out.push({ t: 'circle', x: m.x, y: m.y, r: m.r * 0.62, stroke: TARGET_STROKE, width: Math.max(1.5, s * 0.05) })
  }
  // Lanes over the men (under them they showed only in pieces), in the carried type's colour and
  // dash (type 0 solid, 1 dashed, 2 dotted, 3 dash-dot); a light casing keeps a lane seen on a man of its own colour.
  const laneWidth = Math.max(3, s * 0.14)
  for (const lane of lanes) {
    const dash = typeDash(lane.type, laneWidth)
    const cap = dash.length > 0 ? ('butt' as const) : ('round' as const)
    const look = { cap, ...(dash.length > 0 && { dash }) }
    out.push({ t: 'line', points: lane.points, stroke: '#ffffff', width: laneWidth + 2, opacity: 0.8, ...look })
    out.push({ t: 'line', points: lane.points, stroke: lane.colour, width: laneWidth, opacity: 0.9, ...look, cls: `lane type${lane.type}` })
  }
  if (scene.path?.onLadders) out.push(...pathShapes(scene))
  for (const l of scene.typeLabels ?? []) out.push(labelShape(l, true))
  for (const l of scene.cellLabels ?? []) out.push(labelShape(l))
  for (const l of scene.rungLabels ?? []) out.push(...badge(l))
  for (const d of scene.destinations)
    out.push({ t: 'circle', x: d.x, y: d.y, r: d.r, fill: PICK_COLOUR, stroke: '#ffffff', width: Math.max(1, d.r * 0.3), opacity: 0.8, cls: 'destination' })
  // The overlay slot (an analysis's principal variation, a tablebase's verdicts): arrows, then marks on cells.
  for (const a of scene.arrows ?? []) {
    out.push({ t: 'arrow', points: a.points, colour: '#ffffff', width: a.width + 3, head: s * 0.32, opacity: 0.8 })
    out.push({ t: 'arrow', points: a.points, colour: a.colour, width: a.width, head: s * 0.3, opacity: 0.85, cls: 'analysis-arrow' })
    if (a.label) out.push(...badge({ x: a.points[a.points.length - 2]!, y: a.points[a.points.length - 1]! - s * 0.45, text: a.label, size: Math.max(9, s * 0.26), colour: a.colour }))
  }
  for (const m of scene.marks ?? []) out.push(...badge({ x: m.x, y: m.y, text: m.text, size: Math.max(8, s * 0.26), colour: m.colour }, m.fill, m.colour))
  // The keyboard's cursor: a dark ring with a light one inside, seen on holes and on men.
  if (scene.cursor) {
    const c = scene.cursor
    const w = Math.max(2, s * 0.07)
    out.push({ t: 'circle', x: c.x, y: c.y, r: c.r, stroke: '#111111', width: w, cls: 'cursor' })
    out.push({ t: 'circle', x: c.x, y: c.y, r: c.r - w, stroke: '#ffffff', width: w * 0.7 })
  }
  return out
}

/** A caption under a diagram: its parts side by side, the move in italics when it is a step. */
export function captionShape(c: Caption): Shape {
  return { t: 'text', x: c.x, y: c.y, parts: c.parts, size: c.size, fill: c.colour, bold: true, cls: 'caption' }
}

/**
 * A picture's key (each ladder's key on a badge, the last move's arrow, a swatch per carried type
 * in its colour and dash with the type's number, then the text): swatches first, so that nothing
 * is placed after text whose width only the renderer knows.
 */
export function paintKey(rows: readonly KeyRow[], x: number, y: number, size: number): Shape[] {
  const lineH = keyLine(size)
  const font = lineH * 0.68
  const out: Shape[] = []
  rows.forEach((row, k) => {
    const cy = y + lineH * 0.3 + lineH * (k + 0.5)
    let cx = x + lineH * 0.5
    if (row.key) {
      const w = textWidth(row.key, font) + 6
      out.push(...badge({ x: cx + w / 2, y: cy, text: row.key, size: font, colour: '#1f1a10' }))
      cx += w + font * 0.5
    }
    if (row.path) {
      out.push({ t: 'arrow', points: [cx, cy, cx + font * 2, cy], colour: PATH_ON_LADDERS, width: 2.5, head: 7 })
      cx += font * 2.5
    }
    for (const type of row.types) {
      const w = font * 2.2
      const width = Math.max(3, font * 0.3)
      const dash = typeDash(type, width)
      out.push(labelShape({ x: cx + font * 0.3, y: cy, text: String(type), size: font, colour: '#1f1a10' }, true))
      cx += font * 0.8
      out.push({ t: 'line', points: [cx, cy, cx + w, cy], stroke: TYPE_COLOURS[type]!, width, ...(dash.length > 0 && { dash }), cls: `swatch type${type}` })
      cx += w + font * 0.6
    }
    out.push({ t: 'text', x: cx, y: cy, parts: [{ text: row.text }], size: font, fill: '#1f1a10', anchor: 'start' })
  })
  return out
}

/** The width a key takes (paintKey's steps; text estimated a little wide, so that the picture made this wide holds it). */
export function keyWidth(rows: readonly KeyRow[], size: number): number {
  const font = keyLine(size) * 0.68
  let widest = 0
  for (const row of rows) {
    let w = keyLine(size) * 0.5
    if (row.key) w += textWidth(row.key, font) + 6 + font * 0.5
    if (row.path) w += font * 2.5
    w += row.types.length * font * 3.6
    w += row.text.length * font * 0.58 + font
    widest = Math.max(widest, w)
  }
  return Math.ceil(widest)
}
