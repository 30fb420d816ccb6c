/**
 * Konva's side of the drawing: the shapes paint.ts lists become canvas nodes. The live board adds
 * them to its layers; a picture (picture.ts lays it out) is drawn on an offscreen stage and written
 * as PNG bytes.
 */
import Konva from 'konva'
import type { Shape } from './paint'
import { captionShape, paintBoard, paintKey, paintPosition } from './paint'
import type { Picture } from './picture'

type Of<T extends Shape['t']> = Extract<Shape, { t: T }>

function circle(s: Of<'circle'>): Konva.Circle {
  return new Konva.Circle({
    x: s.x,
    y: s.y,
    radius: s.r,
    ...(s.fill && { fill: s.fill }),
    ...(s.stroke && { stroke: s.stroke, strokeWidth: s.width ?? 1 }),
    ...(s.dash && { dash: [...s.dash] }),
    ...(s.shadow && {
      shadowColor: '#000000',
      shadowBlur: s.r * 0.25,
      shadowOpacity: 0.25,
      shadowOffset: { x: s.r * 0.08, y: s.r * 0.12 },
      shadowForStrokeEnabled: false,
    }),
    // Without this Konva draws a shadowed, filled and stroked shape through a stage-sized buffer.
    perfectDrawEnabled: false,
    listening: false,
  })
}

function line(s: Of<'line'>): Konva.Shape {
  const common = {
    stroke: s.stroke,
    strokeWidth: s.width,
    ...(s.dash && { dash: [...s.dash] }),
    lineCap: s.cap ?? 'butt',
    lineJoin: 'round' as const,
    listening: false,
  }
  if (!s.segments) return new Konva.Line({ points: [...s.points], ...common })
  const p = s.points
  return new Konva.Shape({
    ...common,
    sceneFunc: (ctx: Konva.Context, shape: Konva.Shape) => {
      ctx.beginPath()
      for (let k = 0; k + 3 < p.length; k += 4) {
        ctx.moveTo(p[k]!, p[k + 1]!)
        ctx.lineTo(p[k + 2]!, p[k + 3]!)
      }
      ctx.strokeShape(shape)
    },
  })
}

/** Text parts side by side, centred on x (or starting there): Konva measures each part. */
function text(s: Of<'text'>): Konva.Node[] {
  const nodes = s.parts.map(
    (p) =>
      new Konva.Text({
        text: p.text,
        fontSize: s.size,
        fontFamily: 'system-ui, sans-serif',
        fontStyle: `${p.italic ? 'italic ' : ''}${s.bold ? 'bold' : 'normal'}`,
        fill: s.fill,
        ...(s.edge && { stroke: s.edge.colour, strokeWidth: s.edge.width, fillAfterStrokeEnabled: true }),
        listening: false,
      }),
  )
  const total = nodes.reduce((w, n) => w + n.width(), 0)
  let x = s.anchor === 'start' ? s.x : s.x - total / 2
  for (const n of nodes) {
    n.position({ x, y: s.y - n.height() / 2 })
    x += n.width()
  }
  return nodes
}

function node(s: Shape): Konva.Node[] {
  switch (s.t) {
    case 'circle':
      return [circle(s)]
    case 'line':
      return [line(s)]
    case 'arrow':
      return [
        new Konva.Arrow({
          points: [...s.points],
          stroke: s.colour,
          fill: s.colour,
          strokeWidth: s.width,
          pointerLength: s.head,
          pointerWidth: s.head,
          lineJoin: 'round',
          perfectDrawEnabled: false,
          listening: false,
        }),
      ]
    case 'rect':
      return [
        new Konva.Rect({
          x: s.x,
          y: s.y,
          width: s.w,
          height: s.h,
          ...(s.fill && { fill: s.fill }),
          ...(s.stroke && { stroke: s.stroke, strokeWidth: s.width ?? 1 }),
          cornerRadius: s.radius ?? 0,
          listening: false,
        }),
      ]
    case 'text':
      return text(s)
  }
}

/** Add the shapes to a layer or group (a shape's opacity and name go with it). */
export function drawShapes(shapes: readonly Shape[], into: Konva.Container): void {
  for (const s of shapes)
    for (const n of node(s)) {
      if (s.opacity !== undefined) n.opacity(s.opacity)
      if (s.name) n.name(s.name)
      into.add(n as Konva.Shape)
    }
}

/** A picture as PNG bytes: drawn offscreen at its size in CSS pixels times `pixelRatio`. */
export async function picturePng(p: Picture, pixelRatio: number): Promise<Uint8Array> {
  const container = document.createElement('div')
  const stage = new Konva.Stage({ container, width: p.width, height: p.height })
  const layer = new Konva.Layer({ listening: false })
  stage.add(layer)
  // The drawing's units are the scenes' pixels; the picture's size is theirs times p.zoom.
  const all = new Konva.Group({ scaleX: p.zoom, scaleY: p.zoom })
  layer.add(all)
  if (p.background) all.add(new Konva.Rect({ x: 0, y: 0, width: p.units.width, height: p.units.height, fill: p.background }))
  for (const f of p.frames) {
    const c = f.crop
    const group = new Konva.Group({ x: f.x - c.x1, y: f.y - c.y1, clip: { x: c.x1, y: c.y1, width: c.x2 - c.x1, height: c.y2 - c.y1 } })
    drawShapes([...paintBoard(f.scene), ...paintPosition(f.scene)], group)
    all.add(group)
    if (f.caption) drawShapes([captionShape(f.caption)], all)
    if (f.key && f.key.length > 0) drawShapes(paintKey(f.key, 0, f.y + (c.y2 - c.y1), c.x2 - c.x1), all)
  }
  if (p.key) drawShapes(paintKey(p.key.rows, 0, p.key.y, p.key.size), all)
  layer.draw()
  try {
    const blob = (await stage.toBlob({ pixelRatio, mimeType: 'image/png' })) as Blob
    return new Uint8Array(await blob.arrayBuffer())
  } finally {
    stage.destroy()
  }
}
