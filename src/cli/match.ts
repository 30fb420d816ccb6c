/**
 * `halma match`: engines play series of games (shared/play/match.ts): the project's engine at any
 * settings, the greedy player, or any program that speaks the protocol (docs/PROTOCOL.md), each
 * game from a book opening with the seats rotated; a crosstable with Elo and 95 % intervals, an
 * optional SPRT that stops the match, and the games saved as a players document that verifies.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { openingBook } from '../shared/play/book'
import { EngineContestant, EngineStartError, GreedyContestant, ProtocolContestant, type Contestant, type LineTransport } from '../shared/play/contestant'
import { DEFAULT_OPTIONS, type EngineOptions, type GoLimits } from '../shared/play/engine'
import { crosstable, eloText, runMatch, type GameRecord } from '../shared/play/match'
import { applyOption } from '../shared/play/options'
import { matchDocument } from '../shared/play/record'
import { SPOILING_RULES, variantFromSource, withSpoilingRule, type SpoilingRule, type Variant, type VariantSource } from '../shared/play/variant'
import { playersPreset, specOf } from '../shared/players/game'
import { parsePlayersSpec } from '../shared/players/document'
import { readJson } from '../shared/read-json'
import { own } from '../shared/names'
import type { TablebaseTable } from '../shared/engine/tablebase/table'
import { TableOracle, tableGameText, tableMismatch, variantOfTable } from '../shared/play/tablebase'
import { openTableFolder } from '../hosts/node/tablebase-folder'
import type { Tally } from '../shared/play/elo'
import { json, table, type Io } from './io'
import { parse, UsageError } from './options'
import { outFailed, outOption, writeResult } from './search-run'

export const MATCH_HELP = `halma match: engines play series of games; a crosstable with Elo, an optional SPRT

usage: halma match --preset ID | --spec JSON | --tablebase-game DIR  --engine SPEC --engine SPEC [...]
                   [--seats 0,1,...] [--openings N] [--book-plies K] [--seed S] [--max-plies P]
                   [--nodes N | --depth D | --movetime MS] [--spoiling vacate|occupied|both|none]
                   [--sprt ELO0,ELO1[,ALPHA,BETA]] [--out FILE.players.json] [--json]

An engine SPEC is [NAME=]KIND[:OPTIONS], OPTIONS comma-separated key=value:
  halma:nodes=4000,algorithm=brs,hash=16,lmr=false,w.lag=40   the project's engine (in-process)
  greedy[:seed=3]                                              the greedy player (best immediate gain)
  exec:nodes=4000,cmd=halma engine --algorithm brs              a program speaking the protocol
                                                               (cmd= takes the rest of the spec)
  halma:nodes=5000,tablebase=DIR   the engine playing the table's perfect move wherever the
                                   solved-positions table in DIR covers the position (its game only:
                                   another game is refused, naming the difference); an exec engine
                                   is sent 'setoption name Tablebase value DIR'
  Engine options: algorithm, hash, threads, lmr, aspiration, ordering, replies, endgame (men
  outside her target from which the endgame solver plays), endgameNodes, endgameSlack, room,
  beam, horizon, rival, worlds (the race planner's), w.NAME (an evaluation weight): halma engine's own options (its reply to hep lists them).
  Limits per move (nodes, depth, movetime, time, inc) default to --nodes/--depth/--movetime
  (default: 5000 nodes a move, the engine's default setting in matches).

  --tablebase-game DIR  play the game of the table in DIR (its board, men, areas and win rule: a
               target full of men of either colour, one of them hers), from its start; no --out
               (a players document cannot hold it); an exec engine needs tablebase=DIR (it is told
               'position tablebase', the game of its table)
  --seats      the engine (by its place in the --engine list, from 0) on each seat in the first game
               of an opening; each next game turns them one seat on (default 0,1,0,1,...)
  --openings   book openings (default 10); each is played once per seat rotation
  --book-plies moves in an opening (default 2 per army); --seed the book's seed (default 1)
  --max-plies  a game longer than this is stopped and ranked by distance to go (default 200 per army)
  --spoiling   the rules page's rules against a player who stays home (default vacate)
  --sprt       stop once engine 1 is shown better (H1: elo1) or not (H0: elo0) than engine 0
               (alpha, beta default 0.05)
  --out        the games as a players document (one there is replaced; any other file is refused)
Scoring: the winner beats every other seat; the rest are ranked by the distance their army still
has to go (equal: a draw); a forfeit (no move, an illegal move, a crash, silence) loses to all. An outside engine that ends mid-match forfeits its later games; one that never
answers its greeting stops the match (exit 2).`

const OPTIONS = {
  preset: { type: 'string' },
  spec: { type: 'string' },
  'tablebase-game': { type: 'string' },
  engine: { type: 'string', multiple: true },
  seats: { type: 'string' },
  openings: { type: 'string' },
  'book-plies': { type: 'string' },
  seed: { type: 'string' },
  'max-plies': { type: 'string' },
  nodes: { type: 'string' },
  depth: { type: 'string' },
  movetime: { type: 'string' },
  spoiling: { type: 'string' },
  sprt: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** A whole number in decimal digits (as every command reads them); `flag` names it in the fault. */
const int = (v: unknown, flag: string, min: number, max: number): number | undefined => {
  if (v === undefined) return undefined
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : NaN
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag}: '${String(v)}' is not a whole number from ${min} to ${max}`)
  return n
}

/** An engine spec: its name, kind and options (in order). */
export interface EngineSpec {
  readonly name: string
  readonly kind: 'halma' | 'greedy' | 'exec'
  readonly options: readonly (readonly [string, string])[]
}

/** The keys of a spec that are neither limits nor engine options: a greedy player's seed, a table's folder, an outside engine's command (last). */
const SEED = 'seed'
const TABLEBASE = 'tablebase'
const CMD = 'cmd'

/** A spec's value of a key, if it has one. */
const specValue = (spec: EngineSpec, key: string): string | undefined => spec.options.find(([k]) => k === key)?.[1]

export function parseEngineSpec(text: string): EngineSpec {
  const m = /^(?:([A-Za-z0-9_.+-]+)=)?(halma|greedy|exec)(?::(.*))?$/s.exec(text.trim())
  if (!m) throw new UsageError(`--engine: '${text}' is not [NAME=]halma|greedy|exec[:key=value,...]`)
  const kind = m[2] as EngineSpec['kind']
  const options: [string, string][] = []
  let rest = m[3] ?? ''
  while (rest !== '') {
    const cmd = new RegExp(`^${CMD}=(.*)$`, 's').exec(rest)
    if (cmd) {
      options.push([CMD, cmd[1]!.trim()])
      break
    }
    const kv = /^([A-Za-z0-9_.]+)=([^,]*)(?:,|$)/.exec(rest)
    if (!kv) throw new UsageError(`--engine ${text}: '${rest}' is not key=value`)
    if (options.some(([k]) => k === kv[1])) throw new UsageError(`--engine ${text}: '${kv[1]}' is given twice`)
    options.push([kv[1]!, kv[2]!])
    rest = rest.slice(kv[0].length)
  }
  if (kind === 'exec' && !options.some(([k, v]) => k === CMD && v !== '')) throw new UsageError(`--engine ${text}: exec needs ${CMD}=COMMAND (last)`)
  // An outside engine unnamed is named by its command too (`exec:` alone would say nothing).
  const shown = options.filter(([k]) => k !== CMD || kind === 'exec')
  const label = m[1] ?? (shown.length > 0 ? `${kind}:${shown.map(([k, v]) => `${k}=${v}`).join(',')}` : kind)
  return { name: label, kind, options }
}

const LIMIT_KEYS = ['nodes', 'depth', 'movetime', 'time', 'inc'] as const
/** A spec's engine options and the protocol's option each sets (w.NAME sets Weight_NAME). */
const OPTION_NAMES: Readonly<Record<string, string>> = { algorithm: 'Algorithm', hash: 'Hash', threads: 'Threads', lmr: 'LMR', aspiration: 'Aspiration', ordering: 'Ordering', replies: 'Replies', endgame: 'Endgame', endgameNodes: 'EndgameNodes', endgameSlack: 'EndgameSlack', room: 'Room', beam: 'Beam', horizon: 'Horizon', rival: 'Rival', worlds: 'Worlds' }
/** Every key a halma or exec spec takes, as the "unknown option" message lists them. */
const SPEC_KEYS = [...LIMIT_KEYS, ...Object.keys(OPTION_NAMES), 'w.NAME', TABLEBASE, SEED, CMD].join(', ')

/** The limits and the engine options of a spec (engine options checked by the protocol's setoption). */
function limitsAndOptions(spec: EngineSpec, defaults: GoLimits): { limits: GoLimits; options: EngineOptions; setoptions: string[] } {
  const limits: Record<string, number> = { ...(defaults as Record<string, number>) }
  let options = DEFAULT_OPTIONS
  const setoptions: string[] = []
  for (const [k, v] of spec.options) {
    if (k === CMD || k === SEED) continue
    if (k === TABLEBASE) {
      setoptions.push(`setoption name Tablebase value ${v}`)
      continue
    }
    if ((LIMIT_KEYS as readonly string[]).includes(k)) {
      if (['nodes', 'depth', 'movetime'].includes(k)) for (const x of ['nodes', 'depth', 'movetime']) delete limits[x]
      limits[k] = int(v, `--engine ${spec.name}: ${k}`, 1, 1e12)!
      continue
    }
    const name = k.startsWith('w.') ? `Weight_${k.slice(2)}` : own(OPTION_NAMES, k)
    if (name === undefined) throw new UsageError(`--engine ${spec.name}: unknown option '${k}' (${SPEC_KEYS})`)
    const r = applyOption(options, name, v)
    if (!r.ok) throw new UsageError(`--engine ${spec.name}: ${r.error.message}`)
    options = r.value
    setoptions.push(`setoption name ${name} value ${v}`)
  }
  return { limits: limits as GoLimits, options, setoptions }
}

/** A child process's stdin/stdout as lines. */
function processTransport(command: string): LineTransport {
  const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'inherit'] })
  const queue: string[] = []
  let waiting: ((line: string | null) => void) | undefined
  let ended = false
  let how = 'ended'
  const rl = createInterface({ input: child.stdout })
  rl.on('line', (line) => {
    if (waiting) {
      const w = waiting
      waiting = undefined
      w(line)
    } else queue.push(line)
  })
  const end = (): void => {
    ended = true
    waiting?.(null)
    waiting = undefined
  }
  // Ended once it has exited and its output is read to the end (the lines it wrote are all delivered first).
  let [closed, exited] = [false, false]
  rl.on('close', () => {
    closed = true
    if (exited) end()
  })
  child.on('exit', (code, signal) => {
    how = signal ? `ended (killed by ${signal})` : `ended (exit status ${code})`
    exited = true
    if (closed) end()
  })
  child.on('error', (e) => {
    how = `could not be started (${e.message})`
    end()
  })
  child.stdin.on('error', () => undefined)
  return {
    ended: () => (ended ? how : null),
    send: (line) => {
      if (!ended) child.stdin.write(line + '\n')
    },
    next: (ms) =>
      new Promise((resolve) => {
        if (queue.length > 0) return resolve(queue.shift()!)
        if (ended) return resolve(null)
        const timer = setTimeout(() => {
          waiting = undefined
          resolve(null)
        }, ms)
        waiting = (line) => {
          clearTimeout(timer)
          resolve(line)
        }
      }),
    close: async () => {
      child.stdin.end()
      if (!ended) await new Promise((r) => setTimeout(r, 200))
      if (!ended) child.kill()
    },
  }
}

/**
 * The tables the match reads, each folder opened and checked once: a missing folder, a damaged table
 * or a table of another game than the match's is a usage error naming it.
 */
class MatchTables {
  private readonly open = new Map<string, TablebaseTable>()

  constructor(private readonly variant: Variant) {}

  get(dir: string, flag: string): TablebaseTable {
    const had = this.open.get(dir)
    if (had) return had
    const t = openTableFolder(dir, { verify: true })
    if (!t.ok) throw new UsageError(`${flag}: ${t.error.message}`)
    this.open.set(dir, t.value)
    const mismatch = tableMismatch(this.variant, t.value.game)
    if (mismatch) throw new UsageError(`${flag}: the table in ${dir} (${tableGameText(t.value.game)}) is not this match's game: ${mismatch}`)
    return t.value
  }

  close(): void {
    for (const t of this.open.values()) t.close()
  }
}

function contestantOf(spec: EngineSpec, defaults: GoLimits, tables: MatchTables, tableGame: boolean): Contestant {
  if (spec.kind === 'greedy') {
    const seed = specValue(spec, SEED)
    return new GreedyContestant(spec.name, seed !== undefined ? int(seed, `--engine ${spec.name}: seed`, 0, 2 ** 31)! : 1)
  }
  const { limits, options, setoptions } = limitsAndOptions(spec, defaults)
  const dir = specValue(spec, TABLEBASE)
  if (spec.kind === 'halma') return new EngineContestant(spec.name, options, limits, dir === undefined ? undefined : new TableOracle(tables.get(dir, `--engine ${spec.name}: tablebase`)))
  // An outside engine opens the folder itself; it is checked here too, so that a table of another game is named before the match.
  if (dir !== undefined) tables.get(dir, `--engine ${spec.name}: tablebase`)
  const cmd = specValue(spec, CMD)!
  const outside = new ProtocolContestant(spec.name, processTransport(cmd), limits, setoptions)
  outside.tableGame = tableGame
  return outside
}

/** The game of --preset or --spec (players games). */
function sourceOf(v: Record<string, unknown>): VariantSource {
  if ([v['preset'], v['spec'], v['tablebase-game']].filter((x) => typeof x === 'string').length > 1)
    throw new UsageError('--preset, --spec and --tablebase-game: give one')
  if (typeof v['preset'] === 'string') {
    try {
      return { kind: 'players', preset: v['preset'], spec: specOf(playersPreset(v['preset'])) }
    } catch (e) {
      throw new UsageError(`--preset: ${(e as Error).message}`)
    }
  }
  if (typeof v['spec'] === 'string') {
    try {
      return { kind: 'players', spec: parsePlayersSpec(readJson(v['spec'], '--spec', 'game'), '--spec') }
    } catch (e) {
      throw new UsageError((e as Error).message)
    }
  }
  throw new UsageError('give the game: --preset ID (halma players list) or --spec JSON')
}

export async function runMatchCommand(argv: string[], io: Io): Promise<number> {
  const v = parse(argv, OPTIONS)
  if (v['help']) {
    io.out(MATCH_HELP)
    return 0
  }
  const out = outOption(v)
  const tableGame = typeof v['tablebase-game'] === 'string' ? v['tablebase-game'] : undefined
  const spoiling = (v['spoiling'] ?? (tableGame !== undefined ? 'none' : 'vacate')) as SpoilingRule
  if (!(SPOILING_RULES as readonly string[]).includes(spoiling)) throw new UsageError(`--spoiling: '${spoiling}' is not one of ${SPOILING_RULES.join(', ')}`)
  let variant: Variant
  let source: VariantSource
  let gameTable: TablebaseTable | undefined
  if (tableGame !== undefined) {
    if (out !== undefined) throw new UsageError("--out: a match on a table's game is not saved (a players document cannot hold its board and win rule)")
    const t = openTableFolder(tableGame, { verify: true })
    if (!t.ok) throw new UsageError(`--tablebase-game: ${t.error.message}`)
    gameTable = t.value
    variant = variantOfTable(t.value.game)
    source = variant.source
  } else {
    source = sourceOf(v)
    try {
      variant = withSpoilingRule(variantFromSource(source), spoiling)
    } catch (e) {
      throw new UsageError((e as Error).message)
    }
  }
  if (tableGame !== undefined && spoiling !== 'none') throw new UsageError(`--spoiling ${spoiling}: the table's game has no rules against spoiling`)
  const N = variant.armies.length
  const specs = ((v['engine'] as string[] | undefined) ?? []).map(parseEngineSpec)
  if (specs.length < 2)
    throw new UsageError(
      `give two engines or more: --engine SPEC, once per engine (${specs.length} given; an engine against itself: the same SPEC twice, named apart, e.g. --engine a=halma --engine b=halma)`,
    )
  const twice = specs.find((s, k) => specs.findIndex((o) => o.name === s.name) !== k)
  if (twice) throw new UsageError(`--engine: two engines are named '${twice.name}' (their results could not be told apart): name them apart, e.g. --engine a=halma --engine b=halma`)
  const given = [int(v['nodes'], '--nodes', 1, 1e12), int(v['depth'], '--depth', 1, 120), int(v['movetime'], '--movetime', 1, 1e9)]
  if (given.filter((x) => x !== undefined).length > 1) throw new UsageError('--nodes, --depth, --movetime: give one')
  const defaults: GoLimits = given[0] !== undefined ? { nodes: given[0] } : given[1] !== undefined ? { depth: given[1] } : given[2] !== undefined ? { movetime: given[2] } : { nodes: 5000 }
  const lineup =
    typeof v['seats'] === 'string'
      ? v['seats'].split(',').map((s) => int(s.trim(), '--seats', 0, specs.length - 1)!)
      : Array.from({ length: N }, (_, s) => s % specs.length)
  if (lineup.length !== N) throw new UsageError(`--seats: ${lineup.length} seats given; ${variant.title} has ${N}`)
  if (new Set(lineup).size < 2) throw new UsageError(`--seats: every seat is engine ${lineup[0]}'s; a match seats two engines or more`)
  let sprt
  if (typeof v['sprt'] === 'string') {
    const parts = v['sprt'].split(',')
    const x = parts.map((p) => (/^[+-]?\d+(\.\d+)?$/.test(p.trim()) ? Number(p) : NaN))
    if (x.length < 2 || x.length > 4 || x.some((y) => !Number.isFinite(y)) || x[0]! >= x[1]! || x.slice(2).some((y) => y <= 0 || y >= 0.5))
      throw new UsageError(`--sprt: '${v['sprt']}' is not ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1`)
    sprt = { elo0: x[0]!, elo1: x[1]!, alpha: x[2] ?? 0.05, beta: x[3] ?? 0.05, test: 1, base: 0 }
  }
  const openings = openingBook(variant, int(v['openings'], '--openings', 1, 100000) ?? 10, int(v['book-plies'], '--book-plies', 0, 100) ?? 2 * N, int(v['seed'], '--seed', 0, 2 ** 31) ?? 1)
  const untold = tableGame !== undefined ? specs.find((s) => s.kind === 'exec' && specValue(s, TABLEBASE) === undefined) : undefined
  if (untold)
    throw new UsageError(
      `--engine ${untold.name}: on a table's game an outside engine is told 'position tablebase' (a game document cannot hold the table's win rule): give it the table with tablebase=DIR`,
    )
  const tables = new MatchTables(variant)
  let contestants: Contestant[]
  try {
    contestants = specs.map((s) => contestantOf(s, defaults, tables, tableGame !== undefined))
  } catch (e) {
    tables.close()
    gameTable?.close()
    throw e
  }
  const names = specs.map((s) => s.name)
  const maxPlies = int(v['max-plies'], '--max-plies', 1, 100000) ?? 200 * N
  const t0 = performance.now()
  let result
  try {
    result = await runMatch({ variant, source, spoiling, contestants, lineup, openings, maxPlies, ...(sprt && { sprt }) }, (g, tallies, test) =>
      io.err(progressLine(variant.armies.map((a) => a.name), names, g, tallies, test?.llr)),
    )
  } catch (e) {
    // An outside engine that never answered its greeting: its command is wrong (nothing was played).
    if (e instanceof EngineStartError) throw new UsageError(`--engine ${e.message}`)
    throw e
  } finally {
    await Promise.all(contestants.map((c) => c.close()))
    tables.close()
    gameTable?.close()
  }
  const seconds = (performance.now() - t0) / 1000
  let unwritten
  if (out !== undefined) {
    const title = `${names.join(' vs ')} (${result.games.length} games)`
    unwritten = await writeResult(out, matchDocument(variant, names, result.games, title))
  }
  if (v['json']) {
    io.out(json({ game: variant.title, engines: names, lineup, games: result.games.length, seconds, tallies: result.tallies, ratings: result.ratings, sprt: result.sprt, stopped: result.stopped }))
    return unwritten ? outFailed(unwritten, io, 'match') : 0
  }
  const ct = crosstable(names, result)
  io.out(`${variant.title}: ${result.games.length} games in ${seconds.toFixed(1)} s${result.stopped ? ` (${result.stopped})` : ''}`)
  io.out(table([ct.header, ...ct.rows]))
  const wins = names.map((_, i) => result.games.filter((g) => g.winner >= 0 && g.seats[g.winner] === i).length)
  const ends = (['cap', 'blocked', 'forfeit'] as const).map((e) => [e, result.games.filter((g) => g.end === e).length] as const).filter(([, n]) => n > 0)
  io.out(`wins: ${names.map((n, i) => `${n} ${wins[i]}`).join(', ')}; no winner: ${result.games.filter((g) => g.winner < 0).length}${ends.length > 0 ? ` (${ends.map(([e, n]) => `${e} ${n}`).join(', ')})` : ''}`)
  if (result.sprt) io.out(`SPRT: LLR ${result.sprt.llr.toFixed(3)} (bounds ${result.sprt.lower.toFixed(3)}, ${result.sprt.upper.toFixed(3)})${result.sprt.verdict ? `: ${result.sprt.verdict}` : ': undecided'}`)
  return unwritten ? outFailed(unwritten, io, 'match') : 0
}

function progressLine(armies: readonly string[], names: readonly string[], g: GameRecord, tallies: readonly (readonly Tally[])[], llr?: number): string {
  const who = g.winner >= 0 ? `${armies[g.winner]} (${names[g.seats[g.winner]!]}) wins` : g.end
  const vs = names.length >= 2 ? `; ${names[1]} vs ${names[0]}: ${eloText(tallies[1]![0]!)}` : ''
  return `game ${g.index + 1}: ${who} in ${g.moves.length} moves${vs}${llr !== undefined ? `, LLR ${llr.toFixed(2)}` : ''}`
}
