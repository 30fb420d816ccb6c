/**
 * The army kernel: expand a range of a level's positions by every move (one man's chain
 * of jumps, every prefix a move), keeping a child only if its pagoda weight is at least the
 * target's (exact comparison in Z[sigma]: no floating point decides it) and it is not in the
 * duplicate window; a child with a man on the target is a goal.
 */
import type { KernelStats, LevelKernel, Sink } from '../core/contract'
import type { KeySet } from '../core/keyset'
import { USED } from '../core/keyset'
import { add, compare, sub, type ZSigma } from '../../army/zsigma'
import type { ArmyDomain, ArmyRule } from './domain'

export class ArmyKernel implements LevelKernel<ArmyRule> {
  private readonly men: Uint8Array
  private readonly out: Uint32Array

  constructor(readonly domain: ArmyDomain) {
    this.men = new Uint8Array(domain.win.cells.length)
    this.out = new Uint32Array(domain.w)
  }

  expandRange(table: Uint32Array, start: number, end: number, _rule: ArmyRule, window: readonly KeySet[], sink: Sink, stats: KernelStats): void {
    const d = this.domain
    const w = d.w
    const n = this.men.length
    const men = this.men
    const out = this.out
    const weight = d.weight
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      let total: ZSigma = { a: 0n, b: 0n }
      for (let c = 0; c < n; c++) {
        men[c] = (table[off + (c >> 5)]! >>> (c & 31)) & 1
        if (men[c] === 1) total = add(total, weight[c]!)
      }
      for (let k = 0; k < w; k++) out[k] = table[off + k]!
      const emit = (): void => {
        stats.children++
        if (men[d.target] === 1) {
          sink.goal(out, 0, slot)
          return
        }
        for (const seen of window) if (seen.has(out, 0)) return
        stats.kept++
        sink.child(out, 0, slot, 0)
      }
      // Depth first along each man's chains, the position changed in place (men and out) and put back.
      const chain = (at: number, sum: ZSigma): void => {
        for (const [over, into] of d.jumpsFrom[at]!) {
          if (men[over] === 0 || men[into] === 1) continue
          const next = add(sub(sub(sum, weight[at]!), weight[over]!), weight[into]!)
          // No jump raises the weight: below the target's, neither this move nor any longer chain can win.
          if (compare(next, d.floor) < 0) continue
          flip(at)
          flip(over)
          flip(into)
          emit()
          if (men[into] === 1 && into !== d.target) chain(into, next)
          flip(into)
          flip(over)
          flip(at)
        }
      }
      const flip = (c: number): void => {
        men[c] = men[c]! ^ 1
        out[c >> 5]! ^= 1 << (c & 31)
      }
      for (let c = 0; c < n; c++) if (men[c] === 1) chain(c, total)
    }
  }
}
