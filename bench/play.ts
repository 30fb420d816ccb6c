/**
 * `npm run bench:play -- <part>`: the playing engine's benchmarks (issue 30), each written to
 * bench/results/play-<part>-<date>.md with the commands that produced it. Matches run `halma match`
 * (node limits: the results repeat) one game at a time, at the nice level this script runs at.
 *
 *   speed    nodes per second per thread of the 2- and 6-player searches beside the move
 *            generator's speed, the transposition table's hit rate, and two threads (Lazy SMP)
 *   greedy   the engine at its default setting against the greedy player, 2, 3 and 6 players on
 *            the 121-hole star, seats rotated (about 200 games each)
 *   ladder   an Elo ladder of four node limits, each against the next (halma match); --append
 *            adds pairs to the day's file
 *   sprt     a tuning change tested by SPRT until the test stops the match
 *   tables   the engine with the 7 x 7, 3-men tablebase against it without, from won positions (play-tables.ts)
 *
 * `-- greedy 2` runs the 2-player row only; `-- greedy 6 --games 60` fewer games; `--tag T` names the
 * files play-greedy-...-T-<date> (two runs of one day kept apart).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { table } from '../src/cli/io'
import { openingBook } from '../src/shared/play/book'
import { Engine } from '../src/shared/play/engine'
import { nodeSearchThreads } from '../src/hosts/node/play-threads'
import { MAX_MOVES, perft, Position } from '../src/shared/play/position'
import { variantOfPreset, withSpoilingRule } from '../src/shared/play/variant'
import { lostGames } from './play/lost'
import { tables } from './play-tables'

const root = join(import.meta.dirname, '..')
const bin = join(root, 'bin/halma.mjs')
const date = new Date().toISOString().slice(0, 10)
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const [part, ...rest] = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const i = rest.indexOf(`--${name}`)
  return i >= 0 ? rest[i + 1] : undefined
}
/** `--tag T`: the results files are named play-greedy-...-T-<date> (two runs of one day kept apart). */
const tag = ((): string => {
  if (!rest.includes('--tag')) return ''
  const t = flag('tag') ?? ''
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(t)) throw new Error(`--tag: '${t}' is not a name (a letter, then letters, digits, - or _)`)
  return `-${t}`
})()
const load = (): string => loadavg().map((x) => x.toFixed(1)).join(' / ')

function write(name: string, lines: string[]): void {
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  const file = join(root, `bench/results/play-${name}-${date}.md`)
  writeFileSync(file, lines.join('\n') + '\n')
  console.log(`\nwritten to ${file}`)
}

/** Run `halma ...`, echoing stderr; its stdout. */
function halma(args: readonly string[]): string {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 })
  if (r.status !== 0) throw new Error(`halma ${args.join(' ')} failed with status ${r.status}`)
  return r.stdout
}

const quote = (a: string): string => (/[\s"{}]/.test(a) ? `'${a}'` : a)
const commandOf = (args: readonly string[]): string => `halma ${args.map(quote).join(' ')}`

async function speed(): Promise<void> {
  const rows: (string | number)[][] = [['game', 'search', 'positions', 'nodes', 'nodes/s per thread', 'TT hit rate', 'depth reached (mean)']]
  const gen: (string | number)[][] = [['game', 'positions', 'moves generated', 'moves/s', 'make+unmake/s', 'perft(4) from the start', 'perft leaves/s']]
  const nodes = Number(flag('nodes') ?? 200_000)
  // A search before the measured ones, so that the first row is not the compiler's warm-up.
  for (const id of ['star121-2', 'star121-6']) await new Engine(withSpoilingRule(variantOfPreset(id), 'vacate'), { algorithm: id === 'star121-6' ? 'brs' : 'auto' }).go({ nodes: 100_000 })
  for (const [id, label, algorithm] of [
    ['star121-2', 'alpha-beta (PVS)', 'auto'],
    ['star121-6', 'best-reply', 'brs'],
    ['star121-6', 'race planner', 'race'],
    ['star121-6', 'paranoid', 'paranoid'],
  ] as const) {
    const v = withSpoilingRule(variantOfPreset(id), 'vacate')
    const book = openingBook(v, 8, 4 * v.armies.length, 11)
    let n = 0
    let ms = 0
    let probes = 0
    let hits = 0
    let depth = 0
    for (const line of book) {
      const pos = Position.start(v)
      for (const m of line) pos.make(m)
      const e = new Engine(v, { algorithm })
      e.setPosition(pos.data())
      const r = await e.go({ nodes })
      n += r.info.nodes
      ms += r.info.ms
      hits += r.info.ttHitRate * r.info.nodes
      probes += r.info.nodes
      depth += r.info.depth
    }
    rows.push([id, label, book.length, n, Math.round((n * 1000) / ms), (hits / probes).toFixed(3), (depth / book.length).toFixed(1)])
    // The move generator once per game: after the first search of each (alpha-beta, paranoid).
    if (algorithm !== 'auto' && algorithm !== 'paranoid') continue
    // The move generator alone: every move of every army in the same positions, and make/unmake;
    // each timed five times, the fastest kept (the first run warms the compiler; the machine is shared).
    // The positions are built once (each has its own packed space: building it would be most of the time).
    const buf = new Int32Array(MAX_MOVES)
    const starts = book.map((line) => {
      const pos = Position.start(v)
      for (const m of line) pos.make(m)
      return pos
    })
    let moves = 0
    let makes = 0
    const tg = fastest(() => {
      moves = 0
      for (let rep = 0; rep < 2000; rep++) for (const pos of starts) for (let a = 0; a < v.armies.length; a++) moves += pos.generate(buf, 0, a)
    })
    const tm = fastest(() => {
      makes = 0
      for (let rep = 0; rep < 200; rep++)
        for (const pos of starts) {
          const c = pos.generate(buf)
          for (let k = 0; k < c; k++) {
            pos.make(buf[k]!)
            pos.unmake()
            makes++
          }
        }
    })
    let p4 = 0
    const tp = fastest(() => (p4 = perft(Position.start(v), 4)))
    gen.push([id, book.length, moves, Math.round((moves * 1000) / tg), Math.round((makes * 1000) / tm), p4, Math.round((p4 * 1000) / tp)])
  }
  // Two threads (Lazy SMP): the same positions, the main thread's node limit, all nodes counted.
  const threads: (string | number)[][] = [['game', 'threads', 'movetime (ms)', 'nodes (all threads)', 'nodes/s', 'per thread', 'depth (mean)']]
  const host = nodeSearchThreads(join(root, 'out/cli/play-worker.mjs'))
  for (const id of ['star121-2', 'star121-6']) {
    const v = withSpoilingRule(variantOfPreset(id), 'vacate')
    const book = openingBook(v, 4, 4 * v.armies.length, 11)
    for (const t of [1, 2]) {
      // Six players: best-reply, the tree search whose helpers share the table (the race planner is one line of thought).
      const e = new Engine(v, { threads: t, algorithm: id === 'star121-6' ? 'brs' : 'auto' }, host)
      let n = 0
      let ms = 0
      let depth = 0
      for (const line of book) {
        const pos = Position.start(v)
        for (const m of line) pos.make(m)
        e.setPosition(pos.data())
        const r = await e.go({ movetime: 2000 })
        n += r.info.nodes
        ms += r.info.ms
        depth += r.info.depth
      }
      e.close()
      threads.push([id, t, 2000, n, Math.round((n * 1000) / ms), Math.round((n * 1000) / ms / t), (depth / book.length).toFixed(1)])
    }
  }
  const lines = [
    `# The playing engine's speed, ${date}`,
    '',
    `Machine: ${machine}; load average at the end ${load()} (shared machine: other engineers' work and a nice-19 proof run beside).`,
    `Command: \`nice -n 10 npm run bench:play -- speed\`. Positions: 8 openings of the book (seed 11, 4 moves per army) on the 121-hole star with the vacate rule; ${nodes.toLocaleString('en')} nodes per search, one thread.`,
    '',
    table(rows),
    '',
    'The move generator (shared/play/position.ts over the engine\'s packed space) in the same positions:',
    '',
    table(gen),
    '',
    'Threads (Lazy SMP, one shared table; six players: best-reply), 2 s per position on 4 positions:',
    '',
    table(threads),
    '',
    // What the tables show, from their own numbers: a node costs a few make/unmakes' worth of time (the
    // evaluation and the move generation at every node), six armies make a node dearer, and a second
    // thread on this shared machine adds less than a thread's worth.
    `What it shows: a search node costs about ${ratio(gen[1]![4]!, rows[1]![4]!)} make+unmake pairs of time on 2 players and ${ratio(gen[2]![4]!, rows[2]![4]!)} on 6 (best-reply), ` +
      `the 6-player search running at ${ratio(rows[2]![4]!, rows[1]![4]!, 100)} % of the 2-player speed per thread; the table answers ${pct(rows[1]![5]!)} of probes on 2 players and ${pct(rows[2]![5]!)} on 6; ` +
      `two threads give ${ratio(threads[2]![4]!, threads[1]![4]!, 100)} % (2 players) and ${ratio(threads[4]![4]!, threads[3]![4]!, 100)} % (6 players) of one thread's nodes per second on this shared machine. ` +
      `The race planner's node is a board of the mover's and the five greedy answers that follow it (five move generations and an evaluation): ${rows[3]![4]} a second, a plan of ${Math.round(Number(rows[3]![3]) / Number(rows[3]![2]))} of them on average.`,
  ]
  console.log(lines.join('\n'))
  write('speed', lines)
}

/** The fastest of five runs of f, in milliseconds. */
function fastest(f: () => void): number {
  let best = Infinity
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now()
    f()
    best = Math.min(best, performance.now() - t0)
  }
  return best
}

/** a / b rounded (times `scale`). */
const ratio = (a: string | number, b: string | number, scale = 1): string => ((Number(a) / Number(b)) * scale).toFixed(scale === 1 ? 1 : 0)
const pct = (x: string | number): string => `${(Number(x) * 100).toFixed(0)} %`

function greedy(): void {
  // Player counts: the lone digits that are not a flag's value.
  const which = rest.filter((x, i) => /^\d$/.test(x) && !(rest[i - 1] ?? '').startsWith('--')).map(Number)
  const players = which.length > 0 ? which : [2, 3, 6]
  const nodes = flag('nodes') ?? '5000'
  const lines = [`# The engine against the greedy player, ${date}`, '', `Machine: ${machine}.`, '']
  for (const n of players) {
    const games = Number(flag('games') ?? 200)
    const openings = Math.ceil(games / n)
    const seats = ['0', ...Array.from({ length: n - 1 }, () => '1')].join(',')
    // Every game is saved (outside the repository: a 6-player series is most of a megabyte); the lost ones are kept below.
    const saved = join(tmpdir(), `play-greedy-${n}-${process.pid}.players.json`)
    const args = ['match', '--preset', `star121-${n}`, '--engine', `engine=halma:nodes=${nodes}`, '--engine', 'greedy', '--seats', seats, '--openings', String(openings), '--seed', '30', '--spoiling', 'vacate', '--out', saved]
    const t0 = performance.now()
    const out = halma(args)
    const s = (performance.now() - t0) / 1000
    console.log(out)
    const shown = args.slice(0, -2).concat('--out', 'GAMES.players.json')
    lines.push(`## ${n} players`, '', `Command: \`nice -n 10 ${commandOf(shown)}\` (${s.toFixed(0)} s; load average after: ${load()})`, '', '```', out.trim(), '```', '')
    const lostFile = `bench/results/play-greedy-${n}${tag}-lost-${date}.players.json`
    const lost = lostGames(withSpoilingRule(variantOfPreset(`star121-${n}`), 'vacate'), saved, 'engine', join(root, lostFile))
    rmSync(saved, { force: true })
    if (lost.length === 0) {
      lines.push('The engine won every game.', '')
      rmSync(join(root, lostFile), { force: true })
      continue
    }
    lines.push(
      `The ${lost.length} games the engine did not win (saved in ${lostFile}), where it stood at the end:`,
      '',
      table([
        ['game', 'engine', 'winner', 'moves', 'engine\'s own moves', 'its distance to go', 'its men outside', "other armies' men on its target"],
        ...lost.map((g) => [g.game, g.engine, g.winner, g.moves, g.own, g.distance, g.outside, g.blockers.join(', ') || '-']),
      ]),
      '',
    )
  }
  write(`greedy${which.length > 0 ? '-' + which.join('-') : ''}${tag}`, lines)
}

/**
 * Each step of a ladder of node limits against the next (both seats of every opening). With
 * `--append` the pairs are added to the day's file (a long step run on its own); the summary above
 * the pairs is read back from every pair the file holds.
 */
function ladder(): void {
  const steps = (flag('steps') ?? '1000,4000,16000,64000').split(',')
  const openings = flag('openings') ?? '50'
  const id = flag('preset') ?? 'star121-2'
  const file = join(root, `bench/results/play-ladder-${date}.md`)
  const pairs: string[] = rest.includes('--append') && existsSync(file) ? readFileSync(file, 'utf8').split(/^(?=## )/m).slice(1).map((x) => x.trimEnd()) : []
  for (let k = 0; k + 1 < steps.length; k++) {
    const a = ['match', '--preset', id, '--engine', `n${steps[k]}=halma:nodes=${steps[k]}`, '--engine', `n${steps[k + 1]}=halma:nodes=${steps[k + 1]}`, '--openings', openings, '--seed', '40', '--spoiling', 'vacate']
    const t0 = performance.now()
    const out = halma(a)
    console.log(out)
    pairs.push([`## ${steps[k]} against ${steps[k + 1]} nodes`, '', `Command: \`nice -n 10 ${commandOf(a)}\` (${((performance.now() - t0) / 1000).toFixed(0)} s; load after: ${load()})`, '', '```', out.trim(), '```'].join('\n'))
    writeLadder(file, pairs)
  }
}

/** The ladder's file: per pair the stronger side's score and Elo with its 95 % interval, then the pairs. */
function writeLadder(file: string, pairs: readonly string[]): void {
  const rows: (string | number)[][] = [['step', 'games', 'score of the larger limit', 'Elo (95 %)', 'shown stronger']]
  for (const p of pairs) {
    const title = /^## (\d+) against (\d+) nodes/.exec(p)
    // The crosstable's second row: the larger limit's points against the smaller one.
    const cell = /^2\. \S+.*?(\d+\.\d)\/(\d+) \(([+-]\d+) ± (\d+)\)/m.exec(p)
    if (!title || !cell) continue
    const elo = Number(cell[3])
    const err = Number(cell[4])
    rows.push([`${title[1]} -> ${title[2]} nodes`, cell[2]!, `${cell[1]}/${cell[2]}`, `${cell[3]} ± ${cell[4]}`, elo - err > 0 ? 'yes' : 'no'])
  }
  const lines = [`# An Elo ladder of node limits, ${date}`, '', `Machine: ${machine}. Each step a match of two \`halma match\` engines on the 121-hole star, 2 players (vacate rule), both seats of every book opening; node limits, so a rerun gives the same games.`, '', table(rows), '', ...pairs.flatMap((p) => [p, ''])]
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(file, lines.join('\n'))
  console.log(`\nwritten to ${file}`)
}

function sprtRun(): void {
  const base = flag('base') ?? 'halma:nodes=2000'
  const test = flag('test') ?? 'halma:nodes=2000,w.lag=0'
  const id = flag('preset') ?? 'star121-2'
  const bounds = flag('bounds') ?? '0,20'
  const args = ['match', '--preset', id, '--engine', `base=${base}`, '--engine', `test=${test}`, '--openings', flag('openings') ?? '400', '--seed', '50', '--spoiling', 'vacate', '--sprt', bounds]
  const t0 = performance.now()
  const out = halma(args)
  console.log(out)
  write('sprt', [`# SPRT on a tuning change, ${date}`, '', `Machine: ${machine}.`, '', `Command: \`nice -n 10 ${commandOf(args)}\` (${((performance.now() - t0) / 1000).toFixed(0)} s; load after: ${load()})`, '', '```', out.trim(), '```'])
}

if (part === 'speed') await speed()
else if (part === 'greedy') greedy()
else if (part === 'ladder') ladder()
else if (part === 'sprt') sprtRun()
else if (part === 'tables') await tables(rest)
else {
  console.error('usage: npm run bench:play -- speed | greedy [2] [3] [6] [--games N] [--nodes N] | ladder [--steps a,b,c,d] [--append] | sprt [--base SPEC --test SPEC --bounds e0,e1] | tables [--table DIR] [--positions N] [--seed S] [--nodes N] [--limits a,b,c]')
  process.exitCode = 2
}
