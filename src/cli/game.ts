/**
 * `halma game`: the shortest two-player game (both players cooperating so that one of them wins as
 * fast as possible), with a proof that no game is shorter, or the best found and the best bound.
 */
import { specFromProblem } from '../shared/halma/document'
import { GAME_STRATEGIES, parseGameJob, purposeText, scopeProperties, type GameResult } from '../shared/engine/game/job'
import { describeProblem } from '../shared/halma/problem'
import { json, table, threadsRun, type Io } from './io'
import { documentFile, loadProblem, parse, PROBLEM_OPTIONS, UsageError } from './options'
import {
  budgetOption,
  choiceOption,
  clusterOption,
  diskOption,
  jobFaults,
  numberOption,
  outFailed,
  outOption,
  runJob,
  SEARCH_OPTIONS,
  CLUSTER_OPTIONS,
  THREADS_HELP,
  threadsOption,
  writeWithSolutions,
} from './search-run'

export const GAME_HELP = `halma game: the shortest two-player game, and a proof that none is shorter

  halma game --army triangle10 --board 9x9 --rules 6-move          (Chinese Checkers: 30)
  halma game --army triangle10 --board 8x8 --rules 8-move          (Grasshopper: 24)
  halma game file.halma.json --strategy exhaustive --json

Problem options as for verify (--game is implied; red stands in the opposite corner unless
--red is given). Search:
  --strategy auto|heuristic|exhaustive   auto (default): a game by the paper's heuristics, then
                       the exhaustive proof that none is shorter; heuristic: the game only;
                       exhaustive: bounds from Theorem 1's up until a game is found
  --max-length L       longest game looked for (default 200)
  --length L           search games of L moves only, won by the army L's parity makes the
                       winner (heuristic, exhaustive, or auto: heuristic then exhaustive);
                       e.g. --length 30 --strategy heuristic --beam 0 counts every 30-move
                       game with the heuristic properties
  --threads N          ${THREADS_HELP}
  --no-enumerate       do not count and list every shortest game
  --list N             shortest games listed (default 20; the count is exact)
  --beam M             heuristic searches keep the M most advanced states per level
                       (default 200000; 0: no cap); exhaustive searches keep every state
  --vacating           heuristic searches also require property (vi): after the critical
                       move the loser's moves, but its last, take a man out of its base or
                       step (Fabian's 30-move and the 15-man 36-move game have it)
  --lines              heuristic searches also require property (v): at the middle move of
                       the placements, (l + L) / 2 with l the critical move, a man stands on
                       every line between the bases (so before it, at most one line empty
                       per move left); the known shortest games all have it. No count.
  --lookahead N        a beam ranks the states it cuts by their children (1) or grandchildren
                       (2) that survive the pruning, most first, instead of how far along
                       they are (0, the default)
  --beam-moves A-B     the beam cuts the levels of moves A to B only (A-: from A on), and
                       keeps every state of the others (e.g. 8-15: a beam over the first
                       moves after the critical one, then the whole tree). The 15-man
                       36-move game: --army triangle15 --length 36 --strategy heuristic
                       --vacating --beam 60000 --lookahead 1 --beam-moves 8-15 --budget 16
  --budget GB          memory the level sets may use (default 6)
  --disk DIR           keep the exhaustive searches' levels in DIR as sorted files (duplicates
                       removed by merging): memory holds a buffer of a quarter of the budget;
                       DIR also holds a checkpoint: each exhaustive search that found no game,
                       and each finished level of the one in progress
  --resume DIR         go on with the search checkpointed in DIR (after Ctrl-C, a crash or a
                       reboot); the problem and search options must be the same (threads,
                       --budget, --time-limit and --max-length may change); a checkpoint of
                       an older build (format 1): \`halma checkpoint upgrade DIR\` first
  --disk-limit GB      when the files in DIR pass GB, merge the sorted runs of the level being
                       built into one (no repeats): a limit for the runs, not the levels kept
  --keep-levels        keep every level in DIR when the search ends, a length proven impossible's
                       too (by default they are deleted): for an independent check of the proof
  --cluster URL        build those levels with \`halma worker\` processes that take tasks from
                       the Redis queue at URL (with --disk DIR, a folder every worker reads)
  --shards N           shards per level on a cluster (default 3)
  --time-limit S       stop after S seconds, reporting the bound reached
  --no-fold            do not fold states by the start's symmetry
Output: progress on stderr, the result on stdout (--json for machine-readable);
  --out FILE.halma.json writes the problem with the games found (a document there is
  replaced; a file that is not one is refused, untouched).
Exit status: 0 a game was found, 1 none, 2 bad input, 130 interrupted.`

export async function runGame(argv: string[], io: Io): Promise<number> {
  const v = parse(
    argv,
    {
      ...PROBLEM_OPTIONS,
      ...SEARCH_OPTIONS,
      ...CLUSTER_OPTIONS,
      strategy: { type: 'string' },
      'max-length': { type: 'string' },
      length: { type: 'string' },
      'no-enumerate': { type: 'boolean' },
      vacating: { type: 'boolean' },
      lines: { type: 'boolean' },
      lookahead: { type: 'string' },
      'beam-moves': { type: 'string' },
      list: { type: 'string' },
      beam: { type: 'string' },
    },
    'document',
  )
  if (v['help']) {
    io.out(GAME_HELP)
    return 0
  }
  const loaded = loadProblem(documentFile(v) === undefined ? { ...v, game: true } : v)
  if (loaded.problem.kind !== 'game') throw new UsageError('this is a transfer problem; `halma solve` searches transfers')
  const number = (key: string, fallback: number): number => numberOption(v, key, fallback)
  const beamMoves = (text: unknown): [number, number] => {
    if (typeof text !== 'string') return [0, 0]
    const m = /^(\d+)-(\d*)$/.exec(text.trim())
    if (!m) throw new UsageError(`--beam-moves: '${text}' is not a range of moves such as 8-15 or 8-`)
    return [Number(m[1]), m[2] === '' ? 0 : Number(m[2])]
  }
  const out = outOption(v)
  const job = parseGameJob({
    problem: specFromProblem(loaded.problem),
    strategy: choiceOption(v, 'strategy', GAME_STRATEGIES, 'auto'),
    maxLength: number('max-length', 200),
    length: number('length', 0),
    threads: threadsOption(v),
    fold: v['no-fold'] !== true,
    budgetBytes: budgetOption(v),
    timeLimit: number('time-limit', 0),
    ...diskOption(v),
    ...clusterOption(v),
    enumerate: v['no-enumerate'] !== true,
    listGames: number('list', 20),
    beam: { width: number('beam', 200_000), lookahead: number('lookahead', 0), moves: beamMoves(v['beam-moves']) },
    heuristics: { vacating: v['vacating'] === true, lines: v['lines'] === true },
  })
  if (!job.ok) throw jobFaults(job.error)
  const result = await runJob({ kind: 'game', params: job.value }, io, 'game')
  if (!result) return 130
  const unwritten = await writeWithSolutions(
    out,
    loaded,
    result.games.map((g, k) => ({
      title: `${g.moves.length}-move game, ${g.winner} wins, found by halma game${result.optimal ? ' (shortest)' : ''}${result.games.length > 1 ? ` #${k + 1}` : ''}`,
      moves: g.moves.join(', '),
      notes: result.proof.statement,
    })),
  )
  if (v['json']) {
    io.out(json({ ...result, stats: { ...result.stats, maxRssBytes: process.resourceUsage().maxRSS * 1024 } }))
  } else {
    io.out(gameResultText(`${loaded.problem.title}\n${describeProblem(loaded.problem)}`, result))
  }
  if (unwritten) return outFailed(unwritten, io, 'game')
  return result.length !== null ? 0 : 1
}

export function gameResultText(head: string, r: GameResult): string {
  const lines = [head, '', r.proof.statement]
  if (r.moves.length > 0) lines.push('', `moves (${r.moves.length}): ${r.moves.join(', ')}`)
  if (r.count)
    lines.push(
      '',
      `${r.count.games.toLocaleString('en-US')} shortest games${scopeProperties(r.count.scope) ? ` with the heuristic properties ${scopeProperties(r.count.scope)} (all of them, but not every shortest game: the exhaustive search at this length was not run)` : ''} (move sequences), ending in ${r.count.finalPositions.toLocaleString('en-US')} distinct positions; ${r.games.length} listed${r.games.length > 1 ? ' with --json' : ''}.`,
    )
  if (r.proof.searches.length > 0) {
    lines.push('', 'searches:')
    lines.push(
      table(
        [
          ['bound', 'mode', 'result', 'largest level', 'levels', 'seconds'],
          ...r.proof.searches.map((s) => [
            s.bound,
            (s.heuristic
              ? s.split
                ? `heuristic, in blocks from move ${s.split.move} (${s.split.searched.toLocaleString('en-US')} of ${s.split.states.toLocaleString('en-US')} states)`
                : s.cut
                  ? 'heuristic, beam'
                  : 'heuristic'
              : 'exhaustive') + (s.purpose ? `, ${purposeText(s.purpose)}` : ''),
            s.result + (s.length !== null ? ` (${s.length})` : ''),
            Math.max(...s.levels).toLocaleString('en-US'),
            s.levels.length - 1,
            s.seconds.toFixed(1),
          ]),
        ],
        '>   >>>',
      ),
    )
  }
  const s = r.stats
  lines.push(
    '',
    `peak ${s.peakBoards.toLocaleString('en-US')} states stored, ${(s.peakBytes / 2 ** 20).toFixed(0)} MB in level sets, process peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; ${s.seconds.toFixed(1)} s, ${threadsRun(s.threads)}`,
  )
  return lines.join('\n')
}
