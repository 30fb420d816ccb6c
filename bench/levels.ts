/**
 * `npm run bench:levels`: the level sizes of four reference searches (the Levenspiel proof, the
 * Grasshopper and Chinese Checkers 8-move games, the 15-man 35-move proof), printed as JSON so that
 * two builds of the engine can be compared exactly (a refactoring must leave every level size as it
 * was). Written to bench/results/levels-<commit>.json; `npm run bench:levels -- 1 4` runs rows 1 and
 * 4 only. Times are printed too, but they are not the point: bench:table2/3 measure speed.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface Row {
  readonly name: string
  readonly args: readonly string[]
}

const ROWS: Row[] = [
  { name: 'Levenspiel 27 (triangle-10, 6-move)', args: ['solve', '--army', 'triangle10', '--board', '9x9', '--rules', '6-move'] },
  { name: 'Grasshopper 24', args: ['game', '--army', 'triangle10', '--board', '8x8', '--rules', '8-move'] },
  { name: 'Chinese Checkers 8-move 24', args: ['game', '--army', 'triangle10', '--board', '9x9', '--rules', '8-move'] },
  {
    name: '15 men, no game of 35 moves or fewer',
    args: ['game', '--army', 'triangle15', '--board', '9x9', '--rules', '6-move', '--strategy', 'exhaustive', '--max-length', '35'],
  },
]

interface Sizes {
  readonly name: string
  readonly length: number | null
  readonly statement: string
  /** Per search (transfer: per length proven; game: per search), its level sizes. */
  readonly searches: readonly { readonly what: string; readonly levels: readonly number[] }[]
  /** Every level the result's statistics list, in order. */
  readonly levels: readonly number[]
  readonly seconds: number
}

const bin = join(import.meta.dirname, '../bin/halma.mjs')

function run(row: Row): Sizes {
  const p = spawnSync(process.execPath, [bin, ...row.args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 })
  if (p.status !== 0 && p.status !== 1) throw new Error(`${row.name}: ${p.stderr.trim().split('\n').pop()}`)
  const r = JSON.parse(p.stdout)
  const searches =
    row.args[0] === 'solve'
      ? r.proof.lengths.map((l: { length: number; result: string; levels: number[] }) => ({
          what: `length ${l.length} ${l.result}`,
          levels: l.levels,
        }))
      : r.proof.searches.map((s: { bound: number; winner: string; heuristic: boolean; result: string; levels: number[] }) => ({
          what: `bound ${s.bound} ${s.winner} ${s.heuristic ? 'heuristic' : 'exhaustive'} ${s.result}`,
          levels: s.levels,
        }))
  return {
    name: row.name,
    length: r.length,
    statement: r.proof.statement,
    searches,
    levels: r.stats.levels.map((l: { size: number }) => l.size),
    seconds: r.stats.seconds,
  }
}

const only = process.argv.slice(2).map(Number)
const out = ROWS.filter((_, k) => only.length === 0 || only.includes(k + 1)).map((row) => {
  const s = run(row)
  console.error(`${row.name}: ${s.length} moves, ${s.levels.length} levels, ${s.seconds.toFixed(1)} s`)
  return s
})
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
const dir = join(import.meta.dirname, 'results')
mkdirSync(dir, { recursive: true })
const text = `${JSON.stringify({ commit, rows: out }, null, 1)}\n`
writeFileSync(join(dir, `levels-${commit}.json`), text)
console.log(text)
