// The browser workbench end to end in Chromium: the default problem, a search to a verified
// optimal solution, a long search cancelled within a second, and documents opened through the
// file input and saved as downloads (with the unsaved-changes guard).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { formatDocument, parseDocument } from '../../src/shared/halma/document'
import { presetProblem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { boardByName } from '../../src/shared/halma/board'
import { makeRules } from '../../src/shared/halma/rules'
import { verify } from '../../src/shared/halma/verify'
import { notice, ROOT, screenshot, webApp } from './harness'

const PROBLEMS = join(ROOT, 'resources/problems')

const app = webApp({ height: 900, waitFor: 'search-run' })

const text = async (page: Page, id: string): Promise<string> => ((await page.getByTestId(id).textContent()) ?? '').trim()

async function newProblem(page: Page, army: string, rules: string): Promise<void> {
  await page.getByTestId('doc-new').click()
  await page.getByTestId('new-army').selectOption(army)
  await page.getByTestId('new-board').selectOption('9x9')
  await page.getByTestId('new-rules').selectOption(rules)
  await page.getByTestId('new-create').click()
  await expect.poll(() => text(page, 'problem-title')).toContain(army)
}

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()])
  const path = await d.path()
  return { name: d.suggestedFilename(), text: readFileSync(path, 'utf8') }
}

describe('the browser workbench', () => {
  it('opens on the default problem, untitled and clean, cross-origin isolated', async () => {
    const { page, errors } = await app.open()
    expect(await page.title()).toBe('untitled.halma.json — Halma Workbench')
    expect(await text(page, 'file-name')).toBe('untitled.halma.json')
    expect(await page.getByTestId('dirty-mark').count()).toBe(0)
    expect(await text(page, 'problem-title')).toContain('triangle10')
    expect(await text(page, 'centroid')).toBe('-60')
    expect(await text(page, 'host')).toContain('in the browser')
    expect(await text(page, 'search-status')).toBe('ready')
    // A browser tab has no disk: no "Keep levels on disk" nor "Resume", a note saying why.
    expect(await page.getByTestId('search-keep-on-disk').count()).toBe(0)
    expect(await page.getByTestId('search-resume').count()).toBe(0)
    expect(await text(page, 'search-no-disk')).toContain('desktop app only (no disk in a browser)')
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true)
    await screenshot(page, 'workbench-default')
    expect(errors).toEqual([])
    await page.close()
  })

  it('runs a search to an optimal solution that the core verifier accepts, and keeps it in the document', async () => {
    const { page, errors } = await app.open()
    await newProblem(page, 'square4', '6-move')
    // A beam width that is not a number is refused, naming the field (it used to become the default).
    await page.getByTestId('search-strategy').selectOption('beam')
    await page.getByTestId('search-beam').fill('abc')
    await page.getByTestId('search-beam').blur()
    await page.getByTestId('search-run').click()
    await expect.poll(() => text(page, 'search-failure')).toMatch(/^beam width: /)
    expect(await text(page, 'search-status')).toBe('failed')
    // The threads field offers the engine's range (0 to 256), as the engine's message says.
    expect(await page.getByTestId('search-threads').getAttribute('max')).toBe('256')
    await page.getByTestId('search-beam').fill('')
    await page.getByTestId('search-beam').blur()
    await page.getByTestId('search-strategy').selectOption('auto')
    await page.getByTestId('search-threads').fill('2')
    await page.getByTestId('search-run').click()
    await page.getByTestId('result-status').waitFor({ timeout: 90_000 })
    expect(await text(page, 'result-status')).toBe('optimal')
    expect(await text(page, 'search-status')).toBe('finished')
    expect(await text(page, 'proof')).toMatch(/^optimal: 15 moves\./)
    const moves = await page.getByTestId('moves').locator('li').allTextContents()
    expect(moves).toHaveLength(15)
    const problem = unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'square4'))
    const v = verify(problem, moves.join(', '))
    expect(v.error?.message).toBeUndefined()
    expect(v.valid).toBe(true)
    expect(await text(page, 'verified')).toMatch(/^verified: 15 legal moves/)
    await screenshot(page, 'workbench-search-result')

    // Keep the solution: the document now has unsaved changes.
    await page.getByTestId('add-solution').click()
    await page.getByTestId('dirty-mark').waitFor()
    expect(await page.title()).toBe('untitled.halma.json ● — Halma Workbench')
    expect(await text(page, 'stored-solutions')).toBe('1')

    // Leaving unsaved work asks first; declining keeps it.
    const asked: string[] = []
    page.once('dialog', (d) => {
      asked.push(d.message())
      void d.dismiss()
    })
    await newProblem(page, 'triangle6', '6-move').catch(() => undefined)
    expect(asked).toEqual(['Unsaved work: untitled.halma.json. Discard it?'])
    expect(await text(page, 'stored-solutions')).toBe('1')
    await page.getByTestId('new-close').click()

    // Save As downloads the document, which now holds the verified solution; the mark goes.
    const saved = await download(page, 'doc-save-as')
    expect(saved.name).toBe('untitled.halma.json')
    const doc = parseDocument(saved.text)
    expect(doc.ok ? 'ok' : doc.error).toBe('ok')
    if (!doc.ok) return
    expect(doc.value.solutions).toHaveLength(1)
    expect(verify(doc.value.problem, doc.value.solutions[0]!.solution).valid).toBe(true)
    await expect.poll(() => page.getByTestId('dirty-mark').count()).toBe(0)
    expect(await page.title()).toBe('untitled.halma.json — Halma Workbench')
    expect(errors).toEqual([])
    await page.close()
  })

  it('cancels a long search within a second: the panel says cancelled and the job worker is gone', async () => {
    const { page, errors, workers } = await app.open()
    // The default problem, triangle-10 under 6-move rules, searched exhaustively: minutes of work.
    await page.getByTestId('search-strategy').selectOption('exhaustive')
    await page.getByTestId('search-threads').fill('2')
    await page.getByTestId('search-run').click()
    await expect.poll(() => text(page, 'search-status'), { timeout: 30_000 }).toBe('running')
    await expect
      .poll(async () => Number((await text(page, 'progress-level').catch(() => '0')).split(' ')[0]), { timeout: 60_000 })
      .toBeGreaterThan(2)
    // The progress has a chart of the level sizes so far.
    await expect.poll(async () => Number(await page.getByTestId('level-chart').getAttribute('data-levels'))).toBeGreaterThan(2)
    const job = workers.find((w) => w.url().includes('job-worker'))
    expect(job).toBeDefined()
    const expansions = workers.filter((w) => w.url().includes('expansion-worker'))
    expect(expansions.length).toBeGreaterThan(0)
    const closed = new Promise<number>((resolve) => job!.once('close', () => resolve(performance.now())))
    await screenshot(page, 'workbench-search-running')

    const t0 = performance.now()
    await page.getByTestId('search-cancel').click()
    await page.getByTestId('search-status').getByText('cancelled').waitFor({ timeout: 1000 })
    const shown = performance.now() - t0
    const gone = (await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Infinity), 2000))])) - t0
    expect(shown).toBeLessThan(1000)
    expect(gone).toBeLessThan(1000)
    // Nothing comes back from the cancelled job.
    await new Promise((r) => setTimeout(r, 500))
    expect(await text(page, 'search-status')).toBe('cancelled')
    expect(await page.getByTestId('result').count()).toBe(0)
    expect(await page.getByTestId('search-run').isEnabled()).toBe(true)
    await screenshot(page, 'workbench-search-cancelled')
    console.log(`cancel: the panel said cancelled after ${shown.toFixed(0)} ms, the job worker was gone after ${gone.toFixed(0)} ms`)
    expect(errors).toEqual([])
    await page.close()
  })

  it('opens a document through the file input and saves it as a download that round-trips', async () => {
    const { page, errors } = await app.open()
    const file = join(PROBLEMS, 'triangle10-8move.halma.json')
    const original = unwrap(parseDocument(readFileSync(file, 'utf8')))
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
    await chooser.setFiles(file)
    await expect.poll(() => text(page, 'file-name')).toBe('triangle10-8move.halma.json')
    expect(await page.title()).toBe('triangle10-8move.halma.json — Halma Workbench')
    expect(await text(page, 'problem-title')).toBe(original.problem.title)
    expect(await text(page, 'stored-solutions')).toBe(String(original.solutions.length))
    expect(await notice(page, 'document')).toContain('opened triangle10-8move.halma.json')
    await screenshot(page, 'workbench-document-opened')

    const saved = await download(page, 'doc-save')
    expect(saved.name).toBe('triangle10-8move.halma.json')
    const again = parseDocument(saved.text)
    expect(again.ok && again.value.spec).toEqual(original.spec)
    expect(saved.text).toBe(formatDocument(original))
    expect(errors).toEqual([])
    await page.close()
  })

  it('refuses a file that is not a valid document, says what is wrong, and keeps the open one', async () => {
    const { page } = await app.open()
    const spec = JSON.parse(readFileSync(join(PROBLEMS, 'triangle10-6move.halma.json'), 'utf8'))
    spec.armies[0].cells = ['a1', 'j4']
    delete spec.armies[0].preset
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
    await chooser.setFiles({ name: 'broken.halma.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(spec)) })
    await page.getByTestId('notice-document').waitFor()
    expect(await notice(page, 'document')).toContain(
      "broken.halma.json is not a valid problem document: armies[0].cells[1]: 'j4' is not on the 9x9 board",
    )
    expect(await text(page, 'file-name')).toBe('untitled.halma.json')
    await screenshot(page, 'workbench-document-refused')
    await page.close()
  })
})
