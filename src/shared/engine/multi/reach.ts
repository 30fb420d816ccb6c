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
  /** The witness (leastBudget): whether to keep the move found, and its footprint (marks), with each node's previous node and the man hopped to reach it. */
  private recording = false
  /** markHelp's marks, and the nodes from which a placement is within the budget (marks). */
  private helpMark = 0
  private readonly goodAt: Int32Array
  private goodMark = 0
  private readonly targets = new Map<Uint8Array, Int16Array>()
  private readonly fillAt: Int32Array
  private readonly vacAt: Int32Array
  private mark = 0
  private readonly stoneAt: Int32Array
  private readonly landAt: Int32Array
  private readonly prev: Int32Array
  private readonly via: Int16Array
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
    this.stoneAt = new Int32Array(space.n)
    this.landAt = new Int32Array(space.n)
    this.goodAt = new Int32Array(states)
    this.fillAt = new Int32Array(space.n)
    this.vacAt = new Int32Array(space.n)
    this.prev = new Int32Array(states)
    this.via = new Int16Array(states)
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

  /**
   * The least budget (up to `max`) with which canReach holds, or -1; the move found with it is kept
   * as the witness: the men and cells it hops over (stones, some perhaps still to be added) and the
   * cells it lands on (some perhaps still to be vacated). A move of another player that neither
   * takes a man from one of those stones nor lands on one of those landings leaves that move
   * needing no more than it did (touches); one that does needs at most one man added and one
   * removed besides (a budget one higher).
   */
  leastBudget(cells: readonly Int16Array[], size: Int32Array, winner: number, goal: Uint8Array, max: number, allowed?: Allowed): number {
    if (++this.mark >= 0x7fffffff) {
      this.stoneAt.fill(0)
      this.landAt.fill(0)
      this.mark = 1
    }
    this.recording = true
    let b = 0
    while (b <= max && !this.canReach(cells, size, winner, goal, b, allowed)) b++
    this.recording = false
    return b <= max ? b : -1
  }

  /**
   * After leastBudget found no move within `budget` - 1: the cells whose change could bring one
   * within it. Every move within `budget` that places a man is marked: the empty cells it hops over
   * (a man moved onto one helps) and the other men's cells it lands on (a man moved off one helps).
   * A move of another player that does neither (helps) leaves every placement needing `budget`
   * still, as a move within `budget` - 1 after it would be one within `budget` - 1 now.
   */
  markHelp(cells: readonly Int16Array[], size: Int32Array, winner: number, goal: Uint8Array, budget: number, allowed?: Allowed): void {
    if (++this.helpMark >= 0x7fffffff) {
      this.fillAt.fill(0)
      this.vacAt.fill(0)
      this.helpMark = 1
    }
    const what = this.what
    for (let a = 0; a < cells.length; a++) for (let k = 0; k < size[a]!; k++) what[cells[a]![k]!] = a === winner ? OWN : OTHER
    const W = cells[winner]!
    this.allowed = allowed
    for (let k = 0, j = 0; k < size[winner]!; k++) if (goal[W[k]!] === 0) this.explore(W[k]!, goal, budget, allowed ? allowed.masks[j++]! : -1)
    for (let a = 0; a < cells.length; a++) for (let k = 0; k < size[a]!; k++) what[cells[a]![k]!] = EMPTY
  }

  /**
   * markHelp for the man on `from`: first the nodes (cell, stones added, cells vacated) from which
   * hops reach a cell he may end on within the budget (backwards from the target: hops are
   * symmetric), then every hop of a move from his cell into such a node or onto such a cell.
   */
  private explore(from: number, goal: Uint8Array, budget: number, mask: number): void {
    const { nb, over, land, degree: deg } = this.space
    const what = this.what
    const b1 = budget + 1
    const b2 = b1 * b1
    const queue = this.queue
    if (!this.space.rules.jumpsOnly)
      for (let d = 0; d < deg; d++) {
        const t = nb[from * deg + d]!
        if (t >= 0 && goal[t] === 1 && what[t] === OTHER && budget > 0 && this.may(t, mask)) this.vacAt[t] = this.helpMark
      }
    what[from] = EMPTY
    if (++this.goodMark >= 0x7fffffff) {
      this.goodAt.fill(0)
      this.goodMark = 1
    }
    const good = this.goodMark
    const goodAt = this.goodAt
    let end = 0
    // Nodes one hop from a cell he may end on (hops are symmetric: found from the target's cells).
    for (const t of this.cellsOf(goal)) {
      if (what[t] === OWN || !this.may(t, mask)) continue
      for (let d = 0; d < deg; d++) {
        const o = over[t * deg + d]!
        if (o < 0 || o === from) continue
        const c = land[t * deg + d]!
        const ds = what[o] === EMPTY ? 1 : 0
        const dv = what[t] === OTHER ? 1 : 0
        for (let s = 0; s + ds <= budget; s++)
          for (let v = 0; v + dv <= budget; v++) {
            const x = (c * b1 + s) * b1 + v
            if (goodAt[x] !== good) {
              goodAt[x] = good
              queue[end++] = x
            }
          }
      }
    }
    // Backwards: a hop from p over o onto t leads into a good node (t, s2, v2) from (p, s2 - ds, v2 - dv).
    for (let q = 0; q < end; q++) {
      const x = queue[q]!
      const t = Math.floor(x / b2)
      if (what[t] === OWN && t !== from) continue
      const s2 = Math.floor(x / b1) % b1
      const v2 = x % b1
      const dv = what[t] === OTHER ? 1 : 0
      for (let d = 0; d < deg; d++) {
        const o = over[t * deg + d]!
        if (o < 0 || o === from) continue
        const p = land[t * deg + d]!
        const s = s2 - (what[o] === EMPTY ? 1 : 0)
        const v = v2 - dv
        if (s < 0 || v < 0) continue
        const y = (p * b1 + s) * b1 + v
        if (goodAt[y] !== good) {
          goodAt[y] = good
          queue[end++] = y
        }
      }
    }
    // Forwards from his cell: mark the changes each hop into a good node or onto a cell he may end on needs.
    const seen = this.seen
    if (++this.stamp >= 0x7fffffff) {
      seen.fill(0)
      this.stamp = 1
    }
    const stamp = this.stamp
    seen[from * b2] = stamp
    queue[0] = from * b2
    end = 1
    for (let q = 0; q < end; q++) {
      const node = queue[q]!
      const v = node % b1
      const s = Math.floor(node / b1) % b1
      const p = Math.floor(node / b2)
      for (let d = 0; d < deg; d++) {
        const o = over[p * deg + d]!
        if (o < 0 || o === from) continue
        const t = land[p * deg + d]!
        const s2 = what[o] === EMPTY ? s + 1 : s
        const v2 = what[t] === OTHER ? v + 1 : v
        if (what[t] === OWN || s2 > budget || v2 > budget) continue
        const next = (t * b1 + s2) * b1 + v2
        if ((goal[t] === 1 && this.may(t, mask)) || goodAt[next] === good) {
          if (s2 > s) this.fillAt[o] = this.helpMark
          if (v2 > v) this.vacAt[t] = this.helpMark
        }
        if (seen[next] === stamp) continue
        seen[next] = stamp
        queue[end++] = next
      }
    }
    what[from] = OWN
  }

  /** The cells with goal[c] === 1 (a target), listed once per target. */
  private cellsOf(goal: Uint8Array): Int16Array {
    let cells = this.targets.get(goal)
    if (!cells) {
      const list: number[] = []
      for (let c = 0; c < goal.length; c++) if (goal[c] === 1) list.push(c)
      this.targets.set(goal, (cells = Int16Array.from(list)))
    }
    return cells
  }

  /** Whether a move f -> t of another player could bring a placement within the budget (see markHelp). */
  helps(f: number, t: number): boolean {
    return this.fillAt[t] === this.helpMark || this.vacAt[f] === this.helpMark
  }

  /** Whether a move f -> t of another player disturbs the last witness's move (see leastBudget). */
  touches(f: number, t: number): boolean {
    return this.stoneAt[f] === this.mark || this.landAt[t] === this.mark
  }

  /** Keeps the footprint of the move that ends on t over o (o = -1: a step) from node `node` back to the man's start `root`. */
  private record(root: number, node: number, o: number, t: number, b1: number): void {
    const m = this.mark
    this.landAt[t] = m
    if (o < 0) return
    this.stoneAt[o] = m
    const b2 = b1 * b1
    for (let x = node; x !== root; x = this.prev[x]!) {
      this.landAt[Math.floor(x / b2)] = m
      this.stoneAt[this.via[x]!] = m
    }
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
        if (t >= 0 && goal[t] === 1 && (what[t] === EMPTY || (what[t] === OTHER && budget > 0)) && this.may(t, mask)) {
          if (this.recording) this.record(0, 0, -1, t, b1)
          return true
        }
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
          if (this.recording) this.record(from * b1 * b1, node, o, t, b1)
          found = true
          break
        }
        const next = (t * b1 + s2) * b1 + v2
        if (seen[next] === stamp) continue
        seen[next] = stamp
        queue[end++] = next
        if (this.recording) {
          this.prev[next] = node
          this.via[next] = o
        }
      }
    }
    what[from] = OWN
    return found
  }
}
