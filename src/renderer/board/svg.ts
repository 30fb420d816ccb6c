/**
 * Scenes (scene.ts) as SVG text, for papers: the same shapes the Konva drawing (draw.ts) makes,
 * written as SVG elements by a pure function (no DOM, no canvas), so that the picture is vector,
 * its text stays text, and tests read it. A picture is cropped to the board: its frame is the box
 * around the holes, the coordinates and what is drawn over them, not the square the board was fitted
 * in. Men are one `<circle class="man">` each (with data-cell naming the cell).
 *
 * Written by hand rather than with a library: the scene is already plain shapes in pixels, and the
 * few SVG elements needed (circle, line, path, polygon, rect, text) are simpler to write than to
 * route through a drawing library's object model (svg.js and the like want a DOM).
 */
import { PATH_ON_LADDERS, TYPE_COLOURS, typeDash } from './palette'
import { keyLine, type Caption, type KeyRow, type Label, type Scene } from './scene'
import type { Box } from './place'

const HOLE_FILL = '#efe7d6'
const HOLE_STROKE = '#b7ad98'
const TARGET_STROKE = ['#c9a227', '#c9a227']
const TARGET_FILL = ['#f6e7b5', '#f7d9d2']
const FONT = 'system-ui, sans-serif'

/** A number as SVG writes it: at most two decimals, no trailing zeros. */
export const num = (n: number): string => String(Math.round(n * 100) / 100)

/** Text made safe for XML content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
}

/** A label's estimated box (a sans character is about 0.62 of the size wide, as place.ts estimates). */
const textBox = (l: Label): Box => {
  const hw = (l.text.length * l.size * 0.62) / 2
  return { x1: l.x - hw, y1: l.y - l.size / 2, x2: l.x + hw, y2: l.y + l.size / 2 }
}

/**
 * The box around what a scene draws (holes, men, coordinates, labels, lines), padded by `pad`
 * pixels and kept inside the scene, with whole-pixel edges.
 */
export function sceneBounds(scene: Scene, pad = Math.max(4, Math.min(scene.width, scene.height) * 0.015)): Box {
  let x1 = Infinity
  let y1 = Infinity
  let x2 = -Infinity
  let y2 = -Infinity
  const add = (b: Box): void => {
    x1 = Math.min(x1, b.x1)
    y1 = Math.min(y1, b.y1)
    x2 = Math.max(x2, b.x2)
    y2 = Math.max(y2, b.y2)
  }
  const circle = (c: { x: number; y: number; r: number }, k = 1): void =>
    add({ x1: c.x - c.r * k, y1: c.y - c.r * k, x2: c.x + c.r * k, y2: c.y + c.r * k })
  const points = (p: readonly number[]): void => {
    for (let k = 0; k + 1 < p.length; k += 2) add({ x1: p[k]!, y1: p[k + 1]!, x2: p[k]!, y2: p[k + 1]! })
  }
  for (const h of scene.holes) circle(h, 1.2)
  for (const m of scene.men) circle(m, 1.3)
  for (const l of [...scene.coordinates, ...scene.rungLabels, ...scene.typeLabels, ...(scene.cellLabels ?? [])]) add(textBox(l))
  if (scene.mirror) points(scene.mirror.points)
  if (x1 > x2) return { x1: 0, y1: 0, x2: scene.width, y2: scene.height }
  return {
    x1: Math.max(0, Math.floor(x1 - pad)),
    y1: Math.max(0, Math.floor(y1 - pad)),
    x2: Math.min(scene.width, Math.ceil(x2 + pad)),
    y2: Math.min(scene.height, Math.ceil(y2 + pad)),
  }
}

/** The smallest box holding all of `boxes`. */
export function unionBox(boxes: readonly Box[]): Box {
  return boxes.reduce((a, b) => ({
    x1: Math.min(a.x1, b.x1),
    y1: Math.min(a.y1, b.y1),
    x2: Math.max(a.x2, b.x2),
    y2: Math.max(a.y2, b.y2),
  }))
}

function text(l: Label, bold = false): string {
  // White labels (types on men) keep a dark edge, as on the board.
  const edge = l.colour === '#ffffff' ? ` stroke="#1c1c1c" stroke-width="${num(Math.max(1, l.size * 0.14))}" paint-order="stroke"` : ''
  return `<text x="${num(l.x)}" y="${num(l.y)}" font-size="${num(l.size)}"${bold ? ' font-weight="bold"' : ''} fill="${l.colour}"${edge} dominant-baseline="central">${escapeXml(l.text)}</text>`
}

function line(points: readonly number[], attrs: string): string {
  return `<polyline points="${points.map(num).join(' ')}" fill="none" ${attrs}/>`
}

/** An arrow along points: the line stops where the head begins, the head's tip on the last point. */
function arrow(points: readonly number[], colour: string, width: number, head: number, opacity: number): string {
  const n = points.length
  const [ax, ay, bx, by] = [points[n - 4]!, points[n - 3]!, points[n - 2]!, points[n - 1]!]
  const d = Math.hypot(bx - ax, by - ay) || 1
  const ux = (bx - ax) / d
  const uy = (by - ay) / d
  const base = [bx - ux * head, by - uy * head]
  const shaft = [...points.slice(0, n - 2), base[0]!, base[1]!]
  const half = head / 2
  const tip = [bx, by, base[0]! - uy * half, base[1]! + ux * half, base[0]! + uy * half, base[1]! - ux * half]
  const o = opacity < 1 ? ` opacity="${num(opacity)}"` : ''
  return (
    `<g${o}>` +
    line(shaft, `stroke="${colour}" stroke-width="${num(width)}" stroke-linejoin="round"`) +
    `<polygon points="${tip.map(num).join(' ')}" fill="${colour}"/></g>`
  )
}

function pathSvg(scene: Scene): string {
  const p = scene.path
  if (!p) return ''
  const s = scene.scale
  const width = Math.max(2, s * (p.onLadders ? 0.07 : 0.09))
  const head = s * 0.25
  const casing = p.onLadders ? arrow(p.points, '#ffffff', width + Math.max(3, s * 0.08), head, 1) : ''
  return casing + arrow(p.points, p.colour, width, head, p.onLadders ? 1 : 0.55)
}

/** The board and the position of one scene, as the elements of a group (draw.ts's drawBoard and drawPosition). */
export function sceneElements(scene: Scene): string {
  const s = scene.scale
  const out: string[] = []
  const e = scene.edges
  let d = ''
  for (let k = 0; k < e.length; k += 4) d += `M${num(e[k]!)} ${num(e[k + 1]!)}L${num(e[k + 2]!)} ${num(e[k + 3]!)}`
  if (d) out.push(`<path class="lattice" d="${d}" stroke="#d3c9b4" stroke-width="${num(Math.max(1, s * 0.04))}" fill="none"/>`)
  for (const h of scene.holes) {
    const target = h.target >= 0
    const fill = h.off ? '#ffffff' : target ? TARGET_FILL[h.target] : HOLE_FILL
    const stroke = h.off ? '#e2ddd2' : target ? TARGET_STROKE[h.target] : HOLE_STROKE
    out.push(
      `<circle class="hole${target ? ' target' : ''}" cx="${num(h.x)}" cy="${num(h.y)}" r="${num(target ? h.r * 1.15 : h.r)}" fill="${fill}" stroke="${stroke}" stroke-width="${num(target ? Math.max(1.5, s * 0.06) : 1)}"${h.off ? ' stroke-dasharray="3 3"' : ''}/>`,
    )
  }
  for (const h of scene.shades ?? [])
    out.push(`<circle cx="${num(h.x)}" cy="${num(h.y)}" r="${num(h.r)}" fill="${h.fill}" stroke="${HOLE_STROKE}"/>`)
  for (const l of scene.coordinates) out.push(text(l))
  if (scene.mirror) {
    out.push(
      line(
        scene.mirror.points,
        `class="mirror" stroke="${scene.mirror.colour}" stroke-width="${num(Math.max(1.5, s * 0.06))}" stroke-dasharray="${num(s * 0.3)} ${num(s * 0.18)}"`,
      ),
    )
  }
  if (scene.path && !scene.path.onLadders) out.push(pathSvg(scene))
  for (const g of scene.ghosts ?? [])
    out.push(`<circle cx="${num(g.x)}" cy="${num(g.y)}" r="${num(g.r)}" fill="${g.fill}" opacity="0.18"/>`)
  for (const m of scene.men) {
    if (m.sym)
      out.push(
        `<circle cx="${num(m.x)}" cy="${num(m.y)}" r="${num(m.r * 1.28)}" fill="none" stroke="#2f8f46" stroke-width="${num(Math.max(2, s * 0.08))}"/>`,
      )
    if (m.rung) out.push(`<circle cx="${num(m.x)}" cy="${num(m.y)}" r="${num(m.r * 1.2)}" fill="#f2c230" opacity="0.9"/>`)
    const sel = m.selected ? `stroke="#f2c230" stroke-width="${num(Math.max(3, m.r * 0.25))}"` : 'stroke="#1c1c1c" stroke-width="1"'
    out.push(
      `<circle class="man army${m.army}" data-cell="${escapeXml(m.name)}" cx="${num(m.x)}" cy="${num(m.y)}" r="${num(m.r)}" fill="${m.fill}" ${sel}/>`,
    )
    if (m.home >= 0)
      out.push(
        `<circle cx="${num(m.x)}" cy="${num(m.y)}" r="${num(m.r * 0.62)}" fill="none" stroke="${TARGET_STROKE[m.home] ?? TARGET_STROKE[0]}" stroke-width="${num(Math.max(1.5, s * 0.05))}"/>`,
      )
  }
  const laneWidth = Math.max(3, s * 0.14)
  for (const lane of scene.lanes) {
    const dash = typeDash(lane.type, laneWidth)
    const pattern = dash.length > 0 ? ` stroke-dasharray="${dash.map(num).join(' ')}" stroke-linecap="butt"` : ' stroke-linecap="round"'
    out.push(line(lane.points, `stroke="#ffffff" stroke-width="${num(laneWidth + 2)}" opacity="0.8"${pattern}`))
    out.push(
      line(lane.points, `class="lane type${lane.type}" stroke="${lane.colour}" stroke-width="${num(laneWidth)}" opacity="0.9"${pattern}`),
    )
  }
  if (scene.path?.onLadders) out.push(pathSvg(scene))
  for (const l of scene.typeLabels) out.push(text(l, true))
  for (const l of scene.cellLabels ?? []) out.push(text(l))
  for (const l of scene.rungLabels) {
    const b = textBox(l)
    out.push(
      `<rect x="${num(b.x1 - 2)}" y="${num(b.y1 - 1)}" width="${num(b.x2 - b.x1 + 4)}" height="${num(b.y2 - b.y1 + 2)}" rx="3" fill="#ffffff" stroke="#1f1a10"/>`,
    )
    out.push(text(l, true))
  }
  for (const dst of scene.destinations)
    out.push(`<circle cx="${num(dst.x)}" cy="${num(dst.y)}" r="${num(dst.r)}" fill="#2f8f46" opacity="0.75"/>`)
  return out.join('')
}

/** A caption: the move number upright, the move in italics when it is a step. */
export function captionSvg(c: Caption): string {
  const parts = c.parts.map((p) => (p.italic ? `<tspan font-style="italic">${escapeXml(p.text)}</tspan>` : escapeXml(p.text))).join('')
  return `<text class="caption" x="${num(c.x)}" y="${num(c.y)}" font-size="${num(c.size)}" font-weight="bold" fill="${c.colour}" text-anchor="middle" dominant-baseline="central">${parts}</text>`
}

/**
 * The ladder key under a diagram (draw.ts's drawKey says the same): each row the ladder's key on a
 * badge, a swatch per carried type in its colour and dash with the type's number, then the text
 * (swatches first, so that nothing has to be placed after text whose width SVG alone decides).
 */
export function keySvg(rows: readonly KeyRow[], x: number, y: number, size: number): string {
  const lineH = keyLine(size)
  const font = lineH * 0.68
  const out: string[] = []
  rows.forEach((row, k) => {
    const cy = y + lineH * 0.3 + lineH * (k + 0.5)
    let cx = x + lineH * 0.5
    if (row.key) {
      const w = row.key.length * font * 0.62 + 6
      out.push(
        `<rect x="${num(cx)}" y="${num(cy - font * 0.65)}" width="${num(w)}" height="${num(font * 1.3)}" rx="3" fill="#ffffff" stroke="#1f1a10"/>`,
      )
      out.push(text({ x: cx + w / 2, y: cy, text: row.key, size: font, colour: '#1f1a10' }, true))
      cx += w + font * 0.5
    }
    if (row.path) {
      const w = font * 2
      out.push(arrow([cx, cy, cx + w, cy], PATH_ON_LADDERS, 2.5, 7, 1))
      cx += w + font * 0.5
    }
    for (const type of row.types) {
      const w = font * 2.2
      const width = Math.max(3, font * 0.3)
      const dash = typeDash(type, width)
      out.push(text({ x: cx + font * 0.3, y: cy, text: String(type), size: font, colour: '#1f1a10' }, true))
      cx += font * 0.8
      out.push(
        line(
          [cx, cy, cx + w, cy],
          `class="swatch type${type}" stroke="${TYPE_COLOURS[type]}" stroke-width="${num(width)}"${dash.length > 0 ? ` stroke-dasharray="${dash.map(num).join(' ')}"` : ''}`,
        ),
      )
      cx += w + font * 0.6
    }
    out.push(
      `<text x="${num(cx)}" y="${num(cy)}" font-size="${num(font)}" fill="#1f1a10" text-anchor="start" dominant-baseline="central">${escapeXml(row.text)}</text>`,
    )
  })
  return `<g class="key">${out.join('')}</g>`
}

/**
 * The width the key takes (the same steps as keySvg; text estimated at 0.58 of the font size a
 * character, a little wide for a sans font, so that the picture made this wide holds it).
 */
export function keyWidth(rows: readonly KeyRow[], size: number): number {
  const font = keyLine(size) * 0.68
  let widest = 0
  for (const row of rows) {
    let w = keyLine(size) * 0.5
    if (row.key) w += row.key.length * font * 0.62 + 6 + font * 0.5
    if (row.path) w += font * 2.5
    w += row.types.length * font * 3.6
    w += row.text.length * font * 0.58 + font
    widest = Math.max(widest, w)
  }
  return Math.ceil(widest)
}

/** One diagram of a picture: a scene placed at (x, y), showing its `crop` box, with a caption and a key. */
export interface SvgFrame {
  readonly scene: Scene
  readonly x: number
  readonly y: number
  /** The part of the scene shown (sceneBounds); the whole scene if absent. */
  readonly crop?: Box
  readonly caption?: Caption
  readonly key?: readonly KeyRow[]
}

/**
 * A picture as an SVG document: width x height pixels (the viewBox in the same units), on a
 * background colour or transparent, with a title for readers and screen readers.
 */
export function picturesSvg(
  frames: readonly SvgFrame[],
  width: number,
  height: number,
  background: string | null,
  title: string,
  /** A key for the whole picture (a figure sheet's), its top at y, sized as for diagrams of `size`. */
  key?: { readonly rows: readonly KeyRow[]; readonly y: number; readonly size: number },
): string {
  const body: string[] = []
  if (background) body.push(`<rect class="background" x="0" y="0" width="${num(width)}" height="${num(height)}" fill="${background}"/>`)
  for (const f of frames) {
    const c = f.crop ?? { x1: 0, y1: 0, x2: f.scene.width, y2: f.scene.height }
    body.push(`<g class="diagram" transform="translate(${num(f.x - c.x1)} ${num(f.y - c.y1)})">${sceneElements(f.scene)}</g>`)
    if (f.caption) body.push(captionSvg(f.caption))
    // The key runs from the picture's left edge (it may be wider than the board).
    if (f.key && f.key.length > 0) body.push(keySvg(f.key, 0, f.y + (c.y2 - c.y1), c.x2 - c.x1))
  }
  if (key) body.push(keySvg(key.rows, 0, key.y, key.size))
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" font-family="${FONT}" text-anchor="middle">` +
    `<title>${escapeXml(title)}</title>${body.join('')}</svg>\n`
  )
}
