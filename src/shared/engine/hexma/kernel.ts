/**
 * Hexma's kernel (the core's LevelKernel): expand a range of a level by the player to move and
 * keep a child only if the winner looked for can still complete her chain by rule.bound
 * (domain.ts's bound); a child in which the mover's chain is complete is a goal when she is the
 * winner looked for and ends the line otherwise.
 */
import type { KernelStats, LevelKernel, Sink } from '../core/contract'
import { USED, type KeySet } from '../core/keyset'
import { cellsOfBits } from '../packed/space'
import type { HexmaDomain, HexmaRule } from './domain'

const MAX_MOVES = 4096

export class HexmaKernel implements LevelKernel<HexmaRule> {
  private readonly from = new Int16Array(MAX_MOVES)
  private readonly to = new Int16Array(MAX_MOVES)
  private readonly cells: Int16Array[]
  private readonly size = new Int32Array(2)
  private readonly owner: Int8Array
  private readonly out: Uint32Array

  constructor(readonly domain: HexmaDomain) {
    this.cells = [new Int16Array(domain.n), new Int16Array(domain.n)]
    this.owner = new Int8Array(domain.n).fill(-1)
    this.out = new Uint32Array(domain.w)
  }

  expandRange(table: Uint32Array, start: number, end: number, rule: HexmaRule, window: readonly KeySet[], sink: Sink, stats: KernelStats): void {
    const d = this.domain
    const w = d.w
    const mover = d.mover(rule.level)
    const winner = rule.winner
    const occ = d.space.occupancy
    const owner = this.owner
    const out = this.out
    for (let slot = start; slot < end; slot++) {
      const off = slot * w
      if ((table[off + w - 1]! & USED) === 0) continue
      stats.parents++
      for (let a = 0; a < 2; a++) this.size[a] = cellsOfBits(table, off + a * d.aw, d.aw, a === 1, this.cells[a]!)
      for (let a = 0; a < 2; a++)
        for (let k = 0; k < this.size[a]!; k++) {
          occ[this.cells[a]![k]!] = 1
          owner[this.cells[a]![k]!] = a
        }
      const count = d.space.movesOf(this.cells[mover]!, this.size[mover]!, this.from, this.to, 0)
      for (let k = 0; k < count; k++) {
        const f = this.from[k]!
        const t = this.to[k]!
        stats.children++
        owner[f] = -1
        owner[t] = mover
        const done = d.chainNeed(owner, mover) === 0
        let keep = !done
        if (keep) keep = rule.level + d.remaining(d.chainNeed(owner, winner), winner, rule.level) <= rule.bound
        if (done || keep) {
          for (let j = 0; j < w; j++) out[j] = table[off + j]!
          const base = mover * d.aw
          out[base + (f >> 5)]! ^= 1 << (f & 31)
          out[base + (t >> 5)]! ^= 1 << (t & 31)
          if (done) {
            if (mover === winner) sink.goal(out, 0, slot)
          } else if (!window.some((s) => s.has(out, 0))) {
            stats.kept++
            sink.child(out, 0, slot, 0)
          }
        }
        owner[t] = -1
        owner[f] = mover
      }
      for (let a = 0; a < 2; a++)
        for (let k = 0; k < this.size[a]!; k++) {
          occ[this.cells[a]![k]!] = 0
          owner[this.cells[a]![k]!] = -1
        }
    }
  }
}
