// Solitaire armies in the workbench, in Chromium against the web build: start Conway's army to
// level 4, paint men cell by cell and a row at a time, solve it (the integer program with HiGHS in
// a Web Worker), step through the solution with the pagoda overlay on, checking the men, the
// captured men faded and the weights shown against the core's own arithmetic on the saved
// document, then export the diagram as a PNG; open a shipped document; cancel a job.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { parseArmyDocument } from '../../src/shared/army/document'
import { pagodaMap } from '../../src/shared/army/pagoda'
import { verifyArmy } from '../../src/shared/army/solution'
import { GEOMETRIES } from '../../src/shared/army/geometry'
import { decimal, exact, weightSeries } from '../../src/renderer/kinds/army/army'
import { clickCell, newArmy, notice, openExample, RESULTS, ROOT, text, webApp } from './harness'

const SHOTS = join(RESULTS, 'screenshots')

const app = webApp()
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true })
})

const attr = async (page: Page, id: string, name: string): Promise<string> => (await page.getByTestId(id).getAttribute(name)) ?? ''

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()])
  return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) }
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Pixels of the pagoda overlay's strongest shade (the heaviest cells, next to the target). */
const overlayPixels = (page: Page): Promise<number> =>
  page.evaluate(() => {
    let n = 0
    for (const canvas of document.querySelectorAll('[data-testid=board] canvas') as NodeListOf<HTMLCanvasElement>) {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
      for (let k = 0; k < data.length; k += 4) if (data[k]! > 200 && data[k + 1]! > 80 && data[k + 1]! < 140 && data[k + 2]! < 90) n++
    }
    return n
  })

describe('solitaire armies in the workbench', () => {
  it("builds Conway's army, solves it, steps through it with the pagoda overlay and exports a PNG", async () => {
    const { page, errors } = await app.open()
    // File > New: a solitaire army (Conway's army to level 4 by default), painted in the army's editor.
    await newArmy(page)
    await expect.poll(() => text(page, 'army-title')).toBe("Conway's army to level 4")
    expect(await attr(page, 'board', 'data-men')).toBe('0')
    await page.getByTestId('mode-edit').click()
    // Men stand in rows 4 and beyond; row 2 is refused with a reason.
    await clickCell(page, 'k2')
    await expect.poll(() => notice(page, 'board')).toMatch(/row 2 is in front of the army/)
    await clickCell(page, 'k4')
    await expect.poll(() => attr(page, 'board', 'data-men')).toBe('1')
    // One man on k4 (x 0, row 4) weighs σ^4 under Figure 3.
    expect(await text(page, 'army-weight')).toBe(`${exact({ a: 2n, b: -3n })} ≈ ${decimal({ a: 2n, b: -3n })}`)
    await clickCell(page, 'c5', { shift: true })
    const row5 = [...Array(21).keys()].length
    await expect.poll(() => attr(page, 'board', 'data-men')).toBe(String(1 + row5))
    await page.getByTestId('army-clear').click()
    await expect.poll(() => attr(page, 'board', 'data-men')).toBe('0')
    await page.getByTestId('mode-play').click()

    // Solve: the integer program in a worker, its jumps put in order and verified.
    await page.getByTestId('army-solve').click()
    await expect.poll(() => text(page, 'army-progress'), { timeout: 10_000 }).toMatch(/^solve: /)
    await expect
      .poll(() => text(page, 'army-outcome'), { timeout: 90_000 })
      .toMatch(/^solve: 20 men \(the minimum on the window 11 rows, 10 columns beyond each row\), \d+ moves, 19 jumps, verified/)
    expect(await text(page, 'army-verdict')).toMatch(/^verified: 19 jumps in \d+ moves bring a man to the target/)
    expect(await attr(page, 'board', 'data-men')).toBe('20')

    // The document as saved, read back by the core: its solution verifies, and the weights shown are its own.
    const saved = await download(page, 'doc-save')
    expect(saved.name).toBe('conway-level4.army.json')
    const doc = parseArmyDocument(saved.bytes.toString('utf8'))
    expect(doc.army.length).toBe(20)
    expect(verifyArmy(GEOMETRIES.conway, doc.window, doc.army, doc.moves).ok).toBe(true)
    const series = weightSeries(doc.army, doc.moves, pagodaMap('fig3'))

    expect(await page.getByTestId('army-overlay-pagoda').isChecked()).toBe(true)
    expect(await overlayPixels(page)).toBeGreaterThan(100)
    for (let k = 0; k <= doc.moves.length; k++) {
      await expect.poll(() => text(page, 'ply')).toBe(`${k} / ${doc.moves.length}`)
      expect(await text(page, 'army-men')).toBe(String(series[k]!.men))
      expect(await text(page, 'army-weight')).toBe(`${exact(series[k]!.weight)} ≈ ${decimal(series[k]!.weight)}`)
      expect(await text(page, 'army-slack')).toBe(`${exact(series[k]!.slack)} ≈ ${decimal(series[k]!.slack)}`)
      expect(await attr(page, 'board', 'data-men')).toBe(String(series[k]!.men))
      // The men the last move captured are drawn faint (one per jump).
      expect(await attr(page, 'board', 'data-ghosts')).toBe(String(k === 0 ? 0 : doc.moves[k - 1]!.length - 1))
      expect(await attr(page, 'chart-weight', 'data-step')).toBe(String(k))
      if (k === 6) await page.screenshot({ path: join(SHOTS, 'army-conway.png') })
      if (k < doc.moves.length) await page.getByTestId('step-next').click()
    }
    // A man is on the target: the weight ends at 1 or more (the target weighs 1), men left as the verdict says.
    expect(await text(page, 'army-verdict')).toContain('bring a man to the target')
    expect(await attr(page, 'chart-weight', 'data-points')).toBe(String(doc.moves.length + 1))
    // The keyboard steps back.
    await page.keyboard.press('Home')
    await expect.poll(() => text(page, 'ply')).toBe(`0 / ${doc.moves.length}`)
    // Turning the overlay off takes the shades away.
    await page.getByTestId('army-overlay-pagoda').uncheck()
    await expect.poll(() => overlayPixels(page)).toBeLessThan(20)
    await page.getByTestId('army-overlay-pagoda').check()

    await page.getByTestId('export-size').fill('400')
    await page.getByTestId('export-scale').selectOption('2')
    const png = await download(page, 'export-png')
    expect(png.name).toBe('conway-level4-move-0.png')
    // 400 wide at scale 2, as high as the window's proportions ask (11 rows and a coordinate row over 21 columns and one).
    const size = pngSize(png.bytes)
    expect(size.width).toBe(800)
    expect(size.height).toBe(Math.round(400 * (12 / 22)) * 2)
    await expect.poll(() => notice(page, 'export')).toContain(`${size.width} x ${size.height} pixels`)
    // A figure sheet of moves 0-7, four to a row (two rows of 240-pixel diagrams with captions, at scale 2);
    // each diagram is cropped to the window as the single diagram is (240 wide, 131 high), not a 240-pixel square.
    await page.getByTestId('sheet-to').fill('7')
    const sheet = await download(page, 'export-sheet')
    expect(sheet.name).toBe('conway-level4-moves-0-7.png')
    expect(pngSize(sheet.bytes)).toEqual({ width: 2 * (12 + 4 * 252), height: 2 * (12 + 2 * (Math.round(240 * (12 / 22)) + 22 + 12)) })
    await page.getByTestId('sheet-to').fill('99')
    await page.getByTestId('export-sheet').click()
    await expect.poll(() => notice(page, 'export')).toMatch(/moves 0-99 are not a range within 0-\d+/)
    writeFileSync(join(SHOTS, 'army-sheet.png'), sheet.bytes)
    expect(errors).toEqual([])
  })

  it('opens a shipped army with its solution, and cancels a job', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 800 })
    await openExample(page, 'army:diagonal-46-level7.army.json')
    await expect.poll(() => text(page, 'army-title')).toMatch(/^Diagonal army to level 7: 46 men/)
    expect(await text(page, 'army-verdict')).toMatch(/^verified: \d+ jumps in 37 moves/)
    await page.getByTestId('step-last').click()
    await expect.poll(() => text(page, 'ply')).toBe('37 / 37')
    await page.screenshot({ path: join(SHOTS, 'army-diagonal.png') })
    await page.getByTestId('army-count').click()
    await expect.poll(() => text(page, 'army-progress')).toMatch(/^count: /)
    await page.getByTestId('army-cancel').click()
    await expect.poll(() => text(page, 'army-outcome')).toBe('count: cancelled')
    expect(await page.getByTestId('army-solve').isEnabled()).toBe(true)
    // Open... takes an army document too: the hexagonal army, drawn on the triangular lattice.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
    await chooser.setFiles(join(ROOT, 'resources/armies/hexagonal-145-level7.army.json'))
    await expect.poll(() => text(page, 'file-name')).toBe('hexagonal-145-level7.army.json')
    expect(await attr(page, 'board', 'data-type')).toBe('hexagonal')
    expect(await attr(page, 'board', 'data-men')).toBe('145')
    const hex = JSON.parse(readFileSync(join(ROOT, 'resources/armies/hexagonal-145-level7.army.json'), 'utf8')) as {
      moves: string
      window: { rows: number }
    }
    const hexMoves = hex.moves.split(',').filter((m) => m.trim() !== '').length
    expect(await text(page, 'army-verdict')).toMatch(new RegExp(`^verified: 144 jumps in ${hexMoves} moves`))
    const points = JSON.parse(await attr(page, 'board', 'data-cell-points')) as Record<string, [number, number]>
    const rows = new Set(Object.values(points).map(([, y]) => y))
    // Rows are horizontal lines (one per row of the document's window); over the window's height they are √3/2 of a pitch apart, not a whole pitch.
    const ys = [...rows].sort((a, b) => a - b)
    expect(ys.length).toBe(hex.window.rows)
    const top = Object.values(points)
      .filter(([, y]) => y === ys[0])
      .map(([x]) => x)
      .sort((a, b) => a - b)
    const pitch = (top.at(-1)! - top[0]!) / (top.length - 1)
    expect((ys.at(-1)! - ys[0]!) / ((hex.window.rows - 1) * pitch)).toBeCloseTo(Math.sqrt(3) / 2, 2)
    await page.screenshot({ path: join(SHOTS, 'army-hexagonal.png') })
    // Pablito's army starts on its triangle.
    await newArmy(page, { type: 'pablito', level: 5 })
    await expect.poll(() => text(page, 'army-title')).toBe("Pablito's army to level 5")
    await page.screenshot({ path: join(SHOTS, 'army-pablito.png') })
    // Back to a transfer problem.
    await page.getByTestId('doc-new').click()
    await page.getByTestId('new-kind-halma').check()
    await page.getByTestId('new-create').click()
    await expect.poll(() => text(page, 'file-name')).toBe('untitled.halma.json')
    await page.getByTestId('board').locator('canvas').first().waitFor()
    expect(errors).toEqual([])
  })
})
