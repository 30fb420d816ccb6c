// One scenario for every kind of document (issue 27, "Done means"), in Chromium against the web
// build at 1280 x 800: open a shipped document from the Examples menu; click on the board, then
// step with the arrow keys; play a move inside the line (a side line, the line kept whole); undo
// and redo it; comment on it; save (the download holds the side line and the comment); reload
// (the autosave gives it all back); export the position as PNG and SVG; the board, the move list
// and readable charts on one screen; no axe-core violation of any impact. A screenshot of each kind goes
// to test-results/screenshots/kind-<name>.png (the README's come from there).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { LineTree } from '../../src/renderer/frame/kind'
import { KINDS } from '../../src/renderer/frame/kinds'
import { lineMoves, openingShown } from '../../src/renderer/frame/line'
import { ALL_IMPACTS, axeViolations } from './axe'
import { clickCell, openExample, otherMove, ROOT, shot, text, webApp } from './harness'

const app = webApp({ bypassCSP: true })
const VIEWPORT = { x: 0, y: 0, width: 1280, height: 800 }
const FOLDER: Record<string, string> = { halma: 'problems', army: 'armies', players: 'players' }

const CASES = [
  { name: 'transfer', example: 'halma:triangle10-6move.halma.json' },
  { name: 'game', example: 'halma:fabian-30.halma.json' },
  { name: 'army', example: 'army:conway-20-level4.army.json' },
  { name: 'players', example: 'players:star121-6.players.json' },
] as const

type Box = { x: number; y: number; width: number; height: number }
const inside = (b: Box, o: Box): boolean => b.x >= o.x - 1 && b.y >= o.y - 1 && b.x + b.width <= o.x + o.width + 1 && b.y + b.height <= o.y + o.height + 1
/** Nodes of a move tree with more than one move after them: the places where side lines start. */
const branchings = (t: LineTree): number => (t.children.length > 1 ? 1 : 0) + t.children.reduce((n, c) => n + branchings(c), 0)

async function download(page: Page, id: string): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()])
  return { name: d.suggestedFilename(), bytes: readFileSync((await d.path())!) }
}

describe('every kind in one frame', () => {
  for (const c of CASES)
    it(`${c.name}: open an example, step after a click on the board, play inside the line, undo, comment, save, reload, export`, async () => {
      const { page, errors } = await app.open()
      const [kindId, file] = c.example.split(':') as [string, string]
      const kind = KINDS[kindId]!
      const parsed = kind.parse(readFileSync(join(ROOT, 'resources', FOLDER[kindId]!, file), 'utf8'), file)
      if (!parsed.ok) throw new Error(parsed.error)
      const doc = parsed.value
      const moves = lineMoves(openingShown(kind, doc).shown)
      const n = moves.length
      expect(n).toBeGreaterThan(4)

      await openExample(page, c.example)
      await expect.poll(() => text(page, 'ply')).toBe(`0 / ${n}`)
      const points = JSON.parse((await page.getByTestId('board').getAttribute('data-cell-points'))!) as Record<string, [number, number, number]>
      const nameOf = new Map(Object.entries(points).map(([name, p]) => [p[2], name]))
      // A click on the board, then the arrows step.
      await clickCell(page, nameOf.get([...nameOf.keys()].at(-1)!)!)
      for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight')
      await expect.poll(() => text(page, 'ply')).toBe(`3 / ${n}`)

      // A move at move 3 other than the line's 4th, found with the kind's own rules.
      const alt = otherMove(kind, doc, moves, 3, nameOf.keys())
      expect(alt).not.toBeNull()
      await clickCell(page, nameOf.get(alt![0])!)
      await clickCell(page, nameOf.get(alt![1])!)
      // A side line after move 3; the line keeps its moves; the work is unsaved, and undoable.
      await expect.poll(() => text(page, 'ply')).toBe('4 / 4')
      expect(await page.getByTestId('side-line').count()).toBe(1)
      expect(await page.getByTestId('move-list').locator('li[data-ply]').count()).toBe(n + 1)
      expect(await page.getByTestId('dirty-mark').isVisible()).toBe(true)
      // The header stays one row with the file's name and its marks (a second row took the panes' height).
      await expect.poll(() => text(page, 'autosave')).toBe('autosaved')
      expect((await page.locator('main > header').boundingBox())!.height).toBeLessThan(40)
      await page.keyboard.press('Control+z')
      await expect.poll(() => page.getByTestId('side-line').count()).toBe(0)
      await expect.poll(() => text(page, 'ply')).toBe(`3 / ${n}`)
      await page.keyboard.press('Control+y')
      await expect.poll(() => page.getByTestId('side-line').count()).toBe(1)
      await expect.poll(() => text(page, 'ply')).toBe('4 / 4')

      // A comment on the side line's move.
      const comment = `another way to play move 4 (${c.name})`
      await page.getByTestId('comment-edit').click()
      await page.getByTestId('comment-text').fill(comment)
      await page.getByTestId('comment-save').click()
      await expect.poll(async () => (await page.getByTestId('move-comment').allTextContents()).map((t) => t.trim())).toContain(comment)

      // Saved: the kind reads the download back, with the side line and the comment.
      const saved = await download(page, 'doc-save')
      expect(saved.name).toBe(file)
      const back = kind.parse(saved.bytes.toString('utf8'), file)
      if (!back.ok) throw new Error(back.error)
      expect(branchings(kind.lines(back.value)[0]!.tree)).toBe(1)
      expect(saved.bytes.toString('utf8')).toContain(comment)
      await expect.poll(() => page.getByTestId('dirty-mark').count()).toBe(0)

      // A reload gives back the document, the side line, the move and the comment.
      await expect.poll(() => text(page, 'autosave')).toBe('autosaved')
      await page.reload()
      await page.getByTestId('board').locator('canvas').first().waitFor()
      await expect.poll(() => text(page, 'file-name')).toBe(file)
      await expect.poll(() => text(page, 'ply')).toBe('4 / 4')
      expect(await page.getByTestId('side-line').count()).toBe(1)
      expect((await page.getByTestId('move-comment').allTextContents()).map((t) => t.trim())).toContain(comment)

      // The position exported as PNG and as SVG.
      const png = await download(page, 'export-png')
      expect([...png.bytes.subarray(0, 4)]).toEqual([137, 80, 78, 71])
      expect(png.name).toMatch(/-move-4\.png$/)
      const svg = await download(page, 'export-svg')
      expect(svg.bytes.toString('utf8')).toMatch(/^<\?xml[^>]*>\s*<svg /)

      // One screen: the board, the current move in the list, readable charts.
      expect(inside((await page.getByTestId('board').locator('canvas').first().boundingBox())!, VIEWPORT)).toBe(true)
      const list = (await page.getByTestId('move-list').boundingBox())!
      expect(inside(list, VIEWPORT)).toBe(true)
      expect(inside((await page.locator('[data-testid=move-list] .current').first().boundingBox())!, list)).toBe(true)
      const tabs = await page.locator('[data-testid^=chart-tab-]').all()
      for (const t of tabs.length > 0 ? tabs : [null]) {
        await t?.click()
        for (const plot of await page.locator('[data-testid=charts] .u-over').all()) {
          const b = (await plot.boundingBox())!
          expect(b.height).toBeGreaterThanOrEqual(80)
          expect(inside(b, VIEWPORT)).toBe(true)
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800)
      await page.getByTestId('move-list').locator('li[data-ply="3"]').click()
      // The side pane from its top (the export's notice scrolled it down), as a user opening the example sees it.
      await page.getByTestId('side-pane').evaluate((e) => (e.scrollTop = 0))
      await shot(page, `kind-${c.name}`)
      expect(await axeViolations(page, undefined, ALL_IMPACTS)).toEqual([])
      expect(errors).toEqual([])
    }, 120_000)
})
