/**
 * `npm run bench:resume [-- transfer|game|all [TRIALS]]`: interrupt a search on disk at random
 * moments (Ctrl-C or kill -9, alternately), resume it until it finishes, and check that every trial
 * ends with the same result as an uninterrupted run; then damage a level file of a checkpoint and
 * check that the resume refuses it, naming the file. Two searches (`all`, the default):
 * - transfer: triangle10 under 8-move rules (the beam finds 20, the proofs exclude 19 and below)
 *   with a 64 MB budget (its levels are on disk), 10 trials;
 * - game: the shortest game of triangle6 on 9x9 under 8-move rules, exhaustive (lengths 15 to 17
 *   excluded, 18 found and its games counted), 64 MB, about a minute whole, 4 trials.
 * Each prints a table and writes bench/results/resume-<search>-<date>.md; exit status 1 if any
 * trial differs.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'

const CLI = join(import.meta.dirname, '..', 'bin', 'halma.mjs')

/** What a resumed run must give as the uninterrupted one did (JSON, compared as text). */
type Outcome = string

interface Case {
  readonly name: string
  readonly args: readonly string[]
  readonly trials: number
  /** What is compared, and what the comparison covers (for the results file). */
  readonly outcome: (stdout: string) => Outcome
  readonly compared: string
}

const CASES: readonly Case[] = [
  {
    name: 'transfer',
    args: ['solve', '--army', 'triangle10', '--board', '9x9', '--rules', '8-move', '--threads', '2', '--budget', '0.064', '--json'],
    trials: 10,
    outcome: (stdout) => {
      const r = JSON.parse(stdout) as { length: number | null; proof: { statement: string; lengths: { length: number; result: string; levels: number[] }[] } }
      return JSON.stringify([r.length, r.proof.statement, r.proof.lengths.map((l) => [l.length, l.result, l.levels])])
    },
    compared: "the result, the statement and every proven length's level sizes",
  },
  {
    name: 'game',
    args: ['game', '--army', 'triangle6', '--board', '9x9', '--rules', '8-move', '--strategy', 'exhaustive', '--threads', '2', '--budget', '0.064', '--json'],
    trials: 4,
    outcome: (stdout) => {
      const r = JSON.parse(stdout) as {
        length: number | null
        winner: string | null
        moves: string[]
        count: unknown
        proof: { statement: string; searches: { bound: number; winner: string; result: string; levels: number[] }[] }
      }
      return JSON.stringify([r.length, r.winner, r.moves, r.count, r.proof.statement, r.proof.searches.map((s) => [s.bound, s.winner, s.result, s.levels])])
    },
    compared: "the game, its winner and moves, the count of shortest games, the statement and every search's level sizes",
  },
]

function runToEnd(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Start a run and stop it after `ms` with `signal`; whether it had finished by then. */
function interrupted(args: string[], ms: number, signal: NodeJS.Signals): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: 'ignore' })
    let finished = false
    const timer = setTimeout(() => child.kill(signal), ms)
    child.on('exit', (code) => {
      clearTimeout(timer)
      finished = code === 0
      resolve(finished)
    })
  })
}


/** Start a run and kill it (-9) as soon as `ready` holds (polled every 50 ms), or let it end. */
function killedWhen(args: string[], ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: 'ignore' })
    const poll = setInterval(() => ready() && child.kill('SIGKILL'), 50)
    child.on('exit', () => {
      clearInterval(poll)
      resolve()
    })
  })
}

/** Run a case's trials and its damaged-file check; the text of its results and whether all held. */
async function trialsOf(c: Case, trials: number): Promise<{ text: string; failures: number; seconds: number }> {
  const ARGS = c.args
  // The reference: the same search on disk, uninterrupted (bench:disk compares disk and memory).
  const t1 = performance.now()
  const whole = mkdtempSync(join(tmpdir(), 'halma-whole-'))
  const reference = runToEnd([...ARGS, '--disk', whole])
  rmSync(whole, { recursive: true, force: true })
  const seconds = (performance.now() - t1) / 1000
  if (reference.code !== 0) throw new Error(`${c.name}: the uninterrupted run failed: ${reference.stderr.slice(-2000)}`)
  const expected = c.outcome(reference.stdout)
  const statement = (JSON.parse(reference.stdout) as { proof: { statement: string } }).proof.statement
  console.log(`${c.name}, uninterrupted, on disk: ${statement} (${seconds.toFixed(1)} s)\n`)

  let seed = 20261125
  const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
  const rows: string[][] = [['trial', 'interruptions', 'signals', 'same result', 'seconds in all']]
  let failures = 0
  for (let t = 1; t <= trials; t++) {
    const dir = mkdtempSync(join(tmpdir(), 'halma-resume-'))
    const signals: string[] = []
    const started = performance.now()
    let first = true
    for (;;) {
      const signal: NodeJS.Signals = (t + signals.length) % 2 === 0 ? 'SIGKILL' : 'SIGINT'
      const args = first ? [...ARGS, '--disk', dir] : [...ARGS, '--resume', dir]
      // Stop somewhere in the first 90 % of what a whole run takes (the first stop in the first 60 %,
      // so that a machine a little faster than at the reference still gets one); after three stops,
      // let it finish.
      if (signals.length >= 3) break
      const done = await interrupted(args, 300 + random() * seconds * (signals.length === 0 ? 600 : 900), signal)
      first = first && !readdirSync(dir).includes('checkpoint.json')
      if (done) break
      signals.push(signal === 'SIGKILL' ? 'kill -9' : 'Ctrl-C')
    }
    const last = runToEnd(first ? [...ARGS, '--disk', dir] : [...ARGS, '--resume', dir])
    const same = last.code === 0 && c.outcome(last.stdout) === expected
    if (!same) {
      failures++
      console.error(`trial ${t}: ${last.code}\n${last.stderr.slice(-2000)}`)
    }
    rows.push([String(t), String(signals.length), signals.join(', ') || '-', same ? 'yes' : 'NO', ((performance.now() - started) / 1000).toFixed(1)])
    rmSync(dir, { recursive: true, force: true })
  }

  // A damaged level file is named: killed (-9) once its checkpoint holds a level of more than 100 states.
  const dir = mkdtempSync(join(tmpdir(), 'halma-damaged-'))
  const levelOf = (): string | undefined => {
    try {
      // Checkpoint format 2: each level's record lists its files (core/checkpoint.ts).
      const manifest = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as {
        levels: Record<string, { value: { files: { name: string; rows: number }[] } }>
      }
      return Object.values(manifest.levels).flatMap((e) => e.value.files).find((f) => f.rows > 100)?.name
    } catch {
      return undefined // not written yet, or being replaced
    }
  }
  await killedWhen([...ARGS, '--disk', dir], () => levelOf() !== undefined)
  const victim = levelOf()
  let damaged = 'no level file to damage'
  if (victim) {
    const bytes = readFileSync(join(dir, victim))
    bytes[bytes.length >> 1]! ^= 0x10
    writeFileSync(join(dir, victim), bytes)
    const r = runToEnd([...ARGS, '--resume', dir])
    const said = r.stderr.trim().split('\n').pop() ?? ''
    damaged = r.code === 2 && said.includes(victim) ? `refused (exit 2), naming ${victim}: ${said}` : `NOT refused (exit ${r.code}): ${said}`
    if (!damaged.startsWith('refused')) failures++
  }
  rmSync(dir, { recursive: true, force: true })

  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)))
  const table = rows.map((r) => r.map((x, col) => x.padEnd(widths[col]!)).join('  ')).join('\n')
  return { text: `uninterrupted: ${statement} (${seconds.toFixed(1)} s)\n\n${table}\n\ndamaged level file: ${damaged}`, failures, seconds }
}

const which = process.argv[2] ?? 'all'
const chosen = CASES.filter((c) => which === 'all' || c.name === which)
if (chosen.length === 0) throw new Error(`bench:resume: '${which}' is not one of all, ${CASES.map((c) => c.name).join(', ')}`)
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const results = join(import.meta.dirname, 'results')
mkdirSync(results, { recursive: true })
let failures = 0
for (const c of chosen) {
  const trials = Number(process.argv[3] ?? c.trials)
  const run = await trialsOf(c, trials)
  failures += run.failures
  console.log(run.text)
  writeFileSync(
    join(results, `resume-${c.name}-${new Date().toISOString().slice(0, 10)}.md`),
    `# Interrupted ${c.name} searches on disk, resumed\n\nMachine: ${machine}. Command: \`npm run bench:resume -- ${c.name} ${trials}\`: \`halma ${c.args.join(' ')} --disk DIR\`, stopped at random moments (in the first 90 % of an uninterrupted run's time, the first stop in the first 60 %) by Ctrl-C or \`kill -9\` (alternately, up to three times), then \`--resume DIR\` until it ends; \`same result\`: ${c.compared} equal those of the uninterrupted run. Then a level file of a checkpoint is damaged (one bit) and the resume must refuse it, naming the file.\n\n\`\`\`\n${run.text}\n\`\`\`\n`,
  )
}
process.exit(failures > 0 ? 1 : 0)
