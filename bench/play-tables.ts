/**
 * `npm run bench:play -- tables`: the playing engine with the solved-positions table of the 7 x 7
 * board with 3 men a side (issue 29) against the engine without it (issue 30), over positions the
 * table values as won for the side to move. Written to bench/results/play-tables-<date>.md.
 *
 * (a) From each position the engine with the table (the oracle: perfect play) plays the winning
 *     side against the engine without it; the table's rules referee (a move they forbid loses, a
 *     side without a move loses). Every game the tabled side does not win is listed.
 * (b) The engine without the table is asked for its move in each position at each node limit; the
 *     table says whether the move keeps the win, and whether it wins in the fewest moves.
 * On every position of every game the engine's moves (less those the table's rules forbid) are
 * compared with the table's, and the end of the game as each sees it.
 *
 *   --table DIR        a built 7x7/3 table (default: built once into $TMPDIR/halma-play-tables/7x7-3
 *                      by `halma tablebase build`, reused when it is there and verifies)
 *   --positions N      positions drawn (1000)        --seed S       the draw's seed (1)
 *   --nodes N          the untabled side's nodes a move in the games (50000)
 *   --limits a,b,c     node limits of (b) (10000,50000,200000)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'
import { folderStore } from '../src/hosts/node/store'
import { Engine } from '../src/shared/play/engine'
import type { Move as TableMove } from '../src/shared/halma/moves'
import { afterMove, formatPosition, rulesVerdict, tableMoves, verdictOf, type TablePosition } from '../src/shared/engine/tablebase/probe'
import { readHeader, storeWords, TablebaseTable } from '../src/shared/engine/tablebase/table'
import { Position, type Move } from '../src/shared/play/position'
import {
  allowedMoves,
  drawPositions,
  moveOfPath,
  moveText,
  positionDataOf,
  TableOracle,
  variantOfTable,
  type DrawnPosition,
} from '../src/shared/play/tablebase'

const root = join(import.meta.dirname, '..')
const date = new Date().toISOString().slice(0, 10)
const loadNow = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const pct = (k: number, n: number): string => (n === 0 ? '-' : `${((100 * k) / n).toFixed(1)} %`)
const int = (x: number): string => x.toLocaleString('en')

/** The table: the one named, or the one built (once) in the temporary folder by the CLI. */
function openTable(dir: string | undefined): { table: TablebaseTable; how: string } {
  const folder = dir ?? join(tmpdir(), 'halma-play-tables', '7x7-3')
  let how = `reused ${dir === undefined ? '$TMPDIR/halma-play-tables/7x7-3' : dir}`
  if (dir === undefined && !existsSync(join(folder, 'table.json'))) {
    mkdirSync(folder, { recursive: true })
    const argv = ['tablebase', 'build', '--board', '7x7', '--men', '3', '--threads', String(cpus().length), '--out', folder, '--json']
    console.error(`building the table: halma ${argv.join(' ')}`)
    const t0 = performance.now()
    const p = spawnSync(process.execPath, [join(root, 'bin/halma.mjs'), ...argv], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    if (p.status !== 0) throw new Error(`halma tablebase build failed with status ${p.status}`)
    how = `built by \`halma ${argv.join(' ').replace(folder, '$TMPDIR/halma-play-tables/7x7-3')}\` in ${((performance.now() - t0) / 1000).toFixed(1)} s (load after: ${loadNow()})`
  }
  const store = folderStore(folder)
  const header = readHeader(store)
  if (!header.ok) throw new Error(header.error.message)
  if (header.value.spec.side !== 7 || header.value.spec.men !== 3) throw new Error(`${folder} is not the table of 7x7 with 3 men`)
  // Every chunk kept (about 210 MB): the positions are all over the table.
  const t = new TablebaseTable(header.value, storeWords(store), folder, 1 << 12)
  const checked = t.verify()
  if (!checked.ok) throw new Error(checked.error.message)
  return { table: t, how }
}

/** What the table says of a move from a won position: whether it keeps the win, and in how many moves. */
function judge(t: TablebaseTable, from: TablePosition, move: TableMove): { wins: boolean; draws: boolean; distance: number | null } {
  const next = afterMove(from, move)
  const v = verdictOf(t, next)
  if (!v.ok) throw new Error(v.error.message)
  if (v.value.kind === 'over') return { wins: v.value.winner === from.toMove, draws: false, distance: 1 }
  if (v.value.kind === 'illegal') throw new Error(`internal: the table's move leads to an illegal position (${v.value.reason})`)
  const won = v.value.value === 'loss'
  return { wins: won, draws: v.value.value === 'draw', distance: won ? v.value.distance! + 1 : null }
}

/** The table's legal moves of a position, by the engine's move. */
function legalOf(t: TablebaseTable, at: TablePosition): Map<Move, TableMove> {
  return new Map(tableMoves(t.game, at).map((m) => [moveOfPath(m.path), m]))
}

interface Counts {
  games: number
  tabledWins: number
  failures: string[]
  forfeits: number
  noMove: number
  plies: number
  atDistance: number
  oracleSilent: number
  oracleSlips: number
  falseWinClaims: number
  moveSetsDiffer: string[]
  endsDiffer: string[]
  positionsCompared: number
}

/** (a) One game from a won position: the tabled engine plays the side to move. */
async function playGame(t: TablebaseTable, p: DrawnPosition, withTable: Engine, without: Engine, nodes: number, c: Counts): Promise<void> {
  const game = t.game
  const pos = new Position(without.variant, positionDataOf(p.position))
  const tabled = pos.turn
  const moves: string[] = []
  let at = p.position
  let winner = -1
  let why = ''
  withTable.newGame()
  without.newGame()
  const fail = (what: string): void => {
    c.failures.push(`${formatPosition(game, p.position)} (win in ${p.distance}): ${what}; moves ${moves.join(' ') || 'none'}`)
  }
  for (let ply = 0; winner < 0; ply++) {
    const ruled = rulesVerdict(game, at)
    if ((ruled?.kind === 'over') !== pos.winner >= 0)
      c.endsDiffer.push(`${formatPosition(game, at)}: the table ${ruled?.kind ?? 'open'}, the engine's winner ${pos.winner}`)
    if (ruled?.kind === 'over') {
      winner = ruled.winner === 'blue' ? 0 : 1
      why = 'target filled'
      break
    }
    if (ruled?.kind === 'illegal') return fail(`an illegal position was reached (${ruled.reason})`)
    const legal = legalOf(t, at)
    const mine = allowedMoves(game, pos)
    c.positionsCompared++
    if (mine.length !== legal.size || mine.some((m) => !legal.has(m)))
      c.moveSetsDiffer.push(
        `${formatPosition(game, at)}: engine ${mine.map((m) => moveText(game, m)).join(' ')}; table ${[...legal.keys()].map((m) => moveText(game, m)).join(' ')}`,
      )
    if (legal.size === 0) {
      winner = 1 - pos.turn
      why = 'no move'
      c.noMove++
      break
    }
    if (ply > 4 * (p.distance ?? 0) + 20) return fail(`unfinished after ${ply} moves`)
    const mover = pos.turn === tabled ? withTable : without
    mover.setPosition(pos.data())
    const r = await mover.go({ nodes })
    const m = r.move === null ? undefined : legal.get(r.move)
    if (m === undefined) {
      moves.push(r.move === null ? 'pass' : `${moveText(game, r.move)}?`)
      winner = 1 - pos.turn
      why = 'a move the rules forbid'
      if (pos.turn !== tabled) c.forfeits++
      break
    }
    if (pos.turn === tabled) {
      if (r.info.tbHits !== 1) c.oracleSilent++
      const j = judge(t, at, m)
      const d = verdictOf(t, at)
      const want = d.ok && d.value.kind === 'value' ? d.value.distance : null
      if (!j.wins || j.distance !== want) c.oracleSlips++
    } else if (r.info.score.kind === 'win') c.falseWinClaims++
    moves.push(moveText(game, r.move!))
    pos.make(r.move!)
    at = afterMove(at, m)
  }
  c.games++
  c.plies += moves.length
  if (moves.length === p.distance) c.atDistance++
  if (winner === tabled) c.tabledWins++
  else fail(`${winner === 0 ? 'blue' : 'red'} won (${why})`)
}

interface LimitCounts {
  nodes: number
  winning: number
  fewest: number
  claimed: number
  falseClaims: number
  /** Moves that do not win: to a drawn position, to a lost one (a forbidden move counts as lost). */
  toDraw: number
  toLoss: number
  forbidden: number
  ms: number
  searched: number
  /** By the table's distance band: [winning, positions]. */
  bands: Map<string, [number, number]>
}

const bandOf = (d: number): string => (d < 10 ? '1-9' : d < 20 ? '10-19' : d < 30 ? '20-29' : '30+')

/** (b) The untabled engine's move in a won position, judged by the table. */
async function askMove(t: TablebaseTable, p: DrawnPosition, without: Engine, l: LimitCounts): Promise<void> {
  without.newGame()
  without.setPosition(positionDataOf(p.position))
  const r = await without.go({ nodes: l.nodes })
  l.ms += r.info.ms
  l.searched += r.info.nodes
  const m = r.move === null ? undefined : legalOf(t, p.position).get(r.move)
  const j = m === undefined ? { wins: false, draws: false, distance: null } : judge(t, p.position, m)
  if (!j.wins) l[j.draws ? 'toDraw' : 'toLoss']++
  if (m === undefined) l.forbidden++
  if (j.wins) l.winning++
  if (j.wins && j.distance === p.distance) l.fewest++
  if (r.info.score.kind === 'win') {
    l.claimed++
    if (!j.wins) l.falseClaims++
  }
  const band = l.bands.get(bandOf(p.distance!)) ?? [0, 0]
  band[0] += j.wins ? 1 : 0
  band[1]++
  l.bands.set(bandOf(p.distance!), band)
}

export async function tables(rest: readonly string[]): Promise<void> {
  const flag = (name: string): string | undefined => {
    const i = rest.indexOf(`--${name}`)
    return i >= 0 ? rest[i + 1] : undefined
  }
  const count = Number(flag('positions') ?? 1000)
  const seed = Number(flag('seed') ?? 1)
  const nodes = Number(flag('nodes') ?? 50_000)
  const limits = (flag('limits') ?? '10000,50000,200000').split(',').map(Number)
  const loadBefore = loadNow()
  const t0 = performance.now()
  const { table: t, how } = openTable(flag('table'))
  const openSeconds = (performance.now() - t0) / 1000
  const variant = variantOfTable(t.game)
  const h = t.header
  const tDraw = performance.now()
  const drawn = drawPositions(t, 'win', count, seed)
  const drawSeconds = (performance.now() - tDraw) / 1000
  const oracle = new TableOracle(t)
  const withTable = new Engine(variant)
  withTable.oracle = oracle
  const without = new Engine(variant)
  const c: Counts = {
    games: 0,
    tabledWins: 0,
    failures: [],
    forfeits: 0,
    noMove: 0,
    plies: 0,
    atDistance: 0,
    oracleSilent: 0,
    oracleSlips: 0,
    falseWinClaims: 0,
    moveSetsDiffer: [],
    endsDiffer: [],
    positionsCompared: 0,
  }
  const per: LimitCounts[] = limits.map((n) => ({
    nodes: n,
    winning: 0,
    fewest: 0,
    claimed: 0,
    falseClaims: 0,
    toDraw: 0,
    toLoss: 0,
    forbidden: 0,
    ms: 0,
    searched: 0,
    bands: new Map(),
  }))
  let gameSeconds = 0
  let askSeconds = 0
  for (const [k, p] of drawn.positions.entries()) {
    const ta = performance.now()
    for (const l of per) await askMove(t, p, without, l)
    askSeconds += (performance.now() - ta) / 1000
    const tg = performance.now()
    await playGame(t, p, withTable, without, nodes, c)
    gameSeconds += (performance.now() - tg) / 1000
    if ((k + 1) % 100 === 0)
      console.error(
        `${k + 1}/${drawn.positions.length}: tabled side won ${c.tabledWins} of ${c.games}; ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${loadNow()}`,
      )
  }
  const totalSeconds = (performance.now() - t0) / 1000
  const distances = drawn.positions.map((p) => p.distance!)
  const meanDistance = distances.reduce((a, b) => a + b, 0) / distances.length
  const command = `nice -n 10 npm run bench:play -- tables${rest.length > 0 ? ' ' + rest.join(' ') : ''}`
  const rows = [
    [
      'node limit',
      'winning move',
      'fewest moves',
      'engine claims a win',
      '...wrongly',
      'to a draw',
      'to a loss',
      'forbidden move',
      'ms a search (mean)',
      'nodes a search (mean)',
    ],
  ]
  for (const l of per)
    rows.push([
      int(l.nodes),
      `${l.winning} (${pct(l.winning, count)})`,
      `${l.fewest} (${pct(l.fewest, count)})`,
      `${l.claimed} (${pct(l.claimed, count)})`,
      String(l.falseClaims),
      String(l.toDraw),
      String(l.toLoss),
      String(l.forbidden),
      (l.ms / count).toFixed(1),
      int(Math.round(l.searched / count)),
    ])
  const bands = ['1-9', '10-19', '20-29', '30+']
  const bandRows = [['table distance (moves)', 'positions', ...per.map((l) => `winning at ${int(l.nodes)}`)]]
  for (const b of bands) {
    const n = per[0]?.bands.get(b)?.[1] ?? 0
    bandRows.push([b, String(n), ...per.map((l) => pct(l.bands.get(b)?.[0] ?? 0, n))])
  }
  const lines = [
    `# The engine with and without the 7 x 7, 3-men tablebase, ${date}`,
    '',
    `Command: \`${command}\``,
    '',
    `Machine: ${machine}; load average before ${loadBefore}, after ${loadNow()} (a shared machine: other engineers' work and a nice-19 proof beside). Total ${totalSeconds.toFixed(0)} s: the table ${openSeconds.toFixed(1)} s (built or opened, and verified), drawing ${drawSeconds.toFixed(1)} s, (a)'s games ${gameSeconds.toFixed(0)} s, (b)'s searches ${askSeconds.toFixed(0)} s.`,
    '',
    `The table: ${how}; every chunk verified against its checksums before use. Its counts (whole space, both sides to move): ${int(h.counts.positions)} positions, ${int(h.counts.wins)} wins, ${int(h.counts.losses)} losses, ${int(h.counts.draws)} draws, ${int(h.counts.illegal)} illegal; blue ${h.start.value === 'win' ? 'wins' : h.start.value === 'loss' ? 'loses' : 'draws'} from the start${h.start.distance === null ? '' : ` in ${h.start.distance}`}.`,
    '',
    '## The positions',
    '',
    `${int(count)} distinct positions the table values as won for the side to move, drawn with seed ${seed} (\`drawPositions\`, src/shared/play/tablebase.ts) uniformly from the whole position space of the table's game: the side to move blue or red with even odds, blue's 3 men on 3 distinct cells of the 49, red's on 3 of the 46 left; reachable from the start or not (not checked); a placement the rules call illegal (the side to move has already won) or over (the other side has won), or valued draw or loss, is drawn again. ${int(drawn.tried)} placements drawn: ${drawn.rejected.illegal} illegal, ${drawn.rejected.over} over, ${drawn.rejected.value} of another value, ${drawn.rejected.repeated} repeated. Blue to move in ${drawn.positions.filter((p) => p.position.toMove === 'blue').length}. The table's distance to the win (moves of both sides, the winner fastest, the loser slowest): mean ${meanDistance.toFixed(1)}, from ${Math.min(...distances)} to ${Math.max(...distances)}.`,
    '',
    "The engine: `Engine` (src/shared/play/engine.ts) at its default setting (alpha-beta with PVS, one thread inline, 32 MB table cleared before each game and each search of (b)) on the variant of the table's game (`variantOfTable`: 6-move rules, the table's areas, a target full of men of either colour with one of hers wins). The engine with the table is the same engine with `TableOracle` as its oracle.",
    '',
    '## (a) The engine with the table against the engine without it',
    '',
    `The tabled engine plays the side to move (the winning side), the untabled one the other side at ${int(nodes)} nodes a move. Referee: the table's rules (a move they forbid or no move at all loses; a target filled ends the game).`,
    '',
    table([
      [
        'games',
        'won by the tabled side',
        'not won (listed below)',
        'ended on a forbidden move of the untabled side',
        'ended by no move',
        'moves (mean)',
        "games as long as the table's distance",
      ],
      [
        int(c.games),
        `${c.tabledWins} (${pct(c.tabledWins, c.games)})`,
        String(c.failures.length),
        String(c.forfeits),
        String(c.noMove),
        (c.plies / Math.max(1, c.games)).toFixed(1),
        `${c.atDistance} (${pct(c.atDistance, c.games)})`,
      ],
    ]),
    '',
    `Checks along the way: the oracle answered every move of the tabled side (${c.oracleSilent} silent) and each move kept the win in exactly one move less (${c.oracleSlips} slips); table faults: ${oracle.fault ?? 'none'}. The untabled side claimed a forced win ${c.falseWinClaims} times (it was losing every time: a claim would be an engine bug). Move sets compared in ${int(c.positionsCompared)} positions (the engine's moves less those the table's rules forbid, against the table's): ${c.moveSetsDiffer.length} differ; the end of the game as each sees it: ${c.endsDiffer.length} differ.`,
    '',
    ...(c.failures.length > 0 ? ['Games the tabled side did not win:', '', ...c.failures.map((f) => `- ${f}`), ''] : []),
    ...(c.moveSetsDiffer.length + c.endsDiffer.length > 0
      ? ['Disagreements (first 20):', '', ...[...c.moveSetsDiffer, ...c.endsDiffer].slice(0, 20).map((f) => `- ${f}`), '']
      : []),
    '## (b) The engine without the table: its move in each won position',
    '',
    `A winning move: the table values the position after it as lost for the opponent (or the game won). Fewest moves: it wins in the table's distance. A move that does not win leads to a draw or to a loss (a forbidden move counts as a loss). "Engine claims a win": its search proved a forced win (score win in n); "wrongly": the table says the move does not win.`,
    '',
    table(rows),
    '',
    "By the table's distance to the win (the share of winning moves):",
    '',
    table(bandRows),
    '',
  ]
  console.log(lines.join('\n'))
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  const file = join(root, `bench/results/play-tables-${date}.md`)
  writeFileSync(file, lines.join('\n'))
  console.log(`\nwritten to ${file}`)
  t.close()
  if (c.failures.length > 0 || c.oracleSlips > 0 || c.moveSetsDiffer.length > 0 || c.endsDiffer.length > 0) process.exitCode = 1
}
