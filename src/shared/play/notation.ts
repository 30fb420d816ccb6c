/**
 * Moves and positions as text, in the product's notation: a move is the cells it visits joined by
 * `-` (`e13-e11-g9`; written by its two ends, a chain is completed by the shortest one), a cell a
 * column letter and a row number on the grid; a position lists each army's men by name and says
 * who is to move, as the workbench's "Copy position" does:
 *
 *     blue: e13 f13 f14; orange: a5 b5 b6; to move: orange
 *
 * Parsers return Results with stable codes; printers and parsers are paired (tests round-trip them).
 */
import { nameOf, parseCell } from '../halma/board'
import { resolveMove } from '../halma/moves'
import { topology } from '../halma/topology'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { encodeMove, moveFrom, moveTo, PASS, type Move, type Position, type PositionData } from './position'
import type { Variant } from './variant'

/** The occupancy in the halma core's codes (0 empty, army + 1), for its move checker. */
function owners(pos: Position): Uint8Array {
  return Uint8Array.from(pos.owner, (o) => o + 1)
}

/** The cells a move visits (a chain: the shortest one, as the verifiers write it). */
export function movePath(pos: Position, m: Move): number[] {
  if (m === PASS) return []
  const r = resolveMove(topology(pos.variant.board, pos.variant.rules), owners(pos), [moveFrom(m), moveTo(m)])
  return r.ok ? [...r.value.path] : [moveFrom(m), moveTo(m)]
}

/** A move as text (`pass` for an army without a move). */
export function formatMove(pos: Position, m: Move): string {
  if (m === PASS) return 'pass'
  return movePath(pos, m)
    .map((c) => nameOf(pos.variant.board, c))
    .join('-')
}

/** A move of the army to move from its text: its cells, a legal chain, and a move the generator lists (the vacate rule). */
export function parseMove(pos: Position, text: string): Result<Move, Diagnostic> {
  const t = text.trim()
  if (t === 'pass') return pos.isLegal(PASS) ? ok(PASS) : err(diagnostic('move.pass', `${pos.variant.armies[pos.turn]!.name} has moves and may not pass`))
  const cells: number[] = []
  for (const name of t.split('-')) {
    const c = parseCell(pos.variant.board, name)
    if (!c.ok) return err(diagnostic(c.error.code, `move '${t}': ${c.error.message}`))
    cells.push(c.value)
  }
  if (cells.length < 2) return err(diagnostic('move.short', `'${t}' is not a move: a move visits at least two cells`))
  const army = pos.variant.armies[pos.turn]!
  const from = cells[0]!
  if (pos.owner[from] !== pos.turn) {
    const who = pos.owner[from]! < 0 ? 'nobody' : pos.variant.armies[pos.owner[from]!]!.name
    return err(diagnostic('move.wrong-army', `move '${t}': the man on ${nameOf(pos.variant.board, from)} is ${who === 'nobody' ? 'not there' : `${who}'s`}; it is ${army.name}'s turn`))
  }
  const r = resolveMove(topology(pos.variant.board, pos.variant.rules), owners(pos), cells, pos.turn + 1)
  if (!r.ok) return err(diagnostic(r.error.code, `move '${t}': ${r.error.message}`))
  const m = encodeMove(from, cells[cells.length - 1]!)
  if (!pos.isLegal(m)) return err(diagnostic('move.vacate', `move '${t}': ${army.name} must take a man out of her camp (the vacate rule)`))
  return ok(m)
}

/** A position as text: each army's men, then who is to move. */
export function formatPosition(v: Variant, data: PositionData): string {
  const armies = data.armies.map((cells, a) => `${v.armies[a]!.name}: ${[...cells].sort((x, y) => x - y).map((c) => nameOf(v.board, c)).join(' ')}`)
  return [...armies, `to move: ${v.armies[data.turn]!.name}`].join('; ')
}

/** A position from its text: every army named once with as many men as the variant's, distinct cells on the board. */
export function parsePosition(v: Variant, text: string): Result<PositionData, Diagnostic> {
  const parts = text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  const armies: (number[] | undefined)[] = v.armies.map(() => undefined)
  let turn: number | undefined
  const seen = new Map<number, string>()
  const names = v.armies.map((a) => a.name)
  for (const part of parts) {
    const m = /^([a-z ]+?)\s*:\s*(.*)$/i.exec(part)
    if (!m) return err(diagnostic('position.syntax', `'${part}' is not 'army: cells' or 'to move: army'`))
    const label = m[1]!.toLowerCase()
    const body = m[2]!.trim()
    if (label === 'to move') {
      const a = names.indexOf(body.toLowerCase())
      if (a < 0) return err(diagnostic('position.turn', `to move: '${body}' is not an army (${names.join(', ')})`))
      turn = a
      continue
    }
    const a = names.indexOf(label)
    if (a < 0) return err(diagnostic('position.army', `'${m[1]}' is not an army of ${v.title} (${names.join(', ')})`))
    if (armies[a]) return err(diagnostic('position.repeated', `${label} is listed twice`))
    const cells: number[] = []
    for (const name of body.split(/[\s,]+/).filter((s) => s !== '')) {
      const c = parseCell(v.board, name)
      if (!c.ok) return err(diagnostic(c.error.code, `${label}: ${c.error.message}`))
      const other = seen.get(c.value)
      if (other === label) return err(diagnostic('position.overlap', `${label}: ${name} is listed twice`))
      if (other !== undefined) return err(diagnostic('position.overlap', `${name} holds a man of ${other} and of ${label}`))
      seen.set(c.value, label)
      cells.push(c.value)
    }
    const men = v.armies[a]!.camp.length
    if (cells.length !== men) return err(diagnostic('position.men', `${label} has ${cells.length} men; each army has ${men}`))
    armies[a] = cells
  }
  const missing = armies.findIndex((x) => x === undefined)
  if (missing >= 0) return err(diagnostic('position.missing', `${names[missing]}'s men are not given`))
  if (turn === undefined) return err(diagnostic('position.turn', "the position does not say who is to move ('to move: army')"))
  return ok({ armies: armies as number[][], turn })
}
