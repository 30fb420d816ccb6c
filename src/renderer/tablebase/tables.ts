/**
 * Tables for the view, through the host's job API (the engine's `tablebase` kind): a small board's
 * table is built in a job worker (the browser's Web Worker, the desktop's utility process) and
 * comes back with its words (`keep`), ready to probe in the page. Events of other jobs are ignored.
 */
import type { HalmaApi } from '../../preload/api'
import type { TablebaseMen } from '../../shared/engine/tablebase/game'
import type { TablebaseResult } from '../../shared/engine/tablebase/job'
import { memoryWords, spaceSize, TablebaseTable } from '../../shared/engine/tablebase/table'
import { hostJob } from '../api/host-job'

/** The largest table built in a page's worker (positions of the whole space): 6 x 6 with 3 men. */
export const PAGE_TABLE_LIMIT = 80_000_000

export class TableJobCancelled extends Error {
  constructor() {
    super('cancelled')
  }
}

export interface TableJobHandle {
  /** The table; rejects with TableJobCancelled on cancel, or an Error saying what went wrong. */
  readonly result: Promise<TablebaseTable>
  cancel(): void
}

/** Progress of a build: its message (the level, the segment) and the level. */
export type TableProgress = (p: { readonly level: number; readonly message: string }) => void

/** Whether a board's table may be built in the page (the web build's small boards). */
export function buildableInPage(side: number, men: TablebaseMen): boolean {
  return spaceSize({ side, men }) <= PAGE_TABLE_LIMIT
}

/** The table of a job's result (its words kept). */
export function tableOfResult(r: TablebaseResult): TablebaseTable {
  if (!r.words) throw new Error('internal: the tablebase job kept no words')
  return new TablebaseTable(
    r.header,
    memoryWords(r.words.values, r.words.distance),
    `${r.header.spec.side}x${r.header.spec.side} with ${r.header.spec.men} men (in memory)`,
  )
}

/** Build a board's table in a job worker and keep it. */
export function buildTable(api: HalmaApi, side: number, men: TablebaseMen, threads: number, onProgress: TableProgress): TableJobHandle {
  const job = hostJob(
    api,
    { kind: 'tablebase', params: { side, men, keep: true, threads } },
    (p) => onProgress({ level: p.level, message: p.message }),
    () => new TableJobCancelled(),
  )
  return { result: job.result.then(tableOfResult), cancel: job.cancel }
}
