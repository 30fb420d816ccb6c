/**
 * `go infinite` answers only after stop, whatever found the answer (shared/play/engine.ts): a
 * tablebase's move and the endgame solver's finish come at once and still wait, as a search that
 * ends on its own does (UCI's `go infinite`: the analysis lasts until the user stops it). A search
 * on the calling thread (no thread host: `halma engine --inline`, or with a tablebase) pauses after
 * each depth, so that the stop read meanwhile reaches it.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_OPTIONS, Engine, type EngineResult, type GoLimits } from '../../src/shared/play/engine'
import { Greedy } from '../../src/shared/play/greedy'
import type { TablebaseOracle } from '../../src/shared/play/oracle'
import { Position } from '../../src/shared/play/position'
import { ProtocolServer } from '../../src/shared/play/protocol'
import { uniform } from '../../src/shared/play/random'
import { variantOfPreset } from '../../src/shared/play/variant'
import { greedyNearHome } from '../helpers/play-positions'

/** The engine's answer under `infinite`: whether it came before stop, and what it was. */
async function underInfinite(e: Engine, limits: GoLimits = {}): Promise<{ early: boolean; result: EngineResult }> {
  let answered = false
  const go = e.go({ ...limits, infinite: true }).then((r) => {
    answered = true
    return r
  })
  await new Promise<void>((resolve) => setTimeout(resolve, 100))
  const early = answered
  e.stop()
  return { early, result: await go }
}

/** A three-player game played greedily until the army to move has at most `out` men outside her target. */
function nearHome(out: number): Position {
  const v = variantOfPreset('star121-3')
  for (let seed = 1; ; seed++) {
    const pos = greedyNearHome(v, seed, out)
    if (pos) return pos
  }
}

describe('go infinite', () => {
  it("waits for stop when a tablebase's move answers at once", async () => {
    const v = variantOfPreset('star121-6')
    const e = new Engine(v)
    const pos = Position.start(v)
    const buf = new Int32Array(1024)
    pos.generate(buf)
    const move = buf[3]!
    const oracle: TablebaseOracle = { probe: () => ({ score: { kind: 'win', plies: 7 }, pv: [move] }) }
    e.oracle = oracle
    const { early, result } = await underInfinite(e)
    expect(early).toBe(false)
    expect(result.move).toBe(move)
    expect(result.info.tbHits).toBe(1)
  })

  it("waits for stop when the endgame solver's finish answers at once", async () => {
    const pos = nearHome(2)
    const e = new Engine(pos.variant)
    e.setPosition(pos.data())
    const bounded = await e.go({ nodes: 5000 })
    // The position is one the solver answers (it marks its answer with her moves to finish).
    expect(bounded.info.finish).toBeGreaterThan(0)
    const { early, result } = await underInfinite(e, { nodes: 5000 })
    expect(early).toBe(false)
    expect(result.move).toBe(bounded.move)
  })
})

describe('a board set up already won', () => {
  it('is over: the winner is known without a move, and the engine answers no move (after stop under infinite)', async () => {
    const v = variantOfPreset('star121-3')
    const played = Position.start(v)
    const g = new Greedy(uniform(4))
    while (played.winner < 0) played.make(g.move(played))
    const set = new Position(v, played.data())
    expect(set.winner).toBe(played.winner)
    const e = new Engine(v)
    e.setPosition(played.data())
    expect((await e.go({ nodes: 1000 })).move).toBeNull()
    const { early, result } = await underInfinite(e)
    expect(early).toBe(false)
    expect(result.move).toBeNull()
    // One move short of the win, the same board is still going.
    played.unmake()
    expect(new Position(v, played.data()).winner).toBe(-1)
  })
})

describe('a search on the calling thread (no thread host)', () => {
  it('hears stop between its depths: the answer is the last depth finished, not the depth asked for', async () => {
    const v = variantOfPreset('star121-2')
    const e = new Engine(v)
    // Depth 10 from the start takes seconds here, depths to 8 a fraction of one. Stop is asked as
    // depth 3 ends and read at the search's next pause (after 50 ms of search): long before depth 10.
    const go = e.go({ depth: 10 }, (info) => {
      if (info.depth === 3) setTimeout(() => e.stop(), 0)
    })
    const result = await go
    expect(result.info.depth).toBeGreaterThanOrEqual(3)
    expect(result.info.depth).toBeLessThan(10)
    expect(Position.start(v).isLegal(result.move!)).toBe(true)
  })

  it('takes one search at a time: a second go while one runs is refused, the first unharmed', async () => {
    const e = new Engine(variantOfPreset('star121-2'))
    const first = e.go({ infinite: true })
    await new Promise<void>((resolve) => setTimeout(resolve, 100))
    await expect(e.go({ nodes: 100 })).rejects.toThrow(/searching/)
    e.stop()
    expect((await first).move).not.toBeNull()
    // After its answer the engine searches again.
    expect((await e.go({ nodes: 100 })).move).not.toBeNull()
  })

  it('answers go infinite after stop in the protocol (a two-player tree search, not the race planner that waits)', async () => {
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    for (const line of ['position preset star121-2', 'go infinite']) await server.receive(line)
    await new Promise<void>((resolve) => setTimeout(resolve, 300))
    const depths = out.filter((l) => l.startsWith('info depth')).length
    expect(depths).toBeGreaterThan(0)
    await server.receive('stop')
    await server.receive('quit')
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(1)
    expect(out.at(-1)).toMatch(/^bestmove [a-z]\d+-/)
    expect(out.filter((l) => l.startsWith('info string error'))).toEqual([])
  })
})
