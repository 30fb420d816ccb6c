/**
 * Who plays in a match: the project's engine at some settings, the greedy player, or any engine
 * that speaks the protocol (protocol.ts) over a line transport the host provides (a child
 * process's stdin and stdout in the CLI). Each answers one question, the move for the army to move
 * in a game's current position, with what it reported about it.
 */
import { Engine, type EngineInfo, type EngineOptions, type GoLimits } from './engine'
import { Greedy } from './greedy'
import type { TablebaseOracle } from './oracle'
import { formatMove, parseMove } from './notation'
import { PASS, type Move, type Position } from './position'
import { goCommand, parseEngineLine, positionCommand, type ClientInfo } from './protocol'
import { uniform } from './random'
import type { SpoilingRule, Variant, VariantSource } from './variant'

/** A game in progress as a contestant sees it. */
export interface GameView {
  readonly variant: Variant
  /** The base variant's source and the rule against spoiling (what an outside engine is told). */
  readonly source: VariantSource
  readonly spoiling: SpoilingRule
  readonly position: Position
  /** Every move from the start, in notation. */
  readonly moves: readonly string[]
}

export interface Answer {
  /** The move, or an error (a forfeit: no move, an illegal one, a crash). */
  readonly move?: Move
  readonly error?: string
  /** The last search info the contestant reported. */
  readonly info?: EngineInfo | ClientInfo
}

export interface Contestant {
  readonly name: string
  newGame(v: Variant): Promise<void>
  play(game: GameView): Promise<Answer>
  close(): Promise<void>
}

/** The project's engine, in-process, at given options and limits per move; with an oracle, perfect play where it covers a position. */
export class EngineContestant implements Contestant {
  private engine: Engine | undefined

  constructor(
    readonly name: string,
    private readonly options: Partial<EngineOptions>,
    private readonly limits: GoLimits,
    private readonly oracle?: TablebaseOracle,
  ) {}

  async newGame(v: Variant): Promise<void> {
    if (!this.engine || this.engine.variant !== v) {
      this.engine = new Engine(v, this.options)
      this.engine.oracle = this.oracle
    }
    this.engine.newGame()
  }

  async play(game: GameView): Promise<Answer> {
    const e = this.engine!
    e.setPosition(game.position.data())
    const r = await e.go(this.limits)
    return r.move === null ? { error: 'the engine found no move' } : { move: r.move, info: r.info }
  }

  async close(): Promise<void> {
    this.engine?.close()
  }
}

/** The greedy player (greedy.ts), its ties broken by a generator seeded per game. */
export class GreedyContestant implements Contestant {
  private greedy = new Greedy(uniform(1))
  private games = 0

  constructor(
    readonly name: string,
    private readonly seed = 1,
  ) {}

  async newGame(): Promise<void> {
    this.greedy = new Greedy(uniform(this.seed * 7919 + ++this.games))
  }

  async play(game: GameView): Promise<Answer> {
    return { move: this.greedy.move(game.position) }
  }

  async close(): Promise<void> {}
}

/** Lines to and from an outside engine. */
export interface LineTransport {
  send(line: string): void
  /** The next line the engine writes, or null if none comes within `ms` (or the engine ended). */
  next(ms: number): Promise<string | null>
  close(): Promise<void>
  /** How the engine ended ("ended (exit status 127)"), or null while it runs (a transport that cannot tell: absent). */
  ended?(): string | null
}

/**
 * An outside engine that never answered its greeting (`hep`): its command is wrong, and the match
 * cannot start (the message names the engine first). An engine that answered once and then fails
 * forfeits its games instead.
 */
export class EngineStartError extends Error {}

/** An outside engine that answered before but cannot start this game (it ended, or fell silent): it forfeits the game. */
export class EngineLostError extends Error {}

/**
 * An engine that speaks the protocol. Each move: `position` with the game and every move from the
 * start, then `go` with the match's limits; it answers with `bestmove`. Silence past the deadline,
 * a move that does not parse or is illegal, or an ended process forfeits the game.
 */
export class ProtocolContestant implements Contestant {
  private ready = false
  /**
   * Tell the game as `position tablebase`: the game of the table the engine was given (its
   * Tablebase option), in a match on a table's game, whose win rule a problem document cannot hold.
   */
  tableGame = false

  constructor(
    readonly name: string,
    private readonly transport: LineTransport,
    private readonly limits: GoLimits,
    private readonly setoptions: readonly string[] = [],
    /** How long to wait for a reply beyond the move's own time (ms). */
    private readonly grace = 30_000,
  ) {}

  /** Why no line came: the engine ended (how), or it was silent. */
  private silence(ms: number, what: string): string {
    const how = this.transport.ended?.() ?? null
    return how !== null ? `the engine ${how} before ${what}` : `no ${what} within ${ms} ms`
  }

  private async expect(word: 'hepok' | 'readyok', ms: number): Promise<string | null> {
    for (;;) {
      const line = await this.transport.next(ms)
      if (line === null) return this.silence(ms, `'${word}'`)
      if (parseEngineLine(line).kind === word) return null
    }
  }

  async newGame(): Promise<void> {
    if (!this.ready) {
      this.transport.send('hep')
      const fault = await this.expect('hepok', this.grace)
      if (fault) throw new EngineStartError(`${this.name}: ${fault}`)
      for (const o of this.setoptions) this.transport.send(o)
      this.ready = true
    }
    this.transport.send('newgame')
    this.transport.send('isready')
    const fault = await this.expect('readyok', this.grace)
    if (fault) throw new EngineLostError(`${this.name}: ${fault}`)
  }

  async play(game: GameView): Promise<Answer> {
    this.transport.send(
      this.tableGame
        ? ['position tablebase', ...(game.moves.length > 0 ? ['moves', ...game.moves] : [])].join(' ')
        : positionCommand({ source: game.source, spoiling: game.spoiling, moves: game.moves }),
    )
    this.transport.send(goCommand(this.limits))
    const wait = (this.limits.movetime ?? 0) + (this.limits.time ?? 0) + this.grace
    let info: ClientInfo | undefined
    for (;;) {
      const line = await this.transport.next(wait)
      if (line === null) return { error: this.silence(wait, 'bestmove'), ...(info && { info }) }
      const m = parseEngineLine(line)
      if (m.kind === 'info') info = m.info
      if (m.kind === 'string' && m.text.startsWith('error')) return { error: m.text, ...(info && { info }) }
      if (m.kind !== 'bestmove') continue
      if (m.move === null) return { error: 'bestmove none in a game not over', ...(info && { info }) }
      const r = parseMove(game.position, m.move)
      if (!r.ok) return { error: `bestmove ${m.move}: ${r.error.message}`, ...(info && { info }) }
      return { move: r.value, ...(info && { info }) }
    }
  }

  async close(): Promise<void> {
    this.transport.send('quit')
    await this.transport.close()
  }
}

/** A move as the line of a game writes it. */
export const moveText = (pos: Position, m: Move): string => (m === PASS ? 'pass' : formatMove(pos, m))
