/**
 * The position a playing engine searches (Stockfish's `position`): whose man stands on each cell,
 * whose turn it is, made and unmade move by move in place. Moves come from the search engine's
 * packed generator (../engine/packed/space.ts: steps, chains of jumps, long jumps), run over this
 * position's occupancy; the position keeps what the search asks of it on every node up to date
 * incrementally: each army's men, the packed key (one bitset per army, as the N-player domain packs
 * states), a Zobrist signature of it for the transposition table, and per army the men on her own
 * target, on her camp and the men of any army on her target (the win tests are O(1) but Hexma's
 * chain). The rules page's vacate rule restricts the moves generated.
 *
 * A move is one number: from * 1024 + to (the path of a jump chain is found only when a move is
 * written, notation.ts). PASS is the move of an army that has none (it never happens at the start
 * of a race, but a blocked army must not end the search).
 */
import { USED } from '../engine/core/keyset'
import { PackedSpace, wordsFor } from '../engine/packed/space'
import { seededRandom } from './random'
import type { Variant } from './variant'

export type Move = number
export const PASS: Move = -2
export const NO_MOVE: Move = -1
const SHIFT = 1024
export const encodeMove = (from: number, to: number): Move => from * SHIFT + to
export const moveFrom = (m: Move): number => Math.floor(m / SHIFT)
export const moveTo = (m: Move): number => m % SHIFT

/** Moves one army can have at most in a position (a star's army has about 150 at most). */
export const MAX_MOVES = 2048

/** A position as plain data: each army's cells (turn order) and the army to move. */
export interface PositionData {
  readonly armies: readonly (readonly number[])[]
  readonly turn: number
}

/** What a variant's tables are: built once per variant and shared by its positions. */
export class Tables {
  readonly n: number
  readonly armies: number
  readonly men: number
  /** Words per army in a packed key; a key has armies * aw words. */
  readonly aw: number
  readonly w: number
  /** Per cell: the army whose target / camp it is, or -1. */
  readonly targetOf: Int8Array
  readonly campOf: Int8Array
  /** Per army: 1 on her target's cells, on her camp's cells. */
  readonly inTarget: Uint8Array[]
  readonly inCamp: Uint8Array[]
  /** Per army: the armies whose target is her camp (the vacate rule). */
  readonly targetedBy: number[][]
  /** Per army: the armies that win with her (teams), she first. */
  readonly side: number[][]
  /** Zobrist keys: per army and cell (lo, hi), and per army to move. */
  readonly zLo: Int32Array
  readonly zHi: Int32Array
  readonly zTurnLo: Int32Array
  readonly zTurnHi: Int32Array
  /** Step neighbours (the space's), for the chain test and the evaluation. */
  readonly space: PackedSpace

  constructor(readonly variant: Variant) {
    const space = (this.space = new PackedSpace(variant.board, variant.rules))
    const n = (this.n = space.n)
    const N = (this.armies = variant.armies.length)
    this.men = variant.armies[0]!.camp.length
    this.aw = wordsFor(n)
    this.w = N * this.aw
    this.targetOf = new Int8Array(n).fill(-1)
    this.campOf = new Int8Array(n).fill(-1)
    this.inTarget = []
    this.inCamp = []
    variant.armies.forEach((a, k) => {
      const t = new Uint8Array(n)
      const c = new Uint8Array(n)
      for (const x of a.target) {
        t[x] = 1
        this.targetOf[x] = k
      }
      for (const x of a.camp) {
        c[x] = 1
        this.campOf[x] = k
      }
      this.inTarget.push(t)
      this.inCamp.push(c)
    })
    const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i])
    this.targetedBy = variant.armies.map((p, k) => variant.armies.flatMap((o, j) => (j !== k && same(o.target, p.camp) ? [j] : [])))
    this.side = variant.armies.map((_, k) => (variant.partners ? [k, variant.partners[k]!] : [k]))
    const rnd = seededRandom(0x5eed)
    this.zLo = Int32Array.from({ length: N * n }, () => rnd() | 0)
    this.zHi = Int32Array.from({ length: N * n }, () => rnd() | 0)
    this.zTurnLo = Int32Array.from({ length: N }, () => rnd() | 0)
    this.zTurnHi = Int32Array.from({ length: N }, () => rnd() | 0)
  }
}

const tablesCache = new WeakMap<Variant, Tables>()
/** The tables of a variant, built once. */
export function tablesOf(v: Variant): Tables {
  let t = tablesCache.get(v)
  if (!t) tablesCache.set(v, (t = new Tables(v)))
  return t
}

export class Position {
  readonly t: Tables
  /** This position's own generator (its occupancy is this position's, 1 where any man stands). */
  readonly space: PackedSpace
  readonly owner: Int8Array
  /** Per army, her men's cells (unordered) and their number (always t.men). */
  readonly cells: Int16Array[]
  /** Per cell, the index of its man in his army's list. */
  private readonly slot: Int16Array
  readonly key: Uint32Array
  hashLo = 0
  hashHi = 0
  turn: number
  /** Moves made since the position was set up. */
  ply = 0
  /** The army whose side won with the last move (or on the board as set up), or -1. */
  winner = -1
  /** Per army: her men on her target, men of any army on her target, her men on her camp. */
  readonly home: Int32Array
  readonly filled: Int32Array
  readonly inCamp: Int32Array
  // The undo stack: the move, the army that moved it (PASS: the army that passed), the winner before.
  private readonly undoMove: Int32Array
  private readonly undoArmy: Int8Array
  private readonly undoWinner: Int8Array
  private readonly one = new Int16Array(1)
  private readonly genFrom = new Int16Array(MAX_MOVES)
  private readonly genTo = new Int16Array(MAX_MOVES)
  private readonly mark: Int32Array
  private stamp = 0
  private readonly queue: Int16Array

  constructor(readonly variant: Variant, data: PositionData, maxPly = 4096) {
    const t = (this.t = tablesOf(variant))
    this.space = new PackedSpace(variant.board, variant.rules)
    this.owner = new Int8Array(t.n).fill(-1)
    this.slot = new Int16Array(t.n).fill(-1)
    this.cells = variant.armies.map(() => new Int16Array(t.men))
    this.key = new Uint32Array(t.w)
    this.home = new Int32Array(t.armies)
    this.filled = new Int32Array(t.armies)
    this.inCamp = new Int32Array(t.armies)
    this.undoMove = new Int32Array(maxPly)
    this.undoArmy = new Int8Array(maxPly)
    this.undoWinner = new Int8Array(maxPly)
    this.mark = new Int32Array(t.n)
    this.queue = new Int16Array(t.n)
    this.turn = data.turn
    data.armies.forEach((cells, a) => cells.forEach((c, k) => this.put(a, c, k)))
    this.key[t.w - 1]! |= USED
    this.hashLo ^= t.zTurnLo[this.turn]!
    this.hashHi ^= t.zTurnHi[this.turn]!
    // A board set up already won (no move made it so) is over all the same: the winner is sought
    // from the army that moved last backwards, as a move's own test looks at its mover first.
    for (let k = 1; k <= t.armies && this.winner < 0; k++) {
      const a = (this.turn - k + t.armies) % t.armies
      if (this.hasWon(a)) this.winner = a
    }
  }

  /** The start of a variant: every army on her camp, the first army to move. */
  static start(v: Variant): Position {
    return new Position(v, { armies: v.armies.map((a) => a.camp), turn: v.first })
  }

  /** This position as plain data (each army's cells ascending). */
  data(): PositionData {
    return { armies: this.cells.map((c) => Array.from(c).sort((a, b) => a - b)), turn: this.turn }
  }

  clone(): Position {
    return new Position(this.variant, this.data())
  }

  private put(a: number, c: number, k: number): void {
    const t = this.t
    this.owner[c] = a
    this.slot[c] = k
    this.cells[a]![k] = c
    this.space.occupancy[c] = 1
    this.key[a * t.aw + (c >> 5)]! ^= 1 << (c & 31)
    this.hashLo ^= t.zLo[a * t.n + c]!
    this.hashHi ^= t.zHi[a * t.n + c]!
    if (t.inTarget[a]![c]) this.home[a]!++
    if (t.inCamp[a]![c]) this.inCamp[a]!++
    const q = t.targetOf[c]!
    if (q >= 0) this.filled[q]!++
  }

  private lift(c: number): void {
    const t = this.t
    const a = this.owner[c]!
    this.owner[c] = -1
    this.space.occupancy[c] = 0
    this.key[a * t.aw + (c >> 5)]! ^= 1 << (c & 31)
    this.hashLo ^= t.zLo[a * t.n + c]!
    this.hashHi ^= t.zHi[a * t.n + c]!
    if (t.inTarget[a]![c]) this.home[a]!--
    if (t.inCamp[a]![c]) this.inCamp[a]!--
    const q = t.targetOf[c]!
    if (q >= 0) this.filled[q]!--
  }

  /** Set the army to move (best-reply search moves armies out of turn). */
  setTurn(a: number): void {
    const t = this.t
    this.hashLo ^= t.zTurnLo[this.turn]! ^ t.zTurnLo[a]!
    this.hashHi ^= t.zTurnHi[this.turn]! ^ t.zTurnHi[a]!
    this.turn = a
  }

  /** The army after a in turn order. */
  next(a: number): number {
    return a + 1 === this.t.armies ? 0 : a + 1
  }

  /** Move the man on move's from-cell (of any army; normally the army to move), then pass the turn on. */
  make(m: Move): void {
    const p = this.ply++
    this.undoMove[p] = m
    this.undoWinner[p] = this.winner
    if (m === PASS) {
      this.undoArmy[p] = this.turn
      this.setTurn(this.next(this.turn))
      return
    }
    const from = moveFrom(m)
    const to = moveTo(m)
    const a = this.owner[from]!
    this.undoArmy[p] = this.turn
    const k = this.slot[from]!
    this.lift(from)
    this.put(a, to, k)
    this.winner = this.wins(a, to)
    this.setTurn(this.next(a))
  }

  unmake(): void {
    const p = --this.ply
    const m = this.undoMove[p]!
    this.setTurn(this.undoArmy[p]!)
    this.winner = this.undoWinner[p]!
    if (m === PASS) return
    const from = moveFrom(m)
    const to = moveTo(m)
    const a = this.owner[to]!
    const k = this.slot[to]!
    this.lift(to)
    this.put(a, from, k)
  }

  /** Whether army a's side has won. */
  hasWon(a: number): boolean {
    const t = this.t
    const v = this.variant
    if (v.win === 'chain') return this.home[a]! > 0 && this.inCamp[a]! > 0 && this.chain(a)
    for (const q of t.side[a]!) {
      const done = v.win === 'own' ? this.home[q] === t.men : this.filled[q] === t.men && this.home[q]! > 0
      if (!done) return false
    }
    return true
  }

  /** The side that has won after army a moved a man to `to` (she first, then the target's owner), or -1. */
  private wins(a: number, to: number): number {
    if (this.hasWon(a)) return a
    if (this.variant.win !== 'any-with-one') return -1
    const q = this.t.targetOf[to]!
    return q >= 0 && q !== a && this.hasWon(q) ? q : -1
  }

  /** Hexma: a chain of a's men from her camp to her target, each next to the one before. */
  private chain(a: number): boolean {
    const t = this.t
    const sp = t.space
    const deg = sp.degree
    const stamp = ++this.stamp
    const mark = this.mark
    const queue = this.queue
    let end = 0
    const men = this.cells[a]!
    for (let k = 0; k < t.men; k++) {
      const c = men[k]!
      if (t.inCamp[a]![c]) {
        mark[c] = stamp
        queue[end++] = c
      }
    }
    const inT = t.inTarget[a]!
    for (let q = 0; q < end; q++) {
      const c = queue[q]!
      if (inT[c]) return true
      for (let d = 0; d < deg; d++) {
        const nb = sp.nb[c * deg + d]!
        if (nb >= 0 && this.owner[nb] === a && mark[nb] !== stamp) {
          mark[nb] = stamp
          queue[end++] = nb
        }
      }
    }
    return false
  }

  /**
   * The vacate rule: whether army a must take a man out of her camp (some army whose target is
   * her camp has left his own camp, and hers still holds a man of hers).
   */
  mustVacate(a: number): boolean {
    if (!this.variant.vacate || this.inCamp[a] === 0) return false
    for (const o of this.t.targetedBy[a]!) if (this.inCamp[o] === 0) return true
    return false
  }

  /**
   * The legal moves of army a (default: the army to move), written to out from index `at`; the new
   * count. Each destination once (a cell reached by a step and by a chain is one move). Under the
   * vacate rule, only moves out of her camp when she must and can make one.
   */
  generate(out: Int32Array, at = 0, a = this.turn): number {
    const t = this.t
    const men = this.cells[a]!
    const one = this.one
    const mark = this.mark
    let count = at
    for (let k = 0; k < t.men; k++) {
      one[0] = men[k]!
      const got = this.space.movesOf(one, 1, this.genFrom, this.genTo, 0)
      const stamp = ++this.stamp
      for (let j = 0; j < got; j++) {
        const to = this.genTo[j]!
        if (mark[to] === stamp) continue
        mark[to] = stamp
        out[count++] = encodeMove(one[0], to)
      }
    }
    if (this.mustVacate(a)) {
      const camp = t.inCamp[a]!
      let kept = at
      for (let j = at; j < count; j++) {
        const m = out[j]!
        if (camp[moveFrom(m)] && !camp[moveTo(m)]) out[kept++] = m
      }
      if (kept > at) count = kept
    }
    return count
  }

  /** Whether m is a legal move of the army to move here. */
  isLegal(m: Move): boolean {
    const buf = new Int32Array(MAX_MOVES)
    const n = this.generate(buf)
    if (m === PASS) return n === 0
    for (let k = 0; k < n; k++) if (buf[k] === m) return true
    return false
  }
}

/** Positions after every sequence of `depth` moves from here, counted (passes counted as moves; games end at a win). */
export function perft(pos: Position, depth: number): number {
  if (depth === 0) return 1
  if (pos.winner >= 0) return 0
  const buf = new Int32Array(MAX_MOVES)
  const n = pos.generate(buf)
  if (depth === 1) return Math.max(n, 1)
  if (n === 0) {
    pos.make(PASS)
    const r = perft(pos, depth - 1)
    pos.unmake()
    return r
  }
  let total = 0
  for (let k = 0; k < n; k++) {
    pos.make(buf[k]!)
    total += perft(pos, depth - 1)
    pos.unmake()
  }
  return total
}
