/**
 * `npm run bench:tablebase`: tablebases built by `halma tablebase build` (one process per row),
 * with their counts, start values, time, positions a second a thread, memory and disk, beside the
 * best native solver on record. Written also to bench/results/tablebase-<date>.md (and .json).
 *
 *   npm run bench:tablebase -- 7x7/3 4x4/6      those rows only
 *   --threads N         threads per build (default: the cores)
 *   --reference         also check every position of the rows of at most 4 million positions
 *                       against the tests' independent reference solver
 *   --resume-check      build the first row, kill it (SIGKILL) mid-pass, resume, and compare the
 *                       table's bytes with an uninterrupted build
 * Run it under `nice -n 10` on a shared machine: the load average seen is printed per row.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'
import { folderStore } from '../src/hosts/node/store'
import { readHeader, storeWords, TablebaseTable } from '../src/shared/engine/tablebase/table'
import { entryOf } from '../src/shared/engine/tablebase/probe'
import { ReferenceGame } from '../tests/unit/tablebase-reference'
import { expect } from '../src/shared/result'

const ROWS = ['7x7/1', '7x7/2', '4x4/6', '5x5/3', '6x6/3', '7x7/3']
/** The issue's record: 7x7 with 3 men in about 9 s on 64 threads (a native solver). */
const NATIVE = { positions: 559_352_640, seconds: 9, threads: 64 }

const args = process.argv.slice(2)
const flag = (name: string): boolean => args.includes(name)
const threadsAt = args.indexOf('--threads')
const threads = threadsAt >= 0 ? Number(args[threadsAt + 1]) : cpus().length
const only = args.filter((a, i) => /^\d+x\d+\/\d$/.test(a) && args[i - 1] !== '--threads')
const rows = only.length > 0 ? only : ROWS
const bin = join(import.meta.dirname, '../bin/halma.mjs')
const root = join(tmpdir(), 'halma-tablebase-bench')
mkdirSync(root, { recursive: true })
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const date = new Date().toISOString().slice(0, 10)
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')

interface Built {
  readonly row: string
  readonly json: Record<string, number | string | null | number[]>
  readonly loadBefore: string
  readonly loadAfter: string
  readonly tableBytes: number
  readonly command: string
}

const folderOf = (row: string): string => join(root, row.replace('/', '-'))

function build(row: string, extra: string[] = []): Built {
  const [board, men] = row.split('/')
  const dir = folderOf(row)
  rmSync(dir, { recursive: true, force: true })
  const argv = ['tablebase', 'build', '--board', board!, '--men', men!, '--threads', String(threads), '--out', dir, '--json', ...extra]
  const loadBefore = load()
  const p = spawnSync(process.execPath, [bin, ...argv], { encoding: 'utf8', maxBuffer: 1 << 26 })
  const loadAfter = load()
  if (p.status !== 0) throw new Error(`${row}: ${p.stderr.trim().split('\n').pop()}`)
  const json = JSON.parse(p.stdout) as Built['json']
  const tableBytes = ['table.json', 'values.bin', 'distance.bin'].reduce((n, f) => n + statSync(join(dir, f)).size, 0)
  return {
    row,
    json,
    loadBefore,
    loadAfter,
    tableBytes,
    command: `halma ${argv
      .filter((a) => a !== '--json')
      .join(' ')
      .replace(root, '$TMPDIR/halma-tablebase-bench')}`,
  }
}

/** Every position of a table against the reference solver: the count checked, or the first difference. */
function reference(row: string): string {
  const [board, men] = row.split('/')
  const side = Number(board!.split('x')[0])
  const store = folderStore(folderOf(row))
  const t = new TablebaseTable(expect(readHeader(store)), storeWords(store), folderOf(row))
  const ref = new ReferenceGame(side, Number(men)).solve()
  let checked = 0
  let differs = ''
  ref.forEach((r, key) => {
    if (differs) return
    const blue: number[] = []
    const red: number[] = []
    for (let c = 0; c < side * side; c++) {
      if (key[c] === 'b') blue.push(c)
      if (key[c] === 'r') red.push(c)
    }
    const i = entryOf(t, { blue, red, toMove: key[side * side] === 'b' ? 'blue' : 'red' })
    const v = expect(t.value(i))
    const d = expect(t.distance(i))
    const value = v === 'none' ? 'illegal' : v
    if (value !== r.value || ((value === 'win' || value === 'loss') && d !== r.distance))
      differs = `differs at ${key}: table ${value} ${d}, reference ${r.value} ${r.distance}`
    else checked++
  })
  t.close()
  return differs || `every one of ${checked.toLocaleString('en-US')} positions agrees (value and distance)`
}

/** Kill a build with SIGKILL after `seconds`, resume it, and compare with an uninterrupted build. */
async function resumeCheck(row: string): Promise<string> {
  const whole = build(row)
  const keep = folderOf(row) + '-whole'
  rmSync(keep, { recursive: true, force: true })
  spawnSync('mv', [folderOf(row), keep])
  const [board, men] = row.split('/')
  const dir = folderOf(row)
  const seconds = Number(whole.json['buildSeconds']) / 2
  const child = spawn(
    process.execPath,
    [bin, 'tablebase', 'build', '--board', board!, '--men', men!, '--threads', String(threads), '--out', dir, '--checkpoint', '1'],
    { stdio: 'ignore' },
  )
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  child.kill('SIGKILL')
  await new Promise((resolve) => child.once('exit', resolve))
  const manifest = existsSync(join(dir, 'checkpoint.json'))
    ? (JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { steps: { retrograde?: { level: number } } })
    : undefined
  const at = manifest?.steps.retrograde?.level
  const p = spawnSync(
    process.execPath,
    [bin, 'tablebase', 'build', '--board', board!, '--men', men!, '--threads', String(threads), '--resume', dir, '--json'],
    { encoding: 'utf8' },
  )
  if (p.status !== 0) return `the resume failed: ${p.stderr.trim().split('\n').pop()}`
  const same = ['table.json', 'values.bin', 'distance.bin'].every((f) => readFileSync(join(dir, f)).equals(readFileSync(join(keep, f))))
  return `killed after ${seconds.toFixed(0)} s (checkpoint at level ${at ?? 'none'}), resumed (${JSON.parse(p.stdout).resumedAt === null ? 'from the start' : `after level ${JSON.parse(p.stdout).resumedAt}`}): the table is ${same ? 'byte for byte the same' : 'DIFFERENT'}`
}

console.log(`halma tablebase build, ${threads} thread(s), ${machine}; load average ${load()}\n`)
const built: Built[] = []
for (const row of rows) {
  const b = build(row)
  built.push(b)
  const j = b.json
  console.log(
    `${row}: ${Number(j['positions']).toLocaleString('en-US')} positions, start ${j['startValue']} in ${j['startDistance']}, ${Number(j['buildSeconds']).toFixed(1)} s (CPU ${Number(j['cpuSeconds']).toFixed(1)} s), load ${b.loadBefore} -> ${b.loadAfter}`,
  )
}

const n = (x: unknown): string => Number(x).toLocaleString('en-US')
const counts = table(
  [
    ['board', 'men', 'positions', 'wins', 'losses', 'draws', 'illegal', 'start (blue to move)', 'longest'],
    ...built.map((b) => {
      const j = b.json
      return [
        b.row.split('/')[0]!,
        b.row.split('/')[1]!,
        n(j['positions']),
        n(j['wins']),
        n(j['losses']),
        n(j['draws']),
        n(j['illegal']),
        j['startValue'] === 'draw' ? 'draw' : `${j['startValue']} in ${j['startDistance']}`,
        `${j['maxLevel']} moves`,
      ]
    }),
  ],
  '  >>>>>',
)
const perThread = (positions: number, seconds: number, t: number): string =>
  seconds > 0 ? `${(positions / seconds / Math.max(1, t) / 1e6).toFixed(2)} M` : '-'
const timing = table([
  [
    'board',
    'men',
    'entries (folded)',
    'wall s',
    'CPU s',
    'threads',
    'positions/s/thread (wall)',
    'positions/s per CPU-second',
    'tables in memory',
    'process peak',
    'table on disk',
    'load before -> after',
  ],
  ...built.map((b) => {
    const j = b.json
    const t = Number(j['threads']) || 1
    return [
      b.row.split('/')[0]!,
      b.row.split('/')[1]!,
      n(j['entries']),
      Number(j['buildSeconds']).toFixed(1),
      Number(j['cpuSeconds']).toFixed(1),
      t,
      perThread(Number(j['positions']), Number(j['buildSeconds']), t),
      perThread(Number(j['positions']), Number(j['cpuSeconds']), 1),
      `${(Number(j['peakBytes']) / 2 ** 20).toFixed(0)} MB`,
      `${(Number(j['maxRssBytes']) / 2 ** 20).toFixed(0)} MB`,
      `${(b.tableBytes / 2 ** 20).toFixed(1)} MB`,
      `${b.loadBefore} -> ${b.loadAfter}`,
    ]
  }),
  [
    '7x7',
    '3',
    '(native record)',
    String(NATIVE.seconds),
    '-',
    NATIVE.threads,
    perThread(NATIVE.positions, NATIVE.seconds, NATIVE.threads),
    '-',
    '-',
    '-',
    '-',
    '-',
  ],
])
const notes: string[] = []
if (flag('--reference')) {
  for (const b of built) if (Number(b.json['positions']) <= 4_000_000) notes.push(`reference solver on ${b.row}: ${reference(b.row)}`)
}
if (flag('--resume-check')) notes.push(`kill and resume on ${rows[0]}: ${await resumeCheck(rows[0]!)}`)

const text = `# halma tablebase build (${date})

${machine}. Each row: one \`halma tablebase build\` process, ${threads} thread(s), the table written
to a folder (checkpoints every 60 s while the tables are in memory). Counts are over the whole
position space, 2 C(N,p) C(N-p,p) (both sides to move, reachable or not); wins and losses are the
side to move's; "start" is the value for blue, the first player, at the start.

${'```'}
${counts}
${'```'}

Time and memory. "wall" is the build (not the writing of the table); "CPU" the process's user and
system time over all threads, which on a shared machine says more about the solver than the wall
clock (the load average seen is in the last column). The native record is the issue's: 7x7 with 3
men in about 9 s on 64 threads.

${'```'}
${timing}
${'```'}
${notes.length > 0 ? `\n${notes.map((x) => `- ${x}`).join('\n')}\n` : ''}
Run (under \`nice -n 10\` on a shared machine): \`npm run bench:tablebase${args.length > 0 ? ` -- ${args.join(' ')}` : ''}\`; each row's command:
${built.map((b) => `- \`${b.command}\``).join('\n')}
`
console.log(`\n${text}`)
const results = join(import.meta.dirname, 'results')
const name = `tablebase-${date}${only.length > 0 ? '-' + only.map((r) => r.replace('/', '-')).join('-') : ''}`
writeFileSync(join(results, `${name}.md`), text)
writeFileSync(join(results, `${name}.json`), JSON.stringify(built, null, 1))
