/**
 * `halma players game`: the shortest cooperative game of 2 to 6 players on a preset or a custom
 * game (every player helps one of them fill her target camp first), with the proof that none is
 * shorter where the exhaustive searches fit, and the count of shortest games.
 */
import { parsePlayersJob, PLAYERS_STRATEGIES, type PlayersResult } from '../shared/engine/players/job'
import { playersPreset, playersPresets, specOf, WIN_RULES, type PlayersSpec, type WinRule } from '../shared/players/game'
import { formatPlayersDocument } from '../shared/players/document'
import type { Diagnostic } from '../shared/result'
import { json, table, threadsRun, type Io } from './io'
import { parse, UsageError, wholeText } from './options'
import { runHexmaGame } from './hexma'
import {
  budgetOption,
  choiceOption,
  diskOption,
  jobFaults,
  numberOption,
  outFailed,
  outOption,
  runJob,
  SEARCH_OPTIONS,
  THREADS_HELP,
  threadsOption,
  writeResult,
} from './search-run'

export const PLAYERS_GAME_HELP = `halma players game: the shortest game of 2 to 6 players, and the proof that none is shorter

usage: halma players game --preset ID [options]
       halma players game --board B --camps 0,2,4 [--targets 3,5,1] --men M [--long-jumps] [options]

  --preset ID          a preset (halma players list); or a custom game:
  --board B            star121, star73, star37 (the mini star), piecepack8, or squareN (N 3-16)
  --camps K,K,...      each player's camp in turn order (camps clockwise from 0)
  --targets K,K,...    each player's target camp (default: the camp opposite hers)
  --men M              men per camp (1, 3, 6, 10, 15: a triangle)
  --long-jumps         Super Chinese Checkers' long jumps
  --teams              teams of two partners on opposite camps (4 or 6 players): a team wins
                       when both partners have filled their target camps
  --vacate             the vacate rule: while a player's camp holds none of his men, the player
                       whose camp is his target must take a man out of her own camp each move
  --strategy auto|heuristic|exhaustive   auto (default): a game by a beam, then the exhaustive
                       searches of every shorter length; heuristic: the beam only; exhaustive:
                       lengths from the bound at the start up until a game is found
  --max-length L       longest game looked for (default 300)
  --beam M             states a beam keeps per level (default 20000)
  --no-count           do not count the shortest games
  --threads N          ${THREADS_HELP}
  --budget GB          memory the level sets may use (default 6)
  --time-limit S       stop after S seconds, reporting the bound reached
  --disk DIR           keep the exhaustive searches' levels in DIR as sorted files (duplicates
                       removed by merging): memory holds a buffer of a quarter of the budget;
                       DIR also holds a checkpoint (settled lengths, finished levels)
  --resume DIR         go on with the search checkpointed in DIR (after Ctrl-C, a crash or a
                       reboot); the game and search options must be the same (a checkpoint
                       of an older build, format 1: \`halma checkpoint upgrade DIR\` first)
  --disk-limit GB      when the files in DIR pass GB, merge the sorted runs of the level being
                       built into one (no repeats): a limit for the runs, not the levels kept
  --keep-levels        keep every level in DIR when the search ends, a length proven impossible's
                       too (by default they are deleted): for an independent check of the proof
  --cluster URL        build those levels with \`halma worker\` processes that take tasks from
                       the Redis queue at URL (--disk DIR must be a folder every worker reads)
  --shards N           shards per level on a cluster (default 3)
  --json               the result as JSON
  --out F.players.json write the game and the game found (halma verify F checks it; a document
                       there is replaced, any other file refused)
Every player cooperates; the player who wins a game of L moves makes move L, so each length is
searched for that player. Progress on stderr; Ctrl-C cancels.
Exit status: 0 a game was found, 1 none, 2 bad input, 130 interrupted.`

const OPTIONS = {
  preset: { type: 'string' },
  board: { type: 'string' },
  camps: { type: 'string' },
  targets: { type: 'string' },
  men: { type: 'string' },
  'long-jumps': { type: 'boolean' },
  teams: { type: 'boolean' },
  vacate: { type: 'boolean' },
  win: { type: 'string' },
  strategy: { type: 'string' },
  cluster: { type: 'string' },
  shards: { type: 'string' },
  'max-length': { type: 'string' },
  beam: { type: 'string' },
  'no-count': { type: 'boolean' },
  ...SEARCH_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const

const list = (option: string, text: string): number[] =>
  text.split(',').map((t) => {
    if (!/^\d{1,2}$/.test(t.trim())) throw new UsageError(`--${option}: '${t.trim()}' is not a camp number`)
    return Number(t.trim())
  })

/** The game of the options: a preset, or a custom one. */
function specFrom(v: ReturnType<typeof parse>): PlayersSpec {
  if (typeof v['preset'] === 'string') {
    for (const o of ['board', 'camps', 'targets', 'men'])
      if (v[o] !== undefined) throw new UsageError(`--${o} is for a custom game, not with --preset`)
    try {
      return withRules(specOf(playersPreset(v['preset'])), v)
    } catch (e) {
      throw new UsageError((e as Error).message)
    }
  }
  if (typeof v['board'] !== 'string' || typeof v['camps'] !== 'string' || typeof v['men'] !== 'string')
    throw new UsageError(`give --preset (one of ${Object.keys(playersPresets()).join(', ')}), or --board, --camps and --men`)
  const men = wholeText(v['men'], 'men', 1, 99)
  return withRules(
    {
      board: v['board'],
      camps: list('camps', v['camps']),
      ...(typeof v['targets'] === 'string' && { targets: list('targets', v['targets']) }),
      men,
    },
    v,
  )
}

/** The rule options (--long-jumps, --teams, --vacate, --win) on a game; `changed` when any is given. */
export function withRules(spec: PlayersSpec, v: Record<string, unknown>): PlayersSpec {
  const win = v['win']
  if (win !== undefined && !(WIN_RULES as readonly unknown[]).includes(win))
    throw new UsageError(`--win: '${String(win)}' is not a win rule (${WIN_RULES.join(' or ')})`)
  return {
    ...spec,
    ...(v['long-jumps'] === true && { longJumps: true }),
    ...(v['teams'] === true && { teams: true }),
    ...(v['vacate'] === true && { vacate: true }),
    ...(win !== undefined && { win: win as WinRule }),
  }
}

/** Whether the options change a preset's rules (a document then holds the game, not the preset's id). */
export const rulesChanged = (v: Record<string, unknown>): boolean =>
  ['long-jumps', 'teams', 'vacate', 'win'].some((o) => v[o] !== undefined)

/** The options that set the game's fields (the job names them `game.men`, `game.camps[1]`). */
const GAME_OPTION: Readonly<Record<string, string>> = {
  board: 'board',
  camps: 'camps',
  targets: 'targets',
  men: 'men',
  longJumps: 'long-jumps',
  win: 'win',
  vacate: 'vacate',
  teams: 'teams',
}

/** A fault of a game's field, named by its option ("--camps, camp 2: must be ..."). */
function gameField(d: Diagnostic): Diagnostic {
  const m = /^game\.(\w+)(?:\[(\d+)\])?$/.exec(d.at ?? '')
  if (!m || !Object.hasOwn(GAME_OPTION, m[1]!)) return d
  const item = m[2] === undefined ? '' : `, camp ${Number(m[2]) + 1}`
  return { ...d, at: `${GAME_OPTION[m[1]!]}${item}` }
}

export async function runPlayersGame(argv: string[], io: Io): Promise<number> {
  const v = parse(argv, OPTIONS)
  if (v['help']) {
    io.out(PLAYERS_GAME_HELP)
    return 0
  }
  const spec = specFrom(v)
  // Hexma's chain win is searched by its own domain.
  if (spec.win === 'chain') return runHexmaGame(spec, v, typeof v['preset'] === 'string' && !rulesChanged(v) ? v['preset'] : undefined, io)
  const number = (key: string, fallback: number) => numberOption(v, key, fallback)
  const out = outOption(v)
  const job = parsePlayersJob({
    game: spec,
    strategy: choiceOption(v, 'strategy', PLAYERS_STRATEGIES, 'auto'),
    maxLength: number('max-length', 300),
    beam: number('beam', 20_000),
    count: v['no-count'] !== true,
    threads: threadsOption(v),
    budgetBytes: budgetOption(v),
    timeLimit: number('time-limit', 0),
    ...diskOption(v),
    ...(typeof v['cluster'] === 'string' && { cluster: v['cluster'], shards: number('shards', 3) }),
  })
  if (!job.ok) {
    // A game that cannot be played is the options' as a whole (--preset, or --board, --camps, --men).
    const game = job.error.find((d) => d.at === 'game')
    throw game ? new UsageError(`the game: ${game.message}`) : jobFaults(job.error.map(gameField))
  }
  const result = await runJob({ kind: 'players', params: job.value }, io, 'players game')
  if (!result) return 130
  let unwritten
  if (out !== undefined && result.length !== null) {
    const preset = typeof v['preset'] === 'string' && !rulesChanged(v) ? { preset: v['preset'] } : { game: spec }
    const title = `${result.length}-move game, ${result.winner} wins, found by halma players game${result.optimal ? ' (shortest)' : ''}`
    unwritten = await writeResult(out, formatPlayersDocument({ ...preset, lines: [{ title, moves: result.moves.join(', '), notes: result.proof.statement }] }))
  }
  if (v['json']) io.out(json({ ...result, stats: { ...result.stats, maxRssBytes: process.resourceUsage().maxRSS * 1024 } }))
  else io.out(playersResultText(spec, result))
  if (unwritten) return outFailed(unwritten, io, 'players game')
  return result.length !== null ? 0 : 1
}

export function playersResultText(spec: PlayersSpec, r: PlayersResult): string {
  const lines = [`${spec.title ?? `${spec.board}, camps ${spec.camps.join(', ')}, ${spec.men} men`}`, '', r.proof.statement]
  if (r.moves.length > 0) lines.push('', `moves (${r.moves.length}): ${r.moves.join(', ')}`)
  if (r.count)
    lines.push(
      '',
      `${BigInt(r.count.games).toLocaleString('en-US')} shortest games (move sequences), ending in ${r.count.finalPositions.toLocaleString('en-US')} distinct ${r.count.finalPositions === 1 ? 'position' : 'positions'}.`,
    )
  if (r.proof.searches.length > 0)
    lines.push(
      '',
      'searches:',
      table(
        [
          ['bound', 'winner', 'mode', 'result', 'largest level', 'levels', 'seconds'],
          ...r.proof.searches.map((s) => [
            s.bound,
            s.winner,
            s.heuristic ? 'beam' : 'exhaustive',
            s.result + (s.length !== null ? ` (${s.length})` : ''),
            Math.max(...s.levels).toLocaleString('en-US'),
            s.levels.length - 1,
            s.seconds.toFixed(1),
          ]),
        ],
        '>>   >>>',
      ),
    )
  const s = r.stats
  lines.push(
    '',
    `peak ${s.peakBoards.toLocaleString('en-US')} states stored, ${(s.peakBytes / 2 ** 20).toFixed(0)} MB in level sets; ${s.seconds.toFixed(1)} s, ${threadsRun(s.threads)}`,
  )
  return lines.join('\n')
}
