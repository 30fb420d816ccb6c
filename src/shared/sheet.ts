/**
 * Figure sheets: a grid of diagrams for a range of moves, like the paper's Figure 6 (the position
 * after each move, with that move drawn). Pure layout: which ply goes where, in pixels, and the
 * size of the whole sheet; the renderer draws the diagrams into the frames.
 */
import { diagnostic, err, ok, type Diagnostic, type Result } from './result'

export interface SheetSpec {
  /** First and last ply shown (0 is the start position). */
  readonly from: number
  readonly to: number
  /** Diagrams per row. */
  readonly columns: number
  /** Side of one square diagram, in pixels. */
  readonly size: number
  /** Space between diagrams and around the sheet. */
  readonly gap: number
  /** Height of the caption line under each diagram. */
  readonly caption: number
}

export interface SheetFrame {
  readonly ply: number
  readonly x: number
  readonly y: number
  /** Centre of the caption line. */
  readonly captionX: number
  readonly captionY: number
}

export interface SheetLayout {
  readonly width: number
  readonly height: number
  readonly frames: readonly SheetFrame[]
}

/** Most diagrams on one sheet. */
export const MAX_SHEET_DIAGRAMS = 64

export const DEFAULT_SHEET: Omit<SheetSpec, 'from' | 'to'> = { columns: 4, size: 240, gap: 12, caption: 22 }

/**
 * Where each diagram of a sheet goes. `frame`: the size each diagram takes when it is not the
 * square of spec.size (a picture cropped to the board); the grid is laid out with it.
 */
export function sheetLayout(
  spec: SheetSpec,
  plies: number,
  frame?: { readonly width: number; readonly height: number },
): Result<SheetLayout, Diagnostic> {
  const { from, to, columns, size, gap, caption } = spec
  if (![from, to, columns, size, gap, caption].every(Number.isInteger)) {
    return err(diagnostic('sheet.number', 'the figure sheet needs whole numbers'))
  }
  if (from < 0 || to > plies || from > to) {
    return err(diagnostic('sheet.range', `moves ${from}-${to} are not a range within 0-${plies} (0 is the start position)`))
  }
  const count = to - from + 1
  if (count > MAX_SHEET_DIAGRAMS) {
    return err(diagnostic('sheet.size', `${count} diagrams are too many for one sheet (at most ${MAX_SHEET_DIAGRAMS})`))
  }
  if (columns < 1 || columns > 16) return err(diagnostic('sheet.columns', 'columns must be 1-16'))
  if (size < 60 || size > 2000) return err(diagnostic('sheet.diagram', 'a diagram must be 60-2000 pixels'))
  const w = frame?.width ?? size
  const h = frame?.height ?? size
  const cols = Math.min(columns, count)
  const rows = Math.ceil(count / cols)
  const frames: SheetFrame[] = []
  for (let k = 0; k < count; k++) {
    const x = gap + (k % cols) * (w + gap)
    const y = gap + Math.floor(k / cols) * (h + caption + gap)
    frames.push({ ply: from + k, x, y, captionX: x + w / 2, captionY: y + h + caption / 2 })
  }
  const width = gap + cols * (w + gap)
  const height = gap + rows * (h + caption + gap)
  return ok({ width, height, frames })
}

/**
 * The largest picture browsers encode: 16,384 pixels a side and 2^28 pixels in all (Chromium's
 * canvas limits; past them toBlob fails, issue 16 defect 12).
 */
export const MAX_PICTURE_SIDE = 16_384
export const MAX_PICTURE_AREA = 2 ** 28

/** Whether a sheet of width x height drawn at `scale` can be encoded; else what to change. */
export function pictureFits(width: number, height: number, scale: number): Result<true, Diagnostic> {
  const w = width * scale
  const h = height * scale
  if (w <= MAX_PICTURE_SIDE && h <= MAX_PICTURE_SIDE && w * h <= MAX_PICTURE_AREA) return ok(true)
  return err(
    diagnostic(
      'sheet.too-large',
      `the figure sheet would be ${w.toLocaleString('en-US')} x ${h.toLocaleString('en-US')} pixels, more than a picture can hold (at most ${MAX_PICTURE_SIDE.toLocaleString('en-US')} a side and ${(MAX_PICTURE_AREA / 1e6).toFixed(0)} million in all): use smaller diagrams, fewer moves or a smaller scale`,
    ),
  )
}
