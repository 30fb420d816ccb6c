/**
 * Games of 2 to 6 players (`*.players.json`) as a kind of the workbench (frame/kind.ts): a game (a
 * preset or a custom one) and lines of play, each with side lines and comments (document version 2).
 * Lines are played and checked by the core's verifier (shared/players/line.ts); a line that is won
 * stops there. Lines of play need not end: a game in progress is kept as it is.
 */
import { formatPlayersDocument, isPlayersDocumentText, lineOfTree, lineTree, parsePlayersDocument, type PlayersDocument } from '../../../shared/players/document'
import { playersPresets, sideName, specOf } from '../../../shared/players/game'
import { verifyLine } from '../../../shared/players/line'
import { variantOfPlayers } from '../../../shared/play/variant'
import { emptyTree } from '../../../shared/variations'
import { parseOrFault, type KindModel, type Path, type PlayedLine } from '../../frame/kind'
import { playerColour } from './palette'
import { click, lineText, moveText, parseMoves, replay, toMoveAt, type PlayedMove, type Replay } from './play'

/** A line of a game: the frame's view, and the positions and the winner. */
export interface PlayersLine extends PlayedLine {
  readonly replay: Replay
  readonly played: readonly PlayedMove[]
}


/** A new game of a preset, with no lines. */
export const presetGame = (id: string): PlayersDocument => ({ game: playersPresets()[id]!, lines: [] })

function played(doc: PlayersDocument, moves: readonly Path[]): PlayersLine {
  const g = doc.game
  const all = moves.map((path, k) => ({ player: toMoveAt(g, k), path }))
  const v = verifyLine(g, lineText(g, all))
  const legal = v.ok ? all : all.slice(0, v.plies)
  const r = replay(g, legal)
  const win = r.win
  return {
    replay: r,
    played: legal,
    moves: legal.map((m) => ({ path: m.path, text: moveText(g, m), mover: m.player, style: m.path.length === 2 && !isJump(doc, m.path) ? 'step' : 'jump', hops: m.path.length - 1 })),
    end: win ? { ply: win.ply, text: `${sideName(g, win.player)} ${g.options.teams ? 'win' : 'wins'} at move ${win.ply}` } : null,
    fault: v.ok ? null : (v.error ?? null),
  }
}

/** A two-cell move that is not a step to a neighbour is a jump. */
function isJump(doc: PlayersDocument, [a, b]: Path): boolean {
  const [ax, ay] = doc.game.board.cells[a!]!
  const [bx, by] = doc.game.board.cells[b!]!
  return !doc.game.board.directions.some(([dx, dy]) => ax + dx === bx && ay + dy === by)
}

export const playersKind: KindModel<PlayersDocument, PlayersLine> = {
  id: 'players',
  noun: 'game of 2 to 6 players',
  suffix: '.players.json',
  untitled: 'untitled.players.json',
  lineNoun: 'line',
  keepsEnds: false,
  maxLines: Infinity,
  blank: () => presetGame('mini-3'),
  claims: isPlayersDocumentText,
  parse: parseOrFault(parsePlayersDocument),
  format: (doc) =>
    formatPlayersDocument({
      ...(doc.title !== undefined && { title: doc.title }),
      ...(doc.game.id !== 'custom' ? { preset: doc.game.id } : { game: specOf(doc.game) }),
      lines: doc.lines,
    }),
  title: (doc) => doc.title ?? doc.game.title,
  problemKey: (doc) => JSON.stringify([doc.game.id, specOf(doc.game)]),
  engineGame: (doc) => variantOfPlayers(doc.game, doc.game.id !== 'custom' ? doc.game.id : undefined),
  lines: (doc) =>
    doc.lines.map((l) => {
      const t = lineTree(doc.game, l)
      return { title: l.title, tree: t.ok ? t.value : emptyTree() }
    }),
  withLine(doc, k, tree, title) {
    const old = doc.lines[k]
    const line = lineOfTree(doc.game, tree, old?.title ?? title ?? `line ${k + 1}`, old?.notes)
    const lines = [...doc.lines]
    lines[k] = line
    return { ok: true, value: { ...doc, lines } }
  },
  replay: played,
  parseMoves(doc, text) {
    try {
      const moves = parseMoves(doc.game, text)
      return moves.length > 0 ? { ok: true, value: moves.map((m) => m.path) } : { ok: false, error: 'the text has no moves' }
    } catch (e) {
      return { ok: false, error: (e as Error).message }
    }
  },
  lineText: (doc, line) => lineText(doc.game, line.played),
  moveText: (doc, path, ply) => moveText(doc.game, { player: toMoveAt(doc.game, ply - 1), path }),
  moverAt: (doc, ply) => toMoveAt(doc.game, ply - 1),
  moverMark: (_doc, mover) => ({ colour: playerColour(mover), dot: true }),
  notEnded: () => 'no one has filled her target camp yet',
  click(doc, line, ply, picked, cell) {
    const g = doc.game
    const occ = line.replay.positions[ply] ?? line.replay.positions[0]!
    const win = line.replay.win && line.replay.win.ply <= ply ? line.replay.win : null
    const o = click(g, occ, { toMove: toMoveAt(g, ply), selected: picked?.from ?? null, win }, cell)
    switch (o.kind) {
      case 'select':
        return { kind: 'select', from: o.cell, to: o.targets }
      case 'deselect':
        return { kind: 'clear' }
      case 'move':
        return { kind: 'play', path: o.move.path }
      case 'refused':
        return o
    }
  },
}
