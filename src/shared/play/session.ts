/**
 * The workbench's session with the playing engine, as plain state (no Vue, no canvas: a view
 * draws what it says, a store drives it): a game's line with a cursor, a side line played from the
 * engine's principal variation, the engine's last analysis at each ply (its score over the game as
 * a chart's series, its line as arrows), and for play against the engine which seats it takes and
 * at what strength. Moves are checked by the rules as they are played; a bad one is a named error.
 */
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import type { GoLimits, Score } from './engine'
import { formatMove, movePath, parseMove } from './notation'
import { Position } from './position'
import type { ClientInfo, PositionCommand } from './protocol'
import { sidesOf, type SpoilingRule, type Variant, type VariantSource } from './variant'

/** An arrow of a line drawn on the board: the army whose move it is and the cells it visits. */
export interface Arrow {
  readonly army: number
  readonly path: readonly number[]
  /** Its place in the line (0: the move to play now). */
  readonly index: number
}

/** A point of the score chart: the ply, and the score from army 0's side (two sides) or the mover's. */
export interface ScorePoint {
  readonly ply: number
  readonly army: number
  /** Hundredths of a step; wins and losses as ±(100000 - plies) so that the chart keeps them in order. */
  readonly value: number
  readonly score: Score
}

export class PlaySession {
  /** The main line: every move from the start. */
  line: string[] = []
  /** A side line: moves played from ply `at` of the main line instead of its continuation. */
  side: { readonly at: number; moves: string[] } | undefined
  /** Moves shown: the position after this many moves of the active line. */
  ply = 0
  /** Per ply of the main line, the engine's last report there (from the side to move at that ply). */
  readonly analysis = new Map<number, ClientInfo>()
  /** Which seats the engine plays (play against the engine), and how hard it searches. */
  engineSeats: boolean[]
  limits: GoLimits = { nodes: 20_000 }

  constructor(
    readonly variant: Variant,
    /** The game as outside engines are told it (the variant before the rule against spoiling) and the rule. */
    readonly source: VariantSource,
    readonly spoiling: SpoilingRule,
  ) {
    this.engineSeats = variant.armies.map(() => false)
  }

  /** The moves of the line shown (the side line's, after its branch point). */
  get active(): string[] {
    return this.side ? [...this.line.slice(0, this.side.at), ...this.side.moves] : this.line
  }

  /** The position after `ply` moves of the active line (default: the cursor). */
  position(ply = this.ply): Position {
    const pos = Position.start(this.variant)
    for (const text of this.active.slice(0, ply)) {
      const m = parseMove(pos, text)
      if (!m.ok) throw new Error(`internal: a stored move does not replay: ${m.error.message}`)
      pos.make(m.value)
    }
    return pos
  }

  /** Go to a ply of the active line. */
  goTo(ply: number): void {
    this.ply = Math.max(0, Math.min(this.active.length, ply))
  }

  /**
   * Play a move at the cursor: at the end of the active line it extends it; inside the main line it
   * starts a side line there (the main line is kept); inside a side line it replaces the side
   * line's rest. The move is checked by the rules; the game must not be over.
   */
  play(text: string): Result<string, Diagnostic> {
    const pos = this.position()
    if (pos.winner >= 0) return err(diagnostic('game.over', `the game is over: ${this.variant.armies[pos.winner]!.name} has won`))
    const m = parseMove(pos, text)
    if (!m.ok) return m
    // Kept as the notation writes it (a chain by its shortest path), whatever was typed.
    const canonical = formatMove(pos, m.value)
    const at = this.ply
    // The move the line already goes on with: step forward along it.
    if (this.active[at] === canonical) {
      this.ply = at + 1
      return ok(canonical)
    }
    if (this.side && at >= this.side.at) {
      this.side.moves = [...this.side.moves.slice(0, at - this.side.at), canonical]
    } else if (at === this.line.length) {
      this.line = [...this.line, canonical]
    } else {
      this.side = { at, moves: [canonical] }
    }
    this.ply = at + 1
    return ok(canonical)
  }

  /** Play the first `count` moves of a principal variation from the cursor (as a side line where the line goes on otherwise). */
  playLine(pv: readonly string[], count = pv.length): Result<number, Diagnostic> {
    for (let k = 0; k < Math.min(count, pv.length); k++) {
      const r = this.play(pv[k]!)
      if (!r.ok) return err({ ...r.error, message: `move ${k + 1} of the line: ${r.error.message}` })
    }
    return ok(Math.min(count, pv.length))
  }

  /** Make the side line the main line (the old continuation is dropped). */
  keepSideLine(): void {
    if (!this.side) return
    this.line = this.active
    this.side = undefined
    for (const k of [...this.analysis.keys()]) if (k > this.line.length) this.analysis.delete(k)
  }

  /** Drop the side line and go back to where it left the main line. */
  dropSideLine(): void {
    if (!this.side) return
    this.ply = Math.min(this.ply, this.side.at)
    this.side = undefined
  }

  /** The protocol's position command for the cursor's position (every move from the start). */
  positionCommand(ply = this.ply): PositionCommand {
    return { source: this.source, spoiling: this.spoiling, moves: this.active.slice(0, ply) }
  }

  /** Keep the engine's report for a ply of the main line. */
  record(ply: number, info: ClientInfo): void {
    if (!this.side || ply <= this.side.at) this.analysis.set(ply, info)
  }

  /** A line of moves from the cursor as arrows (moves that do not replay end it). */
  arrows(pv: readonly string[], ply = this.ply): Arrow[] {
    const pos = this.position(ply)
    const out: Arrow[] = []
    for (const [index, text] of pv.entries()) {
      if (pos.winner >= 0) break
      const m = parseMove(pos, text)
      if (!m.ok) break
      out.push({ army: pos.turn, path: movePath(pos, m.value), index })
      pos.make(m.value)
    }
    return out
  }

  /** The score over the main line: army 0's side of it for two sides, else the mover's. */
  scoreSeries(): ScorePoint[] {
    const two = sidesOf(this.variant) === 2
    const out: ScorePoint[] = []
    for (const [ply, info] of [...this.analysis.entries()].sort((a, b) => a[0] - b[0])) {
      if (!info.score || ply > this.line.length) continue
      const mover = (this.variant.first + ply) % this.variant.armies.length
      const raw = info.score.kind === 'cp' ? info.score.value : info.score.kind === 'win' ? 100_000 - info.score.plies : -(100_000 - info.score.plies)
      const flip = two && mover !== 0 && !(this.variant.partners && this.variant.partners[0] === mover)
      out.push({ ply, army: two ? 0 : mover, value: flip ? -raw : raw, score: info.score })
    }
    return out
  }

  /** Whether the engine is to move at the cursor in play against the engine. */
  enginesTurn(): boolean {
    const pos = this.position()
    return pos.winner < 0 && this.engineSeats[pos.turn] === true
  }
}
