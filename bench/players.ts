/**
 * `npm run bench:players`: the shortest cooperative game for N players on the presets of issue 18,
 * searched by `halma players game` (one process per row, all cores), with what each proves.
 * Written also to bench/results/players-<date>.md, and each game found to
 * resources/players/<preset>.players.json (it verifies: halma players verify --file).
 * `npm run bench:players -- mini-3 star73-3` runs those rows only.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'

interface Row {
  readonly preset: string
  /** The row's name (and its game file's) where rule options make it another game than the preset's. */
  readonly name?: string
  readonly args: readonly string[]
}

const disk = join(tmpdir(), 'halma-players-levels')

export const ROWS: Row[] = [
  { preset: 'mini-2', args: [] },
  { preset: 'mini-3', args: [] },
  { preset: 'mini-4', args: [] },
  { preset: 'mini-6', args: ['--budget', '16'] },
  // The beam at 25 moves finds the game (the bound and the look-ahead keep only positions that can
  // still win in 25); its exhaustive search is not needed, nor is its count (too large).
  { preset: 'star73-3', args: ['--no-count'] },
  { preset: 'piecepack-4', args: ['--budget', '12'] },
  // The beams in rounds below 52 (an earlier run's best: a beam of 200,000 for 15 minutes) find
  // 51; the exhaustive searches of 32 to 37 (no game under 38) are the README's.
  { preset: 'star121-3', args: ['--strategy', 'heuristic', '--beam', '20000', '--max-length', '51'] },
  // Beams in rounds below 130 (the first run's game): 108.
  { preset: 'star121-6', args: ['--strategy', 'heuristic', '--beam', '2000', '--max-length', '130'] },
  { preset: 'piecepack-2', args: [] },
  // The rules page's options: teams of partners, and the vacate rule.
  { preset: 'mini-4', name: 'mini-4-teams', args: ['--teams'] },
  { preset: 'mini-4', name: 'mini-4-vacate', args: ['--vacate'] },
  { preset: 'mini-6', name: 'mini-6-teams', args: ['--teams', '--budget', '16'] },
]

const bin = join(import.meta.dirname, '../bin/halma.mjs')
const only = process.argv.slice(2)
const rows = ROWS.filter((r) => only.length === 0 || only.includes(r.name ?? r.preset))
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const date = new Date().toISOString().slice(0, 10)
const gamesDir = join(import.meta.dirname, '../resources/players')
mkdirSync(gamesDir, { recursive: true })
mkdirSync(disk, { recursive: true })
const out: (string | number)[][] = [
  ['preset', 'found', 'winner', 'optimal', 'lower bound', 'bound at start', 'largest exhaustive level', 'shortest games', 'seconds', 'peak MB', 'command'],
]
const statements: string[] = []
console.log(`halma players game on the presets, ${machine}\n`)
for (const row of rows) {
  const name = row.name ?? row.preset
  const args = ['players', 'game', '--preset', row.preset, ...row.args, '--out', join(gamesDir, `${name}.players.json`), '--json']
  const command = `halma ${args
    .filter((a) => a !== '--json')
    .join(' ')
    .replace(gamesDir, 'resources/players')
    .replace(disk, '$TMPDIR/halma-players-levels')}`
  const p = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
  if (p.status !== 0 && p.status !== 1) {
    out.push([name, 'error', '', '', '', '', '', '', '', '', (p.stderr || '').trim().split('\n').pop() ?? ''])
    continue
  }
  const r = JSON.parse(p.stdout)
  const exhaustive = r.proof.searches.filter((s: { heuristic: boolean; result: string }) => !s.heuristic && (s.result === 'none' || s.result === 'found'))
  const first = r.proof.statement.match(/fewer than (\d+) moves\./g)
  const cells = [
    name,
    r.length ?? '-',
    r.winner ?? '-',
    r.optimal ? 'yes' : 'no',
    r.lowerBound,
    first ? first.at(-1).replace(/\D/g, '') : '',
    Math.max(0, ...exhaustive.flatMap((s: { levels: number[] }) => s.levels)).toLocaleString('en-US'),
    r.count ? BigInt(r.count.games).toLocaleString('en-US') : '-',
    r.stats.seconds.toFixed(1),
    (r.stats.maxRssBytes / 2 ** 20).toFixed(0),
    command,
  ]
  out.push(cells)
  statements.push(`- **${name}**: ${r.proof.statement}${r.moves.length ? `\n  Moves: ${r.moves.join(', ')}` : ''}`)
  console.log(cells.join('  '))
}
const text = table(out, '<>  >>>>>>')
console.log(`\n${text}`)
writeFileSync(
  join(import.meta.dirname, 'results', `players-${date}${only.length ? `-${only.join('-')}` : ''}.md`),
  `# The shortest game of N players (halma players game)\n\nMachine: ${machine}. Command: \`npm run bench:players${only.length ? ` -- ${only.join(' ')}` : ''}\` (each row's command below; 2 threads).\n\nEvery player cooperates so that one of them fills her target camp first. \`optimal yes\`: every shorter length was excluded (by the bound at the start, engine/players/bound.ts, or by an exhaustive search for the player who would make that length's last move). \`lower bound\`: no game is shorter (proven). \`shortest games\`: move sequences of the optimal length, all of them (counted by a walk back from the wins of the exhaustive search at that length), where that search fitted. The games found are in resources/players/ and verify with \`halma players verify --file\`.\n\n\`\`\`\n${text}\n\`\`\`\n\n## What each run proved\n\n${statements.join('\n')}\n`,
)
