/**
 * Folders for searches on disk (issue 19): the renderer asks for one through a folder dialog, and
 * a job may keep its levels and checkpoint (`disk`) only in a folder the user chose so in this
 * session, as documents are only read and written where the user pointed (documents.ts). No
 * Electron here: app.ts passes in the dialog and the file check.
 */
import type { FolderOutcome } from '../preload/api'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../shared/result'

/** The checkpoint's file name in a search's folder (core/checkpoint.ts). */
export const CHECKPOINT_FILE = 'checkpoint.json'

export interface FolderDeps {
  /** A folder dialog: the folder chosen, or undefined if cancelled. */
  choose(): Promise<string | undefined>
  /** Whether a file exists. */
  exists(path: string): Promise<boolean>
  /** The path of a file in a folder. */
  join(folder: string, name: string): string
  /** Whether a path is a folder of the app's tablebases (its data folder): a tablebase job's `out` may be one. */
  tablebase?(path: string): boolean
}

export class SearchFolders {
  private readonly granted = new Set<string>()

  constructor(private readonly deps: FolderDeps) {}

  /** Ask for a folder; a chosen one may be a job's `disk` from now on. */
  async choose(): Promise<FolderOutcome> {
    let path: string | undefined
    try {
      path = await this.deps.choose()
    } catch (e) {
      return { status: 'failed', reason: `the folder dialog failed: ${(e as Error).message}` }
    }
    if (path === undefined) return { status: 'cancelled' }
    this.granted.add(path)
    return { status: 'chosen', path, checkpoint: await this.deps.exists(this.deps.join(path, CHECKPOINT_FILE)) }
  }

  /**
   * A job whose `disk` (a search's levels) or `out` (a tablebase's folder) is a folder the user did
   * not choose is refused, naming it; a tablebase's folder in the app's data folder is allowed.
   */
  check<J extends { readonly params: object }>(request: J): Result<J, Diagnostic[]> {
    const params: object = request.params
    for (const field of ['disk', 'out'] as const) {
      const folder = field in params ? (params as Record<string, unknown>)[field] : undefined
      if (folder === undefined || (typeof folder === 'string' && this.granted.has(folder))) continue
      if (field === 'out' && typeof folder === 'string' && this.deps.tablebase?.(folder)) continue
      return err([
        diagnostic('job.disk', `the folder ${JSON.stringify(folder)} was not chosen in this window: choose it with "Keep levels on disk"`, `params.${field}`),
      ])
    }
    return ok(request)
  }
}
