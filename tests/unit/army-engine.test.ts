// The solitaire domain on the engine (engine/army): the same levels and the same fewest moves on
// two expansion threads as inline, and a line traced forward that the core verifies.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { nodeWorkers } from '../../src/hosts/node/threads'
import { ArmyDomain } from '../../src/shared/engine/army/domain'
import { fewestMoves } from '../../src/shared/engine/army/fewest'
import { ArmyKernel } from '../../src/shared/engine/army/kernel'
import { executorFor } from '../../src/shared/engine/registry'
import { parseArmyDocument } from '../../src/shared/army/document'
import { GEOMETRIES } from '../../src/shared/army/geometry'
import { verifyArmy } from '../../src/shared/army/solution'

const WORKER = pathToFileURL(join(import.meta.dirname, '../../out/cli/expansion-worker.mjs'))
const FILE = join(import.meta.dirname, '../../resources/armies/conway-20-level4.army.json')

describe('the solitaire domain on the engine', () => {
  it('finds the same fewest moves with the same levels on two threads as inline, and the line verifies', async () => {
    const doc = parseArmyDocument(readFileSync(FILE, 'utf8'), FILE)
    const domain = new ArmyDomain({ kind: 'army', type: 'conway', window: doc.window, army: doc.army, map: 'fig3' })
    const run = async (threads: number) => {
      const executor = executorFor(threads > 1 ? { workers: nodeWorkers(WORKER) } : {}, threads, domain.init, () => new ArmyKernel(domain))
      try {
        return await fewestMoves(domain, executor, { maxMoves: 12, budgetBytes: 2 ** 30 })
      } finally {
        executor.close()
      }
    }
    const [inline, threaded] = [await run(1), await run(2)]
    expect(threaded.levels).toEqual(inline.levels)
    expect(inline.moves).toHaveLength(10)
    expect(threaded.moves).toHaveLength(10)
    expect(inline.provenAbove).toBe(9)
    for (const r of [inline, threaded]) expect(verifyArmy(GEOMETRIES.conway, doc.window, doc.army, r.moves!)).toMatchObject({ ok: true, moves: 10 })
  }, 120_000)
})
