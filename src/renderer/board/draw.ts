/**
 * Konva drawing of a scene (scene.ts): the only place that turns board shapes into canvas nodes.
 * The live board keeps the board itself (lattice, holes, coordinates) in one layer and the
 * position (men, overlays, the current move) in another, so stepping redraws only the second; the
 * PNG export draws both into one offscreen stage.
 */
import Konva from 'konva'
import type { Box } from './place'
import { PATH_ON_LADDERS, TYPE_COLOURS, typeDash } from './palette'
import { keyLine, type Caption, type KeyRow, type Label, type Scene } from './scene'

const HOLE_FILL = '#efe7d6'
const HOLE_STROKE = '#b7ad98'
const TARGET_STROKE = ['#c9a227', '#c9a227']
const TARGET_FILL = ['#f6e7b5', '#f7d9d2']
/** How faint a captured man ends (the live board fades him to this). */
export const GHOST_OPACITY = 0.18

function text(l: Label, bold = false): Konva.Text {
  const t = new Konva.Text({
    x: l.x,
    y: l.y,
    text: l.text,
    fontSize: l.size,
    fontFamily: 'system-ui, sans-serif',
    fontStyle: bold ? 'bold' : 'normal',
    fill: l.colour,
    // White labels (types on men) keep a dark edge, so that a lane drawn under them does not hide them.
    ...(l.colour === '#ffffff' && { stroke: '#1c1c1c', strokeWidth: Math.max(1, l.size * 0.14), fillAfterStrokeEnabled: true }),
    listening: false,
  })
  t.offsetX(t.width() / 2)
  t.offsetY(t.height() / 2)
  return t
}

/** The board: background, lattice lines, holes (target cells marked), coordinates. */
export function drawBoard(scene: Scene, into: Konva.Container, background: string | null = null): void {
  if (background) into.add(new Konva.Rect({ x: 0, y: 0, width: scene.width, height: scene.height, fill: background, listening: false }))
  const edges = scene.edges
  into.add(
    new Konva.Shape({
      listening: false,
      stroke: '#d3c9b4',
      strokeWidth: Math.max(1, scene.scale * 0.04),
      sceneFunc: (ctx: Konva.Context, shape: Konva.Shape) => {
        ctx.beginPath()
        for (let k = 0; k < edges.length; k += 4) {
          ctx.moveTo(edges[k]!, edges[k + 1]!)
          ctx.lineTo(edges[k + 2]!, edges[k + 3]!)
        }
        ctx.strokeShape(shape)
      },
    }),
  )
  for (const h of scene.holes) {
    const target = h.target >= 0
    into.add(
      new Konva.Circle({
        x: h.x,
        y: h.y,
        radius: target ? h.r * 1.15 : h.r,
        fill: h.off ? '#ffffff' : target ? TARGET_FILL[h.target] : HOLE_FILL,
        stroke: h.off ? '#e2ddd2' : target ? TARGET_STROKE[h.target] : HOLE_STROKE,
        strokeWidth: target ? Math.max(1.5, scene.scale * 0.06) : 1,
        dash: h.off ? [3, 3] : undefined,
        listening: false,
      }),
    )
  }
  for (const h of scene.shades ?? [])
    into.add(new Konva.Circle({ x: h.x, y: h.y, radius: h.r, fill: h.fill, stroke: HOLE_STROKE, strokeWidth: 1, listening: false }))
  for (const l of scene.coordinates) into.add(text(l))
}

/** The position and what is drawn over it: mirror line, lanes, the move's path, men, labels. */
export function drawPosition(scene: Scene, into: Konva.Container, hideMan = -1): void {
  const s = scene.scale
  if (scene.mirror) {
    into.add(
      new Konva.Line({
        points: [...scene.mirror.points],
        stroke: scene.mirror.colour,
        strokeWidth: Math.max(1.5, s * 0.06),
        dash: [s * 0.3, s * 0.18],
        listening: false,
      }),
    )
  }
  // Without ladders the path goes under the men, as it always did.
  if (scene.path && !scene.path.onLadders) drawPath(scene, into)
  for (const g of scene.ghosts ?? []) {
    const ghost = manNode(g.x, g.y, g.r, g.fill)
    ghost.opacity(GHOST_OPACITY)
    ghost.name('ghost')
    into.add(ghost)
  }
  for (const m of scene.men) {
    if (m.cell === hideMan) continue
    if (m.sym)
      into.add(
        new Konva.Circle({ x: m.x, y: m.y, radius: m.r * 1.28, stroke: '#2f8f46', strokeWidth: Math.max(2, s * 0.08), listening: false }),
      )
    if (m.rung)
      into.add(
        new Konva.Circle({ x: m.x, y: m.y, radius: m.r * 1.2, fill: '#f2c230', opacity: 0.9, perfectDrawEnabled: false, listening: false }),
      )
    into.add(manNode(m.x, m.y, m.r, m.fill, m.selected))
    // A man on a target cell keeps the target's ring, drawn over him (issue 16, defect 8: the man
    // hid it, so one could not see which men are home).
    if (m.home >= 0)
      into.add(
        new Konva.Circle({
          x: m.x,
          y: m.y,
          radius: m.r * 0.62,
          stroke: TARGET_STROKE[m.home] ?? TARGET_STROKE[0]!,
          strokeWidth: Math.max(1.5, s * 0.05),
          listening: false,
        }),
      )
  }
  // Lanes over the men (under them they showed only in pieces between the circles), in the
  // carried type's colour and dash (type 0 solid, 1 dashed, 2 dotted, 3 dash-dot).
  // A thin light casing keeps a lane seen on a man of its own colour.
  const laneWidth = Math.max(3, s * 0.14)
  for (const lane of scene.lanes) {
    const dash = typeDash(lane.type, laneWidth)
    into.add(
      new Konva.Line({
        points: [...lane.points],
        stroke: '#ffffff',
        strokeWidth: laneWidth + 2,
        opacity: 0.8,
        lineCap: dash.length > 0 ? 'butt' : 'round',
        ...(dash.length > 0 && { dash }),
        listening: false,
      }),
    )
    into.add(
      new Konva.Line({
        points: [...lane.points],
        stroke: lane.colour,
        strokeWidth: laneWidth,
        opacity: 0.9,
        lineCap: dash.length > 0 ? 'butt' : 'round',
        ...(dash.length > 0 && { dash }),
        listening: false,
      }),
    )
  }
  if (scene.path?.onLadders) drawPath(scene, into)
  for (const l of scene.typeLabels) into.add(text(l, true))
  for (const l of scene.cellLabels ?? []) into.add(text(l))
  // Rung keys: the legend's letters on a white badge with a dark edge (readable on any lane).
  for (const l of scene.rungLabels) {
    const t = text(l, true)
    into.add(
      new Konva.Rect({
        x: l.x - t.width() / 2 - 2,
        y: l.y - t.height() / 2 - 1,
        width: t.width() + 4,
        height: t.height() + 2,
        fill: '#ffffff',
        stroke: '#1f1a10',
        strokeWidth: 1,
        cornerRadius: 3,
        listening: false,
      }),
    )
    into.add(t)
  }
  for (const d of scene.destinations) {
    into.add(new Konva.Circle({ x: d.x, y: d.y, radius: d.r, fill: '#2f8f46', opacity: 0.75, perfectDrawEnabled: false, listening: false }))
  }
  // The keyboard's cursor: a dark ring with a light one inside, seen on holes and on men.
  if (scene.cursor) {
    const c = scene.cursor
    const w = Math.max(2, s * 0.07)
    into.add(new Konva.Circle({ x: c.x, y: c.y, radius: c.r, stroke: '#111111', strokeWidth: w, listening: false }))
    into.add(new Konva.Circle({ x: c.x, y: c.y, radius: c.r - w, stroke: '#ffffff', strokeWidth: w * 0.7, listening: false }))
  }
}

function drawPath(scene: Scene, into: Konva.Container): void {
  const s = scene.scale
  if (scene.path) {
    const width = Math.max(2, s * (scene.path.onLadders ? 0.07 : 0.09))
    // Over the lanes: a light casing under a dark arrow, so that the move stands apart from them.
    if (scene.path.onLadders)
      into.add(
        new Konva.Arrow({
          points: [...scene.path.points],
          stroke: '#ffffff',
          fill: '#ffffff',
          strokeWidth: width + Math.max(3, s * 0.08),
          pointerLength: s * 0.25,
          pointerWidth: s * 0.25,
          lineJoin: 'round',
          perfectDrawEnabled: false,
          listening: false,
        }),
      )
    into.add(
      new Konva.Arrow({
        points: [...scene.path.points],
        stroke: scene.path.colour,
        fill: scene.path.colour,
        strokeWidth: width,
        pointerLength: s * 0.25,
        pointerWidth: s * 0.25,
        opacity: scene.path.onLadders ? 1 : 0.55,
        perfectDrawEnabled: false,
        lineJoin: 'round',
        listening: false,
      }),
    )
  }
}

export function manNode(x: number, y: number, r: number, fill: string, selected = false): Konva.Circle {
  return new Konva.Circle({
    x,
    y,
    radius: r,
    fill,
    stroke: selected ? '#f2c230' : '#1c1c1c',
    strokeWidth: selected ? Math.max(3, r * 0.25) : 1,
    shadowColor: '#000000',
    shadowBlur: r * 0.25,
    shadowOpacity: 0.25,
    shadowOffset: { x: r * 0.08, y: r * 0.12 },
    // Without this Konva draws a shadowed, filled and stroked shape through a stage-sized buffer.
    perfectDrawEnabled: false,
    shadowForStrokeEnabled: false,
    listening: false,
  })
}

/**
 * The ladder key under an exported diagram: each ladder's key on a badge, as the rung men carry
 * it, its name and what it carries with a swatch per type, then the last move's arrow.
 */
export function drawKey(rows: readonly KeyRow[], x: number, y: number, size: number, into: Konva.Container): void {
  const line = keyLine(size)
  const font = line * 0.68
  rows.forEach((row, k) => {
    const cy = y + line * 0.3 + line * (k + 0.5)
    let cx = x + line * 0.5
    if (row.key) {
      const badge = text({ x: 0, y: 0, text: row.key, size: font, colour: '#1f1a10' }, true)
      const w = badge.width() + 6
      into.add(
        new Konva.Rect({
          x: cx,
          y: cy - font * 0.65,
          width: w,
          height: font * 1.3,
          fill: '#ffffff',
          stroke: '#1f1a10',
          strokeWidth: 1,
          cornerRadius: 3,
        }),
      )
      badge.position({ x: cx + w / 2, y: cy })
      into.add(badge)
      cx += w + font * 0.5
    }
    if (row.path) {
      const w = font * 2
      into.add(
        new Konva.Arrow({
          points: [cx, cy, cx + w, cy],
          stroke: PATH_ON_LADDERS,
          fill: PATH_ON_LADDERS,
          strokeWidth: 2.5,
          pointerLength: 7,
          pointerWidth: 7,
        }),
      )
      cx += w + font * 0.5
    }
    const t = new Konva.Text({
      x: cx,
      y: cy - font / 2,
      text: row.text,
      fontSize: font,
      fontFamily: 'system-ui, sans-serif',
      fill: '#1f1a10',
    })
    into.add(t)
    cx += t.width() + font * 0.5
    for (const type of row.types) {
      const w = font * 2.2
      const width = Math.max(3, font * 0.3)
      const dash = typeDash(type, width)
      into.add(
        new Konva.Text({
          x: cx,
          y: cy - font / 2,
          text: String(type),
          fontSize: font,
          fontStyle: 'bold',
          fontFamily: 'system-ui, sans-serif',
          fill: '#1f1a10',
        }),
      )
      cx += font * 0.8
      into.add(
        new Konva.Line({ points: [cx, cy, cx + w, cy], stroke: TYPE_COLOURS[type], strokeWidth: width, ...(dash.length > 0 && { dash }) }),
      )
      cx += w + font * 0.6
    }
  })
}

/** A caption's parts side by side, centred on its point: the move number upright, a step in italics. */
function captionNodes(c: Caption): Konva.Text[] {
  const nodes = c.parts.map(
    (p) =>
      new Konva.Text({
        text: p.text,
        fontSize: c.size,
        fontFamily: 'system-ui, sans-serif',
        fontStyle: p.italic ? 'italic bold' : 'bold',
        fill: c.colour,
        listening: false,
      }),
  )
  const total = nodes.reduce((w, n) => w + n.width(), 0)
  let x = c.x - total / 2
  for (const n of nodes) {
    n.position({ x, y: c.y - n.height() / 2 })
    x += n.width()
  }
  return nodes
}

/** A scene as PNG bytes, drawn offscreen at `pixelRatio` times its size. */
export async function scenePng(
  scenes: readonly { scene: Scene; x: number; y: number; caption?: Caption; key?: readonly KeyRow[]; crop?: Box; keyX?: number }[],
  width: number,
  height: number,
  pixelRatio: number,
  background: string | null,
  /** A key for the whole picture (a figure sheet's), its top at y, sized as for diagrams of `size`. */
  sheetKey?: { readonly rows: readonly KeyRow[]; readonly y: number; readonly size: number },
): Promise<Blob> {
  const container = document.createElement('div')
  const stage = new Konva.Stage({ container, width, height })
  const layer = new Konva.Layer({ listening: false })
  stage.add(layer)
  if (background) layer.add(new Konva.Rect({ x: 0, y: 0, width, height, fill: background }))
  for (const { scene, x, y, caption, key, crop, keyX } of scenes) {
    // Cropped: the scene's box `crop` shown at (x, y), the rest clipped away (svg.ts crops the same box).
    const c = crop ?? { x1: 0, y1: 0, x2: scene.width, y2: scene.height }
    const [w, h] = [c.x2 - c.x1, c.y2 - c.y1]
    const group = new Konva.Group({ x: x - c.x1, y: y - c.y1, clip: { x: c.x1, y: c.y1, width: w, height: h } })
    drawBoard(scene, group)
    drawPosition(scene, group)
    layer.add(group)
    if (caption) captionNodes(caption).forEach((n) => layer.add(n))
    if (key && key.length > 0) drawKey(key, keyX ?? x, y + h, w, layer)
  }
  if (sheetKey) drawKey(sheetKey.rows, 0, sheetKey.y, sheetKey.size, layer)
  layer.draw()
  try {
    return (await stage.toBlob({ pixelRatio, mimeType: 'image/png' })) as Blob
  } finally {
    stage.destroy()
  }
}
