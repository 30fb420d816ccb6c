/**
 * Pictures (picture.ts) as SVG text, for papers: the shapes paint.ts lists, written as SVG elements
 * by a pure function (no DOM, no canvas), so that the picture is vector, its text stays text, and
 * tests read it. Men are one `<circle class="man">` each, with data-cell naming the cell.
 *
 * Written by hand rather than with a library: the shapes are already plain, and the few elements
 * needed (circle, polyline, path, polygon, rect, text) are simpler to write than to route through a
 * drawing library's object model (svg.js and the like want a DOM; canvas-to-SVG shims lose the text).
 */
import { captionShape, paintBoard, paintKey, paintPosition, type Shape } from './paint'
import type { Picture } from './picture'

const FONT = 'system-ui, sans-serif'

/** A number as SVG writes it: at most two decimals, no trailing zeros. */
export const num = (n: number): string => String(Math.round(n * 100) / 100)

/** Text made safe for XML content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
}

const pts = (p: readonly number[]): string => p.map(num).join(' ')

/** The attributes every shape may have. */
function common(s: Shape): string {
  return `${s.cls ? ` class="${s.cls}"` : ''}${s.data !== undefined ? ` data-cell="${escapeXml(s.data)}"` : ''}${
    s.opacity !== undefined ? ` opacity="${num(s.opacity)}"` : ''
  }`
}

function stroke(colour: string | undefined, width: number | undefined, dash?: readonly number[]): string {
  if (!colour) return ''
  return ` stroke="${colour}" stroke-width="${num(width ?? 1)}"${dash && dash.length > 0 ? ` stroke-dasharray="${pts(dash)}"` : ''}`
}

/** An arrow along points: the line stops where the head begins, the head's tip on the last point. */
function arrow(s: Extract<Shape, { t: 'arrow' }>): string {
  const p = s.points
  const n = p.length
  const [ax, ay, bx, by] = [p[n - 4]!, p[n - 3]!, p[n - 2]!, p[n - 1]!]
  const d = Math.hypot(bx - ax, by - ay) || 1
  const [ux, uy] = [(bx - ax) / d, (by - ay) / d]
  const base = [bx - ux * s.head, by - uy * s.head] as const
  const half = s.head / 2
  const tip = [bx, by, base[0] - uy * half, base[1] + ux * half, base[0] + uy * half, base[1] - ux * half]
  return (
    `<g${common(s)}><polyline points="${pts([...p.slice(0, n - 2), ...base])}" fill="none"${stroke(s.colour, s.width)} stroke-linejoin="round"/>` +
    `<polygon points="${pts(tip)}" fill="${s.colour}"/></g>`
  )
}

function text(s: Extract<Shape, { t: 'text' }>): string {
  const edge = s.edge ? ` stroke="${s.edge.colour}" stroke-width="${num(s.edge.width)}" paint-order="stroke"` : ''
  const body = s.parts.map((p) => (p.italic ? `<tspan font-style="italic">${escapeXml(p.text)}</tspan>` : escapeXml(p.text))).join('')
  return `<text${common(s)} x="${num(s.x)}" y="${num(s.y)}" font-size="${num(s.size)}"${s.bold ? ' font-weight="bold"' : ''} fill="${s.fill}"${edge}${
    s.anchor === 'start' ? ' text-anchor="start"' : ''
  } dominant-baseline="central">${body}</text>`
}

/** One shape as an SVG element (a shadow is the live board's only). */
export function shapeSvg(s: Shape): string {
  switch (s.t) {
    case 'circle':
      return `<circle${common(s)} cx="${num(s.x)}" cy="${num(s.y)}" r="${num(s.r)}" fill="${s.fill ?? 'none'}"${stroke(s.stroke, s.width, s.dash)}/>`
    case 'line': {
      const look = `fill="none"${stroke(s.stroke, s.width, s.dash)}${s.cap ? ` stroke-linecap="${s.cap}"` : ''}`
      if (!s.segments) return `<polyline${common(s)} points="${pts(s.points)}" ${look}/>`
      let d = ''
      for (let k = 0; k + 3 < s.points.length; k += 4)
        d += `M${num(s.points[k]!)} ${num(s.points[k + 1]!)}L${num(s.points[k + 2]!)} ${num(s.points[k + 3]!)}`
      return `<path${common(s)} d="${d}" ${look}/>`
    }
    case 'arrow':
      return arrow(s)
    case 'rect':
      return `<rect${common(s)} x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}"${s.radius ? ` rx="${num(s.radius)}"` : ''} fill="${s.fill ?? 'none'}"${stroke(s.stroke, s.width)}/>`
    case 'text':
      return text(s)
  }
}

const svgOf = (shapes: readonly Shape[]): string => shapes.map(shapeSvg).join('')

/**
 * A picture as an SVG document: its size in pixels (width, height and the viewBox), its drawing in
 * the scenes' pixels scaled by the picture's zoom, on a background colour or transparent, with a
 * title for readers and screen readers.
 */
export function pictureSvg(p: Picture): string {
  const { width: w, height: h } = p.units
  const body: string[] = []
  if (p.background) body.push(`<rect class="background" x="0" y="0" width="${num(w)}" height="${num(h)}" fill="${p.background}"/>`)
  for (const f of p.frames) {
    const c = f.crop
    body.push(`<g class="diagram" transform="translate(${num(f.x - c.x1)} ${num(f.y - c.y1)})">${svgOf([...paintBoard(f.scene), ...paintPosition(f.scene)])}</g>`)
    if (f.caption) body.push(shapeSvg(captionShape(f.caption)))
    // The key runs from the picture's left edge (it may be wider than the board).
    if (f.key && f.key.length > 0) body.push(`<g class="key">${svgOf(paintKey(f.key, 0, f.y + (c.y2 - c.y1), c.x2 - c.x1))}</g>`)
  }
  if (p.key) body.push(`<g class="key">${svgOf(paintKey(p.key.rows, 0, p.key.y, p.key.size))}</g>`)
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}" font-family="${FONT}" text-anchor="middle">` +
    `<title>${escapeXml(p.title)}</title>${p.zoom === 1 ? body.join('') : `<g transform="scale(${num(p.zoom)})">${body.join('')}</g>`}</svg>\n`
  )
}
