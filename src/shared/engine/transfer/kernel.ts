/**
 * The transfer kernel (the core's LevelKernel for transfers): expand a range of parent boards,
 * filter their children by a rule (centroid bound, palindrome constraint), drop those already in
 * the two previous levels (moves are reversible, so a child of level i lies in level i - 1, i or
 * i + 1), and hand the rest to a sink with their centroid and beam score. The same function runs
 * inline and on worker threads; only the sink differs.
 */
import type { KernelStats, LevelKernel, RuleBase, Sink } from '../core/contract'
import { USED, hashWords, type KeySet } from '../core/keyset'
import type { TransferDomain } from './domain'
import { MultisetRanker, RankMap } from './multiset'
import { DEAD } from './rise-bound'
import { FinishBound } from './finish-bound'

/** Keep a child if c + U_moves(child) >= threshold (cv units); moves = 0 tests c alone. */
export interface Side {
  readonly moves: number
  readonly threshold: number
}

/** How the children entering a level are filtered and scored. */
export interface TransferRule extends RuleBase {
  readonly kind: 'transfer'
  /** Level of the children. */
  readonly level: number
  /** Keep a child if any side holds; no sides keeps every child. */
  readonly sides: readonly Side[]
  /** Palindrome constraint (inequality 11): keep only children with sym >= minSym; 0 is off. */
  readonly minSym: number
  /** Compute the beam score c + lambda sym (in c units). */
  readonly score: boolean
  readonly lambda: number
  /**
   * Keep only children that may reach the target in this many moves (the finish bound,
   * finish-bound.ts: a proof of length L at level i passes L - i); absent: no such check.
   */
  readonly finish?: number
}

const MAX_MOVES = 8192

export const isTransferRule = (rule: RuleBase): rule is TransferRule => rule.kind === 'transfer'

/** The transfer kernel, with its scratch (one per thread). */
export class TransferKernel implements LevelKernel<TransferRule> {
  private readonly from = new Int16Array(MAX_MOVES)
  private readonly to = new Int16Array(MAX_MOVES)
  private readonly out: Uint32Array
  private readonly values: Int32Array
  private readonly image: Uint8Array
  /**
   * Bound verdicts cached by parent histogram: a child's fate depends only on the parent's multiset
   * of centroid values and the values its man moves from and to. verdicts[slot * range^2 + ...]:
   * 0 unknown, 1 keep, 2 prune; slots found by the parent histogram's rank.
   */
  private readonly ranker: MultisetRanker
  private readonly slots = new RankMap(1 << 14)
  private verdicts: Uint8Array
  private used = 0
  private readonly capacity: number
  private ruleKey = ''
  private readonly hist: Int32Array
  private readonly lo: number
  private readonly range: number
  private readonly finish: FinishBound

  constructor(readonly domain: TransferDomain) {
    const space = domain.space
    this.finish = new FinishBound(space, domain.problem.armies[0]!.target)
    this.out = new Uint32Array(space.w)
    this.values = new Int32Array(space.n)
    this.image = new Uint8Array(space.n)
    this.lo = space.cvMin
    this.range = space.cvMax - space.cvMin + 1
    this.hist = new Int32Array(this.range)
    this.ranker = new MultisetRanker(this.range, domain.men)
    this.capacity = Math.max(1024, Math.floor((32 << 20) / (this.range * this.range)))
    this.verdicts = new Uint8Array(Math.min(this.capacity, 4096) * this.range * this.range)
  }

  /** The verdict slot of a parent histogram (allocating it, and starting over when full). */
  private slotOf(hist: Int32Array): number {
    const rank = this.ranker.rank(hist)
    let slot = this.slots.get(rank, -1)
    if (slot >= 0) return slot
    const size = this.range * this.range
    if (this.used === this.capacity) {
      this.slots.clear()
      this.used = 0
    }
    slot = this.used++
    if ((slot + 1) * size > this.verdicts.length) {
      const grown = new Uint8Array(Math.min(this.capacity, (2 * this.verdicts.length) / size) * size)
      grown.set(this.verdicts)
      this.verdicts = grown
    }
    this.verdicts.fill(0, slot * size, (slot + 1) * size)
    this.slots.set(rank, slot)
    return slot
  }

  /**
   * Expand the used slots in [start, end) of a level's raw table; the window holds the levels
   * before the children's (i and i - 1) for duplicate elimination.
   */
  expandRange(
    table: Uint32Array,
    start: number,
    end: number,
    rule: TransferRule,
    window: readonly KeySet[],
    sink: Sink,
    stats: KernelStats,
  ): void {
    const space = this.domain.space
    const w = space.w
    const cv = space.cv
    const from = this.from
    const to = this.to
    const out = this.out
    const values = this.values
    const bound = this.domain.bound
    const sides = rule.sides
    const reflection = this.domain.reflection
    const needSym = rule.minSym > 0 || rule.score
    const range = this.range
    const lo = this.lo
    const hist = this.hist
    const key = `${rule.level}|${rule.minSym}|${sides.map((x) => `${x.moves}:${x.threshold}`).join(',')}`
    if (key !== this.ruleKey) {
      this.ruleKey = key
      this.slots.clear()
      this.used = 0
    }
    // Empty levels of the window are not looked in (a level on disk hands the kernel an empty one).
    const seen0 = window[0] && window[0].size > 0 ? window[0] : undefined
    const seen1 = window[1] && window[1].size > 0 ? window[1] : undefined
    const lookup = seen0 !== undefined || seen1 !== undefined
    const finish = rule.finish ?? -1
    const fb = this.finish
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      // One decode serves the moves, the fold's image and the centroid values.
      const m = space.decode(table, off)
      const n = space.movesOfBoard(table, off, m, from, to)
      stats.children += n
      space.prepare(table, off, m)
      let c = 0
      for (let j = 0; j < m; j++) {
        const v = cv[space.men[j]!]!
        values[j] = v
        c += v
      }
      if (finish >= 0) fb.prepare(space.men, m)
      let symBase = 0
      if (needSym && reflection) {
        for (let j = 0; j < m; j++) this.image[space.men[j]!] = 1
        for (let j = 0; j < m; j++) symBase += this.image[reflection[space.men[j]!]!]!
      }
      let base = 0
      if (sides.length > 0) {
        hist.fill(0)
        for (let j = 0; j < m; j++) hist[values[j]! - lo]!++
        base = this.slotOf(hist) * range * range
      }
      const verdicts = this.verdicts
      const minScore = rule.score ? sink.minScore : -Infinity
      for (let j = 0; j < n; j++) {
        const vf = cv[from[j]!]!
        const vt = cv[to[j]!]!
        const cc = c + vt - vf
        if (sides.length > 0) {
          const at = base + (vf - lo) * range + (vt - lo)
          let ok: boolean
          const known = verdicts[at]!
          if (known !== 0) ok = known === 1
          else {
            ok = false
            for (let s = 0; s < sides.length && !ok; s++) {
              const side = sides[s]!
              if (side.moves === 0) ok = cc >= side.threshold
              else {
                let idx = 0
                while (values[idx] !== vf) idx++
                values[idx] = vt
                // The cheap bound first: most children it drops are far below the threshold.
                ok = bound.quick === undefined || cc + bound.quick(values, m, side.moves) >= side.threshold
                if (ok) {
                  const u = bound.gain(values, m, side.moves)
                  ok = u > DEAD && cc + u >= side.threshold
                }
                values[idx] = vf
              }
            }
            verdicts[at] = ok ? 1 : 2
          }
          if (!ok) continue
        }
        if (finish >= 0) {
          if (fb.child(from[j]!, to[j]!) > finish) continue
          // Tight: every move left must take a man into the target, the next one from this board.
          if (finish > 0 && fb.outsideAfter(from[j]!, to[j]!) === finish && !fb.placeable(space.men, m, from[j]!, to[j]!)) continue
        }
        let sym = 0
        if (needSym && reflection) {
          // sym of the child: the parent's, less what the moving man counted, plus what he counts now.
          const f = from[j]!
          const t = to[j]!
          const image = this.image
          sym = symBase
          // The man leaving f: he counted if image(f) was occupied; the man on image(f) counted f.
          if (image[reflection[f]!]) sym -= reflection[f] === f ? 1 : 2
          image[f] = 0
          image[t] = 1
          if (image[reflection[t]!]) sym += reflection[t] === t ? 1 : 2
          image[t] = 0
          image[f] = 1
          if (sym < rule.minSym) continue
        }
        const score = rule.score ? cc / space.scale + rule.lambda * sym : 0
        if (score < minScore) continue
        space.childKey(from[j]!, to[j]!, out, 0)
        if (lookup) {
          const h = hashWords(out, 0, w)
          if ((seen0 && seen0.hasHashed(out, 0, h)) || (seen1 && seen1.hasHashed(out, 0, h))) continue
        }
        stats.kept++
        sink.child(out, 0, slot, score)
      }
      if (needSym && reflection) for (let j = 0; j < m; j++) this.image[space.men[j]!] = 0
    }
  }
}
