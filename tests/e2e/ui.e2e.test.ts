// The workbench as a user meets it, in Chromium against the web build: build a custom problem in
// the editor, solve it, step through the solution with the keyboard, toggle each overlay, read and
// click the charts, export a diagram and a figure sheet (checked as real PNGs of the expected
// size), paste Levenspiel's solution from the paper, play moves by clicking, and watch a
// two-player game. Screenshots of each screen go to test-results/screenshots/.
import { mkdirSync, readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { clickCell, loadPreset, notice, openFile, pasteMoves, RESULTS, shot, text, webApp } from './harness'

const SHOTS = join(RESULTS, 'screenshots')

/** Appendix A, problem #2, as printed (a move broken across a line, and `(reflect)`). */
const LEVENSPIEL = `d1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5,
a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4-
(reflect)`

const app = webApp({ width: 1400, height: 1000, clipboard: true })
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true })
})

/** A PNG's size from its header: the signature, then the IHDR chunk with width and height. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10]
  expect([...bytes.subarray(0, 8)]).toEqual(signature)
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/**
 * The colour (RGBA) of a PNG's top-left pixel. On the first row every PNG filter leaves the first
 * pixel as it is (there is nothing to its left or above), so it is read straight from the data.
 */
function firstPixel(bytes: Buffer): number[] {
  expect(bytes[24]).toBe(8) // bit depth
  expect(bytes[25]).toBe(6) // RGBA
  const idat: Buffer[] = []
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at)
    if (bytes.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const data = inflateSync(Buffer.concat(idat))
  return [...data.subarray(1, 5)]
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()])
  return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) }
}

/** A fingerprint of what the board's canvases show. */
const boardPixels = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=board] canvas')].map((c) => (c as HTMLCanvasElement).toDataURL()).join('|'),
  )

describe('the workbench, as a user works with it', () => {
  it('builds a custom problem in the editor, solves it, and steps through the solution with the keyboard', async () => {
    const { page, errors } = await app.open()
    await page.getByTestId('mode-edit').click()
    // A side out of range is refused, naming the field (it used to be clamped while the field kept it).
    await page.getByTestId('grid-size').fill('99999')
    await page.getByTestId('grid-resize').click()
    expect(await text(page, 'grid-size-error')).toBe('side: must be a whole number from 2 to 26, not 99999')
    await page.getByTestId('grid-size').fill('6')
    await page.getByTestId('grid-resize').click()
    expect(await page.getByTestId('grid-size-error').count()).toBe(0)
    await page.getByTestId('draft-title').fill('three men on a clipped 6 x 6 board')
    await page.getByTestId('draft-title').press('Enter')
    // Clear the men the grid kept from the default problem, then place three.
    await page.getByTestId('tool-erase').check()
    for (const c of ['a1', 'b1', 'c1', 'd1', 'a2', 'b2', 'c2', 'a3', 'b3', 'a4']) await clickCell(page, c)
    expect(await text(page, 'draft-fault')).toBe('the army has no men: place some')
    await page.getByTestId('tool-blue').check()
    for (const c of ['a1', 'b1', 'a2']) await clickCell(page, c)
    // Paint two corners off (each on the mirror line, so the board keeps its mirror).
    await page.getByTestId('tool-cells').check()
    await clickCell(page, 'f1')
    await clickCell(page, 'a6')
    await expect.poll(() => text(page, 'draft-ok')).toBe('ready: 3 men, 34 cells')
    // A target marked by hand must have as many cells as men: the check says so at once.
    await page.getByTestId('target-cells').check()
    await page.getByTestId('tool-target').check()
    await clickCell(page, 'e6')
    await expect.poll(() => text(page, 'draft-fault')).toContain('the target has 2 cells but the army has 3 men')
    await clickCell(page, 'e6')
    await page.getByTestId('target-mirror').check()
    // A man on a cell painted off is off the board.
    await page.getByTestId('tool-cells').check()
    await clickCell(page, 'a1')
    await expect.poll(() => text(page, 'draft-fault')).toContain("'a1' is not on the custom")
    expect(await page.getByTestId('draft-apply').isDisabled()).toBe(true)
    await shot(page, 'editor-validation')
    await clickCell(page, 'a1')
    await expect.poll(() => text(page, 'draft-ok')).toBe('ready: 3 men, 34 cells')
    expect(await page.getByTestId('board').getAttribute('data-lattice')).toBe('triangular')
    await shot(page, 'editor')
    await page.getByTestId('draft-apply').click()

    expect(await text(page, 'problem-title')).toBe('three men on a clipped 6 x 6 board')
    expect(await page.getByTestId('dirty-mark').count()).toBe(1)
    await page.getByTestId('search-threads').fill('2')
    await page.getByTestId('search-run').click()
    await page.getByTestId('result-status').waitFor({ timeout: 60_000 })
    expect(await text(page, 'result-status')).toBe('optimal')
    expect(await text(page, 'proof')).toMatch(/^optimal: \d+ moves/)
    expect(await text(page, 'verified')).toMatch(/^verified/)
    const n = (await page.getByTestId('moves').locator('li').count()) as number
    await expect.poll(() => text(page, 'line-source')).toContain('search result')
    expect(await text(page, 'ply')).toBe(`0 / ${n}`)
    await shot(page, 'solved')

    // The keyboard: End, Home, arrows, Shift+arrow for ten moves (clamped at the ends).
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('End')
    expect(await text(page, 'ply')).toBe(`${n} / ${n}`)
    expect(await text(page, 'chart-readout')).toContain('on target 3')
    await page.keyboard.press('Home')
    expect(await text(page, 'ply')).toBe(`0 / ${n}`)
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await text(page, 'ply')).toBe(`2 / ${n}`)
    await page.keyboard.press('ArrowLeft')
    expect(await text(page, 'ply')).toBe(`1 / ${n}`)
    await page.keyboard.press('Shift+ArrowRight')
    expect(await text(page, 'ply')).toBe(`${Math.min(n, 11)} / ${n}`)
    await page.keyboard.press('Shift+ArrowLeft')
    expect(await text(page, 'ply')).toBe(`${Math.max(0, Math.min(n, 11) - 10)} / ${n}`)
    // The current move is highlighted in the list.
    await page.keyboard.press('End')
    expect(await page.locator('[data-testid=move-list] li.current').getAttribute('data-ply')).toBe(String(n))
    expect(errors).toEqual([])
    await page.close()
  })

  it("pastes Levenspiel's 27-move solution from the paper, toggles every overlay, reads and clicks the charts", async () => {
    const { page, errors } = await app.open()
    // The default problem is Levenspiel's: triangle-10 across the 9 x 9 board under 6-move rules.
    const bad = 'd1-d2, b1-d1-d4'
    await pasteMoves(page, bad)
    expect(await notice(page, 'moves')).toMatch(/^move 2: b1-d1-d4/)
    await pasteMoves(page, LEVENSPIEL)
    await expect.poll(() => text(page, 'line-status')).toBe('27 moves reach the target')
    expect(await page.getByTestId('move-list').locator('li.step').count()).toBe(10)
    expect(await page.getByTestId('move-list').locator('li.jump').count()).toBe(17)
    expect(await text(page, 'ply')).toBe('0 / 27')

    // Half way: the position in the middle of the palindrome, just before the 8-jump move 14.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    for (let k = 0; k < 13; k++) await page.keyboard.press('ArrowRight')
    expect(await text(page, 'ply')).toBe('13 / 27')
    expect(await text(page, 'chart-readout')).toMatch(/^move 13: c\(A\) -6, sym\(A\) 9, types 3 3 3 1, d 2, on target 1$/)
    expect(await text(page, 'centroid')).toBe('-6')

    // Each overlay changes the drawing and says what it shows.
    let before = await boardPixels(page)
    await page.getByTestId('overlay-types').check()
    await expect.poll(() => boardPixels(page)).not.toBe(before)
    await shot(page, 'overlay-types')
    before = await boardPixels(page)
    await page.getByTestId('overlay-ladders').check()
    await expect.poll(() => boardPixels(page)).not.toBe(before)
    const ladders = await page.getByTestId('ladder').evaluateAll((bs) => bs.map((b) => (b.textContent ?? '').replace(/\s+/g, ' ').trim()))
    expect(ladders.some((l) => /^[A-Z]: 1&2 ladder carries types 0 and 3/.test(l))).toBe(true)
    await shot(page, 'overlay-ladders')
    before = await boardPixels(page)
    await page.getByTestId('overlay-mirror').check()
    await expect.poll(() => boardPixels(page)).not.toBe(before)
    expect(await text(page, 'mirror-legend')).toContain('sym(A) = 9')
    await shot(page, 'overlay-mirror')
    before = await boardPixels(page)
    await page.getByTestId('overlay-coordinates').uncheck()
    await expect.poll(() => boardPixels(page)).not.toBe(before)
    await page.getByTestId('overlay-coordinates').check()
    before = await boardPixels(page)
    await page.getByTestId('square-grid').check()
    await expect.poll(() => page.getByTestId('board').getAttribute('data-lattice')).toBe('square')
    // Konva draws on the next animation frame: wait for it.
    await expect.poll(() => boardPixels(page)).not.toBe(before)
    await shot(page, 'square-grid')
    await page.getByTestId('square-grid').uncheck()
    await page.getByTestId('overlay-ladders').uncheck()
    await page.getByTestId('overlay-mirror').uncheck()

    // The charts: a click on the c(A) chart moves the stepper to the move under the cursor.
    const over = page.getByTestId('chart-centroid').locator('.u-over')
    const box = (await over.boundingBox())!
    await over.click({ position: { x: (box.width * 20) / 27, y: box.height / 2 } })
    expect(await text(page, 'ply')).toBe('20 / 27')
    expect(await text(page, 'chart-readout')).toMatch(/^move 20: c\(A\) /)
    await over.click({ position: { x: 2, y: box.height / 2 } })
    expect(await text(page, 'ply')).toBe('0 / 27')
    expect(await text(page, 'chart-readout')).toBe('move 0: c(A) -60, sym(A) 0, types 3 3 3 1, d 10, on target 0')
    await page.getByTestId('step-last').click()
    expect(await text(page, 'chart-readout')).toBe('move 27: c(A) 60, sym(A) 0, types 3 3 3 1, d 0, on target 10')
    // When the three do not fit stacked, they take turns under tabs, each with a plot of its own.
    if ((await page.getByTestId('charts').getAttribute('data-layout')) === 'tabs') await page.getByTestId('chart-tab-balance').click()
    await page.getByTestId('chart-balance').scrollIntoViewIfNeeded()
    await shot(page, 'charts')

    // Copy the solution: the palindrome comes out as its first half and (reflect).
    await page.getByTestId('copy-line').click()
    await expect.poll(() => text(page, 'copied')).toBe('solution copied')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied.startsWith('d1-d2, b1-d1-d3, a3-c3-e3')).toBe(true)
    // The middle move ends with '-' and (reflect) follows after a space, as in the paper (no stray comma).
    expect(copied.endsWith('- (reflect)')).toBe(true)
    await page.getByTestId('copy-position').click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/after move 27\nblue: /)
    // Keep the pasted line in the document, as its written (reflect) form.
    await page.getByTestId('keep-line').click()
    await expect.poll(() => text(page, 'stored-solutions')).toBe('1')
    expect(await page.getByTestId('dirty-mark').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('exports the diagram and a figure sheet as PNG files cropped to the board, as the SVG files are', async () => {
    const { page, errors } = await app.open()
    await pasteMoves(page, LEVENSPIEL)
    await page.getByTestId('step-last').click()
    await page.getByTestId('overlay-types').check()

    // A size out of range is refused, naming the field (it used to become 2000 silently).
    await page.getByTestId('export-size').fill('99999')
    await page.getByTestId('export-png').click()
    await expect.poll(() => notice(page, 'export')).toBe('size: must be a whole number from 100 to 2000, not 99999')
    await page.getByTestId('export-size').fill('400')
    await page.getByTestId('export-scale').selectOption('2')
    const diagram = await download(page, 'export-png')
    expect(diagram.name).toMatch(/-move-27\.png$/)
    // Cropped to the board, as the SVG is: the same box, times the scale; at most size x size.
    const svgOf = async (button: string) => {
      const svg = (await download(page, button)).bytes.toString('utf8')
      const m = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(svg)!
      return { width: Number(m[1]), height: Number(m[2]) }
    }
    const box = await svgOf('export-svg')
    const size = pngSize(diagram.bytes)
    expect(size).toEqual({ width: Math.round(box.width * 2), height: Math.round(box.height * 2) })
    expect(size.width).toBeLessThanOrEqual(800)
    expect(size.height).toBeLessThanOrEqual(800)
    expect(size.width).toBeGreaterThan(300)
    expect(await notice(page, 'export')).toContain('SVG')
    const { writeFileSync: write } = await import('node:fs')
    write(join(SHOTS, 'diagram-cropped.png'), diagram.bytes)

    await page.getByTestId('export-background').selectOption('transparent')
    await page.getByTestId('export-coordinates').uncheck()
    await page.getByTestId('export-scale').selectOption('1')
    const plain = await download(page, 'export-png')
    const plainBox = await svgOf('export-svg')
    expect(pngSize(plain.bytes)).toEqual({ width: Math.round(plainBox.width), height: Math.round(plainBox.height) })
    expect(plainBox.width).toBeLessThanOrEqual(400)
    // A white background is white in the corner; a transparent one is clear.
    expect(firstPixel(diagram.bytes)).toEqual([255, 255, 255, 255])
    expect(firstPixel(plain.bytes)[3]).toBe(0)

    // Figure 6: the first half of the solution, 4 diagrams a row, 240 pixels each.
    await page.getByTestId('export-background').selectOption('white')
    await page.getByTestId('sheet-from').fill('0')
    await page.getByTestId('sheet-to').fill('13')
    await page.getByTestId('sheet-columns').fill('4')
    await page.getByTestId('sheet-size').fill('240')
    const sheet = await download(page, 'export-sheet')
    expect(sheet.name).toMatch(/-moves-0-13\.png$/)
    // 4 columns x 4 rows of diagrams cropped to the board (each at most 240 pixels), with 12-pixel
    // gaps and 22-pixel captions: the SVG sheet's box.
    const sheetBox = await svgOf('export-sheet-svg')
    expect(pngSize(sheet.bytes)).toEqual({ width: Math.round(sheetBox.width), height: Math.round(sheetBox.height) })
    expect(sheetBox.width).toBeLessThanOrEqual(12 + 4 * 252)
    expect(sheetBox.height).toBeLessThanOrEqual(12 + 4 * (240 + 22 + 12))
    // A range outside the line is refused with a reason, and nothing is downloaded.
    await page.getByTestId('sheet-to').fill('40')
    await page.getByTestId('export-sheet').click()
    await expect.poll(() => notice(page, 'export')).toBe('moves 0-40 are not a range within 0-27 (0 is the start position)')
    // Save the sheet where the screenshots are, to look at.
    const { writeFileSync } = await import('node:fs')
    writeFileSync(join(SHOTS, 'figure-sheet.png'), sheet.bytes)
    writeFileSync(join(SHOTS, 'diagram.png'), diagram.bytes)
    expect(errors).toEqual([])
    await page.close()
  })

  it('plays moves by clicking a man and a destination, and takes them back', async () => {
    const { page, errors } = await app.open()
    await clickCell(page, 'b1')
    await clickCell(page, 'd1')
    // d1 is occupied: that was a second selection, not a move.
    expect(await text(page, 'ply')).toBe('0 / 0')
    await clickCell(page, 'c2')
    const selected = await boardPixels(page)
    await shot(page, 'play-selected')
    await clickCell(page, 'd2')
    await expect.poll(() => text(page, 'ply')).toBe('1 / 1')
    expect(await page.getByTestId('move-list').locator('li[data-ply="1"] .text').textContent()).toBe('c2-d2')
    expect(await boardPixels(page)).not.toBe(selected)
    await clickCell(page, 'a4')
    await clickCell(page, 'c2')
    await expect.poll(() => text(page, 'ply')).toBe('2 / 2')
    expect(await page.getByTestId('move-list').locator('li[data-ply="2"] .text').textContent()).toBe('a4-c2')
    // Ctrl+Z takes back the last move; Ctrl+Y replays it.
    await page.keyboard.press('Control+z')
    await expect.poll(() => text(page, 'ply')).toBe('1 / 1')
    await page.keyboard.press('Control+y')
    await expect.poll(() => text(page, 'ply')).toBe('2 / 2')
    expect(await text(page, 'centroid')).toBe('-59') // c2-d2 gains 1, a4-c2 stays on its diagonal
    expect(errors).toEqual([])
    await page.close()
  })

  it("shows a two-player game with both armies and the moves in alternating colours: Fabian's 30 moves", async () => {
    const { page, errors } = await app.open()
    await openFile(page, 'fabian-30.halma.json')
    await expect.poll(() => text(page, 'line-status')).toBe('red wins on move 30')
    expect(await page.getByTestId('board').getAttribute('data-men')).toBe('20')
    expect(await page.locator('[data-testid=move-list] li.mover0').count()).toBe(15)
    expect(await page.locator('[data-testid=move-list] li.mover1').count()).toBe(15)
    const blue = await page
      .locator('[data-testid=move-list] li.mover0 .text')
      .first()
      .evaluate((e) => getComputedStyle(e).color)
    const red = await page
      .locator('[data-testid=move-list] li.mover1 .text')
      .first()
      .evaluate((e) => getComputedStyle(e).color)
    expect(blue).not.toBe(red)
    expect(await text(page, 'to-move')).toBe('blue to move')
    await page.getByTestId('step-next').click()
    expect(await text(page, 'to-move')).toBe('red to move')
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Shift+ArrowRight')
    expect(await text(page, 'ply')).toBe('11 / 30')
    await shot(page, 'game')
    expect(errors).toEqual([])
    await page.close()
  })

  it('draws crisp on a high-DPI screen, follows the window size, and redraws for the chosen rules', async () => {
    const { page, errors } = await app.open({ deviceScaleFactor: 2 })
    const board = page.getByTestId('board')
    const canvasSize = (): Promise<{ css: number; pixels: number }> =>
      board
        .locator('canvas')
        .first()
        .evaluate((c) => ({ css: c.getBoundingClientRect().width, pixels: (c as HTMLCanvasElement).width }))
    const big = await canvasSize()
    expect(big.pixels).toBe(2 * big.css)
    await page.setViewportSize({ width: 560, height: 900 })
    await expect.poll(async () => (await canvasSize()).css).toBeLessThan(big.css)
    expect(Number((await board.getAttribute('data-size'))?.split('x')[0])).toBe((await canvasSize()).css)
    // Rules: 8-move draws the square grid and gives the men more moves; jumps only takes the steps away.
    expect(await board.getAttribute('data-lattice')).toBe('triangular')
    expect(await text(page, 'legal-moves')).toBe('14')
    await page.getByTestId('rules-moves').selectOption('8-move')
    await expect.poll(() => board.getAttribute('data-lattice')).toBe('square')
    expect(await text(page, 'legal-moves')).toBe('24') // as `halma analyze --rules 8-move` counts them
    await page.getByTestId('rules-moves').selectOption('4-move')
    await expect.poll(() => page.locator('.summary').first().textContent()).toContain('4-move')
    expect(await text(page, 'legal-moves')).toBe('14')
    await page.getByTestId('rules-jumps-only').check()
    await expect.poll(() => text(page, 'legal-moves')).toBe('6')
    expect(await page.getByTestId('problem-title').textContent()).toContain('triangle10')
    await page.getByTestId('rules-long-jumps').check()
    await expect.poll(() => page.locator('.summary').first().textContent()).toContain('4-move, jumps only, long jumps')
    await shot(page, 'rules-4-move')
    expect(errors).toEqual([])
    await page.close()
  })

  it("steps through Halma's 47-move solution on the 16 x 16 board at once, and draws the star board", async () => {
    const { page, errors } = await app.open()
    await openFile(page, 'halma19-16x16.halma.json')
    await expect.poll(() => text(page, 'ply')).toBe('0 / 47')
    expect(await page.getByTestId('board').getAttribute('data-lattice')).toBe('square')
    await page.getByTestId('overlay-ladders').check()
    // Each arrow key, measured in the page: from the key press to the frame that shows the move.
    const perStep = await page.evaluate(async () => {
      const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()))
      const times: number[] = []
      for (let k = 0; k < 47; k++) {
        const t0 = performance.now()
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
        await frame()
        times.push(performance.now() - t0)
      }
      return times
    })
    await expect.poll(() => text(page, 'ply')).toBe('47 / 47')
    const mean = perStep.reduce((a, b) => a + b, 0) / perStep.length
    console.log(
      `47 steps with the ladder overlay on: ${mean.toFixed(1)} ms a step on average, ${Math.max(...perStep).toFixed(1)} ms at most`,
    )
    expect(mean).toBeLessThan(40) // one frame (16.7 ms at 60 Hz) and a few ms of work
    expect(await text(page, 'chart-readout')).toContain('on target 19')
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Home')
    expect(await text(page, 'ply')).toBe('0 / 47')
    await page.keyboard.press('End')
    expect(await text(page, 'ply')).toBe('47 / 47')
    await shot(page, 'halma-16x16')

    // The star board, from the editor's presets: a 6-move game between two points of the star.
    await loadPreset(page, { board: 'star', army: 'triangle10', rules: '6-move', kind: 'game' })
    await expect.poll(() => text(page, 'draft-ok')).toBe('ready: 10 men a side, 121 cells')
    await page.getByTestId('draft-apply').click()
    await expect.poll(() => page.getByTestId('board').getAttribute('data-men')).toBe('20')
    const points = JSON.parse((await page.getByTestId('board').getAttribute('data-cell-points'))!) as Record<string, [number, number]>
    expect(Object.keys(points)).toHaveLength(121)
    // The star stands on a point: blue's base (its apex e5) at the top, red's (m13) at the bottom.
    const ys = Object.values(points).map((p) => p[1])
    expect(Math.min(...ys)).toBe(points['e5']![1])
    expect(Math.max(...ys)).toBe(points['m13']![1])
    // Six points: the widest rows (13 holes) are the fifth from the top and from the bottom.
    const rows = new Map<number, number>()
    for (const y of ys) rows.set(Math.round(y), (rows.get(Math.round(y)) ?? 0) + 1)
    expect([...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n)).toEqual([
      1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1,
    ])
    expect(await page.getByTestId('board').getAttribute('data-lattice')).toBe('triangular')
    await shot(page, 'star')
    expect(errors).toEqual([])
    await page.close()
  })
})
