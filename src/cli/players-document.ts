/**
 * The document commands (documents.ts) for games of 2 to 6 players (`*.players.json`): `verify`
 * plays every line of the document (or the one named) in turn order; `analyze` gives each player's
 * measures in a position (her men home, c(A), her legal moves, and the plies her side needs at
 * least to win: the search's admissible bound); `show` draws the position. `halma players verify
 * --file` is the older spelling of `halma verify` on such a document.
 */
import { PlayersDomain } from '../shared/engine/players/domain'
import type { PlayersDocument } from '../shared/players/document'
import { playersDiagram } from '../shared/players/diagram'
import { moveCount, sideName, type Occupancy, type PlayersGame } from '../shared/players/game'
import { parseMoves, replay, verifyLine, type LineVerdict, type PlayedMove } from '../shared/players/line'
import { playerSeries } from '../shared/players/metrics'
import { json, plural, table, type Io } from './io'
import { lineOption, readText, UsageError, type Values } from './options'
import { afterOption, namesLine } from './position-options'

const MOVES = ['moves', 'moves-file', 'line', 'solution', 'game']

/** A line of the document to work on: its title and its moves as written. */
interface LineInput {
  readonly title: string
  readonly moves: string
}

/** The lines the options name: --moves, --moves-file, --line K (--solution K), or every stored line. */
function linesOf(doc: PlayersDocument, v: Values): readonly LineInput[] {
  const given = ['moves', 'moves-file', 'line', 'solution'].filter((k) => v[k] !== undefined)
  if (given.length > 1) throw new UsageError('give only one of --moves, --moves-file, --line (or --solution)')
  if (typeof v['moves'] === 'string') return [{ title: 'moves given', moves: v['moves'] }]
  if (typeof v['moves-file'] === 'string') return [{ title: v['moves-file'], moves: readText(v['moves-file'], 'moves file') }]
  const k = lineOption(v, doc.lines.length)
  return k !== undefined ? [doc.lines[k - 1]!] : doc.lines
}

/** A line's verdict in words; a title that ends with the result found (a match's game) is not said twice. */
function verdictText(title: string, r: LineVerdict): string {
  if (!r.ok) return `invalid: ${title}: ${r.error}`
  const result = r.winner ? `${r.winner.player} wins at move ${r.winner.move}` : 'nobody has won yet'
  const claimed = title.endsWith(`; ${result}`)
  return `valid: ${claimed ? title.slice(0, -result.length - 2) : title}: ${plural(r.plies, 'move')}; ${result}${claimed ? ' (as its title says)' : ''}`
}

const verdictJson = (title: string, r: LineVerdict): Record<string, unknown> => ({
  title,
  valid: r.ok,
  length: r.plies,
  winner: r.winner ?? null,
  error: r.ok ? null : { move: r.plies + 1, message: r.error },
})

/** Every line named played from the start; 0 when all are legal. */
function verifyPlayers(doc: PlayersDocument, v: Values, io: Io): number {
  const checked = linesOf(doc, v).map((l) => ({ title: l.title, r: verifyLine(doc.game, l.moves) }))
  if (v['json']) {
    const out = checked.map((c) => verdictJson(c.title, c.r))
    io.out(json(out.length === 1 ? out[0] : out))
  } else {
    io.out(doc.title !== undefined ? `${doc.title}: ${doc.game.title}` : doc.game.title)
    for (const c of checked) io.out(verdictText(c.title, c.r))
  }
  return checked.every((c) => c.r.ok) ? 0 : 1
}

/** The position the options name: after move K of the line named (the start without one). */
interface At {
  readonly position: Occupancy
  readonly played: number
  readonly moves: readonly PlayedMove[]
}

function locate(doc: PlayersDocument, v: Values): At {
  if (!namesLine(v) && v['after'] === undefined) return { ...replayTo(doc.game, [], 0), moves: [] }
  const line = linesOf(doc, v)[0]
  if (!line) throw new UsageError('the document stores no lines: give --moves')
  let moves: PlayedMove[]
  try {
    moves = parseMoves(doc.game, line.moves)
  } catch (e) {
    throw new UsageError(`${line.title}: ${(e as Error).message}`)
  }
  return { ...replayTo(doc.game, moves, afterOption(v, moves.length)), moves }
}

function replayTo(g: PlayersGame, moves: readonly PlayedMove[], k: number): { position: Occupancy; played: number } {
  return { position: replay(g, moves.slice(0, k)).positions[k]!, played: k }
}

const heading = (doc: PlayersDocument, at: At): string[] => [
  doc.title !== undefined ? `${doc.title}: ${doc.game.title}` : doc.game.title,
  at.played === 0 ? 'position: start' : `position: after move ${at.played}`,
]

/** Per player: men home, c(A), legal moves, and the least plies until her side can have won. */
function analyzePlayers(doc: PlayersDocument, v: Values, io: Io): number {
  const g = doc.game
  const at = locate(doc, v)
  const point = playerSeries(g, [at.position])[0]!
  const won = replay(g, at.moves.slice(0, at.played)).win
  const toMove = at.played % g.players.length
  const legal = g.players.map((_, p) => (won ? 0 : moveCount(g, at.position, p)))
  // The search's admissible bound (engine/players/bound.ts); it counts a player's own men, so not for the one-man win.
  const bound = g.options.win === 'own' && !won ? pliesToWin(g, at.position, at.played) : null
  if (v['json']) {
    io.out(
      json({
        after: at.played,
        toMove: won ? null : g.players[toMove]!.name,
        winner: won ? { player: sideName(g, won.player), move: won.ply } : null,
        players: g.players.map((p, i) => ({
          name: p.name,
          men: g.men,
          home: point.home[i],
          centroid: point.centroid[i],
          legalMoves: legal[i],
          pliesToWin: bound?.[i] ?? null,
        })),
        ...(bound && { lowerBound: at.played + Math.min(...bound) }),
      }),
    )
    return 0
  }
  const rows: (string | number)[][] = [['', ...g.players.map((p) => p.name)]]
  rows.push(['men home', ...point.home.map((h) => `${h}/${g.men}`)])
  rows.push(['c(A)', ...point.centroid])
  rows.push(['legal moves', ...legal])
  if (bound) rows.push(['plies to win, at least', ...bound])
  const lines = [...heading(doc, at), '', table(rows, ' >>>>>>'), '']
  if (won) lines.push(`${sideName(g, won.player)} won at move ${won.ply}`)
  else {
    lines.push(`${g.players[toMove]!.name} to move`)
    if (bound)
      lines.push(
        `no game from here ends before move ${at.played + Math.min(...bound)} (the search's bound: the plies until each player's side can have filled its target)`,
      )
    else lines.push("no bound: the search bounds wins with a player's own men only (--win own)")
  }
  io.out(lines.join('\n'))
  return 0
}

/** The least plies until each player's side can have won from a position after `played` moves. */
function pliesToWin(g: PlayersGame, position: Occupancy, played: number): number[] {
  const d = new PlayersDomain(g)
  const state = g.players.map((_, p) => position.reduce<number[]>((cells, a, c) => (a === p ? [...cells, c] : cells), []))
  return g.players.map((_, p) => d.sideRemaining(state, p, played))
}

/** A text picture of the position, the last move's cells marked. */
function showPlayers(doc: PlayersDocument, v: Values, io: Io): number {
  const at = locate(doc, v)
  const last = at.played > 0 ? at.moves[at.played - 1]!.path : []
  const picture = playersDiagram(doc.game, at.position, last)
  if (v['json']) {
    io.out(json({ after: at.played, diagram: picture }))
    return 0
  }
  io.out([...heading(doc, at), '', ...picture].join('\n'))
  return 0
}

/** The players domain's entry in the registry of document commands (documents.ts). */
export const PLAYERS_COMMANDS = {
  options: { verify: MOVES, analyze: [...MOVES, 'after'], show: [...MOVES, 'after'] },
  verify: verifyPlayers,
  analyze: analyzePlayers,
  show: showPlayers,
}
