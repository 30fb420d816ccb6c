/**
 * The views each kind plugs into the frame's panes (frame/kind.ts has the document side): what the
 * board draws (in play mode and in edit mode), the charts and the line read out above them, the
 * pictures the export makes, and the components of its own: the switches over the board, the
 * legend under it, the measures, the editor, the jobs, and the form that makes a new document.
 *
 * The overlay and pane slot for views that serve several kinds (an engine's analysis, a tablebase's
 * verdicts): a pane is a component shown under the kind's own in the side pane when it applies to
 * the current document, and it may draw on the board through the scene's arrows and marks
 * (board/scene.ts) by way of the kind's board view (docs/WORKBENCH.md, "Panes that serve every kind").
 */
import type { Component } from 'vue'
import type { DiagramOf } from '../board/picture'
import type { BoardView } from '../board/view'
import type { ChartDef } from './charts'
import type { PlayedLine } from './kind'

/** A kind's live face: a Pinia store the frame reads (values unwrapped). */
export interface KindLive {
  /** The board as it is drawn now: the position (play mode) or the thing being edited (edit mode). */
  readonly board: BoardView
  /** The line above the board: whose turn it is (`mover`), or what a click does; a dot in `colour` when given. */
  readonly turn: { readonly text: string; readonly colour?: string; readonly mover?: number }
  /** The charts of a line (the line shown, and one compared with it). */
  chartsOf(line: PlayedLine): ChartDef[]
  /** The measures at the current move, in one line of text above the charts. */
  readonly readout: string
  /** A position for the export's pictures. */
  readonly diagramAt: DiagramOf
  /** The position as text, for Copy position. */
  readonly positionText: string
  /** A click on the board in edit mode (shift: the kind's wider action, a whole row); none: the board is not edited by clicks. */
  editClick?(cell: number, shift: boolean): void
  /** Entering and leaving edit mode, for a kind whose editor keeps a draft of its own. */
  beginEdit?(): void
  leaveEdit?(): void
  /** An editor with an undo history of its own (a problem's draft): Ctrl+Z in edit mode goes there. */
  undoEdit?(): void
  redoEdit?(): void
  /** Bumped when a step should fade the men a move captured. */
  readonly fade?: number
}

/** A pane that serves several kinds (an analysis, a tablebase): shown when it applies to the document. */
export interface SharedPane {
  readonly id: string
  applies(kindId: string, doc: unknown): boolean
  readonly component: Component
}

export interface KindViews {
  /** The live face (a Pinia store; the same instance on every call). */
  use(): KindLive
  /** The edit mode's tab: "Edit problem", "Edit army", "Edit game". */
  readonly editLabel: string
  /** The form of File > New for this kind: it emits `make` with a new document. */
  readonly New: Component
  readonly Overlays?: Component
  readonly Legend?: Component
  readonly Measures: Component
  readonly Editor: Component
  readonly Jobs?: Component
}
