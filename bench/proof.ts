/**
 * The hot path's benchmark (issue 28): the exhaustive proof that the jumps-only triangle-10
 * transfer under 6-move rules needs 35 moves (`halma solve --army triangle10 --board 9x9 --rules
 * 6-move --jumps-only`, default settings: beam, then a proof of every shorter length, 2 threads),
 * timed as a whole: wall seconds, CPU seconds of the process (every thread), the largest resident
 * memory, and the machine's load while it ran (the machine is shared: the CPU seconds say more
 * than the wall seconds when others run too). The level sizes of every length proven must equal
 * those of the reference (bench/results/proof-levels.json, written by the first run).
 *
 * `npm run bench -- proof` runs bin/halma.mjs; `npm run bench -- proof --cli PATH` another build of
 * the CLI (a copy of out/cli from an earlier commit, for the row before a change); `--label X`
 * names the row. Rows are appended to bench/results/proof.md.
 */
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'

const ARGS = ['solve', '--army', 'triangle10', '--board', '9x9', '--rules', '6-move', '--jumps-only', '--threads', '2', '--json']
/** The native reference solver's figures for the same search on this machine (issue 28). */
const NATIVE = { seconds: 122, rssMB: 1.5 * 1024 }
const RESULTS = join(import.meta.dirname, 'results')

interface Options {
  readonly cli: string
  readonly label: string
}

function options(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => {
    const k = argv.indexOf(`--${name}`)
    return k >= 0 ? argv[k + 1] : undefined
  }
  const cli = value('cli') ?? join(import.meta.dirname, '..', 'bin', 'halma.mjs')
  return { cli, label: value('label') ?? (value('cli') ? cli : 'this build') }
}

export function benchProof(argv: readonly string[]): string {
  const o = options(argv)
  const load0 = loadavg()[0]!
  // GNU time reports the process's CPU time over all its threads, and its largest resident set.
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, o.cli, ...ARGS], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
  const load1 = loadavg()[0]!
  const time = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '')
  if (!time || (r.status !== 0 && r.status !== 1))
    throw new Error(`halma ${ARGS.join(' ')}: exit ${r.status}\n${(r.stderr ?? '').slice(-2000)}`)
  const [wall, user, sys, rssKB] = time.slice(1).map(Number) as [number, number, number, number]
  const out = JSON.parse(r.stdout) as {
    length: number | null
    optimal: boolean
    proof: { lengths: { length: number; result: string; levels: number[] }[] }
  }
  const levels = out.proof.lengths.map((l) => ({ length: l.length, result: l.result, levels: l.levels }))
  const reference = join(RESULTS, 'proof-levels.json')
  if (!existsSync(reference)) writeFileSync(reference, `${JSON.stringify(levels)}\n`)
  const same = readFileSync(reference, 'utf8').trim() === JSON.stringify(levels)
  const cpu = user + sys
  const rows: (string | number)[][] = [
    ['build', 'found', 'optimal', 'wall s', 'CPU s', 'CPU / wall', 'max RSS MB', 'load at start, end', 'same levels'],
    [
      o.label,
      out.length ?? '-',
      out.optimal ? 'yes' : 'no',
      wall.toFixed(1),
      cpu.toFixed(1),
      (cpu / wall).toFixed(2),
      (rssKB / 1024).toFixed(0),
      `${load0.toFixed(1)}, ${load1.toFixed(1)}`,
      same ? 'yes' : 'NO',
    ],
    ['native reference (issue 28)', 35, 'yes', NATIVE.seconds.toFixed(0), '-', '-', NATIVE.rssMB.toFixed(0), '-', '-'],
  ]
  const text = table(rows, '<>>>>>>>>')
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ')
  appendFileSync(join(RESULTS, 'proof.md'), `\n${date}, \`halma ${ARGS.join(' ')}\`:\n\n\`\`\`\n${text}\n\`\`\`\n`)
  return text
}
