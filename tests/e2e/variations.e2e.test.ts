// Variations end to end in Chromium against the web build (issue 16, "Done means"): a move played
// on the board inside a stored solution starts a side line; both lines show in the move list; the
// side line, completed to the target, is promoted to the main line; a comment is added; the
// document is saved (a download, format version 2), reopened, and the side line and comment are
// there again; a reload in the middle of a side line gives back the tree, the line and the ply.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { parseDocument } from '../../src/shared/halma/document'
import { checkVariations } from '../../src/shared/halma/solution-tree'
import { axeViolations } from './axe'
import { clickCell, notice, ROOT, shot, text, webApp } from './harness'

const LEVENSPIEL = join(ROOT, 'resources/problems/triangle10-6move.halma.json')

// bypassCSP: axe-core is injected as an inline script; dialogs (leaving unsaved work) are accepted.
const app = webApp({ bypassCSP: true, acceptDialogs: true })

async function openFile(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
  await chooser.setFiles(file)
}

/** Play a move by clicking its man and its destination. */
async function play(page: Page, from: string, to: string): Promise<void> {
  await clickCell(page, from)
  await clickCell(page, to)
}

const rows = (page: Page): Promise<string[]> => page.getByTestId('move-list').locator('li[data-ply] .text').allTextContents()
const sideLines = (page: Page): Promise<string[]> =>
  page
    .getByTestId('move-list')
    .getByTestId('side-line')
    .allTextContents()
    .then((l) => l.map((t) => t.replace(/\s+/g, ' ').trim()))

describe('variations', () => {
  it('a side line played inside a solution, promoted, commented, saved, reopened, and kept over a reload', async () => {
    const { page, errors } = await app.open()
    await openFile(page, LEVENSPIEL)
    await expect.poll(() => text(page, 'file-name')).toBe('triangle10-6move.halma.json')
    // Solution 2 (27 moves): its moves 19 and 20 can be played the other way round.
    await page.getByTestId('line-select').selectOption('1')
    await expect.poll(() => text(page, 'ply')).toBe('0 / 27')
    const main = await rows(page)
    expect(main.slice(18, 20)).toEqual(['h7-h9', 'e3-e4'])
    await page.getByTestId('move-list').locator('li[data-ply="18"]').click()
    await expect.poll(() => text(page, 'ply')).toBe('18 / 27')

    // Played inside the line: a side line; the solution keeps its 27 moves.
    await play(page, 'e3', 'e4')
    await expect.poll(() => text(page, 'ply')).toBe('19 / 19')
    expect(await text(page, 'line-source')).toMatch(/^solution 2: 27 moves with only 8 steps, side line after move 18$/)
    expect(await rows(page)).toEqual(main)
    expect(await sideLines(page)).toEqual(['19.e3-e4'])
    expect(await page.locator('[data-testid=move-list] .vmove.current').textContent()).toBe('19.e3-e4')
    expect(await text(page, 'dirty-mark')).toBe('● unsaved')
    // The side line goes on to the target: move 19, then moves 21 to 27 of the solution.
    await play(page, 'h7', 'h9')
    for (const [from, to] of [
      ['e4', 'i6'],
      ['g5', 'g9'],
      ['e5', 'i9'],
      ['f5', 'g5'],
      ['g5', 'i7'],
      ['h5', 'f9'],
      ['h6', 'h7'],
    ] as const)
      await play(page, from, to)
    await expect.poll(() => text(page, 'ply')).toBe('27 / 27')
    expect(await text(page, 'line-status')).toBe('27 moves reach the target')
    expect((await sideLines(page))[0]).toMatch(/^19\.e3-e4 20\.h7-h9 21\.e4-\S+ .* 27\.h6-h7$/)
    await shot(page, 'variations-side-line')

    // Promote it: it reaches the target, so it becomes solution 2's main line; the old one is its side line.
    await page.getByTestId('move-list').locator('.vmove', { hasText: '20.h7-h9' }).click()
    await expect.poll(() => text(page, 'ply')).toBe('20 / 27')
    await page.getByTestId('line-promote').click()
    await expect.poll(async () => (await rows(page)).slice(18, 20)).toEqual(['e3-e4', 'h7-h9'])
    expect(await text(page, 'line-source')).toBe('solution 2: 27 moves with only 8 steps')
    expect((await sideLines(page))[0]).toMatch(/^19\.h7-h9 20\.e3-e4 21\./)
    expect(await page.locator('[data-testid=move-list] li.current').getAttribute('data-ply')).toBe('20')
    expect(await page.getByTestId('line-promote').count()).toBe(0)

    // A comment on move 20, written in the inline editor from the keyboard.
    await page.getByTestId('comment-edit').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('comment-text').fill('move 19 and 20 commute')
    expect(await axeViolations(page, '[data-testid=stepper]')).toEqual([])
    await page.keyboard.press('Control+Enter')
    await expect.poll(() => page.locator('li[data-ply="20"] [data-testid=move-comment]').textContent()).toBe('move 19 and 20 commute')
    await shot(page, 'variations-promoted')
    // The tree, a side line and a comment in the list: no serious or critical axe violation.
    expect(await axeViolations(page, '[data-testid=stepper]')).toEqual([])

    // Saved: a download holding format version 2, the side line and the comment; it verifies.
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('doc-save').click()])
    const saved = readFileSync((await d.path())!, 'utf8')
    const doc = parseDocument(saved)
    expect(doc.ok).toBe(true)
    if (!doc.ok) return
    expect(doc.value.spec.version).toBe(2)
    const s2 = doc.value.spec.solutions![1]!
    expect(s2.comments).toEqual({ '20': 'move 19 and 20 commute' })
    expect(s2.variations).toHaveLength(1)
    expect(s2.variations![0]!.at).toBe(18)
    expect(s2.variations![0]!.moves).toMatch(/^h7-h9, e3-e4, /)
    expect(checkVariations(doc.value.problem, doc.value.solutions[1]!.tree).ok).toBe(true)
    await expect.poll(() => page.getByTestId('dirty-mark').count()).toBe(0)

    // Reopened from the saved file: the side line and the comment are there.
    const dir = mkdtempSync(join(tmpdir(), 'halma-variations-'))
    const file = join(dir, 'commuted.halma.json')
    writeFileSync(file, saved)
    await page.getByTestId('doc-new').click()
    await page.getByTestId('new-create').click()
    await expect.poll(() => text(page, 'file-name')).toBe('untitled.halma.json')
    await openFile(page, file)
    await expect.poll(() => text(page, 'file-name')).toBe('commuted.halma.json')
    await page.getByTestId('line-select').selectOption('1')
    await expect.poll(async () => (await rows(page)).slice(18, 20)).toEqual(['e3-e4', 'h7-h9'])
    expect((await sideLines(page))[0]).toMatch(/^19\.h7-h9 20\.e3-e4 21\./)
    expect(await page.locator('li[data-ply="20"] [data-testid=move-comment]').textContent()).toBe('move 19 and 20 commute')

    // Into the side line, then a reload: the tree, the line, the ply and the comment come back.
    await page.getByTestId('move-list').locator('.vmove', { hasText: '21.' }).click()
    await expect.poll(() => text(page, 'line-source')).toBe('solution 2: 27 moves with only 8 steps, side line after move 18')
    expect(await text(page, 'ply')).toBe('21 / 27')
    await expect.poll(() => text(page, 'autosave')).toBe('autosaved')
    await page.reload()
    await page.getByTestId('board').locator('canvas').first().waitFor()
    await expect.poll(() => text(page, 'ply')).toBe('21 / 27')
    // Nothing was unsaved, so nothing is announced (no stale "edits not yet in use" either).
    expect(await page.getByTestId('notice-document').count()).toBe(0)
    expect(await text(page, 'line-source')).toBe('solution 2: 27 moves with only 8 steps, side line after move 18')
    // The current move is scrolled into the list's view.
    const list = (await page.getByTestId('move-list').boundingBox())!
    const cur = (await page.locator('[data-testid=move-list] .vmove.current').boundingBox())!
    expect(cur.y).toBeGreaterThanOrEqual(list.y - 1)
    expect(cur.y + cur.height).toBeLessThanOrEqual(list.y + list.height + 1)
    expect(await page.locator('[data-testid=move-list] .vmove.current').textContent()).toMatch(/^21\./)
    expect((await sideLines(page))[0]).toMatch(/^19\.h7-h9 20\.e3-e4 21\./)
    expect(await page.locator('li[data-ply="20"] [data-testid=move-comment]').textContent()).toBe('move 19 and 20 commute')
    expect(await text(page, 'file-name')).toBe('commuted.halma.json')
    await shot(page, 'variations-restored') // the README's picture

    // The keyboard: ↑ goes to the other alternative to the move (the main line), ← and → step along it.
    await page.locator('body').click({ position: { x: 2, y: 2 } })
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => text(page, 'line-source')).toBe('solution 2: 27 moves with only 8 steps')
    expect(await text(page, 'ply')).toBe('21 / 27')
    expect(errors).toEqual([])
    await page.close()
  })

  it("a document's line with moves that cannot be played opens on it, those moves marked, and a click on one says why", async () => {
    const { page, errors } = await app.open()
    const spec = JSON.parse(readFileSync(LEVENSPIEL, 'utf8')) as { version: number; solutions: { moves: string; variations?: unknown[] }[] }
    spec.version = 2
    spec.solutions[0]!.variations = [{ at: 0, moves: 'a4-a5, a5-i9' }]
    const moves = spec.solutions[0]!.moves.split(', ')
    moves[4] = 'a3-c3-e9'
    spec.solutions[0]!.moves = moves.join(', ')
    const file = join(mkdtempSync(join(tmpdir(), 'halma-bad-')), 'bad.halma.json')
    writeFileSync(file, JSON.stringify(spec))
    await openFile(page, file)
    // Opened on the solution, its first four moves playable; why the fifth is not, said under the moves.
    await expect.poll(() => text(page, 'ply')).toBe('0 / 4')
    expect(await notice(page, 'moves')).toMatch(/^solution 1 cannot be played: move 5: a3-c3-e9.*\(shown up to move 4\)$/)
    const list = page.getByTestId('move-list')
    // Every main-line move from the fifth on (the 27 of the solution: its second half is written as "(reflect)").
    expect(await list.locator('li.unplayable').count()).toBe((await list.locator('li[data-ply]').count()) - 1 - 4)
    expect(await list.locator('li[data-ply="5"]').getAttribute('class')).toContain('unplayable')
    expect(await list.locator('li[data-ply="4"]').getAttribute('class')).not.toContain('unplayable')
    const side = list.getByTestId('side-line').locator('.vmove')
    expect(await side.evaluateAll((els) => els.map((e) => e.classList.contains('unplayable')))).toEqual([false, true])
    // A click on the side line's illegal move: not gone to; why is said.
    await side.nth(1).click()
    expect(await notice(page, 'moves')).toMatch(/^move 2 \(a5-i9\) cannot be played: a5-i9 is not a legal move/)
    expect(await text(page, 'ply')).toBe('0 / 4')
    await shot(page, 'unplayable-moves')
    expect(errors).toEqual([])
    await page.close()
  })
})
