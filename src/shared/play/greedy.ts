/**
 * The greedy player, the yardstick: each turn, the move that gains the most steps toward
 * the mover's target far end (evaluate.ts's table), ties broken by a seeded generator so that a
 * series of games is varied and reproducible. It looks no further than its own move.
 */
import { evalTablesOf } from './evaluate'
import { MAX_MOVES, moveFrom, moveTo, PASS, type Move, type Position } from './position'

export class Greedy {
  private readonly buf = new Int32Array(MAX_MOVES)
  private readonly ties = new Int32Array(MAX_MOVES)

  constructor(private readonly random: () => number) {}

  /** The greedy move of the army to move (PASS when she has none). */
  move(pos: Position): Move {
    const e = evalTablesOf(pos.t)
    const n = pos.generate(this.buf)
    if (n === 0) return PASS
    const off = pos.turn * e.n
    let bestGain = -Infinity
    let tied = 0
    for (let k = 0; k < n; k++) {
      const m = this.buf[k]!
      const gain = e.goal[off + moveFrom(m)]! - e.goal[off + moveTo(m)]!
      if (gain > bestGain) {
        bestGain = gain
        tied = 0
      }
      if (gain === bestGain) this.ties[tied++] = m
    }
    return this.ties[Math.floor(this.random() * tied) % tied]!
  }
}
