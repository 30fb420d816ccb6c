/**
 * The evaluation: how far along each army is, from what the paper and the rules page name.
 *
 * - distance still to go: the sum over her men of the steps from each to her target's far end
 *   (the target cells deepest from her camp, the tip of a star's point), less the same sum over
 *   the target's own cells, so that a finished army scores 0 and men are drawn deep into the
 *   target rather than left at its mouth (Bell 2009 section 2.3 measures a race by distances to
 *   the target);
 * - the straggler: the steps of her last man beyond the target's farthest cell (a race ends with
 *   its last man: "filling in their home camp");
 * - men left behind in her home camp (the rules page: "leaving their starting camp");
 * - the ladders a man can use (paper section 2.2, the rules page's "hopping ladders"): per man, the
 *   best one-hop gain open to him now, summed;
 * - blocking: cells of her target held by other armies' men (the rules page's "hindering opposing
 *   players").
 *
 * An army's value is minus the weighted sum of the costs plus the weighted ladders, in hundredths
 * of a step; a player's score is her side's value less the best other side's (2 players: less the
 * opponent's). The weights come from self-play (weights.ts, bench/tune.ts).
 */
import { stepDistances } from '../engine/packed/distances'
import { MAX_MOVES, moveFrom, moveTo, type Position, type Tables } from './position'
import type { Variant } from './variant'

/** The weights of the evaluation's terms (hundredths of a step per unit). */
export interface Weights {
  /** Per step still to go, summed over the men. */
  readonly dist: number
  /** Per step of the last man beyond the target. */
  readonly lag: number
  /** Per man still on her own camp. */
  readonly camp: number
  /** Per cell of her target held by another army's man. */
  readonly blocked: number
  /** Per step of the best one-hop gain open to each man, summed. */
  readonly hop: number
  /** Per step gained by the army's best move now (the longest ladder open to her, chains included). */
  readonly reach: number
  /** Per tenth of a square step: the men's steps to go squared and summed (a man far behind costs more than his steps). */
  readonly square: number
  /**
   * Per move a man would need to reach her target alone, on the board as it stood when the search
   * began (steps and chains of jumps over the men standing there), summed: ladders counted by what
   * they save.
   */
  readonly moves: number
  /** Per man of another army on her target with no move at all: he cannot leave until she makes room. */
  readonly trapped: number
}

export const WEIGHT_NAMES = ['dist', 'lag', 'camp', 'blocked', 'hop', 'reach', 'square', 'moves', 'trapped'] as const satisfies readonly (keyof Weights)[]

/** Per variant: each army's steps-to-go table. */
export class EvalTables {
  /** goal[a * n + c]: steps from c to army a's target's far end. */
  readonly goal: Int32Array
  /** Per army: the sum of goal over her target (the value of a finished army), and the largest goal on it. */
  readonly base: Int32Array
  readonly deepest: Int32Array
  /** Per army: the sum of goal squared over her target. */
  readonly baseSquare: Int32Array
  readonly n: number

  constructor(readonly t: Tables) {
    const n = (this.n = t.n)
    const dist = stepDistances(t.space)
    this.goal = new Int32Array(t.armies * n)
    this.base = new Int32Array(t.armies)
    this.deepest = new Int32Array(t.armies)
    this.baseSquare = new Int32Array(t.armies)
    t.variant.armies.forEach((army, a) => {
      // The far end: the target cells farthest from her camp.
      const depth = army.target.map((x) => Math.min(...army.camp.map((c) => dist[c * n + x]!)))
      const far = Math.max(...depth)
      const ends = army.target.filter((_, i) => depth[i] === far)
      for (let c = 0; c < n; c++) this.goal[a * n + c] = Math.min(...ends.map((e) => dist[c * n + e]!))
      this.base[a] = army.target.reduce((s, x) => s + this.goal[a * n + x]!, 0)
      this.baseSquare[a] = army.target.reduce((s, x) => s + this.goal[a * n + x]! ** 2, 0)
      this.deepest[a] = Math.max(...army.target.map((x) => this.goal[a * n + x]!))
    })
  }
}

const evalCache = new WeakMap<Tables, EvalTables>()
export function evalTablesOf(t: Tables): EvalTables {
  let e = evalCache.get(t)
  if (!e) evalCache.set(t, (e = new EvalTables(t)))
  return e
}

/** The raw terms of one army (for tuning, tests and the workbench's explanation). */
export interface Terms {
  dist: number
  lag: number
  camp: number
  blocked: number
  hop: number
  reach: number
  square: number
  moves: number
  trapped: number
}

const NO_WEIGHTS: Weights = { dist: 0, lag: 0, camp: 0, blocked: 0, hop: 0, reach: 0, square: 0, moves: 0, trapped: 0 }

export class Evaluator {
  readonly w: Weights
  readonly e: EvalTables
  /** Per army value, filled by values(). */
  readonly value: Float64Array
  private readonly sides: number[][]

  constructor(
    readonly variant: Variant,
    t: Tables,
    weights: Weights,
  ) {
    // Terms a caller leaves out weigh nothing.
    this.w = { ...NO_WEIGHTS, ...weights }
    this.e = evalTablesOf(t)
    this.value = new Float64Array(t.armies)
    // The sides: teams' partners together, else each army alone (each listed once).
    this.sides = t.side.filter((s) => s[0]! <= (s[1] ?? s[0]!))
  }

  /** The terms of army a in the position. */
  terms(pos: Position, a: number, out: Terms): Terms {
    const t = pos.t
    const e = this.e
    const n = t.n
    const sp = pos.space
    const deg = sp.degree
    const occ = sp.occupancy
    const men = pos.cells[a]!
    const goal = e.goal
    const off = a * n
    let sum = 0
    let last = 0
    let hop = 0
    let sq = 0
    let mv = 0
    const movesTo = this.movesTo
    for (let k = 0; k < t.men; k++) {
      const c = men[k]!
      if (movesTo) mv += movesTo[off + c]!
      const g = goal[off + c]!
      sum += g
      sq += g * g
      if (g > last) last = g
      let best = 0
      const base = c * deg
      for (let d = 0; d < deg; d++) {
        const o = sp.over[base + d]!
        if (o < 0 || occ[o] === 0) continue
        const l = sp.land[base + d]!
        if (occ[l] !== 0) continue
        const gain = g - goal[off + l]!
        if (gain > best) best = gain
      }
      hop += best
    }
    out.dist = sum - e.base[a]!
    out.lag = Math.max(0, last - e.deepest[a]!)
    out.camp = pos.inCamp[a]!
    out.blocked = pos.filled[a]! - pos.home[a]!
    out.hop = hop
    out.square = (sq - e.baseSquare[a]!) / 10
    out.reach = this.w.reach !== 0 ? this.reachOf(pos, a) : 0
    out.moves = mv
    out.trapped = out.blocked > 0 && this.w.trapped !== 0 ? this.trappedOn(pos, a) : 0
    return out
  }

  /** Other armies' men on army a's target that have neither a step nor a jump. */
  private trappedOn(pos: Position, a: number): number {
    const sp = pos.space
    const deg = sp.degree
    const occ = sp.occupancy
    let n = 0
    for (const c of pos.variant.armies[a]!.target) {
      const o = pos.owner[c]!
      if (o < 0 || o === a) continue
      let free = false
      for (let d = 0; d < deg && !free; d++) {
        const x = sp.nb[c * deg + d]!
        if (x >= 0 && occ[x] === 0) free = true
        const over = sp.over[c * deg + d]!
        if (over >= 0 && occ[over] !== 0 && occ[sp.land[c * deg + d]!] === 0) free = true
      }
      if (!free) n++
    }
    return n
  }

  /** Per army and cell: the moves a lone man needs from there to her target, on the board given to prepare(). */
  private movesTo: Uint8Array | undefined

  /**
   * Work out the moves term's table on this board (a search calls it at its root): the move graph
   * of a lone man from every cell (the move generator's steps and chains with that cell emptied),
   * walked backwards from each army's target cells that are free or hers.
   */
  prepare(pos: Position): void {
    if (this.w.moves === 0) return
    const t = pos.t
    const n = t.n
    const from = new Int16Array(MAX_MOVES)
    const to = new Int16Array(MAX_MOVES)
    const one = new Int16Array(1)
    const heads: number[][] = Array.from({ length: n }, () => [])
    for (let c = 0; c < n; c++) {
      one[0] = c
      const got = pos.space.movesOf(one, 1, from, to, 0)
      for (let k = 0; k < got; k++) heads[to[k]!]!.push(c)
    }
    const table = (this.movesTo ??= new Uint8Array(t.armies * n))
    const queue = new Int16Array(n)
    for (let a = 0; a < t.armies; a++) {
      const off = a * n
      table.fill(255, off, off + n)
      let end = 0
      for (const x of t.variant.armies[a]!.target)
        if (pos.owner[x]! < 0 || pos.owner[x] === a) {
          table[off + x] = 0
          queue[end++] = x
        }
      for (let q = 0; q < end; q++) {
        const x = queue[q]!
        for (const y of heads[x]!)
          if (table[off + y] === 255) {
            table[off + y] = table[off + x]! + 1
            queue[end++] = y
          }
      }
      // Target cells held by others count as home for her men on them (they are stuck there, not lost).
      for (const x of t.variant.armies[a]!.target) if (table[off + x] === 255) table[off + x] = 0
      for (let c = 0; c < n; c++) if (table[off + c] === 255) table[off + c] = 30
    }
  }

  private readonly moves = new Int32Array(MAX_MOVES)

  /** The steps army a's best move gains now (every chain of jumps: the move generator's). */
  private reachOf(pos: Position, a: number): number {
    const n = pos.generate(this.moves, 0, a)
    const goal = this.e.goal
    const off = a * this.e.n
    let best = 0
    for (let k = 0; k < n; k++) {
      const m = this.moves[k]!
      const g = goal[off + moveFrom(m)]! - goal[off + moveTo(m)]!
      if (g > best) best = g
    }
    return best
  }

  private readonly scratch: Terms = { dist: 0, lag: 0, camp: 0, blocked: 0, hop: 0, reach: 0, square: 0, moves: 0, trapped: 0 }

  /** Every army's value (higher is better for her), into this.value. */
  values(pos: Position): Float64Array {
    const w = this.w
    const s = this.scratch
    for (let a = 0; a < pos.t.armies; a++) {
      this.terms(pos, a, s)
      this.value[a] = w.hop * s.hop + w.reach * s.reach - (w.dist * s.dist + w.lag * s.lag + w.camp * s.camp + w.blocked * s.blocked + w.square * s.square + w.moves * s.moves + w.trapped * s.trapped)
    }
    return this.value
  }

  /** The value of army a's side (teams: the slower partner's, who decides when the side is home). */
  private sideValue(a: number, t: Tables): number {
    const side = t.side[a]!
    let v = this.value[side[0]!]!
    for (let k = 1; k < side.length; k++) v = Math.min(v, this.value[side[k]!]!)
    return v
  }

  /** The best value among the sides other than army a's (values() first; 0 when she has no other side). */
  rivalOf(pos: Position, a: number): number {
    let best = -Infinity
    for (const s of this.sides) {
      if (s.includes(a)) continue
      const v = this.sideValue(s[0]!, pos.t)
      if (v > best) best = v
    }
    return best === -Infinity ? 0 : best
  }

  /** The score of army a: her side's value less the best other side's (values() first). */
  scoreOf(pos: Position, a: number): number {
    return Math.round(this.sideValue(a, pos.t) - this.rivalOf(pos, a))
  }

  /** The score of army a in the position (values worked out). */
  score(pos: Position, a: number): number {
    this.values(pos)
    return this.scoreOf(pos, a)
  }
}
