// The desktop app end to end with Playwright's Electron driver: the secure window, a search in a
// utility process to a verified solution, cancel, and documents through (stubbed) native dialogs.
//
// It needs the Electron binary, which npm does not download with electron 45 (the binary is fetched
// at first start) and which machines without internet access never get. There the spec is skipped
// and says why. Requiring the `electron` package would try the download, so the binary is looked up
// on disk instead.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { formatDocument, parseDocument } from '../../src/shared/halma/document'
import { presetProblem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { boardByName } from '../../src/shared/halma/board'
import { makeRules } from '../../src/shared/halma/rules'
import { verify } from '../../src/shared/halma/verify'
import { ROOT, screenshot } from './harness'

/** The Electron executable, or why there is none. */
function electronBinary(): { path: string } | { reason: string } {
  const pkg = join(ROOT, 'node_modules/electron')
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH']
  const pathFile = join(pkg, 'path.txt')
  if (!override && !existsSync(pathFile)) {
    return {
      reason: `no Electron binary: ${pathFile} is missing (electron 45 downloads its binary at first start, and this machine cannot download it)`,
    }
  }
  const exe = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron'
  const full = override ? join(override, exe) : join(pkg, 'dist', exe)
  return existsSync(full) ? { path: full } : { reason: `no Electron binary at ${full}` }
}

const binary = electronBinary()
const skipReason = 'reason' in binary ? binary.reason : undefined
if (skipReason) console.warn(`electron e2e skipped: ${skipReason}`)

const text = async (page: Page, id: string): Promise<string> => ((await page.getByTestId(id).textContent()) ?? '').trim()

describe.skipIf(skipReason !== undefined)(`the desktop app (Electron)${skipReason ? ` — skipped: ${skipReason}` : ''}`, () => {
  let app: ElectronApplication
  let page: Page
  let dir: string

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'out/main/index.js'))) throw new Error('out/main is missing: run `npx electron-vite build` first')
    dir = mkdtempSync(join(tmpdir(), 'halma-electron-'))
    app = await _electron.launch({
      executablePath: (binary as { path: string }).path,
      args: [ROOT, `--user-data-dir=${join(dir, 'user-data')}`, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      cwd: ROOT,
      timeout: 60_000,
    })
    page = await app.firstWindow()
    await page.getByTestId('search-run').waitFor()
  })

  afterAll(async () => {
    await app?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** Utility processes running searches, by their service name. */
  const searchProcesses = (): Promise<number> =>
    app.evaluate(
      ({ app: a }) => a.getAppMetrics().filter((m) => m.type === 'Utility' && /search/.test(m.serviceName ?? m.name ?? '')).length,
    )

  it('opens one window without Node in the page, on the default problem', async () => {
    expect(await page.title()).toBe('untitled.halma.json — Halma Workbench')
    expect(await text(page, 'host')).toContain('desktop')
    expect(await page.evaluate(() => typeof (window as { halma?: unknown }).halma)).toBe('object')
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined')
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined')
    // Context isolation: the page sees the API object but not the preload's world.
    expect(await page.evaluate(() => typeof (globalThis as { ipcRenderer?: unknown }).ipcRenderer)).toBe('undefined')
    // The desktop keeps a search's levels on disk: the panel offers it, and Resume once a folder holds a checkpoint.
    expect(await page.getByTestId('search-keep-on-disk').count()).toBe(1)
    expect(await page.getByTestId('search-resume').isDisabled()).toBe(true)
    await screenshot(page, 'electron-default')
  })

  it('runs a search in a utility process to a verified optimal solution', async () => {
    await page.getByTestId('doc-new').click()
    await page.getByTestId('new-army').selectOption('square4')
    await page.getByTestId('new-rules').selectOption('6-move')
    await page.getByTestId('new-create').click()
    await page.getByTestId('search-run').click()
    await page.getByTestId('result-status').waitFor({ timeout: 90_000 })
    expect(await text(page, 'result-status')).toBe('optimal')
    const moves = await page.getByTestId('moves').locator('li').allTextContents()
    const problem = unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'square4'))
    expect(verify(problem, moves.join(', ')).valid).toBe(true)
    await expect.poll(searchProcesses).toBe(0)
    await screenshot(page, 'electron-search-result')
  })

  it('cancels a long search within a second and ends its utility process', async () => {
    await page.getByTestId('doc-new').click()
    await page.getByTestId('new-army').selectOption('triangle10')
    await page.getByTestId('new-rules').selectOption('6-move')
    await page.getByTestId('new-create').click()
    await page.getByTestId('search-strategy').selectOption('exhaustive')
    await page.getByTestId('search-run').click()
    await expect.poll(() => text(page, 'search-status'), { timeout: 30_000 }).toBe('running')
    expect(await searchProcesses()).toBe(1)
    const t0 = Date.now()
    await page.getByTestId('search-cancel').click()
    await page.getByTestId('search-status').getByText('cancelled').waitFor({ timeout: 1000 })
    await expect.poll(searchProcesses, { timeout: 1000 - (Date.now() - t0), interval: 20 }).toBe(0)
    expect(Date.now() - t0).toBeLessThan(1000)
  })

  it('opens and saves documents through the native dialogs (stubbed), atomically', async () => {
    const source = join(dir, 'levenspiel.halma.json')
    copyFileSync(join(ROOT, 'resources/problems/triangle10-6move.halma.json'), source)
    const target = join(dir, 'copy.halma.json')
    await app.evaluate(
      ({ dialog }, paths) => {
        dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [paths.source] })) as typeof dialog.showOpenDialog
        dialog.showSaveDialog = (async () => ({ canceled: false, filePath: paths.target })) as typeof dialog.showSaveDialog
      },
      { source, target },
    )
    await page.getByTestId('doc-open').click()
    await expect.poll(() => text(page, 'file-name')).toBe('levenspiel.halma.json')
    expect(await page.title()).toBe('levenspiel.halma.json — Halma Workbench')
    await page.getByTestId('doc-save-as').click()
    await expect.poll(() => text(page, 'file-name')).toBe('copy.halma.json')
    const original = unwrap(parseDocument(readFileSync(source, 'utf8')))
    expect(readFileSync(target, 'utf8')).toBe(formatDocument(original))
    expect(await page.evaluate(() => window.halma!.recentDocuments())).toEqual([
      { path: target, name: 'copy.halma.json' },
      { path: source, name: 'levenspiel.halma.json' },
    ])
    await screenshot(page, 'electron-document-saved')
  })
})
