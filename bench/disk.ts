/**
 * `npm run bench:disk`: proofs whose levels do not fit in a 256 MB budget, run in memory (default
 * budget) and on disk (`--disk`, `--budget 0.25`), side by side: the same result and the same
 * level sizes, the time on disk against the time in memory, the memory and the disk used. Rows:
 * Levenspiel's 27 (triangle10, 6-move rules) and the jumps-only 35 (triangle10, 6-move, jumps
 * only). The table is also written to bench/results/disk-<date>.md.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'

const CLI = join(import.meta.dirname, '..', 'bin', 'halma.mjs')

interface Run {
  readonly length: number | null
  readonly optimal: boolean
  readonly statement: string
  readonly sizes: string
  readonly seconds: number
  readonly peakMB: number
  readonly diskMB: number
  readonly rssMB: number
}

function solve(args: readonly string[]): Run {
  const r = spawnSync(process.execPath, [CLI, 'solve', ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 })
  if (r.status !== 0) throw new Error(`halma solve ${args.join(' ')}: exit ${r.status}\n${r.stderr.slice(-3000)}`)
  const o = JSON.parse(r.stdout) as {
    length: number | null
    optimal: boolean
    proof: { statement: string; lengths: { length: number; result: string; levels: number[] }[] }
    stats: { seconds: number; peakBytes: number; peakDiskBytes?: number; maxRssBytes: number }
  }
  return {
    length: o.length,
    optimal: o.optimal,
    statement: o.proof.statement,
    sizes: JSON.stringify(o.proof.lengths.map((l) => [l.length, l.result, l.levels])),
    seconds: o.stats.seconds,
    peakMB: o.stats.peakBytes / 2 ** 20,
    diskMB: (o.stats.peakDiskBytes ?? 0) / 2 ** 20,
    rssMB: o.stats.maxRssBytes / 2 ** 20,
  }
}

const ROWS = [
  { name: "Levenspiel's 27", args: ['--army', 'triangle10', '--board', '9x9', '--rules', '6-move'] },
  { name: 'jumps-only 35', args: ['--army', 'triangle10', '--board', '9x9', '--rules', '6-move', '--jumps-only'] },
]

const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
console.log(`Proofs in memory and on disk, ${machine}\n`)
const out: (string | number)[][] = [['problem', 'where', 'budget', 'found', 'optimal', 'seconds', 'peak MB', 'max RSS MB', 'disk MB', 'same levels', 'disk / memory']]
for (const row of ROWS) {
  const ram = solve(row.args)
  out.push([row.name, 'memory', '6 GB', ram.length ?? '-', ram.optimal ? 'yes' : 'no', ram.seconds.toFixed(1), ram.peakMB.toFixed(0), ram.rssMB.toFixed(0), '-', '-', '-'])
  console.log(out[out.length - 1]!.join('  '))
  const dir = mkdtempSync(join(tmpdir(), 'halma-bench-disk-'))
  try {
    const disk = solve([...row.args, '--budget', '0.25', '--disk', dir])
    const same = disk.sizes === ram.sizes && disk.statement === ram.statement
    out.push([
      row.name,
      'disk',
      '256 MB',
      disk.length ?? '-',
      disk.optimal ? 'yes' : 'no',
      disk.seconds.toFixed(1),
      disk.peakMB.toFixed(0),
      disk.rssMB.toFixed(0),
      disk.diskMB.toFixed(0),
      same ? 'yes' : 'NO',
      (disk.seconds / ram.seconds).toFixed(2),
    ])
    console.log(out[out.length - 1]!.join('  '))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
const text = table(out, '<<>>>>>>>>>')
console.log(`\n${text}`)
const dir = join(import.meta.dirname, 'results')
mkdirSync(dir, { recursive: true })
writeFileSync(
  join(dir, `disk-${new Date().toISOString().slice(0, 10)}.md`),
  `# Proofs in memory and on disk\n\nMachine: ${machine}. Command: \`npm run bench:disk\` (halma solve, default settings, all cores; on disk with \`--budget 0.25 --disk DIR\`). \`same levels\`: every proven length's level sizes and the proof statement equal those of the run in memory. \`peak MB\` is what the level sets held in memory (on disk: the sort buffer); \`disk MB\` the most the levels held on disk at once.\n\n\`\`\`\n${text}\n\`\`\`\n`,
)
