/**
 * The N-player kernel (the core's LevelKernel for games of 2 to 6 players): expand a range of a
 * level's states by the player to move, and keep a child only if a game of at most rule.bound
 * moves won by rule.winner may still pass through it (bound.ts). Children met before (the
 * duplicate window) are dropped; wins of the winner go to the sink as goals, wins of another
 * player end the line. Per parent the kernel works out what the bound needs once, so that each
 * child costs O(men) plus a hash probe.
 */
import type { KernelStats, LevelKernel, Sink } from '../core/contract'
import { hashWords, USED, type KeySet } from '../core/keyset'
import { cellsOfBits } from '../packed/space'
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
  /** Steps of the other armies' men to their own targets, summed, in the parent (a beam's score). */
  private othersSteps = 0
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
    let steps = 0
    for (let a = 0; a < d.players; a++) {
      if (a === winner) continue
      const to = d.toTarget[a]!
      const O = this.cells[a]!
      for (let q = 0; q < this.size[a]!; q++) steps += to[O[q]!]!
    }
    this.othersSteps = steps
    const value = d.rungValue[winner]!
    this.present.fill(0)
    for (let a = 0; a < d.players; a++) for (let q = 0; q < this.size[a]!; q++) this.present[value[this.cells[a]![q]!]!]!++
    this.parentGaps = -1
    const inM = d.inTarget[mover]!
    let ml = 0
    for (let q = 0; q < this.size[mover]!; q++) ml += 1 - inM[this.cells[mover]![q]!]!
    this.moverLeft = ml
    this.masks = typeExtra(this.far, this.inside, d.targetTypes[winner]!) === 0 ? this.placements(winner, this.outMen, this.left) : undefined
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
   * A child (in this.out) of a game of teams: the game ends when both partners of a side have filled
   * their targets (a goal if it is the winner's side); the bound is the larger of the winner's and
   * her partner's, from scratch (teams are for small games here; the incremental form is one
   * winner's).
   */
  private teamChild(rule: PlayersRule, slot: number, window: readonly KeySet[], sink: Sink, stats: KernelStats): void {
    const d = this.domain
    const out = this.out
    const state = d.unpack(out, 0)
    const mover = d.mover(rule.level)
    const done = d.sides[mover]!.every((p) => state[p]!.every((c) => d.inTarget[p]![c] === 1))
    if (done) {
      if (d.sides[mover]!.includes(rule.winner)) sink.goal(out, 0, slot)
      return
    }
    const h = d.sideRemaining(state, rule.winner, rule.level)
    if (h > rule.bound - rule.level || met(window, out)) return
    stats.kept++
    let score = 0
    if (rule.score !== 'none') {
      // As below: the side's bound, then its men's steps to their targets; ties by a hash.
      let steps = 0
      for (const p of d.sides[rule.winner]!) for (const c of state[p]!) steps += d.toTarget[p]![c]!
      score = -(h * 2 ** 10 + steps) + (hashWords(out, 0, d.w) >>> 12) / 2 ** 21
    }
    sink.child(out, 0, slot, score)
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
    const w = d.w
    const n = d.space.n
    const N = d.players
    const mover = d.mover(rule.level)
    const next = d.mover(rule.level + 1)
    const winner = rule.winner
    const room = rule.bound - rule.level
    const inM = d.inTarget[mover]!
    const inT = d.inTarget[winner]!
    const toT = d.toTarget[winner]!
    const near = d.nearTarget[winner]!
    const types = d.targetTypes[winner]!
    const type = d.cellType
    const dist = d.dist
    const base = mover * d.aw
    const out = this.out
    const far = this.far
    const inside = this.inside
    const occupying = this.occupying
    const counts = { left: 0, extra: 0, d: 0, occupying: occupying as ArrayLike<number> }
    const teams = d.game.options.teams
    const looking = this.lookAhead && d.contact && !teams
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      this.decode(table, off)
      this.summarize(winner, mover)
      // The look-ahead (reach.ts), for the parent and then for its children: only while another
      // player moves (the winner's own men stay put) and her men are counted one move each.
      let childBudget = -1
      let allowed: Allowed | undefined
      let least = -1
      if (looking && mover !== winner && this.left > 0) {
        const extra = typeExtra(far, inside, types) + this.penalty
        const budget = this.lookAheadBudget(winner, mover, room + 1, extra)
        childBudget = this.lookAheadBudget(winner, next, room, extra)
        allowed = this.allowedBy(winner, this.masks)
        // The least budget and its witness (reach.ts) spare most children their own look-ahead:
        // a move that leaves the witness alone needs no more, any other one budget more at most.
        if (budget >= 0) {
          least = this.reach.leastBudget(this.cells, this.size, winner, inT, budget, allowed)
          if (least < 0) continue
        }
      }
      const count = this.moves(mover)
      stats.children += count
      if (count === 0) continue
      const M = this.cells[mover]!
      const camp = d.inCamp[mover]!
      const vacating = this.mustVacate(mover, count)
      for (let j = 0; j < count; j++) {
        const f = this.from[j]!
        const t = this.to[j]!
        if (vacating && (camp[f] === 0 || camp[t] === 1)) continue
        for (let k = 0; k < w; k++) out[k] = table[off + k]!
        out[base + (f >> 5)]! &= ~(1 << (f & 31))
        out[base + (t >> 5)]! |= 1 << (t & 31)
        if (teams) {
          this.teamChild(rule, slot, window, sink, stats)
          continue
        }
        const moverLeft = this.moverLeft + inM[f]! - inM[t]!
        if (moverLeft === 0) {
          if (mover === winner) sink.goal(out, 0, slot)
          continue
        }
        let dT: number
        let dO: number
        let left = this.left
        if (mover === winner) {
          let k = 0
          while (M[k] !== f) k++
          left = moverLeft
          dT = Math.min(k === this.t1Man ? this.t2 : this.t1, toT[t]!)
          dO = k === this.o1Man ? this.o2 : this.o1
          for (let a = 0; a < N; a++) {
            if (a === winner) continue
            const O = this.cells[a]!
            for (let q = 0; q < this.size[a]!; q++) {
              const x = dist[t * n + O[q]!]!
              if (x < dO) dO = x
            }
          }
          // The winner's types with the man moved.
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
          const W = this.cells[winner]!
          for (let k = 0; k < this.size[winner]!; k++) {
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
        let h = pliesToWin(counts, winner, next, N)
        // Her fill order (fill.ts), where she moved and owes no type change; its placements serve
        // the look-ahead after her move below.
        let masks: Int32Array | undefined
        if (mover === winner && counts.extra === 0 && h <= room && left <= MAX_MEN) {
          let k = 0
          for (let q = 0; q < this.size[winner]!; q++) {
            const c = M[q] === f ? t : M[q]!
            if (inT[c] === 0) this.outMen[k++] = c
          }
          masks = this.placements(winner, this.outMen, left, f, t)
          counts.extra = penaltyOf(masks)
          if (counts.extra > 0) h = pliesToWin(counts, winner, next, N)
        }
        if (mover !== winner) occupying[mover] = occupying[mover]! + inT[f]! - inT[t]!
        if (h > room || met(window, out)) continue
        // The rungs the next placement needs may put it further off (not with long jumps). Only
        // whether they reach `limit`, the least count that prunes, matters.
        if (d.contact && counts.left > 0) {
          let limit = Math.max(counts.d, 0) + 1
          while (turnFrom(winner, limit + 1, next, N) + (counts.left - 1) * N <= room) limit++
          if (this.rungGaps(mover, winner, f, t, limit) >= limit) continue
        }
        if (childBudget >= 0 && !this.childReaches(mover, winner, f, t, childBudget, least, allowed)) continue
        // After her own move: the look-ahead for her next one (the others' N - 1 moves first).
        if (looking && mover === winner) {
          const budget = this.lookAheadBudget(winner, next, room, counts.extra, counts.left)
          if (budget >= 0 && !this.reachesAfter(mover, winner, f, t, budget, this.allowedBy(winner, masks))) continue
        }
        stats.kept++
        let score = 0
        if (rule.score !== 'none') {
          // A beam's score (rule.score): 'winner', how far along the winner is (her bound, then her
          // men's steps to her target, then the other armies' steps to theirs); 'all', how far along
          // every army is (their steps summed, then the winner's bound): in a crowded game (six
          // players, every target held) a beam by the winner alone jams, one by everyone flows.
          // Ties (most states) are broken by a hash of the state, not by key order, which would
          // favour men on low cells: a beam keeps a spread of positions, deterministically.
          let steps = 0
          const W = this.cells[winner]!
          for (let k = 0; k < this.size[winner]!; k++) steps += toT[mover === winner && W[k] === f ? t : W[k]!]!
          const others = mover === winner ? this.othersSteps : this.othersSteps - d.toTarget[mover]![f]! + d.toTarget[mover]![t]!
          const rank = rule.score === 'winner' ? h * 2 ** 20 + steps * 2 ** 10 + others : (steps + others) * 2 ** 10 + h
          score = -rank + (hashWords(out, 0, w) >>> 12) / 2 ** 21
        }
        sink.child(out, 0, slot, score)
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
