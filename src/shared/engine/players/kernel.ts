/**
 * The N-player kernel (the core's LevelKernel for games of 2 to 6 players): expand a range of a
 * level's states by the player to move, and keep a child only if a game of at most rule.bound
 * moves won by rule.winner may still pass through it (bound.ts). Children met before (the
 * duplicate window) are dropped; wins of the winner go to the sink as goals, wins of another
 * player end the line. Per parent the kernel works out what the bound needs once, so that each
 * child costs O(men) plus a hash probe.
 */
import type { KernelStats, LevelKernel, Sink } from '../core/contract'
import { USED, type KeySet } from '../core/keyset'
import { cellsOfBits } from '../packed/space'
import { beamScore, type ParentAt } from './beam-score'
import { pliesToWin, turnFrom, typeExtra } from './bound'
import type { PlayersDomain, PlayersRule } from './domain'
import { MAX_MEN } from './fill'
import { PlacementReach, type Allowed } from './reach'

const MAX_MOVES = 8192
const FAR = 1 << 20

export class PlayersKernel implements LevelKernel<PlayersRule> {
  private readonly from = new Int16Array(MAX_MOVES)
  private readonly to = new Int16Array(MAX_MOVES)
  private readonly out: Uint32Array
  /** The parent's armies, decoded. */
  private readonly cells: Int16Array[]
  private readonly size: Int32Array
  // The winner's counts in the parent (see summarize).
  private readonly far = new Int32Array(4)
  private readonly inside = new Int32Array(4)
  private readonly occupying: Int32Array
  private left = 0
  /** Per man of the winner (by index): steps to the nearest man of another army, and which. */
  private readonly nearest: Int32Array
  private readonly nearestMan: Int32Array
  private readonly second: Int32Array
  /** The two least of the winner's men's distances to her target, and the man of the least. */
  private t1 = 0
  private t2 = 0
  private t1Man = -1
  /** The two least of the winner's men's distances to other men, and the man of the least. */
  private o1 = 0
  private o2 = 0
  private o1Man = -1
  /** The mover's men outside her target, in the parent. */
  private moverLeft = 0
  /** Men per value of the winner's rung axis (all armies), in the parent; the winner's men outside her target, as values. */
  private readonly present: Int32Array
  private readonly outside: Int32Array
  /** The parent's rung gaps (-1: not worked out yet). */
  private parentGaps = -1
  /**
   * The winner's men outside her target in the parent (cells), where each may be placed (fill.ts
   * placements; undefined where the fill order does not apply) and the fill-order penalty: 1 where
   * none may be placed.
   */
  private readonly outMen = new Int16Array(MAX_MEN + 1)
  private masks: Int32Array | undefined
  private penalty = 0
  /** Where the winner's next placement may go (fill.ts placements), by her men outside and her free target cells; and the masks handed to reach.ts. */
  private readonly placeCache: Map<number, Map<number, Int32Array>>[]
  private placeCached = 0
  private readonly allowed: { masks: Int32Array; bitOf: (c: number) => number } = { masks: new Int32Array(0), bitOf: () => -1 }
  /** The look-ahead of reach.ts. */
  private readonly reach: PlacementReach
  /** Whether the look-ahead drops hopeless positions (parents unexpanded, children unstored); tests turn it off. */
  lookAhead = true
  /** Whether it applies in this range (lookAhead, and no long jumps). */
  private looking = false
  /** What lookParent leaves for the children: their look-ahead budget (-1: none), the allowed placements and the parent's least budget (-1: not worked out). */
  private childBudget = -1
  private allowedNow: Allowed | undefined
  private least = -1
  private readonly counts = { left: 0, extra: 0, d: 0, occupying: new Int32Array(0) as ArrayLike<number> }
  /** Teams: per move of the parent, whether its child is still kept, and the side's bound in it. */
  private readonly keep = new Uint8Array(MAX_MOVES)
  private readonly hOf = new Int32Array(MAX_MOVES)
  /**
   * Whether the children's look-ahead may be decided from the parent's least budget and witness
   * (reach.ts leastBudget) instead of a search per child; tests turn it off to compare, and count
   * how often the shortcut decided (spared: kept unsearched).
   */
  shortcuts = true
  readonly shortcutCounts = { spared: 0 }

  constructor(readonly domain: PlayersDomain) {
    const n = domain.space.n
    this.out = new Uint32Array(domain.w)
    this.cells = Array.from({ length: domain.players }, () => new Int16Array(n))
    this.size = new Int32Array(domain.players)
    this.occupying = new Int32Array(domain.players)
    this.counts.occupying = this.occupying
    this.nearest = new Int32Array(n)
    this.nearestMan = new Int32Array(n)
    this.second = new Int32Array(n)
    this.present = new Int32Array(Math.max(...domain.rungs.map((r) => r.range)) + 8)
    this.outside = new Int32Array(n)
    this.reach = new PlacementReach(domain.space, domain.players - 1)
    this.placeCache = Array.from({ length: domain.players }, () => new Map())
  }

  private decode(table: Uint32Array, off: number): void {
    const d = this.domain
    for (let a = 0; a < d.players; a++) this.size[a] = cellsOfBits(table, off + a * d.aw, d.aw, a === d.players - 1, this.cells[a]!)
  }

  /** The mover's moves in the decoded parent (into from/to); their number. */
  private moves(mover: number): number {
    const space = this.domain.space
    const occ = space.occupancy
    for (let a = 0; a < this.domain.players; a++) for (let k = 0; k < this.size[a]!; k++) occ[this.cells[a]![k]!] = 1
    const count = space.movesOf(this.cells[mover]!, this.size[mover]!, this.from, this.to, 0)
    for (let a = 0; a < this.domain.players; a++) for (let k = 0; k < this.size[a]!; k++) occ[this.cells[a]![k]!] = 0
    return count
  }

  /** What the winner's bound needs of the decoded parent. */
  private summarize(winner: number, mover: number): void {
    const d = this.domain
    const n = d.space.n
    const inT = d.inTarget[winner]!
    const near = d.nearTarget[winner]!
    const toT = d.toTarget[winner]!
    const W = this.cells[winner]!
    const m = this.size[winner]!
    this.far.fill(0)
    this.inside.fill(0)
    this.left = 0
    this.t1 = this.t2 = this.o1 = this.o2 = FAR
    this.t1Man = this.o1Man = -1
    for (let k = 0; k < m; k++) {
      const c = W[k]!
      if (inT[c] === 0) {
        if (this.left <= MAX_MEN) this.outMen[this.left] = c
        this.left++
        if (near[c] === 0) this.far[d.cellType[c]!]!++
      } else this.inside[d.cellType[c]!]!++
      const t = toT[c]!
      if (t < this.t1) {
        this.t2 = this.t1
        this.t1 = t
        this.t1Man = k
      } else if (t < this.t2) this.t2 = t
      // Nearest man of another army, and the second nearest (another man).
      let b1 = FAR
      let b2 = FAR
      let b1Man = -1
      for (let a = 0; a < d.players; a++) {
        if (a === winner) continue
        const O = this.cells[a]!
        for (let q = 0; q < this.size[a]!; q++) {
          const x = d.dist[c * n + O[q]!]!
          if (x < b1) {
            b2 = b1
            b1 = x
            b1Man = O[q]!
          } else if (x < b2) b2 = x
        }
      }
      this.nearest[k] = b1
      this.nearestMan[k] = b1Man
      this.second[k] = b2
      if (b1 < this.o1) {
        this.o2 = this.o1
        this.o1 = b1
        this.o1Man = k
      } else if (b1 < this.o2) this.o2 = b1
    }
    for (let a = 0; a < d.players; a++) {
      let on = 0
      const O = this.cells[a]!
      if (a !== winner) for (let q = 0; q < this.size[a]!; q++) on += inT[O[q]!]!
      this.occupying[a] = on
    }
    const value = d.rungValue[winner]!
    this.present.fill(0)
    for (let a = 0; a < d.players; a++) for (let q = 0; q < this.size[a]!; q++) this.present[value[this.cells[a]![q]!]!]!++
    this.parentGaps = -1
    const inM = d.inTarget[mover]!
    let ml = 0
    for (let q = 0; q < this.size[mover]!; q++) ml += 1 - inM[this.cells[mover]![q]!]!
    this.moverLeft = ml
    this.masks =
      typeExtra(this.far, this.inside, d.targetTypes[winner]!) === 0 ? this.placements(winner, this.outMen, this.left) : undefined
    this.penalty = penaltyOf(this.masks)
  }

  /**
   * The moves before the winner's next placement by its rungs in the child (PlacementRungs.gaps on
   * her axis), or `limit` when at least that. Where another player's move leaves the occupied
   * values and the winner's men as they were, the parent's answer, worked out once.
   */
  private rungGaps(mover: number, winner: number, f: number, t: number, limit: number): number {
    const d = this.domain
    const rungs = d.rungs[winner]!
    const value = d.rungValue[winner]!
    const present = this.present
    const inT = d.inTarget[winner]!
    const W = this.cells[winner]!
    const vf = value[f]!
    const vt = value[t]!
    if (mover !== winner && (vf === vt || (present[vf]! > 1 && present[vt]! > 0))) {
      if (this.parentGaps < 0) {
        let count = 0
        for (let q = 0; q < this.size[winner]!; q++) if (inT[W[q]!] === 0) this.outside[count++] = value[W[q]!]!
        this.parentGaps = rungs.gaps(0, present, this.outside, count)
      }
      return this.parentGaps
    }
    present[vf]!--
    present[vt]!++
    let count = 0
    for (let q = 0; q < this.size[winner]!; q++) {
      const c = mover === winner && W[q] === f ? t : W[q]!
      if (inT[c] === 0) this.outside[count++] = value[c]!
    }
    const g = rungs.gaps(0, present, this.outside, count, limit)
    present[vf]!++
    present[vt]!--
    return g
  }

  /**
   * The look-ahead's budget (reach.ts) for a position of the decoded, summarized parent's line
   * whose next mover is `next`, with `plies` plies left until rule.bound (ply 1 = next's move): the
   * other players' moves before the winner's next turn; or -1 where it does not apply (the
   * winner's count not tight, a type change owed: then her next move need not place a man).
   * `extra` is the typeExtra with the fill penalty (fill.ts), `left` her men outside her target
   * (the parent's unless given).
   */
  private lookAheadBudget(winner: number, next: number, plies: number, extra: number, left = this.left): number {
    const N = this.domain.players
    const first = ((winner - next + N) % N) + 1
    const turns = plies >= first ? Math.floor((plies - first) / N) + 1 : 0
    return extra === 0 && left >= turns ? first - 1 : -1
  }

  /**
   * Whether a man of the winner can still reach her target with `budget` other players' moves
   * first, after the decoded parent's mover (the winner or another) has moved f -> t.
   */
  private reachesAfter(mover: number, winner: number, f: number, t: number, budget: number, allowed?: Allowed): boolean {
    const M = this.cells[mover]!
    let k = 0
    while (M[k] !== f) k++
    M[k] = t
    const reach = this.reach.canReach(this.cells, this.size, winner, this.domain.inTarget[winner]!, budget, allowed)
    M[k] = f
    return reach
  }

  /**
   * The target cells each of the winner's men outside (men[0..left), in the order of her cells in
   * the position asked about) may be placed on with the rest still fillable (fill.ts placements);
   * her men are the decoded parent's with f moved to t (f = -1: as they are); undefined where
   * fill.ts does not apply. Cached by the winner, her men and the free cells (her men's positions
   * repeat across a level far more than the others'). Worked out only without a type change owed.
   */
  private placements(winner: number, men: Int16Array, left: number, f = -1, t = -1): Int32Array | undefined {
    const d = this.domain
    if (!d.contact || left === 0 || left > MAX_MEN) return undefined
    const order = d.fillOrder(winner)
    const free = order.freeOf(this.cells[winner]!, this.size[winner]!, f, t)
    let key = 0
    for (let i = 0; i < left; i++) key = key * 256 + men[i]!
    const cache = this.placeCache[winner]!
    let inner = cache.get(free)
    if (!inner) cache.set(free, (inner = new Map()))
    let masks = inner.get(key)
    if (!masks) {
      masks = new Int32Array(left)
      order.placements(men, left, free, masks)
      if (++this.placeCached > 1 << 20) {
        for (const c of this.placeCache) c.clear()
        this.placeCached = 0
      }
      inner.set(key, masks)
    }
    return masks
  }

  /** The masks as reach.ts takes them (undefined: every target cell allowed). */
  private allowedBy(winner: number, masks: Int32Array | undefined): Allowed | undefined {
    if (!masks) return undefined
    this.allowed.masks = masks
    this.allowed.bitOf = this.domain.fillOrder(winner).bitOfCell
    return this.allowed
  }

  /**
   * The look-ahead for a child of another player's move f -> t: whether a man of the winner can
   * still reach her target within `budget`, where the parent needed `least` (-1: not worked out).
   */
  private childReaches(mover: number, winner: number, f: number, t: number, budget: number, least: number, allowed?: Allowed): boolean {
    if (this.shortcuts && least >= 0) {
      if (least < budget || (least === budget && !this.reach.touches(f, t))) {
        this.shortcutCounts.spared++
        return true
      }
    }
    return this.reachesAfter(mover, winner, f, t, budget, allowed)
  }

  /** The vacate rule: whether the decoded parent's mover must take a man out of her camp (and can). */
  private mustVacate(mover: number, count: number): boolean {
    const d = this.domain
    const o = d.targetedBy[mover]!
    if (!d.game.options.vacate || o < 0) return false
    const camp = d.inCamp[mover]!
    const M = this.cells[mover]!
    let home = false
    for (let k = 0; k < this.size[mover]! && !home; k++) home = camp[M[k]!] === 1
    if (!home) return false
    const theirs = d.inCamp[o]!
    for (let k = 0; k < this.size[o]!; k++) if (theirs[this.cells[o]![k]!] === 1) return false
    for (let j = 0; j < count; j++) if (camp[this.from[j]!] === 1 && camp[this.to[j]!] === 0) return true
    return false
  }

  /**
   * The look-ahead's part for the decoded parent, for player p (summarized): false where no line
   * through the parent can still bring p home in time (the parent is then left unexpanded). It only
   * applies while another player moves (p's men stay put) and p's men are counted one move each.
   * Sets what the children's look-ahead needs: their budget (-1: none), p's allowed placements and
   * the parent's least budget, whose witness (reach.ts) spares most children a search of their own.
   */
  private lookParent(p: number, mover: number, next: number, room: number): boolean {
    this.childBudget = -1
    this.least = -1
    this.allowedNow = undefined
    if (!this.looking || mover === p || this.left === 0) return true
    const extra = typeExtra(this.far, this.inside, this.domain.targetTypes[p]!) + this.penalty
    const budget = this.lookAheadBudget(p, mover, room + 1, extra)
    this.childBudget = this.lookAheadBudget(p, next, room, extra)
    this.allowedNow = this.allowedBy(p, this.masks)
    if (budget < 0) return true
    this.least = this.reach.leastBudget(this.cells, this.size, p, this.domain.inTarget[p]!, budget, this.allowedNow)
    return this.least >= 0
  }

  /**
   * Whether the child f -> t of the decoded parent's mover may lie on a line that brings player p
   * (summarized, lookParent run) home within `room` plies: her bound (bound.ts, with the fill order
   * and the rungs) and the look-ahead; with `window`, a child met before is dropped too. Returns her
   * bound in the child, or -1 where the child is dropped.
   */
  private judge(p: number, mover: number, next: number, room: number, f: number, t: number, window?: readonly KeySet[]): number {
    const d = this.domain
    const n = d.space.n
    const N = d.players
    const inT = d.inTarget[p]!
    const near = d.nearTarget[p]!
    const types = d.targetTypes[p]!
    const type = d.cellType
    const dist = d.dist
    const far = this.far
    const inside = this.inside
    const occupying = this.occupying
    const counts = this.counts
    const M = this.cells[mover]!
    let dT: number
    let dO: number
    let left = this.left
    if (mover === p) {
      let k = 0
      while (M[k] !== f) k++
      left = this.left + inT[f]! - inT[t]!
      dT = Math.min(k === this.t1Man ? this.t2 : this.t1, d.toTarget[p]![t]!)
      dO = k === this.o1Man ? this.o2 : this.o1
      for (let a = 0; a < N; a++) {
        if (a === p) continue
        const O = this.cells[a]!
        for (let q = 0; q < this.size[a]!; q++) {
          const x = dist[t * n + O[q]!]!
          if (x < dO) dO = x
        }
      }
      // Her types with the man moved.
      if (inT[f] === 1) inside[type[f]!]!--
      else if (near[f] === 0) far[type[f]!]!--
      if (inT[t] === 1) inside[type[t]!]!++
      else if (near[t] === 0) far[type[t]!]!++
      counts.extra = typeExtra(far, inside, types)
      if (inT[t] === 1) inside[type[t]!]!--
      else if (near[t] === 0) far[type[t]!]!--
      if (inT[f] === 1) inside[type[f]!]!++
      else if (near[f] === 0) far[type[f]!]!++
    } else {
      dT = this.t1
      dO = FAR
      const W = this.cells[p]!
      for (let k = 0; k < this.size[p]!; k++) {
        const c = W[k]!
        let x = this.nearestMan[k] === f ? this.second[k]! : this.nearest[k]!
        const y = dist[c * n + t]!
        if (y < x) x = y
        if (x < dO) dO = x
      }
      counts.extra = typeExtra(far, inside, types) + this.penalty
      occupying[mover] = occupying[mover]! - inT[f]! + inT[t]!
    }
    counts.left = left
    counts.d = d.contact ? Math.min(dT - 1, dO - 2) : 0
    let h = pliesToWin(counts, p, next, N)
    // Her fill order (fill.ts), where she moved and owes no type change; its placements serve
    // the look-ahead after her move below.
    let masks: Int32Array | undefined
    if (mover === p && counts.extra === 0 && h <= room && left <= MAX_MEN) {
      let k = 0
      for (let q = 0; q < this.size[p]!; q++) {
        const c = M[q] === f ? t : M[q]!
        if (inT[c] === 0) this.outMen[k++] = c
      }
      masks = this.placements(p, this.outMen, left, f, t)
      counts.extra = penaltyOf(masks)
      if (counts.extra > 0) h = pliesToWin(counts, p, next, N)
    }
    if (mover !== p) occupying[mover] = occupying[mover]! + inT[f]! - inT[t]!
    if (h > room || (window && met(window, this.out))) return -1
    // The rungs the next placement needs may put it further off (not with long jumps). Only
    // whether they reach `limit`, the least count that prunes, matters.
    if (d.contact && counts.left > 0) {
      let limit = Math.max(counts.d, 0) + 1
      while (turnFrom(p, limit + 1, next, N) + (counts.left - 1) * N <= room) limit++
      if (this.rungGaps(mover, p, f, t, limit) >= limit) return -1
    }
    if (this.childBudget >= 0 && !this.childReaches(mover, p, f, t, this.childBudget, this.least, this.allowedNow)) return -1
    // After her own move: the look-ahead for her next one (the others' N - 1 moves first). (A
    // partner who is home waits for the other: nothing to look ahead for.)
    if (this.looking && mover === p && counts.left > 0) {
      const budget = this.lookAheadBudget(p, next, room, counts.extra, counts.left)
      if (budget >= 0 && !this.reachesAfter(mover, p, f, t, budget, this.allowedBy(p, masks))) return -1
    }
    return h
  }

  /** The decoded parent and the child written, as beamScore reads them (one object per kernel). */
  private at: ParentAt | undefined
  private parentAt(): ParentAt {
    return (this.at ??= { domain: this.domain, cells: this.cells, size: this.size, child: this.out })
  }

  /** The child f -> t of the parent at table[off..] by the mover, into this.out. */
  private child(table: Uint32Array, off: number, mover: number, f: number, t: number): void {
    const out = this.out
    const base = mover * this.domain.aw
    for (let k = 0; k < this.domain.w; k++) out[k] = table[off + k]!
    out[base + (f >> 5)]! &= ~(1 << (f & 31))
    out[base + (t >> 5)]! |= 1 << (t & 31)
  }

  expandRange(
    table: Uint32Array,
    start: number,
    end: number,
    rule: PlayersRule,
    window: readonly KeySet[],
    sink: Sink,
    stats: KernelStats,
  ): void {
    const d = this.domain
    this.looking = this.lookAhead && d.contact
    if (d.game.options.teams) {
      this.expandTeams(table, start, end, rule, window, sink, stats)
      return
    }
    const w = d.w
    const mover = d.mover(rule.level)
    const next = d.mover(rule.level + 1)
    const winner = rule.winner
    const room = rule.bound - rule.level
    const inM = d.inTarget[mover]!
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      this.decode(table, off)
      this.summarize(winner, mover)
      if (!this.lookParent(winner, mover, next, room)) continue
      const count = this.moves(mover)
      stats.children += count
      if (count === 0) continue
      const camp = d.inCamp[mover]!
      const vacating = this.mustVacate(mover, count)
      for (let j = 0; j < count; j++) {
        const f = this.from[j]!
        const t = this.to[j]!
        if (vacating && (camp[f] === 0 || camp[t] === 1)) continue
        this.child(table, off, mover, f, t)
        if (this.moverLeft + inM[f]! - inM[t]! === 0) {
          if (mover === winner) sink.goal(this.out, 0, slot)
          continue
        }
        const h = this.judge(winner, mover, next, room, f, t, window)
        if (h < 0) continue
        stats.kept++
        sink.child(this.out, 0, slot, rule.score === 'none' ? 0 : beamScore(this.parentAt(), rule, mover, f, t, h))
      }
    }
  }

  /**
   * Games of teams: the game ends when both partners of a side have filled their targets (a goal
   * where it is the winner's side). Each partner must be home by the last ply, so a child is kept
   * only where each of them may still be (judge, one pass per partner: her bound, fill order, rungs
   * and look-ahead, as for a player alone); the side's bound is the larger of theirs.
   */
  private expandTeams(
    table: Uint32Array,
    start: number,
    end: number,
    rule: PlayersRule,
    window: readonly KeySet[],
    sink: Sink,
    stats: KernelStats,
  ): void {
    const d = this.domain
    const w = d.w
    const mover = d.mover(rule.level)
    const next = d.mover(rule.level + 1)
    const room = rule.bound - rule.level
    const side = d.sides[rule.winner]!
    const moverSide = d.sides[mover]!
    const inM = d.inTarget[mover]!
    const keep = this.keep
    const hOf = this.hOf
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      this.decode(table, off)
      const count = this.moves(mover)
      stats.children += count
      if (count === 0) continue
      const camp = d.inCamp[mover]!
      const vacating = this.mustVacate(mover, count)
      // The mover's partner is home already where none of her men is outside her target.
      const partner = moverSide[1]!
      const inP = d.inTarget[partner]!
      let partnerLeft = 0
      for (let k = 0; k < this.size[partner]!; k++) partnerLeft += 1 - inP[this.cells[partner]![k]!]!
      let moverLeft = 0
      for (let k = 0; k < this.size[mover]!; k++) moverLeft += 1 - inM[this.cells[mover]![k]!]!
      let alive = 0
      for (let j = 0; j < count; j++) {
        const f = this.from[j]!
        const t = this.to[j]!
        keep[j] = 0
        hOf[j] = 0
        if (vacating && (camp[f] === 0 || camp[t] === 1)) continue
        if (partnerLeft === 0 && moverLeft + inM[f]! - inM[t]! === 0) {
          if (side.includes(mover)) {
            this.child(table, off, mover, f, t)
            sink.goal(this.out, 0, slot)
          }
          continue
        }
        keep[j] = 1
        alive++
      }
      for (let s = 0; s < side.length && alive > 0; s++) {
        const p = side[s]!
        this.summarize(p, mover)
        if (!this.lookParent(p, mover, next, room)) alive = 0
        for (let j = 0; j < count && alive > 0; j++) {
          if (keep[j] === 0) continue
          const f = this.from[j]!
          const t = this.to[j]!
          this.child(table, off, mover, f, t)
          const h = this.judge(p, mover, next, room, f, t, s === 0 ? window : undefined)
          if (h < 0) {
            keep[j] = 0
            alive--
          } else if (h > hOf[j]!) hOf[j] = h
        }
      }
      for (let j = 0; j < count && alive > 0; j++) {
        if (keep[j] === 0) continue
        const f = this.from[j]!
        const t = this.to[j]!
        this.child(table, off, mover, f, t)
        stats.kept++
        sink.child(this.out, 0, slot, rule.score === 'none' ? 0 : beamScore(this.parentAt(), rule, mover, f, t, hOf[j]!))
      }
    }
  }
}

/** The fill-order penalty from the placements: 1 where no man may be placed (fill.ts: the target cannot be filled one placement each). */
function penaltyOf(masks: Int32Array | undefined): number {
  return masks && masks.every((m) => m === 0) ? 1 : 0
}

/** Whether the duplicate window holds the key. */
function met(window: readonly KeySet[], key: Uint32Array): boolean {
  for (const seen of window) if (seen.has(key, 0)) return true
  return false
}
