/**
 * Tables for the view, through the frame's one job lifecycle (runHostJob, the engine's `tablebase`
 * kind). On the desktop a
 * table lives in the app's data folder (HostInfo.tablebases): the job loads it from there, or
 * builds it there first (the utility process), and sends its words. In a browser a small board's
 * table is built in a job Web Worker and kept in the page. Either way the words come back with the
 * result (`keep`), ready to probe. Cancel rejects the result with the frame's CancelledError.
 */
import type { HalmaApi } from '../../preload/api'
import type { TablebaseMen } from '../../shared/engine/tablebase/game'
import type { TablebaseResult } from '../../shared/engine/tablebase/job'
import { memoryWords, spaceSize, TablebaseTable } from '../../shared/engine/tablebase/table'
import { runHostJob } from '../api/host-jobs'

/** The largest table built in a page's worker (positions of the whole space): 6 x 6 with 3 men. */
export const PAGE_TABLE_LIMIT = 80_000_000

export interface TableJobHandle {
  /** The table; rejects with CancelledError on cancel, or an Error saying what went wrong. */
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

/** The folder of a board's table in the desktop app's tablebases folder. */
export const tableFolder = (root: string, side: number, men: TablebaseMen): string => `${root}/${side}x${side}-${men}`

/**
 * A board's table: on the desktop (`root`, HostInfo.tablebases) loaded from its folder, or built
 * there; without a root, built in a job worker and kept in the page (the small boards only).
 */
export function buildTable(
  api: HalmaApi,
  side: number,
  men: TablebaseMen,
  threads: number,
  onProgress: TableProgress,
  root?: string,
): TableJobHandle {
  if (root === undefined && !buildableInPage(side, men)) {
    const result = Promise.reject(
      new Error(
        `the table of ${side}x${side} with ${men} men is too large to build in the page: the desktop app builds it in its data folder`,
      ),
    )
    return { result, cancel: () => undefined }
  }
  const where = root === undefined ? {} : { out: tableFolder(root, side, men), reuse: true }
  const job = runHostJob(
    'tablebase',
    { side, men, keep: true, threads, ...where },
    { progress: (p) => onProgress({ level: p.level, message: p.message }) },
    api,
  )
  return { result: job.result.then(tableOfResult), cancel: job.cancel }
}
