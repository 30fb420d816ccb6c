/**
 * Pictures for papers and posts, laid out without a canvas: one diagram, or a figure sheet (a grid
 * of diagrams for a range of moves, shared/sheet.ts lays it out, like the paper's Figure 6). Every
 * kind's scenes go through the same code, cropped to the board (the box around what is drawn,
 * rather than the square it was fitted in); svg.ts writes a picture as SVG and konva.ts as PNG.
 *
 * A diagram's picture is `size` pixels on its longer side (issue 27, defect 11: the size asked for
 * was that of the square before the crop, so 600 gave 387 x 615): the scene is drawn in a square of
 * `size`, cropped, and the picture is scaled (`zoom`) so that its longer side is `size` exactly.
 */
import { pictureFits, sheetLayout, type SheetSpec } from '../../shared/sheet'
import { err, ok, type Diagnostic, type Result } from '../../shared/result'
import { keyWidth, textWidth } from './paint'
import type { Box } from './place'
import { keyHeight, type Caption, type CaptionPart, type KeyRow, type Scene } from './scene'

export const BACKGROUNDS = { white: '#ffffff', board: '#fbf8f1', transparent: null } as const
export type Background = keyof typeof BACKGROUNDS


export interface PictureOptions {
  /** The picture's longer side in CSS pixels (a diagram); a sheet's diagram side. */
  readonly size: number
  /** Pixels per CSS pixel in a PNG (2 for print). */
  readonly scale: number
  readonly background: Background
  readonly coordinates: boolean
  /** Draw the overlays that are on and the current move. */
  readonly overlays: boolean
}

/** What a kind gives the export for one position: its scene in a box, and the key under it. */
export interface Diagram {
  readonly scene: Scene
  readonly key?: readonly KeyRow[]
}
/** A position drawn for a picture, in a square of `size` pixels, with the export's choices. */
export type DiagramOf = (ply: number, size: number, o: Pick<PictureOptions, 'coordinates' | 'overlays'>) => Diagram

export interface PictureFrame {
  readonly scene: Scene
  /** Where the crop's corner goes in the picture. */
  readonly x: number
  readonly y: number
  /** The part of the scene shown. */
  readonly crop: Box
  readonly caption?: Caption
  readonly key?: readonly KeyRow[]
}

export interface Picture {
  readonly frames: readonly PictureFrame[]
  /** The drawing's size in the scenes' pixels. */
  readonly units: { readonly width: number; readonly height: number }
  /** Picture pixels per scene pixel. */
  readonly zoom: number
  /** The picture's size in CSS pixels. */
  readonly width: number
  readonly height: number
  readonly background: string | null
  /** A key for the whole picture (a figure sheet's), its top at y, sized as for diagrams of `size`. */
  readonly key?: { readonly rows: readonly KeyRow[]; readonly y: number; readonly size: number }
  readonly title: string
}

/** The box around what a scene draws, padded by `pad` pixels and kept inside the scene, with whole-pixel edges. */
export function sceneBounds(scene: Scene, pad = Math.max(4, Math.min(scene.width, scene.height) * 0.015)): Box {
  if (scene.frame) return scene.frame
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity]
  const add = (a: number, b: number, c: number, d: number): void => {
    ;[x1, y1, x2, y2] = [Math.min(x1, a), Math.min(y1, b), Math.max(x2, c), Math.max(y2, d)]
  }
  const circle = (c: { x: number; y: number; r: number }, k = 1): void => add(c.x - c.r * k, c.y - c.r * k, c.x + c.r * k, c.y + c.r * k)
  for (const h of scene.holes) circle(h, 1.2)
  for (const c of scene.cells) circle(c)
  for (const m of scene.men) circle(m, 1.3)
  for (const q of scene.squares ?? []) add(q.x, q.y, q.x + q.size, q.y + q.size)
  for (const l of [...scene.coordinates, ...(scene.rungLabels ?? []), ...(scene.typeLabels ?? []), ...(scene.cellLabels ?? [])]) {
    const hw = textWidth(l.text, l.size) / 2
    add(l.x - hw, l.y - l.size / 2, l.x + hw, l.y + l.size / 2)
  }
  const m = scene.mirror?.points ?? []
  for (let k = 0; k + 1 < m.length; k += 2) add(m[k]!, m[k + 1]!, m[k]!, m[k + 1]!)
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
  return boxes.reduce((a, b) => ({ x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1), x2: Math.max(a.x2, b.x2), y2: Math.max(a.y2, b.y2) }))
}

/**
 * One diagram as a picture: the scene cropped to the board, the key under it (the picture as wide
 * as the key if that is wider, the board centred over it), the whole scaled to `size` on its longer side.
 */
export function diagramPicture(d: Diagram, o: Pick<PictureOptions, 'size' | 'background'>, title: string): Picture {
  const crop = sceneBounds(d.scene)
  const key = d.key ?? []
  const board = crop.x2 - crop.x1
  const width = Math.max(board, key.length > 0 ? keyWidth(key, board) : 0)
  const height = crop.y2 - crop.y1 + keyHeight(key.length, board)
  const zoom = o.size / Math.max(width, height)
  const frame: PictureFrame = { scene: d.scene, x: Math.floor((width - board) / 2), y: 0, crop, ...(key.length > 0 && { key }) }
  return {
    frames: [frame],
    units: { width, height },
    zoom,
    width: Math.round(width * zoom),
    height: Math.round(height * zoom),
    background: BACKGROUNDS[o.background],
    title,
  }
}

/** A caption's text: plain text is one upright part. */
export type CaptionText = string | readonly CaptionPart[]
const partsOf = (t: CaptionText): readonly CaptionPart[] => (typeof t === 'string' ? [{ text: t, italic: false }] : t)

/**
 * A figure sheet: every diagram cropped to the same box (the union of their bounds, so that the grid
 * stays even), a caption under each, all captions in one size (the largest that keeps the longest
 * inside its frame: issue 27, defect 15, they were set one by one and came out uneven); with ladders
 * drawn, a key under the sheet of the four types' lanes (each diagram's ladders differ).
 */
export function sheetPicture(
  diagramAt: DiagramOf,
  caption: (ply: number) => CaptionText,
  plies: number,
  spec: SheetSpec,
  o: Omit<PictureOptions, 'size'>,
  title: string,
): Result<Picture, Diagnostic> {
  const square = sheetLayout(spec, plies)
  if (!square.ok) return err(square.error)
  const size = spec.size
  const scenes = square.value.frames.map((f) => diagramAt(f.ply, size, o).scene)
  const crop = unionBox(scenes.map((s) => sceneBounds(s)))
  const layout = sheetLayout(spec, plies, { width: crop.x2 - crop.x1, height: crop.y2 - crop.y1 })
  if (!layout.ok) return err(layout.error)
  const texts = layout.value.frames.map((f) => partsOf(caption(f.ply)))
  const longest = Math.max(1, ...texts.map((t) => t.reduce((n, p) => n + p.text.length, 0)))
  const font = Math.max(6, Math.min(16, Math.max(10, size / 18), (crop.x2 - crop.x1 + spec.gap) / (0.6 * longest)))
  const frames: PictureFrame[] = layout.value.frames.map((f, k) => ({
    scene: scenes[k]!,
    x: f.x,
    y: f.y,
    crop,
    caption: { x: f.captionX, y: f.captionY, parts: texts[k]!, size: font, colour: '#333333' },
  }))
  const withLanes = o.overlays && scenes.some((s) => (s.lanes ?? []).length > 0)
  const rows: KeyRow[] = withLanes
    ? [
        { key: '', text: 'ladder lanes, by the type of man they carry', types: [0, 1, 2, 3], path: false },
        { key: '', text: 'the move played', types: [], path: true },
      ]
    : []
  const width = Math.max(layout.value.width, rows.length > 0 ? keyWidth(rows, size) : 0)
  const height = layout.value.height + keyHeight(rows.length, size)
  const fits = pictureFits(width, height, o.scale)
  if (!fits.ok) return err(fits.error)
  return ok({
    frames,
    units: { width, height },
    zoom: 1,
    width,
    height,
    background: BACKGROUNDS[o.background],
    ...(rows.length > 0 && { key: { rows, y: layout.value.height - spec.gap, size } }),
    title,
  })
}
