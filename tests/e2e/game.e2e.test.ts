// Game search in the browser workbench, end to end in Chromium: a small game document (three men
// a side on the 4x4 board) searched to an optimal result, two of its listed games browsed in the
// stepper and one kept in the document; bad settings refused with a message; and a longer game
// search (six men a side on the 6x6 board) cancelled within a second.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { parseDocument } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import { verify } from '../../src/shared/halma/verify'
import { ROOT, screenshot, webApp } from './harness'

const SMALL = join(ROOT, 'tests/unit/fixtures/game3-4x4.halma.json')
/** Six men a side on 6x6: about twenty seconds of search on two cores (19 moves). */
const LONGER = {
  format: 'halma-workbench',
  version: 1,
  kind: 'game',
  title: 'triangle-6 game on the 6x6 board',
  board: '6x6',
  rules: { moves: '6-move' },
  armies: [
    { name: 'blue', preset: 'triangle6' },
    { name: 'red', preset: 'triangle6' },
  ],
}

const app = webApp({ height: 1000, waitFor: 'search-run' })

const text = async (page: Page, id: string): Promise<string> => ((await page.getByTestId(id).textContent()) ?? '').trim()

async function openDocument(page: Page, name: string, content: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
  await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) })
  await expect.poll(() => text(page, 'file-name')).toBe(name)
  await page.getByTestId('search-kind').waitFor()
}

/** The stepper's moves (without the start). */
async function stepperMoves(page: Page): Promise<string[]> {
  return page.getByTestId('move-list').locator('li[data-ply]:not([data-ply="0"]) .text').allTextContents()
}

describe('game search in the browser workbench', () => {
  it('searches a small game to an optimal result, browses two listed games in the stepper, and keeps one', async () => {
    const { page, errors } = await app.open()
    const source = readFileSync(SMALL, 'utf8')
    const problem = unwrap(parseDocument(source)).problem
    await openDocument(page, 'game3-4x4.halma.json', source)
    expect(await text(page, 'search-kind')).toBe('shortest two-player game')

    // A setting out of range is refused with a message naming it.
    await page.getByTestId('game-max-length').fill('0')
    await page.getByTestId('search-run').click()
    await expect.poll(() => text(page, 'search-failure')).toBe('max length: must be an integer from 1 to 1000, not 0')
    expect(await text(page, 'search-status')).toBe('failed')

    await page.getByTestId('game-max-length').fill('40')
    await page.getByTestId('game-list-count').fill('6')
    await page.getByTestId('search-threads').fill('2')
    await page.getByTestId('search-run').click()
    await page.getByTestId('game-result').waitFor({ timeout: 90_000 })
    expect(await text(page, 'result-status')).toBe('optimal')
    expect(await text(page, 'search-status')).toBe('finished')
    expect(await text(page, 'game-headline')).toBe('optimal: 9 moves, blue wins')
    expect(await text(page, 'proof')).toMatch(/^optimal: 9 moves \(blue wins\)\. No shorter game exists/)
    expect(await text(page, 'game-count')).toBe('170 shortest games (move sequences), ending in 8 distinct positions; 6 listed')
    expect(await page.getByTestId('game-searches').locator('tbody tr').count()).toBeGreaterThan(1)
    expect(await page.getByTestId('game-list').locator('li').count()).toBe(6)

    // The first listed game is in the stepper at once: both armies, alternating, blue wins on move 9.
    expect(await text(page, 'game-at')).toBe('1 / 6')
    const first = await stepperMoves(page)
    expect(first).toHaveLength(9)
    expect(verify(problem, first.join(', ')).winner).toEqual({ army: 0, move: 9 })
    expect(await text(page, 'line-status')).toBe('blue wins on move 9')
    const armies = await page
      .getByTestId('move-list')
      .locator('li[data-ply]:not([data-ply="0"])')
      .evaluateAll((lis) => lis.map((li) => (li.classList.contains('mover1') ? 1 : 0)))
    expect(armies).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0])
    await page.getByTestId('step-last').click()
    await screenshot(page, 'screenshots/game-result-first')

    // The next game, then another from the list: each a different shortest game, each a blue win.
    await page.getByTestId('game-next').click()
    await expect.poll(() => text(page, 'game-at')).toBe('2 / 6')
    const second = await stepperMoves(page)
    expect(second).not.toEqual(first)
    expect(verify(problem, second.join(', ')).winner).toEqual({ army: 0, move: 9 })
    expect(await text(page, 'line-source')).toBe('shortest game 2 of 6 from the search: blue wins in 9')
    await page.getByTestId('game-5').click()
    await expect.poll(() => text(page, 'game-at')).toBe('5 / 6')
    const fifth = await stepperMoves(page)
    expect(fifth).not.toEqual(second)
    expect(verify(problem, fifth.join(', ')).valid).toBe(true)
    await page.getByTestId('step-next').click()
    await page.getByTestId('step-next').click()
    await expect.poll(() => text(page, 'ply')).toBe('2 / 9')
    await page.getByTestId('game-prev').click()
    await expect.poll(() => text(page, 'game-at')).toBe('4 / 6')
    await screenshot(page, 'screenshots/game-browsed')

    // Kept in the document, like a solution.
    await page.getByTestId('keep-game').click()
    await page.getByTestId('dirty-mark').waitFor()
    expect(await text(page, 'stored-solutions')).toBe('1')
    expect(errors).toEqual([])
    await page.close()
  })

  it('cancels a longer game search within a second: cancelled, no result, the job worker gone', async () => {
    const { page, errors, workers } = await app.open()
    await openDocument(page, 'triangle6-6x6.halma.json', JSON.stringify(LONGER))
    await page.getByTestId('search-threads').fill('2')
    await page.getByTestId('search-run').click()
    await expect.poll(() => text(page, 'search-status'), { timeout: 30_000 }).toBe('running')
    await expect
      .poll(async () => Number((await text(page, 'progress-level').catch(() => '0')).split(' ')[0]), { timeout: 60_000 })
      .toBeGreaterThan(2)
    expect(await text(page, 'progress-phase')).toMatch(/^(heuristic|exhaustive) \(bound \d+\)$/)
    const job = workers.find((w) => w.url().includes('job-worker'))
    expect(job).toBeDefined()
    const closed = new Promise<number>((resolve) => job!.once('close', () => resolve(performance.now())))
    await screenshot(page, 'screenshots/game-search-running')

    const t0 = performance.now()
    await page.getByTestId('search-cancel').click()
    await page.getByTestId('search-status').getByText('cancelled').waitFor({ timeout: 1000 })
    const shown = performance.now() - t0
    const gone = (await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(Infinity), 2000))])) - t0
    expect(shown).toBeLessThan(1000)
    expect(gone).toBeLessThan(1000)
    await new Promise((r) => setTimeout(r, 500))
    expect(await text(page, 'search-status')).toBe('cancelled')
    expect(await page.getByTestId('game-result').count()).toBe(0)
    expect(await page.getByTestId('search-run').isEnabled()).toBe(true)
    await screenshot(page, 'screenshots/game-search-cancelled')
    console.log(`game cancel: the panel said cancelled after ${shown.toFixed(0)} ms, the job worker was gone after ${gone.toFixed(0)} ms`)
    expect(errors).toEqual([])
    await page.close()
  })
})
