/**
 * `npm run bench:cluster`: a search on a local cluster against the same search in one process.
 * Starts a Redis server (Debian's redis-server) on a spare port unless REDIS_URL is given, three
 * `halma worker` processes, and `halma solve --cluster` on a shared folder; then the same proof in
 * one process. Compares the proof's level sizes and statement, then runs the cluster search again
 * and kills one worker (kill -9) while a level is being built: its task is retried by the others,
 * and the result is the same (for both searches). Rows: the proof of Levenspiel's 27 (triangle10, 6-move), and the
 * Grasshopper game (triangle10, 8x8, 8-move: its exhaustive searches run on the cluster; the
 * heuristic beams stay in the coordinating process, in memory).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'

const CLI = join(import.meta.dirname, '..', 'bin', 'halma.mjs')
const LEVENSPIEL = ['solve', '--army', 'triangle10', '--board', '9x9', '--rules', '6-move']
const GRASSHOPPER = ['game', '--army', 'triangle10', '--board', '8x8', '--rules', '8-move']
const WORKERS = 3

function startRedis(): { url: string; stop: () => void } {
  if (process.env['REDIS_URL']) return { url: process.env['REDIS_URL'], stop: () => undefined }
  const port = 6390 + Math.floor(Math.random() * 500)
  const dir = mkdtempSync(join(tmpdir(), 'halma-redis-'))
  const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' })
  const deadline = Date.now() + 10_000
  while (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG') {
    if (Date.now() > deadline) throw new Error('redis-server did not start (apt-get install redis-server)')
    spawnSync('sleep', ['0.2'])
  }
  return { url: `redis://localhost:${port}`, stop: () => (server.kill(), rmSync(dir, { recursive: true, force: true })) }
}

/** Lines the workers write; `onLine` sees each with its worker. */
let onLine: (line: string, worker: ChildProcess) => void = () => undefined

const startWorker = (url: string, log: string[]): ChildProcess => {
  // The workers write only under the bench's folder (--root): where the searches keep their levels.
  const w = spawn(process.execPath, [CLI, 'worker', '--redis', url, '--root', folder], { stdio: ['ignore', 'ignore', 'pipe'] })
  w.stderr!.on('data', (d: Buffer) => {
    for (const line of d.toString().trim().split('\n')) {
      log.push(line)
      onLine(line, w)
    }
  })
  return w
}

interface Outcome {
  readonly statement: string
  readonly sizes: string
  readonly seconds: number
}

/** What must not change: the statement and every search's level sizes (and a game's moves). */
interface Printed {
  readonly moves?: string[]
  readonly count?: unknown
  readonly proof: {
    readonly statement: string
    readonly lengths?: { length: number; result: string; levels: number[] }[]
    readonly searches?: { bound: number; winner: string; heuristic: boolean; result: string; levels: number[] }[]
  }
  readonly stats: { readonly seconds: number }
}

function outcomeOf(command: string, r: Printed): Omit<Outcome, 'seconds'> {
  if (command === 'solve') {
    const lengths = r.proof.lengths ?? []
    return { statement: r.proof.statement, sizes: JSON.stringify(lengths.map((l) => [l.length, l.result, l.levels])) }
  }
  const searches = r.proof.searches ?? []
  return { statement: r.proof.statement, sizes: JSON.stringify([r.moves, r.count, searches.map((s) => [s.bound, s.winner, s.heuristic, s.result, s.levels])]) }
}

function runOnce(problem: readonly string[], args: string[], onStderr?: (line: string) => void): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...problem, '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString()
      onStderr?.(d.toString())
    })
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`halma ${problem[0]} ${args.join(' ')}: exit ${code}\n${err.slice(-2000)}`))
      const r = JSON.parse(out) as Printed
      resolve({ ...outcomeOf(problem[0]!, r), seconds: r.stats.seconds })
    })
  })
}

/**
 * The search again on the cluster, killing (kill -9) a worker once `arm` has seen the search's
 * progress: the first whose line `at` picks (by default: it starts an expansion). Its task must be
 * run again by another worker (BullMQ: its lock expires). The kill and the retried tasks go to the
 * notes.
 */
async function killTrial(
  problem: readonly string[],
  dir: string,
  arm: (progress: string) => boolean,
  at: (line: string) => boolean = (line) => /start expand/.test(line),
): Promise<Outcome & { killed: string; retries: string[] }> {
  let killed = ''
  let armed = false
  const before = log.length
  onLine = (line, victim) => {
    if (killed || !armed || !at(line)) return
    victim.kill('SIGKILL')
    killed = `worker ${victim.pid} killed (kill -9) just after it wrote: ${line}`
    workers = [...workers.filter((w) => w !== victim), startWorker(redis.url, log)]
  }
  const r = await runOnce(problem, ['--threads', '1', '--disk', dir, '--cluster', redis.url], (text) => void (arm(text) && (armed = true)))
  onLine = () => undefined
  const retries = log.slice(before).filter((l) => l.includes('retried'))
  notes.push(killed || 'no worker was killed (the level was not seen)', `retried tasks: ${retries.length}${retries.map((l) => `\n  ${l}`).join('')}`)
  return { ...r, killed, retries }
}

const redis = startRedis()
const log: string[] = []
const folder = mkdtempSync(join(tmpdir(), 'halma-cluster-'))
let workers = Array.from({ length: WORKERS }, () => startWorker(redis.url, log))
const rows: string[][] = [['search', 'run', 'processes', 'seconds', 'same levels and statement']]
let failures = 0
const notes: string[] = []
try {
  const single = await runOnce(LEVENSPIEL, ['--threads', '2'])
  rows.push(["Levenspiel's 27 proof", 'one process', '1', single.seconds.toFixed(1), '-'])
  const farmed = await runOnce(LEVENSPIEL, ['--threads', '1', '--disk', join(folder, 'a'), '--cluster', redis.url])
  const same = farmed.sizes === single.sizes && farmed.statement === single.statement
  if (!same) failures++
  rows.push(['', `cluster, ${WORKERS} workers`, String(WORKERS + 1), farmed.seconds.toFixed(1), same ? 'yes' : 'NO'])
  // Kill a worker holding a task in the middle of the proof's largest levels: the first that starts
  // an expansion once length 26's search has reached level 9.
  const retried = await killTrial(LEVENSPIEL, join(folder, 'b'), (text) => /prove L=26\] level (9|1\d)/.test(text))
  const ok = retried.sizes === single.sizes && retried.statement === single.statement && retried.killed !== '' && retried.retries.length > 0
  if (!ok) failures++
  rows.push(['', `cluster, one worker killed, ${retried.retries.length} task(s) retried`, String(WORKERS + 1), retried.seconds.toFixed(1), ok ? 'yes' : 'NO'])
  // One thread in both: with two, a beam level's size before its cut depends on when the threads
  // see the beam's rising floor (children below it are skipped early); the kept states do not.
  const game = await runOnce(GRASSHOPPER, ['--threads', '1'])
  rows.push(['Grasshopper game', 'one process', '1', game.seconds.toFixed(1), '-'])
  const gameFarmed = await runOnce(GRASSHOPPER, ['--threads', '1', '--disk', join(folder, 'c'), '--cluster', redis.url])
  const same3 = gameFarmed.sizes === game.sizes && gameFarmed.statement === game.statement
  if (!same3) failures++
  rows.push(['', `cluster, ${WORKERS} workers`, String(WORKERS + 1), gameFarmed.seconds.toFixed(1), same3 ? 'yes' : 'NO'])
  // The game's exhaustive searches run on the cluster from its first expansion task: kill the
  // worker that starts the 20th (well inside the searches, mid-level).
  let started = 0
  const gameRetried = await killTrial(GRASSHOPPER, join(folder, 'd'), () => true, (line) => /start expand/.test(line) && ++started === 20)
  const ok4 = gameRetried.sizes === game.sizes && gameRetried.statement === game.statement && gameRetried.killed !== '' && gameRetried.retries.length > 0
  if (!ok4) failures++
  rows.push(['', `cluster, one worker killed, ${gameRetried.retries.length} task(s) retried`, String(WORKERS + 1), gameRetried.seconds.toFixed(1), ok4 ? 'yes' : 'NO'])
  console.log(notes.join('\n'))
} finally {
  for (const w of workers) w.kill('SIGINT')
  redis.stop()
  rmSync(folder, { recursive: true, force: true })
}

const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
const text = rows.map((r) => r.map((x, c) => x.padEnd(widths[c]!)).join('  ')).join('\n')
console.log(`\n${machine}\n${text}`)
const dir = join(import.meta.dirname, 'results')
mkdirSync(dir, { recursive: true })
writeFileSync(
  join(dir, `cluster-${new Date().toISOString().slice(0, 10)}.md`),
  `# A search on a local cluster\n\nMachine: ${machine}. Command: \`npm run bench:cluster\` (Redis from Debian's redis-server, ${WORKERS} \`halma worker\` processes on the same machine, shards in a shared folder). All processes share the machine's cores, so the cluster is not faster here: the point is the same levels, and a worker's death not changing them.\n\n\`\`\`\n${text}\n\n${notes.join('\n')}\n\`\`\`\n`,
)
process.exit(failures > 0 ? 1 : 0)
