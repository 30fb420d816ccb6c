/**
 * A look-ahead for the N-player kernel (issue 18): whether the winner's next move can still do
 * what the bound demands of it, whatever the other players do before it.
 *
 * When the bound's move count is tight and she has no type to change (extra = 0, and her men
 * outside her target T, left, equal her turns left before the game's last ply), each of her moves
 * must lower left + extra by one; extra cannot fall below 0, so each must take a man from outside
 * T onto T (a placement). (With extra > 0 a step that changes a man's type anywhere would do: the
 * look-ahead is not used then.) Between now and her next move, the j other players' moves change
 * the board by j men moved: at most j cells become occupied and at most j become empty (her men
 * stay where they are). Her move in the real position hops over men and lands on empty cells; in
 * the position now, each man hopped over is there or is one of the at most j newly occupied cells,
 * and each landing is empty or one of the at most j newly emptied cells (never one of her own
 * men). So if no man of hers outside T reaches T by a step or hops with at most j "stones" added
 * and at most j other men's cells "vacated", no line through this position meets the bound: the
 * kernel need not expand it. (Long jumps land far from the man hopped: not used with them.)
 * Her placement must also leave her still tight: the rest of her men outside must be able to fill
 * the rest of T one move each (fill.ts), or the bound after her move exceeds her turns. So the
 * kernel may hand each man the cells of T he may end on (`Allowed`, from FillOrder.placements, a
 * function of her men alone, which the others' moves do not change); he may still hop through the
 * others.
 */
import type { PackedSpace } from '../packed/space'

const EMPTY = 0
const OTHER = 1
const OWN = 2

/** Where each of the winner's men outside her target may end his move (fill.ts placements). */
export interface Allowed {
  /** Per man outside the target, in the order of her cells: the bits (bitOf) of the target cells he may end on. */
  readonly masks: Int32Array
  readonly bitOf: (c: number) => number
}

export class PlacementReach {
  private allowed: Allowed | undefined
  /** What stands on each cell: EMPTY, OTHER (another army's man) or OWN (the winner's). */
  private readonly what: Uint8Array
  private readonly seen: Int32Array
  private stamp = 0
  private readonly queue: Int32Array

  constructor(
    private readonly space: PackedSpace,
    /** The most other players' moves between two turns of one player (players - 1). */
    maxBudget: number,
  ) {
    const states = space.n * (maxBudget + 1) * (maxBudget + 1)
    this.what = new Uint8Array(space.n)
    this.seen = new Int32Array(states)
    this.queue = new Int32Array(states)
  }

  /**
   * Whether a man of the winner outside her target (goal[c] === 1 on it) can end a move on it with
   * at most `budget` cells made occupied and at most `budget` other men's cells made empty first.
   * cells[a][0..size[a]) are army a's men. With `allowed`, a man may end only on the target cells
   * of his mask (he may pass over and through the others).
   */
  canReach(cells: readonly Int16Array[], size: Int32Array, winner: number, goal: Uint8Array, budget: number, allowed?: Allowed): boolean {
    const what = this.what
    const b1 = budget + 1
    for (let a = 0; a < cells.length; a++) for (let k = 0; k < size[a]!; k++) what[cells[a]![k]!] = a === winner ? OWN : OTHER
    let found = false
    const W = cells[winner]!
    this.allowed = allowed
    for (let k = 0, j = 0; k < size[winner]! && !found; k++) if (goal[W[k]!] === 0) found = this.fromMan(W[k]!, goal, budget, b1, allowed ? allowed.masks[j++]! : -1)
    for (let a = 0; a < cells.length; a++) for (let k = 0; k < size[a]!; k++) what[cells[a]![k]!] = EMPTY
    return found
  }

  /** Whether the man on `from` may end his move on goal cell t (by the allowed masks, if any). */
  private may(t: number, mask: number): boolean {
    return mask === -1 || ((mask >> this.allowed!.bitOf(t)) & 1) === 1
  }

  private fromMan(from: number, goal: Uint8Array, budget: number, b1: number, mask: number): boolean {
    const { nb, over, land, degree: deg } = this.space
    const what = this.what
    const seen = this.seen
    const queue = this.queue
    // Steps: onto an empty cell of the target, or one another man leaves first.
    if (!this.space.rules.jumpsOnly)
      for (let d = 0; d < deg; d++) {
        const t = nb[from * deg + d]!
        if (t >= 0 && goal[t] === 1 && (what[t] === EMPTY || (what[t] === OTHER && budget > 0)) && this.may(t, mask)) return true
      }
    if (++this.stamp >= 0x7fffffff) {
      seen.fill(0)
      this.stamp = 1
    }
    const stamp = this.stamp
    what[from] = EMPTY // the hopper's own cell is empty while he is away
    let found = false
    // A node: (cell, stones added, cells vacated) as (cell * b1 + s) * b1 + v.
    seen[from * b1 * b1] = stamp
    queue[0] = from * b1 * b1
    let end = 1
    for (let q = 0; q < end && !found; q++) {
      const node = queue[q]!
      const v = node % b1
      const s = Math.floor(node / b1) % b1
      const p = Math.floor(node / (b1 * b1))
      for (let d = 0; d < deg; d++) {
        const o = over[p * deg + d]!
        // No other man can come to the hopper's own cell while he stands there.
        if (o < 0 || o === from) continue
        const t = land[p * deg + d]!
        const s2 = what[o] === EMPTY ? s + 1 : s
        const v2 = what[t] === OTHER ? v + 1 : v
        if (what[t] === OWN || s2 > budget || v2 > budget) continue
        if (goal[t] === 1 && this.may(t, mask)) {
          found = true
          break
        }
        const next = (t * b1 + s2) * b1 + v2
        if (seen[next] === stamp) continue
        seen[next] = stamp
        queue[end++] = next
      }
    }
    what[from] = OWN
    return found
  }
}
