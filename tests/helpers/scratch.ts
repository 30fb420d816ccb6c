// Scratch folders for tests that write files (search folders, checkpoints): each a fresh folder
// under the system's temporary directory, all deleted when the test file's tests are done.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** A maker of scratch folders named `halma-<prefix>-...`, deleted after the file's tests. */
export function scratchFolders(prefix: string): () => string {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
  return () => {
    const d = mkdtempSync(join(tmpdir(), `halma-${prefix}-`))
    dirs.push(d)
    return d
  }
}
