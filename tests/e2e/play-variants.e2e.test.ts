// The variants of issue 30 in the workbench, in Chromium against the web build: a five-player game
// (engine against greedy players, from halma match) and Hexma's shortest game (from halma players
// game) opened with Open…, stepped to their end, their winner announced as the rules' verifier says,
// and the boards drawn (the empty fifth camp, Hexma's 6-man camps).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { parsePlayersDocument, verifyDocument } from '../../src/shared/players/document'
import { parseMoves, replay } from '../../src/renderer/state/players'
import { ROOT, shot, text, webApp } from './harness'

const app = webApp()
const attr = async (page: Page, id: string, name: string): Promise<string> => (await page.getByTestId(id).getAttribute(name)) ?? ''

describe('the variants of issue 30', () => {
  it.each([
    ['star121-5-match.players.json', 5],
    ['hexma-mini.players.json', 2],
  ])('opens %s, steps to its end and announces the winner the verifier names', async (name, armies) => {
    const { page, errors } = await app.open()
    const file = join(ROOT, 'resources/players', name)
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
    await chooser.setFiles(file)
    await page.getByTestId('players-board').locator('canvas').first().waitFor()
    const doc = parsePlayersDocument(readFileSync(file, 'utf8'))
    const verdict = verifyDocument(doc)[0]!.verdict
    expect(verdict.ok).toBe(true)
    expect(doc.game.players).toHaveLength(armies)
    expect(await text(page, 'players-file')).toBe(name)
    expect(await attr(page, 'players-board', 'data-men')).toBe(String(armies * doc.game.men))
    const moves = parseMoves(doc.game, doc.lines[0]!.moves)
    await page.getByTestId('players-last').click()
    const w = replay(doc.game, moves).win!
    expect(w.ply).toBe(verdict.winner!.move)
    expect(await text(page, 'players-to-move')).toMatch(new RegExp(`^${doc.game.players[w.player]!.name} wins at move ${w.ply}`))
    await shot(page, `play-${name.replace('.players.json', '')}`)
    expect(errors).toEqual([])
  })
})
