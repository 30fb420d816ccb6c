// The playing engine's pane (issue 30) on the workbench frame, in Chromium against the web build at
// 1280 x 800: analysis of a position (score, line, arrows on the board), play against the engine
// (it answers on its seat by itself, a legal move the rules' verifier takes), analysis at a move
// inside the line, the score charted over the line; a five-player game and Hexma analysed too; the
// shipped five-player match and Hexma game opened, stepped to the end, their winner announced.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { parsePlayersDocument, verifyDocument } from '../../src/shared/players/document'
import { playersPreset } from '../../src/shared/players/game'
import { verifyLine } from '../../src/shared/players/line'
import { clickCell, openExample, ROOT, shot, text, webApp } from './harness'

const app = webApp()
const attr = async (page: Page, id: string, name: string): Promise<string> => (await page.getByTestId(id).getAttribute(name)) ?? ''
/** The engine's line as the pane shows it (`line: a-b c-d ...`). */
const pv = async (page: Page): Promise<string[]> => (await text(page, 'engine-pv')).replace(/^line: /, '').split(' ')

/** File > New: a game of a preset. */
async function newGame(page: Page, id: string): Promise<void> {
  await page.getByTestId('doc-new').click()
  await page.getByTestId('new-kind-players').check()
  await page.getByTestId('players-preset').selectOption(id)
  await page.getByTestId('players-new').click()
  await expect.poll(() => attr(page, 'board', 'data-board')).toBe(playersPreset(id).board.id)
}

/** Analyse and wait for the search's report. */
async function analyse(page: Page): Promise<string> {
  await page.getByTestId('engine-analyse').click()
  await expect.poll(() => text(page, 'engine-readout'), { timeout: 60_000 }).toMatch(/^\w+: (?!.*searching)/)
  return text(page, 'engine-readout')
}

describe("the engine's pane", () => {
  it('analyses, plays against the user on its seat, analyses inside the line and charts its score', async () => {
    const { page, errors } = await app.open()
    await newGame(page, 'mini-2')
    const g = playersPreset('mini-2')
    await page.getByTestId('engine-strength').selectOption('2000')
    expect(await text(page, 'engine-readout')).toBe('no analysis of this position yet')

    // Analysis of the start: blue's score, a line of legal moves, its first moves as arrows.
    expect(await analyse(page)).toMatch(/^blue: ([+-]\d+\.\d\d steps|wins in \d+ plies|loses in \d+ plies) · depth \d+ · [\d,]+ nodes( · [\d,]+ nodes\/s)?$/)
    const line = await pv(page)
    expect(line.length).toBeGreaterThan(1)
    expect(verifyLine(g, line.join(', ')).ok).toBe(true)
    await expect.poll(() => attr(page, 'engine-pane', 'data-arrows')).toBe(String(Math.min(3, line.length)))
    await shot(page, 'engine-analysis-mini2')

    // The engine takes orange; blue's move (the engine's own first choice, clicked) is answered by itself.
    await page.getByTestId('engine-seat-1').check()
    const first = line[0]!.split('-')
    await clickCell(page, first[0]!)
    await clickCell(page, first.at(-1)!)
    await expect.poll(() => text(page, 'ply'), { timeout: 60_000 }).toBe('2 / 2')
    expect(await attr(page, 'to-move', 'data-mover')).toBe('0')

    // Back to the start: its analysis is kept there; one more inside the line, and the chart has both.
    await page.getByTestId('engine-seat-1').uncheck()
    await page.keyboard.press('Home')
    await expect.poll(() => text(page, 'ply')).toBe('0 / 2')
    expect(await text(page, 'engine-readout')).toMatch(/^blue: /)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => text(page, 'ply')).toBe('1 / 2')
    expect(await analyse(page)).toMatch(/^orange: /)
    // The engine's notes: the search it ran between two players.
    expect(await text(page, 'engine-notes')).toContain('search: alpha-beta')
    expect(await page.getByTestId('engine-chart').isVisible()).toBe(true)
    await shot(page, 'engine-score-chart')
    expect(errors).toEqual([])
  })

  it("draws the engine's arrows of the position moved to while its man moves, not those of the position left", async () => {
    const { page, errors } = await app.open()
    await newGame(page, 'star121-2')
    await page.getByTestId('engine-strength').selectOption('2000')
    await analyse(page)
    await expect.poll(() => attr(page, 'board', 'data-drawn-arrows')).not.toBe('0')
    // Every state of the board while the engine's man moves, recorded as the page changes it.
    await page.getByTestId('board').evaluate((el) => {
      const seen: string[] = []
      ;(window as unknown as { seen: string[] }).seen = seen
      new MutationObserver(() => {
        if (el.getAttribute('data-moving') === '1') seen.push(`${el.getAttribute('data-drawn-arrows')}/${el.getAttribute('data-arrows')}`)
      }).observe(el, { attributes: true })
    })
    await page.getByTestId('engine-move').click()
    await expect.poll(() => text(page, 'ply'), { timeout: 60_000 }).toBe('1 / 1')
    await expect.poll(() => attr(page, 'board', 'data-moving')).toBe('0')
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
    expect(seen.length).toBeGreaterThan(0)
    // Drawn as the scene has them (none: the position moved to is not analysed yet).
    expect(seen.filter((s) => s.split('/')[0] !== s.split('/')[1])).toEqual([])
    expect(errors).toEqual([])
  })

  it.each(['star121-5', 'hexma-mini'])('analyses the start of %s', async (id) => {
    const { page, errors } = await app.open()
    await newGame(page, id)
    await page.getByTestId('engine-strength').selectOption('2000')
    expect(await analyse(page)).toMatch(/^blue: /)
    expect(verifyLine(playersPreset(id), (await pv(page)).join(', ')).ok).toBe(true)
    expect(await text(page, 'engine-notes')).toContain(id === 'star121-5' ? 'search: race planner' : 'search: alpha-beta')
    await shot(page, `engine-analysis-${id}`)
    expect(errors).toEqual([])
  })

  it.each([
    ['star121-5-match.players.json', 5],
    ['hexma-mini.players.json', 2],
  ])('opens %s, steps to its end and announces the winner the verifier names', async (name, armies) => {
    const { page, errors } = await app.open()
    await openExample(page, `players:${name}`)
    const doc = parsePlayersDocument(readFileSync(join(ROOT, 'resources/players', name), 'utf8'))
    const verdict = verifyDocument(doc)[0]!.verdict
    expect(verdict.ok).toBe(true)
    expect(doc.game.players).toHaveLength(armies)
    await page.keyboard.press('End')
    await expect.poll(() => text(page, 'ply')).toMatch(new RegExp(`^${verdict.winner!.move} / `))
    expect(await text(page, 'to-move')).toMatch(new RegExp(`^${verdict.winner!.player} wins at move ${verdict.winner!.move}`))
    await shot(page, `play-${name.replace('.players.json', '')}`)
    expect(errors).toEqual([])
  })
})
