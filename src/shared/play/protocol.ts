/**
 * The text protocol engines speak (docs/PROTOCOL.md), in the spirit of UCI and GTP: one command a
 * line in, `info` and `bestmove` lines out. This is where the engine's structs become text (with
 * options.ts, which states the options' `option` lines): the server side (`ProtocolServer`, behind `halma engine`) reads commands and drives
 * an Engine; the client side (`parseEngineLine`, `goCommand`, `positionCommand`) is what `halma
 * match` and the workbench use to drive any engine that speaks it.
 *
 *     hep                                   -> id name ..., option ..., hepok
 *     isready                               -> readyok
 *     setoption name Hash value 64
 *     newgame
 *     position preset star121-2 moves i13-i12 e5-f6
 *     position spec {"board":"star121","camps":[0,3],"men":10} setup blue: ...; to move: orange
 *     go nodes 20000                        -> info depth 5 ... pv ..., bestmove e13-e11
 *     stop, quit
 */
import { diagnostic, err, ok, describe, type Diagnostic, type Result } from '../result'
import { algorithmFor, Engine, type EngineInfo, type EngineOptions, type GoLimits, type Score, type ThreadHost } from './engine'
import { formatMove, formatPosition, parseMove, parsePosition } from './notation'
import { Position, type Move, type PositionData } from './position'
import { SPOILING_RULES, variantFromSource, withSpoilingRule, type SpoilingRule, type Variant, type VariantSource } from './variant'
import { applyOption, ENGINE_OPTIONS, optionLine } from './options'
import { playersPreset, specOf } from '../players/game'
import { parsePlayersSpec } from '../players/document'
import { readJson } from '../read-json'
import { parseDocument } from '../halma/document'
import type { TablebaseTable } from '../engine/tablebase/table'
import { TableOracle, tableGameText, tableMismatch, variantOfTable } from './tablebase'

export const PROTOCOL_NAME = 'hep'
export const PROTOCOL_VERSION = 1

/** A game and a position as a `position` command carries them. */
export interface PositionCommand {
  readonly source: VariantSource
  readonly spoiling: SpoilingRule
  /** A set-up position (notation.ts), or the start. */
  readonly setup?: string
  /** Moves played from there, in notation. */
  readonly moves: readonly string[]
}

/** The `position` command for a game, a set-up and moves. */
export function positionCommand(p: PositionCommand): string {
  const s = p.source
  const game =
    s.kind === 'halma' ? `problem ${JSON.stringify(s.spec)}` : s.preset !== undefined ? `preset ${s.preset}` : `spec ${JSON.stringify(s.spec)}`
  return [
    'position',
    game,
    ...(p.spoiling !== 'none' ? ['spoiling', p.spoiling] : []),
    ...(p.setup !== undefined ? ['setup', p.setup] : []),
    ...(p.moves.length > 0 ? ['moves', ...p.moves] : []),
  ].join(' ')
}

/** The end of a JSON object that starts at text[i] (balanced braces outside strings), or -1. */
function jsonEnd(text: string, i: number): number {
  let depth = 0
  let inString = false
  for (let k = i; k < text.length; k++) {
    const c = text[k]!
    if (inString) {
      if (c === '\\') k++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return k + 1
  }
  return -1
}

/** A `position` command's arguments (after the word `position`). */
export function parsePositionCommand(args: string): Result<PositionCommand, Diagnostic> {
  const text = args.trim()
  const head = /^(preset|spec|problem)\s+/.exec(text)
  if (!head) return err(diagnostic('position.game', "position: give the game first: 'preset ID', 'spec {json}' or 'problem {json}'"))
  let rest = text.slice(head[0].length)
  let source: VariantSource
  if (head[1] === 'preset') {
    const id = /^(\S+)/.exec(rest)![1]!
    rest = rest.slice(id.length)
    try {
      source = { kind: 'players', preset: id, spec: specOf(playersPreset(id)) }
    } catch (e) {
      return err(diagnostic('position.preset', `position: ${(e as Error).message}`))
    }
  } else {
    if (!rest.startsWith('{')) return err(diagnostic('position.json', `position ${head[1]}: a JSON object must follow`))
    const end = jsonEnd(rest, 0)
    if (end < 0) return err(diagnostic('position.json', `position ${head[1]}: the JSON object is not closed`))
    // The JSON is read as documents are (size and nesting bounded), and a game's spec checked field by field.
    let data: unknown
    try {
      data = readJson(rest.slice(0, end), `position ${head[1]}`, 'JSON object')
    } catch (e) {
      return err(diagnostic('position.json', (e as Error).message))
    }
    if (head[1] === 'spec')
      try {
        data = parsePlayersSpec(data, 'position spec')
      } catch (e) {
        return err(diagnostic('position.spec', (e as Error).message))
      }
    else {
      // A problem is a .halma.json document's content, checked as a document is.
      const doc = parseDocument(rest.slice(0, end))
      if (!doc.ok) return err(diagnostic(doc.error[0]!.code, `position problem: ${describe(doc.error[0]!)}`))
      data = doc.value.spec
    }
    rest = rest.slice(end)
    source = head[1] === 'spec' ? { kind: 'players', spec: data as never } : { kind: 'halma', spec: data as never }
  }
  let spoiling: SpoilingRule = 'none'
  const sp = /^\s+spoiling\s+(\S+)/.exec(rest)
  if (sp) {
    if (!(SPOILING_RULES as readonly string[]).includes(sp[1]!))
      return err(diagnostic('position.spoiling', `spoiling '${sp[1]}' is not one of ${SPOILING_RULES.join(', ')}`))
    spoiling = sp[1] as SpoilingRule
    rest = rest.slice(sp[0].length)
  }
  let setup: string | undefined
  const movesAt = rest.search(/(^|\s)moves(\s|$)/)
  const setupPart = movesAt >= 0 ? rest.slice(0, movesAt) : rest
  const movesPart = movesAt >= 0 ? rest.slice(movesAt).trim().slice('moves'.length) : ''
  const su = /^\s*setup\s+(.+)$/s.exec(setupPart)
  if (su) setup = su[1]!.trim()
  else if (setupPart.trim() !== '') return err(diagnostic('position.syntax', `position: unexpected '${setupPart.trim()}' (setup ... or moves ...)`))
  const moves = movesPart.split(/\s+/).filter((m) => m !== '')
  return ok({ source, spoiling, ...(setup !== undefined && { setup }), moves })
}

/**
 * The variant and position a command describes, every move checked; the first fault named. `game`
 * is the variant when the server knows it better than its source can say (a table's game).
 */
export function resolvePosition(cmd: PositionCommand, game?: Variant): Result<{ variant: Variant; position: PositionData; played: Position }, Diagnostic> {
  let variant: Variant
  try {
    const base = game ?? variantFromSource(cmd.source)
    variant = cmd.spoiling === 'none' ? base : withSpoilingRule(base, cmd.spoiling)
  } catch (e) {
    return err(diagnostic('position.game', `position: ${(e as Error).message}`))
  }
  let pos = Position.start(variant)
  if (cmd.setup !== undefined) {
    const p = parsePosition(variant, cmd.setup)
    if (!p.ok) return err({ ...p.error, message: `position setup: ${p.error.message}` })
    pos = new Position(variant, p.value)
  }
  for (let k = 0; k < cmd.moves.length; k++) {
    if (pos.winner >= 0) return err(diagnostic('position.over', `position: move ${k + 1} (${cmd.moves[k]}) comes after the game was won by ${variant.armies[pos.winner]!.name}`))
    const m = parseMove(pos, cmd.moves[k]!)
    if (!m.ok) return err({ ...m.error, message: `position: move ${k + 1}: ${m.error.message}` })
    pos.make(m.value)
  }
  return ok({ variant, position: pos.data(), played: pos })
}

/** A table's score in words, for the side to move: `blue to move wins in 7 moves (perfect play)`. */
function tableScoreText(pos: Position, s: Score): string {
  const who = `${pos.variant.armies[pos.turn]!.name} to move`
  if (s.kind === 'cp') return `${who} draws with perfect play`
  return `${who} ${s.kind === 'win' ? 'wins' : 'loses'} in ${s.plies} move${s.plies === 1 ? '' : 's'} of both sides (perfect play)`
}

/** A score as protocol words: `cp 120`, `win 7`, `loss 4`. */
export const scoreText = (s: Score): string => (s.kind === 'cp' ? `cp ${s.value}` : `${s.kind} ${s.plies}`)

/** An `info` line for a finished iteration (moves written from the searched position). */
export function infoLine(pos: Position, info: EngineInfo): string {
  const pv: string[] = []
  const p = pos.clone()
  for (const m of info.pv) {
    if (p.winner >= 0 || !p.isLegal(m)) break
    pv.push(formatMove(p, m))
    p.make(m)
  }
  return [
    `info depth ${info.depth} seldepth ${info.seldepth} score ${scoreText(info.score)}`,
    `nodes ${info.nodes} nps ${info.nps} time ${info.ms} hashfull ${info.hashfull} tthits ${Math.round(info.ttHitRate * 1000)} tbhits ${info.tbHits}`,
    ...(pv.length > 0 ? [`pv ${pv.join(' ')}`] : []),
  ].join(' ')
}

/** A `go` command from limits (the moves of `searchmoves`, as written, last). */
export function goCommand(l: GoCommand): string {
  const words = ['go']
  if (l.depth !== undefined) words.push('depth', String(l.depth))
  if (l.nodes !== undefined) words.push('nodes', String(l.nodes))
  if (l.movetime !== undefined) words.push('movetime', String(l.movetime))
  if (l.time !== undefined) words.push('time', String(l.time))
  if (l.inc !== undefined) words.push('inc', String(l.inc))
  if (l.infinite) words.push('infinite')
  if (l.searchmovesText && l.searchmovesText.length > 0) words.push('searchmoves', ...l.searchmovesText)
  return words.join(' ')
}

/** A `go` command: its limits, and the moves of `searchmoves` as written (read against the position by the server). */
export interface GoCommand extends GoLimits {
  readonly searchmovesText?: readonly string[]
}

/** A `go` command's limits (`searchmoves` last: every word after it is a move, as in UCI). */
export function parseGo(args: string): Result<GoCommand, Diagnostic> {
  const w = args.split(/\s+/).filter((x) => x !== '')
  const out: Record<string, number | boolean | string[]> = {}
  for (let k = 0; k < w.length; k++) {
    const key = w[k]!
    if (key === 'infinite') {
      out['infinite'] = true
      continue
    }
    if (key === 'searchmoves') {
      if (k + 1 >= w.length) return err(diagnostic('go.searchmoves', 'go searchmoves: no move follows'))
      out['searchmovesText'] = w.slice(k + 1)
      break
    }
    if (!['depth', 'nodes', 'movetime', 'time', 'inc'].includes(key))
      return err(diagnostic('go.unknown', `go: unknown limit '${key}' (depth, nodes, movetime, time, inc, infinite, searchmoves)`))
    // Decimal digits only (not 0x10, 1e3 or an empty word), as the command line reads numbers.
    const word = w[++k] ?? ''
    const v = /^\d{1,15}$/.test(word) ? Number(word) : NaN
    if (!Number.isInteger(v)) return err(diagnostic('go.value', `go ${key}: '${w[k] ?? ''}' is not a whole number`))
    if (key === 'depth' && (v < 1 || v > 120)) return err(diagnostic('go.value', `go depth: ${v} is not from 1 to 120`))
    out[key] = v
  }
  return ok(out as GoCommand)
}

/** Opens a tablebase's folder (the host's: the CLI reads the file system), or says why not. */
export type TableOpener = (dir: string) => Result<TablebaseTable, Diagnostic>

/** The `Tablebase` option: the table a server plays from, where it is, and its oracle. */
interface TableInUse {
  readonly dir: string
  readonly table: TablebaseTable
  readonly oracle: TableOracle
  /** The last fault of the table reported. */
  reported?: string
}

/** The position command's word for the game of the table set (`position tablebase [setup ...] [moves ...]`). */
const TABLE_GAME = /^tablebase(?=\s|$)/

/**
 * The engine's side of the protocol: commands in, lines out. A search runs while further commands
 * are read (`stop` ends it), when the engine's host runs it on a thread; `bestmove` follows every
 * `go`. Bad commands are answered with `info string error <code>: <message>` and change nothing.
 */
export class ProtocolServer {
  private options: EngineOptions
  private engine: Engine | undefined
  private current: { variant: Variant; position: PositionData } | undefined
  /** The position was of the table's game (`position tablebase`). */
  private fromTable = false
  /** Why a position set is gone (said by the next `go`), if one is. */
  private stale: string | undefined
  private searching: Promise<void> | undefined
  /** The running search is `go infinite`: it ends only at a stop. */
  private searchingInfinite = false

  constructor(
    private readonly send: (line: string) => void,
    options: EngineOptions,
    private readonly host?: ThreadHost,
    private readonly name = 'halma-workbench',
    /** Passed to every engine: a flag the client sets to stop a search (engine.ts). */
    private readonly stopFlag?: Int32Array,
    /** How the `Tablebase` option opens a folder; without it the engine reads no tables. */
    private readonly openTable?: TableOpener,
  ) {
    this.options = options
  }

  private table: TableInUse | undefined

  /**
   * Play from the table in `dir` (`none` or an empty value: no table), or the fault that refuses it,
   * named: no tables on this host, a folder that is missing, a damaged table (the table's checks),
   * or a table of another game than the position set.
   */
  useTable(dir: string): Diagnostic | undefined {
    if (dir === '' || dir === 'none' || dir === '<empty>') {
      this.table?.table.close()
      this.table = undefined
      this.dropEngine()
      // A position of the table's game (`position tablebase`) is not searched without its table.
      if (this.current && this.fromTable) {
        this.current = undefined
        this.stale = "the table was unset: its game's position goes with it"
      }
      return undefined
    }
    if (!this.openTable) return diagnostic('option.tablebase', 'Tablebase: this engine reads no tables here')
    const opened = this.openTable(dir)
    if (!opened.ok) return { ...opened.error, message: `Tablebase ${dir}: ${opened.error.message}` }
    const t = opened.value
    const mismatch = this.current && tableMismatch(this.current.variant, t.game)
    if (mismatch) {
      t.close()
      return diagnostic('tablebase.mismatch', `Tablebase ${dir}: the table of ${tableGameText(t.game)} is not the position's game (${mismatch})`)
    }
    this.table?.table.close()
    this.table = { dir, table: t, oracle: new TableOracle(t) }
    this.dropEngine()
    const h = t.header
    this.send(
      `info string tablebase ${dir}: ${tableGameText(t.game)}, ${h.counts.positions} positions (${h.counts.wins} wins, ${h.counts.losses} losses, ${h.counts.draws} draws), checked`,
    )
    return undefined
  }

  private dropEngine(): void {
    this.engine?.close()
    this.engine = undefined
  }

  private fault(d: Diagnostic): void {
    this.send(`info string error ${d.code}: ${describe(d)}`)
  }

  /** Handle one line; resolves to 'quit' when the engine should end. */
  async receive(line: string): Promise<'quit' | undefined> {
    const t = line.trim()
    if (t === '') return undefined
    const [cmd, ...restWords] = t.split(/\s+/)
    const rest = t.slice(cmd!.length).trim()
    switch (cmd) {
      case 'hep':
        this.send(`id name ${this.name}`)
        this.send('id author Halma Workbench')
        this.send(`protocol ${PROTOCOL_NAME} ${PROTOCOL_VERSION}`)
        for (const s of ENGINE_OPTIONS) this.send(optionLine(s, this.options))
        this.send(`option name Tablebase type string default ${this.table?.dir ?? '<empty>'}`)
        this.send('hepok')
        return undefined
      case 'isready':
        this.send('readyok')
        return undefined
      case 'newgame':
        await this.settled()
        this.engine?.newGame()
        return undefined
      case 'setoption': {
        // A folder's name may hold spaces: the value is the rest of the line.
        const m = /^name\s+(\S+)\s+value\s+(.+)$/.exec(rest)
        if (!m) {
          this.fault(diagnostic('option.syntax', "setoption: write 'setoption name NAME value VALUE'"))
          return undefined
        }
        if (m[1]!.toLowerCase() === 'tablebase') {
          await this.settled()
          const fault = this.useTable(m[2]!.trim())
          if (fault) this.fault(fault)
          return undefined
        }
        const r = applyOption(this.options, m[1]!, m[2]!)
        if (!r.ok) this.fault(r.error)
        else {
          await this.settled()
          this.options = r.value
          this.engine?.close()
          this.engine = undefined
        }
        return undefined
      }
      case 'position': {
        const r = this.resolve(rest)
        if (!r.ok) {
          this.fault(r.error)
          return undefined
        }
        await this.settled()
        if (!this.engine || this.engine.variant.id !== r.value.variant.id || JSON.stringify(this.engine.variant.source) !== JSON.stringify(r.value.variant.source)) {
          this.engine?.close()
          this.engine = this.engineFor(r.value.variant)
        }
        this.current = { variant: this.engine.variant, position: r.value.position }
        this.fromTable = TABLE_GAME.test(rest)
        this.stale = undefined
        return undefined
      }
      case 'go': {
        const g = parseGo(rest)
        if (!g.ok) {
          this.fault(g.error)
          return undefined
        }
        if (!this.current) {
          this.fault(diagnostic('go.position', this.stale ? `go: no position (${this.stale}; send 'position ...' again)` : "go: no position yet (send 'position ...' first)"))
          return undefined
        }
        // Options changed since the position (setoption drops the engine): the same position, searched with them.
        this.engine ??= this.engineFor(this.current.variant)
        const { searchmovesText, ...limits } = g.value
        let searchmoves: Move[] | undefined
        if (searchmovesText) {
          const pos = new Position(this.current.variant, this.current.position)
          searchmoves = []
          for (const text of searchmovesText) {
            const m = parseMove(pos, text)
            if (!m.ok) {
              this.fault(diagnostic('go.searchmoves', `go searchmoves: ${m.error.message}`))
              return undefined
            }
            searchmoves.push(m.value)
          }
        }
        await this.settled()
        this.searchingInfinite = limits.infinite === true
        this.searching = this.go(searchmoves ? { ...limits, searchmoves } : limits)
        return undefined
      }
      case 'stop':
        this.engine?.stop()
        await this.searching
        return undefined
      case 'd': {
        if (this.current) this.send(`info string ${formatPosition(this.current.variant, this.current.position)}`)
        return undefined
      }
      case 'quit':
        this.engine?.stop()
        await this.searching
        this.engine?.close()
        return 'quit'
      default:
        void restWords
        // Named as read, but not a megabyte of it back (a stray line of data).
        this.fault(diagnostic('command.unknown', `unknown command '${cmd!.length > 40 ? `${cmd!.slice(0, 40)}…` : cmd}' (hep, isready, setoption, newgame, position, go, stop, d, quit)`))
        return undefined
    }
  }

  /**
   * The running search ended, before a command that changes what the engine holds (newgame,
   * setoption, position, go). Commands are read one at a time, so an infinite search would wait
   * for a `stop` that stands behind this command: it is stopped first (its `bestmove` is sent), as
   * if `stop` had come. A search with limits is waited for.
   */
  private async settled(): Promise<void> {
    if (this.searching && this.searchingInfinite) this.engine?.stop()
    await this.searching
  }

  /**
   * A position command's variant and position: `tablebase` names the table's game (its win rule
   * is the table's, which a game document cannot say); with a table set, a game that is not the
   * table's is refused, naming the difference.
   */
  private resolve(rest: string): ReturnType<typeof resolvePosition> {
    const t = this.table
    if (TABLE_GAME.test(rest)) {
      if (!t) return err(diagnostic('position.tablebase', "position tablebase: no table is set ('setoption name Tablebase value DIR' first)"))
      const game = variantOfTable(t.table.game)
      const c = parsePositionCommand(`problem ${JSON.stringify(game.source.spec)}${rest.replace(TABLE_GAME, '')}`)
      return c.ok ? resolvePosition(c.value, game) : c
    }
    const c = parsePositionCommand(rest)
    const r = c.ok ? resolvePosition(c.value) : c
    const mismatch = r.ok && t ? tableMismatch(r.value.variant, t.table.game) : undefined
    if (mismatch && t)
      return err(
        diagnostic(
          'tablebase.mismatch',
          `position: the game is not the table's (${t.dir}: ${tableGameText(t.table.game)}): ${mismatch}; 'position tablebase ...' plays the table's game, 'setoption name Tablebase value none' searches this one without it`,
        ),
      )
    return r
  }

  /**
   * The engine of a variant. With a table it answers from the table and searches inline only where
   * the table is silent: search threads rebuild the game from its source, a game document that
   * cannot hold the table's win rule, so they would search another game.
   */
  private engineFor(variant: Variant): Engine {
    if (!this.table) return new Engine(variant, this.options, this.host, this.stopFlag)
    if (this.host)
      this.send(
        `info string tablebase: where the table is silent the engine searches inline on one thread (search threads rebuild the game from its document, which cannot hold the table's win rule)`,
      )
    const engine = new Engine(variant, this.options, undefined, this.stopFlag)
    engine.oracle = this.table.oracle
    return engine
  }

  private async go(limits: GoLimits): Promise<void> {
    const engine = this.engine!
    const pos = new Position(this.current!.variant, this.current!.position)
    engine.setPosition(this.current!.position)
    this.send(`info string algorithm ${algorithmFor(engine.variant, this.options)}`)
    let sent = -1
    const r = await engine.go(limits, (info) => {
      if (info.tbHits > 0 && this.table) this.send(`info string tablebase ${this.table.dir}: ${tableScoreText(pos, info.score)}`)
      this.send(infoLine(pos, info))
      sent = info.nodes
    })
    // The search's totals when its last iteration was cut short (a node or time limit), as UCI engines end: a client reads the nodes searched.
    if (r.info.nodes !== sent && r.info.pv.length > 0) this.send(infoLine(pos, r.info))
    if (r.info.room)
      this.send(`info string room: ${r.info.room.searched} of ${r.info.room.of} moves searched; the others would leave a man of another army shut in the target`)
    const t = this.table
    if (t && t.table.damaged !== undefined && t.reported !== t.table.damaged) {
      t.reported = t.table.damaged
      this.send(`info string tablebase ${t.dir}: ${t.table.damaged}; the engine searched instead`)
    }
    this.send(r.move === null ? 'bestmove none' : `bestmove ${formatMove(pos, r.move)}`)
    this.searching = undefined
  }
}

/** A line from an engine, read by a client. */
export type EngineMessage =
  | { readonly kind: 'id'; readonly field: string; readonly value: string }
  | { readonly kind: 'hepok' | 'readyok' }
  | { readonly kind: 'option'; readonly text: string }
  | { readonly kind: 'info'; readonly info: ClientInfo }
  | { readonly kind: 'bestmove'; readonly move: string | null }
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'other'; readonly text: string }

/** An info line as a client reads it (moves as text). */
export interface ClientInfo {
  readonly depth?: number
  readonly seldepth?: number
  readonly score?: Score
  readonly nodes?: number
  readonly nps?: number
  readonly time?: number
  readonly hashfull?: number
  readonly tthits?: number
  readonly tbhits?: number
  readonly pv: readonly string[]
}

/** One line an engine wrote. */
export function parseEngineLine(line: string): EngineMessage {
  const t = line.trim()
  const [head, ...w] = t.split(/\s+/)
  if (head === 'hepok' || head === 'readyok') return { kind: head }
  if (head === 'id' && w.length >= 2) return { kind: 'id', field: w[0]!, value: w.slice(1).join(' ') }
  if (head === 'option') return { kind: 'option', text: t }
  if (head === 'bestmove') return { kind: 'bestmove', move: w[0] === undefined || w[0] === 'none' ? null : w[0] }
  if (head === 'info') {
    if (w[0] === 'string') return { kind: 'string', text: w.slice(1).join(' ') }
    const info: Record<string, unknown> = { pv: [] }
    for (let k = 0; k < w.length; k++) {
      const key = w[k]!
      if (key === 'pv') {
        info['pv'] = w.slice(k + 1)
        break
      }
      if (key === 'score') {
        const kind = w[k + 1]
        const v = Number(w[k + 2])
        if (kind === 'cp') info['score'] = { kind: 'cp', value: v }
        else if (kind === 'win' || kind === 'loss') info['score'] = { kind, plies: v }
        k += 2
        continue
      }
      const v = Number(w[k + 1])
      if (Number.isFinite(v)) info[key] = v
      k++
    }
    return { kind: 'info', info: info as unknown as ClientInfo }
  }
  return { kind: 'other', text: t }
}
