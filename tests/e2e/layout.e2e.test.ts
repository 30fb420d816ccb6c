// One screen (issue 16, defect 11; issue 27, defect 8), in Chromium against the web build: at
// 1280 x 800 the board, the move list and readable charts (at least 80 pixels of plot each, under
// tabs when they do not fit stacked) are all inside the viewport, the page does not scroll, and the
// square board of Halma's 47 moves is whole; at 1920 x 1080 the board is larger, the charts are
// stacked and the right column stays a column; dragging a splitter gives the board more room.
// Screenshots at both sizes go to test-results/screenshots/ (the README's come from them).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openFile, pasteMoves, RESULTS, shot, text, webApp } from './harness'

/** Appendix A, problem #2, as printed. */
const LEVENSPIEL = `d1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5,
a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4-
(reflect)`
const SHOTS = join(RESULTS, 'screenshots')

const app = webApp()
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true })
})

interface Box {
  x: number
  y: number
  width: number
  height: number
}

const SEEN = ['board', 'boardHost', 'moves', 'chart', 'chartLegend', 'side'] as const
type Boxes = Record<(typeof SEEN)[number], Box>

/** The boxes of what must be seen together, in CSS pixels of the viewport. */
async function boxes(page: Page): Promise<Boxes> {
  const get = async (selector: string): Promise<Box> => {
    const b = await page.locator(selector).first().boundingBox()
    if (!b) throw new Error(`${selector} is not shown`)
    return b
  }
  return {
    board: await get('[data-testid=board] canvas'),
    boardHost: await get('[data-testid=board]'),
    moves: await get('[data-testid=move-list]'),
    chart: await get('[data-testid=charts] .chart canvas'),
    chartLegend: await get('[data-testid=charts] .chart .u-legend'),
    side: await get('[data-testid=side-pane]'),
  }
}

function expectInside(box: Box, outer: Box, what: string): void {
  const inside =
    box.x >= outer.x - 0.5 &&
    box.y >= outer.y - 0.5 &&
    box.x + box.width <= outer.x + outer.width + 0.5 &&
    box.y + box.height <= outer.y + outer.height + 0.5
  expect(inside, `${what} ${JSON.stringify(box)} inside ${JSON.stringify(outer)}`).toBe(true)
}

/**
 * Every chart, in turn when they are under tabs: its plot (uPlot's drawing area) at least 80 pixels
 * tall, inside the viewport with its legend. Says whether they were stacked.
 */
async function expectChartsReadable(page: Page, width: number, height: number): Promise<'stacked' | 'tabs'> {
  const layout = (await page.getByTestId('charts').getAttribute('data-layout')) as 'stacked' | 'tabs'
  const ids = ['centroid', 'balance', 'distance']
  for (const id of ids) {
    if (layout === 'tabs') await page.getByTestId(`chart-tab-${id}`).click()
    // A chart shown by its tab sizes itself to its box after uPlot's first layout: wait for it.
    const over = page.locator(`[data-testid=chart-${id}] .u-over`)
    await expect
      .poll(async () => (await over.boundingBox())?.height ?? 0, { message: `the ${id} chart's plot`, timeout: 5000 })
      .toBeGreaterThanOrEqual(80)
    const plot = (await over.boundingBox())!
    expectInside(plot, { x: 0, y: 0, width, height }, `the ${id} chart`)
    expectInside(
      (await page.locator(`[data-testid=chart-${id}] .u-legend`).boundingBox())!,
      { x: 0, y: 0, width, height },
      `the ${id} legend`,
    )
  }
  if (layout === 'tabs') await page.getByTestId('chart-tab-centroid').click()
  return layout
}

/** Everything that must be seen is inside the viewport, and the page itself does not scroll. */
async function expectOneScreen(page: Page, width: number, height: number): Promise<Boxes> {
  const b = await boxes(page)
  const viewport = { x: 0, y: 0, width, height }
  for (const k of SEEN) expectInside(b[k], viewport, k)
  // The board's canvas is whole inside its box (nothing cut by the pane).
  expectInside(b.board, b.boardHost, 'the board in its box')
  const page_ = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth }))
  expect(page_.h).toBeLessThanOrEqual(height)
  expect(page_.w).toBeLessThanOrEqual(width)
  return b
}

describe('one screen', () => {
  it('at 1280 x 800 the board, the moves and the charts are seen together; at 1920 x 1080 the board grows', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 800 })
    // Halma's 47 moves on the 16 x 16 square board (it used to be cut at this size).
    await openFile(page, 'halma19-16x16.halma.json')
    await expect.poll(() => text(page, 'ply')).toBe('0 / 47')
    expect(await page.getByTestId('board').getAttribute('data-lattice')).toBe('square')
    await page.getByTestId('step-last').click()
    const small = await expectOneScreen(page, 1280, 800)
    // Every cell of the board is drawn inside the canvas.
    const [w, h] = (await page.getByTestId('board').getAttribute('data-size'))!.split('x').map(Number)
    const points = Object.values(
      JSON.parse((await page.getByTestId('board').getAttribute('data-cell-points'))!) as Record<string, number[]>,
    )
    expect(points).toHaveLength(256)
    for (const [x, y] of points) expect(x! > 0 && y! > 0 && x! < w! && y! < h!).toBe(true)
    expect(small.board.width).toBeGreaterThan(450)
    // The charts are tall enough to read: under tabs at this size.
    expect(await expectChartsReadable(page, 1280, 800)).toBe('tabs')
    await shot(page, 'layout-1280x800')

    // The default problem with a line, as the README shows it.
    await page.setViewportSize({ width: 1920, height: 1080 })
    await expect.poll(async () => (await boxes(page)).board.width).toBeGreaterThan(small.board.width + 150)
    const large = await expectOneScreen(page, 1920, 1080)
    // At this size the three charts are stacked, as they were.
    expect(await expectChartsReadable(page, 1920, 1080)).toBe('stacked')
    // The right column stays a column (it used to stretch to 1,100 pixels).
    expect(large.side.width).toBeLessThan(600)
    expect(large.moves.width).toBeLessThan(700)
    await shot(page, 'layout-1920x1080')
    expect(errors).toEqual([])
    await page.close()
  })

  it('the panes are resizable: dragging the board’s splitter gives the board more room', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 800 })
    // Levenspiel's 27 moves at move 13 with the type labels and the ladders: the README's picture.
    await pasteMoves(page, LEVENSPIEL)
    await expect.poll(() => text(page, 'ply')).toBe('0 / 27')
    await page.getByTestId('step-slider').fill('13')
    await expect.poll(() => text(page, 'ply')).toBe('13 / 27')
    await page.getByTestId('overlay-types').check()
    await page.getByTestId('overlay-ladders').check()
    await expectOneScreen(page, 1280, 800)
    await shot(page, 'workbench-1280x800')
    const before = (await boxes(page)).board.width
    const splitter = page.locator('[data-testid=panes] > .splitpanes__splitter').first()
    const s = (await splitter.boundingBox())!
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2)
    await page.mouse.down()
    await page.mouse.move(s.x + s.width / 2 + 80, s.y + s.height / 2, { steps: 8 })
    await page.mouse.up()
    await expect.poll(async () => (await boxes(page)).board.width).toBeGreaterThan(before + 40)
    await expectOneScreen(page, 1280, 800)
    expect(errors).toEqual([])
    await page.close()
  })

  it('each pane scrolls by itself under the mouse wheel (the side pane holds more than 800 pixels)', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 800 })
    await pasteMoves(page, LEVENSPIEL)
    await expect.poll(() => text(page, 'ply')).toBe('0 / 27')
    for (const id of ['side-pane', 'moves-pane']) {
      const pane = id === 'side-pane' ? page.getByTestId(id) : page.locator('[data-name="moves"]')
      const style = await pane.evaluate((e) => ({ y: getComputedStyle(e).overflowY, over: e.scrollHeight - e.clientHeight, top: e.scrollTop }))
      expect(['auto', 'scroll'], `${id}: overflow-y ${style.y}`).toContain(style.y)
      if (id !== 'side-pane' || style.over <= 0) continue
      // The wheel over the pane scrolls it (a pane with overflow hidden holds still: its controls out of reach).
      const b = (await pane.boundingBox())!
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2)
      await page.mouse.wheel(0, 400)
      await expect.poll(() => pane.evaluate((e) => e.scrollTop)).toBeGreaterThan(style.top)
    }
    // The side pane holds more than it shows at this size (else the wheel above proved nothing).
    expect(await page.getByTestId('side-pane').evaluate((e) => e.scrollHeight - e.clientHeight)).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await page.close()
  })
})
