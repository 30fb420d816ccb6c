/**
 * `npm run bench:table3`: every problem and rule of the paper's Table 3, solved by `halma solve`
 * (one process per row, so that peak memory is the row's own), printed beside the paper's values.
 * The table is also written to bench/results/table3-<date>.md with the machine it ran on.
 * `npm run bench:table3 -- 2 6` runs only the rows of problems 2 and 6.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'

interface Row {
  readonly problem: number
  readonly army: string
  readonly board: string
  readonly rules: string
  readonly paper: number
  /** The paper's search did not finish (dagger): a shorter solution may exist. */
  readonly dagger: boolean
  readonly args: readonly string[]
}

const R = (problem: number, army: string, rules: string, paper: number, args: string[] = [], dagger = false, board = '9x9'): Row => ({
  problem,
  army,
  board,
  rules,
  paper,
  dagger,
  args,
})

export const ROWS: Row[] = [
  R(1, 'triangle6', '4-move', 25),
  R(1, 'triangle6', '6-move', 23),
  R(1, 'triangle6', '8-move', 16),
  R(2, 'triangle10', '4-move', 30),
  R(2, 'triangle10', '6-move', 27),
  R(2, 'triangle10', '8-move', 20),
  R(3, 'triangle10', '4-move', 46, ['--jumps-only']),
  R(3, 'triangle10', '6-move', 35, ['--jumps-only']),
  R(3, 'triangle10', '8-move', 21, ['--jumps-only']),
  R(4, 'triangle15', '4-move', 36, ['--strategy', 'beam'], true),
  R(4, 'triangle15', '6-move', 31, ['--strategy', 'beam'], true),
  R(4, 'triangle15', '8-move', 26, ['--strategy', 'beam'], true),
  R(5, 'square4', '4-move', 15),
  R(5, 'square4', '6-move', 15),
  R(5, 'square4', '8-move', 12),
  R(6, 'square9', '4-move', 25),
  R(6, 'square9', '6-move', 25),
  R(6, 'square9', '8-move', 16),
  R(7, 'checkers12', '4-move', 20, [], false, 'checkers'),
  R(7, 'checkers12', '6-move', 16, [], false, 'checkers'),
  R(7, 'checkers12', '6-move', 16, ['--diagonal', 'main'], false, 'checkers'),
  R(7, 'checkers12', '8-move', 16, [], false, 'checkers'),
]

const bin = join(import.meta.dirname, '../bin/halma.mjs')

function runRow(row: Row): (string | number)[] {
  const args = ['solve', '--army', row.army, '--board', row.board, '--rules', row.rules, ...row.args, '--json']
  const t0 = performance.now()
  const p = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
  const wall = (performance.now() - t0) / 1000
  const rules = row.rules + (row.args.includes('--jumps-only') ? ', jumps only' : '') + (row.args.includes('main') ? ', main diagonal' : '')
  const head = [row.problem, row.army, rules, `${row.paper}${row.dagger ? '†' : ''}`]
  if (p.status !== 0 && p.status !== 1)
    return [...head, 'error', '', '', wall.toFixed(1), '', '', '', (p.stderr || '').trim().split('\n').pop() ?? '']
  const r = JSON.parse(p.stdout)
  const largest = Math.max(0, ...r.proof.lengths.map((l: { largestLevel: number }) => l.largestLevel))
  const agrees = r.length === row.paper ? 'same' : r.length !== null && r.length < row.paper ? 'SHORTER' : 'differs'
  return [
    ...head,
    r.length ?? '-',
    r.optimal ? 'yes' : 'no',
    r.lowerBound,
    r.stats.seconds.toFixed(1),
    (r.stats.maxRssBytes / 2 ** 20).toFixed(0),
    largest.toLocaleString('en-US'),
    r.stats.bytesPerBoard.toFixed(1),
    agrees,
  ]
}

const only = process.argv.slice(2).map(Number)
const rows = ROWS.filter((r) => only.length === 0 || only.includes(r.problem))
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
console.log(`Table 3 (paper) beside halma solve, ${machine}\n`)
const out: (string | number)[][] = [
  ['#', 'army', 'rules', 'paper', 'found', 'optimal', 'lower bound', 'seconds', 'peak MB', 'largest level', 'B/board', 'vs paper'],
]
for (const row of rows) {
  const r = runRow(row)
  out.push(r)
  console.log(r.join('  '))
}
const text = table(out, '>   >>>>>>>>')
console.log(`\n${text}`)
const dir = join(import.meta.dirname, 'results')
mkdirSync(dir, { recursive: true })
const date = new Date().toISOString().slice(0, 10)
writeFileSync(
  join(dir, `table3-${date}.md`),
  `# Table 3 beside halma solve\n\nMachine: ${machine}. Command: \`npm run bench:table3${only.length ? ` -- ${only.join(' ')}` : ''}\` (halma solve, default settings, all cores).\n\n` +
    "`optimal yes` means the engine proved that no shorter solution exists (exhaustive search of every shorter length); † marks the paper's unfinished searches (problem 4), run here with the beam only.\n\n```\n" +
    text +
    '\n```\n',
)
