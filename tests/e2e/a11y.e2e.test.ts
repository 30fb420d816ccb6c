// Issue 16, defects 15-17, in Chromium against the web build. The ladder overlay: a legend with a
// key and swatches per ladder, the same keys on the rung men, one ladder shown alone by a click,
// and an exported diagram that carries the legend. Accessibility: axe-core finds no serious or
// critical violation on the workbench, the editor and a game's view; focus is seen; the stepper's
// buttons have names; the board is used from the keyboard alone and says what is under its
// cursor; the move list is one tab stop with rows reached by the arrow keys. The games list: a
// game's number beside its first line, moves wrapped only between moves.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from './axe'
import { notice, pasteMoves, RESULTS, ROOT, shot, text, webApp } from './harness'

const SHOTS = join(RESULTS, 'screenshots')
const LEVENSPIEL =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'
const GAME = join(ROOT, 'tests/unit/fixtures/game3-4x4.halma.json')

// bypassCSP: axe-core is injected as an inline script, which the page's policy forbids.
const app = webApp({ bypassCSP: true })
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true })
})

const boardPixels = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=board] canvas')].map((c) => (c as HTMLCanvasElement).toDataURL()).join('|'),
  )

/** Levenspiel's solution pasted and stepped to move 13, with the type labels and the ladders on. */
async function levenspielAt13(page: Page): Promise<void> {
  await pasteMoves(page, LEVENSPIEL)
  await expect.poll(() => text(page, 'line-status')).toBe('27 moves reach the target')
  await page.getByTestId('step-slider').fill('13')
  await expect.poll(() => text(page, 'ply')).toBe('13 / 27')
  await page.getByTestId('overlay-types').check()
  await page.getByTestId('overlay-ladders').check()
  await page.getByTestId('ladder').first().waitFor()
}

describe('the ladder overlay (defect 15)', () => {
  it('keys each ladder in the legend and on its rung men, shows one at a time, and exports its legend', async () => {
    const { page, errors } = await app.open()
    await levenspielAt13(page)
    const entries = page.getByTestId('ladder')
    const labels = await entries.evaluateAll((bs) => bs.map((b) => (b.textContent ?? '').replace(/\s+/g, ' ').trim()))
    expect(labels[0]).toMatch(/^A: \d(&\d)? ladder carries types? /)
    expect(labels.some((l) => /^[A-Z]: 1&2 ladder carries types 0 and 3 \(\d+ rungs\)$/.test(l))).toBe(true)
    // The key each entry shows on its badge is the key on its rung men.
    expect(await entries.locator('.key').allTextContents()).toEqual(labels.map((l) => l[0]))
    // A swatch per carried type, in the type's colour; type 0 solid, type 3 dash-dot.
    const swatches = await entries
      .locator('svg line')
      .evaluateAll((lines) => lines.map((l) => [l.getAttribute('stroke'), l.getAttribute('stroke-dasharray') ?? '']))
    expect(swatches).toContainEqual(['#e69f00', ''])
    expect(swatches).toContainEqual(['#0072b2', '12 4.8 3.2 4.8'])
    expect(await text(page, 'path-key')).toBe('last move')
    await shot(page, 'ladders-all')

    // One ladder alone: the board changes, the entry is pressed; a second click shows them all again.
    const all = await boardPixels(page)
    await entries.nth(1).click()
    await expect.poll(() => entries.nth(1).getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => boardPixels(page)).not.toBe(all)
    await shot(page, 'ladders-one')
    const one = await boardPixels(page)
    await entries.nth(1).click()
    await expect.poll(() => entries.nth(1).getAttribute('aria-pressed')).toBe('false')
    await expect.poll(() => boardPixels(page)).not.toBe(one)

    // The exported diagram carries the legend under the board: taller than wide, ink in the strip.
    await page.getByTestId('export-size').fill('480')
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()])
    const bytes = readFileSync(await d.path())
    const width = bytes.readUInt32BE(16)
    const height = bytes.readUInt32BE(20)
    // Cropped to the board (at most 480 x 2 wide), the key adding a line per ladder under it: the
    // SVG of the same diagram has the same box, and its key's text names each ladder.
    expect(width).toBeLessThanOrEqual(960)
    await expect.poll(() => notice(page, 'export')).toContain(`${width} x ${height} pixels`)
    const [sv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()])
    const svg = readFileSync(await sv.path(), 'utf8')
    const box = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(svg)!
    expect([width, height]).toEqual([Math.round(Number(box[1]) * 2), Math.round(Number(box[2]) * 2)])
    for (const l of labels) expect(svg).toContain(`>${l[0]}<`)
    expect(height).toBeGreaterThan(labels.length * 32)
    writeFileSync(join(SHOTS, 'diagram-ladders.png'), bytes)
    expect(errors).toEqual([])
  })
})

describe('accessibility (defect 16)', () => {
  it('has no serious or critical axe violations on the workbench and the editor, and shows focus', async () => {
    const { page, errors } = await app.open()
    await levenspielAt13(page)
    expect(await axeViolations(page)).toEqual([])

    // The stepper's buttons are named by what they do.
    for (const name of ['first move', 'previous move', 'next move', 'last move']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1)
    }
    // Focus is seen: a 3-pixel outline on a focused button.
    await page.getByRole('button', { name: 'next move', exact: true }).focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const outline = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!)
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) }
    })
    expect(outline.style).toBe('solid')
    expect(outline.width).toBeGreaterThanOrEqual(3)

    await page.getByTestId('mode-edit').click()
    await page.getByTestId('editor').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })

  it('plays a move from the keyboard alone and says what is under the cursor', async () => {
    const { page, errors } = await app.open()
    await page.getByTestId('board-focus').focus()
    // The cursor starts on the first man; the live region says what is there.
    await expect.poll(() => page.getByTestId('board').getAttribute('data-cursor')).toBe('a1')
    expect(await text(page, 'board-cursor')).toBe('a1: blue man, type 0')
    expect(await page.getByTestId('board-men').textContent()).toContain('blue: 10 men, on a1 b1 c1 d1 a2 b2 c2 a3 b3 a4')
    // d1 under 6-move rules steps to d2: walk the cursor there, pick the man, then the cell.
    const walk = async (to: string): Promise<void> => {
      for (let k = 0; k < 12 && (await page.getByTestId('board').getAttribute('data-cursor')) !== to; k++) {
        const points = JSON.parse((await page.getByTestId('board').getAttribute('data-cell-points'))!) as Record<string, number[]>
        const at = points[(await page.getByTestId('board').getAttribute('data-cursor'))!]!
        const goal = points[to]!
        const dx = goal[0]! - at[0]!
        const dy = goal[1]! - at[1]!
        await page.keyboard.press(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : dy > 0 ? 'ArrowDown' : 'ArrowUp')
      }
      expect(await page.getByTestId('board').getAttribute('data-cursor')).toBe(to)
    }
    await walk('d1')
    await page.keyboard.press('Enter')
    await expect.poll(() => text(page, 'board-cursor')).toMatch(/^d1: blue man, type \d, selected: he may go to .*d2/)
    await walk('d2')
    expect(await text(page, 'board-cursor')).toMatch(/the selected man may go here/)
    await page.keyboard.press('Enter')
    await expect.poll(() => text(page, 'ply')).toBe('1 / 1')
    expect(await page.getByTestId('move-list').locator('li[data-ply="1"] .text').textContent()).toBe('d1-d2')
    expect(await page.getByTestId('board-men').textContent()).toContain('last move: blue d1-d2')
    // The arrow keys moved the cursor, not the stepper.
    await shot(page, 'board-keyboard')
    expect(errors).toEqual([])
  })

  it('makes the move list one tab stop whose rows the arrow keys reach and Enter loads', async () => {
    const { page, errors } = await app.open()
    await pasteMoves(page, LEVENSPIEL)
    await expect.poll(() => text(page, 'ply')).toBe('0 / 27')
    const rows = page.getByTestId('move-list').locator('li')
    expect(await rows.evaluateAll((lis) => lis.filter((li) => li.tabIndex === 0).length)).toBe(1)
    await rows.first().focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-ply'))).toBe('3')
    expect(await text(page, 'ply')).toBe('0 / 27')
    await page.keyboard.press('Enter')
    await expect.poll(() => text(page, 'ply')).toBe('3 / 27')
    expect(await rows.nth(3).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await expect.poll(() => text(page, 'ply')).toBe('27 / 27')
    expect(await rows.evaluateAll((lis) => lis.filter((li) => li.tabIndex === 0).map((li) => li.dataset['ply']))).toEqual(['27'])
    expect(errors).toEqual([])
  })
})

describe("a game's view (defects 16 and 17)", () => {
  it('lists games with the number on the first line and moves whole, and passes axe', async () => {
    const { page, errors } = await app.open({ width: 1100, height: 800 })
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
    await chooser.setFiles(GAME)
    await page.getByTestId('search-kind').waitFor()
    await page.getByTestId('game-list-count').fill('6')
    await page.getByTestId('search-run').click()
    await page.getByTestId('game-result').waitFor({ timeout: 90_000 })
    const games = await page
      .getByTestId('game-list')
      .locator('li button')
      .evaluateAll((buttons) =>
        buttons.map((b) => {
          const number = b.querySelector('.number')!.getBoundingClientRect()
          const first = b.querySelector('.who')!.getBoundingClientRect()
          const moves = [...b.querySelectorAll('.move')]
          return {
            offset: Math.abs(number.top - first.top),
            lines: new Set(moves.map((m) => Math.round(m.getBoundingClientRect().top))).size,
            broken: moves.filter((m) => m.getClientRects().length > 1).length,
          }
        }),
      )
    expect(games).toHaveLength(6)
    // The side pane is narrow: the games wrap, and each wraps between moves only.
    expect(games.every((g) => g.lines > 1)).toBe(true)
    for (const g of games) expect(g).toMatchObject({ broken: 0 })
    for (const g of games) expect(g.offset).toBeLessThan(3)
    await page.getByTestId('game-list').scrollIntoViewIfNeeded()
    await shot(page, 'game-list')
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
