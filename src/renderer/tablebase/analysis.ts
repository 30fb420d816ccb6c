/**
 * The tablebase view's state, free of any store or canvas (chessground's habit: plain state, plain
 * functions; the view draws what they say). A session holds a table, the position on the board,
 * the line that led there, and what the table says of the position and of each legal move; it
 * steps through the best line and plays against perfect play. Everything is computed by the
 * engine's probe (shared/engine/tablebase/probe.ts); nothing here knows Vue or Konva.
 */
import {
  bestLine,
  formatPosition,
  probe,
  startPosition,
  type MoveVerdict,
  type ProbeResult,
  type Side,
  type TablePosition,
  type Verdict,
} from '../../shared/engine/tablebase/probe'
import type { TablebaseTable } from '../../shared/engine/tablebase/table'
import { nameOf } from '../../shared/halma/board'

/** Who the table plays for, in play against perfect play; null: analysis (the user plays both). */
export type TableSide = Side | null

export interface TablebaseSession {
  readonly table: TablebaseTable
  /** The position on the board. */
  readonly position: TablePosition
  /** The moves that led from the session's first position to this one. */
  readonly line: readonly MoveVerdict[]
  readonly first: TablePosition
  /** What the table says of the position (or why it cannot say: a damaged chunk, named). */
  readonly probe: ProbeResult | { readonly error: string }
  /** The side the table plays (play against perfect play), or null. */
  readonly tableSide: TableSide
}

function probed(table: TablebaseTable, position: TablePosition): TablebaseSession['probe'] {
  const p = probe(table, position)
  return p.ok ? p.value : { error: p.error.message }
}

/** A session on a table at a position (the start when none is given). */
export function openSession(
  table: TablebaseTable,
  position: TablePosition = startPosition(table.game),
  tableSide: TableSide = null,
): TablebaseSession {
  return { table, position, line: [], first: position, probe: probed(table, position), tableSide }
}

/** The session's probe, when the table could answer. */
export function probeOf(s: TablebaseSession): ProbeResult | undefined {
  return 'error' in s.probe ? undefined : s.probe
}

/** The legal moves with their values, best first (none when the game is over or the table failed). */
export function markedMoves(s: TablebaseSession): readonly MoveVerdict[] {
  return probeOf(s)?.moves ?? []
}

/** Play a move of the position, by its text (`b1-d3`) or its path; the new session, or why not. */
export function playMove(s: TablebaseSession, move: string | readonly number[]): { session: TablebaseSession } | { error: string } {
  const moves = markedMoves(s)
  const wanted = typeof move === 'string' ? moves.find((m) => m.text === move) : moves.find((m) => sameEnds(m.move.path, move))
  if (!wanted) return { error: `${typeof move === 'string' ? move : pathName(s, move)} is not a legal move here` }
  const next = wanted.position
  return { session: { ...s, position: next, line: [...s.line, wanted], probe: probed(s.table, next) } }
}

const sameEnds = (a: readonly number[], b: readonly number[]): boolean => a[0] === b[0] && a[a.length - 1] === b[b.length - 1]

const pathName = (s: TablebaseSession, path: readonly number[]): string => path.map((c) => nameOf(s.table.game.board, c)).join('-')

/** Take back the last move. */
export function takeBack(s: TablebaseSession): TablebaseSession {
  if (s.line.length === 0) return s
  const line = s.line.slice(0, -1)
  const position = line.length > 0 ? line[line.length - 1]!.position : s.first
  return { ...s, line, position, probe: probed(s.table, position) }
}

/** The best move of the position (the winner's quickest, a drawing one, the loser's slowest), if any. */
export function bestMove(s: TablebaseSession): MoveVerdict | undefined {
  return markedMoves(s)[0]
}

/** Play the best move (stepping through the best line). */
export function playBest(s: TablebaseSession): TablebaseSession {
  const best = bestMove(s)
  if (!best) return s
  const r = playMove(s, best.move.path)
  return 'session' in r ? r.session : s
}

/** The best line from the position to the end (12 moves of a draw). */
export function bestLineOf(s: TablebaseSession): readonly MoveVerdict[] {
  const r = bestLine(s.table, s.position)
  return r.ok ? r.value : []
}

/** Play against perfect play: the table plays `side` (null: analysis), and replies if it is to move. */
export function setTableSide(s: TablebaseSession, side: TableSide): TablebaseSession {
  return reply({ ...s, tableSide: side })
}

/** The table's reply when it is the table's turn (play against perfect play). */
export function reply(s: TablebaseSession): TablebaseSession {
  return s.tableSide !== null && s.position.toMove === s.tableSide ? playBest(s) : s
}

/** A user's move, then the table's reply when it plays the other side. */
export function userMove(s: TablebaseSession, move: string | readonly number[]): { session: TablebaseSession } | { error: string } {
  const r = playMove(s, move)
  return 'session' in r ? { session: reply(r.session) } : r
}

/** A verdict in words: "blue to move wins in 7", "red to move: draw", "over: blue has won". */
export function verdictText(v: Verdict, toMove: Side): string {
  if (v.kind === 'illegal') return `not a position of the game: ${v.reason}`
  if (v.kind === 'over') return `over: ${v.winner} has won`
  if (v.value === 'draw') return `${toMove} to move: draw (neither side can force a win)`
  const other: Side = toMove === 'blue' ? 'red' : 'blue'
  return v.value === 'win' ? `${toMove} wins in ${v.distance}` : `${other} wins in ${v.distance} (${toMove} to move)`
}

/** A move's mark as a board shows it: W7, D, L12 (for the side playing it). */
export function moveMark(m: MoveVerdict): string {
  return m.value === 'draw' ? 'D' : `${m.value === 'win' ? 'W' : 'L'}${m.distance}`
}

/** The session's position in notation, and its verdict in words (for a status line). */
export function status(s: TablebaseSession): string {
  const p = probeOf(s)
  const where = formatPosition(s.table.game, s.position)
  return p ? `${where}: ${verdictText(p.verdict, s.position.toMove)}` : `${where}: ${'error' in s.probe ? s.probe.error : ''}`
}
