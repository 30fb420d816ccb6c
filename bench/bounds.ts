/**
 * `npm run bench:bounds -- [--rules 6-move] [--length 30] [--levels 8] [--run a|b] [--cmax C]
 * [--army triangle15] [--board 9x9] [--threads 2] [--exact K] [--variants plain,finish] [--max-states N] [--worker
 * out/cli-copy/expansion-worker.mjs]`: the first
 * levels of one search of a proof (the transfer's thresholdRun, prove.ts) under each variant of the
 * bounds, side by side: what a bound saves on the levels where a proof explodes (issue 28, problem 4). Run a is
 * the Cmax search (threshold 0), run b the proof search (threshold -Cmax, give --cmax in c units).
 * Levels go to disk (a folder under the system's temporary folder, removed afterwards), with a
 * 1 GB sort buffer. Prints a table and writes it to bench/results/bounds-<rules>-L<length>-<date>.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { table } from '../src/cli/io'
import { folderStore } from '../src/hosts/node/store'
import { nodeWorkers } from '../src/hosts/node/threads'
import { boardByName } from '../src/shared/halma/board'
import { presetProblem } from '../src/shared/halma/problem'
import { makeRules, type MoveSet } from '../src/shared/halma/rules'
import { expect as unwrap } from '../src/shared/result'
import { Spine } from '../src/shared/engine/core/spine'
import { TransferDomain, type TransferInit } from '../src/shared/engine/transfer/domain'
import { TransferKernel, type TransferRule } from '../src/shared/engine/transfer/kernel'
import { thresholdRun } from '../src/shared/engine/transfer/prove'
import type { ARMY_PRESETS } from '../src/shared/halma/armies'

const { values: o } = parseArgs({
  options: {
    army: { type: 'string', default: 'triangle15' },
    board: { type: 'string', default: '9x9' },
    rules: { type: 'string', default: '6-move' },
    length: { type: 'string', default: '30' },
    levels: { type: 'string', default: '7' },
    run: { type: 'string', default: 'a' },
    cmax: { type: 'string', default: '0' },
    threads: { type: 'string', default: '2' },
    exact: { type: 'string', default: '6' },
    variants: { type: 'string', default: 'plain,finish' },
    /** A variant stops after a level of this many states (the first levels of a proof, in minutes). */
    'max-states': { type: 'string', default: '20000000' },
    /** The expansion threads' bundle (a copy of out/cli, so that a rebuild does not change a run). */
    worker: { type: 'string' },
  },
})
const length = Number(o.length)
const depth = Number(o.levels)
const board = unwrap(boardByName(o.board))
const rules = makeRules(o.rules as MoveSet)
const problem = unwrap(presetProblem('transfer', board, rules, o.army as (typeof ARMY_PRESETS)[number]))
const N = Math.floor(length / 2)
// Run a: the Cmax search (to N, or N + 1 for odd lengths); run b: the proof search (to N - 1, or N).
const meet = o.run === 'a' ? (length % 2 === 0 ? N : N + 1) : N
const variants = o.variants!.split(',')
const worker = o.worker ? new URL(`file://${resolve(o.worker)}`) : new URL('../out/cli/expansion-worker.mjs', import.meta.url)

interface Outcome {
  readonly sizes: number[]
  readonly children: number[]
  readonly seconds: number[]
}

async function run(variant: string): Promise<Outcome> {
  const domain = new TransferDomain(problem, { fold: true, bound: 'ladder', exactMoves: Number(o.exact) })
  const threshold = o.run === 'a' ? 0 : -Number(o.cmax) * domain.space.scale
  const dir = mkdtempSync(join(tmpdir(), 'halma-bench-bounds-'))
  // The job's spine, as a proof's flow has it: a budget of 4 GB sorts children in a 1 GB buffer.
  const spine = new Spine<TransferRule, TransferInit>(
    { threads: Number(o.threads), budgetBytes: 2 ** 32, timeLimit: 0, disk: dir },
    { workers: nodeWorkers(worker), files: folderStore },
    (p) => {
      // Sizes before the merge count repeats: the table gives the levels' own.
      if (p.message.includes(', merging')) process.stderr.write(`  ${variant}: ${p.message} (${p.elapsed.toFixed(0)} s)\n`)
    },
    'prove',
  )
  try {
    await spine.start({ init: domain.init, kernel: () => new TransferKernel(domain) }, {})
    const search = await thresholdRun(
      { domain, spine, onDisk: true, maxMeetings: 0, finish: variant === 'finish', phase: () => {} },
      Math.min(depth, meet),
      meet,
      threshold,
      `bench${variant}`,
      length,
      Number(o['max-states']),
    )
    const out = {
      sizes: search.records.map((r) => r.size),
      children: search.records.map((r) => r.children),
      seconds: search.records.map((r) => r.seconds),
    }
    search.discard()
    return out
  } finally {
    await spine.stop(true)
    rmSync(dir, { recursive: true, force: true })
  }
}

const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const started = loadavg()[0]!
const outcomes = new Map<string, Outcome>()
for (const v of variants) {
  process.stderr.write(`${v}:\n`)
  outcomes.set(v, await run(v))
}
const rows: (string | number)[][] = [
  [
    'level',
    ...variants.flatMap((v) => [`${v} states`, `${v} children`, `${v} s`]),
    ...variants.slice(1).map((v) => `${v} / ${variants[0]}`),
  ],
]
for (let i = 0; i < depth; i++) {
  const base = outcomes.get(variants[0]!)!.sizes[i]
  if (variants.every((v) => outcomes.get(v)!.sizes[i] === undefined)) break
  rows.push([
    i + 1,
    ...variants.flatMap((v) => {
      const x = outcomes.get(v)!
      return [x.sizes[i]?.toLocaleString('en-US') ?? '-', x.children[i]?.toLocaleString('en-US') ?? '-', x.seconds[i]?.toFixed(1) ?? '-']
    }),
    ...variants.slice(1).map((v) => {
      const s = outcomes.get(v)!.sizes[i]
      return s === undefined || base === undefined || base === 0 ? '-' : (s / base).toFixed(3)
    }),
  ])
}
const what = `${o.army} on ${o.board}, ${o.rules}, length ${length}, run ${o.run}${o.run === 'b' ? ` (Cmax ${o.cmax})` : ''}, levels 1-${depth} (a variant stops after a level of ${Number(o['max-states']).toLocaleString('en-US')} states), ${o.threads} threads, exact ladder to ${o.exact} moves`
const text = table(rows)
console.log(`${what}\n${text}`)
const date = new Date().toISOString().slice(0, 10)
writeFileSync(
  join(import.meta.dirname, 'results', `bounds-${o.rules}-L${length}${o.run}-${date}.md`),
  `# Bounds on the first levels of a proof\n\n${what}. Machine: ${machine}; load average ${started.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end. Command: \`npm run bench:bounds -- ${process.argv.slice(2).join(' ')}\`.\n\n\`\`\`\n${text}\n\`\`\`\n`,
)
