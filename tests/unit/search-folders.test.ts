// Folders for searches on disk (src/main/search-folders.ts): only a folder the user chose in the
// dialog may be a job's `disk`; whether it holds a checkpoint is told with the choice.
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SearchFolders } from '../../src/main/search-folders'
import { scratchFolders } from '../helpers/scratch'

const scratch = scratchFolders('folders')

const folders = (answers: (string | undefined | Error)[]) =>
  new SearchFolders({
    choose: async () => {
      const a = answers.shift()
      if (a instanceof Error) throw a
      return a
    },
    exists: async (p) => existsSync(p),
    join,
  })

describe('search folders', () => {
  it('grants the folder chosen, and says whether it holds a checkpoint', async () => {
    const empty = scratch()
    const resumable = scratch()
    writeFileSync(join(resumable, 'checkpoint.json'), '{}')
    const f = folders([empty, resumable, undefined, new Error('no display')])
    expect(await f.choose()).toEqual({ status: 'chosen', path: empty, checkpoint: false })
    expect(await f.choose()).toEqual({ status: 'chosen', path: resumable, checkpoint: true })
    expect(await f.choose()).toEqual({ status: 'cancelled' })
    expect(await f.choose()).toEqual({ status: 'failed', reason: 'the folder dialog failed: no display' })
    const job = (disk?: string) => ({ kind: 'game', params: { ...(disk !== undefined && { disk }) } })
    expect(f.check(job(empty)).ok).toBe(true)
    expect(f.check(job(resumable)).ok).toBe(true)
    expect(f.check(job()).ok).toBe(true)
    const refused = f.check(job('/etc'))
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error[0]).toMatchObject({ code: 'job.disk', at: 'params.disk', message: expect.stringContaining('"/etc" was not chosen') })
    // A tablebase's folder (out) is held to the same rule.
    expect(f.check({ kind: 'tablebase', params: { out: empty } }).ok).toBe(true)
    const table = f.check({ kind: 'tablebase', params: { out: '/etc' } })
    expect(table.ok ? '' : table.error[0]!.at).toBe('params.out')
  })

  it("lets a tablebase job use a folder of the app's tablebases, and no other", () => {
    const f = new SearchFolders({ choose: async () => undefined, exists: async () => false, join, tablebase: (p) => p.startsWith('/data/tablebases/') })
    expect(f.check({ kind: 'tablebase', params: { out: '/data/tablebases/7x7-2' } }).ok).toBe(true)
    expect(f.check({ kind: 'tablebase', params: { out: '/data/other' } }).ok).toBe(false)
    // Only a tablebase's out: a search's levels (disk) are not let in so.
    expect(f.check({ kind: 'game', params: { disk: '/data/tablebases/7x7-2' } }).ok).toBe(false)
  })
})
