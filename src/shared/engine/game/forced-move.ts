/**
 * A term of the game kernel's pruning: where a wasted turn would not fit (it costs two plies), the
 * side to move after a child must make a move that counts: the winner (once in contact) must place
 * a man into its base, the loser must take one of its men out of the winner's base. A child in
 * which that side has no such move cannot end within the bound.
 *
 * Deciding it per child from scratch is a move generation per child. So it is decided per parent
 * once (inParent), and each child from the parent's answer where its move cannot change it:
 * - yes (1): one such move is marked (its rungs and landing); a child keeps it unless its move
 *   takes away one of those rungs or lands on that landing;
 * - no (2): the cells through which a child's move could open such a move are marked (the jump
 *   frontier, and the cells a step would need); a child whose move touches none of them has none.
 * Otherwise the child is checked by a move generation of its own (hasMove).
 */
import { STAMP_LIMIT } from '../packed/space'
import type { PackedSpace } from '../packed/space'

/** The parent's armies, decoded: cells[army][0..size[army]). */
export interface DecodedState {
  readonly cells: readonly [Int16Array, Int16Array]
  readonly size: number[]
}

/** The parent's answer: 0 not worked out yet, 1 yes, 2 no, 3 not used (long jumps: every child is checked). */
export type ParentAnswer = 0 | 1 | 2 | 3

export class ForcedMoveCheck {
  private readonly nextMen: Int16Array
  /** The marks of the current parent, and the mark in use. */
  private readonly rungMark: Int32Array
  private readonly landMark: Int32Array
  private readonly witRung: Int32Array
  private readonly witLand: Int32Array
  private mark = 0

  constructor(
    private readonly space: PackedSpace,
    private readonly parent: DecodedState,
  ) {
    const n = space.n
    this.nextMen = new Int16Array(n)
    this.rungMark = new Int32Array(n)
    this.landMark = new Int32Array(n)
    this.witRung = new Int32Array(n)
    this.witLand = new Int32Array(n)
  }

  /** A new parent: fresh marks (they live in Int32Arrays: start over, cleared, before the counter passes what they hold). */
  nextParent(): void {
    if (this.mark >= STAMP_LIMIT) {
      this.rungMark.fill(0)
      this.landMark.fill(0)
      this.mark = 0
    }
    this.mark++
  }

  /**
   * Whether, in the parent, `army` (the side to move after the children's move) has a move that
   * takes a man into `target` (want 1) or out of it (want 0); marks as in the module comment.
   */
  inParent(army: number, target: Uint8Array, want: number): ParentAnswer {
    const space = this.space
    const occ = space.occupancy
    const { cells, size } = this.parent
    const mark = this.mark
    for (let a = 0; a < 2; a++) for (let k = 0; k < size[a]!; k++) occ[cells[a]![k]!] = 1
    const men = cells[army]!
    let m = 0
    for (let k = 0; k < size[army]!; k++) if (target[men[k]!] !== want) this.nextMen[m++] = men[k]!
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
    for (let a = 0; a < 2; a++) for (let k = 0; k < size[a]!; k++) occ[cells[a]![k]!] = 0
    return can ? 1 : 2
  }

  /**
   * For one child (the mover's man went from fromCell to toCell): whether `army` then has a move
   * into `target` (into) or out of it, decided by the parent's answer where it can be.
   */
  inChild(army: number, mover: number, fromCell: number, toCell: number, target: Uint8Array, into: boolean, answer: ParentAnswer): boolean {
    const mark = this.mark
    if (answer === 1 && this.witRung[fromCell] !== mark && this.witLand[toCell] !== mark) return true
    if (answer === 2 && this.rungMark[toCell] !== mark && this.landMark[fromCell] !== mark) return false
    return this.hasMove(army, mover, fromCell, toCell, target, into)
  }

  /** Whether, in the child, `army` has a move that takes a man into `target` (into) or out of it. */
  private hasMove(army: number, mover: number, fromCell: number, toCell: number, target: Uint8Array, into: boolean): boolean {
    const space = this.space
    const occ = space.occupancy
    const { cells, size } = this.parent
    const mine = cells[army]!
    for (let a = 0; a < 2; a++) for (let k = 0; k < size[a]!; k++) occ[cells[a]![k]!] = 1
    occ[fromCell] = 0
    occ[toCell] = 1
    // The candidates: men of `army` outside the target (into) or inside it (out).
    let m = 0
    for (let k = 0; k < size[army]!; k++) {
      const c = army === mover && mine[k] === fromCell ? toCell : mine[k]!
      if ((target[c] === 1) !== into) this.nextMen[m++] = c
    }
    const found = space.hasMoveTo(this.nextMen, m, target, into ? 1 : 0)
    occ[toCell] = 0
    for (let a = 0; a < 2; a++) for (let k = 0; k < size[a]!; k++) occ[cells[a]![k]!] = 0
    occ[fromCell] = 0
    return found
  }
}
