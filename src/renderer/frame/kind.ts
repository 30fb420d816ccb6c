/**
 * The kind contract: what a kind of document (a transfer or two-player game, a solitaire army, a
 * game of 2 to 6 players, and the kinds to come) gives the workbench frame. The frame holds one
 * current document of any kind, its undo history, its file, the move tree the stepper follows (side
 * lines, comments), the unsaved marker and the autosave; it asks the kind for what only the kind
 * knows: how its documents are read and written, how a line of moves plays, what a click on the
 * board does, and (kinds/<kind>/views.ts) the scene, the measures and charts, the editor and the jobs.
 *
 * A move of every kind is the cells one man visits, in order (a step: two cells; a chain of jumps:
 * more), as the kind numbers its cells; so one move tree (shared/variations.ts) serves every kind,
 * and the frame compares moves without knowing their rules. docs/WORKBENCH.md has the checklist
 * for adding a kind.
 */
import type { Variant } from '../../shared/play/variant'
import type { MoveTree } from '../../shared/variations'

/** A move: the cells one man visits, in order. */
export type Path = readonly number[]
export type LineTree = MoveTree<Path>

/** A move of a line as played: its notation, who made it, and whether it is a step or jumps. */
export interface PlayedMove {
  readonly path: Path
  /** As the kind's notation writes it ("b1-d1-d3", "blue: c5-c3"). */
  readonly text: string
  /** The army or player that made it (colours in the move list). */
  readonly mover: number
  /** A step is set in italics, jumps in bold with their number of hops. */
  readonly style?: 'step' | 'jump'
  readonly hops?: number
}

/** A line of moves played from the start: the moves that are legal, how it ends, and why it stops short. */
export interface PlayedLine {
  readonly moves: readonly PlayedMove[]
  /** The line's end (a win, the target reached) and at which ply; null while it goes on. */
  readonly end: { readonly ply: number; readonly text: string } | null
  /** Why the moves given were cut short before the first that is not legal ("move 4: ..."), or null. */
  readonly fault: string | null
}

/** A line the document stores (a solution, a line of play): its title and its tree. */
export interface StoredLine {
  readonly title: string
  readonly tree: LineTree
}

/** What a click on a cell does in play mode. */
export type Click =
  | { readonly kind: 'select'; readonly from: number; readonly to: readonly number[] }
  | { readonly kind: 'clear' }
  | { readonly kind: 'play'; readonly path: Path }
  | { readonly kind: 'refused'; readonly reason: string }

/** The man picked to move and where he may go. */
export interface Picked {
  readonly from: number
  readonly to: readonly number[]
}

/** A document the workbench ships (resources/), offered in the Examples menu. */
export interface Example {
  readonly name: string
  readonly title: string
  readonly text: string
}

/**
 * A kind of document. D: the document as the kind holds it (checked, immutable); L: a line played,
 * with whatever the kind keeps of it (positions, measures) for its own views.
 */
export interface KindModel<D = unknown, L extends PlayedLine = PlayedLine> {
  /** Its name in code, in the session and in the registry. */
  readonly id: string
  /** What one is called: "problem", "solitaire army", "game of 2 to 6 players". */
  readonly noun: string
  /** The file suffix, and the name of a new document. */
  readonly suffix: string
  readonly untitled: string
  /** The name a new document is given when its choices name it ("conway-level4.army.json"); else `untitled`. */
  nameOf?(doc: D): string
  /** What a stored line is called: "solution", "line". */
  readonly lineNoun: string
  /**
   * Whether a stored line that ends must go on ending: an edit that would leave a transfer's
   * solution short of the target (or a won game unwon) is refused, with the reason.
   */
  readonly keepsEnds: boolean
  /** How many lines a document holds (a solitaire army: one, its solution). */
  readonly maxLines: number
  /** The document the workbench starts with, and New makes without choices. */
  blank(): D
  /** Whether a text claims to be a document of this kind (its format field). */
  claims(text: string): boolean
  /** A document from its text; a fault names what is wrong and where. */
  parse(text: string, name: string): { ok: true; value: D } | { ok: false; error: string }
  format(doc: D): string
  title(doc: D): string
  /** What makes the problem: a change of it starts the stepper afresh (a change of title or notes does not). */
  problemKey(doc: D): string
  lines(doc: D): readonly StoredLine[]
  /** The document with stored line k (k = lines.length: a new one, titled `title`) set to the tree; a fault if it cannot hold it. */
  withLine(doc: D, k: number, tree: LineTree, title?: string): { ok: true; value: D } | { ok: false; error: string }
  /** Play moves from the start; the line stops before the first that is not legal (its fault says why). */
  replay(doc: D, moves: readonly Path[]): L
  /** Moves written in the kind's notation (pasted), checked; a fault names the move and why. */
  parseMoves(doc: D, text: string): { ok: true; value: Path[] } | { ok: false; error: string }
  /** A line in the kind's notation (Copy). */
  lineText(doc: D, line: L): string
  /** A move's notation where it stands (side lines in the move list). */
  moveText(doc: D, path: Path, ply: number): string
  /** Who plays at a ply (colours in the move list). */
  moverAt(doc: D, ply: number): number
  /** How a mover's moves are marked in the move list: in their army's colour, or (light colours) with a dot of it; null: one army, no mark. */
  moverMark(doc: D, mover: number): { readonly colour: string; readonly dot: boolean } | null
  /** What a line that has not ended yet lacks: "the target is not reached yet". */
  notEnded(doc: D): string
  /** A click on a cell in play mode, with the man picked before (or null). */
  click(doc: D, line: L, ply: number, picked: Picked | null, cell: number): Click
  /**
   * The game the playing engine plays from this document (shared/play/variant.ts: its cells numbered
   * as the kind numbers them, so the engine's moves are the kind's paths), or null where there is no
   * game to play (a transfer is a puzzle). The engine's pane (engine/) serves every document that has one.
   */
  engineGame?(doc: D): Variant | null
}

/** Any kind, as the frame holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKind = KindModel<any, PlayedLine>

/** A kind's `parse` from a reader that throws on bad input (its message names what is wrong and where). */
export function parseOrFault<D>(read: (text: string, name: string) => D): KindModel<D>['parse'] {
  return (text, name) => {
    try {
      return { ok: true, value: read(text, name) }
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) }
    }
  }
}
