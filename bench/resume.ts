/**
 * `npm run bench:resume [-- TRIALS]`: interrupt a search on disk at random moments (Ctrl-C or
 * kill -9, alternately), resume it until it finishes, and check that every trial ends with the
 * same result as an uninterrupted run; then damage a level file of a checkpoint and check that the
 * resume refuses it, naming the file. The problem: triangle10 under 8-move rules (the beam finds
 * 20, the proofs exclude 19 and below) with a 64 MB budget (its levels are on disk), against the
 * same search uninterrupted. Prints a table; exit status 1 if any trial differs.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'

const CLI = join(import.meta.dirname, '..', 'bin', 'halma.mjs')
const ARGS = ['solve', '--army', 'triangle10', '--board', '9x9', '--rules', '8-move', '--threads', '2', '--budget', '0.064', '--json']
const trials = Number(process.argv[2] ?? 10)

interface Outcome {
  readonly length: number | null
  readonly statement: string
  readonly lengths: string
}
const outcomeOf = (stdout: string): Outcome => {
  const r = JSON.parse(stdout) as { length: number | null; proof: { statement: string; lengths: { length: number; result: string; levels: number[] }[] } }
  return { length: r.length, statement: r.proof.statement, lengths: JSON.stringify(r.proof.lengths.map((l) => [l.length, l.result, l.levels])) }
}

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

// The reference: the same search on disk, uninterrupted (bench:disk compares disk and memory).
const t1 = performance.now()
const whole = mkdtempSync(join(tmpdir(), 'halma-whole-'))
const reference = runToEnd([...ARGS, '--disk', whole])
rmSync(whole, { recursive: true, force: true })
const seconds = (performance.now() - t1) / 1000
if (reference.code !== 0) throw new Error(`the uninterrupted run failed: ${reference.stderr.slice(-2000)}`)
const expected = outcomeOf(reference.stdout)
console.log(`uninterrupted, on disk: ${expected.statement} (${seconds.toFixed(1)} s)\n`)

let seed = 20261125
const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
const rows: string[][] = [['trial', 'interruptions', 'signals', 'same result']]
let failures = 0
for (let t = 1; t <= trials; t++) {
  const dir = mkdtempSync(join(tmpdir(), 'halma-resume-'))
  const signals: string[] = []
  let first = true
  for (;;) {
    const signal: NodeJS.Signals = (t + signals.length) % 2 === 0 ? 'SIGKILL' : 'SIGINT'
    const args = first ? [...ARGS, '--disk', dir] : [...ARGS, '--resume', dir]
    // Stop somewhere in the first 90 % of what a whole run takes; after three stops, let it finish.
    if (signals.length >= 3) break
    const done = await interrupted(args, 300 + random() * seconds * 900, signal)
    first = first && !readdirSync(dir).includes('checkpoint.json')
    if (done) break
    signals.push(signal === 'SIGKILL' ? 'kill -9' : 'Ctrl-C')
  }
  const last = runToEnd(first ? [...ARGS, '--disk', dir] : [...ARGS, '--resume', dir])
  const same = last.code === 0 && JSON.stringify(outcomeOf(last.stdout)) === JSON.stringify(expected)
  if (!same) {
    failures++
    console.error(`trial ${t}: ${last.code}\n${last.stderr.slice(-2000)}`)
  }
  rows.push([String(t), String(signals.length), signals.join(', ') || '-', same ? 'yes' : 'NO'])
  rmSync(dir, { recursive: true, force: true })
}

// A damaged level file is named.
const dir = mkdtempSync(join(tmpdir(), 'halma-damaged-'))
await interrupted([...ARGS, '--disk', dir], seconds * 600, 'SIGKILL')
const manifest = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { levels: Record<string, { rows: number }> }
const victim = Object.entries(manifest.levels).find(([, e]) => e.rows > 1)?.[0]
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

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
const text = `${rows.map((r) => r.map((x, c) => x.padEnd(widths[c]!)).join('  ')).join('\n')}\n\ndamaged level file: ${damaged}`
console.log(text)
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const results = join(import.meta.dirname, 'results')
mkdirSync(results, { recursive: true })
writeFileSync(
  join(results, `resume-${new Date().toISOString().slice(0, 10)}.md`),
  `# Interrupted searches on disk, resumed\n\nMachine: ${machine}. Command: \`npm run bench:resume\` (${trials} trials): \`halma ${ARGS.join(' ')} --disk DIR\`, stopped at random moments by Ctrl-C or \`kill -9\` (alternately, up to three times), then \`--resume DIR\` until it ends; \`same result\`: the result, the statement and every proven length's level sizes equal those of the uninterrupted run. Then a level file of a checkpoint is damaged (one bit) and the resume must refuse it, naming the file.\n\n\`\`\`\n${text}\n\`\`\`\n`,
)
process.exit(failures > 0 ? 1 : 0)
