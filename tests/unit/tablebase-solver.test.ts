import { describe, expect, it } from 'vitest'
import { TablebaseBuild, valueOfState, type BuiltState } from '../../src/shared/engine/tablebase/build'
import { TablebaseGame, type TablebaseMen } from '../../src/shared/engine/tablebase/game'
import { RESOLVED } from '../../src/shared/engine/tablebase/kernel'
import { InlineRunner } from '../../src/shared/engine/tablebase/runner'
import { expect as unwrap } from '../../src/shared/result'
import { ReferenceGame } from './tablebase-reference'

async function build(side: number, men: TablebaseMen, segmentBytes?: number): Promise<{ game: TablebaseGame; built: BuiltState }> {
  const game = unwrap(TablebaseGame.of({ side, men }))
  const b = new TablebaseBuild(game, {
    runner: new InlineRunner(game),
    budgetBytes: 2 ** 30,
    deadline: Infinity,
    resume: false,
    checkpointSeconds: 60,
    progress: () => undefined,
    ...(segmentBytes !== undefined && { segmentBytes }),
  })
  return { game, built: await b.run() }
}

/** The solver's entry for a reference key. */
function entryOf(game: TablebaseGame, built: BuiltState, key: string): number {
  const n = game.n
  const blue: number[] = []
  const red: number[] = []
  for (let c = 0; c < n; c++) {
    if (key[c] === 'b') blue.push(c)
    if (key[c] === 'r') red.push(c)
  }
  const rot = (cells: number[]): number[] => cells.map((c) => game.rot[c]!).sort((a, b) => a - b)
  const pos = key[n] === 'b' ? { mover: blue, other: red } : { mover: rot(red), other: rot(blue) }
  const index = built.layout.indexOf(pos)
  const perSeg = built.segmentBlocks * built.layout.perBlock
  const s = Math.floor(index / perSeg)
  return built.segment(s)[index - s * perSeg]!
}

describe('tablebase solver against the reference solver', () => {
  for (const [side, men, segmentBytes] of [
    [3, 1],
    [4, 1],
    [3, 2],
    [4, 2],
    [3, 3],
    [5, 1],
    [4, 2, 4000],
  ] as [number, TablebaseMen, number?][]) {
    it(`agrees on every position of ${side}x${side} with ${men} men${segmentBytes ? ' in small segments' : ''}`, async () => {
      const { game, built } = await build(side, men, segmentBytes)
      const ref = new ReferenceGame(side, men).solve()
      let checked = 0
      ref.forEach((r, key) => {
        const s = entryOf(game, built, key)
        const v = valueOfState(s) ?? 'illegal'
        if (v !== r.value) throw new Error(`${key}: solver ${v}, reference ${r.value}`)
        if ((v === 'win' || v === 'loss') && (s & ~RESOLVED) !== r.distance)
          throw new Error(`${key}: solver distance ${s & ~RESOLVED}, reference ${r.distance}`)
        checked++
      })
      expect(checked).toBe(ref.size)
    })
  }
})
