/**
 * The hot path's benchmarks (issue 28), each one exhaustive search timed as a whole: wall seconds,
 * CPU seconds of the process (every thread), the largest resident memory, and the machine's load
 * while it ran (the machine is shared: the CPU seconds say more than the wall seconds when others
 * run too). The level sizes of every length proven must equal those of the reference
 * (bench/results/<case>-levels.json, written by the first run).
 *
 * - `proof`: the proof that the jumps-only triangle-10 transfer under 6-move rules needs 35 moves
 *   (`halma solve --army triangle10 --board 9x9 --rules 6-move --jumps-only`, default settings:
 *   beam, then a proof of every shorter length, 2 threads). Issue 28's figures are printed beside.
 * - `proof15`: problem 4 (triangle-15 on 9x9) under 8-move rules, every length from the lower
 *   bound to 20 checked exhaustively in memory: the ladder bound's share of the hot path.
 *
 * `npm run bench -- proof` runs bin/halma.mjs; `--cli PATH` another build of the CLI (a copy of
 * out/cli from an earlier commit, for the row before a change); `--label X` names the row. Every
 * run is kept in bench/results/proof-runs.json and printed beside this one (the previous values);
 * the table is appended to bench/results/proof.md with the command.
 */
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'

/** Figures not measured by this script: published, or the targets. */
interface Published {
  readonly label: string
  readonly wall?: number
  readonly rssMB?: number
}

interface Case {
  readonly args: readonly string[]
  readonly published: readonly Published[]
}

const CASES: Record<string, Case> = {
  proof: {
    args: 'solve --army triangle10 --board 9x9 --rules 6-move --jumps-only --threads 2 --json'.split(' '),
    published: [
      { label: 'issue 28: main before it, 2 cores', wall: 231, rssMB: 2.7 * 1024 },
      { label: 'issue 28: native reference solver, same machine', wall: 122, rssMB: 1.5 * 1024 },
      { label: 'issue 28: target', wall: 150, rssMB: 1.7 * 1024 },
    ],
  },
  proof15: {
    args: 'solve --army triangle15 --board 9x9 --rules 8-move --strategy exhaustive --max-length 20 --threads 2 --json'.split(' '),
    published: [],
  },
}

const RESULTS = join(import.meta.dirname, 'results')
const RUNS = join(RESULTS, 'proof-runs.json')

/** One timed run, as kept in proof-runs.json. */
interface Run {
  readonly case: string
  readonly label: string
  readonly date: string
  readonly wall: number
  readonly cpu: number
  readonly rssMB: number
  readonly load: readonly [number, number]
  readonly found: number | null
  readonly optimal: boolean
  readonly same: boolean
}

function option(argv: readonly string[], name: string): string | undefined {
  const k = argv.indexOf(`--${name}`)
  return k >= 0 ? argv[k + 1] : undefined
}

export function benchProof(argv: readonly string[], name = 'proof'): string {
  const c = CASES[name]!
  const cli = option(argv, 'cli') ?? join(import.meta.dirname, '..', 'bin', 'halma.mjs')
  const label = option(argv, 'label') ?? (option(argv, 'cli') ? cli : 'this build')
  const load0 = loadavg()[0]!
  // GNU time reports the process's CPU time over all its threads, and its largest resident set.
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, cli, ...c.args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
  const load1 = loadavg()[0]!
  const time = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '')
  if (!time || (r.status !== 0 && r.status !== 1))
    throw new Error(`halma ${c.args.join(' ')}: exit ${r.status}\n${(r.stderr ?? '').slice(-2000)}`)
  const [wall, user, sys, rssKB] = time.slice(1).map(Number) as [number, number, number, number]
  const out = JSON.parse(r.stdout) as {
    length: number | null
    optimal: boolean
    proof: { lengths: { length: number; result: string; levels: number[] }[] }
  }
  const levels = JSON.stringify(out.proof.lengths.map((l) => ({ length: l.length, result: l.result, levels: l.levels })))
  const reference = join(RESULTS, `${name}-levels.json`)
  if (!existsSync(reference)) writeFileSync(reference, `${levels}\n`)
  const run: Run = {
    case: name,
    label,
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    wall,
    cpu: user + sys,
    rssMB: rssKB / 1024,
    load: [load0, load1],
    found: out.length,
    optimal: out.optimal,
    same: readFileSync(reference, 'utf8').trim() === levels,
  }
  const runs = existsSync(RUNS) ? (JSON.parse(readFileSync(RUNS, 'utf8')) as Run[]) : []
  runs.push(run)
  writeFileSync(RUNS, `${JSON.stringify(runs, null, 1)}\n`)
  const rows: (string | number)[][] = [
    ['build', 'date', 'found', 'optimal', 'wall s', 'CPU s', 'CPU / wall', 'max RSS MB', 'load start, end', 'same levels'],
    // Earlier runs first (the previous values), this one last among the measured.
    ...runs
      .filter((p) => p.case === name)
      .map((p) => [
        p === run ? `${p.label} (this run)` : p.label,
        p.date,
        p.found ?? '-',
        p.optimal ? 'yes' : 'no',
        p.wall.toFixed(1),
        p.cpu.toFixed(1),
        (p.cpu / p.wall).toFixed(2),
        p.rssMB.toFixed(0),
        `${p.load[0].toFixed(1)}, ${p.load[1].toFixed(1)}`,
        p.same ? 'yes' : 'NO',
      ]),
    ...c.published.map((p) => [p.label, '-', '-', '-', p.wall?.toFixed(0) ?? '-', '-', '-', p.rssMB?.toFixed(0) ?? '-', '-', '-']),
  ]
  const text = table(rows, '<<>>>>>>>>')
  appendFileSync(join(RESULTS, 'proof.md'), `\n${run.date}, \`halma ${c.args.join(' ')}\`, ${label}:\n\n\`\`\`\n${text}\n\`\`\`\n`)
  return text
}
