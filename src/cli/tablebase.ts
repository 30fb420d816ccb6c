/**
 * `halma tablebase`: solved positions (issue 29, docs/TABLEBASE.md). `build` runs the tablebase job
 * on the engine (threads, budget, checkpoints in the table's folder); `probe` reads a table: a
 * position's value and distance and each legal move's, and the best line; `verify` checks every
 * chunk of a table against its header.
 */
import { existsSync, statSync } from 'node:fs'
import { openTableFolder } from '../hosts/node/tablebase-folder'
import { parseTablebaseJob, type TablebaseResult } from '../shared/engine/tablebase/job'
import { bestLine, formatPosition, parsePosition, probe, type MoveVerdict, type Verdict } from '../shared/engine/tablebase/probe'
import type { TablebaseTable } from '../shared/engine/tablebase/table'
import { parseSpec } from '../shared/engine/tablebase/game'
import { TablebaseStopped } from '../shared/engine/tablebase/flow'
import { json, table, type Io } from './io'
import { parse, UsageError } from './options'
import { budgetOption, jobFaults, numberOption, runJob, threadsOption, THREADS_HELP } from './search-run'

export const TABLEBASE_HELP = `halma tablebase: every position of a small board solved by retrograde analysis

usage: halma tablebase build --board MxM --men P [--out DIR] [--threads N] [--budget GB]
                             [--resume DIR] [--time-limit S] [--checkpoint S] [--on-disk] [--json]
       halma tablebase probe --table DIR --position POSITION [--line] [--json]
       halma tablebase verify --table DIR [--json]

  build     the value (win, loss, draw for the side to move) and the moves to the end under best
            play of every position: p men a side (1, 2, 3, 4 or 6) on the m x m board under 6-move
            rules (m from 3 to 9); blue starts in the a1 corner, red on its rotation
  probe     a position's value and distance, and each legal move's, best first (--line: the best
            line played out)
  verify    check every chunk of a table against the checksums of its header

options:
  --out DIR            the table's folder (table.json, values.bin, distance.bin); it also holds the
                       build's checkpoints (without it the table is built in memory and only counted)
  --resume DIR         go on with the build checkpointed in DIR (killed, cancelled, out of time)
  --threads N          ${THREADS_HELP}
  --budget GB          memory the tables may hold (default 6); a larger table keeps its state on
                       disk in --out, one segment in memory at a time
  --time-limit S       stop after S seconds (the checkpoint resumes it)
  --checkpoint S       seconds between checkpoints while the tables are in memory (default 60)
  --on-disk            keep the state on disk even when it fits in memory (needs --out)
  --position TEXT      blue's cells / red's cells, then who moves: "a1,b1,a2 / g7,f7,g6 blue"; or start
  --json               one JSON object on stdout

Counts are of the whole position space, 2 C(N,p) C(N-p,p) positions (both sides to move, reachable
or not); wins and losses are the side to move's. A table is complete once its table.json is there (written
last, aside and renamed). Exit status: 0 done; 1 a build stopped (time limit; its checkpoint resumes
it), or verify found a damaged chunk; 2 bad input (a table that is damaged or missing, named); 3 a
fault of the environment (a full disk, no permission, a folder in use); 130 interrupted.`

const OPTIONS = {
  board: { type: 'string' },
  men: { type: 'string' },
  out: { type: 'string' },
  resume: { type: 'string' },
  threads: { type: 'string' },
  budget: { type: 'string' },
  'time-limit': { type: 'string' },
  checkpoint: { type: 'string' },
  'on-disk': { type: 'boolean' },
  table: { type: 'string' },
  position: { type: 'string' },
  line: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

export async function runTablebase(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.out(TABLEBASE_HELP)
    return sub === undefined ? 2 : 0
  }
  const v = parse(rest, OPTIONS)
  if (v['help']) {
    io.out(TABLEBASE_HELP)
    return 0
  }
  if (sub === 'build') return build(v, io)
  if (sub === 'probe') return probeCommand(v, io)
  if (sub === 'verify') return verify(v, io)
  throw new UsageError(`unknown subcommand '${sub}' (build, probe, verify)`)
}

const str = (v: Record<string, unknown>, k: string): string | undefined => (typeof v[k] === 'string' ? (v[k] as string) : undefined)

async function build(v: Record<string, string | boolean | undefined>, io: Io): Promise<number> {
  const board = str(v, 'board')
  const men = str(v, 'men')
  if (board === undefined || men === undefined) throw new UsageError('--board MxM and --men P are required')
  const spec = parseSpec(board, men)
  if (!spec.ok) throw new UsageError(`--${spec.error.at ?? 'board'}: ${spec.error.message}`)
  const out = str(v, 'out')
  const resume = str(v, 'resume')
  if (out !== undefined && resume !== undefined && out !== resume)
    throw new UsageError('--out and --resume name different folders: --resume DIR goes on with the build in DIR')
  // A table is a folder: a file of that name is the user's path to correct (bad input), not the disk's fault.
  for (const [flag, dir] of [['--out', out], ['--resume', resume]] as const)
    if (dir !== undefined && existsSync(dir) && !statSync(dir).isDirectory())
      throw new UsageError(`${flag}: '${dir}' is a file; a table is a folder: give a folder's path (a new one for --out)`)
  const parsed = parseTablebaseJob({
    side: spec.value.side,
    men: spec.value.men,
    ...((resume ?? out) !== undefined && { out: resume ?? out }),
    resume: resume !== undefined,
    threads: threadsOption(v),
    budgetBytes: budgetOption(v),
    timeLimit: numberOption(v, 'time-limit', 0),
    checkpointSeconds: numberOption(v, 'checkpoint', 60),
    onDisk: v['on-disk'] === true,
  })
  if (!parsed.ok) throw jobFaults(parsed.error)
  let result: TablebaseResult | undefined
  try {
    result = await runJob({ kind: 'tablebase', params: parsed.value }, io, 'tablebase build')
  } catch (e) {
    if (!(e instanceof TablebaseStopped)) throw e
    io.err(`halma tablebase build: ${e.message}`)
    return 1
  }
  if (!result) return 130
  report(result, io, v['json'] === true)
  return 0
}

/** The build's result: one JSON object, or lines of text. */
function report(r: TablebaseResult, io: Io, asJson: boolean): void {
  const h = r.header
  const s = r.stats
  const perThread = s.buildSeconds > 0 ? h.counts.positions / s.buildSeconds / Math.max(1, s.threads) : 0
  if (asJson) {
    io.out(
      json({
        board: `${h.spec.side}x${h.spec.side}`,
        men: h.spec.men,
        ...h.counts,
        startValue: h.start.value,
        startDistance: h.start.distance,
        maxLevel: h.maxLevel,
        entries: h.layout.entries,
        folder: r.folder,
        seconds: s.seconds,
        buildSeconds: s.buildSeconds,
        threads: s.threads,
        positionsPerSecondPerThread: Math.round(perThread),
        peakBytes: s.peakBytes,
        peakDiskBytes: s.peakDiskBytes,
        maxRssBytes: process.resourceUsage().maxRSS * 1024,
        cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
        onDisk: s.onDisk,
        resumedAt: s.resumedAt,
        existing: s.existing,
        levels: h.levels,
      }),
    )
    return
  }
  const n = (x: number): string => x.toLocaleString('en-US')
  io.out(
    `${h.spec.side}x${h.spec.side}, ${h.spec.men} ${h.spec.men === 1 ? 'man' : 'men'} a side: ${n(h.counts.positions)} positions${r.folder ? ` (table in ${r.folder})` : ''}`,
  )
  io.out(
    table(
      [
        ['wins', n(h.counts.wins)],
        ['losses', n(h.counts.losses)],
        ['draws', n(h.counts.draws)],
        ['illegal', n(h.counts.illegal)],
      ],
      ' >',
    ),
  )
  io.out(
    `start: ${h.start.value === 'draw' ? 'a draw' : `blue ${h.start.value === 'win' ? 'wins' : 'loses'} in ${h.start.distance} moves`}; longest: ${h.maxLevel} moves`,
  )
  if (s.existing) io.out('(the folder held the finished table)')
  else
    io.out(
      `${s.buildSeconds.toFixed(1)} s on ${s.threads || 1} thread${s.threads > 1 ? 's' : ''} (${n(Math.round(perThread))} positions a second a thread), tables ${(s.peakBytes / 2 ** 20).toFixed(0)} MB${s.onDisk ? ` in memory, ${(s.peakDiskBytes / 2 ** 20).toFixed(0)} MB on disk` : ''}, process peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB${s.resumedAt !== null ? `; resumed after level ${s.resumedAt}` : ''}`,
    )
}

/** Open a table folder: the table, or a usage error naming what is wrong. */
function openTable(v: Record<string, unknown>): TablebaseTable {
  const dir = str(v, 'table')
  if (dir === undefined) throw new UsageError('--table DIR is required')
  const table = openTableFolder(dir, { verify: false })
  if (!table.ok) throw new UsageError(`--table: ${table.error.message}`)
  return table.value
}

const verdictText = (v: Verdict, toMove: string): string =>
  v.kind === 'illegal'
    ? `illegal: ${v.reason}`
    : v.kind === 'over'
      ? `over: ${v.winner} has won`
      : v.value === 'draw'
        ? `${toMove} to move: draw`
        : `${toMove} to move: ${v.value} in ${v.distance}`

const moveText = (m: MoveVerdict): string => (m.value === 'draw' ? 'draw' : `${m.value} in ${m.distance}`)

function probeCommand(v: Record<string, string | boolean | undefined>, io: Io): number {
  const t = openTable(v)
  try {
    const text = str(v, 'position')
    if (text === undefined) throw new UsageError('--position is required ("a1,b1 / g7,f7 blue", or start)')
    const pos = parsePosition(t.game, text)
    if (!pos.ok) throw new UsageError(`--position: ${pos.error.message}`)
    // A header whose start the files contradict, or a chunk that fails its checksum on the way,
    // is a damaged table: bad input, named.
    const start = t.checkStart()
    if (!start.ok) throw new UsageError(`--table: ${start.error.message}`)
    const p = probe(t, pos.value)
    if (!p.ok) throw new UsageError(`--table: ${p.error.message}`)
    const line = v['line'] ? bestLine(t, pos.value) : undefined
    if (line && !line.ok) throw new UsageError(`--table: ${line.error.message}`)
    const r = p.value
    if (v['json']) {
      io.out(
        json({
          position: formatPosition(t.game, r.position),
          ...(r.verdict.kind === 'value'
            ? { value: r.verdict.value, distance: r.verdict.distance }
            : r.verdict.kind === 'over'
              ? { value: 'over', winner: r.verdict.winner }
              : { value: 'illegal', reason: r.verdict.reason }),
          moves: r.moves.map((m) => ({ move: m.text, value: m.value, distance: m.distance })),
          ...(line?.ok && { line: line.value.map((m) => ({ move: m.text, value: m.value, distance: m.distance })) }),
        }),
      )
      return 0
    }
    io.out(`${formatPosition(t.game, r.position)}: ${verdictText(r.verdict, r.position.toMove)}`)
    if (r.moves.length > 0) io.out(table(r.moves.map((m) => [m.text, moveText(m)])))
    if (line?.ok) io.out(`best line: ${line.value.map((m) => m.text).join(', ')}`)
    return 0
  } finally {
    t.close()
  }
}

function verify(v: Record<string, string | boolean | undefined>, io: Io): number {
  const t = openTable(v)
  try {
    const chunks = t.verify()
    const r = chunks.ok ? t.checkStart() : chunks
    if (v['json']) io.out(json(r.ok ? { ok: true } : { ok: false, error: r.error.message }))
    else io.out(r.ok ? `${str(v, 'table')}: every chunk matches its checksum` : r.error.message)
    return r.ok ? 0 : 1
  } finally {
    t.close()
  }
}
