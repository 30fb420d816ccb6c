/**
 * Perfect ranking of the positions a tablebase stores (docs/TABLEBASE.md "Ranking").
 *
 * Canonical view. Every position is stored as seen by the side to move: her men M head for the
 * game's `target`, the other side's men O for its `start`. A red-to-move position becomes this view
 * by the colour swap with the 180-degree rotation (red's men rotated are a mover heading for the
 * target), so one table serves both sides to move.
 *
 * Index. Entries are grouped in blocks by the other side's men O (the side that just moved); a
 * block holds every placement of M on the cells O leaves free: index = base(O) + rank(M | O), with
 * colex ranks (rank of s_0 < ... < s_{k-1} is sum C(s_i, i + 1)) and rank(M | O) that of M's cells
 * renumbered among the cells not in O. All moves of M from a position, and so all updates the
 * solver makes while working through one block, stay in that block.
 *
 * Mirror fold. Where the mirror (i, j) -> (j, i) fixes the start area, a position and its mirror
 * image are stored once: blocks exist only for the sets O with rank(O) <= rank(mirror O) (the
 * block's orientation), a position whose O is the other orientation is mirrored whole, and in the
 * blocks of symmetric O the entry of the smaller rank of M and mirror M holds both (the other is
 * marked unused).
 */
import type { TablebaseGame } from './game'

/** Binomial coefficients C(n, k) for n <= 81, k <= 13, exact in doubles. */
const BINOM: number[][] = (() => {
  const rows: number[][] = []
  for (let n = 0; n <= 90; n++) {
    const row = new Array<number>(14).fill(0)
    row[0] = 1
    for (let k = 1; k <= 13; k++) row[k] = n === 0 ? 0 : rows[n - 1]![k - 1]! + rows[n - 1]![k]!
    rows.push(row)
  }
  return rows
})()

export const binom = (n: number, k: number): number => (n < 0 || k < 0 ? 0 : BINOM[n]![k]!)

/** Colex rank of ascending values v[0..k). */
export function colexRank(v: ArrayLike<number>, k: number): number {
  let r = 0
  for (let i = 0; i < k; i++) r += BINOM[v[i]!]![i + 1]!
  return r
}

/** The ascending values of colex rank r with k elements, into out. */
export function colexUnrank(r: number, k: number, out: Int32Array | Int16Array | number[]): void {
  for (let i = k; i >= 1; i--) {
    // The largest v with C(v, i) <= r.
    let v = i - 1
    while (BINOM[v + 1]![i]! <= r) v++
    out[i - 1] = v
    r -= BINOM[v]![i]!
  }
}

/** A position in the canonical view: the mover's cells and the other side's, ascending. */
export interface CanonicalPosition {
  readonly mover: readonly number[]
  readonly other: readonly number[]
}

export class Layout {
  readonly game: TablebaseGame
  readonly n: number
  readonly p: number
  /** Sets of p cells: C(n, p). */
  readonly sets: number
  /** Entries per block: C(n - p, p). */
  readonly perBlock: number
  /** Blocks. */
  readonly blocks: number
  /** Entries in all: blocks * perBlock (an index fits a double exactly). */
  readonly entries: number
  /** Per set rank: its block, and whether the set is the block's orientation mirrored (1) or symmetric (2). */
  readonly blockOfSet: Int32Array
  readonly flipOfSet: Uint8Array
  /** Per block: the rank of its set (in the block's orientation). */
  readonly setOfBlock: Int32Array
  /** Mirror image of each cell, or the identity where the game has no mirror fold. */
  readonly mirror: Int16Array
  readonly rot: Int16Array

  constructor(game: TablebaseGame) {
    this.game = game
    const n = (this.n = game.n)
    const p = (this.p = game.men)
    this.sets = binom(n, p)
    this.perBlock = binom(n - p, p)
    this.rot = game.rot
    this.mirror = game.mirrored ? game.mirror : Int16Array.from({ length: n }, (_, c) => c)
    this.blockOfSet = new Int32Array(this.sets)
    this.flipOfSet = new Uint8Array(this.sets)
    const cells = new Int32Array(p)
    const image = new Int32Array(p)
    const blockSets: number[] = []
    for (let r = 0; r < this.sets; r++) {
      colexUnrank(r, p, cells)
      const ri = this.mappedRank(cells, this.mirror, image)
      if (ri < r) continue
      this.blockOfSet[r] = blockSets.length
      this.flipOfSet[r] = ri === r ? 2 : 0
      if (ri !== r) {
        this.blockOfSet[ri] = blockSets.length
        this.flipOfSet[ri] = 1
      }
      blockSets.push(r)
    }
    this.setOfBlock = Int32Array.from(blockSets)
    this.blocks = blockSets.length
    this.entries = this.blocks * this.perBlock
  }

  /** Colex rank of the image of ascending cells c[0..p) under a cell map (scratch: out). */
  mappedRank(c: ArrayLike<number>, map: Int16Array, out: Int32Array): number {
    const p = this.p
    for (let i = 0; i < p; i++) {
      const v = map[c[i]!]!
      let j = i
      while (j > 0 && out[j - 1]! > v) {
        out[j] = out[j - 1]!
        j--
      }
      out[j] = v
    }
    return colexRank(out, p)
  }

  /** The cells of block b's set, ascending. */
  blockCells(b: number, out: Int32Array): void {
    colexUnrank(this.setOfBlock[b]!, this.p, out)
  }

  /** The index of a position (canonical view), folded; the unused twin never comes out. */
  indexOf(pos: CanonicalPosition): number {
    const p = this.p
    const o = Int32Array.from(pos.other)
    const scratch = new Int32Array(p)
    const ro = colexRank(o, p)
    const flip = this.flipOfSet[ro]!
    const base = this.blockOfSet[ro]! * this.perBlock
    const ident = Int16Array.from({ length: this.n }, (_, c) => c)
    if (flip === 1)
      return (
        base +
        this.minorRank(
          pos.mover,
          this.mirror,
          pos.other.map((c) => this.mirror[c]!),
          scratch,
        )
      )
    const a = this.minorRank(pos.mover, ident, pos.other, scratch)
    if (flip === 0) return base + a
    return base + Math.min(a, this.minorRank(pos.mover, this.mirror, pos.other, scratch))
  }

  /** rank(map(M) | O) among the cells not in O (O already mapped). */
  private minorRank(mover: readonly number[], map: Int16Array, other: readonly number[], scratch: Int32Array): number {
    const taken = new Uint8Array(this.n)
    for (const c of other) taken[c] = 1
    const rel = new Int32Array(this.n)
    for (let c = 0, k = 0; c < this.n; c++) if (!taken[c]) rel[c] = k++
    const vals = mover.map((c) => rel[map[c]!]!).sort((a, b) => a - b)
    for (let i = 0; i < vals.length; i++) scratch[i] = vals[i]!
    return colexRank(scratch, this.p)
  }

  /** The position stored at an index (in its block's orientation). */
  positionAt(index: number): CanonicalPosition {
    const p = this.p
    const b = Math.floor(index / this.perBlock)
    const minor = index - b * this.perBlock
    const other = new Int32Array(p)
    this.blockCells(b, other)
    const free: number[] = []
    const taken = new Uint8Array(this.n)
    for (const c of other) taken[c] = 1
    for (let c = 0; c < this.n; c++) if (!taken[c]) free.push(c)
    const rel = new Int32Array(p)
    colexUnrank(minor, p, rel)
    return { mover: Array.from(rel, (r) => free[r]!), other: Array.from(other) }
  }

  /** Whether the entry at `index` is a stored position (not the unused twin in a symmetric block). */
  used(index: number): boolean {
    const b = Math.floor(index / this.perBlock)
    if (this.flipOfSet[this.setOfBlock[b]!] !== 2) return true
    return this.indexOf(this.positionAt(index)) === index
  }
}
