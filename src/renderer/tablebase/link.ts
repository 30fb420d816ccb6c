/**
 * Where a document of the workbench meets a tablebase: a two-player game on the m x m board under
 * the tablebase's rules (6-move, the anti diagonal, no long jumps), p men a side on the tablebase's
 * start areas (blue on the a1 corner's, red on its rotation), is covered by the table of m x m with
 * p men; every position of its lines is then a position of the table. Pure: the pane (Pane.vue)
 * asks it whether it applies, and which table position the stepper shows.
 */
import type { HalmaDocument } from '../../shared/halma/document'
import type { Position } from '../../shared/halma/position'
import { MAX_SIDE, MIN_SIDE, TABLEBASE_MEN, TABLEBASE_RULES, TablebaseGame, type TablebaseSpec } from '../../shared/engine/tablebase/game'
import type { Side, TablePosition } from '../../shared/engine/tablebase/probe'

const same = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((c, i) => c === [...b].sort((x, y) => x - y)[i])

/** The table a document's game is a game of, or why it is none (in words for the pane). */
export function tableSpecOf(doc: HalmaDocument): { spec: TablebaseSpec } | { why: string } {
  const p = doc.problem
  if (p.kind !== 'game') return { why: 'a transfer has no opponent: tablebases are of two-player games' }
  const m = /^(\d+)x\1$/.exec(p.board.id)
  const side = m ? Number(m[1]) : 0
  if (side < MIN_SIDE || side > MAX_SIDE)
    return { why: `tablebases are of m x m boards, m from ${MIN_SIDE} to ${MAX_SIDE}, not the ${p.board.title}` }
  const r = p.rules
  if (r.moves !== TABLEBASE_RULES.moves || r.diagonal !== TABLEBASE_RULES.diagonal || r.jumpsOnly || r.longJumps)
    return { why: 'tablebases are of the 6-move rules (the anti diagonal, steps and jumps, no long jumps)' }
  const men = p.armies[0]?.start.length ?? 0
  if (p.armies.length !== 2 || p.armies[1]!.start.length !== men || !(TABLEBASE_MEN as readonly number[]).includes(men))
    return { why: `tablebases are of ${TABLEBASE_MEN.join(', ')} men a side` }
  const game = TablebaseGame.of({ side, men: men as TablebaseSpec['men'] })
  if (!game.ok) return { why: game.error.message }
  if (!same(p.armies[0]!.start, game.value.start) || !same(p.armies[1]!.start, game.value.target))
    return { why: `the tablebase's armies start on its areas: blue on the a1 corner's ${men}, red on their rotation` }
  return { spec: game.value.spec }
}

/** Who moves at a ply of the document's game. */
export const sideAt = (doc: HalmaDocument, ply: number): Side => ((doc.problem.first + ply) % 2 === 0 ? 'blue' : 'red')

/** A game's position (army 0 blue, army 1 red) as the table's. */
export function tablePositionOf(position: Position, toMove: Side): TablePosition {
  const blue: number[] = []
  const red: number[] = []
  for (let c = 0; c < position.board.size; c++) {
    const o = position.at(c)
    if (o === 1) blue.push(c)
    else if (o === 2) red.push(c)
  }
  return { blue, red, toMove }
}
