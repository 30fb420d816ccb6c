/**
 * `npm run bench:palindrome`: the paper's question (Bell 2009, section 4: "Can we always find a
 * shortest solution that is palindromic?") asked of many small transfer problems of its kind: an
 * army in the a1 corner of a square board, its target the mirror image across the board's other
 * diagonal (the symmetry that maps the start onto the target and defines palindromes, section 3.3).
 *
 * Per problem, two exhaustive searches by the engine (one thread, in this process):
 * - the shortest solution L (`halma solve --strategy exhaustive`): every shorter length excluded;
 *   the meetings of its last search list shortest solutions, each marked palindromic or not;
 * - where none of those is a palindrome, the shortest palindromic solution P (`--palindrome
 *   --strategy exhaustive`: every palindromic length below P excluded by the paper's inequality 11).
 * Where one of the listed shortest solutions is a palindrome, P = L without the second search
 * (P >= L always). A problem with P > L answers the question: no.
 * Where the whole state space is small, an independent breadth-first search (palindrome-oracle.ts)
 * gives L and P too; they must agree.
 *
 * Armies: every corner shape of 1 to `--men` men (a Ferrers diagram: rows of non-increasing
 * length from the corner, e.g. 3+2+1 is triangle6) on the boards and rules asked, and the paper's
 * Table 3 armies where they fit. Options: `--boards 5,6,7` `--men 5` `--rules 4,6,6m,8,4j,6j,8j`
 * (6m: 6-move rules along the main diagonal; j: jumps only) `--time 60` (per search) `--oracle
 * 2000000` (most boards for the independent search; 0: none) `--out FILE` (default
 * bench/results/palindrome-<date>.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'
import { Engine } from '../src/shared/engine/engine'
import { parseSolveJob, type SolveResult } from '../src/shared/engine/transfer/job'
import { presetArmy, type ArmyPreset } from '../src/shared/halma/armies'
import { boardByName, cellAt, type Board } from '../src/shared/halma/board'
import { specFromProblem } from '../src/shared/halma/document'
import { makeProblem, type Problem } from '../src/shared/halma/problem'
import { makeRules, type MoveSet } from '../src/shared/halma/rules'
import { verify } from '../src/shared/halma/verify'
import { palindromeOracle, type OracleAnswer } from './palindrome-oracle'

const arg = (name: string, fallback: string): string => {
  const k = process.argv.indexOf(`--${name}`)
  return k >= 0 && process.argv[k + 1] !== undefined ? process.argv[k + 1]! : fallback
}
const boards = arg('boards', '4,5,6,7').split(',').map(Number)
const maxMen = Number(arg('men', '5'))
const ruleNames = arg('rules', '4,6,6m,8,4j,6j,8j').split(',')
const seconds = Number(arg('time', '60'))
const oracleStates = Number(arg('oracle', '2000000'))
const presets = arg('presets', '')
  .split(',')
  .filter((s) => s.length > 0)

/** The partitions of n (rows of non-increasing length), largest first. */
function partitions(n: number, most = n): number[][] {
  if (n === 0) return [[]]
  const out: number[][] = []
  for (let first = Math.min(n, most); first >= 1; first--) for (const rest of partitions(n - first, first)) out.push([first, ...rest])
  return out
}

/** The cells of a corner shape: row j (from the corner) holds rows[j] men. Undefined where it does not fit. */
function shapeCells(board: Board, rows: readonly number[]): number[] | undefined {
  const cells: number[] = []
  for (let j = 0; j < rows.length; j++)
    for (let i = 0; i < rows[j]!; i++) {
      const c = cellAt(board, board.home.i + i, board.home.j + j)
      if (c < 0) return undefined
      cells.push(c)
    }
  return cells
}

function rulesOf(name: string) {
  const moves = `${name[0]}-move` as MoveSet
  return makeRules(moves, { jumpsOnly: name.endsWith('j'), ...(name.includes('m') && { diagonal: 'main' as const }) })
}

interface Case {
  readonly board: string
  readonly rules: string
  readonly army: string
  readonly problem: Problem
}

function cases(): { list: Case[]; skipped: string[] } {
  const list: Case[] = []
  const skipped: string[] = []
  const add = (boardName: string, rules: string, army: string, cells: number[] | undefined): void => {
    const board = boardByName(boardName)
    if (!board.ok || !cells) return
    const p = makeProblem({ kind: 'transfer', board: board.value, rules: rulesOf(rules), starts: [cells] })
    if (!p.ok) skipped.push(`${boardName} ${rules} ${army}: ${p.error.map((e) => e.message).join('; ')}`)
    else if (p.value.reflection === 'mirror') list.push({ board: boardName, rules, army, problem: p.value })
  }
  for (const size of boards) {
    const boardName = `${size}x${size}`
    const board = boardByName(boardName)
    if (!board.ok) continue
    for (let men = 1; men <= maxMen; men++)
      for (const rows of partitions(men))
        for (const rules of ruleNames) add(boardName, rules, rows.join('+'), shapeCells(board.value, rows))
  }
  for (const item of presets) {
    // name@board, e.g. triangle10@9x9
    const [army, boardName] = item.split('@') as [ArmyPreset, string]
    const board = boardByName(boardName)
    if (!board.ok) continue
    const cells = presetArmy(board.value, army)
    for (const rules of ruleNames) add(boardName, rules, army, cells.ok ? cells.value : undefined)
  }
  return { list, skipped }
}

const engine = new Engine({})

async function solve(problem: Problem, palindrome: boolean, maxLength: number): Promise<SolveResult> {
  const job = parseSolveJob({
    problem: specFromProblem(problem),
    strategy: 'exhaustive',
    palindrome,
    maxLength,
    threads: 1,
    budgetBytes: 3 * 2 ** 30,
    timeLimit: seconds,
  })
  if (!job.ok) throw new Error(job.error.map((e) => e.message).join('; '))
  return engine.start({ kind: 'solve', params: job.value }).result
}

/** Whether a solution verifies as one of `length` moves that reaches the target. */
function verifies(problem: Problem, moves: readonly string[], length: number): boolean {
  const v = verify(problem, moves.join(', '))
  return v.valid && v.reachesTarget && v.length === length
}

interface Outcome {
  readonly row: (string | number)[]
  readonly counterexample?: string
}

async function run(c: Case): Promise<Outcome> {
  const t0 = performance.now()
  const head = [c.board, c.rules, c.army, c.problem.armies[0]!.start.length]
  const shortest = await solve(c.problem, false, 120)
  if (!shortest.optimal || shortest.length === null)
    return { row: [...head, `>= ${shortest.lowerBound}`, '-', '-', '-', '-', ((performance.now() - t0) / 1000).toFixed(1)] }
  const L = shortest.length
  if (!verifies(c.problem, shortest.moves, L)) throw new Error(`${head.join(' ')}: the shortest solution does not verify`)
  const listed = shortest.solutions.filter((s) => s.palindrome)
  let P: number | string
  let how: string
  let palMoves: readonly string[] | undefined = listed[0]?.moves
  if (listed.length > 0) {
    P = L
    how = `${listed.length} of ${shortest.solutions.length} listed`
  } else {
    const pal = await solve(c.problem, true, L + 40)
    if (pal.optimal && pal.length !== null) {
      P = pal.length
      palMoves = pal.moves
      how = 'palindrome search'
    } else {
      P = pal.status === 'unsolvable' ? 'none' : `>= ${pal.lowerBound}`
      how = `palindrome search: ${pal.status}`
    }
  }
  if (palMoves && typeof P === 'number' && !verifies(c.problem, palMoves, P))
    throw new Error(`${head.join(' ')}: the palindromic solution does not verify`)
  let oracle: OracleAnswer | null = null
  if (oracleStates > 0) oracle = palindromeOracle(c.problem, oracleStates)
  if (oracle && (oracle.shortest !== L || (typeof P === 'number' && oracle.palindromic !== P)))
    throw new Error(`${head.join(' ')}: the engine says L ${L}, P ${P}; the plain search ${oracle.shortest}, ${oracle.palindromic}`)
  const row = [
    ...head,
    L,
    P,
    how,
    oracle ? `${oracle.shortest}, ${oracle.palindromic ?? 'none'} (${oracle.boards.toLocaleString('en-US')} boards)` : '-',
    shortest.meetings,
    ((performance.now() - t0) / 1000).toFixed(1),
  ]
  const counterexample =
    P !== L
      ? `${head.slice(0, 3).join(' ')}: shortest ${L} (${shortest.moves.join(', ')}); shortest palindromic ${P}${palMoves ? ` (${palMoves.join(', ')})` : ''}`
      : undefined
  return { row, ...(counterexample && { counterexample }) }
}

const { list, skipped } = cases()
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
console.log(`The palindrome question on ${list.length} problems, ${machine}\n`)
const rows: (string | number)[][] = [
  ['board', 'rules', 'army', 'men', 'L', 'P', 'how P is known', 'plain search: L, P', 'meetings', 'seconds'],
]
const counter: string[] = []
const t0 = performance.now()
for (const c of list) {
  const o = await run(c)
  rows.push(o.row)
  if (o.counterexample) counter.push(o.counterexample)
  console.log(o.row.join('  '))
}
const total = (performance.now() - t0) / 1000
const text = table(rows, '<<<>>><<>>')
const settled = rows.slice(1).filter((r) => typeof r[4] === 'number' && typeof r[5] === 'number')
const summary = [
  `${list.length} problems; ${settled.length} with both L and P proven by exhaustive search; ${counter.length} with P > L.`,
  ...counter.map((c) => `- ${c}`),
  ...(skipped.length > 0 ? [`Not posed (the rules make the target unreachable, or the army does not fit): ${skipped.length}.`] : []),
].join('\n')
console.log(`\n${text}\n\n${summary}\n(${total.toFixed(0)} s)`)
const argv = process.argv.slice(2).join(' ')
const file = arg('out', join(import.meta.dirname, 'results', `palindrome-${new Date().toISOString().slice(0, 10)}.md`))
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true })
writeFileSync(
  file,
  `# Is there always a palindromic shortest transfer?\n\nMachine: ${machine}. Command: \`npm run bench:palindrome${argv ? ` -- ${argv}` : ''}\` (${total.toFixed(0)} s in all, one thread, the machine shared).\n\n` +
    'L: the shortest solution (exhaustive). P: the shortest palindromic solution (exhaustive, or a palindrome among the shortest solutions the last search listed). ' +
    'Plain search: an independent breadth-first search over every board (bench/palindrome-oracle.ts), where the state space is small. Armies: corner shapes by their rows from the corner (3+2+1 is triangle6). ' +
    'Rules: 4, 6, 8-move; 6m along the main diagonal; j jumps only.\n\n```\n' +
    text +
    '\n```\n\n' +
    summary +
    '\n',
)
