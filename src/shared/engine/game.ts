/**
 * Two-player games as the search engine sees them (paper section 2). A state is the two armies'
 * cells, packed as blue's bitset (W words) then red's (W words); whose move it is follows from the
 * level (blue moves first unless the problem says otherwise). A move moves one man of the side to
 * move; men of both armies block cells and can be jumped. The game ends when the mover fully
 * occupies the opposing base.
 *
 * The lower bound h on the moves still to come is Theorem 1 made valid in every position:
 * - to fill the opposing base T, the winner W needs one move per man not yet in T, on alternate
 *   turns, and the last of them comes after the opponent O has moved its last man out of T;
 * - a man enters T only by a move that starts with d(W, T) <= 1 (a step, or hops over W's own men,
 *   each landing one cell beyond a W man) or with d(W, O) <= 2 (a hop over an O man needs the jumper
 *   beside him, and a hop over a W man lands at most one cell nearer). While
 *   phi = min(d(W, T) - 1, d(W, O) - 2) > 0 no hop crosses between the armies, so phi falls by at
 *   most one per move, and W's next placement is at least phi + 1 turns away.
 * At the start this is the paper's max(0, d(B, R) - 2) + 2s - 1 (27 for Chinese Checkers). The
 * paper's own modified bound keeps d(B, R) in the formula after the armies have met, which is too
 * large late in a game (the armies separate again), so it is not used as a pruning bound here.
 */
import { interpret, specFromProblem, type DocumentSpec } from '../document'
import { cellDistance, cellType } from '../metrics'
import type { Problem } from '../problem'
import { symmetry } from '../symmetry'
import type { KernelStats, Sink } from './kernel'
import { USED, type KeySet } from './keyset'
import { PackedSpace, STAMP_LIMIT, wordsFor } from './packed'

export interface GameOptions {
  /** Fold states equivalent under the start's own symmetry. */
  readonly fold: boolean
}

/** How the children entering a level are filtered (the game's counterpart of Rule). */
export interface GameRule {
  readonly game: true
  /** Level of the children (moves played). */
  readonly level: number
  /** Longest game looked for: children with level + h > bound are pruned. */
  readonly bound: number
  /** The army whose win is looked for (0 blue, 1 red): h is that army's, the other's wins end lines. */
  readonly winner: number
  /** Heuristic mode (paper 2.4): the critical move l after which the winner places a man each move; null: exhaustive. */
  /**
   * The paper's heuristic properties (section 2.4), or null for an exhaustive search: (iv) from the
   * critical move on (`placements`), and (i) on odd boards. Property (v) (a man on every line
   * x - y = k, |k| <= 4, in the middle of the game) is not used: Fabian's game has it only from
   * move l + 5 on (moves 17 to 25 of 30; line k = -1 is empty at every move before), after the
   * levels where the search grows, and at the critical move it would exclude his game.
   */
  readonly heuristic: {
    readonly critical: number
    readonly placements: boolean
    /**
     * (vi), not in the paper: after the critical move, each of the loser's moves but its last takes
     * a man out of its base or is a step (a rung moved by one cell). Both known record games have it
     * (Fabian's 30 moves and the 36-move 15-man game).
     */
    readonly vacating: boolean
    /**
     * (v), as the option `lines` reads "in the middle of the game": at this move (the middle of
     * the placements, (l + L) / 2 rounded down) every line x - y = k between the bases holds a
     * man, so at each move i before it at most (lines - i) of them are empty (a move fills at most
     * one line). Null: not used. All three known shortest games have it: Fabian's (lines 17-25
     * held), the engine's 30-move game (19-28) and the 15-man 36-move game (17-36).
     */
    readonly lines: number | null
  } | null
}

export class GameDomain {
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
  /** The one-dimensional ladder a placement needs (see LadderReach). */
  readonly reach: LadderReach
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
      if (anti && fixes(blue.start) && fixes(red.start)) fold = anti
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
    this.pack(blue.start, red.start, this.startKey, 0)
    this.reach = new LadderReach(this)
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
      const from = Math.max(...problem.armies[army]!.start.map((c) => this.reach.dir(army, this.space.cv[c]!)))
      return [from + 1, this.reach.entry[army]! - 1]
    }
    this.middle = [middle(0), middle(1)]
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

  /** Missing rungs of the winner's best ladder into its base (LadderReach), from scratch. */
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
   * What orders the states at the critical move for the split search (GameSolver.splitSearch),
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
    let empty = 0
    const [lo, hi] = this.middle[winner]!
    for (let d = lo; d <= hi; d++) if (present[d] === 0) empty++
    out[0] = ready
    out[1] = empty
  }

  static fromSpec(spec: DocumentSpec, options: GameOptions): GameDomain {
    const doc = interpret(spec)
    if (!doc.ok) throw new Error(`bad problem spec: ${doc.error.map((d) => d.message).join('; ')}`)
    return new GameDomain(doc.value.problem, options)
  }

  spec(): DocumentSpec {
    return specFromProblem(this.problem)
  }

  /** Which army moves at ply `level` (1-based: the move that leads to level `level`). */
  mover(level: number): number {
    return (this.first + level - 1) % 2
  }

  /** Pack two armies (canonical when folding) at out[off..off+2W). */
  pack(blue: readonly number[], red: readonly number[], out: Uint32Array, off: number): void {
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
      if (lessKey(img, 0, out, off, this.w)) for (let k = 0; k < this.w; k++) out[off + k] = img[k]!
    }
  }

  /** The two armies of a key, as cell lists. */
  armies(buf: Uint32Array, off: number): [number[], number[]] {
    const read = (o: number, words: number, last: boolean): number[] => {
      const cells: number[] = []
      for (let k = 0; k < words; k++) {
        let word = buf[o + k]!
        if (last && k === words - 1) word &= ~USED
        while (word !== 0) {
          const low = word & -word
          cells.push((k << 5) + 31 - Math.clz32(low))
          word ^= low
        }
      }
      return cells
    }
    return [read(off, this.aw, false), read(off + this.aw, this.aw, true)]
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

/**
 * The bound for one winner from its counts (see the module comment): `left` men not yet in the
 * target base, `occupying` opponent men still in it, d(W, T) and d(W, O), and whether W is to move.
 * Two terms: `place`, the turn of W's last placement if W places at every turn from its first
 * possible one; `vacate`, the first W turn after the opponent's last move out of the base if it
 * moves a man out at every turn. The bound is the larger.
 */
export function remainingTerms(
  left: number,
  occupying: number,
  dT: number,
  dWO: number,
  winnerToMove: boolean,
  gaps = 0,
  extra = 0,
): { place: number; vacate: number; phi: number; moves: number } {
  if (left === 0) return { place: 0, vacate: 0, phi: 0, moves: 0 }
  // The next placement needs contact (phi <= 0) and a ladder whose `gaps` missing rungs each take a move.
  const phi = Math.max(Math.min(dT - 1, dWO - 2), gaps)
  const place = placeTerm(left, phi, winnerToMove)
  const vacate = occupying > 0 ? winnerTurn((winnerToMove ? 2 * occupying : 2 * occupying - 1) + 1, winnerToMove) : 0
  // The winner's own moves: one per man outside and `extra` more (typeExtra), on alternate turns.
  const moves = extra > 0 ? (winnerToMove ? 2 * (left + extra) - 1 : 2 * (left + extra)) : 0
  return { place, vacate, phi, moves }
}

/** The first ply from the t-th on that is the winner's (ply 1 is the next move). */
function winnerTurn(t: number, winnerToMove: boolean): number {
  return winnerToMove ? (t % 2 === 1 ? t : t + 1) : t % 2 === 0 ? t : t + 1
}

/** The ply of the winner's last placement: the first no sooner than phi + 1, then every other ply. */
export function placeTerm(left: number, phi: number, winnerToMove: boolean): number {
  return winnerTurn(Math.max(1, phi + 1), winnerToMove) + 2 * (left - 1)
}

export function remainingFrom(
  left: number,
  occupying: number,
  dT: number,
  dWO: number,
  winnerToMove: boolean,
  gaps = 0,
  extra = 0,
): number {
  const t = remainingTerms(left, occupying, dT, dWO, winnerToMove, gaps, extra)
  return Math.max(t.place, t.vacate, t.moves)
}

/**
 * typeExtra from counts: counts[t] the winner's men of type t outside the base and not beside it,
 * counts[4 + t] its men of type t in the base; baseTypes[t] the base cells of type t.
 */
export function typeExtraFrom(counts: Int32Array, baseTypes: Int32Array, jumpsOnly: boolean): number {
  let extra = 0
  for (let t = 0; t < 4; t++) {
    const over = counts[t]! - (baseTypes[t]! - counts[4 + t]!)
    if (over > 0) extra += over
  }
  return jumpsOnly && extra > 0 ? 1 << 20 : extra
}

function lessKey(a: Uint32Array, ao: number, b: Uint32Array, bo: number, w: number): boolean {
  for (let k = w - 1; k >= 0; k--) {
    const x = a[ao + k]!
    const y = b[bo + k]!
    if (x !== y) return x < y
  }
  return false
}

/**
 * The ladder a placing move needs, in one dimension: project every man onto his centroid value
 * (counted in the winner's direction). A chain of jumps carries a man from value v into the base
 * only over men at v + delta, v + 2 delta + delta, ... (each hop of 2 delta passes a man at the
 * midpoint), men of either army. Before the winner's next placement, each rung value that is empty
 * now must be filled by a move of its own (a move puts one man on one value), and each step the
 * placing man takes on his way is a move of its own; his earlier chains of jumps need rungs too.
 * So the placement is at least g moves away, g the fewest (steps + empty rung values) over the
 * walks from a man of the winner outside the base into it (see gaps()).
 */
export class LadderReach {
  /** Values are cv - lo, 0..range-1. */
  readonly lo: number
  readonly range: number
  /** Per winner: +1 if its base lies towards higher centroids, -1 otherwise. */
  readonly sign: [number, number]
  /** Per winner: the lowest directional value of a base cell (index into the directional scale). */
  readonly entry: [number, number]
  /** Positive c-changes of single steps, in cv units. */
  readonly deltas: number[]
  readonly steps: boolean
  private readonly cost: Int32Array
  private readonly isMan: Uint8Array
  /** Dial's buckets: bucket[u] heads a list of pool entries (poolNode, poolNext) at cost u. */
  private readonly bucket: Int32Array
  private readonly poolNode: Int32Array
  private readonly poolNext: Int32Array
  private readonly bucketCap: number

  constructor(readonly domain: GameDomain) {
    const space = domain.space
    const cv = space.cv
    let lo = Infinity
    let hi = -Infinity
    for (const v of cv) {
      lo = Math.min(lo, v)
      hi = Math.max(hi, v)
    }
    this.lo = lo
    this.range = hi - lo + 1
    const deltas = new Set<number>()
    for (let c = 0; c < space.n; c++) {
      for (let dir = 0; dir < space.degree; dir++) {
        const t = space.nb[c * space.degree + dir]!
        if (t >= 0 && cv[t]! > cv[c]!) deltas.add(cv[t]! - cv[c]!)
      }
    }
    this.deltas = [...deltas].sort((a, b) => a - b)
    this.steps = !space.rules.jumpsOnly
    const sum = (cells: readonly number[]) => cells.reduce((s2, c) => s2 + cv[c]!, 0)
    const sign = (army: number): number => (sum(domain.problem.armies[army]!.target) >= sum(domain.problem.armies[army]!.start) ? 1 : -1)
    this.sign = [sign(0), sign(1)]
    // Directional value of cell c for army a: index d = sign > 0 ? cv - lo : hi - cv.
    const entry = (army: number): number => Math.min(...domain.problem.armies[army]!.target.map((c) => this.dir(army, cv[c]!)))
    this.entry = [entry(0), entry(1)]
    this.cost = new Int32Array(this.range + 8)
    this.isMan = new Uint8Array(this.range + 8)
    // A simple path's cost is at most k units (a step) per value, plus a unit (a hop) per value.
    this.bucketCap = (this.deltas.length + 1) * (this.range + 2)
    this.bucket = new Int32Array(this.bucketCap + 1)
    // Each value enters a bucket at most once per cost decrease: at most once per edge into it.
    const pool = this.range * (4 * this.deltas.length + 1) + 8
    this.poolNode = new Int32Array(pool)
    this.poolNext = new Int32Array(pool)
  }

  /** Directional value (0 = farthest from the army's base) of centroid value v (cv units). */
  dir(army: number, v: number): number {
    return this.sign[army] === 1 ? v - this.lo : this.lo + this.range - 1 - v
  }

  /**
   * Moves before `army`'s next placement, at least: `present[d]` counts men at directional value d
   * (both armies, in `army`'s direction); `outside` holds the directional values of its men outside
   * its base. A shortest path over values: a hop from x to x +- 2 delta costs 1 when no man stands
   * at its midpoint, a step to x +- delta costs 1 (0 into the base: that step is the placement).
   * Chains may go down and up again, so moves go both ways. The placing man's real path, projected
   * and cut down to a simple path, crosses each value at most once per delta, so an empty rung
   * value filled once may be counted up to deltas.length times: hops cost 1 unit and steps
   * deltas.length units, and the bound is the units over deltas.length, rounded up. Counting the
   * jumper himself as a possible rung can only lower the count, so the bound stays valid.
   */
  gaps(army: number, present: Int32Array, outside: Int32Array, count: number, limit = 1 << 20): number {
    if (count === 0) return 0
    const range = this.range
    const entry = this.entry[army]!
    const deltas = this.deltas
    const k = deltas.length
    const top = deltas[k - 1]!
    if (this.steps) for (let q = 0; q < count; q++) if (outside[q]! + top >= entry) return 0
    // Dijkstra outwards from the base over costs 0, 1 and k (Dial's buckets), stopping at the first
    // man outside the base it reaches, or when the cost reaches `limit` moves.
    const maxUnits = Math.min(limit * k, this.bucketCap)
    const cost = this.cost
    const isMan = this.isMan
    const head = this.bucket
    const node = this.poolNode
    const link = this.poolNext
    cost.fill(INF, 0, range)
    isMan.fill(0, 0, range)
    head.fill(-1, 0, maxUnits + 1)
    for (let q = 0; q < count; q++) isMan[outside[q]!] = 1
    let used = 0
    for (let d = entry; d < range; d++) {
      cost[d] = 0
      node[used] = d
      link[used] = head[0]!
      head[0] = used++
    }
    for (let u = 0; u <= maxUnits; u++) {
      // Popped one by one: hops over present rungs cost nothing and push onto this same bucket.
      while (head[u] !== -1) {
        const e = head[u]!
        head[u] = link[e]!
        const x = node[e]!
        if (cost[x] !== u) continue
        if (isMan[x] === 1) return Math.ceil(u / k)
        // Values y below the base from which x is one hop (over the midpoint) or one step away.
        for (const delta of deltas) {
          for (let side = -1; side <= 1; side += 2) {
            const y = x + side * 2 * delta
            if (y >= 0 && y < entry) {
              const c = u + (present[x + side * delta]! > 0 ? 0 : 1)
              if (c < cost[y]! && c <= maxUnits) {
                cost[y] = c
                node[used] = y
                link[used] = head[c]!
                head[c] = used++
              }
            }
            if (!this.steps) continue
            const z = x + side * delta
            if (z >= 0 && z < entry) {
              // A step into the base is the placement itself.
              const c = x >= entry ? u : u + k
              if (c < cost[z]! && c <= maxUnits) {
                cost[z] = c
                node[used] = z
                link[used] = head[c]!
                head[c] = used++
              }
            }
          }
        }
      }
    }
    // Nothing within the limit: the answer is min(g, limit).
    return Math.min(limit, 1 << 20)
  }
}

const INF = 1 << 30

const MAX_MOVES = 8192

/** Terminal states found while expanding: a win by the mover. */
export interface GameSink extends Sink {
  /** A child in which the mover has won: its key, for the list of game ends. */
  win(keys: Uint32Array, off: number): void
}

/** The game's expansion loop, for one thread. */
export class GameKernel {
  private readonly from = new Int16Array(MAX_MOVES)
  private readonly to = new Int16Array(MAX_MOVES)
  private readonly key: Uint32Array
  private readonly img: Uint32Array
  private readonly out: Uint32Array
  /** Decoded armies: cells of blue and red. */
  private readonly armyCells: [Int16Array, Int16Array]
  private readonly armySize = [0, 0]
  /** Per man of the moving army: his smallest distance to the other army, and to each base. */
  private readonly rowMin: Int32Array
  private readonly baseMin: [Int32Array, Int32Array]
  private readonly nextMen: Int16Array
  /** Directional values of all men (for the winner's ladder), and of the winner's men outside its base. */
  private readonly present: Int32Array
  /** typeExtra counts of the winner's men (see countType). */
  private readonly typeCounts = new Int32Array(8)
  private readonly outside: Int32Array
  /** The lookahead marks of the current parent (lookaheadInParent), and the mark in use. */
  private readonly rungMark: Int32Array
  private readonly landMark: Int32Array
  private readonly witRung: Int32Array
  private readonly witLand: Int32Array
  private parentMark = 0

  constructor(readonly domain: GameDomain) {
    this.key = new Uint32Array(domain.w)
    this.img = new Uint32Array(domain.w)
    this.out = new Uint32Array(domain.w)
    const n = domain.space.n
    this.armyCells = [new Int16Array(n), new Int16Array(n)]
    this.rowMin = new Int32Array(n)
    this.baseMin = [new Int32Array(n), new Int32Array(n)]
    this.nextMen = new Int16Array(n)
    this.present = new Int32Array(domain.reach.range + 8)
    this.outside = new Int32Array(n)
    this.rungMark = new Int32Array(n)
    this.landMark = new Int32Array(n)
    this.witRung = new Int32Array(n)
    this.witLand = new Int32Array(n)
  }

  /**
   * Whether, in the child (the mover's man moved fromCell -> toCell), `army` has a move that
   * takes one of its men into `target` (into = true) or out of it (into = false).
   */
  private hasMove(army: number, mover: number, fromCell: number, toCell: number, target: Uint8Array, into: boolean): boolean {
    const space = this.domain.space
    const occ = space.occupancy
    const mine = this.armyCells[army]!
    const size = this.armySize[army]!
    const movedArmy = this.armyCells[mover]!
    const movedSize = this.armySize[mover]!
    for (let k = 0; k < movedSize; k++) occ[movedArmy[k]!] = 1
    const otherArmy = this.armyCells[1 - mover]!
    for (let k = 0; k < this.armySize[1 - mover]!; k++) occ[otherArmy[k]!] = 1
    occ[fromCell] = 0
    occ[toCell] = 1
    // The candidates: men of `army` outside the target (into) or inside it (out).
    let m = 0
    for (let k = 0; k < size; k++) {
      const c = army === mover && mine[k] === fromCell ? toCell : mine[k]!
      if ((target[c] === 1) !== into) this.nextMen[m++] = c
    }
    const found = space.hasMoveTo(this.nextMen, m, target, into ? 1 : 0)
    occ[toCell] = 0
    for (let k = 0; k < movedSize; k++) occ[movedArmy[k]!] = 0
    for (let k = 0; k < this.armySize[1 - mover]!; k++) occ[otherArmy[k]!] = 0
    occ[fromCell] = 0
    return found
  }

  /**
   * The lookahead for all children of a parent at once: whether `army` (the side to move after
   * the children's move) has, in the parent, a move that takes a man into `target` (want 1) or out
   * of it (want 0). Yes (1): one such move is marked (witRung, witLand), and a child keeps it unless
   * its move removes one of its rungs or blocks one of its landings. No (2): the cells through which
   * a child's move could open such a move are marked (rungMark, landMark: markJumpFrontier, and
   * steps onto cells the mover leaves); a child whose move touches none of them has none either.
   */
  private lookaheadInParent(army: number, target: Uint8Array, want: number, mark: number): number {
    const space = this.domain.space
    const occ = space.occupancy
    for (let a = 0; a < 2; a++) for (let k = 0; k < this.armySize[a]!; k++) occ[this.armyCells[a]![k]!] = 1
    const men = this.armyCells[army]!
    let m = 0
    for (let k = 0; k < this.armySize[army]!; k++) if (target[men[k]!] !== want) this.nextMen[m++] = men[k]!
    const can = space.witnessMoveTo(this.nextMen, m, target, want, this.witRung, this.witLand, mark)
    if (!can) {
      space.markJumpFrontier(this.nextMen, m, this.rungMark, this.landMark, mark)
      if (!space.rules.jumpsOnly) {
        const deg = space.degree
        for (let k = 0; k < m; k++) {
          for (let dir = 0; dir < deg; dir++) {
            const t = space.nb[this.nextMen[k]! * deg + dir]!
            if (t >= 0 && target[t] === want) this.landMark[t] = mark
          }
        }
      }
    }
    for (let a = 0; a < 2; a++) for (let k = 0; k < this.armySize[a]!; k++) occ[this.armyCells[a]![k]!] = 0
    return can ? 1 : 2
  }

  /**
   * The lookahead for one child (the mover's man went from fromCell to toCell), given the
   * parent's answer (lookaheadInParent): decided by the marks where it can be, else by hasMove.
   */
  private lookahead(
    army: number,
    mover: number,
    fromCell: number,
    toCell: number,
    target: Uint8Array,
    into: boolean,
    inParent: number,
    mark: number,
  ): boolean {
    if (inParent === 1 && this.witRung[fromCell] !== mark && this.witLand[toCell] !== mark) return true
    if (inParent === 2 && this.rungMark[toCell] !== mark && this.landMark[fromCell] !== mark) return false
    return this.hasMove(army, mover, fromCell, toCell, target, into)
  }

  /** Count (sign +1) or uncount (-1) a man of the winner on cell c in typeExtra's counts. */
  private countType(counts: Int32Array, c: number, winner: number, sign: number): void {
    const d = this.domain
    const t = d.cellType[c]!
    if (d.inBase[winner]![c] === 1) counts[4 + t]! += sign
    else if (d.nearBase[winner]![c] === 0) counts[t]! += sign
  }

  /** Decode a state into armyCells / armySize. */
  private decode(buf: Uint32Array, off: number): void {
    const aw = this.domain.aw
    for (let army = 0; army < 2; army++) {
      const cells = this.armyCells[army]!
      let m = 0
      for (let k = 0; k < aw; k++) {
        let word = buf[off + army * aw + k]!
        if (army === 1 && k === aw - 1) word &= ~USED
        while (word !== 0) {
          const low = word & -word
          cells[m++] = (k << 5) + 31 - Math.clz32(low)
          word ^= low
        }
      }
      this.armySize[army] = m
    }
  }

  /**
   * Expand the used slots in [start, end) of a level's table. `seen` holds every state of the
   * levels so far with the same side to move (a state met again later adds nothing). Wins go to
   * sink.win; states that may still lead to a game within rule.bound go to sink.add.
   */
  expandRange(
    table: Uint32Array,
    start: number,
    end: number,
    rule: GameRule,
    seen: KeySet | undefined,
    _unused: KeySet | undefined,
    sink: GameSink,
    stats: KernelStats,
  ): void {
    const d = this.domain
    const w = d.w
    const aw = d.aw
    const n = d.space.n
    const space = d.space
    const occ = space.occupancy
    const dist = d.dist
    const cv = space.cv
    const mover = d.mover(rule.level)
    const other = 1 - mover
    const heur = rule.heuristic
    const fold = d.fold
    const key = this.key
    const img = this.img
    const out = this.out
    const men = this.armyCells[mover]!
    const foes = this.armyCells[other]!
    const inMine = d.inBase[mover]!
    const inTheirs = d.inBase[other]!
    const toMine = d.toBase[mover]!
    const toTheirs = d.toBase[other]!
    const baseCount = [d.problem.armies[0]!.target.length, d.problem.armies[1]!.target.length]
    const winner = rule.winner
    const jumpsOnlyWinner = heur !== null && winner === mover && d.oddBoard
    // (vi): the loser's moves after the critical move, except its last, leave its base or step.
    const vacating = heur !== null && heur.vacating && mover !== winner && rule.level > heur.critical && rule.level < rule.bound - 1
    const loserHome = d.inBase[winner]!
    const longJumps = d.problem.rules.longJumps
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      this.decode(table, off)
      const m = this.armySize[mover]!
      const f = this.armySize[other]!
      for (let k = 0; k < m; k++) occ[men[k]!] = 1
      for (let k = 0; k < f; k++) occ[foes[k]!] = 1
      const count = space.movesOf(men, m, this.from, this.to, 0)
      stats.children += count
      if (count === 0) {
        for (let k = 0; k < m; k++) occ[men[k]!] = 0
        for (let k = 0; k < f; k++) occ[foes[k]!] = 0
        continue
      }
      for (let k = 0; k < m; k++) occ[men[k]!] = 0
      for (let k = 0; k < f; k++) occ[foes[k]!] = 0
      // The lookahead's answer in this parent (lookaheadInParent), worked out when a child first
      // needs it: 0 not yet, 1 yes, 2 no, 3 not used (long jumps: every child is checked).
      let parentMoves = 0
      // The winner's ladder in this parent (LadderReach.gaps), worked out when first needed; -1 not yet.
      let parentGaps = -1
      // Marks live in Int32Arrays: start over, cleared, before the counter passes what they hold.
      if (this.parentMark >= STAMP_LIMIT) {
        this.rungMark.fill(0)
        this.landMark.fill(0)
        this.parentMark = 0
      }
      const mark = ++this.parentMark
      // Per parent: what the bound needs, so that each child costs O(men).
      // Distances between the armies: each mover's smallest, and the two smallest of those.
      let best1 = 255
      let best2 = 255
      let best1Man = -1
      for (let k = 0; k < m; k++) {
        const row = men[k]! * n
        let r = 255
        for (let j = 0; j < f; j++) {
          const x = dist[row + foes[j]!]!
          if (x < r) r = x
        }
        this.rowMin[k] = r
        if (r < best1) {
          best2 = best1
          best1 = r
          best1Man = k
        } else if (r < best2) best2 = r
      }
      // The mover's men: how many are home, how near their base, with the same two-smallest trick.
      let moverLeft = 0
      let mt1 = 255
      let mt2 = 255
      let mt1Man = -1
      for (let k = 0; k < m; k++) {
        const c = men[k]!
        if (inMine[c] === 0) moverLeft++
        const x = toMine[c]!
        if (x < mt1) {
          mt2 = mt1
          mt1 = x
          mt1Man = k
        } else if (x < mt2) mt2 = x
      }
      // Mover's men sitting in the other side's target base.
      let moverOccupying = 0
      for (let k = 0; k < m; k++) if (inTheirs[men[k]!] === 1) moverOccupying++
      // The other side, which does not move now.
      let otherLeft = 0
      let otherToBase = 255
      let otherOccupying = 0
      const inOtherTarget = inTheirs
      for (let j = 0; j < f; j++) {
        const c = foes[j]!
        if (inOtherTarget[c] === 0) otherLeft++
        if (toTheirs[c]! < otherToBase) otherToBase = toTheirs[c]!
        if (inMine[c] === 1) otherOccupying++
      }
      // The winner's men by type (typeExtra), for the parent; a child of the winner's move adjusts.
      const types = this.typeCounts
      types.fill(0)
      {
        const W = winner === mover ? men : foes
        const size = winner === mover ? m : f
        for (let q = 0; q < size; q++) this.countType(types, W[q]!, winner, 1)
      }
      const baseTypes = d.baseTypes[winner]!
      const jumpsOnly = d.problem.rules.jumpsOnly
      // The winner's ladder: all men's values in the winner's direction.
      const reach = d.reach
      const present = this.present
      present.fill(0)
      for (let q = 0; q < m; q++) present[reach.dir(winner, cv[men[q]!]!)]!++
      for (let q = 0; q < f; q++) present[reach.dir(winner, cv[foes[q]!]!)]!++
      // Keys: the parent's and (folding) its image, then two bits per child.
      const base = mover * aw
      for (let k = 0; k < w; k++) key[k] = table[off + k]!
      if (fold) {
        img.fill(0)
        for (let k = 0; k < m; k++) {
          const c = fold[men[k]!]!
          img[base + (c >> 5)]! |= 1 << (c & 31)
        }
        const ob = other * aw
        for (let j = 0; j < f; j++) {
          const c = fold[foes[j]!]!
          img[ob + (c >> 5)]! |= 1 << (c & 31)
        }
        img[w - 1]! |= USED
      }
      for (let j = 0; j < count; j++) {
        const fromCell = this.from[j]!
        const toCell = this.to[j]!
        if (jumpsOnlyWinner && dist[fromCell * n + toCell] === 1) continue
        if (vacating && loserHome[fromCell] === 0 && dist[fromCell * n + toCell] !== 1) continue
        let k = 0
        while (men[k] !== fromCell) k++
        // Did the mover win?
        const left = moverLeft + inMine[fromCell]! - inMine[toCell]!
        // The child's key.
        for (let q = 0; q < w; q++) out[q] = key[q]!
        out[base + (fromCell >> 5)]! ^= 1 << (fromCell & 31)
        out[base + (toCell >> 5)]! ^= 1 << (toCell & 31)
        if (fold) {
          const fi = fold[fromCell]!
          const ti = fold[toCell]!
          img[base + (fi >> 5)]! ^= 1 << (fi & 31)
          img[base + (ti >> 5)]! ^= 1 << (ti & 31)
          let smaller = false
          for (let q = w - 1; q >= 0; q--) {
            const x = img[q]! >>> 0
            const y = out[q]! >>> 0
            if (x !== y) {
              smaller = x < y
              break
            }
          }
          if (smaller) for (let q = 0; q < w; q++) out[q] = img[q]!
          img[base + (fi >> 5)]! ^= 1 << (fi & 31)
          img[base + (ti >> 5)]! ^= 1 << (ti & 31)
        }
        if (left === 0 && m === baseCount[mover]) {
          // A win by the other army ends the line without the win looked for.
          if (mover === winner) sink.win(out, 0)
          continue
        }
        // Bound: distances between the armies after the move.
        let dWO = k === best1Man ? best2 : best1
        const row = toCell * n
        for (let q = 0; q < f; q++) {
          const x = dist[row + foes[q]!]!
          if (x < dWO) dWO = x
        }
        const winnerToMove = winner !== mover
        const wLeft = winner === mover ? left : otherLeft
        const wOccupying = winner === mover ? otherOccupying : moverOccupying - inTheirs[fromCell]! + inTheirs[toCell]!
        const wDT = winner === mover ? Math.min(k === mt1Man ? mt2 : mt1, toMine[toCell]!) : otherToBase
        const room = rule.bound - rule.level
        if (winner === mover) {
          this.countType(types, fromCell, winner, -1)
          this.countType(types, toCell, winner, 1)
        }
        const extra = typeExtraFrom(types, baseTypes, jumpsOnly)
        if (winner === mover) {
          this.countType(types, toCell, winner, -1)
          this.countType(types, fromCell, winner, 1)
        }
        let terms = remainingTerms(wLeft, wOccupying, wDT, dWO, winnerToMove, 0, extra)
        if (terms.place > room || terms.vacate > room || terms.moves > room) continue
        // Met before (a hash probe, after the cheap bounds have pruned most children).
        if (seen && seen.has(out, 0)) continue
        // The ladder the next placement needs may put it further off. Only whether it reaches
        // `limit`, the least ladder length that would prune, matters beyond its exact value.
        if (wLeft > 0) {
          let limit = terms.phi + 1
          while (placeTerm(wLeft, limit, winnerToMove) <= room) limit++
          const vf = reach.dir(winner, cv[fromCell]!)
          const vt = reach.dir(winner, cv[toCell]!)
          let g: number
          if (mover !== winner && (vf === vt || (present[vf]! > 1 && present[vt]! > 0))) {
            // The loser's move leaves the winner's men and the occupied values as they were: the
            // parent's ladder, worked out once.
            if (parentGaps < 0) {
              let count = 0
              for (let q = 0; q < f; q++) if (d.inBase[winner]![foes[q]!] === 0) this.outside[count++] = reach.dir(winner, cv[foes[q]!]!)
              parentGaps = reach.gaps(winner, present, this.outside, count)
            }
            g = parentGaps
          } else {
            present[vf]!--
            present[vt]!++
            const W = winner === mover ? men : foes
            const size = winner === mover ? m : f
            const inW = d.inBase[winner]!
            let count = 0
            for (let q = 0; q < size; q++) {
              const c = winner === mover && W[q] === fromCell ? toCell : W[q]!
              if (inW[c] === 0) this.outside[count++] = reach.dir(winner, cv[c]!)
            }
            g = reach.gaps(winner, present, this.outside, count, limit)
            present[vf]!++
            present[vt]!--
          }
          if (g >= limit) continue
          if (g > terms.phi) terms = remainingTerms(wLeft, wOccupying, wDT, dWO, winnerToMove, g, extra)
        }
        // Lookahead where a wasted turn would not fit (it costs two plies): the next mover must
        // then place a man (the winner, once phi <= 0) or take one out of the winner's base (the
        // loser), and it needs such a move, or the line cannot end within the bound.
        if (other === winner) {
          if (terms.phi <= 0 && terms.place + 2 > room) {
            if (parentMoves === 0) parentMoves = longJumps ? 3 : this.lookaheadInParent(winner, d.inBase[winner]!, 1, mark)
            if (!this.lookahead(winner, mover, fromCell, toCell, d.inBase[winner]!, true, parentMoves, mark)) continue
          }
        } else if (terms.vacate > 0 && terms.vacate + 2 > room) {
          if (parentMoves === 0) parentMoves = longJumps ? 3 : this.lookaheadInParent(other, d.inBase[winner]!, 0, mark)
          if (!this.lookahead(other, mover, fromCell, toCell, d.inBase[winner]!, false, parentMoves, mark)) continue
        }
        if (heur && !this.heuristicOk(fromCell, toCell, mover, rule.level, winner, heur)) continue
        stats.kept++
        // The parent's slot goes with the child (the beam's lookahead counts children per parent).
        sink.add(out, 0, slot, 0)
      }
    }
  }

  /**
   * Heuristic (iv) of section 2.4 for a state after `level` moves: after each move n >= l of the
   * winner, at least (n - l)/2 + 1 of its men are in the opposing base.
   */
  private heuristicOk(
    fromCell: number,
    toCell: number,
    mover: number,
    level: number,
    winner: number,
    heur: NonNullable<GameRule['heuristic']>,
  ): boolean {
    const critical = heur.critical
    const d = this.domain
    const moved = (c: number): number => (c === fromCell ? toCell : c)
    if (heur.lines !== null && level <= heur.lines) {
      // The child's empty lines: the parent's values (present, in the winner's direction) with
      // the moved man's changed.
      const reach = d.reach
      const cv = d.space.cv
      const vf = reach.dir(winner, cv[fromCell]!)
      const vt = reach.dir(winner, cv[toCell]!)
      const present = this.present
      const [lo, hi] = d.middle[winner]!
      let empty = 0
      for (let v = lo; v <= hi; v++) {
        const here = present[v]! - (v === vf ? 1 : 0) + (v === vt ? 1 : 0)
        if (here === 0) empty++
      }
      if (empty > heur.lines - level) return false
    }
    if (heur.placements && level >= critical && mover === winner) {
      const W = this.armyCells[winner]!
      let home = 0
      for (let k = 0; k < this.armySize[winner]!; k++) if (d.inBase[winner]![moved(W[k]!)] === 1) home++
      if (home < Math.floor((level - critical) / 2) + 1) return false
    }
    return true
  }
}
