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
import { cellDistance, cellCentroid } from '../metrics'
import type { Problem } from '../problem'
import { symmetry } from '../symmetry'
import type { KernelStats, Sink } from './kernel'
import { USED, type KeySet } from './keyset'
import { PackedSpace, wordsFor } from './packed'

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
  /** Heuristic mode (paper 2.4): the winner (0 blue, 1 red) and its properties; null: exhaustive. */
  readonly heuristic: { readonly winner: number; readonly critical: number } | null
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
  /** Diagonal index x - y + diagonalOffset of each cell, for heuristic (v). */
  readonly diagonal: Int16Array
  readonly diagonalOffset: number
  readonly startKey: Uint32Array
  readonly first: number
  /** Whether boards are odd (the winner can finish without steps: heuristic (i)). */
  readonly oddBoard: boolean
  readonly fold: Int16Array | undefined

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
    const offset = Math.ceil(Math.max(...Array.from({ length: n }, (_, c) => Math.abs(cellCentroid(board, c)))))
    this.diagonalOffset = offset
    this.diagonal = Int16Array.from({ length: n }, (_, c) => Math.round(cellCentroid(board, c)) + offset)
    this.oddBoard = board.width % 2 === 1 && board.height % 2 === 1
    this.startKey = new Uint32Array(this.w)
    this.pack(blue.start, red.start, this.startKey, 0)
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
    return remainingFrom(left, occupying, dT, dWO, toMove === winner)
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
 */
export function remainingFrom(left: number, occupying: number, dT: number, dWO: number, winnerToMove: boolean): number {
  if (left === 0) return 0
  const phi = Math.min(dT - 1, dWO - 2)
  const wTurn = (t: number): number => (winnerToMove ? (t % 2 === 1 ? t : t + 1) : t % 2 === 0 ? t : t + 1)
  let h = wTurn(Math.max(1, phi + 1)) + 2 * (left - 1)
  if (occupying > 0) h = Math.max(h, wTurn((winnerToMove ? 2 * occupying : 2 * occupying - 1) + 1))
  return h
}

function lessKey(a: Uint32Array, ao: number, b: Uint32Array, bo: number, w: number): boolean {
  for (let k = w - 1; k >= 0; k--) {
    const x = a[ao + k]!
    const y = b[bo + k]!
    if (x !== y) return x < y
  }
  return false
}

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
  private readonly lines: Int32Array
  private readonly cellsA: number[] = []
  private readonly cellsB: number[] = []

  constructor(readonly domain: GameDomain) {
    this.key = new Uint32Array(domain.w)
    this.img = new Uint32Array(domain.w)
    this.out = new Uint32Array(domain.w)
    const n = domain.space.n
    this.armyCells = [new Int16Array(n), new Int16Array(n)]
    this.rowMin = new Int32Array(n)
    this.baseMin = [new Int32Array(n), new Int32Array(n)]
    this.lines = new Int32Array(n * 2 + 4)
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
    const mover = d.mover(rule.level)
    const other = 1 - mover
    const toMove = other
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
    const jumpsOnlyWinner = heur !== null && heur.winner === mover && d.oddBoard
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
      for (let k = 0; k < m; k++) occ[men[k]!] = 0
      for (let k = 0; k < f; k++) occ[foes[k]!] = 0
      stats.children += count
      if (count === 0) continue
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
        if (seen && seen.has(out, 0)) continue
        if (left === 0 && m === baseCount[mover]) {
          if (!heur || heur.winner === mover) sink.win(out, 0)
          continue
        }
        // Bound: distances between the armies after the move.
        let dWO = k === best1Man ? best2 : best1
        const row = toCell * n
        for (let q = 0; q < f; q++) {
          const x = dist[row + foes[q]!]!
          if (x < dWO) dWO = x
        }
        // Winner = mover.
        let dTm = k === mt1Man ? mt2 : mt1
        if (toMine[toCell]! < dTm) dTm = toMine[toCell]!
        const hMover = remainingFrom(left, otherOccupying, dTm, dWO, mover === toMove)
        // Winner = the other side.
        const occupyingNow = moverOccupying - inTheirs[fromCell]! + inTheirs[toCell]!
        const hOther = remainingFrom(otherLeft, occupyingNow, otherToBase, dWO, other === toMove)
        const h = hMover < hOther ? hMover : hOther
        if (rule.level + h > rule.bound) continue
        if (heur && !this.heuristicOk(fromCell, toCell, mover, rule.level, heur)) continue
        stats.kept++
        sink.add(out, 0, 0, 0)
      }
    }
  }

  /**
   * Heuristics (iv) and (v) of section 2.4 for a state after `level` moves: after each move
   * n >= l of the winner, at least (n - l)/2 + 1 of its men are in the opposing base; at the
   * critical move every diagonal line x - y = k, |k| <= 4, between the bases holds a man.
   */
  private heuristicOk(fromCell: number, toCell: number, mover: number, level: number, heur: { winner: number; critical: number }): boolean {
    const d = this.domain
    const moved = (c: number): number => (c === fromCell ? toCell : c)
    if (level >= heur.critical && mover === heur.winner) {
      const W = this.armyCells[heur.winner]!
      let home = 0
      for (let k = 0; k < this.armySize[heur.winner]!; k++) if (d.inBase[heur.winner]![moved(W[k]!)] === 1) home++
      if (home < Math.floor((level - heur.critical) / 2) + 1) return false
    }
    if (level === heur.critical) {
      const lines = this.lines
      lines.fill(0)
      for (let army = 0; army < 2; army++) {
        const cells = this.armyCells[army]!
        for (let k = 0; k < this.armySize[army]!; k++) lines[d.diagonal[army === mover ? moved(cells[k]!) : cells[k]!]!] = 1
      }
      for (let k = -4; k <= 4; k++) if (lines[d.diagonalOffset + k] === 0) return false
    }
    return true
  }
}
