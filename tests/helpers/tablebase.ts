// Tables built in memory for the tests: the build inline, its files in a memory store, opened.
import { TablebaseBuild, type BuildOptions } from '../../src/shared/engine/tablebase/build'
import { TablebaseGame, type TablebaseMen } from '../../src/shared/engine/tablebase/game'
import { memoryStore, type MemoryStore } from '../../src/shared/engine/tablebase/memory-store'
import { InlineRunner } from '../../src/shared/engine/tablebase/runner'
import { readHeader, storeWords, TablebaseTable, writeTable } from '../../src/shared/engine/tablebase/table'
import { expect as unwrap } from '../../src/shared/result'

/** Build a game's table into a store (inline, no checkpoints unless options say so). */
export async function buildInto(game: TablebaseGame, out: MemoryStore, options: Partial<BuildOptions> = {}): Promise<void> {
  const b = new TablebaseBuild(game, {
    runner: new InlineRunner(game),
    budgetBytes: 2 ** 30,
    deadline: Infinity,
    resume: false,
    checkpointSeconds: 0,
    progress: () => undefined,
    ...options,
  })
  const built = await b.run()
  writeTable(out, built)
  b.cleanup()
}

/** The table a store holds. */
export const openTable = (s: MemoryStore): TablebaseTable => new TablebaseTable(unwrap(readHeader(s)), storeWords(s), s.where)

/** The table of m x m with p men, built in memory. */
export async function tableOf(side: number, men: TablebaseMen): Promise<TablebaseTable> {
  const out = memoryStore(`${side}x${side}-${men}`)
  await buildInto(unwrap(TablebaseGame.of({ side, men })), out)
  return openTable(out)
}
