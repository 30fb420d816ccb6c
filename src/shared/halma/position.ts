/**
 * A position: which army's man stands on each cell of a board. Positions are values: immutable
 * from the outside, cheap to compare and hash. Owner 0 means empty; owner k >= 1 is army k - 1
 * (1 = blue, the first army; 2 = red).
 */
import { nameOf, type Board } from './board'

/** The owner code stored for army index `army` (0-based). */
export const ownerOf = (army: number): number => army + 1

export class Position {
  private constructor(
    readonly board: Board,
    private readonly occ: Uint8Array,
  ) {}

  /** A position from the cells of each army (army 0 first). Cells must be distinct and on the board. */
  static of(board: Board, armies: readonly (readonly number[])[]): Position {
    const occ = new Uint8Array(board.size)
    armies.forEach((cells, a) => {
      for (const c of cells) {
        if (!(c >= 0 && c < board.size)) throw new RangeError(`cell ${c} is not on the board`)
        if (occ[c] !== 0) throw new RangeError(`cell ${nameOf(board, c)} holds two men`)
        occ[c] = ownerOf(a)
      }
    })
    return new Position(board, occ)
  }

  /** Adopt an occupancy array (owner per cell). The caller gives up the array. */
  static fromOccupancy(board: Board, occ: Uint8Array): Position {
    if (occ.length !== board.size) throw new RangeError('occupancy does not match the board')
    return new Position(board, occ)
  }

  /** Owner code at a cell: 0 empty, 1 army 0, 2 army 1. */
  at(cell: number): number {
    return this.occ[cell]!
  }

  /** A copy of the occupancy array (for move generation and search). */
  occupancy(): Uint8Array {
    return this.occ.slice()
  }

  /** The cells of army `army` (0-based), ascending. With no argument, every man's cell. */
  men(army?: number): number[] {
    const out: number[] = []
    const want = army === undefined ? -1 : ownerOf(army)
    for (let c = 0; c < this.occ.length; c++) {
      const o = this.occ[c]!
      if (o !== 0 && (want < 0 || o === want)) out.push(c)
    }
    return out
  }

  /** Number of armies present (the highest owner code). */
  get armies(): number {
    let m = 0
    for (const o of this.occ) if (o > m) m = o
    return m
  }

  /** A string that identifies the position on its board. */
  key(): string {
    return String.fromCharCode(...this.occ.map((o) => 48 + o))
  }

  equals(other: Position): boolean {
    if (other.occ.length !== this.occ.length) return false
    for (let c = 0; c < this.occ.length; c++) if (other.occ[c] !== this.occ[c]) return false
    return true
  }

  /** The position after moving the man on `from` to `to` (no legality check: see moves.ts). */
  moved(from: number, to: number): Position {
    const occ = this.occ.slice()
    occ[to] = occ[from]!
    occ[from] = 0
    return new Position(this.board, occ)
  }

  /** The cells of one army by name, e.g. "a1 b1 a2". */
  describe(army?: number): string {
    return this.men(army)
      .map((c) => nameOf(this.board, c))
      .join(' ')
  }
}
