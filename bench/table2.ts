/**
 * `npm run bench:table2`: the shortest two-player games of the paper's Table 2, searched by
 * `halma game` (one process per row), beside the paper's values. Written also to
 * bench/results/table2-<date>.md, and the games found to table2-games-<date>.json. `npm run
 * bench:table2 -- 1 4` runs rows 1 and 4 only.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'

interface Row {
  readonly name: string
  readonly board: string
  readonly rules: string
  readonly army: string
  readonly men: number
  readonly distance: number
  readonly bound: number
  /** The paper's shortest game, or null where unknown (Halma). */
  readonly paper: number | null
  readonly args: readonly string[]
}

export const ROWS: Row[] = [
  {
    name: 'Chinese Checkers',
    board: '9x9',
    rules: '6-move',
    army: 'triangle10',
    men: 10,
    distance: 10,
    bound: 27,
    paper: 30,
    // (vi) and room for the split search at 30 after the proofs (the beams stop at 34). The
    // default 6 GB budget: the proofs go on to an exhaustive search at 30, and only its running out
    // of memory lets the split search at 30 run (a time limit would end the job instead).
    args: ['--vacating', '--time-limit', '4800'],
  },
  {
    name: 'Chinese Checkers (15 man)',
    board: '9x9',
    rules: '6-move',
    army: 'triangle15',
    men: 15,
    distance: 8,
    bound: 35,
    paper: 36,
    args: ['--time-limit', '900'],
  },
  {
    name: 'Halma',
    board: '16x16',
    rules: '8-move',
    army: 'halma19',
    men: 19,
    distance: 10,
    bound: 45,
    paper: null,
    // A beam of 1,000: at Halma's scale (19 men, 16 x 16) wider beams take minutes a level.
    args: ['--beam', '1000', '--time-limit', '1200'],
  },
  { name: 'Grasshopper', board: '8x8', rules: '8-move', army: 'triangle10', men: 10, distance: 4, bound: 21, paper: 24, args: [] },
  {
    name: 'Chinese Checkers (8-move)',
    board: '9x9',
    rules: '8-move',
    army: 'triangle10',
    men: 10,
    distance: 5,
    bound: 22,
    paper: 24,
    args: [],
  },
]

const bin = join(import.meta.dirname, '../bin/halma.mjs')
/** The games found, written beside the table (each verifies with `halma verify --game`). */
const games: { game: string; length: number; winner: string; optimal: boolean; moves: string[] }[] = []

function runRow(row: Row): (string | number)[] {
  const args = ['game', '--army', row.army, '--board', row.board, '--rules', row.rules, ...row.args, '--json']
  const p = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
  const head = [row.name, row.board, row.rules, row.men, row.distance, row.bound, row.paper ?? 'unknown']
  if (p.status !== 0 && p.status !== 1) return [...head, 'error', '', '', '', '', '', (p.stderr || '').trim().split('\n').pop() ?? '']
  const r = JSON.parse(p.stdout)
  if (r.length !== null) games.push({ game: row.name, length: r.length, winner: r.winner, optimal: r.optimal, moves: r.moves })
  const largest = Math.max(
    0,
    // Completed exhaustive searches only (an enumeration search stopped by its allowance is not one).
    ...r.proof.searches
      .filter((s: { heuristic: boolean; result: string }) => !s.heuristic && (s.result === 'none' || s.result === 'found'))
      .flatMap((s: { levels: number[] }) => s.levels),
  )
  return [
    ...head,
    r.length ?? '-',
    r.optimal ? 'yes' : 'no',
    r.lowerBound,
    r.count
      ? `${r.count.games.toLocaleString('en-US')}${r.count.scope === 'heuristic' ? ' (i,iv)' : r.count.scope === 'heuristic-vi' ? ' (i,iv,vi)' : ''}`
      : '-',
    r.stats.seconds.toFixed(1),
    (r.stats.maxRssBytes / 2 ** 20).toFixed(0),
    largest.toLocaleString('en-US'),
  ]
}

const only = process.argv.slice(2).map(Number)
const rows = ROWS.filter((_, k) => only.length === 0 || only.includes(k + 1))
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
console.log(`Table 2 (paper) beside halma game, ${machine}\n`)
const out: (string | number)[][] = [
  [
    'game',
    'board',
    'rule',
    'men',
    'd(B,R)',
    'bound (5)',
    'paper',
    'found',
    'optimal',
    'lower bound',
    'shortest games',
    'seconds',
    'peak MB',
    'largest level',
  ],
]
for (const row of rows) {
  const r = runRow(row)
  out.push(r)
  console.log(r.join('  '))
}
const text = table(out, '   >>>>>>>>>>>')
console.log(`\n${text}`)
const dir = join(import.meta.dirname, 'results')
mkdirSync(dir, { recursive: true })
writeFileSync(join(dir, `table2-games-${new Date().toISOString().slice(0, 10)}.json`), `${JSON.stringify(games, null, 2)}\n`)
writeFileSync(
  join(dir, `table2-${new Date().toISOString().slice(0, 10)}.md`),
  `# Table 2 beside halma game\n\nMachine: ${machine}. Command: \`npm run bench:table2${only.length ? ` -- ${only.join(' ')}` : ''}\` (halma game with each row's arguments from bench/table2.ts, all cores).\n\n\`optimal yes\`: the engine proved that no shorter game exists (exhaustive search of every shorter length for its winner). \`lower bound\`: the longest length excluded so far, plus one. \`shortest games\`: move sequences of the optimal length, every one, or with (i,iv) only those with the heuristic properties (i) and (iv) when the exhaustive search at that length was too large. \`largest level\`: the largest level of the exhaustive searches.\n\n\`\`\`\n${text}\n\`\`\`\n`,
)
