/**
 * Hexma's shortest cooperative game (issue 30), a small domain on the engine's contract: both
 * players help one of them complete her chain (a line of her men, each next to the one before, from
 * a cell of her camp to a cell of the opposite camp: players/line.ts hasChain) in as few moves as
 * possible. States are packed as the N-player domain packs them (one bitset per army, the used mark
 * in the last army's last word); the moves are the packed space's on the board's grid.
 *
 * The admissible bound: each of her moves puts one man on one cell, so she needs at least as many
 * moves as the fewest cells not yet hers on any path of adjacent cells from her camp to her
 * target (a 0-1 breadth-first search over the board: her men's cells cost 0, every other cell 1);
 * she moves every other ply, so k moves are 2k - 1 plies when she is next to move and 2k otherwise.
 */
import { gameFromSpec, specOf, type PlayersGame, type PlayersSpec } from '../../players/game'
import { gridOf } from '../../players/grid'
import { cellNames, pathsAlong, verifyLine } from '../../players/line'
import type { Cells, RuleBase, SearchDomain } from '../core/contract'
import { neighbours } from '../packed/lines'
import { packArmies, PackedSpace, unpackArmies, wordsFor } from '../packed/space'

export interface HexmaInit {
  readonly kind: 'hexma'
  readonly spec: PlayersSpec
}

/** Children at `level` are kept if a chain of `winner` can still be complete by move `bound`. */
export interface HexmaRule extends RuleBase {
  readonly kind: 'hexma'
  readonly bound: number
  readonly winner: number
}

export const isHexmaRule = (rule: RuleBase): rule is HexmaRule => rule.kind === 'hexma'

export class HexmaDomain implements SearchDomain {
  readonly space: PackedSpace
  readonly aw: number
  readonly w: number
  readonly n: number
  readonly startKey: Uint32Array
  readonly fold = undefined
  readonly inCamp: Uint8Array[]
  readonly inTarget: Uint8Array[]
  private readonly scratch: Int16Array
  // The 0-1 search's deque and costs (one domain per thread).
  private readonly cost: Int32Array
  private readonly deque: Int16Array

  constructor(readonly game: PlayersGame) {
    if (game.options.win !== 'chain' || game.players.length !== 2) throw new Error("Hexma's search is for two players with the chain win")
    const { board, rules } = gridOf(game)
    this.space = new PackedSpace(board, rules)
    const n = (this.n = this.space.n)
    this.aw = wordsFor(n)
    this.w = 2 * this.aw
    const mask = (cells: readonly number[]): Uint8Array => {
      const m = new Uint8Array(n)
      for (const c of cells) m[c] = 1
      return m
    }
    this.inCamp = game.players.map((p) => mask(game.board.camp(p.camp, game.men)))
    this.inTarget = game.players.map((p) => mask(game.board.camp(p.target, game.men)))
    this.scratch = new Int16Array(n)
    this.cost = new Int32Array(n)
    this.deque = new Int16Array(4 * n + 4)
    this.startKey = new Uint32Array(this.w)
    this.pack(
      game.players.map((p) => [...game.board.camp(p.camp, game.men)].sort((a, b) => a - b)),
      this.startKey,
      0,
    )
  }

  static fromInit(init: HexmaInit): HexmaDomain {
    return new HexmaDomain(gameFromSpec(init.spec))
  }

  get init(): HexmaInit {
    return { kind: 'hexma', spec: specOf(this.game) }
  }

  mover(level: number): number {
    return (level - 1) % 2
  }

  pack(state: Cells, out: Uint32Array, off: number): void {
    packArmies(state, this.aw, out, off)
  }

  unpack(keys: Uint32Array, off: number): number[][] {
    return unpackArmies(keys, off, 2, this.aw, this.scratch)
  }

  predecessors(state: Cells, level: number): number[][][] {
    return neighbours(this.space, state, this.mover(level))
  }

  /**
   * The fewest moves of player p that can complete her chain: owner[c] is the army on each cell
   * (-1 empty); 0 when her chain is complete.
   */
  chainNeed(owner: Int8Array, p: number): number {
    const n = this.n
    const sp = this.space
    const deg = sp.degree
    const cost = this.cost
    const dq = this.deque
    cost.fill(1 << 20)
    // A deque in a ring of 4n + 4 slots (each cell enters at most twice after the camp): cost-0 steps to the front, cost-1 steps to the back.
    const size = dq.length
    let head = n + 1
    let tail = n + 1
    const camp = this.inCamp[p]!
    for (let c = 0; c < n; c++)
      if (camp[c]) {
        const w = owner[c] === p ? 0 : 1
        cost[c] = w
        if (w === 0) dq[(head = (head - 1 + size) % size)] = c
        else {
          dq[tail] = c
          tail = (tail + 1) % size
        }
      }
    const target = this.inTarget[p]!
    let best = 1 << 20
    while (head !== tail) {
      const c = dq[head]!
      head = (head + 1) % size
      const here = cost[c]!
      if (here >= best) continue
      if (target[c]) {
        best = here
        continue
      }
      for (let d = 0; d < deg; d++) {
        const x = sp.nb[c * deg + d]!
        if (x < 0) continue
        const w = owner[x] === p ? 0 : 1
        if (here + w < cost[x]!) {
          cost[x] = here + w
          if (w === 0) dq[(head = (head - 1 + size) % size)] = x
          else {
            dq[tail] = x
            tail = (tail + 1) % size
          }
        }
      }
    }
    return best
  }

  /** Plies until p can have completed her chain, from a state after `level` moves. */
  remaining(need: number, p: number, level: number): number {
    if (need === 0) return 0
    return this.mover(level + 1) === p ? 2 * need - 1 : 2 * need
  }

  /** The moves along a traced line, as full jump chains in the game's notation, verified (a chain at its end). */
  movesAlong(states: readonly Cells[]): { readonly paths: number[][]; readonly texts: string[] } {
    const g = this.game
    const paths = pathsAlong(g, states)
    const texts = paths.map((p) => p.map((c) => cellNames(g)[c]).join('-'))
    const check = verifyLine(g, texts.join(', '))
    if (!check.ok || !check.winner) throw new Error(`internal: the Hexma line found does not verify: ${check.error ?? 'no chain at its end'}`)
    return { paths, texts }
  }
}
