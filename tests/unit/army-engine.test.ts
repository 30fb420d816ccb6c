// The solitaire domain on the engine (engine/army): the fewest-moves job flow finds the same fewest
// moves with the same levels on two expansion threads as inline, and a line traced forward that the
// core verifies; on disk it checkpoints and resumes like every flow on the spine.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { folderStore } from '../../src/hosts/node/store'
import { nodeWorkers } from '../../src/hosts/node/threads'
import { parseFewestJob, type FewestResult } from '../../src/shared/engine/army/fewest-job'
import { CancelledError, Engine } from '../../src/shared/engine/engine'
import { packedStore } from '../../src/shared/engine/core/packed-store'
import type { FileStore } from '../../src/shared/engine/core/storage'
import { parseArmyDocument } from '../../src/shared/army/document'
import { GEOMETRIES } from '../../src/shared/army/geometry'
import { verifyArmy } from '../../src/shared/army/solution'
import { expect as unwrap } from '../../src/shared/result'
import { scratchFolders } from '../helpers/scratch'

const WORKER = pathToFileURL(join(import.meta.dirname, '../../out/cli/expansion-worker.mjs'))
const FILE = join(import.meta.dirname, '../../resources/armies/conway-20-level4.army.json')
const doc = parseArmyDocument(readFileSync(FILE, 'utf8'), FILE)

const scratch = scratchFolders('fewest')

const job = (extra: object) =>
  unwrap(parseFewestJob({ type: 'conway', window: doc.window, army: doc.army, map: 'fig3', maxMoves: 12, budgetBytes: 2 ** 30, ...extra }))

describe('the fewest moves of a solitaire army, a job flow on the engine', () => {
  it('finds the same fewest moves with the same levels on two threads as inline, and the line verifies', async () => {
    const run = (threads: number): Promise<FewestResult> =>
      new Engine(threads > 1 ? { workers: nodeWorkers(WORKER) } : {}).start({ kind: 'fewest', params: job({ threads }) }).result
    const [inline, threaded] = [await run(1), await run(2)]
    expect(threaded.levels).toEqual(inline.levels)
    expect(threaded.stats.threads).toBe(2)
    expect(inline.moves).toHaveLength(10)
    expect(threaded.moves).toHaveLength(10)
    expect(inline.provenAbove).toBe(9)
    expect(inline.statement).toMatch(/^Fewest moves: 10, proven: no solution of 9 moves or fewer/)
    for (const r of [inline, threaded])
      expect(verifyArmy(GEOMETRIES.conway, doc.window, doc.army, r.moves!)).toMatchObject({ ok: true, moves: 10 })
  }, 120_000)

  it('on disk with two threads, cancelled after some levels and resumed, it builds no finished level again and ends the same', async () => {
    // Uninterrupted, on disk too (a line is traced through the levels in their stored order).
    const whole = await new Engine({ files: folderStore }).start({ kind: 'fewest', params: job({ disk: scratch() }) }).result
    const dir = scratch()
    let cancel = (): void => undefined
    let finished = 0
    const watching = (folder: string): FileStore => {
      const store = folderStore(folder)
      return {
        ...store,
        writeText(name, text) {
          store.writeText(name, text)
          if (name === 'checkpoint.json' && Object.keys((JSON.parse(text) as { levels: object }).levels).length >= 6 && finished++ === 0)
            cancel()
        },
      }
    }
    const workers = nodeWorkers(WORKER)
    const first = new Engine({ workers, files: watching }).start({ kind: 'fewest', params: job({ threads: 2, disk: dir }) })
    cancel = () => first.cancel()
    await expect(first.result).rejects.toBeInstanceOf(CancelledError)
    const written: string[] = []
    // Above the packing (core/packed-store.ts): the names the engine gives its files.
    const recording = (folder: string): FileStore => {
      const store = packedStore(folderStore(folder))
      return { ...store, create: (name, w) => (written.push(name), store.create(name, w)) }
    }
    const notices: string[] = []
    const resumed = await new Engine({ workers, files: recording }).start(
      { kind: 'fewest', params: job({ threads: 2, disk: dir, resume: true }) },
      (p) => {
        if (p.notice) notices.push(p.message)
      },
    ).result
    expect(resumed.levels).toEqual(whole.levels)
    expect(resumed.moves).toEqual(whole.moves)
    // Levels 1 to 6 came from the checkpoint: the first level built again is the 7th.
    const built = written.filter((n) => /^fewest\.L\d+$/.test(n)).map((n) => Number(n.slice('fewest.L'.length)))
    expect(Math.min(...built.filter((k) => k > 0))).toBe(7)
    expect(notices.join('\n')).toMatch(
      /picks up at phase prove, search fewest after its level 6 .*next, level 7; left in this search: at most 6 levels/,
    )
  }, 120_000)
})
