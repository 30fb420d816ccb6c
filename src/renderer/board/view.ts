/**
 * What the one board component (BoardCanvas.vue) needs from a kind of document to draw its
 * position and take clicks: the scene in a box, the board's proportions, what its still layer
 * depends on, and words for screen readers. The canvas knows no rules: the kind's scene says
 * where each cell is, and a click is reported as a cell.
 */
import type { Scene } from './scene'

export interface BoardView {
  /** Height over width of the board's picture. */
  readonly aspect: number
  /** The scene in a box of width x height pixels; `cursor`: the keyboard's cursor, ringed. */
  scene(width: number, height: number, cursor?: number): Scene
  /** What the board's own layer (holes, lattice, camps, coordinates) depends on: it is redrawn when one of these changes. */
  readonly boardKey: readonly unknown[]
  /** A cell in words, for the keyboard's cursor: "d4: blue man, type 2". */
  describe(cell: number): string
  /** Where the men stand, in words: the board's text alternative. */
  readonly menText: readonly string[]
  /** The cell the keyboard's cursor starts on: the selected man, or the last man moved, or a man. */
  readonly start: number
  /** Attributes the board element publishes for tests and tools (data-*). */
  readonly data?: Readonly<Record<string, string>>
}

/** A move being animated hop by hop (the board plays it, then shows the position). */
export interface Animation {
  readonly id: number
  readonly path: readonly number[]
}
