/**
 * Konva drawing of a scene (scene.ts): the only place that turns board shapes into canvas nodes.
 * The live board keeps the board itself (lattice, holes, coordinates) in one layer and the
 * position (men, overlays, the current move) in another, so stepping redraws only the second; the
 * PNG export draws both into one offscreen stage.
 */
import Konva from 'konva'
import type { Label, Scene } from './scene'

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
  for (const lane of scene.lanes) {
    into.add(
      new Konva.Line({
        points: [...lane.points],
        stroke: lane.colour,
        strokeWidth: Math.max(3, s * 0.2),
        opacity: 0.35,
        lineCap: 'round',
        listening: false,
      }),
    )
  }
  if (scene.path) {
    into.add(
      new Konva.Arrow({
        points: [...scene.path.points],
        stroke: scene.path.colour,
        fill: scene.path.colour,
        strokeWidth: Math.max(2, s * 0.09),
        pointerLength: s * 0.25,
        pointerWidth: s * 0.25,
        opacity: 0.55,
        perfectDrawEnabled: false,
        lineJoin: 'round',
        listening: false,
      }),
    )
  }
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
  for (const l of scene.typeLabels) into.add(text(l, true))
  for (const l of scene.cellLabels ?? []) into.add(text(l))
  for (const l of scene.rungLabels) {
    const t = text(l, true)
    into.add(
      new Konva.Rect({
        x: l.x - t.width() / 2 - 2,
        y: l.y - t.height() / 2 - 1,
        width: t.width() + 4,
        height: t.height() + 2,
        fill: '#fff8dc',
        cornerRadius: 3,
        opacity: 0.9,
        listening: false,
      }),
    )
    into.add(t)
  }
  for (const d of scene.destinations) {
    into.add(new Konva.Circle({ x: d.x, y: d.y, radius: d.r, fill: '#2f8f46', opacity: 0.75, perfectDrawEnabled: false, listening: false }))
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

/** A scene as PNG bytes, drawn offscreen at `pixelRatio` times its size. */
export async function scenePng(
  scenes: readonly { scene: Scene; x: number; y: number; caption?: Label }[],
  width: number,
  height: number,
  pixelRatio: number,
  background: string | null,
): Promise<Blob> {
  const container = document.createElement('div')
  const stage = new Konva.Stage({ container, width, height })
  const layer = new Konva.Layer({ listening: false })
  stage.add(layer)
  if (background) layer.add(new Konva.Rect({ x: 0, y: 0, width, height, fill: background }))
  for (const { scene, x, y, caption } of scenes) {
    const group = new Konva.Group({ x, y })
    drawBoard(scene, group)
    drawPosition(scene, group)
    layer.add(group)
    if (caption) layer.add(text(caption, true))
  }
  layer.draw()
  try {
    return (await stage.toBlob({ pixelRatio, mimeType: 'image/png' })) as Blob
  } finally {
    stage.destroy()
  }
}
