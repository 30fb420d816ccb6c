/**
 * Games of N players (2 to 6) as the search engine sees them (issue 18): a state is the armies'
 * cells, packed as one bitset per army in turn order (W words each, the used mark in the last
 * army's last word); whose move it is follows from the level (player 0 moves first, then in turn).
 * A move moves one man of the side to move (a step, or a chain of jumps over men of any army), so
 * the engine's packed space (../packed/space.ts) generates them on the board's grid
 * (players/grid.ts). The game ends when the mover's side (she, or she and her partner in teams) has
 * filled its target camps with its own men. The
 * admissible bound is bound.ts; the kernel (kernel.ts) applies it per child.
 *
 * No fold: a symmetry of the board that fixes every player's camp and target exists only for two
 * players, who are the two-player engine's (../game).
 */
import { cellType } from '../../halma/metrics'
import { gameFromSpec, sideOf, specOf, type PlayersGame, type PlayersSpec } from '../../players/game'
import { gridOf } from '../../players/grid'
import { cellNames, pathsAlong, vacateFault, verifyLine } from '../../players/line'
import { startPosition } from '../../players/game'
import type { Cells, RuleBase, SearchDomain } from '../core/contract'
import { neighbours } from '../packed/lines'
import { stepDistances } from '../packed/distances'
import { packArmies, PackedSpace, unpackArmies, wordsFor } from '../packed/space'
import { PlacementRungs } from '../game/rungs'
import { FillOrder, MAX_MEN } from './fill'
import { pliesToWin, typeExtra } from './bound'
import { rungAxis } from './axis'

/** An N-player domain as plain data: what an expansion thread rebuilds it from. */
export interface PlayersInit {
  readonly kind: 'players'
  readonly spec: PlayersSpec
}

/** How the children entering a level are filtered. */
export interface PlayersRule extends RuleBase {
  readonly kind: 'players'
  /** Longest game looked for: children with level + h > bound are pruned. */
  readonly bound: number
  /** The player whose win is looked for: h is hers; other players' wins end lines. */
  readonly winner: number
  /** The beam score children get (kernel.ts): none, how far along the winner is, or every army. */
  readonly score: 'none' | 'winner' | 'all'
}

export const isPlayersRule = (rule: RuleBase): rule is PlayersRule => rule.kind === 'players'

export class PlayersDomain implements SearchDomain {
  readonly game: PlayersGame
  readonly space: PackedSpace
  /** Players. */
  readonly players: number
  /** Words per army; a key has players * aw words. */
  readonly aw: number
  readonly w: number
  readonly men: number
  readonly startKey: Uint32Array
  readonly fold = undefined
  /** Steps between cells (breadth-first over the board's lines): dist[a * n + b]. */
  readonly dist: Uint8Array
  /** Per player: 1 on the cells of her target camp. */
  readonly inTarget: Uint8Array[]
  /** Per player: steps from each cell to her target camp. */
  readonly toTarget: Uint8Array[]
  /** Per player: 1 on cells outside her target from which one step enters it. */
  readonly nearTarget: Uint8Array[]
  /** Per player: her target's cells of each type (0-3). */
  readonly targetTypes: Int32Array[]
  /** Type (0-3) of each cell: jumps keep a man's type. */
  readonly cellType: Uint8Array
  /** Whether the D term of the bound applies (not with long jumps). */
  readonly contact: boolean
  /** Per player, the players who win with her (teams: she and her partner; else she alone), she first. */
  readonly sides: number[][]
  /**
   * Per player, the rungs her next placement needs along her own axis (../game/rungs.ts, with the
   * axis of axis.ts), and each cell's directional value on it; used where the D term is (no long jumps).
   */
  readonly rungs: PlacementRungs[]
  readonly rungValue: Int32Array[]
  /** The vacate rule: per player, 1 on the cells of her camp, and the player whose target it is (-1: none). */
  readonly inCamp: Uint8Array[]
  readonly targetedBy: Int32Array
  private readonly scratch: Int16Array
  /** Per player, the fill order of her target (fill.ts), made when first asked for. */
  private readonly fills: (FillOrder | undefined)[] = []

  constructor(game: PlayersGame) {
    this.game = game
    const { board, rules } = gridOf(game)
    this.space = new PackedSpace(board, rules)
    const n = board.size
    this.players = game.players.length
    this.aw = wordsFor(n)
    this.w = this.players * this.aw
    this.men = game.men
    this.contact = !game.longJumps
    if (game.options.win !== 'own')
      throw new Error(`the search looks for wins with a player's own men (win 'own'), not '${game.options.win}': its bound counts her men`)
    this.sides = game.players.map((_, p) => sideOf(game, p))
    this.inCamp = game.players.map((p) => {
      const m = new Uint8Array(n)
      for (const c of game.board.camp(p.camp, game.men)) m[c] = 1
      return m
    })
    this.targetedBy = Int32Array.from(game.players, (p) => game.players.findIndex((o) => o.target === p.camp))
    this.cellType = Uint8Array.from({ length: n }, (_, c) => cellType(board, c))
    this.dist = stepDistances(this.space)
    this.inTarget = []
    this.toTarget = []
    this.nearTarget = []
    this.targetTypes = []
    for (const p of game.players) {
      const target = game.board.camp(p.target, game.men)
      const inT = new Uint8Array(n)
      for (const c of target) inT[c] = 1
      const to = Uint8Array.from({ length: n }, (_, c) => Math.min(...target.map((t) => this.dist[c * n + t]!)))
      this.inTarget.push(inT)
      this.toTarget.push(to)
      this.nearTarget.push(Uint8Array.from({ length: n }, (_, c) => (inT[c] === 0 && to[c] === 1 ? 1 : 0)))
      const types = new Int32Array(4)
      for (const c of target) types[this.cellType[c]!]!++
      this.targetTypes.push(types)
    }
    const axes = game.players.map((p) => rungAxis(game, p))
    this.rungs = game.players.map(
      (p, k) => new PlacementRungs(axes[k]!, [{ start: game.board.camp(p.camp, game.men), target: game.board.camp(p.target, game.men) }]),
    )
    this.rungValue = this.rungs.map((r, k) => Int32Array.from({ length: n }, (_, c) => r.dir(0, axes[k]!.cv[c]!)))
    this.scratch = new Int16Array(n)
    const occ = startPosition(game)
    this.startKey = new Uint32Array(this.w)
    this.pack(
      game.players.map((_, a) => [...occ.keys()].filter((c) => occ[c] === a)),
      this.startKey,
      0,
    )
  }

  static fromInit(init: PlayersInit): PlayersDomain {
    return new PlayersDomain(gameFromSpec(init.spec))
  }

  get init(): PlayersInit {
    return { kind: 'players', spec: specOf(this.game) }
  }

  /** The player who makes move `level` (1-based). */
  mover(level: number): number {
    return (level - 1) % this.players
  }

  pack(state: Cells, out: Uint32Array, off: number): void {
    packArmies(state, this.aw, out, off)
  }

  unpack(keys: Uint32Array, off: number): number[][] {
    return unpackArmies(keys, off, this.players, this.aw, this.scratch)
  }

  /**
   * Moves are reversible: the states a move of level's mover comes from are one such move away
   * (with the vacate rule, those from which that move is allowed).
   */
  predecessors(state: Cells, level: number): number[][][] {
    const mover = this.mover(level)
    const before = neighbours(this.space, state, mover)
    return this.game.options.vacate ? before.filter((b) => this.allows(b, state, mover)) : before
  }

  /** The states one move of `mover` leads to (with the vacate rule, the moves it allows). */
  children(state: Cells, mover: number): number[][][] {
    const after = neighbours(this.space, state, mover)
    return this.game.options.vacate ? after.filter((a) => this.allows(state, a, mover)) : after
  }

  /** Whether the vacate rule lets `mover` go from `before` to `after` (one move of hers apart). */
  private allows(before: Cells, after: Cells, mover: number): boolean {
    const occ = new Int8Array(this.space.n).fill(-1)
    before.forEach((cells, p) => cells.forEach((c) => (occ[c] = p)))
    const from = before[mover]!.find((c) => !after[mover]!.includes(c))!
    const to = after[mover]!.find((c) => !before[mover]!.includes(c))!
    return vacateFault(this.game, occ, mover, from, to) === null
  }

  /** The fill order of player p's target (fill.ts). */
  fillOrder(p: number): FillOrder {
    return (this.fills[p] ??= new FillOrder(this.space, this.inTarget[p]!))
  }

  /** Moves before the winner's next placement by the rungs it needs (PlacementRungs.gaps), from scratch. */
  gaps(state: Cells, winner: number, limit?: number): number {
    const rungs = this.rungs[winner]!
    const value = this.rungValue[winner]!
    const present = new Int32Array(rungs.range)
    for (const cells of state) for (const c of cells) present[value[c]!]!++
    const outside = Int32Array.from(state[winner]!.filter((c) => this.inTarget[winner]![c] === 0).map((c) => value[c]!))
    return rungs.gaps(0, present, outside, outside.length, limit)
  }

  /** Plies until the side of `winner` (she, and her partner in teams) can have won, from scratch. */
  sideRemaining(state: Cells, winner: number, level: number): number {
    let h = 0
    for (const p of this.sides[winner]!) h = Math.max(h, this.remaining(state, p, level))
    return h
  }

  /** The moves along a line of states, as full jump chains in the game's notation, verified. */
  movesAlong(states: readonly Cells[]): { readonly paths: number[][]; readonly texts: string[] } {
    const g = this.game
    const paths = pathsAlong(g, states)
    const texts = paths.map((p) => p.map((c) => cellNames(g)[c]).join('-'))
    const check = verifyLine(g, texts.join(', '))
    if (!check.ok) throw new Error(`internal: the line found fails verification: ${check.error}`)
    if (states.length > 1 && !check.winner) throw new Error('internal: the line found is not won')
    return { paths, texts }
  }

  /** Plies until `winner` can have won, from a state after `level` moves (bound.ts), from scratch. */
  remaining(state: Cells, winner: number, level: number, terms: { readonly rungs?: boolean; readonly fill?: boolean } = {}): number {
    const n = this.space.n
    const inT = this.inTarget[winner]!
    const mine = state[winner]!
    const far = [0, 0, 0, 0]
    const inside = [0, 0, 0, 0]
    let left = 0
    let dT = Infinity
    let dO = Infinity
    for (const c of mine) {
      if (inT[c] === 0) {
        left++
        if (this.nearTarget[winner]![c] === 0) far[this.cellType[c]!]!++
      } else inside[this.cellType[c]!]!++
      dT = Math.min(dT, this.toTarget[winner]![c]!)
      state.forEach((cells, a) => {
        if (a !== winner) for (const o of cells) dO = Math.min(dO, this.dist[c * n + o]!)
      })
    }
    const occupying = state.map((cells) => cells.filter((c) => inT[c] === 1).length)
    const contact = Math.min(dT - 1, dO - 2)
    const d = !this.contact ? 0 : left > 0 && terms.rungs !== false ? Math.max(contact, this.gaps(state, winner)) : contact
    let extra = typeExtra(far, inside, this.targetTypes[winner]!)
    if (this.contact && extra === 0 && left > 0 && left <= MAX_MEN && terms.fill !== false) {
      const out = mine.filter((c) => inT[c] === 0)
      const order = this.fillOrder(winner)
      extra = order.penalty(out, out.length, order.freeOf(mine, mine.length))
    }
    return pliesToWin(
      { left, extra, d, occupying },
      winner,
      this.mover(level + 1),
      this.players,
    )
  }
}
