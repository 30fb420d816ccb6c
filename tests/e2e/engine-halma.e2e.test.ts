// The playing engine's pane (issue 30) on the paper's two-player games (the halma kind), in Chromium
// against the web build at 1280 x 800: open Fabian's 30-move game from the Examples menu, analyse
// at a move inside the line (a score from the side to move, a line the halma core's rules accept
// from there, its first moves drawn as arrows on the board), the score charted and the chart
// clicked to go to a move, the engine answering on its seat and its move played through the stepper
// (a side line; stepping back, Undo and Redo with its seat kept do not make it move, "Engine moves"
// does), axe-core clean; the engine's line played
// as a side line; analysis until Stop; a transfer (a puzzle) has no engine pane.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Path } from '../../src/renderer/frame/kind'
import { halmaKind } from '../../src/renderer/kinds/halma/model'
import type { HalmaDocument } from '../../src/shared/halma/document'
import { mainLine } from '../../src/shared/variations'
import { ALL_IMPACTS, axeViolations } from './axe'
import { clickCell, openExample, otherMove, ROOT, shot, text, webApp } from './harness'

const app = webApp({ bypassCSP: true })
const attr = async (page: Page, id: string, name: string): Promise<string> => (await page.getByTestId(id).getAttribute(name)) ?? ''
const GAME = 'fabian-30.halma.json'

/**
 * A page with the shipped game open from the Examples menu, the engine's pane shown at its quickest
 * strength; the game as the halma kind reads it, and its stored line (the moves the test steps through).
 */
async function openGame(): Promise<{ page: Page; errors: string[]; doc: HalmaDocument; line: Path[]; n: number }> {
  const { page, errors } = await app.open()
  await openExample(page, `halma:${GAME}`)
  const r = halmaKind.parse(readFileSync(join(ROOT, 'resources/problems', GAME), 'utf8'), GAME)
  if (!r.ok) throw new Error(r.error)
  const line = mainLine(halmaKind.lines(r.value)[0]!.tree)
  await expect.poll(() => page.getByTestId('engine-pane').isVisible()).toBe(true)
  await page.getByTestId('engine-strength').selectOption('2000')
  return { page, errors, doc: r.value, line, n: line.length }
}

/** Analyse and wait for the search's report. */
async function analyse(page: Page): Promise<string> {
  await page.getByTestId('engine-analyse').click()
  await expect.poll(() => text(page, 'engine-readout'), { timeout: 60_000 }).toMatch(/^\w+: (?!.*searching)/)
  return text(page, 'engine-readout')
}

/** The stepper stays at a move a while (the engine, on its seat, does not move there), no search running. */
async function stays(page: Page, ply: string): Promise<void> {
  await page.waitForTimeout(1_500)
  expect(await text(page, 'ply')).toBe(ply)
  expect(await page.getByTestId('engine-analyse').isEnabled()).toBe(true)
}

/** Go to a move of the line by its entry in the move list. */
async function goTo(page: Page, ply: number, length: number): Promise<void> {
  await page.getByTestId('move-list').locator(`li[data-ply="${ply}"]`).first().click()
  await expect.poll(() => text(page, 'ply')).toBe(`${ply} / ${length}`)
}

describe("the engine's pane on the paper's two-player games", () => {
  it('analyses inside the line, draws its line as arrows, charts the score, and plays its move through the stepper', { timeout: 180_000 }, async () => {
    const { page, errors, doc, line, n } = await openGame()
    expect(n).toBe(30)
    expect(await page.getByTestId('engine-seat-0').isVisible()).toBe(true)

    // Analysis at move 4, blue to move: a score, a line the core's rules accept after the game's 4 moves.
    await goTo(page, 4, n)
    expect(await text(page, 'engine-readout')).toBe('no analysis of this position yet')
    expect(await analyse(page)).toMatch(/^blue: ([+-]\d+\.\d\d steps|wins in \d+ plies|loses in \d+ plies) · depth \d+ · [\d,]+ nodes( · [\d,]+ nodes\/s)?$/)
    const pv = (await text(page, 'engine-pv')).replace(/^line: /, '').split(' ')
    expect(pv.length).toBeGreaterThan(1)
    const before = line.slice(0, 4).map((path, k) => halmaKind.moveText(doc, path, k + 1))
    const checked = halmaKind.parseMoves(doc, [...before, ...pv].join(', '))
    expect(checked.ok ? checked.value.length : checked.error).toBe(4 + pv.length)
    // Its first moves as arrows, laid on the halma board (the board's scene holds them).
    const arrows = String(Math.min(3, pv.length))
    await expect.poll(() => attr(page, 'engine-pane', 'data-arrows')).toBe(arrows)
    await expect.poll(() => attr(page, 'board', 'data-arrows')).toBe(arrows)

    // The score over the line, charted; a click at its left edge goes to the start (no analysis there).
    const chart = page.getByTestId('engine-chart')
    await expect.poll(() => chart.isVisible()).toBe(true)
    await page.getByTestId('side-pane').evaluate((e) => (e.scrollTop = e.scrollHeight))
    // Measured once uPlot has laid itself out (before its first layout the plot reads 17 px).
    await expect.poll(async () => (await chart.locator('.u-over').boundingBox())?.height ?? 0, { timeout: 5_000 }).toBeGreaterThan(50)
    const plot = (await chart.locator('.u-over').boundingBox())!
    await page.mouse.click(plot.x + 2, plot.y + plot.height / 2)
    await expect.poll(() => text(page, 'ply')).toBe(`0 / ${n}`)
    await expect.poll(() => attr(page, 'board', 'data-arrows')).toBe('0')
    // Back at move 4 its analysis is kept, and so are its arrows.
    await goTo(page, 4, n)
    expect(await text(page, 'engine-readout')).toMatch(/^blue: /)
    await expect.poll(() => attr(page, 'board', 'data-arrows')).toBe(arrows)
    await shot(page, 'engine-analysis-fabian30')

    // Play against the engine: it takes red; blue plays another move than the game's at move 4 (a
    // side line), and the engine answers it by itself, through the stepper: the side line goes on.
    await page.getByTestId('engine-seat-1').check()
    const alt = otherMove(halmaKind, doc, line, 4, Array.from({ length: doc.problem.board.size }, (_, c) => c))
    expect(alt).not.toBeNull()
    const cellName = (c: number): string => halmaKind.moveText(doc, [c], 0)
    await clickCell(page, cellName(alt![0]))
    await clickCell(page, cellName(alt![1]))
    await expect.poll(() => text(page, 'ply'), { timeout: 60_000 }).toBe('6 / 6')
    expect(await page.getByTestId('side-line').count()).toBe(1)
    expect(await attr(page, 'to-move', 'data-mover')).toBe('0')
    // Its seat kept: it moves only at the end of the line a move just reached. One step back, red to
    // move: it stays there (it played its move again at once before), and no search runs after its move.
    await page.getByTestId('step-prev').click()
    await expect.poll(() => text(page, 'ply')).toBe('5 / 6')
    await stays(page, '5 / 6')
    // Undo takes the engine's move back (red to move at the line's end: Undo is no move), then blue's.
    await page.getByTestId('undo').click()
    await expect.poll(() => text(page, 'ply')).toBe('5 / 5')
    await stays(page, '5 / 5')
    await page.getByTestId('undo').click()
    await expect.poll(() => page.getByTestId('side-line').count()).toBe(0)
    await expect.poll(() => text(page, 'ply')).toBe(`4 / ${n}`)
    // Redo brings blue's move (no move either); "Engine moves" plays red's answer there, an undo step again.
    await page.getByTestId('redo').click()
    await expect.poll(() => text(page, 'ply')).toBe('5 / 5')
    await stays(page, '5 / 5')
    await page.getByTestId('engine-move').click()
    await expect.poll(() => text(page, 'ply'), { timeout: 60_000 }).toBe('6 / 6')
    await page.getByTestId('undo').click()
    await expect.poll(() => text(page, 'ply')).toBe('5 / 5')
    await page.getByTestId('engine-seat-1').uncheck()
    await shot(page, 'engine-play-fabian30')

    // The pane itself wholly clean; the page without serious or critical violations.
    expect(await axeViolations(page, '[data-testid=engine-pane]', ALL_IMPACTS)).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })

  it("plays the engine's line from a move inside the game: a side line where the game went otherwise, each move an undo step", { timeout: 120_000 }, async () => {
    const { page, errors, doc, line, n } = await openGame()
    const at = 10
    await goTo(page, at, n)
    expect(await analyse(page)).toMatch(/^blue: /)
    const pv = (await text(page, 'engine-pv')).replace(/^line: /, '').split(' ')
    const game10 = line.slice(at, at + pv.length).map((path, k) => halmaKind.moveText(doc, path, at + k + 1))
    // Where the engine's line leaves the game's, the rest is a side line (none if it follows the game throughout).
    const leaves = pv.findIndex((m, k) => m !== game10[k])
    const end = at + pv.length
    await page.getByTestId('engine-play-line').click()
    await expect.poll(() => text(page, 'ply')).toBe(`${end} / ${leaves < 0 ? n : end}`)
    expect(await page.getByTestId('side-line').count()).toBe(leaves < 0 ? 0 : 1)
    // The move shown is the line's last (in the move list's side line when the line left the game).
    const current = async (): Promise<string> => (await page.locator('[data-testid=move-list] .current').first().textContent()) ?? ''
    expect(await current()).toContain(pv.at(-1))
    // The last move of the line is one undo step.
    await page.getByTestId('undo').click()
    await expect.poll(() => text(page, 'ply')).toBe(`${end - 1} / ${leaves < 0 || leaves === pv.length - 1 ? n : end - 1}`)
    if (pv.length > 1) expect(await current()).toContain(pv.at(-2))
    expect(errors).toEqual([])
  })

  it('analyses until Stop, the report growing while it searches', { timeout: 60_000 }, async () => {
    const { page, errors } = await openGame()
    await page.getByTestId('engine-strength').selectOption('infinite')
    await page.getByTestId('engine-analyse').click()
    // Live reports while it searches: depth, nodes, speed; Analyse waits, Stop is offered.
    const depth = async (): Promise<number> => Number(/depth (\d+)/.exec(await text(page, 'engine-readout'))?.[1] ?? 0)
    await expect.poll(depth, { timeout: 30_000 }).toBeGreaterThanOrEqual(3)
    expect(await text(page, 'engine-readout')).toMatch(/^blue: .* · depth \d+ · [\d,]+ nodes · [\d,]+ nodes\/s · searching…$/)
    expect(await page.getByTestId('engine-analyse').isDisabled()).toBe(true)
    await page.getByTestId('engine-stop').click()
    await expect.poll(() => text(page, 'engine-readout')).not.toMatch(/searching/)
    expect(await page.getByTestId('engine-analyse').isEnabled()).toBe(true)
    expect(await page.getByTestId('engine-stop').isDisabled()).toBe(true)
    expect(Number(await attr(page, 'board', 'data-arrows'))).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  it('is not offered for a transfer (a puzzle: there is no one to play against)', async () => {
    const { page, errors } = await app.open()
    await openExample(page, 'halma:triangle10-6move.halma.json')
    await expect.poll(() => page.getByTestId('side-pane').isVisible()).toBe(true)
    expect(await page.getByTestId('engine-pane').count()).toBe(0)
    expect(await attr(page, 'board', 'data-arrows')).toBe('0')
    expect(errors).toEqual([])
  })
})
