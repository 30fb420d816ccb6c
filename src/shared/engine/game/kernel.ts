/**
 * The game kernel (the core's LevelKernel for two-player games): expand a range of a level's
 * states by the side to move, and keep a child only if a game of at most rule.bound moves won by
 * rule.winner may still pass through it: the admissible bound (bound.ts) with the rungs a placement
 * needs (rungs.ts) and the forced move where a wasted turn does not fit (forced-move.ts), then the
 * heuristic properties of a heuristic search (heuristics.ts). Children met before (the duplicate
 * window) are dropped; wins of the winner go to the sink as goals, wins of the other army end the
 * line. Per parent the kernel works out what the bound needs once, so that each child costs
 * O(men) plus a hash probe.
 */
import type { KernelStats, LevelKernel, Sink } from '../core/contract'
import { USED, type KeySet } from '../core/keyset'
import { cellsOfBits } from '../packed/space'
import { placeTerm, remainingTerms, typeExtraFrom } from './bound'
import type { GameDomain, GameRule } from './domain'
import { ForcedMoveCheck, type DecodedState, type ParentAnswer } from './forced-move'
import { linesHold, MoveRules, placementsHold, type HeuristicRule } from './heuristics'

const MAX_MOVES = 8192

/** What the bound needs of a parent, worked out once for all its children (see summarize). */
interface ParentSummary {
  /** The two smallest distances from a mover's man to the other army, and whose the smallest is. */
  best1: number
  best2: number
  best1Man: number
  /** The mover's men outside its base, and the two smallest distances of its men to its base. */
  moverLeft: number
  mt1: number
  mt2: number
  mt1Man: number
  /** The mover's men in the other army's base. */
  moverOccupying: number
  /** The other army's men outside its base, its least distance to it, its men in the mover's base. */
  otherLeft: number
  otherToBase: number
  otherOccupying: number
}

export class GameKernel implements LevelKernel<GameRule> {
  private readonly from = new Int16Array(MAX_MOVES)
  private readonly to = new Int16Array(MAX_MOVES)
  private readonly key: Uint32Array
  private readonly img: Uint32Array
  private readonly out: Uint32Array
  /** The parent, decoded. */
  private readonly parent: DecodedState
  private readonly summary: ParentSummary = {
    best1: 0,
    best2: 0,
    best1Man: 0,
    moverLeft: 0,
    mt1: 0,
    mt2: 0,
    mt1Man: 0,
    moverOccupying: 0,
    otherLeft: 0,
    otherToBase: 0,
    otherOccupying: 0,
  }
  /** Men per directional value of the winner (its rungs, property (v)'s lines), in the parent. */
  private readonly present: Int32Array
  /** typeExtra counts of the winner's men (see countType). */
  private readonly typeCounts = new Int32Array(8)
  private readonly outside: Int32Array
  private readonly forced: ForcedMoveCheck
  /** The winner's rungs in the parent where the loser's move leaves them as they were (-1: not yet worked out). */
  private parentGaps = -1

  constructor(readonly domain: GameDomain) {
    this.key = new Uint32Array(domain.w)
    this.img = new Uint32Array(domain.w)
    this.out = new Uint32Array(domain.w)
    const n = domain.space.n
    this.parent = { cells: [new Int16Array(n), new Int16Array(n)], size: [0, 0] }
    this.present = new Int32Array(domain.reach.range + 8)
    this.outside = new Int32Array(n)
    this.forced = new ForcedMoveCheck(domain.space, this.parent)
  }

  /** Count (sign +1) or uncount (-1) a man of the winner on cell c in typeExtra's counts. */
  private countType(counts: Int32Array, c: number, winner: number, sign: number): void {
    const d = this.domain
    const t = d.cellType[c]!
    if (d.inBase[winner]![c] === 1) counts[4 + t]! += sign
    else if (d.nearBase[winner]![c] === 0) counts[t]! += sign
  }

  /** Decode a state into the parent's cells. */
  private decode(buf: Uint32Array, off: number): void {
    const aw = this.domain.aw
    this.parent.size[0] = cellsOfBits(buf, off, aw, false, this.parent.cells[0])
    this.parent.size[1] = cellsOfBits(buf, off + aw, aw, true, this.parent.cells[1])
  }

  /** The mover's moves in the decoded parent (into from/to); their number. */
  private parentMoves(mover: number): number {
    const space = this.domain.space
    const occ = space.occupancy
    const [blue, red] = this.parent.cells
    const [nb, nr] = this.parent.size as [number, number]
    for (let k = 0; k < nb; k++) occ[blue[k]!] = 1
    for (let k = 0; k < nr; k++) occ[red[k]!] = 1
    const count = space.movesOf(this.parent.cells[mover]!, this.parent.size[mover]!, this.from, this.to, 0)
    for (let k = 0; k < nb; k++) occ[blue[k]!] = 0
    for (let k = 0; k < nr; k++) occ[red[k]!] = 0
    return count
  }

  /**
   * What the bound needs of the decoded parent (summary), the winner's types (typeCounts) and
   * rungs (present), for all its children.
   */
  private summarize(mover: number, winner: number): void {
    const d = this.domain
    const n = d.space.n
    const dist = d.dist
    const other = 1 - mover
    const men = this.parent.cells[mover]!
    const foes = this.parent.cells[other]!
    const m = this.parent.size[mover]!
    const f = this.parent.size[other]!
    const inMine = d.inBase[mover]!
    const inTheirs = d.inBase[other]!
    const toMine = d.toBase[mover]!
    const toTheirs = d.toBase[other]!
    const s = this.summary
    // Distances between the armies: each mover's smallest, and the two smallest of those.
    s.best1 = 255
    s.best2 = 255
    s.best1Man = -1
    for (let k = 0; k < m; k++) {
      const row = men[k]! * n
      let r = 255
      for (let j = 0; j < f; j++) {
        const x = dist[row + foes[j]!]!
        if (x < r) r = x
      }
      if (r < s.best1) {
        s.best2 = s.best1
        s.best1 = r
        s.best1Man = k
      } else if (r < s.best2) s.best2 = r
    }
    // The mover's men: how many are home, how near their base, with the same two-smallest trick.
    s.moverLeft = 0
    s.mt1 = 255
    s.mt2 = 255
    s.mt1Man = -1
    s.moverOccupying = 0
    for (let k = 0; k < m; k++) {
      const c = men[k]!
      if (inMine[c] === 0) s.moverLeft++
      const x = toMine[c]!
      if (x < s.mt1) {
        s.mt2 = s.mt1
        s.mt1 = x
        s.mt1Man = k
      } else if (x < s.mt2) s.mt2 = x
      if (inTheirs[c] === 1) s.moverOccupying++
    }
    // The other side, which does not move now.
    s.otherLeft = 0
    s.otherToBase = 255
    s.otherOccupying = 0
    for (let j = 0; j < f; j++) {
      const c = foes[j]!
      if (inTheirs[c] === 0) s.otherLeft++
      if (toTheirs[c]! < s.otherToBase) s.otherToBase = toTheirs[c]!
      if (inMine[c] === 1) s.otherOccupying++
    }
    // The winner's men by type (typeExtra), for the parent; a child of the winner's move adjusts.
    const types = this.typeCounts
    types.fill(0)
    const W = this.parent.cells[winner]!
    for (let q = 0; q < this.parent.size[winner]!; q++) this.countType(types, W[q]!, winner, 1)
    // The winner's rungs: all men's values in the winner's direction.
    const reach = d.reach
    const cv = d.space.cv
    const present = this.present
    present.fill(0)
    for (let q = 0; q < m; q++) present[reach.dir(winner, cv[men[q]!]!)]!++
    for (let q = 0; q < f; q++) present[reach.dir(winner, cv[foes[q]!]!)]!++
  }

  /** The parent's key (and, folding, its image's) into key / img, for the children's keys. */
  private parentKeys(table: Uint32Array, off: number, mover: number): void {
    const d = this.domain
    const w = d.w
    const key = this.key
    for (let k = 0; k < w; k++) key[k] = table[off + k]!
    const fold = d.fold
    if (!fold) return
    const img = this.img
    img.fill(0)
    for (let army = 0; army < 2; army++) {
      const cells = this.parent.cells[army === 0 ? mover : 1 - mover]!
      const size = this.parent.size[army === 0 ? mover : 1 - mover]!
      const base = (army === 0 ? mover : 1 - mover) * d.aw
      for (let k = 0; k < size; k++) {
        const c = fold[cells[k]!]!
        img[base + (c >> 5)]! |= 1 << (c & 31)
      }
    }
    img[w - 1]! |= USED
  }

  /** The canonical key of the child (the mover's man moved fromCell -> toCell) into out. */
  private childKey(fromCell: number, toCell: number, base: number): void {
    const d = this.domain
    const w = d.w
    const out = this.out
    for (let q = 0; q < w; q++) out[q] = this.key[q]!
    out[base + (fromCell >> 5)]! ^= 1 << (fromCell & 31)
    out[base + (toCell >> 5)]! ^= 1 << (toCell & 31)
    const fold = d.fold
    if (!fold) return
    const img = this.img
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

  /**
   * The moves before the winner's next placement by its rungs in the child, or `limit` when at
   * least that (only whether it reaches the least count that prunes matters). Where the loser's
   * move leaves the winner's men and the occupied values as they were, the parent's answer,
   * worked out once (parentGaps).
   */
  private rungGaps(mover: number, winner: number, fromCell: number, toCell: number, limit: number): number {
    const d = this.domain
    const reach = d.reach
    const cv = d.space.cv
    const present = this.present
    const vf = reach.dir(winner, cv[fromCell]!)
    const vt = reach.dir(winner, cv[toCell]!)
    const inW = d.inBase[winner]!
    if (mover !== winner && (vf === vt || (present[vf]! > 1 && present[vt]! > 0))) {
      if (this.parentGaps < 0) {
        const W = this.parent.cells[winner]!
        let count = 0
        for (let q = 0; q < this.parent.size[winner]!; q++) if (inW[W[q]!] === 0) this.outside[count++] = reach.dir(winner, cv[W[q]!]!)
        this.parentGaps = reach.gaps(winner, present, this.outside, count)
      }
      return this.parentGaps
    }
    present[vf]!--
    present[vt]!++
    const W = this.parent.cells[winner]!
    let count = 0
    for (let q = 0; q < this.parent.size[winner]!; q++) {
      const c = winner === mover && W[q] === fromCell ? toCell : W[q]!
      if (inW[c] === 0) this.outside[count++] = reach.dir(winner, cv[c]!)
    }
    const g = reach.gaps(winner, present, this.outside, count, limit)
    present[vf]!++
    present[vt]!--
    return g
  }

  /**
   * Expand the used slots in [start, end) of a level's table. The window holds the last level
   * with the same side to move (a state met again later adds nothing). Wins go to sink.goal;
   * states that may still lead to a game within rule.bound go to sink.child with their parent's
   * slot (the beam's lookahead counts children per parent).
   */
  expandRange(
    table: Uint32Array,
    start: number,
    end: number,
    rule: GameRule,
    window: readonly KeySet[],
    sink: Sink,
    stats: KernelStats,
  ): void {
    const d = this.domain
    const w = d.w
    const n = d.space.n
    const dist = d.dist
    const mover = d.mover(rule.level)
    const other = 1 - mover
    const winner = rule.winner
    const heur = rule.heuristic
    const seen = window[0]
    const out = this.out
    const men = this.parent.cells[mover]!
    const foes = this.parent.cells[other]!
    const inMine = d.inBase[mover]!
    const inTheirs = d.inBase[other]!
    const toMine = d.toBase[mover]!
    const baseCount = d.problem.armies[mover]!.target.length
    const baseTypes = d.baseTypes[winner]!
    const jumpsOnly = d.problem.rules.jumpsOnly
    const longJumps = d.problem.rules.longJumps
    const moveRules = new MoveRules(heur, { level: rule.level, bound: rule.bound, mover, winner, oddBoard: d.oddBoard })
    const fromBase = d.inBase[winner]!
    const base = mover * d.aw
    const room = rule.bound - rule.level
    const winnerToMove = winner !== mover
    const types = this.typeCounts
    const s = this.summary
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      this.decode(table, off)
      const count = this.parentMoves(mover)
      stats.children += count
      if (count === 0) continue
      const m = this.parent.size[mover]!
      const f = this.parent.size[other]!
      this.forced.nextParent()
      this.summarize(mover, winner)
      this.parentKeys(table, off, mover)
      // Worked out when a child first needs them: the forced-move answer in this parent, and the
      // winner's rungs in it.
      let parentForced: ParentAnswer = 0
      this.parentGaps = -1
      for (let j = 0; j < count; j++) {
        const fromCell = this.from[j]!
        const toCell = this.to[j]!
        if (!moveRules.allows(dist[fromCell * n + toCell] === 1, fromBase[fromCell] === 1)) continue
        let k = 0
        while (men[k] !== fromCell) k++
        // Did the mover win? A win by the other army ends the line without the win looked for.
        const left = s.moverLeft + inMine[fromCell]! - inMine[toCell]!
        this.childKey(fromCell, toCell, base)
        if (left === 0 && m === baseCount) {
          if (mover === winner) sink.goal(out, 0, slot)
          continue
        }
        // Bound: distances between the armies after the move.
        let dWO = k === s.best1Man ? s.best2 : s.best1
        const row = toCell * n
        for (let q = 0; q < f; q++) {
          const x = dist[row + foes[q]!]!
          if (x < dWO) dWO = x
        }
        const wLeft = winner === mover ? left : s.otherLeft
        const wOccupying = winner === mover ? s.otherOccupying : s.moverOccupying - inTheirs[fromCell]! + inTheirs[toCell]!
        const wDT = winner === mover ? Math.min(k === s.mt1Man ? s.mt2 : s.mt1, toMine[toCell]!) : s.otherToBase
        if (winner === mover) {
          this.countType(types, fromCell, winner, -1)
          this.countType(types, toCell, winner, 1)
        }
        const extra = typeExtraFrom(types, baseTypes, jumpsOnly)
        if (winner === mover) {
          this.countType(types, toCell, winner, -1)
          this.countType(types, fromCell, winner, 1)
        }
        let terms = remainingTerms(wLeft, wOccupying, wDT, dWO, winnerToMove, 0, extra)
        if (terms.place > room || terms.vacate > room || terms.moves > room) continue
        // Met before (a hash probe, after the cheap bounds have pruned most children).
        if (seen && seen.has(out, 0)) continue
        // The rungs the next placement needs may put it further off. Only whether they reach
        // `limit`, the least count that would prune, matters beyond the exact value.
        if (wLeft > 0) {
          let limit = terms.phi + 1
          while (placeTerm(wLeft, limit, winnerToMove) <= room) limit++
          const g = this.rungGaps(mover, winner, fromCell, toCell, limit)
          if (g >= limit) continue
          if (g > terms.phi) terms = remainingTerms(wLeft, wOccupying, wDT, dWO, winnerToMove, g, extra)
        }
        // The forced move where a wasted turn would not fit (it costs two plies).
        if (other === winner) {
          if (terms.phi <= 0 && terms.place + 2 > room) {
            if (parentForced === 0) parentForced = longJumps ? 3 : this.forced.inParent(winner, fromBase, 1)
            if (!this.forced.inChild(winner, mover, fromCell, toCell, fromBase, true, parentForced)) continue
          }
        } else if (terms.vacate > 0 && terms.vacate + 2 > room) {
          if (parentForced === 0) parentForced = longJumps ? 3 : this.forced.inParent(other, fromBase, 0)
          if (!this.forced.inChild(other, mover, fromCell, toCell, fromBase, false, parentForced)) continue
        }
        if (heur && !this.heuristicsHold(heur, fromCell, toCell, mover, rule.level, winner)) continue
        stats.kept++
        sink.child(out, 0, slot, 0)
      }
    }
  }

  /** The heuristic properties on states, (iv) and (v), in the child. */
  private heuristicsHold(heur: HeuristicRule, fromCell: number, toCell: number, mover: number, level: number, winner: number): boolean {
    const d = this.domain
    if (heur.lines !== null && level <= heur.lines) {
      const cv = d.space.cv
      const empty = d.emptyLines(this.present, winner, d.reach.dir(winner, cv[fromCell]!), d.reach.dir(winner, cv[toCell]!))
      if (!linesHold(heur, level, empty)) return false
    }
    if (mover !== winner || !heur.placements || level < heur.critical) return true
    const W = this.parent.cells[winner]!
    const inW = d.inBase[winner]!
    let home = 0
    for (let k = 0; k < this.parent.size[winner]!; k++) if (inW[W[k] === fromCell ? toCell : W[k]!] === 1) home++
    return placementsHold(heur, level, true, home)
  }
}
