/**
 * `halma players`: games of 2 to 6 players (issue 18, first part): the presets with their start's
 * legal-move count per player (a perft row each), a text picture of a preset's start, and the
 * verification of a line of play.
 */
import { gameFromSpec, moveCount, playersPreset, playersPresets, specOf, startPosition } from '../shared/players/game'
import { cellNames, verifyLine } from '../shared/players/line'
import { json, table, type Io } from './io'
import { onlyOptions, parse, UsageError } from './options'
import { own } from '../shared/names'
import { rulesChanged, runPlayersGame, withRules } from './players-game'
import { runOnDocument } from './documents'

export const PLAYERS_HELP = `halma players: games of 2 to 6 players on the stars and the piecepack board

usage: halma players list [--json]
       halma players show --preset ID
       halma players verify --preset ID [--teams] [--vacate] [--win own|any-with-one] [--long-jumps]
                            --moves "d8-d7, orange: c3-d4, ..."
       halma players verify --file FILE.players.json   (the same as halma verify FILE)
       halma players game --preset ID [--strategy ...]   (halma players game --help)

  list      every preset: board, players, men, and each player's legal moves at the start
  show      the start of a preset (each army by its initial; columns a.., rows 1.. from the top)
  verify    play a line in turn order (a move may name its player: "green: e13-e11")
  game      the shortest game (all players cooperating), with the proof that none is shorter
Exit status: 0 valid, 1 invalid, 2 bad input.`

const OPTIONS = {
  preset: { type: 'string' },
  moves: { type: 'string' },
  'long-jumps': { type: 'boolean' },
  teams: { type: 'boolean' },
  vacate: { type: 'boolean' },
  win: { type: 'string' },
  file: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The preset of --preset, with the rule options (--long-jumps, --teams, --vacate, --win) given. */
const presetOf = (v: Record<string, unknown>) => {
  const id = v['preset']
  if (typeof id !== 'string') throw new UsageError(`--preset is required (one of ${Object.keys(playersPresets()).join(', ')})`)
  try {
    const g = playersPreset(id)
    return rulesChanged(v) ? gameFromSpec(withRules(specOf(g), v)) : g
  } catch (e) {
    throw e instanceof UsageError ? e : new UsageError((e as Error).message)
  }
}

/** The options each subcommand takes (any other is refused, not ignored). */
const TAKES: Readonly<Record<string, readonly string[]>> = {
  list: ['json'],
  show: ['preset'],
  verify: ['preset', 'moves', 'long-jumps', 'teams', 'vacate', 'win'],
}

export function runPlayers(argv: string[], io: Io): number | Promise<number> {
  const [sub, ...rest] = argv
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.out(PLAYERS_HELP)
    return sub === undefined ? 2 : 0
  }
  if (sub === 'game') return runPlayersGame(rest, io)
  const takes = own(TAKES, sub)
  if (!takes) throw new UsageError(`unknown players command '${sub}' (list, show, verify or game)`)
  const v = parse(rest, OPTIONS)
  if (v['help']) {
    io.out(PLAYERS_HELP)
    return 0
  }
  // verify --file reads everything from the document (`halma verify FILE`, the same, takes more).
  onlyOptions(v, sub === 'verify' && v['file'] !== undefined ? ['file', 'json'] : takes, `halma players ${sub}`)
  if (sub === 'list') {
    const rows = Object.values(playersPresets()).map((g) => {
      const occ = startPosition(g)
      return {
        id: g.id,
        title: g.title,
        holes: g.board.cells.length,
        players: g.players.map((p, i) => ({ name: p.name, moves: moveCount(g, occ, i) })),
        notes: g.notes,
      }
    })
    if (v['json']) io.out(json(rows))
    else
      io.out(
        table([
          ['preset', 'holes', 'men', 'legal moves at the start, per player'],
          ...rows.map((r) => [r.id, r.holes, playersPreset(r.id).men, r.players.map((p) => `${p.name} ${p.moves}`).join(', ')]),
        ]),
      )
    return 0
  }
  // A document: the same as `halma verify FILE`.
  if (sub === 'verify' && typeof v['file'] === 'string') return runOnDocument('verify', v['file'], v, io)
  const g = presetOf(v)
  if (sub === 'show') {
    const occ = startPosition(g)
    // Drawn as players see it: on the hexagonal lattice a cell sits at column 2q + r.
    const hex = g.board.lattice === 'hexagonal'
    const col = ([x, y]: readonly [number, number]): number => (hex ? 2 * x + y : 2 * x)
    const c0 = Math.min(...g.board.cells.map(col))
    const ys = g.board.cells.map(([, y]) => y)
    const [y0, y1] = [Math.min(...ys), Math.max(...ys)]
    for (let y = y0; y <= y1; y++) {
      const chars: string[] = []
      g.board.cells.forEach((c, i) => {
        if (c[1] !== y) return
        chars[col(c) - c0] = occ[i] === -1 ? '.' : g.players[occ[i]!]!.name[0]!
      })
      io.out(
        `${String(y - y0 + 1).padStart(3)}  ${Array.from(chars, (ch) => ch ?? ' ')
          .join('')
          .trimEnd()}`,
      )
    }
    io.out(`${g.title}: ${g.players.map((p) => `${p.name} (camp ${p.camp} to ${p.target})`).join(', ')}${g.notes ? `\n${g.notes}` : ''}`)
    io.out(`cells are named as ${cellNames(g)[0]} (the first cell of the top row)`)
    return 0
  }
  if (sub === 'verify') {
    if (typeof v['moves'] !== 'string') throw new UsageError('--moves is required')
    const r = verifyLine(g, v['moves'])
    if (!r.ok) {
      io.out(`invalid: ${r.error}`)
      return 1
    }
    io.out(
      `valid: ${r.plies} ${r.plies === 1 ? 'move' : 'moves'}${r.winner ? `; ${r.winner.player} wins at move ${r.winner.move}` : '; nobody has won yet'}`,
    )
    return 0
  }
  throw new UsageError(`unknown players command '${sub}' (list, show, verify or game)`)
}
