/**
 * What the line in the stepper is, said the same way wherever it goes (the undo history of lines,
 * the autosaved session): where it came from (a stored solution, pasted text, the search) and, if
 * moves were then played on the board, from which move on. Issue 16, defect 14: the label was one
 * string set by the last change, so taking a move back to a pasted line, or restoring a line,
 * left it reading "played on the board".
 */

export interface LineLabel {
  /** Where the line came from: "solution 1: …", "pasted", "search result (optimal)", or '' (the start). */
  readonly base: string
  /** Moves played on the board replaced the base's moves from this ply on; null if none were. */
  readonly playedFrom: number | null
}

export const START_LABEL: LineLabel = { base: '', playedFrom: null }

export const PLAYED = 'played on the board'

/** The label of a line that came whole from somewhere. */
export const labelOf = (base: string): LineLabel => ({ base, playedFrom: null })

/** The label after a move is played at ply `at` (the moves after it are replaced). */
export function playedAt(label: LineLabel, at: number): LineLabel {
  const from = label.playedFrom === null ? at : Math.min(label.playedFrom, at)
  return { base: from === 0 ? '' : label.base, playedFrom: from }
}

/** The label as the stepper shows it. */
export function labelText(label: LineLabel): string {
  const { base, playedFrom } = label
  if (playedFrom === null) return base
  if (playedFrom === 0 || base === '') return PLAYED
  return `${base}: moves 1-${playedFrom}, then ${PLAYED}`
}
