// Publication and analysis in Chromium against the web build: the diagram and a figure sheet as
// SVG (parsed by the browser's DOMParser: the size they say, cropped to the board, one circle per
// man, the ladder key, captions with steps in italics); the search run from a mid-line position
// (Analyse from here), its shortest transfer appended to the line at that move, and for a game the
// rest of a shortest game from a mid-game move appended there; two lines' charts
// overlaid (Compare with), each series named with its line; help in place (a "?" beside each
// measure and overlay naming the paper's section, from the keyboard) and the board's colour key,
// with axe-core finding no serious or critical violation while they are open.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { parseDocument } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import { verify } from '../../src/shared/halma/verify'
import { axeViolations } from './axe'
import { notice, openFile, pasteMoves, ROOT, shot, text, webApp } from './harness'

/** Appendix A, problem #2, as printed. */
const LEVENSPIEL = `d1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5,
a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4-
(reflect)`

// bypassCSP: axe-core is injected as an inline script, which the page's policy forbids.
const app = webApp({ bypassCSP: true })

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()])
  return { name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') }
}

/** What the browser's own XML parser makes of an SVG file. */
interface Parsed {
  readonly error: string | null
  readonly root: string
  readonly width: number
  readonly height: number
  readonly viewBox: string | null
  readonly men: number
  readonly diagrams: number
  readonly captions: string[]
  readonly italic: string[]
  readonly keyRows: number
  readonly swatches: number
}

function parse(page: Page, svg: string): Promise<Parsed> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml')
    const root = doc.documentElement
    const error = doc.querySelector('parsererror')
    return {
      error: error ? (error.textContent ?? 'parse error') : null,
      root: root.localName,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      viewBox: root.getAttribute('viewBox'),
      men: root.querySelectorAll('circle.man').length,
      diagrams: root.querySelectorAll('g.diagram').length,
      captions: [...root.querySelectorAll('text.caption')].map((t) => t.textContent ?? ''),
      italic: [...root.querySelectorAll('text.caption tspan[font-style=italic]')].map((t) => t.textContent ?? ''),
      keyRows: root.querySelectorAll('g.key > rect').length,
      swatches: root.querySelectorAll('g.key polyline.swatch').length,
    }
  }, svg)
}

/** Show an SVG file in a page of its own, and screenshot it (to look at). */
async function look(svg: string, name: string): Promise<void> {
  const page = await app.browser.newPage()
  await page.setContent(svg.replace(/^<\?xml[^>]*>\s*/, ''))
  await shot(page, name)
  await page.close()
}

describe('SVG export', () => {
  it('exports the diagram and a figure sheet as valid SVG of the expected size, one circle per man', async () => {
    const { page, errors } = await app.open()
    await pasteMoves(page, LEVENSPIEL)
    await expect.poll(() => text(page, 'ply')).toBe('0 / 27')
    for (let k = 0; k < 13; k++) await page.getByTestId('step-next').click()
    await expect.poll(() => text(page, 'ply')).toBe('13 / 27')
    await page.getByTestId('overlay-ladders').check()
    const ladders = await page.getByTestId('ladder').count()
    expect(ladders).toBeGreaterThan(0)

    await page.getByTestId('export-size').fill('480')
    const diagram = await download(page, 'export-svg')
    expect(diagram.name).toMatch(/-move-13\.svg$/)
    const d = await parse(page, diagram.text)
    expect(d.error).toBeNull()
    expect(d.root).toBe('svg')
    expect(d.viewBox).toBe(`0 0 ${d.width} ${d.height}`)
    // The size the panel reports; cropped to the board, no wider than the 480 pixels asked for.
    await expect.poll(() => notice(page, 'export')).toContain(`(SVG, ${d.width} x ${d.height})`)
    // (The 9 x 9 board on the triangular lattice is a diamond, taller than wide: its height fills
    // the 480 pixels, the key adds to it, and the width is cropped.)
    expect(d.width).toBeLessThan(400)
    expect(d.height).toBeGreaterThan(440)
    // One circle per man on the board (the board publishes how many it draws).
    const men = Number(await page.getByTestId('board').getAttribute('data-men'))
    expect(men).toBe(10)
    expect(d.men).toBe(men)
    // The ladder key under the board: a badge per ladder the legend lists, and a swatch per carried type.
    expect(d.keyRows).toBe(ladders)
    expect(d.swatches).toBeGreaterThanOrEqual(ladders)

    // A figure sheet of moves 0-7, 4 a row: 8 diagrams of 10 men, captions under each.
    await page.getByTestId('sheet-from').fill('0')
    await page.getByTestId('sheet-to').fill('7')
    await page.getByTestId('sheet-columns').fill('4')
    await page.getByTestId('sheet-size').fill('240')
    const sheet = await download(page, 'export-sheet-svg')
    expect(sheet.name).toMatch(/-moves-0-7\.svg$/)
    const s = await parse(page, sheet.text)
    expect(s.error).toBeNull()
    expect(s.diagrams).toBe(8)
    expect(s.men).toBe(8 * men)
    expect(s.viewBox).toBe(`0 0 ${s.width} ${s.height}`)
    // 4 columns and 2 rows of frames no larger than 240 pixels, 12-pixel gaps, 22-pixel captions.
    expect(s.width).toBeLessThanOrEqual(12 + 4 * (240 + 12))
    // With ladders on, a key under the sheet: a swatch for each of the 4 types (and the move's arrow), 2 rows of 16 pixels.
    expect(s.swatches).toBe(4)
    expect(s.height).toBeLessThanOrEqual(12 + 2 * (240 + 22 + 12) + Math.round(2 * 16 + 16 * 0.6))
    expect((s.width - 12) % 4).toBe(0)
    const moves = (await page.getByTestId('move-list').locator('li .text').allTextContents()).slice(0, 7)
    expect(s.captions).toEqual(['start', ...moves.map((m, k) => `${k + 1}. ${m}`)])
    // Steps in italics: d1-d2 (move 1), e3-f3 (move 4); the jumps are upright.
    expect(s.italic).toEqual(['d1-d2', 'e3-f3'])
    await look(diagram.text, 'svg-diagram')
    await look(sheet.text, 'svg-sheet')
    expect(errors).toEqual([])
    await page.close()
  })
})

/** The stepper's "ply / length". */
async function plyOf(page: Page): Promise<{ ply: number; length: number }> {
  const [ply, length] = (await text(page, 'ply')).split('/').map((x) => Number(x.trim()))
  return { ply: ply!, length: length! }
}

describe('analyse from here', () => {
  it('searches from the position at a mid-line move and appends the shortest transfer to the line there', async () => {
    const { page, errors } = await app.open()
    // Ajisawa and Maruyama's 16-move square-9 transfer under 8-move rules, stored in the document.
    await openFile(page, 'square9-8move.halma.json')
    const whole = await plyOf(page)
    expect(whole.length).toBeGreaterThan(10)
    const at = 10
    for (let k = 0; k < at; k++) await page.getByTestId('step-next').click()
    await expect.poll(async () => (await plyOf(page)).ply).toBe(at)
    const before = (await page.getByTestId('move-list').locator('li .text').allTextContents()).slice(0, at)
    expect(await text(page, 'analyse-here-note')).toContain(`after move ${at}`)

    await page.getByTestId('analyse-here').click()
    await expect.poll(() => text(page, 'search-status'), { timeout: 60_000 }).toBe('finished')
    expect(await text(page, 'result-status')).toBe('optimal')
    expect(await text(page, 'result-origin')).toContain(`after move ${at}`)
    await expect.poll(() => text(page, 'verified')).toMatch(/^verified: \d+ legal moves/)
    const found = Number(/^verified: (\d+) legal moves/.exec(await text(page, 'verified'))![1])
    // Optimal from there, so no longer than the stored solution's remaining moves.
    expect(found).toBeGreaterThan(0)
    expect(found).toBeLessThanOrEqual(whole.length - at)
    expect(await text(page, 'proof')).toMatch(new RegExp(`^optimal: ${found} moves?`))
    // The stepper: the line up to move 10 as it was, then the moves found; still at move 10.
    await expect.poll(() => plyOf(page)).toEqual({ ply: at, length: at + found })
    const after = await page.getByTestId('move-list').locator('li .text').allTextContents()
    expect(after.slice(0, at)).toEqual(before)
    expect(after.slice(at)).toEqual(await page.getByTestId('moves').locator('li').allTextContents())
    expect(await text(page, 'line-source')).toContain(`analysis from move ${at}`)
    // An analysis's moves are not a solution by themselves: no "Add this solution" for them.
    expect(await page.getByTestId('add-solution').count()).toBe(0)
    await shot(page, 'analyse-from-here')
    // The stored solution against the analysed line, in the charts.
    const options = await page.getByTestId('compare-select').locator('option').allTextContents()
    const stored = options.find((o) => o.startsWith('solution 1'))!
    expect(stored).toBeDefined()
    await page.getByTestId('compare-select').selectOption({ label: stored })
    await expect.poll(() => text(page, 'compare-legend')).toContain(`(other): ${stored}`)
    await shot(page, 'compare-analysis')
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('analyse a game from here', () => {
  it('searches a two-player game from a mid-game move and appends the rest of a shortest game to the line there', async () => {
    const { page, errors } = await app.open()
    // Three men a side on the 4x4 board, searched from the start for a shortest game.
    const file = join(ROOT, 'tests/unit/fixtures/game3-4x4.halma.json')
    const problem = unwrap(parseDocument(readFileSync(file, 'utf8'))).problem
    await openFile(page, file)
    expect(await text(page, 'search-kind')).toBe('shortest two-player game')
    await page.getByTestId('search-threads').fill('2')
    await page.getByTestId('search-run').click()
    await expect.poll(() => text(page, 'search-status'), { timeout: 90_000 }).toBe('finished')
    expect(await text(page, 'result-status')).toBe('optimal')
    const headline = /^optimal: (\d+) moves, (\w+) wins$/.exec(await text(page, 'game-headline'))
    expect(headline).not.toBeNull()
    const shortest = Number(headline![1])
    const winner = headline![2]!
    const at = 4
    expect(shortest).toBeGreaterThan(at)
    await expect.poll(() => plyOf(page)).toEqual({ ply: 0, length: shortest })
    const game = await page.getByTestId('move-list').locator('li[data-ply]:not([data-ply="0"]) .text').allTextContents()
    expect(game).toHaveLength(shortest)

    // Step to move 4 and analyse from there: both armies where they stand, the side to move first.
    for (let k = 0; k < at; k++) await page.getByTestId('step-next').click()
    await expect.poll(async () => (await plyOf(page)).ply).toBe(at)
    const toMove = problem.armies[at % 2]!.name
    expect(await text(page, 'analyse-here-note')).toContain(`after move ${at}, ${toMove} to move`)
    await page.getByTestId('analyse-here').click()
    await expect.poll(() => text(page, 'search-status'), { timeout: 90_000 }).toBe('finished')
    expect(await text(page, 'result-status')).toBe('optimal')
    // Exactly the rest of a shortest game: a shorter continuation would make the whole game shorter
    // than the shortest, and the rest of the game shown is one of this length.
    const rest = shortest - at
    expect(await text(page, 'game-headline')).toBe(`optimal: ${rest} moves, ${winner} wins`)
    const found = await page.getByTestId('game-list').locator('li').first().locator('.move').allTextContents()
    expect(found).toHaveLength(rest)

    // The stepper: the game up to move 4 as it was, then the moves found; still at move 4.
    await expect.poll(() => plyOf(page)).toEqual({ ply: at, length: shortest })
    const after = await page.getByTestId('move-list').locator('li[data-ply]:not([data-ply="0"]) .text').allTextContents()
    expect(after.slice(0, at)).toEqual(game.slice(0, at))
    expect(after.slice(at)).toEqual(found.map((m) => m.replace(/,$/, '')))
    // The whole line is a legal game the same side wins on its last move.
    const army = problem.armies.findIndex((a) => a.name === winner)
    expect(verify(problem, after.join(', ')).winner).toEqual({ army, move: shortest })
    expect(await text(page, 'line-source')).toContain(`analysis from move ${at}`)
    await page.getByTestId('step-last').click()
    await shot(page, 'analyse-game-from-here')
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('compare two lines', () => {
  it('overlays the charts of the line before the last change, with a legend naming both', async () => {
    const { page, errors } = await app.open()
    await pasteMoves(page, LEVENSPIEL)
    await expect.poll(() => text(page, 'ply')).toBe('0 / 27')
    // One line only: nothing to compare with yet.
    expect(await page.getByTestId('compare-select').count()).toBe(0)
    await pasteMoves(page, 'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3')
    await expect.poll(() => text(page, 'ply')).toBe('0 / 5')
    const options = await page.getByTestId('compare-select').locator('option').allTextContents()
    expect(options).toEqual(['no other line', 'before the last change (pasted)'])
    await page.getByTestId('compare-select').selectOption({ label: 'before the last change (pasted)' })
    await expect.poll(() => text(page, 'compare-legend')).toBe('this line (pasted) (other): before the last change (pasted)')
    // Each chart draws the series of both lines (the compared line's named "(other)", its legend rows
    // folded away: the key above names it once).
    const tabs = (await page.getByTestId('charts').getAttribute('data-layout')) === 'tabs'
    for (const chart of ['chart-centroid', 'chart-balance', 'chart-distance']) {
      // One at a time under tabs when the three do not fit stacked.
      if (tabs) await page.getByTestId(chart.replace('chart-', 'chart-tab-')).click()
      const labels = await page.getByTestId(chart).locator('.u-legend .u-series .u-label').allTextContents()
      const theirs = await page.getByTestId(chart).locator('.u-legend .u-series.other .u-label').allTextContents()
      const mine = labels.filter((l) => l !== 'move' && !theirs.includes(l))
      expect(mine.length).toBeGreaterThan(0)
      expect(theirs).toEqual(mine.map((l) => `${l} (other)`))
      expect(await page.getByTestId(chart).locator('.u-legend .u-series.other').first().isVisible()).toBe(false)
    }
    await shot(page, 'compare-lines')
    // Back to one line.
    await page.getByTestId('compare-select').selectOption('')
    expect(await page.getByTestId('compare-legend').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('help in place', () => {
  it('says what each measure and overlay means and where the paper defines it, from the keyboard too', async () => {
    const { page, errors } = await app.open()
    const expected: [string, string][] = [
      ['centroid', 'Bell 2009, section 3.1 (Centroids and Bounds)'],
      ['sym', 'Bell 2009, section 3.3 (Symmetry and Palindromes)'],
      ['distance', 'Bell 2009, section 2.3 (A Lower Bound on Game Length)'],
      ['ladders', 'Bell 2009, section 2.2 (Ladders)'],
      ['types', 'Bell 2009, section 2.1 (Types of Men)'],
    ]
    for (const [topic, section] of expected) {
      const button = page.getByTestId(`help-${topic}`).first()
      expect(await button.getAttribute('aria-expanded')).toBe('false')
      await button.click()
      expect(await button.getAttribute('aria-expanded')).toBe('true')
      const help = page.getByTestId(`help-text-${topic}`).first()
      expect(await help.isVisible()).toBe(true)
      expect(await help.textContent()).toContain(section)
      await button.click()
      expect(await help.isVisible()).toBe(false)
    }
    // The buttons are named for what they explain.
    expect(await page.getByRole('button', { name: 'what is c(A)?' }).count()).toBe(1)
    // From the keyboard: Enter opens, Escape closes and gives the focus back.
    const c = page.getByTestId('help-centroid')
    await c.focus()
    await page.keyboard.press('Enter')
    const text0 = page.getByTestId('help-text-centroid')
    expect(await text0.isVisible()).toBe(true)
    expect(await text0.textContent()).toMatch(/^c\(A\): The army's diagonal centroid/)
    await page.keyboard.press('Escape')
    expect(await text0.isVisible()).toBe(false)
    expect(await c.evaluate((el) => el === document.activeElement)).toBe(true)

    // The colour key under the board: the armies, the target, and the ladders' lanes once they are on.
    await page.getByTestId('overlay-ladders').check()
    await page.getByTestId('board-key').locator('summary').click()
    const entries = await page.getByTestId('board-key-entry').allInnerTexts()
    expect(entries.map((e) => e.trim())).toEqual(
      expect.arrayContaining([
        'blue men',
        'target cells (the ring stays over a man who is home)',
        'a lane carrying type 0 men',
        'a lane carrying type 3 men',
      ]),
    )
    await page.getByTestId('help-centroid').click()
    expect(await axeViolations(page)).toEqual([])
    await shot(page, 'help-in-place')
    expect(errors).toEqual([])
    await page.close()
  })
})
