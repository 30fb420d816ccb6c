/**
 * The solver's hot loop (docs/TABLEBASE.md "The algorithm"), one block at a time. A thread runs it
 * on blocks it is handed; the tables are shared (SharedArrayBuffer) or plain arrays inline.
 *
 * The state of an entry (16 bits): an unresolved position holds the number of its legal moves
 * whose outcome is not yet a win for the opponent (a counter, 1..0x7fff); a resolved one holds
 * RESOLVED | level, the number of moves to the end under best play, whose parity is its value
 * (even: lost, odd: won). ILLEGAL and UNUSED (the mirror twin in a symmetric block) are fixed.
 *
 * The frontier. Bit j of a frontier map says: the position with the other side to move on the
 * board of entry j, phi(j) = (rot O, rot M), was resolved at the last level. Its predecessors are
 * the boards one move of M away, with M to move: the entries (M', O) of the same block. So a level
 * works through each block's frontier bits, generates M's moves, and updates entries of that block
 * only: a block is one thread's, with no locks. The one write outside the block is the frontier
 * bit of a newly resolved entry (M', O), at phi(M', O), set atomically.
 *
 * - Odd levels: the frontier positions are lost; every unresolved predecessor is won at this level.
 * - Even levels: the frontier positions are won; every unresolved predecessor's counter drops by
 *   its moves into them; at 0 it is lost at this level (its last hope just fell).
 * So a position is won at the level after its quickest lost successor, and lost at the level after
 * its slowest won one: the distance is to the end under best play (winner fastest, loser slowest).
 */
import { PackedSpace } from '../packed/space'
import { ManReach } from './reach'
import { TABLEBASE_RULES, type RuleMasks, type TablebaseGame } from './game'
import { binom, colexUnrank, type Layout } from './layout'

export const RESOLVED = 0x8000
export const ILLEGAL = 0xffff
export const UNUSED = 0xfffe
/** Largest counter and largest level an entry holds. */
export const MAX_COUNT = 0x7fff
export const MAX_LEVEL = 0x7ffd

/** The tables a kernel works on: blocks in segments of `segmentBlocks` blocks. */
export interface TableViews {
  readonly segmentBlocks: number
  readonly state: readonly Uint16Array[]
  /** Frontier maps (one bit per entry): the level's, and the next level's (set atomically when shared). */
  readonly current: readonly Int32Array[]
  readonly next: readonly Int32Array[]
}

/** What an init or level pass over some blocks found, weighted by nothing (entries). */
export interface PassCounts {
  /** Entries resolved (init: the lost at level 0). */
  resolved: number
  /** Init only: illegal entries and open ones. */
  illegal: number
  /** Frontier entries expanded and moves generated. */
  expanded: number
  moves: number
  /** Blocks passed over. */
  blocks: number
}

export const newCounts = (): PassCounts => ({ resolved: 0, illegal: 0, expanded: 0, moves: 0, blocks: 0 })

export class TablebaseKernel {
  readonly game: TablebaseGame
  readonly layout: Layout
  private readonly space: PackedSpace
  private readonly n: number
  private readonly p: number
  private readonly perBlock: number
  /** C(v, i) at v * 8 + i, for v < n, i <= 7. */
  private readonly bin: Int32Array
  /**
   * The free-cell ranks of every minor rank, p a minor: the same in every block (a block's entries
   * are the placements of M on the cells O leaves, numbered 0..n-p-1).
   */
  private readonly combos: Uint8Array
  private readonly masks: RuleMasks
  // Per-block scratch.
  private readonly blockSet = new Int32Array(8)
  /** rot O, ascending: the mover of every phi(entry) of the block. */
  private readonly rotBlock = new Int32Array(8)
  private oMask = 0
  private readonly rel: Int32Array
  private readonly relMirror: Int32Array
  private readonly free: Int32Array
  // Per-position scratch.
  private readonly combo = new Int32Array(8)
  private readonly men = new Int16Array(8)
  private readonly reach: ManReach
  private readonly moveTo: Int16Array
  private readonly pre = new Int32Array(8)
  private readonly suf = new Int32Array(8)
  private readonly u = new Int32Array(8)
  private readonly s1 = new Int32Array(8)
  private readonly s2 = new Int32Array(8)
  private readonly s3 = new Int32Array(8)
  private readonly s4 = new Int32Array(8)

  constructor(layout: Layout) {
    this.layout = layout
    this.game = layout.game
    this.masks = this.game.masks
    this.n = layout.n
    this.p = layout.p
    this.perBlock = layout.perBlock
    this.space = new PackedSpace(this.game.board, TABLEBASE_RULES)
    this.bin = new Int32Array(this.n * 8)
    for (let v = 0; v < this.n; v++) for (let i = 0; i < 8; i++) this.bin[v * 8 + i] = binom(v, i)
    this.combos = new Uint8Array(this.perBlock * this.p)
    const c = new Int32Array(this.p)
    for (let r = 0; r < this.perBlock; r++) {
      colexUnrank(r, this.p, c)
      for (let i = 0; i < this.p; i++) this.combos[r * this.p + i] = c[i]!
    }
    this.rel = new Int32Array(this.n)
    this.relMirror = new Int32Array(this.n)
    this.free = new Int32Array(this.n)
    this.reach = new ManReach(this.space)
    // One man has at most one move per empty cell.
    this.moveTo = new Int16Array(this.n + 8)
  }

  /** Set up block b: its set O on the occupancy, the free cells' ranks (and their mirror images'). */
  private enterBlock(b: number): boolean {
    const L = this.layout
    const O = this.blockSet
    L.blockCells(b, O)
    const occ = this.space.occupancy
    occ.fill(0)
    this.reach.lo = 0
    this.reach.hi = 0
    let mask = 0
    for (let i = 0; i < this.p; i++) {
      this.reach.add(O[i]!)
      mask |= this.masks.bit[O[i]!]!
      this.rotBlock[i] = L.rot[O[i]!]!
    }
    this.oMask = mask
    sortSmall(this.rotBlock, this.p)
    for (let c = 0, k = 0; c < this.n; c++) {
      if (occ[c] === 0) {
        this.free[k] = c
        this.rel[c] = k++
      } else this.rel[c] = -1
    }
    const symmetric = L.flipOfSet[L.setOfBlock[b]!] === 2
    if (symmetric) for (let c = 0; c < this.n; c++) this.relMirror[c] = this.rel[L.mirror[c]!]!
    return symmetric
  }

  /** Rank of the ascending values v[0..p). */
  private rankOf(v: Int32Array): number {
    let r = 0
    for (let i = 0; i < this.p; i++) r += this.bin[v[i]! * 8 + i + 1]!
    return r
  }

  /** Rank of the cells' values under a relative-rank map. */
  private rankMapped(map: Int32Array, cells: Int16Array, out: Int32Array): number {
    const p = this.p
    for (let i = 0; i < p; i++) {
      const v = map[cells[i]!]!
      let j = i
      while (j > 0 && out[j - 1]! > v) {
        out[j] = out[j - 1]!
        j--
      }
      out[j] = v
    }
    return this.rankOf(out)
  }

  /** Minor r's combo into this.combo and its men into this.men; the men's area mask. */
  private take(r: number): number {
    const p = this.p
    const at = r * p
    let mask = 0
    for (let i = 0; i < p; i++) {
      const v = this.combos[at + i]!
      this.combo[i] = v
      const c = this.free[v]!
      this.men[i] = c
      mask |= this.masks.bit[c]!
    }
    return mask
  }

  /** Prepare the ranks of the combo without its k-th value, for moves of man k. */
  private prepareMan(k: number): void {
    const p = this.p
    const bin = this.bin
    for (let i = 0, j = 0; i < p; i++) if (i !== k) this.u[j++] = this.combo[i]!
    let s = 0
    for (let q = 0; q < p; q++) {
      this.pre[q] = s
      if (q < p - 1) s += bin[this.u[q]! * 8 + q + 1]!
    }
    s = 0
    for (let q = p - 1; q >= 0; q--) {
      this.suf[q] = s
      if (q > 0) s += bin[this.u[q - 1]! * 8 + q + 1]!
    }
  }

  /** Rank within the block of the combo with man k (prepared) moved to free rank w. */
  private movedRank(w: number): number {
    let q = 0
    const last = this.p - 1
    while (q < last && this.u[q]! < w) q++
    return this.pre[q]! + this.bin[w * 8 + q + 1]! + this.suf[q]!
  }

  /** The moves of man k (on this.men[k]) into moveTo; their number. Occupancy marked. */
  private movesOfMan(k: number): number {
    return this.reach.destinations(this.men[k]!, this.moveTo)
  }

  /**
   * The init pass over blocks [b0, b1): every entry's state (illegal, lost at level 0 with its
   * frontier bit, or its count of legal moves), unused twins marked.
   */
  initBlocks(views: TableViews, b0: number, b1: number, counts: PassCounts): void {
    const p = this.p
    const B = this.perBlock
    const reach = this.reach
    const men = this.men
    const masks = this.masks
    const bit = masks.bit
    for (let b = b0; b < b1; b++) {
      const symmetric = this.enterBlock(b)
      const o = this.oMask
      const seg = Math.floor(b / views.segmentBlocks)
      const state = views.state[seg]!
      const base = (b - seg * views.segmentBlocks) * B
      for (let r = 0; r < B; r++) {
        const m = this.take(r)
        const at = base + r
        if (symmetric && this.rankMapped(this.relMirror, men, this.s1) < r) {
          state[at] = UNUSED
          continue
        }
        if (masks.illegal(m, o)) {
          state[at] = ILLEGAL
          counts.illegal++
          continue
        }
        if (masks.otherWon(m, o)) {
          this.resolve(views, state, at, 0, counts)
          continue
        }
        for (let i = 0; i < p; i++) reach.add(men[i]!)
        let legal = 0
        for (let k = 0; k < p; k++) {
          const from = men[k]!
          const fromBit = bit[from]!
          const count = this.movesOfMan(k)
          counts.moves += count
          for (let j = 0; j < count; j++) {
            const toBit = bit[this.moveTo[j]!]!
            // Only a move into or out of an area can end the game or block a corner.
            if ((fromBit | toBit) === 0) legal++
            else {
              const m2 = (m & ~fromBit) | toBit
              if (!masks.otherWon(m2, o) && !masks.blocked(m2, o)) legal++
            }
          }
        }
        for (let i = 0; i < p; i++) reach.remove(men[i]!)
        if (legal > MAX_COUNT) throw new RangeError(`a position has ${legal} moves; a table entry counts at most ${MAX_COUNT}`)
        if (legal === 0) this.resolve(views, state, at, 0, counts)
        else state[at] = legal
      }
    }
  }

  /**
   * Rebuild a frontier from the state (a resumed build): for blocks [b0, b1), the next frontier bit
   * of every entry resolved at `level`, as the level set them. The maps are derived data, so a
   * checkpoint holds the state only.
   */
  frontierBlocks(views: TableViews, b0: number, b1: number, level: number, counts: PassCounts): void {
    const B = this.perBlock
    const code = RESOLVED | level
    for (let b = b0; b < b1; b++) {
      const seg = Math.floor(b / views.segmentBlocks)
      const state = views.state[seg]!
      const base = (b - seg * views.segmentBlocks) * B
      let entered = false
      for (let r = 0; r < B; r++) {
        if (state[base + r] !== code) continue
        if (!entered) {
          this.enterBlock(b)
          entered = true
        }
        this.take(r)
        this.setFrontier(views, this.men)
        counts.resolved++
      }
    }
  }

  /** For a block of a symmetric set: 1 for each entry that is its own mirror image. */
  selfTwins(b: number): Uint8Array {
    const out = new Uint8Array(this.perBlock)
    if (!this.enterBlock(b)) return out
    for (let r = 0; r < this.perBlock; r++) {
      this.take(r)
      if (this.rankMapped(this.relMirror, this.men, this.s1) === r) out[r] = 1
    }
    return out
  }

  /** Mark entry `at` (of this block, men in this.men) resolved at `level`, and its frontier bit. */
  private resolve(views: TableViews, state: Uint16Array, at: number, level: number, counts: PassCounts): void {
    state[at] = RESOLVED | level
    counts.resolved++
    this.setFrontier(views, this.men)
  }

  /**
   * Set the next frontier bit of phi(M, O), M = mover (any order; the block's O in blockSet): the
   * entry of the board (rot O, rot M), i.e. block of rot M, minor rank of rot O among the cells
   * rot M leaves.
   */
  private setFrontier(views: TableViews, mover: Int16Array): void {
    const L = this.layout
    const p = this.p
    const rot = L.rot
    const a = this.s2
    for (let i = 0; i < p; i++) a[i] = rot[mover[i]!]!
    sortSmall(a, p)
    const setRank = this.rankOf(a)
    const flip = L.flipOfSet[setRank]!
    const block = L.blockOfSet[setRank]!
    const o = this.s3
    for (let i = 0; i < p; i++) o[i] = this.rotBlock[i]!
    let minor: number
    if (flip === 1) {
      mapSorted(a, L.mirror, p)
      mapSorted(o, L.mirror, p)
      minor = this.relRank(o, a)
    } else {
      minor = this.relRank(o, a)
      if (flip === 2) {
        mapSorted(o, L.mirror, p)
        const m2 = this.relRank(o, a)
        if (m2 < minor) minor = m2
      }
    }
    const seg = Math.floor(block / views.segmentBlocks)
    const at = (block - seg * views.segmentBlocks) * this.perBlock + minor
    Atomics.or(views.next[seg]!, at >>> 5, 1 << (at & 31))
  }

  /** Rank of the ascending cells m among the cells not in the ascending set o. */
  private relRank(m: Int32Array, o: Int32Array): number {
    const p = this.p
    const v = this.s4
    let below = 0
    for (let i = 0; i < p; i++) {
      while (below < p && o[below]! < m[i]!) below++
      v[i] = m[i]! - below
    }
    return this.rankOf(v)
  }

  /**
   * One level over blocks [b0, b1): each frontier bit's board, M's moves, and the updates of their
   * entries (see the module's comment). `level` is the level being made.
   */
  levelBlocks(views: TableViews, b0: number, b1: number, level: number, counts: PassCounts): void {
    const p = this.p
    const B = this.perBlock
    const reach = this.reach
    const men = this.men
    const rel = this.rel
    const won = (level & 1) === 1
    const resolvedCode = RESOLVED | level
    for (let b = b0; b < b1; b++) {
      const seg = Math.floor(b / views.segmentBlocks)
      const base = (b - seg * views.segmentBlocks) * B
      const bits = views.current[seg]!
      const w0 = base >>> 5
      const w1 = (base + B + 31) >>> 5
      let entered = false
      let symmetric = false
      const state = views.state[seg]!
      for (let w = w0; w < w1; w++) {
        let word = bits[w]!
        while (word !== 0) {
          const low = word & -word
          word ^= low
          const at = (w << 5) + 31 - Math.clz32(low)
          if (at < base || at >= base + B) continue
          if (!entered) {
            symmetric = this.enterBlock(b)
            entered = true
          }
          const r = at - base
          this.take(r)
          for (let i = 0; i < p; i++) reach.add(men[i]!)
          counts.expanded++
          // For a symmetric block: is the frontier board its own mirror image?
          const selfTwin = symmetric && this.rankMapped(this.relMirror, men, this.s1) === r
          for (let k = 0; k < p; k++) {
            const from = men[k]!
            const count = this.movesOfMan(k)
            counts.moves += count
            this.prepareMan(k)
            for (let j = 0; j < count; j++) {
              const to = this.moveTo[j]!
              let minor = this.movedRank(rel[to]!)
              let times = 1
              if (symmetric) {
                men[k] = to
                const twin = this.rankMapped(this.relMirror, men, this.s1)
                men[k] = from
                if (selfTwin) {
                  if (twin < minor) continue
                } else if (twin === minor) times = 2
                if (twin < minor) minor = twin
              }
              const t = base + minor
              const s = state[t]!
              if (s > MAX_COUNT) continue
              if (won) state[t] = resolvedCode
              else if (s > times) {
                state[t] = s - times
                continue
              } else state[t] = resolvedCode
              counts.resolved++
              men[k] = to
              this.setFrontier(views, men)
              men[k] = from
            }
          }
          for (let i = 0; i < p; i++) reach.remove(men[i]!)
        }
      }
    }
  }
}

/** Sort a small array's first p values ascending (insertion sort). */
function sortSmall(a: Int32Array, p: number): void {
  for (let i = 1; i < p; i++) {
    const v = a[i]!
    let j = i
    while (j > 0 && a[j - 1]! > v) {
      a[j] = a[j - 1]!
      j--
    }
    a[j] = v
  }
}

/** Map the first p values through a cell map and sort them again. */
function mapSorted(a: Int32Array, map: Int16Array, p: number): void {
  for (let i = 0; i < p; i++) a[i] = map[a[i]!]!
  sortSmall(a, p)
}
