// Issue 31 in Chromium against the web build: an autosaved record that made the workbench throw
// on start ("Halma Workbench could not start: Maximum call stack size exceeded", on every reload
// until the site's data was deleted) now starts the workbench clean; the record is kept under a
// name of its own, offered as a download and named in the notice; the next reload is quiet.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { notice, pasteMoves, text, webApp } from './harness'

const app = webApp({ acceptDialogs: true })

/** Run `work` on the workbench's IndexedDB store of the session. */
function idb<T>(page: Page, work: 'put' | 'keys', key?: string, value?: string): Promise<T> {
  return page.evaluate(
    ([work, key, value]) =>
      new Promise<T>((resolve, reject) => {
        const r = indexedDB.open('halma-workbench')
        r.onerror = () => reject(r.error)
        r.onsuccess = () => {
          const tx = r.result.transaction('session', 'readwrite')
          const store = tx.objectStore('session')
          const q = work === 'put' ? store.put(value, key) : store.getAllKeys()
          q.onsuccess = () => resolve(q.result as T)
          q.onerror = () => reject(q.error)
        }
      }),
    [work, key, value] as const,
  )
}

describe('an autosave that cannot be read', () => {
  it('is set aside, offered and named; the workbench starts clean, and the next reload is quiet', async () => {
    const { page, errors } = await app.open()
    await pasteMoves(page, 'd1-d2')
    await expect.poll(() => text(page, 'autosave')).toBe('autosaved')
    // Side lines nested 1,500 deep in the stored record.
    const record = await page.evaluate(() => {
      let v: unknown = undefined
      for (let d = 1500; d >= 1; d--) v = [{ at: d, moves: 'a4-a5, a5-a6', ...(v !== undefined && { variations: v }) }]
      return JSON.stringify({
        format: 'halma-workbench-session',
        version: 2,
        savedAt: new Date().toISOString(),
        file: { name: 'deep.halma.json' },
        document: '{}',
        dirty: true,
        line: { moves: 'd1-d2', variations: v, label: { base: 'pasted', playedFrom: null }, ply: 1 },
      })
    })
    await idb(page, 'put', 'session', record)
    const download = page.waitForEvent('download')
    await page.reload()
    await page.getByTestId('board').locator('canvas').first().waitFor()
    expect(await notice(page, 'document')).toMatch(
      /^Your last session could not be restored: the session nests its arrays and objects more than \d+ deep\. The workbench starts clean\. It is kept in the browser's storage as "session-unreadable-[\dT-]+Z" and downloaded as session-unreadable-[\dT-]+Z\.json\.( ×)?$/,
    )
    expect((await download).suggestedFilename()).toMatch(/^session-unreadable-[\dT-]+Z\.json$/)
    const keys = await idb<string[]>(page, 'keys')
    expect(keys.some((k) => k.startsWith('session-unreadable-'))).toBe(true)
    expect(await text(page, 'ply')).toBe('0 / 0')
    await expect.poll(() => text(page, 'autosave')).toBe('autosaved')
    await page.reload()
    await page.getByTestId('board').locator('canvas').first().waitFor()
    expect(await page.getByTestId('notice-document').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})
