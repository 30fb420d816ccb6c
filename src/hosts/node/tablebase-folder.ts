/**
 * A tablebase's folder opened for reading (issue 29's tables, `halma tablebase build --out DIR`):
 * the table, or why not as a Result with the table's own codes: `tablebase.missing` (no folder, no
 * header, a file missing) or `tablebase.damaged` (a header that does not hold together, a file of
 * the wrong size, a chunk that fails its checksum, a start the files contradict).
 */
import { existsSync, statSync } from 'node:fs'
import { readHeader, storeWords, TablebaseTable } from '../../shared/engine/tablebase/table'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../shared/result'
import { folderStore } from './store'

/**
 * Open the table in `dir`. With `verify`, every chunk of both files is read and checked against its
 * checksum, and the start's value against the header's, first (the 7 x 7, 3-men table: about
 * 0.2 s, docs/PROTOCOL.md), so that a damaged table is refused before any game rather than found
 * mid-game; without it (`halma tablebase verify`, which reports the damage itself) each chunk is
 * checked when first read.
 */
export function openTableFolder(dir: string, options: { verify: boolean }): Result<TablebaseTable, Diagnostic> {
  // folderStore makes its folder: a reader must name a folder that is not there instead.
  if (!existsSync(dir)) return err(diagnostic('tablebase.missing', `${dir} does not exist`))
  if (!statSync(dir).isDirectory()) return err(diagnostic('tablebase.missing', `${dir} is not a folder`))
  const store = folderStore(dir)
  const header = readHeader(store)
  if (!header.ok) return header
  const table = new TablebaseTable(header.value, storeWords(store), dir)
  if (!options.verify) return ok(table)
  const checked = table.verify()
  const start = checked.ok ? table.checkStart() : checked
  if (!start.ok) {
    table.close()
    return start
  }
  return ok(table)
}
