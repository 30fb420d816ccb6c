/**
 * A transfer's or two-player game's board in words, for a screen reader: what is under the
 * keyboard's cursor ("d4: blue man, type 2, on blue's target") and where each army's men stand.
 */
import { nameOf } from '../../../shared/halma/board'
import { cellType } from '../../../shared/halma/metrics'
import type { SceneInput } from './scene'

/** Names of the armies for the words: a game's, or "army 1", "army 2". */
const armyName = (names: readonly string[], a: number): string => names[a] ?? `army ${a + 1}`

/** What is on a cell, in words: "d4: blue man, type 2, on blue's target", "e5: empty, type 0". */
export function describeCell(input: SceneInput, names: readonly string[], cell: number): string {
  const { board, position } = input
  const parts: string[] = []
  const o = position.at(cell)
  if (input.offCells?.has(cell)) parts.push('not on the board')
  parts.push(o === 0 ? 'empty' : `${armyName(names, o - 1)} man`)
  parts.push(`type ${cellType(board, cell)}`)
  const target = input.targets.findIndex((t) => t.includes(cell))
  if (target >= 0) parts.push(`${o === target + 1 ? 'on' : 'a cell of'} ${armyName(names, target)}'s target`)
  if (input.selected === cell) {
    const to = (input.destinations ?? []).map((c) => nameOf(board, c))
    parts.push(to.length > 0 ? `selected: he may go to ${to.join(', ')}` : 'selected: he has no move')
  } else if (input.destinations?.includes(cell)) parts.push('the selected man may go here: press Enter')
  return `${nameOf(board, cell)}: ${parts.join(', ')}`
}

/** Where the men stand, army by army, and the last move: the board's text alternative. */
export function describeMen(input: SceneInput, names: readonly string[]): string[] {
  const { board, position } = input
  const armies = Math.max(input.targets.length, ...Array.from({ length: board.size }, (_, c) => position.at(c)))
  const lines: string[] = []
  for (let a = 0; a < armies; a++) {
    const cells: string[] = []
    for (let c = 0; c < board.size; c++) if (position.at(c) === a + 1) cells.push(nameOf(board, c))
    lines.push(
      `${armyName(names, a)}: ${cells.length} ${cells.length === 1 ? 'man' : 'men'}${cells.length > 0 ? `, on ${cells.join(' ')}` : ''}`,
    )
  }
  if (input.path && input.path.cells.length > 1)
    lines.push(`last move: ${armyName(names, input.path.army)} ${input.path.cells.map((c) => nameOf(board, c)).join('-')}`)
  return lines
}
