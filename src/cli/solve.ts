/**
 * `halma solve`: find a shortest solution of a transfer problem and prove that none is shorter,
 * or report the best found with the best lower bound proven.
 */
import { specFromProblem } from '../shared/halma/document'
import { BOUNDS, parseSolveJob, STRATEGIES, type SolveResult } from '../shared/engine/transfer/job'
import { describeProblem } from '../shared/halma/problem'
import { json, table, threadsRun, type Io } from './io'
import { loadProblem, parse, PROBLEM_OPTIONS, UsageError } from './options'
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

export const SOLVE_HELP = `halma solve: a shortest solution of a transfer problem, and a proof that none is shorter

  halma solve --army triangle10 --board 9x9 --rules 6-move
  halma solve file.halma.json --strategy exhaustive --json
  halma solve --board 5x5 --rules 4-move --start "a1,b1" --target "d5,e5"

Problem options as for verify. Search:
  --strategy auto|beam|exhaustive   auto (default): beam search, then exhaustive proof of
                                    every shorter length; beam: beam only; exhaustive: check
                                    every length from the lower bound up
  --beam M          boards kept per beam level (default 2000000 with --strategy beam;
                    100000 in auto, where the beam only has to find a first solution)
  --lambda X        weight of sym(A) in the beam score c(A) + X sym(A) (default 2)
  --palindrome      palindromic solutions only (paper inequality 11)
  --max-length L    longest solution looked for (default 120)
  --threads N       ${THREADS_HELP}
  --bound ladder|theorem2|none   centroid bound for pruning (default ladder)
  --exact K         moves up to which the ladder bound is exact (default 6)
  --finish-bound    the proofs also drop boards that cannot reach the target in the moves
                    left: one move per man outside it, the army's distance to it, the steps
                    the men's types need (prunes more; level sizes differ from searches
                    without it, so a checkpoint without it does not resume with it)
  --budget GB       memory the level sets may use (default 6)
  --disk DIR        keep the exhaustive searches' levels in DIR as sorted files (duplicates
                    removed by merging): memory then holds a buffer of a quarter of the budget;
                    DIR also holds a checkpoint, updated after every level and, inside a
                    level, whenever a sorted run is written (a resume goes on inside it)
  --resume DIR      go on with the search checkpointed in DIR (after Ctrl-C, a crash or a
                    reboot); the problem and search options must be the same (a checkpoint
                    of an older build, format 1: \`halma checkpoint upgrade DIR\` first)
  --disk-limit GB   when the files in DIR pass GB, merge the sorted runs of the level being
                    built into one (no repeats), so that they take about its states rather
                    than every child; a limit for the runs, not for the levels kept
  --keep-levels     keep every level in DIR when the search ends, a length proven impossible's
                    too (by default they are deleted): for an independent check of the proof
  --cluster URL     build the levels of the searches on disk with \`halma worker\` processes that
                    take tasks from the Redis queue at URL (with --disk DIR, a folder every
                    worker reads and writes)
  --shards N        shards per level on a cluster (default 3)
  --time-limit S    stop exhaustive checks after S seconds, reporting the bound reached
  --no-fold         do not fold boards by the start's symmetry
Output: progress on stderr; the result on stdout (--json for machine-readable);
  --out FILE.halma.json writes the problem with the solutions found (a document there is
  replaced; a file that is not one is refused, untouched).
Exit status: 0 a solution was found, 1 none, 2 bad input, 130 interrupted.`

export async function runSolve(argv: string[], io: Io): Promise<number> {
  const v = parse(
    argv,
    {
      ...PROBLEM_OPTIONS,
      ...SEARCH_OPTIONS,
      ...CLUSTER_OPTIONS,
      strategy: { type: 'string' },
      beam: { type: 'string' },
      lambda: { type: 'string' },
      palindrome: { type: 'boolean' },
      'max-length': { type: 'string' },
      bound: { type: 'string' },
      exact: { type: 'string' },
      'finish-bound': { type: 'boolean' },
    },
    'document',
  )
  if (v['help']) {
    io.out(SOLVE_HELP)
    return 0
  }
  const loaded = loadProblem(v)
  if (loaded.problem.kind !== 'transfer') throw new UsageError('this is a game; `halma game` searches two-player games')
  const number = (key: string, fallback: number): number => numberOption(v, key, fallback)
  const out = outOption(v)
  const job = parseSolveJob({
    problem: specFromProblem(loaded.problem),
    strategy: choiceOption(v, 'strategy', STRATEGIES, 'auto'),
    beam: { ...(typeof v['beam'] === 'string' && { width: number('beam', 0) }), lambda: number('lambda', 2) },
    palindrome: v['palindrome'] === true,
    maxLength: number('max-length', 120),
    threads: threadsOption(v),
    bound: choiceOption(v, 'bound', BOUNDS, 'ladder'),
    exactMoves: number('exact', 6),
    ...(v['finish-bound'] === true && { finish: true }),
    fold: v['no-fold'] !== true,
    budgetBytes: budgetOption(v),
    timeLimit: number('time-limit', 0),
    ...diskOption(v),
    ...clusterOption(v),
  })
  if (!job.ok) throw jobFaults(job.error)
  const result = await runJob({ kind: 'solve', params: job.value }, io, 'solve')
  if (!result) return 130
  const unwritten = await writeWithSolutions(
    out,
    loaded,
    result.solutions.map((s, k) => ({
      title: `${result.length} moves, found by halma solve${result.optimal ? ' (optimal)' : ''}${result.solutions.length > 1 ? ` #${k + 1}` : ''}`,
      moves: s.moves.join(', '),
      notes: result.proof.statement,
    })),
  )
  if (v['json']) {
    io.out(
      json({
        status: result.status,
        length: result.length,
        optimal: result.optimal,
        lowerBound: result.lowerBound,
        moves: result.moves,
        solutions: result.solutions,
        meetings: result.meetings,
        proof: result.proof,
        stats: { ...result.stats, maxRssBytes: process.resourceUsage().maxRSS * 1024 },
      }),
    )
  } else {
    io.out(resultText(loaded.problem.title + '\n' + describeProblem(loaded.problem), result))
  }
  if (unwritten) return outFailed(unwritten, io, 'solve')
  return result.length !== null ? 0 : 1
}

export function resultText(head: string, r: SolveResult): string {
  const lines = [head, '', r.proof.statement]
  if (r.moves.length > 0) {
    lines.push('', `moves (${r.moves.length}): ${r.moves.join(', ')}`)
    if (r.meetings > 1) {
      const pal = r.solutions.filter((s) => s.palindrome).length
      lines.push(`${r.meetings} distinct solutions met (by the middle board); ${r.solutions.length} rebuilt, ${pal} of them palindromic.`)
    }
  }
  if (r.proof.lengths.length > 0) {
    lines.push('', 'lengths checked exhaustively:')
    lines.push(
      table(
        [
          ['length', 'result', 'Cmax', 'largest level', 'levels', 'seconds'],
          ...r.proof.lengths.map((p) => [
            p.length,
            p.result,
            p.cmax ?? '-',
            p.largestLevel.toLocaleString('en-US'),
            Math.max(0, p.levels.length - 1),
            p.seconds.toFixed(1),
          ]),
        ],
        '>  >>>>',
      ),
    )
  }
  const s = r.stats
  lines.push(
    '',
    `peak ${s.peakBoards.toLocaleString('en-US')} boards, ${(s.peakBytes / 2 ** 20).toFixed(0)} MB (${s.bytesPerBoard.toFixed(1)} bytes/board)${s.peakDiskBytes !== undefined ? `, ${(s.peakDiskBytes / 2 ** 20).toFixed(0)} MB on disk` : ''}, ${s.seconds.toFixed(1)} s, ${threadsRun(s.threads)}`,
  )
  return lines.join('\n')
}
