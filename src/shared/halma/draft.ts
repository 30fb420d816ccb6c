/**
 * The problem editor's draft: a board painted cell by cell on a grid, men of each army placed by
 * hand, a target marked cell by cell or chosen as the mirror image (or rotation) of the start, and
 * the rules. A draft may be wrong while it is being edited (a target of the wrong size, a man on a
 * cell painted off); checkDraft says what is wrong, in the document checker's own words, and gives
 * the document once nothing is. Every edit returns a new draft (drafts go on an undo history).
 */
import { presetArmy, type ArmyPreset } from './armies'
import { boardByName, boardMask, MAX_SIDE } from './board'
import { cellName, parseCellName } from '../cell'
import { FORMAT, interpret, specFromProblem, PLAIN_VERSION, type DocumentSpec, type HalmaDocument } from './document'
import type { ProblemKind } from './problem'
import { describe, diagnostic, type Diagnostic } from '../result'
import type { Diagonal, MoveSet } from './rules'
import { mapCells, symmetry } from './symmetry'

export interface DraftRules {
  readonly moves: MoveSet
  readonly diagonal: Diagonal
  readonly jumpsOnly: boolean
  readonly longJumps: boolean
}

/** Where the target is: a symmetry of the start, or cells by name. */
export type DraftTarget = 'mirror' | 'rotate' | readonly string[]

export interface Draft {
  readonly kind: ProblemKind
  readonly title: string
  readonly width: number
  readonly height: number
  /** One string per row j = 1..height, `#` a cell of the board, `.` none. */
  readonly mask: readonly string[]
  /** The preset board the mask came from, while it is unchanged (`9x9`, `star`). */
  readonly preset?: string
  readonly rules: DraftRules
  /** Men of each army by cell name (one army for a transfer, two for a game). */
  readonly armies: readonly (readonly string[])[]
  /** A transfer's target. */
  readonly target: DraftTarget
  /** The title was typed by the user: edits keep it (otherwise they retitle the draft). */
  readonly titleTyped?: boolean
}

/** Largest grid the editor paints. */
export const MAX_GRID = MAX_SIDE

/** The draft of an existing document (what the editor starts from). */
export function draftOf(doc: HalmaDocument): Draft {
  const p = doc.problem
  const spec = specFromProblem(p)
  const names = (cells: readonly number[]): string[] => cells.map((c) => cellName(p.board.col[c]!, p.board.row[c]!))
  const target = doc.spec.armies[0]?.target
  return {
    kind: p.kind,
    title: doc.spec.title ?? p.title,
    // A title the product made up follows the edits; one the user wrote is kept.
    ...(!isGeneratedTitle(doc.spec.title ?? p.title) && { titleTyped: true }),
    width: p.board.width,
    height: p.board.height,
    mask: boardMask(p.board),
    ...(typeof spec.board === 'string' && { preset: spec.board }),
    rules: { moves: p.rules.moves, diagonal: p.rules.diagonal, jumpsOnly: p.rules.jumpsOnly, longJumps: p.rules.longJumps },
    armies: p.armies.map((a) => names(a.start)),
    target: p.kind === 'game' ? 'mirror' : typeof target === 'string' ? target : names(p.armies[0]!.target),
  }
}

/** A draft from presets: an army on a preset board (and, for a game, its opponent opposite). */
export function presetDraft(board: string, army: ArmyPreset, moves: MoveSet, kind: ProblemKind = 'transfer'): Draft | Diagnostic {
  const b = boardByName(board)
  if (!b.ok) return b.error
  const cells = presetArmy(b.value, army)
  if (!cells.ok) return cells.error
  const names = (list: readonly number[]): string[] => list.map((c) => cellName(b.value.col[c]!, b.value.row[c]!))
  const armies = [names(cells.value)]
  if (kind === 'game') {
    const rot = symmetry(b.value, 'rotate')
    if (!rot) return diagnostic('draft.game', `the ${board} board has no opposite corner for a second army`)
    armies.push(names(mapCells(rot, cells.value)))
  }
  return {
    kind,
    title: `${army} ${kind === 'game' ? 'game' : 'across the board'}, ${b.value.id}, ${moves}`,
    width: b.value.width,
    height: b.value.height,
    mask: boardMask(b.value),
    preset: b.value.id,
    rules: { moves, diagonal: 'anti', jumpsOnly: false, longJumps: false },
    armies,
    target: symmetry(b.value, 'mirror') ? 'mirror' : 'rotate',
  }
}

/** An empty square grid of side n with every cell on. */
export function blankDraft(n: number, moves: MoveSet = '6-move'): Draft {
  const side = Math.max(2, Math.min(MAX_GRID, Math.trunc(n)))
  return {
    kind: 'transfer',
    title: `custom ${side} x ${side} problem`,
    width: side,
    height: side,
    mask: Array.from({ length: side }, () => '#'.repeat(side)),
    preset: `${side}x${side}`,
    rules: { moves, diagonal: 'anti', jumpsOnly: false, longJumps: false },
    armies: [[]],
    target: 'mirror',
  }
}

/** Whether grid point (i, j) is painted on. */
export function isOn(d: Draft, i: number, j: number): boolean {
  const ch = d.mask[j - 1]?.[i - 1]
  return ch !== undefined && ch !== '.' && ch !== ' '
}

/** Paint a grid cell on or off (the board becomes a custom mask). */
export function toggleCell(d: Draft, i: number, j: number): Draft {
  if (i < 1 || j < 1 || i > d.width || j > d.height) return d
  const on = isOn(d, i, j)
  const mask = d.mask.map((row, k) => (k === j - 1 ? row.slice(0, i - 1).padEnd(i - 1, '.') + (on ? '.' : '#') + row.slice(i) : row))
  const { preset: _dropped, ...rest } = d
  return { ...rest, mask }
}

/** Put a man of `army` on (i, j), replacing any man there; `army` null removes the man. */
export function setMan(d: Draft, i: number, j: number, army: number | null): Draft {
  const name = cellName(i, j)
  const armies = d.armies.map((cells) => cells.filter((c) => c !== name))
  if (army !== null && army >= 0 && army < armies.length) armies[army] = [...armies[army]!, name]
  return { ...d, armies }
}

/** Which army's man stands on (i, j), or -1. */
export function manAt(d: Draft, i: number, j: number): number {
  const name = cellName(i, j)
  return d.armies.findIndex((cells) => cells.includes(name))
}

/**
 * Mark or unmark a target cell by hand. A target that was a symmetry of the start becomes those
 * cells first (taken from the draft's document if it has one), so marking starts from what is shown.
 */
export function toggleTarget(d: Draft, i: number, j: number, current: readonly string[] = []): Draft {
  const name = cellName(i, j)
  const cells = typeof d.target === 'string' ? [...current] : [...d.target]
  const at = cells.indexOf(name)
  if (at >= 0) cells.splice(at, 1)
  else cells.push(name)
  return { ...d, target: cells }
}

export function setTarget(d: Draft, target: DraftTarget): Draft {
  return { ...d, target }
}

export function setRules(d: Draft, rules: Partial<DraftRules>): Draft {
  return { ...d, rules: { ...d.rules, ...rules } }
}

export function setTitle(d: Draft, title: string): Draft {
  return { ...d, title, titleTyped: true }
}

/**
 * A title that says what the draft is, for an edited problem whose title the user did not type
 * (issue 16, defect 10: a custom 3-man problem kept "triangle10 across the 9x9 board"):
 * "custom transfer: 3 men on a 9x9 board, 6-move".
 */
export function describeDraft(d: Draft): string {
  const men = d.armies.map((a) => a.length)
  const army = d.kind === 'game' ? `${men[0] ?? 0} men a side` : `${men[0] ?? 0} ${men[0] === 1 ? 'man' : 'men'}`
  const board = d.preset ? `the ${d.preset} board` : `a custom ${d.width} x ${d.height} board`
  return `custom ${d.kind}: ${army} on ${board}, ${d.rules.moves}`
}

/**
 * Whether a title is one the product writes itself: a preset's ("triangle10 across the 9x9 board,
 * 6-move", "triangle10 across the board, 9x9, 6-move", "triangle10 game, 9x9, 6-move"), a blank
 * grid's ("custom 7 x 7 problem") or describeDraft's.
 */
export function isGeneratedTitle(t: string): boolean {
  return (
    /^[\w-]+ across the [\w-]+ board, [\w-]+$/.test(t) ||
    /^[\w-]+ (across the board|game), [\w-]+, [\w-]+$/.test(t) ||
    /^custom \d+ x \d+ problem$/.test(t) ||
    /^custom (transfer|game): /.test(t)
  )
}

/** The draft retitled by describeDraft, unless its title was typed. */
export function retitled(d: Draft): Draft {
  return d.titleTyped ? d : { ...d, title: describeDraft(d) }
}

/** A transfer has one army, a game two: switching keeps the first army and adds or drops the second. */
export function setKind(d: Draft, kind: ProblemKind): Draft {
  if (kind === d.kind) return d
  return { ...d, kind, armies: kind === 'game' ? [d.armies[0] ?? [], []] : [d.armies[0] ?? []] }
}

/** Resize the grid (new cells on; men and targets outside stay, and are reported). */
/**
 * A grid of w x h cells, every cell on (issue 16, defect 9: a star resized to side 5 kept the
 * star's holes, 24 of 25 cells off), with the men and target cells that fit in it; those outside
 * are dropped (they could not be removed once off the grid).
 */
export function resizeDraft(d: Draft, width: number, height: number): Draft {
  const w = Math.max(2, Math.min(MAX_GRID, Math.trunc(width)))
  const h = Math.max(2, Math.min(MAX_GRID, Math.trunc(height)))
  const mask = Array.from({ length: h }, () => '#'.repeat(w))
  const inside = (name: string): boolean => {
    const p = parseCellName(name)
    return p.ok && p.value.i <= w && p.value.j <= h
  }
  const { preset: _dropped, ...rest } = d
  return {
    ...rest,
    width: w,
    height: h,
    mask,
    armies: d.armies.map((a) => a.filter(inside)),
    target: typeof d.target === 'string' ? d.target : d.target.filter(inside),
  }
}

/** The document spec a draft stands for (checked by checkDraft). */
export function draftSpec(d: Draft): DocumentSpec {
  const armies =
    d.kind === 'game'
      ? d.armies.map((cells, k) => ({ name: k === 0 ? 'blue' : 'red', cells: [...cells] }))
      : [{ name: 'blue', cells: [...(d.armies[0] ?? [])], target: typeof d.target === 'string' ? d.target : [...d.target] }]
  const r = d.rules
  return {
    format: FORMAT,
    version: PLAIN_VERSION,
    kind: d.kind,
    title: d.title,
    board: d.preset ?? { mask: [...d.mask] },
    rules: {
      moves: r.moves,
      ...(r.moves === '6-move' && r.diagonal !== 'anti' && { diagonal: r.diagonal }),
      ...(r.jumpsOnly && { jumpsOnly: true }),
      ...(r.longJumps && { longJumps: true }),
    },
    armies,
  }
}

export interface DraftCheck {
  /** The document, when the draft is a valid problem. */
  readonly document?: HalmaDocument
  /** What is wrong, each as a sentence with where. */
  readonly faults: readonly string[]
}

/** Check a draft: the document checker's faults, plus what only the editor can see. */
export function checkDraft(d: Draft): DraftCheck {
  const faults: string[] = []
  if (!d.mask.some((row) => /[^. ]/.test(row))) faults.push('the board has no cells: paint some on')
  d.armies.forEach((cells, k) => {
    if (cells.length === 0) faults.push(`${d.kind === 'game' ? (k === 0 ? 'blue' : 'red') : 'the army'} has no men: place some`)
  })
  if (faults.length > 0) return { faults }
  const r = interpret(draftSpec(d))
  if (!r.ok) return { faults: r.error.map(describe) }
  return { document: r.value, faults: [] }
}
