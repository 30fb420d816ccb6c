/**
 * Two-player games as the search engine sees them (paper section 2). A state is the two armies'
 * cells, packed as blue's bitset (W words) then red's (W words); whose move it is follows from the
 * level (blue moves first unless the problem says otherwise). A move moves one man of the side to
 * move; men of both armies block cells and can be jumped. The game ends when the mover fully
 * occupies the opposing base. The admissible bound on the plies still to come is in bound.ts; the
 * kernel (kernel.ts) applies it per child.
 */
import { specFromProblem, type DocumentSpec } from '../../halma/document'
import { cellDistance, cellType } from '../../halma/metrics'
import type { Problem } from '../../halma/problem'
import { symmetry } from '../../halma/symmetry'
import type { Cells, RuleBase, SearchDomain } from '../core/contract'
import { problemOf } from '../packed/job'
import { USED } from '../core/keyset'
import { movesAlong, neighbours } from '../packed/lines'
import { cellsOfBits, less, PackedSpace, wordsFor } from '../packed/space'
import { remainingFrom, typeExtraFrom } from './bound'
import type { HeuristicRule } from './heuristics'
import { PlacementRungs, spaceAxis } from './rungs'

export interface GameOptions {
  /** Fold states equivalent under the start's own symmetry. */
  readonly fold: boolean
}

/** A game domain as plain data: what an expansion thread rebuilds it from. */
export interface GameInit {
  readonly kind: 'game'
  readonly spec: DocumentSpec
  readonly options: GameOptions
}

/** How the children entering a level are filtered (the game's level rule). */
export interface GameRule extends RuleBase {
  readonly kind: 'game'
  /** Longest game looked for: children with level + h > bound are pruned. */
  readonly bound: number
  /** The army whose win is looked for (0 blue, 1 red): h is that army's, the other's wins end lines. */
  readonly winner: number
  /** The heuristic properties applied (heuristics.ts), or null for an exhaustive search. */
  readonly heuristic: HeuristicRule | null
}

export const isGameRule = (rule: RuleBase): rule is GameRule => rule.kind === 'game'

export class GameDomain implements SearchDomain {
  readonly problem: Problem
  readonly space: PackedSpace
  /** Words per army; a key has 2W words. */
  readonly aw: number
  readonly w: number
  readonly men: number
  /** dist[a * n + b]: distance between cells in the rules' norm. */
  readonly dist: Uint8Array
  /** toBase[army][c]: distance from cell c to the army's target base. */
  readonly toBase: [Uint8Array, Uint8Array]
  /** inBase[army][c]: 1 if c is in the army's target base. */
  readonly inBase: [Uint8Array, Uint8Array]
  readonly startKey: Uint32Array
  readonly first: number
  /** Whether boards are odd (the winner can finish without steps: heuristic (i)). */
  readonly oddBoard: boolean
  readonly fold: Int16Array | undefined
  /** The rungs a placement needs (see PlacementRungs). */
  readonly reach: PlacementRungs
  /** Type label (0-3) of each cell; only steps change a man's type. */
  readonly cellType: Uint8Array
  /** Per army: 1 on cells outside its target base from which a step enters it (0 everywhere when jumps only). */
  readonly nearBase: [Uint8Array, Uint8Array]
  /** Per army: the cells of its target base of each type. */
  readonly baseTypes: [Int32Array, Int32Array]

  constructor(
    problem: Problem,
    readonly options: GameOptions = { fold: true },
  ) {
    if (problem.kind !== 'game') throw new Error('a game domain needs a game problem')
    this.problem = problem
    const board = problem.board
    const [blue, red] = problem.armies as [Problem['armies'][0], Problem['armies'][0]]
    let fold: Int16Array | undefined
    if (options.fold) {
      const anti = symmetry(board, 'antimirror')
      const fixes = (cells: readonly number[]) => anti !== undefined && cells.every((c) => cells.includes(anti[c]!))
      // The start's own symmetry, which must also fix both bases (a game from a position has bases
      // that are not the starts: analysis from a move of a line).
      if (anti && fixes(blue.start) && fixes(red.start) && fixes(blue.target) && fixes(red.target)) fold = anti
    }
    this.fold = fold
    this.space = new PackedSpace(board, problem.rules)
    const n = board.size
    this.aw = wordsFor(n)
    this.w = 2 * this.aw
    this.men = blue.start.length
    this.first = problem.first
    this.dist = new Uint8Array(n * n)
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) this.dist[a * n + b] = Math.min(255, cellDistance(board, problem.rules, a, b))
    const base = (army: number): [Uint8Array, Uint8Array] => {
      const target = problem.armies[army]!.target
      const inB = new Uint8Array(n)
      for (const c of target) inB[c] = 1
      const to = new Uint8Array(n)
      for (let c = 0; c < n; c++) to[c] = Math.min(...target.map((t) => this.dist[c * n + t]!))
      return [to, inB]
    }
    const [tb, ib] = base(0)
    const [tr, ir] = base(1)
    this.toBase = [tb, tr]
    this.inBase = [ib, ir]
    this.oddBoard = board.width % 2 === 1 && board.height % 2 === 1
    this.startKey = new Uint32Array(this.w)
    this.packArmies(blue.start, red.start, this.startKey, 0)
    // Each army's direction runs from its home base (the other's target) to its target: the same
    // as from its start in a game from the start, and still right in a game from a position.
    this.reach = new PlacementRungs(spaceAxis(this.space), this.homes())
    this.cellType = Uint8Array.from({ length: n }, (_, c) => cellType(board, c))
    const steps = !problem.rules.jumpsOnly
    const near = (army: number): Uint8Array =>
      Uint8Array.from({ length: n }, (_, c) => (steps && this.inBase[army]![c] === 0 && this.toBase[army]![c] === 1 ? 1 : 0))
    this.nearBase = [near(0), near(1)]
    const types = (army: number): Int32Array => {
      const t = new Int32Array(4)
      for (const c of problem.armies[army]!.target) t[this.cellType[c]!]!++
      return t
    }
    this.baseTypes = [types(0), types(1)]
    const middle = (army: number): [number, number] => {
      const from = Math.max(...this.homes()[army]!.start.map((c) => this.reach.dir(army, this.space.cv[c]!)))
      return [from + 1, this.reach.entry[army]! - 1]
    }
    this.middle = [middle(0), middle(1)]
    this.unpacked = new Int16Array(n)
    this.featureScratch = {
      present: new Int32Array(this.reach.range + 8),
      cells: new Int16Array(n),
      outside: new Int16Array(n),
      one: new Int16Array(1),
    }
  }

  /** Per winner: the directional values strictly between its start and its base (see splitFeatures). */
  readonly middle: [[number, number], [number, number]]
  private readonly featureScratch: { present: Int32Array; cells: Int16Array; outside: Int16Array; one: Int16Array }
  /** Scratch for armies(). */
  private readonly unpacked: Int16Array

  /** Each army's home base (the other army's target) and its target. */
  homes(): { readonly start: readonly number[]; readonly target: readonly number[] }[] {
    const [blue, red] = this.problem.armies as [Problem['armies'][0], Problem['armies'][0]]
    return [
      { start: red.target, target: blue.target },
      { start: blue.target, target: red.target },
    ]
  }

  /** Moves before the winner's next placement by its rungs (PlacementRungs.gaps), from scratch. */
  gaps(blue: readonly number[], red: readonly number[], winner: number): number {
    const reach = this.reach
    const cv = this.space.cv
    const present = new Int32Array(reach.range)
    for (const c of blue) present[reach.dir(winner, cv[c]!)]!++
    for (const c of red) present[reach.dir(winner, cv[c]!)]!++
    const W = winner === 0 ? blue : red
    const outside = Int32Array.from(W.filter((c) => this.inBase[winner]![c] === 0).map((c) => reach.dir(winner, cv[c]!)))
    return reach.gaps(winner, present, outside, outside.length)
  }

  /**
   * What orders the states at the critical move for the split search (split.ts),
   * written to out[0..1]: out[0] the winner's men outside its base that can place now, each by a
   * move of his own (after the critical move the winner places at every turn, so every such man
   * is a turn it need not wait for); out[1] the lines strictly between the winner's start and its
   * base (property (v)'s lines x - y = k) that no man stands on.
   */
  splitFeatures(buf: Uint32Array, off: number, winner: number, out: Int32Array): void {
    const space = this.space
    const occ = space.occupancy
    const aw = this.aw
    const inT = this.inBase[winner]!
    const cv = space.cv
    const reach = this.reach
    const scratch = this.featureScratch
    const present = scratch.present
    present.fill(0)
    let men = 0
    let candidates = 0
    for (let army = 0; army < 2; army++) {
      for (let k = 0; k < aw; k++) {
        let word = buf[off + army * aw + k]!
        if (army === 1 && k === aw - 1) word &= ~USED
        while (word !== 0) {
          const low = word & -word
          const c = (k << 5) + 31 - Math.clz32(low)
          word ^= low
          occ[c] = 1
          scratch.cells[men++] = c
          present[reach.dir(winner, cv[c]!)]!++
          if (army === winner && inT[c] === 0) scratch.outside[candidates++] = c
        }
      }
    }
    let ready = 0
    for (let q = 0; q < candidates; q++) {
      scratch.one[0] = scratch.outside[q]!
      if (space.hasMoveTo(scratch.one, 1, inT, 1)) ready++
    }
    for (let q = 0; q < men; q++) occ[scratch.cells[q]!] = 0
    out[0] = ready
    out[1] = this.emptyLines(present, winner)
  }

  /**
   * Property (v)'s lines strictly between the winner's start and its base that no man stands on:
   * `present` counts the men per directional value (PlacementRungs.dir); with a move from value vf
   * to vt, as after it.
   */
  emptyLines(present: Int32Array, winner: number, vf = -1, vt = -1): number {
    const [lo, hi] = this.middle[winner]!
    let empty = 0
    for (let v = lo; v <= hi; v++) if (present[v]! - (v === vf ? 1 : 0) + (v === vt ? 1 : 0) === 0) empty++
    return empty
  }

  /** The men per directional value of `winner` (see emptyLines), of both armies, in `present`. */
  countValues(state: Cells, winner: number, present: Int32Array): void {
    present.fill(0)
    const cv = this.space.cv
    for (const cells of state) for (const c of cells) present[this.reach.dir(winner, cv[c]!)]!++
  }

  /** Rebuild a domain from its description (on a worker thread). */
  static fromInit(init: GameInit): GameDomain {
    return new GameDomain(problemOf(init.spec), init.options)
  }

  get init(): GameInit {
    return { kind: 'game', spec: specFromProblem(this.problem), options: this.options }
  }

  pack(state: Cells, out: Uint32Array, off: number): void {
    this.packArmies(state[0]!, state[1]!, out, off)
  }

  unpack(keys: Uint32Array, off: number): number[][] {
    return this.armies(keys, off)
  }

  /** Moves are reversible: the states a move of level's mover comes from are one such move away. */
  predecessors(state: Cells, level: number): number[][][] {
    return neighbours(this.space, state, this.mover(level))
  }

  movesAlong(states: readonly Cells[]): { readonly paths: number[][]; readonly texts: string[] } {
    return movesAlong(this.problem, states, (k) => this.mover(k))
  }

  /** Which army moves at ply `level` (1-based: the move that leads to level `level`). */
  mover(level: number): number {
    return (this.first + level - 1) % 2
  }

  /** Pack two armies (canonical when folding) at out[off..off+2W). */
  packArmies(blue: readonly number[], red: readonly number[], out: Uint32Array, off: number): void {
    const aw = this.aw
    const write = (cells: readonly number[], o: number, image?: Int16Array) => {
      for (let k = 0; k < aw; k++) out[o + k] = 0
      for (const c0 of cells) {
        const c = image ? image[c0]! : c0
        out[o + (c >> 5)]! |= 1 << (c & 31)
      }
    }
    write(blue, off)
    write(red, off + aw)
    out[off + this.w - 1]! |= USED
    if (this.fold) {
      const img = new Uint32Array(this.w)
      const tmp = (cells: readonly number[], o: number) => {
        for (const c0 of cells) {
          const c = this.fold![c0]!
          img[o + (c >> 5)]! |= 1 << (c & 31)
        }
      }
      tmp(blue, 0)
      tmp(red, aw)
      img[this.w - 1]! |= USED
      if (less(img, 0, out, off, this.w)) for (let k = 0; k < this.w; k++) out[off + k] = img[k]!
    }
  }

  /** The two armies of a key, as cell lists. */
  armies(buf: Uint32Array, off: number): [number[], number[]] {
    const cells = this.unpacked
    // A plain loop: Array.from over a typed subarray costs a quarter of a heuristic beam's time.
    const read = (o: number, last: boolean): number[] => {
      const m = cellsOfBits(buf, o, this.aw, last, cells)
      const list: number[] = []
      for (let i = 0; i < m; i++) list.push(cells[i]!)
      return list
    }
    return [read(off, false), read(off + this.aw, true)]
  }

  /**
   * Lower bound on the plies still to come before `winner` completes its base, the side to move
   * being `toMove` (see the module comment). Infinity if the winner cannot win (no men).
   */
  remaining(blue: readonly number[], red: readonly number[], winner: number, toMove: number): number {
    const n = this.space.n
    const W = winner === 0 ? blue : red
    const O = winner === 0 ? red : blue
    const inT = this.inBase[winner]!
    const toT = this.toBase[winner]!
    let left = 0
    let dT = 255
    for (const c of W) {
      if (inT[c] === 0) left++
      if (toT[c]! < dT) dT = toT[c]!
    }
    let occupying = 0
    for (const c of O) if (inT[c] === 1) occupying++
    let dWO = 255
    for (const a of W) for (const b of O) if (this.dist[a * n + b]! < dWO) dWO = this.dist[a * n + b]!
    return remainingFrom(left, occupying, dT, dWO, toMove === winner, this.gaps(blue, red, winner), this.typeExtra(W, winner))
  }

  /**
   * Moves the winner needs beyond one per man outside the base, by types (section 2.1): a man can
   * land by jumps only on a cell of his own type, so a man outside the base with no free base cell
   * of his type left needs a step (a move of its own) before he places, or steps in from beside the
   * base. Counted per type: men of the type, not beside the base, beyond the free base cells of the
   * type (men beside it are counted as fitting anywhere). Without steps such a man never places:
   * Infinity.
   */
  typeExtra(W: readonly number[], winner: number): number {
    const counts = new Int32Array(8)
    const inT = this.inBase[winner]!
    const near = this.nearBase[winner]!
    for (const c of W) {
      const t = this.cellType[c]!
      if (inT[c] === 1) counts[4 + t]!++
      else if (near[c] === 0) counts[t]!++
    }
    return typeExtraFrom(counts, this.baseTypes[winner]!, this.problem.rules.jumpsOnly)
  }

  /** Plies still to come before either side can win (the pruning bound). */
  bound(blue: readonly number[], red: readonly number[], toMove: number): number {
    return Math.min(this.remaining(blue, red, 0, toMove), this.remaining(blue, red, 1, toMove))
  }

  /** Whether `army` fully occupies its target base. */
  occupies(cells: readonly number[], army: number): boolean {
    const inT = this.inBase[army]!
    let k = 0
    for (const c of cells) if (inT[c] === 1) k++
    return k === this.problem.armies[army]!.target.length
  }
}
