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
 * kernel need not expand it. (Long jumps land far from the man hopped: not used with them.) The
 * stones and the vacated cells are counted as sets of cells: a move may hop twice over the same
 * added stone, or land twice on the same vacated cell, and each counts once; within one move a
 * cell is either a stone or empty, so a cell of one set is never used as one of the other.
 * Her placement must also leave her still tight: the rest of her men outside must be able to fill
 * the rest of T one move each (fill.ts), or the bound after her move exceeds her turns. So the
 * kernel may hand each man the cells of T he may end on (`Allowed`, from FillOrder.placements, a
 * function of her men alone, which the others' moves do not change); he may still hop through the
 * others.
 */
import type { PackedSpace } from '../packed/space'
import { MAX_STONES, StoneSets } from './stones'

/** The default of PlacementReach's maxNodes. */
export const MAX_NODES = 4096
const EMPTY = 0
const OTHER = 1
const OWN = 2
/** Where each of the winner's men outside her target may end his move (fill.ts placements). */
export interface Allowed {
  /** Per man outside the target, in the order of her cells: the bits (bitOf) of the target cells he may end on. */
  readonly masks: Int32Array
  readonly bitOf: (c: number) => number
}

/** What a search of one man's moves is for: the first placement, or the first with its footprint kept. */
type Mode = 'find' | 'record'

export class PlacementReach {
  private allowed: Allowed | undefined
  private mode: Mode = 'find'
  /** The witness's footprint (leastBudget). */
  private mark = 0
  private readonly stoneAt: Int32Array
  private readonly landAt: Int32Array
  /** What stands on each cell: EMPTY, OTHER (another army's man) or OWN (the winner's). */
  private readonly what: Uint8Array
  /** Budget 0: cells seen (marks), the breadth-first queue, and each cell's previous cell and the man hopped to reach it. */
  private readonly seen: Int32Array
  private stamp = 0
  private readonly queue: Int32Array
  private readonly prevCell: Int16Array
  private readonly viaCell: Int16Array
  /** Budget 1 or more: the nodes (cell, stones added, cells vacated) met, in order, with each one's previous node and the man hopped to reach it. */
  private nodeCell = new Int16Array(1024)
  private nodeS = new Int32Array(1024)
  private nodeV = new Int32Array(1024)
  /** The next node met at the same cell (-1: none), from cellFirst; cells by stamp. */
  private nodeNext = new Int32Array(1024)
  private readonly cellFirst: Int32Array
  private readonly cellSeen: Int32Array
  private cellStamp = 0
  /** The stone sets (by id) and the nodes to expand, by stones then cells vacated. */
  private readonly sets = new StoneSets()
  private readonly buckets: number[][] = []
  private nodePrev = new Int32Array(1024)
  private nodeVia = new Int16Array(1024)
  /** Budget 1 (withOne): marks, queue, previous node and man hopped, by node. */
  private oneSeen = new Int32Array(0)
  private oneQueue = new Int32Array(0)
  private onePrev = new Int32Array(0)
  private oneVia = new Int16Array(0)
  private oneStamp = 0

  /** Searches given up at maxNodes (each answered "can reach"), since construction. */
  undecided = 0

  constructor(
    private readonly space: PackedSpace,
    /** The most other players' moves between two turns of one player (players - 1). */
    maxBudget: number,
    /**
     * The most nodes one search with stones (budget 2 or more) may meet before it gives up and
     * answers "can reach": the look-ahead only drops what it proves cannot meet the bound, so a
     * search given up keeps the position (the search stays exact, it expands more). Without it, a
     * search of budget 5 that fails meets tens of thousands of nodes, each checked against those
     * at its cell, and a beam of six players near its bound spent minutes on one level.
     */
    private readonly maxNodes = MAX_NODES,
  ) {
    if (maxBudget > MAX_STONES || space.n > 256)
      throw new Error(`internal: a look-ahead budget of ${maxBudget} on ${space.n} cells (at most ${MAX_STONES} on 256)`)
    const n = space.n
    this.what = new Uint8Array(n)
    this.seen = new Int32Array(n)
    this.queue = new Int32Array(n)
    this.prevCell = new Int16Array(n)
    this.viaCell = new Int16Array(n)
    this.stoneAt = new Int32Array(n)
    this.landAt = new Int32Array(n)
    this.cellFirst = new Int32Array(n)
    this.cellSeen = new Int32Array(n)
  }

  /**
   * Whether a man of the winner outside her target (goal[c] === 1 on it) can end a move on it with
   * at most `budget` cells made occupied and at most `budget` other men's cells made empty first.
   * cells[a][0..size[a]) are army a's men. With `allowed`, a man may end only on the target cells
   * of his mask (he may pass over and through the others).
   */
  canReach(cells: readonly Int16Array[], size: Int32Array, winner: number, goal: Uint8Array, budget: number, allowed?: Allowed): boolean {
    return this.run(cells, size, winner, goal, budget, allowed, 'find')
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
    let b = 0
    while (b <= max && !this.run(cells, size, winner, goal, b, allowed, 'record')) b++
    return b <= max ? b : -1
  }

  /** Whether a move f -> t of another player disturbs the last witness's move (see leastBudget). */
  touches(f: number, t: number): boolean {
    return this.stoneAt[f] === this.mark || this.landAt[t] === this.mark
  }

  private run(
    cells: readonly Int16Array[],
    size: Int32Array,
    winner: number,
    goal: Uint8Array,
    budget: number,
    allowed: Allowed | undefined,
    mode: Mode,
  ): boolean {
    const what = this.what
    for (let a = 0; a < cells.length; a++) for (let k = 0; k < size[a]!; k++) what[cells[a]![k]!] = a === winner ? OWN : OTHER
    this.allowed = allowed
    this.mode = mode
    let found = false
    const W = cells[winner]!
    for (let k = 0, j = 0; k < size[winner]! && !found; k++) {
      if (goal[W[k]!] !== 0) continue
      const mask = allowed ? allowed.masks[j++]! : -1
      found =
        budget === 0
          ? this.plain(W[k]!, goal, mask)
          : budget === 1
            ? this.withOne(W[k]!, goal, mask)
            : this.withChanges(W[k]!, goal, budget, mask)
    }
    for (let a = 0; a < cells.length; a++) for (let k = 0; k < size[a]!; k++) what[cells[a]![k]!] = EMPTY
    return found
  }

  /** Whether the man on `from` may end his move on goal cell t (by the allowed masks, if any). */
  private may(t: number, mask: number): boolean {
    return mask === -1 || ((mask >> this.allowed!.bitOf(t)) & 1) === 1
  }

  /** Budget 0: the man's own moves on the board as it is (a step or hops), breadth first over cells. */
  private plain(from: number, goal: Uint8Array, mask: number): boolean {
    const { nb, over, land, degree: deg } = this.space
    const what = this.what
    if (!this.space.rules.jumpsOnly)
      for (let d = 0; d < deg; d++) {
        const t = nb[from * deg + d]!
        if (t >= 0 && goal[t] === 1 && what[t] === EMPTY && this.may(t, mask)) {
          if (this.mode === 'record') this.landAt[t] = this.mark
          return true
        }
      }
    if (++this.stamp >= 0x7fffffff) {
      this.seen.fill(0)
      this.stamp = 1
    }
    const stamp = this.stamp
    const seen = this.seen
    const queue = this.queue
    what[from] = EMPTY // the hopper's own cell is empty while he is away
    seen[from] = stamp
    queue[0] = from
    let end = 1
    let found = false
    for (let q = 0; q < end && !found; q++) {
      const p = queue[q]!
      for (let d = 0; d < deg; d++) {
        const o = over[p * deg + d]!
        if (o < 0 || what[o] === EMPTY) continue
        const t = land[p * deg + d]!
        if (what[t] !== EMPTY || seen[t] === stamp) continue
        if (goal[t] === 1 && this.may(t, mask)) {
          if (this.mode === 'record') {
            this.landAt[t] = this.mark
            this.stoneAt[o] = this.mark
            for (let c = p; c !== from; c = this.prevCell[c]!) {
              this.landAt[c] = this.mark
              this.stoneAt[this.viaCell[c]!] = this.mark
            }
          }
          found = true
          break
        }
        seen[t] = stamp
        queue[end++] = t
        this.prevCell[t] = p
        this.viaCell[t] = o
      }
    }
    what[from] = OWN
    return found
  }

  /**
   * Budget 1: withChanges with S of one cell at most, a node (cell, s, v) numbered
   * ((cell * (n + 1) + s + 1) * 2 + v (s = -1: none; v the cells vacated, 0 or 1) and met by marks
   * in a flat array.
   */
  private withOne(from: number, goal: Uint8Array, mask: number): boolean {
    const { nb, over, land, degree: deg, n } = this.space
    const what = this.what
    if (!this.space.rules.jumpsOnly)
      for (let d = 0; d < deg; d++) {
        const t = nb[from * deg + d]!
        if (t < 0 || goal[t] !== 1 || what[t] === OWN || !this.may(t, mask)) continue
        if (this.mode === 'record') this.landAt[t] = this.mark
        return true
      }
    const m = n + 1
    const size = n * m * 2
    if (this.oneSeen.length < size) {
      this.oneSeen = new Int32Array(size)
      this.oneQueue = new Int32Array(size)
      this.onePrev = new Int32Array(size)
      this.oneVia = new Int16Array(size)
      this.oneStamp = 0
    }
    if (++this.oneStamp >= 0x7fffffff) {
      this.oneSeen.fill(0)
      this.oneStamp = 1
    }
    const stamp = this.oneStamp
    const seen = this.oneSeen
    const queue = this.oneQueue
    what[from] = EMPTY
    const root = (from * m + 0) * 2
    seen[root] = stamp
    queue[0] = root
    let end = 1
    let found = false
    for (let q = 0; q < end && !found; q++) {
      const x = queue[q]!
      const v = x & 1
      const s = (Math.floor(x / 2) % m) - 1
      const p = Math.floor(x / (2 * m))
      for (let d = 0; d < deg; d++) {
        const o = over[p * deg + d]!
        if (o < 0 || o === from) continue
        const t = land[p * deg + d]!
        if (what[t] === OWN && t !== from) continue
        let s2 = s
        if (what[o] === EMPTY) {
          if (o !== s) {
            if (s >= 0) continue
            s2 = o
          }
        }
        if (t === s2) continue
        let v2 = v
        if (what[t] === OTHER) {
          if (v >= 1) continue
          v2 = 1
        }
        if (goal[t] === 1 && this.may(t, mask)) {
          if (this.mode === 'record') {
            this.landAt[t] = this.mark
            this.stoneAt[o] = this.mark
            for (let y = x; y !== root; y = this.onePrev[y]!) {
              this.landAt[Math.floor(y / (2 * m))] = this.mark
              this.stoneAt[this.oneVia[y]!] = this.mark
            }
          }
          found = true
          break
        }
        const next = (t * m + s2 + 1) * 2 + v2
        if (seen[next] === stamp) continue
        seen[next] = stamp
        queue[end++] = next
        this.onePrev[next] = x
        this.oneVia[next] = o
      }
    }
    what[from] = OWN
    return found
  }

  /**
   * Budget 2 or more: a search over nodes (cell, S, v), S the empty cells hopped over so far
   * (stones to be added), a set of at most `budget` cells, a stone for the rest of the move; v the
   * other men's cells landed on (to be vacated), at most `budget`, counted: a move need not land
   * twice on one cell (the hops between would make a loop, and the move without it is a move), so
   * the count of a move without loops is the number of its cells, and every such move is met.
   * A node is dropped when one met before at its cell has a subset of its stones and no more cells
   * vacated: every move on from it is a move on from that one, within the same budget (its stones
   * forbid no more landings). Nodes are taken by their stones, then their cells vacated, fewest
   * first (neither falls along a move), so that such a node is mostly met first.
   */
  private withChanges(from: number, goal: Uint8Array, budget: number, mask: number): boolean {
    const { nb, over, land, degree: deg } = this.space
    const what = this.what
    if (!this.space.rules.jumpsOnly)
      for (let d = 0; d < deg; d++) {
        const t = nb[from * deg + d]!
        if (t < 0 || goal[t] !== 1 || what[t] === OWN || !this.may(t, mask)) continue
        if (this.mode === 'record') this.landAt[t] = this.mark
        return true
      }
    const sets = this.sets
    sets.trim()
    if (++this.cellStamp >= 0x7fffffff) {
      this.cellSeen.fill(0)
      this.cellStamp = 1
    }
    const buckets = this.buckets
    const width = budget + 1
    for (let k = 0; k < width * width; k++) (buckets[k] ??= []).length = 0
    what[from] = EMPTY
    this.node(0, from, 0, 0, -1, -1)
    this.enter(from, 0)
    buckets[0]!.push(0)
    let end = 1
    let found = false
    for (let k = 0; k < width * width && !found; k++) {
      const bucket = buckets[k]!
      for (let i = 0; i < bucket.length && !found; i++) {
        const q = bucket[i]!
        const p = this.nodeCell[q]!
        const S = this.nodeS[q]!
        const V = this.nodeV[q]!
        for (let d = 0; d < deg; d++) {
          const o = over[p * deg + d]!
          if (o < 0 || o === from) continue
          const t = land[p * deg + d]!
          if (what[t] === OWN && t !== from) continue
          // The man hopped: there, or added (a new cell of S, within the budget).
          let S2 = S
          if (what[o] === EMPTY && !sets.has(S, o)) {
            if (sets.size(S) >= budget) continue
            S2 = sets.plus(S, o)
          }
          // The landing: empty, or vacated (one more, within the budget); never an added stone.
          let V2 = V
          if (sets.has(S2, t)) continue
          if (what[t] === OTHER) {
            if (V >= budget) continue
            V2 = V + 1
          }
          if (goal[t] === 1 && this.may(t, mask)) {
            if (this.mode === 'record') {
              this.landAt[t] = this.mark
              this.stoneAt[o] = this.mark
              for (let x = q; x > 0; x = this.nodePrev[x]!) {
                this.landAt[this.nodeCell[x]!] = this.mark
                this.stoneAt[this.nodeVia[x]!] = this.mark
              }
            }
            found = true
            break
          }
          if (this.dominated(t, S2, V2)) continue
          if (end >= this.maxNodes) {
            // Given up: "can reach", with no witness recorded (touches() is false: every child of
            // a parent so answered is kept too).
            this.undecided++
            found = true
            break
          }
          this.node(end, t, S2, V2, q, o)
          this.enter(t, end)
          buckets[sets.size(S2) * width + V2]!.push(end++)
        }
      }
    }
    what[from] = OWN
    return found
  }

  /** Whether a node met before at cell t has a subset of stones S and at most v cells vacated. */
  private dominated(t: number, S: number, v: number): boolean {
    if (this.cellSeen[t] !== this.cellStamp) return false
    for (let e = this.cellFirst[t]!; e >= 0; e = this.nodeNext[e]!)
      if (this.nodeV[e]! <= v && this.sets.subset(this.nodeS[e]!, S)) return true
    return false
  }

  /** Adds node i to the nodes met at cell t. */
  private enter(t: number, i: number): void {
    if (this.cellSeen[t] !== this.cellStamp) {
      this.cellSeen[t] = this.cellStamp
      this.cellFirst[t] = -1
    }
    this.nodeNext[i] = this.cellFirst[t]!
    this.cellFirst[t] = i
  }

  /** Stores node i (growing the arrays as needed). */
  private node(i: number, cell: number, S: number, V: number, prev: number, via: number): void {
    if (i >= this.nodeCell.length) {
      const grow = <T extends Int16Array | Int32Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2)
        b.set(a)
        return b
      }
      this.nodeCell = grow(this.nodeCell)
      this.nodeS = grow(this.nodeS)
      this.nodeV = grow(this.nodeV)
      this.nodePrev = grow(this.nodePrev)
      this.nodeVia = grow(this.nodeVia)
      this.nodeNext = grow(this.nodeNext)
    }
    this.nodeCell[i] = cell
    this.nodeS[i] = S
    this.nodeV[i] = V
    this.nodePrev[i] = prev
    this.nodeVia[i] = via
  }
}
