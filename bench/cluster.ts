/**
 * `npm run bench:cluster`: a search on a local cluster against the same search in one process.
 * Starts a Redis server (Debian's redis-server) on a spare port unless REDIS_URL is given, three
 * `halma worker` processes, and `halma solve --cluster` on a shared folder; then the same proof in
 * one process. Compares the proof's level sizes and statement, then runs the cluster search again
 * and kills one worker (kill -9) while a level is being built: its task is retried by the others,
 * and the result is the same. Rows: the proof of Levenspiel's 27 (triangle10, 6-move).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'

const CLI = join(import.meta.dirname, '..', 'bin', 'halma.mjs')
const PROBLEM = ['--army', 'triangle10', '--board', '9x9', '--rules', '6-move']
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

const startWorker = (url: string, log: string[]): ChildProcess => {
  const w = spawn(process.execPath, [CLI, 'worker', '--redis', url], { stdio: ['ignore', 'ignore', 'pipe'] })
  w.stderr!.on('data', (d: Buffer) => log.push(...d.toString().trim().split('\n')))
  return w
}

interface Outcome {
  readonly statement: string
  readonly sizes: string
  readonly seconds: number
}

function solveOnce(args: string[], onStderr?: (line: string) => void): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'solve', ...PROBLEM, '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString()
      onStderr?.(d.toString())
    })
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`halma solve ${args.join(' ')}: exit ${code}\n${err.slice(-2000)}`))
      const r = JSON.parse(out) as { proof: { statement: string; lengths: { length: number; result: string; levels: number[] }[] }; stats: { seconds: number } }
      resolve({ statement: r.proof.statement, sizes: JSON.stringify(r.proof.lengths.map((l) => [l.length, l.result, l.levels])), seconds: r.stats.seconds })
    })
  })
}

const redis = startRedis()
const log: string[] = []
let workers = Array.from({ length: WORKERS }, () => startWorker(redis.url, log))
const folder = mkdtempSync(join(tmpdir(), 'halma-cluster-'))
const rows: string[][] = [['run', 'processes', 'seconds', 'same levels and statement']]
let failures = 0
try {
  const single = await solveOnce(['--threads', '2'])
  rows.push(['one process', '1', single.seconds.toFixed(1), '-'])
  const farmed = await solveOnce(['--threads', '1', '--disk', join(folder, 'a'), '--cluster', redis.url])
  const same = farmed.sizes === single.sizes && farmed.statement === single.statement
  if (!same) failures++
  rows.push([`cluster, ${WORKERS} workers`, String(WORKERS + 1), farmed.seconds.toFixed(1), same ? 'yes' : 'NO'])
  // Kill a worker in the middle of the proof's largest levels (after the first expansion tasks of length 26's level 8).
  let killed = ''
  const retried = await solveOnce(['--threads', '1', '--disk', join(folder, 'b'), '--cluster', redis.url], (text) => {
    if (!killed && /prove L=26\] level (9|1\d)/.test(text)) {
      const victim = workers[0]!
      victim.kill('SIGKILL')
      killed = `worker ${victim.pid} killed at: ${text.trim().split('\n').pop()}`
      workers = [...workers.slice(1), startWorker(redis.url, log)]
    }
  })
  const same2 = retried.sizes === single.sizes && retried.statement === single.statement
  if (!same2 || !killed) failures++
  rows.push([`cluster, one worker killed`, String(WORKERS + 1), retried.seconds.toFixed(1), same2 && killed ? 'yes' : 'NO'])
  console.log(`${killed || 'no worker was killed (the level was not seen)'}`)
  console.log(`retried tasks: ${log.filter((l) => l.includes('attempt')).length}`)
} finally {
  for (const w of workers) w.kill('SIGINT')
  redis.stop()
  rmSync(folder, { recursive: true, force: true })
}

const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
const text = rows.map((r) => r.map((x, c) => x.padEnd(widths[c]!)).join('  ')).join('\n')
console.log(`\nLevenspiel's 27 proof, ${machine}\n${text}`)
const dir = join(import.meta.dirname, 'results')
mkdirSync(dir, { recursive: true })
writeFileSync(
  join(dir, `cluster-${new Date().toISOString().slice(0, 10)}.md`),
  `# A search on a local cluster\n\nMachine: ${machine}. Command: \`npm run bench:cluster\` (Redis from Debian's redis-server, ${WORKERS} \`halma worker\` processes on the same machine, shards in a shared folder). All processes share the machine's cores, so the cluster is not faster here: the point is the same levels, and a worker's death not changing them.\n\n\`\`\`\n${text}\n\`\`\`\n`,
)
process.exit(failures > 0 ? 1 : 0)
