// Games of 2 to 6 players in the workbench (issue 18), in Chromium against the web build: start the
// 3-player mini star, check that a man of the wrong side is refused and that the side to move
// advances, play a whole game by clicking until its winner is announced and no move is taken
// after it; run the shortest-game search in the Web Worker and compare its length with the
// engine's own run here; step through the game found with the buttons and the keys. Then every
// preset's board is drawn (the README's gallery comes from these pictures).
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { Engine } from '../../src/shared/engine/engine'
import { parsePlayersJob, type PlayersResult } from '../../src/shared/engine/players/job'
import { destinations, playersPreset, playersPresets, specOf, startPosition } from '../../src/shared/players/game'
import { cellNames } from '../../src/shared/players/line'
import { axeViolations } from './axe'
import { clickCell, newGame as newGameOf, notice as noticeAt, RESULTS, ROOT, shot, text, webApp } from './harness'
import { parsePlayersDocument, verifyDocument } from '../../src/shared/players/document'
import { parseMoves, replay } from '../../src/renderer/kinds/players/play'

// bypassCSP: axe-core is injected as an inline script, which the page's policy forbids.
const app = webApp({ bypassCSP: true })
beforeAll(() => {
  mkdirSync(join(RESULTS, 'screenshots'), { recursive: true })
})

const attr = async (page: Page, id: string, name: string): Promise<string> => (await page.getByTestId(id).getAttribute(name)) ?? ''
/** The notice under the board (a refused click, a game won), without its dismiss button. */
const notice = (page: Page): Promise<string> => noticeAt(page, 'board')
const click = (page: Page, cell: string): Promise<void> => clickCell(page, cell)

/** File > New: a game of a preset. */
async function newGame(page: Page, id: string): Promise<void> {
  await newGameOf(page, id)
  await expect.poll(() => attr(page, 'board', 'data-board')).toBe(playersPreset(id).board.id)
}

/** The engine's own answer for a preset (the CLI runs the same job). */
async function engineGame(id: string): Promise<PlayersResult> {
  const job = parsePlayersJob({ game: specOf(playersPreset(id)) })
  if (!job.ok) throw new Error(JSON.stringify(job.error))
  return (await new Engine().start({ kind: 'players', params: job.value }).result) as PlayersResult
}

describe('games of 2 to 6 players in the workbench', () => {
  it('plays a 3-player game on the mini star by clicking, runs the search and steps through the game found', async () => {
    const { page, errors } = await app.open()
    const g = playersPreset('mini-3')
    await newGame(page, 'mini-3')
    expect(await text(page, 'players-title')).toBe(g.title)
    expect(await attr(page, 'board', 'data-men')).toBe(String(3 * g.men))
    expect(await text(page, 'to-move')).toMatch(/^blue to move/)

    // A man of orange's (not blue's turn) is refused with the reason.
    const start = startPosition(g)
    const orangeMan = start.findIndex((a) => a === 1)
    const orangeName = cellNames(g)[orangeMan]!
    await click(page, orangeName)
    await expect.poll(() => notice(page)).toBe(`the man on ${orangeName} is orange's, and it is blue's turn`)
    expect(await text(page, 'ply')).toBe('0 / 0')

    // A whole game, each move clicked: its man, then where he goes (the shipped shortest game, checked by the core).
    const shipped = (await import('../../resources/players/mini-3.players.json')).default as { lines: { moves: string }[] }
    const moves = parseMoves(g, shipped.lines[0]!.moves)
    const { win } = replay(g, moves)
    expect(win).not.toBeNull()
    for (const [k, m] of moves.entries()) {
      expect(await attr(page, 'to-move', 'data-mover')).toBe(String(k % 3))
      await click(page, cellNames(g)[m.path[0]!]!)
      await expect.poll(() => attr(page, 'board', 'data-selected')).toBe(String(m.path[0]))
      await click(page, cellNames(g)[m.path.at(-1)!]!)
      await expect.poll(() => text(page, 'ply')).toBe(`${k + 1} / ${k + 1}`)
      if (k === 0) await shot(page, 'players-mini3-play')
    }
    const winner = g.players[win!.player]!.name
    expect(await text(page, 'to-move')).toBe(`${winner} wins at move ${moves.length}: her target camp is full`)
    await expect.poll(() => notice(page)).toMatch(new RegExp(`^${winner} wins`))
    expect(await text(page, `players-home-${win!.player}`)).toBe(`${g.men} / ${g.men}`)
    // No move after the game is won.
    const next = (win!.player + 1) % 3
    const man = replay(g, moves)
      .positions.at(-1)!
      .findIndex((a) => a === next)
    await click(page, cellNames(g)[man]!)
    await expect.poll(() => notice(page)).toBe(`the game is over: ${winner} won at move ${moves.length}`)
    expect(await text(page, 'ply')).toBe(`${moves.length} / ${moves.length}`)
    await shot(page, 'players-mini3-won')

    // The search, in the Web Worker; the engine run here must agree on the length and the proof.
    const expected = await engineGame('mini-3')
    expect(expected.optimal).toBe(true)
    const length = expected.length!
    await page.getByTestId('players-run').click()
    await expect.poll(() => attr(page, 'players-outcome', 'data-length'), { timeout: 90_000, interval: 500 }).toBe(String(length))
    expect(await attr(page, 'players-outcome', 'data-optimal')).toBe('true')
    expect(await text(page, 'players-outcome')).toMatch(
      new RegExp(`^shortest game: ${length} moves, ${expected.winner} wins \\(proven optimal\\)`),
    )
    expect(await text(page, 'players-statement')).toContain('proven optimal')
    // The game found is in the stepper, from its start.
    expect(await text(page, 'ply')).toBe(`0 / ${length}`)
    // The move list: the start, then the game's moves, each with its player.
    const rows = page.getByTestId('move-list').locator('li[data-ply]')
    expect(await rows.count()).toBe(length + 1)
    expect((await rows.nth(1).locator('.text').textContent())?.trim()).toMatch(/^blue: /)
    await page.getByTestId('step-next').click()
    expect(await text(page, 'ply')).toBe(`1 / ${length}`)
    expect(await text(page, 'to-move')).toMatch(/^orange to move/)
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('ArrowRight')
    expect(await text(page, 'ply')).toBe(`2 / ${length}`)
    expect(await text(page, 'to-move')).toMatch(/^green to move/)
    await page.keyboard.press('End')
    expect(await text(page, 'ply')).toBe(`${length} / ${length}`)
    expect(await text(page, 'to-move')).toMatch(new RegExp(`^${expected.winner} wins at move ${length}`))
    // The men-home chart (under its tab when the charts do not fit stacked) covers the whole game.
    if ((await page.getByTestId('charts').getAttribute('data-layout')) === 'tabs') await page.getByTestId('chart-tab-home').click()
    expect(await attr(page, 'chart-home', 'data-points')).toBe(String(length + 1))
    await page.keyboard.press('ArrowLeft')
    expect(await text(page, 'ply')).toBe(`${length - 1} / ${length}`)
    await page.keyboard.press('Home')
    expect(await text(page, 'ply')).toBe(`0 / ${length}`)
    await page.getByTestId('step-last').click()
    await shot(page, 'players-mini3-search')
    expect(errors).toEqual([])
  }, 180_000)

  it('lets the editor make a game and names what is wrong with one', async () => {
    const { page, errors } = await app.open()
    await newGame(page, 'mini-3')
    // The game's editor. One camp only: gameFromSpec's fault is shown, the game stays.
    await page.getByTestId('mode-edit').click()
    for (const k of [2, 4]) await page.getByTestId(`players-camp-${k}`).uncheck()
    await page.getByTestId('players-apply').click()
    await expect.poll(() => noticeAt(page, 'editor')).toBe('a game has 2 to 6 players, not 1')
    expect(await text(page, 'players-title')).toBe(playersPreset('mini-3').title)
    // Opposite camps on the 73-hole star with 6 men is the preset star73-2.
    await page.getByTestId('players-board-choice').selectOption('star73')
    await page.getByTestId('players-men').selectOption('6')
    await page.getByTestId('players-camp-3').check()
    await page.getByTestId('players-apply').click()
    await expect.poll(() => text(page, 'players-title')).toBe(playersPreset('star73-2').title)
    expect(await attr(page, 'board', 'data-men')).toBe('12')
    await page.getByTestId('mode-play').click()
    // A man that would not move (one with no destination at the start) is not chosen: a legal first move is.
    const g = playersPreset('star73-2')
    const occ = startPosition(g)
    const from = occ.findIndex((a, c) => a === 0 && destinations(g, occ, c).size > 0)
    await click(page, cellNames(g)[from]!)
    await expect.poll(() => attr(page, 'board', 'data-destinations')).toBe(String(destinations(g, occ, from).size))
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
  }, 60_000)

  it("finds Hexma's shortest game in the worker, and the editor keeps its chain rule", async () => {
    const { page, errors } = await app.open()
    await newGame(page, 'hexma-mini')
    expect(await text(page, 'players-search-aim')).toContain('completes her chain')
    const expected = await engineGame('hexma-mini')
    expect(expected.optimal).toBe(true)
    await page.getByTestId('players-run').click()
    await expect.poll(() => attr(page, 'players-outcome', 'data-length'), { timeout: 60_000, interval: 500 }).toBe(String(expected.length))
    expect(await attr(page, 'players-outcome', 'data-optimal')).toBe('true')
    expect(await text(page, 'players-statement')).toContain('completes her chain')
    // Used as it is, the game stays Hexma (the win rule is the editor's too).
    await page.getByTestId('mode-edit').click()
    expect(await page.getByTestId('players-win').inputValue()).toBe('chain')
    await page.getByTestId('players-apply').click()
    await expect.poll(() => text(page, 'players-title')).toBe(playersPreset('hexma-mini').title)
    expect(errors).toEqual([])
  }, 90_000)

  it('opens a *.players.json with Open…, steps through its game, and saves it', async () => {
    const { page, errors } = await app.open()
    const file = join(ROOT, 'resources/players/mini-6.players.json')
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
    await chooser.setFiles(file)
    await page.getByTestId('board').locator('canvas').first().waitFor()
    const doc = parsePlayersDocument(readFileSync(file, 'utf8'))
    const moves = parseMoves(doc.game, doc.lines[0]!.moves)
    expect(await text(page, 'file-name')).toBe('mini-6.players.json')
    expect(await attr(page, 'board', 'data-men')).toBe(String(6 * doc.game.men))
    expect(await text(page, 'ply')).toBe(`0 / ${moves.length}`)
    await page.getByTestId('step-last').click()
    const w = replay(doc.game, moves).win!
    expect(await text(page, 'to-move')).toMatch(new RegExp(`^${doc.game.players[w.player]!.name} wins at move ${w.ply}`))
    await shot(page, 'players-mini6')
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('doc-save').click()])
    expect(d.suggestedFilename()).toBe('mini-6.players.json')
    const back = parsePlayersDocument(readFileSync((await d.path())!, 'utf8'))
    expect(back.game.id).toBe('mini-6')
    expect(verifyDocument(back).map((l) => l.verdict)).toEqual(verifyDocument(doc).map((l) => l.verdict))
    expect(errors).toEqual([])
  })

  it('draws every preset board', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 900 })
    for (const id of Object.keys(playersPresets())) {
      await newGame(page, id)
      const g = playersPreset(id)
      expect(await attr(page, 'board', 'data-men')).toBe(String(g.players.length * g.men))
      expect(Object.keys(JSON.parse(await attr(page, 'board', 'data-cell-points')) as object)).toHaveLength(g.board.cells.length)
      await page
        .getByTestId('board')
        .locator('.stage')
        .screenshot({ path: join(RESULTS, 'screenshots', `players-${id}.png`) })
    }
    expect(errors).toEqual([])
  }, 120_000)
})
