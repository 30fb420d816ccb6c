/**
 * `go infinite` answers only after stop, whatever found the answer (shared/play/engine.ts): a
 * tablebase's move and the endgame solver's finish come at once and still wait, as a search that
 * ends on its own does (UCI's `go infinite`: the analysis lasts until the user stops it).
 */
import { describe, expect, it } from 'vitest'
import { Engine, type EngineResult, type GoLimits } from '../../src/shared/play/engine'
import { Greedy } from '../../src/shared/play/greedy'
import type { TablebaseOracle } from '../../src/shared/play/oracle'
import { Position } from '../../src/shared/play/position'
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
