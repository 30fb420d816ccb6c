/**
 * The playing engine's searches against plain ones written here: at a fixed depth, alpha-beta with
 * the table, principal variation search, aspiration and ordering (late move reductions off, the
 * one unsound pruning) gives the minimax value of a naive search over every move, for two players,
 * for N players under the paranoid assumption, and under best-reply's layers; wins are found and
 * preferred soonest; the facade and max-n answer with legal moves.
 */
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/shared/play/engine'
import { Evaluator } from '../../src/shared/play/evaluate'
import { MaxN } from '../../src/shared/play/maxn'
import { MAX_MOVES, PASS, Position } from '../../src/shared/play/position'
import { uniform } from '../../src/shared/play/random'
import { Searcher, WIN, type Algorithm } from '../../src/shared/play/search'
import { TranspositionTable } from '../../src/shared/play/tt'
import { variantOfPreset, type Variant } from '../../src/shared/play/variant'
import { DEFAULT_WEIGHTS } from '../../src/shared/play/weights'

/** The naive value (root's team's point of view) of paranoid or best-reply search to `depth`. */
function naive(pos: Position, ev: Evaluator, root: number, depth: number, ply: number, alg: Algorithm): number {
  const side = pos.t.side[root]!
  const mine = (a: number): boolean => side.includes(a)
  if (pos.winner >= 0) return mine(pos.winner) ? WIN - ply : -(WIN - ply)
  if (depth === 0) return ev.score(pos, root)
  const N = pos.t.armies
  const buf = new Int32Array(MAX_MOVES * N)
  const maximizing = mine(pos.turn)
  let n = 0
  if (alg === 'brs' && N > 2) {
    for (let a = pos.turn, k = 0; k < N; k++, a = pos.next(a)) if (mine(a) === maximizing) n = pos.generate(buf, n, a)
  } else n = pos.generate(buf)
  if (n === 0) buf[n++] = PASS
  let best = maximizing ? -Infinity : Infinity
  let opp = pos.next(root)
  while (mine(opp)) opp = pos.next(opp)
  for (let k = 0; k < n; k++) {
    const turn = pos.turn
    pos.make(buf[k]!)
    if (alg === 'brs' && N > 2) pos.setTurn(maximizing ? opp : root)
    const s = naive(pos, ev, root, depth - 1, ply + 1, alg)
    pos.unmake()
    expect(pos.turn).toBe(turn)
    best = maximizing ? Math.max(best, s) : Math.min(best, s)
  }
  return best
}

function playout(v: Variant, plies: number, seed: number): Position {
  const pos = Position.start(v)
  const rnd = uniform(seed)
  const buf = new Int32Array(MAX_MOVES)
  for (let k = 0; k < plies && pos.winner < 0; k++) {
    const n = pos.generate(buf)
    pos.make(buf[Math.floor(rnd() * n)]!)
  }
  return pos
}

describe('the playing engine search', () => {
  it.each([
    ['mini-2', 'paranoid', 3],
    ['mini-3', 'paranoid', 3],
    ['mini-3', 'brs', 3],
    ['star73-2', 'paranoid', 3],
    ['mini-4', 'brs', 3],
  ] as const)('%s, %s: alpha-beta with the table gives the naive minimax value at depth %i', (id, alg, depth) => {
    const v = variantOfPreset(id)
    for (let seed = 1; seed <= 4; seed++) {
      const pos = playout(v, 6 + seed, seed)
      if (pos.winner >= 0) continue
      const root = pos.turn
      const ev = new Evaluator(v, pos.t, DEFAULT_WEIGHTS)
      const want = naive(pos.clone(), ev, root, depth, 0, alg)
      const s = new Searcher(pos.clone(), new TranspositionTable(pos.t.w, 1), { algorithm: alg, weights: DEFAULT_WEIGHTS, lmr: false })
      const it = s.run({ depth })
      expect(it.depth).toBe(depth)
      expect(it.score, `seed ${seed}`).toBe(want)
    }
  })

  it('takes a win at once', async () => {
    // Blue one step from home on the mini star: the engine plays that step.
    const v = variantOfPreset('mini-2')
    const target = v.armies[0]!.target
    const sp = Position.start(v).t.space
    let free = -1
    let outside = -1
    for (const t of target)
      for (let d = 0; d < sp.degree && outside < 0; d++) {
        const c = sp.nb[t * sp.degree + d]!
        if (c >= 0 && !target.includes(c)) [free, outside] = [t, c]
      }
    const blue = [...target.filter((c) => c !== free), outside]
    // Red off her own target (all on it, she would have won already): on cells neither army's target.
    const taken = new Set([...blue, ...target, ...v.armies[1]!.target])
    const red = Array.from({ length: sp.n }, (_, c) => c).filter((c) => !taken.has(c)).slice(0, blue.length)
    const p = new Position(v, { armies: [blue, red], turn: 0 })
    expect(p.winner).toBe(-1)
    const e = new Engine(v)
    e.setPosition(p.data())
    const r = await e.go({ depth: 3 })
    expect(r.info.score).toEqual({ kind: 'win', plies: 1 })
    p.make(r.move!)
    expect(p.winner).toBe(0)
  })

  it('answers with legal moves under every algorithm and limit', async () => {
    for (const [id, alg] of [
      ['star121-6', 'brs'],
      ['star121-3', 'paranoid'],
      ['star121-3', 'maxn'],
      ['piecepack-4', 'brs'],
      ['cross-2', 'paranoid'],
    ] as const) {
      const v = variantOfPreset(id)
      const pos = playout(v, 12, 5)
      const e = new Engine(v, { algorithm: alg })
      e.setPosition(pos.data())
      const infos: number[] = []
      const r = await e.go({ nodes: 3000 }, (i) => infos.push(i.depth))
      expect(pos.isLegal(r.move!), `${id} ${alg}`).toBe(true)
      expect(infos.length).toBeGreaterThan(0)
      expect(r.info.nodes).toBeGreaterThan(0)
    }
    const v = variantOfPreset('star121-3')
    const m = new MaxN(playout(v, 3, 2), DEFAULT_WEIGHTS).run({ depth: 2 })
    expect(m.depth).toBe(2)
    expect(m.pv.length).toBe(2)
  })

  it('stops at a node limit with the same move every time (node limits make matches repeat)', async () => {
    const v = variantOfPreset('star121-2')
    const pos = playout(v, 10, 9)
    const moves = new Set<number>()
    for (let k = 0; k < 3; k++) {
      const e = new Engine(v)
      e.setPosition(pos.data())
      const r = await e.go({ nodes: 5000 })
      expect(r.info.nodes).toBeLessThanOrEqual(5000 + 1024)
      moves.add(r.move!)
    }
    expect(moves.size).toBe(1)
  })
})
