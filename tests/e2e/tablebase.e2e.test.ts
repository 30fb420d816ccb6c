// The tablebase pane (issue 29) in Chromium against the web build at 1280 x 800: open the 7 x 7
// game with two men a side from the Examples menu; the pane offers the table; build it in the
// page's job worker (2.5 million positions); the start's value (blue wins in 33) and every legal
// move's mark, best first, as the CLI's probe gives them; a move from the list enters the stepper;
// the best line played out to the win; play against perfect play: the table answers a move.
import { describe, expect, it } from 'vitest'
import { clickCell, openExample, shot, text, webApp } from './harness'

const app = webApp()

describe('tablebase pane', () => {
  it(
    '7 x 7, two men a side: the value of the position and of every move, the best line to the win, the table answering',
    { timeout: 180_000 },
    async () => {
      const { page, errors } = await app.open()
      await openExample(page, 'halma:tablebase-7x7-2.halma.json')
      const pane = page.getByTestId('tablebase-pane')
      await expect.poll(() => pane.isVisible()).toBe(true)
      await page.getByTestId('tb-load').click()
      await expect.poll(() => text(page, 'tb-verdict'), { timeout: 150_000 }).toBe('blue wins in 33')

      // Every legal move from the start, marked, best first: the winning ones (W33, W37), then losses.
      const marks = await page.getByTestId('tb-move').evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')))
      expect(marks[0]).toBe('W33')
      expect(marks.length).toBeGreaterThan(3)
      expect(marks).toContain('W37')
      expect(marks.some((m) => m?.startsWith('L'))).toBe(true)
      const distance = (m: string | null): number => Number(m!.slice(1))
      const wins = marks.filter((m) => m?.startsWith('W'))
      expect(wins.map(distance)).toEqual([...wins.map(distance)].sort((a, b) => a - b))
      expect(await text(page, 'tb-line')).toMatch(/^Best line: a1-c1, g7-e7, /)
      await shot(page, 'tablebase-7x7-2')

      // A move from the list enters the stepper; red to move, and red loses.
      await page.getByTestId('tb-move').first().click()
      await expect.poll(() => text(page, 'ply')).toBe('1 / 1')
      await expect.poll(() => text(page, 'tb-verdict')).toBe('blue wins in 32 (red to move)')

      // The best line played out: 33 moves, blue's men on the target.
      await page.getByTestId('tb-play-out').click()
      await expect.poll(() => text(page, 'ply')).toBe('33 / 33')
      await expect.poll(() => text(page, 'tb-verdict')).toBe('over: blue has won')

      // Play against perfect play: back at the start, the table plays red and answers blue's move.
      await page.keyboard.press('Home')
      await expect.poll(() => text(page, 'ply')).toBe('0 / 33')
      await page.getByTestId('tb-side').selectOption('red')
      await clickCell(page, 'b1')
      await clickCell(page, 'b2')
      await expect.poll(() => text(page, 'ply')).toBe('2 / 2')
      expect(await text(page, 'tb-verdict')).toMatch(/^blue (wins in \d+|to move: draw)|^red wins in \d+ \(blue to move\)$/)
      expect(errors).toEqual([])
    },
  )
})
