/**
 * `halma army`: solitaire armies (Bell, Hirschberg and Guerrero 2007). `bound` gives the highest
 * level a type reaches (Table 1) and lower bounds on the size of an army reaching a level (Table 3),
 * exact in Z[sigma], or with `--method ip` the integer program's minimum (Table 6); `solve` an army of
 * that size with its moves, verified, and with `--fewest` the engine's fewest moves; `count` the
 * minimum armies; `pagoda` checks an exponent map and prints it; `verify` an army and moves given
 * by flags. A document's army goes to army-board.ts (bound, solve) or to the document commands
 * (verify, show). HiGHS runs in a worker thread (army-ip.ts), so every long run has progress and
 * Ctrl-C.
 */
import { highestLevel, pagodaBound, type PagodaBound } from '../shared/army/bounds'
import { armyType, GEOMETRIES, type ArmyType, type Window } from '../shared/army/geometry'
import { checkPagoda, IMPROVED_MAP, pagodaMap, PAGODA_MAPS, STANDARD_MAP } from '../shared/army/pagoda'
import { formatPowers, formatZ, powerSum, toNumber, type ZSigma } from '../shared/army/zsigma'
import { armyTask, defaultWindow, table7Case, TABLE7, type IpOutcome } from './army-ip'
import { cellLabel, drawArmy, formatArmyMoves, parseArmyMoves, parseCellLabel, verifyArmy } from '../shared/army/solution'
import { json, plural, table, type Io } from './io'
import { onlyOptions, parse, UsageError, wholeText, type Values } from './options'
import { own } from '../shared/names'
import { engineFewest, exponentRows, runDocumentBound, runDocumentSolve } from './army-board'
import { budgetOption, threadsOption, THREADS_HELP } from './search-run'
import { runOnDocument } from './documents'

export const ARMY_HELP = `halma army: solitaire armies (pegs jump and capture; advance one man as far as possible)

usage: halma army bound --type TYPE [--level N] [--method pagoda|ip] [--map FIG] [--json]
       halma army bound --file FILE.army.json [--json]
       halma army solve --type TYPE --level N [--fewest [--threads N] [--budget GB]] [--time-limit S] [--json]
       halma army solve --file FILE.army.json [--fewest [--threads N] [--budget GB]] [--json]
       halma army verify --type TYPE --level N --rows R --width W --army CELLS --moves MOVES
       halma army count --type TYPE --level N [--time-limit S] [--json]
       halma army pagoda --type TYPE [--map FIG] [--rows R] [--json]
A document's army: halma verify FILE.army.json, halma analyze FILE.army.json [--after K],
       halma show FILE.army.json [--after K] (halma army verify --file, halma army show --file:
       the older spellings, kept).

  --type TYPE   conway, skew, diagonal, hexagonal or pablito
  --level N     the level (rows from the army's front to the target); default: every level
                up to the highest the type reaches
  --method M    pagoda (the default) or ip: the integer program of section 5.1, solved by
                HiGHS; its window (--rows, --width) defaults to the pagoda bound's reach
  --time-limit S  ip: stop after S seconds (default 300), reporting the best army found
  --width W     ip: columns of the window beyond each row's span
  --case K      ip, hexagonal level 7: Table 7's case K (men per exponent; cases 1-4 zero
                slack, so only jumps that lose no weight)
solve: an army of the integer program's minimum size, its jumps put in a legal order by
  depth-first search, grouped into moves (one man's chain) and verified move by move; with
  --fewest, then the fewest moves for that army (the engine's search by levels of moves, complete;
  --threads N: ${THREADS_HELP}; --budget GB: memory its levels may use, default 6).
verify: the army (cells such as "k4 l4 k5") and its moves ("k5-k3, ...") on the window.
--file: a document's own army, on its custom board if it has one (version 2: the window's cells
  switched on and a target among them). bound: the weight and slack of the army under the pagoda
  function generated from the distance to the target (each cell's exponent: its breadth-first
  distance over the type's jump directions on the board; weight 0 where the target cannot be
  reached), and "cannot reach the target" when the weight is below 1. solve: a legal order of
  jumps found by depth-first search pruned by that function, verified; --fewest: then the fewest
  moves by the engine on the board.
count: every army of the minimum size on the window that reaches the level (each played out
  exhaustively), counted with and without reflections.
  --map FIG     the exponent map: ${Object.keys(PAGODA_MAPS).join(', ')}; default: the paper's improved
                map of the type (Conway fig3, skew and diagonal fig6a, hexagonal fig7a,
                Pablito's fig7b)
  --rows R      pagoda: rows of the window checked and printed (default 12)
--fewest runs the engine's level search as a job: progress on stderr, Ctrl-C stops it.
  --threads N   its expansion threads (default: one per core)
  --budget GB   memory its levels may hold (default 6)
  --disk DIR    keep its levels in DIR as sorted files, with a checkpoint
  --resume DIR  go on with the fewest-moves search checkpointed in DIR
  --json        machine-readable output
Weights are exact: numbers a + b·σ with σ = (√5 - 1)/2; decimals are for reading only.
The long runs (bound --method ip, --case, solve, solve --file, count, --fewest) report progress
on stderr; Ctrl-C cancels them.
Exit status: 0 done, 1 none found, not settled or not a pagoda function, 2 bad input, 130
cancelled by Ctrl-C.`

const OPTIONS = {
  type: { type: 'string' },
  level: { type: 'string' },
  method: { type: 'string' },
  map: { type: 'string' },
  rows: { type: 'string' },
  width: { type: 'string' },
  'time-limit': { type: 'string' },
  threads: { type: 'string' },
  budget: { type: 'string' },
  army: { type: 'string' },
  moves: { type: 'string' },
  file: { type: 'string' },
  case: { type: 'string' },
  fewest: { type: 'boolean' },
  disk: { type: 'string' },
  resume: { type: 'string' },
  after: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

const intOption = (v: Values, key: string, lo: number, hi: number): number | undefined => {
  const text = v[key]
  return typeof text === 'string' ? wholeText(text, key, lo, hi) : undefined
}

/**
 * The largest window the integer program is given (--rows, --width): the paper's largest level
 * needs 17 rows and 16 columns; a window of 200 x 200 made a model of a gigabyte that ran past its
 * time limit.
 */
const IP_ROWS = 40
const IP_WIDTH = 40

/** The options of the fewest-moves job (solve --fewest). */
const FEWEST_JOB = ['threads', 'budget', 'disk', 'resume'] as const

/** The options each subcommand takes, by what it is asked (a document, or a type and level). */
const TAKES: Readonly<Record<string, (v: Values) => readonly string[]>> = {
  bound: (v) =>
    v['file'] !== undefined
      ? ['file', 'json']
      : v['method'] === 'ip'
        ? ['type', 'level', 'method', 'rows', 'width', 'time-limit', 'case', 'json']
        : ['type', 'level', 'method', 'map', 'json'],
  pagoda: () => ['type', 'map', 'rows', 'json'],
  solve: (v) => [...(v['file'] !== undefined ? ['file'] : ['type', 'level', 'rows', 'width', 'time-limit']), 'fewest', ...FEWEST_JOB, 'json'],
  verify: (v) => (v['file'] !== undefined ? ['file', 'json'] : ['type', 'level', 'rows', 'width', 'army', 'moves', 'json']),
  count: () => ['type', 'level', 'rows', 'width', 'time-limit', 'json'],
  show: () => ['file', 'after', 'json'],
}

const typeOption = (v: Values): ArmyType => {
  if (typeof v['type'] !== 'string') throw new UsageError('--type is required (conway, skew, diagonal, hexagonal or pablito)')
  try {
    return armyType(v['type'])
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
}

const mapOption = (v: Values, fallback: string) => {
  try {
    return pagodaMap(typeof v['map'] === 'string' ? v['map'] : fallback)
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
}

const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

const exact = (x: ZSigma): { exact: string; powers: string; decimal: number } => ({
  exact: formatZ(x),
  powers: formatPowers(powerSum(x)),
  decimal: toNumber(x),
})

function boundJson(b: PagodaBound): object {
  return {
    type: b.type,
    level: b.level,
    map: b.map.id,
    men: b.men,
    impossible: b.men === null,
    pagodaMen: b.pagodaMen,
    fibonacci: b.fibonacci,
    byExponent: b.byExponent.map(([e, k]) => ({ exponent: e, men: k })),
    slack: b.slack && exact(b.slack),
    levelWeight: { exact: formatZ(b.levelWeight), decimal: toNumber(b.levelWeight) },
    window: b.window,
  }
}

async function runIp(v: Values, io: Io, type: ArmyType, levels: readonly number[]): Promise<number> {
  const timeLimit = intOption(v, 'time-limit', 1, 86_400) ?? 300
  const rows = intOption(v, 'rows', 2, IP_ROWS)
  const width = intOption(v, 'width', 0, IP_WIDTH)
  const outcomes: IpOutcome[] = []
  for (const level of levels) {
    let window: Window | undefined
    if (rows !== undefined || width !== undefined) {
      const d = defaultWindow(type, level)
      window = { rows: rows ?? d.rows, width: width ?? d.width }
    }
    const k = intOption(v, 'case', 1, TABLE7.length)
    if (k !== undefined) {
      if (type !== 'hexagonal' || level !== 7) throw new UsageError('--case is for Table 7: --type hexagonal --level 7')
      return runCase(v, io, k, timeLimit, window)
    }
    const o = await armyTask(io, 'army bound', 'solveArmyIp', type, level, { timeLimit, ...(window && { window }) })
    if (!o) return 130
    outcomes.push(o)
    if (v['json']) continue
    const where = `window rows 0-${o.window.rows - 1}, ${o.window.width} columns beyond each row's span: ${o.cells} cells, ${o.jumps} jumps`
    if (o.men !== null) {
      const cover =
        o.startsCovered === true
          ? 'every cell a man of an army this size could start on (by its pagoda weight) is inside the window, so no army anywhere has fewer'
          : 'the pagoda weight alone does not keep the men of an army this size inside the window: armies reaching further out are not covered'
      io.out(
        `level ${level}: ${o.men} men: no army inside the ${where} has fewer (the integer program's minimum, ${o.seconds.toFixed(1)} s); ${cover}`,
      )
    } else if (o.status === 'Infeasible')
      io.out(`level ${level}: no army on the ${where} (the integer program is infeasible; ${o.seconds.toFixed(1)} s)`)
    else
      io.out(
        `level ${level}: ${o.status} after ${o.seconds.toFixed(1)} s${o.army.length > 0 ? `; best army found: ${o.army.length} men` : ''} (${where})`,
      )
  }
  if (v['json']) io.out(json({ type, method: 'ip', outcomes }))
  return 0
}

/** Table 7's case k: infeasible when the model is infeasible for every 3-man finish of weight 1. */
async function runCase(v: Values, io: Io, k: number, timeLimit: number, window: Window | undefined): Promise<number> {
  const g = GEOMETRIES.hexagonal
  const c = TABLE7[k - 1]!
  const parts = await armyTask(io, 'army bound', 'solveCase', 'hexagonal', 7, table7Case(k), { timeLimit, ...(window && { window }) })
  if (!parts) return 130
  const w = parts[0]!.outcome.window
  const label = (cells: readonly (readonly [number, number])[]): string => cells.map((cell) => cellLabel(g, w, cell)).join(' ')
  const infeasible = parts.every((p) => p.outcome.status === 'Infeasible')
  const found = parts.find((p) => p.outcome.men !== null)
  const verdict = infeasible
    ? `infeasible: no army of these counts reaches level 7 inside the window`
    : found
      ? `an army of ${found.outcome.men} men with these counts satisfies the program`
      : 'not settled (time limit)'
  if (v['json']) {
    io.out(
      json({
        case: k,
        men: c.men,
        counts: c.n,
        zeroSlack: c.zeroSlack,
        verdict,
        parts: parts.map((p) => ({
          finish: p.finish && label(p.finish),
          status: p.outcome.status,
          men: p.outcome.men,
          seconds: p.outcome.seconds,
        })),
        window: w,
      }),
    )
    return 0
  }
  io.out(
    `Table 7, case ${k}: ${c.men} men, n13..n17 = ${c.n.join(', ')}${c.zeroSlack ? ', zero slack (only jumps that lose no weight, to each 3-man finish of weight 1)' : c.lossOnce !== undefined ? `, slack σ^${c.lossOnce} (jumps that lose nothing and exactly one that loses σ^${c.lossOnce}, to each 3-man finish of weight 1)` : ''}; window --rows ${w.rows} --width ${w.width}`,
  )
  for (const p of parts)
    io.out(
      `  ${p.finish ? `finish ${label(p.finish)}` : 'one-man finish'}: ${p.outcome.status}${p.outcome.men !== null ? ` (${p.outcome.men} men)` : ''}, ${p.outcome.seconds.toFixed(1)} s`,
    )
  io.out(`case ${k}: ${verdict}`)
  return 0
}

async function runBound(v: Values, io: Io): Promise<number> {
  if (typeof v['file'] === 'string') return runDocumentBound(v, io)
  const type = typeOption(v)
  const method = typeof v['method'] === 'string' ? v['method'] : 'pagoda'
  if (method !== 'pagoda' && method !== 'ip') throw new UsageError(`--method must be pagoda or ip (got '${method}')`)
  if (method === 'ip') {
    const highest = highestLevel(type)
    const level = intOption(v, 'level', 1, highest)
    return runIp(v, io, type, level !== undefined ? [level] : Array.from({ length: highest }, (_, i) => i + 1))
  }
  const map = mapOption(v, IMPROVED_MAP[type])
  if (!map.types.includes(type))
    throw new UsageError(`${map.figure} is not a pagoda function for ${GEOMETRIES[type].title} (it is for ${map.types.join(', ')})`)
  const highest = highestLevel(type, pagodaMap(STANDARD_MAP[type]))
  const level = intOption(v, 'level', 1, 64)
  const levels = level !== undefined ? [level] : Array.from({ length: highest + 1 }, (_, i) => i + 1)
  const bounds = levels.map((n) => pagodaBound(type, n, map))
  if (v['json']) {
    io.out(json({ type, highestLevel: highest, bounds: bounds.map(boundJson) }))
    return 0
  }
  io.out(
    `${upperFirst(GEOMETRIES[type].title)}: no army reaches level ${highest + 1} (${pagodaMap(STANDARD_MAP[type]).figure}: rows ${highest + 1} and beyond weigh 1 or less)`,
  )
  io.out(`lower bounds on the army size, ${map.figure} (${map.description}), and F(n+2):`)
  const rows: (string | number)[][] = [['level', 'men', 'pagoda', 'F(n+2)', 'men per exponent', 'slack']]
  for (const b of bounds) {
    if (b.men === null) rows.push([b.level, 'impossible', '-', b.fibonacci, '-', `rows >= ${b.level} weigh ${formatZ(b.levelWeight)} <= 1`])
    else
      rows.push([
        b.level,
        b.men,
        b.pagodaMen!,
        b.fibonacci,
        b.byExponent.map(([e, k]) => `${k}x${e}`).join(' '),
        formatPowers(powerSum(b.slack!)),
      ])
  }
  io.out(table(rows, 'rrrr'))
  return 0
}

function runPagoda(v: Values, io: Io): number {
  const type = typeOption(v)
  const map = mapOption(v, IMPROVED_MAP[type])
  const rows = intOption(v, 'rows', 2, 60) ?? 12
  const g = GEOMETRIES[type]
  const violations = checkPagoda(map, g, { rows: rows + 4, width: rows + 4 })
  if (v['json']) {
    io.out(json({ type, map: map.id, pagoda: violations.length === 0, violations: violations.map((x) => x.message) }))
    return violations.length === 0 ? 0 : 1
  }
  io.out(exponentRows(g, { rows, width: rows }, map, (x, y) => g.onBoard(x, y)).join('\n'))
  if (violations.length === 0)
    io.out(`${map.figure} is a pagoda function for ${g.title}: every jump in ${rows + 4} rows keeps sigma^a + sigma^b >= sigma^c`)
  else for (const x of violations) io.out(x.message)
  return violations.length === 0 ? 0 : 1
}

/** The window of --rows and --width (default: the pagoda bound's); `ip`: a window the integer program is given. */
function windowOption(v: Values, type: ArmyType, level: number, ip = true): Window {
  const d = defaultWindow(type, level)
  return { rows: intOption(v, 'rows', 2, ip ? IP_ROWS : 200) ?? d.rows, width: intOption(v, 'width', 0, ip ? IP_WIDTH : 200) ?? d.width }
}

function levelOption(v: Values, type: ArmyType): number {
  const level = intOption(v, 'level', 1, highestLevel(type))
  if (level === undefined) throw new UsageError('--level is required')
  return level
}

async function runSolve(v: Values, io: Io): Promise<number> {
  if (typeof v['file'] === 'string') return runDocumentSolve(v, io, undefined)
  const type = typeOption(v)
  const level = levelOption(v, type)
  const window = windowOption(v, type, level)
  const g = GEOMETRIES[type]
  // Checked before the integer program: a bad --threads or --budget is named at once, not minutes later.
  threadsOption(v)
  budgetOption(v)
  const s = await armyTask(io, 'army solve', 'solveArmy', type, level, { window, timeLimit: intOption(v, 'time-limit', 1, 86_400) ?? 300 })
  if (!s) return 130
  const ok = s.verdict?.ok === true
  // The engine's level-by-level search over positions (engine/army): complete below its answer.
  // A job like the others (progress, Ctrl-C, --threads, --budget, --disk, --resume); undefined when cancelled.
  const fewest = ok && v['fewest'] === true && s.moves !== undefined
  const f = fewest ? await engineFewest({ kind: 'army', type, window, army: s.ip.army, map: IMPROVED_MAP[type] }, s.moves!.length, v, io) : undefined
  if (fewest && !f) return 130
  if (v['json']) {
    io.out(
      json({
        type,
        level,
        window,
        status: s.ip.status,
        men: s.ip.men,
        army: s.ip.army.map((c) => cellLabel(g, window, c)),
        moves: s.moves && formatArmyMoves(g, window, s.moves),
        jumps: s.verdict?.jumps ?? null,
        verified: ok,
        ...(s.verdict?.error && { error: s.verdict.error }),
        seconds: s.ip.seconds,
        ...(f && {
          fewest: { moves: f.moves && formatArmyMoves(g, window, f.moves), count: f.moves?.length ?? null, provenAbove: f.provenAbove, stopped: f.stopped, levels: f.levels },
        }),
      }),
    )
    return ok ? 0 : 1
  }
  if (s.ip.men === null) {
    io.out(`level ${level}: no army found (${s.ip.status} after ${s.ip.seconds.toFixed(1)} s)`)
    return 1
  }
  io.out(
    `${upperFirst(g.title)} to level ${level}: ${s.ip.men} men (the integer program's minimum on the window --rows ${window.rows} --width ${window.width}; ${s.ip.seconds.toFixed(1)} s)`,
  )
  io.out(drawArmy(g, window, s.ip.army).join('\n'))
  if (!s.moves) {
    io.out(
      s.orderGaveUp
        ? `no legal order of its jumps found in ${s.orderNodes} states (gave up)`
        : 'its jumps have no legal order (every order searched)',
    )
    return 1
  }
  io.out(`${s.moves.length} moves, ${s.verdict!.jumps} jumps, ${ok ? 'verified' : `NOT verified: ${s.verdict!.error}`}:`)
  io.out(formatArmyMoves(g, window, s.moves))
  if (!ok || !f) return ok ? 0 : 1
  const positions = f.levels.reduce((x, y) => x + y, 0)
  if (f.stopped) {
    io.out(
      `fewest moves: not settled (the search stopped: ${f.stopped}, after ${positions.toLocaleString('en-US')} positions); none with ${f.provenAbove} moves or fewer`,
    )
    return 0
  }
  const best = f.moves ?? s.moves
  const check = verifyArmy(g, window, s.ip.army, best)
  io.out(
    `fewest moves for this army: ${best.length} (no solution of ${best.length - 1} moves or fewer: every position after up to ${best.length - 1} moves searched, ${positions.toLocaleString('en-US')} positions in ${f.levels.length} levels), ${check.ok ? 'verified' : `NOT verified: ${check.error}`}:`,
  )
  io.out(formatArmyMoves(g, window, best))
  return check.ok ? 0 : 1
}

function runVerify(v: Values, io: Io): number {
  // A document: the same as `halma verify FILE`.
  if (typeof v['file'] === 'string') return runOnDocument('verify', v['file'], v, io)
  const type = typeOption(v)
  const level = levelOption(v, type)
  const window = windowOption(v, type, level, false)
  const g = GEOMETRIES[type]
  if (typeof v['army'] !== 'string' || typeof v['moves'] !== 'string') throw new UsageError('--army and --moves are required')
  let army, moves
  try {
    army = v['army']
      .split(/[\s,]+/)
      .filter((x) => x !== '')
      .map((label) => parseCellLabel(g, window, label))
    moves = parseArmyMoves(g, window, v['moves'])
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
  const bad = army.find(([, y]) => y < level)
  if (bad) throw new UsageError(`the army's man on ${cellLabel(g, window, bad)} is in front of row ${level}`)
  // Two men on one cell is a mistake in the input, not an army that fails.
  const seen = new Set<string>()
  for (const c of army) {
    const label = cellLabel(g, window, c)
    if (seen.has(label)) throw new UsageError(`--army: ${label} is given twice`)
    seen.add(label)
  }
  const r = verifyArmy(g, window, army, moves)
  if (v['json']) {
    io.out(json({ type, level, window, men: army.length, ...r }))
    return r.ok ? 0 : 1
  }
  io.out(
    r.ok
      ? `valid: ${army.length} men reach level ${level} in ${plural(r.moves, 'move')} (${plural(r.jumps, 'jump')}), ${r.menLeft === 1 ? '1 man' : `${r.menLeft} men`} left`
      : `invalid: ${r.error}`,
  )
  return r.ok ? 0 : 1
}

async function runCount(v: Values, io: Io): Promise<number> {
  const type = typeOption(v)
  const level = levelOption(v, type)
  const window = windowOption(v, type, level)
  const g = GEOMETRIES[type]
  const c = await armyTask(io, 'army count', 'countArmies', type, level, {
    window,
    timeLimit: intOption(v, 'time-limit', 1, 86_400) ?? 600,
  })
  if (!c) return 130
  // Cells row by row, left to right.
  const labels = (a: readonly (readonly [number, number])[]): string =>
    [...a]
      .sort((p, q) => p[1] - q[1] || p[0] - q[0])
      .map((cell) => cellLabel(g, window, cell))
      .join(' ')
  if (v['json']) {
    io.out(json({ type, level, ...c, armies: c.armies.map(labels) }))
    return c.end === 'complete' ? 0 : 1
  }
  const where = `on the window --rows ${window.rows} --width ${window.width}`
  if (c.men === null) {
    io.out(`no army found ${where} (${c.end})`)
    return 1
  }
  const done =
    c.end === 'complete'
      ? 'exactly'
      : `the enumeration stopped (${c.end === 'time' ? 'time limit' : 'an army could not be played out in time'}): at least`
  io.out(
    `${upperFirst(g.title)} to level ${level}, ${c.men} men ${where}: ${done} ${c.classes} ${c.classes === 1 ? 'army' : 'armies'} up to reflection (${c.armies.length} with reflections) reach the level; ${c.unplayable} more satisfy the integer program but cannot be played out (${c.seconds.toFixed(1)} s)`,
  )
  c.armies.forEach((a, i) => io.out(`army ${i + 1}: ${labels(a)}`))
  return c.end === 'complete' ? 0 : 1
}

export async function runArmy(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.out(ARMY_HELP)
    return sub === undefined ? 2 : 0
  }
  const takes = own(TAKES, sub)
  if (!takes) throw new UsageError(`unknown army command '${sub}' (bound, pagoda, solve, verify, count or show)`)
  const v = parse(rest, OPTIONS)
  if (v['help']) {
    io.out(ARMY_HELP)
    return 0
  }
  onlyOptions(v, takes(v), `halma army ${sub}${v['file'] !== undefined ? ' --file' : ''}`)
  if (sub === 'bound') return await runBound(v, io)
  if (sub === 'pagoda') return runPagoda(v, io)
  if (sub === 'solve') return await runSolve(v, io)
  if (sub === 'verify') return runVerify(v, io)
  if (sub === 'count') return await runCount(v, io)
  if (sub === 'show') {
    // The same as `halma show FILE`.
    if (typeof v['file'] !== 'string') throw new UsageError('--file is required')
    return runOnDocument('show', v['file'], v, io)
  }
  throw new UsageError(`unknown army command '${sub}' (bound, pagoda, solve, verify, count or show)`)
}
