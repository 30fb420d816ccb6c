// The web workbench's first page in Chromium: the 9x9 board with the triangle-10 army.
import { describe, expect, it } from 'vitest'
import { screenshot, webApp } from './harness'

const app = webApp({ width: 1000, height: 900 })

describe('first page', () => {
  it('shows the 9x9 board with the army, its measures, and no errors', async () => {
    const { page, errors } = await app.open()
    await expect.poll(() => page.getByTestId('problem-title').textContent()).toContain('triangle')
    expect(await page.getByTestId('centroid').textContent()).toBe('-60')
    expect(await page.getByTestId('balance').textContent()).toBe('3 3 3 1')
    // The page is cross-origin isolated, so the engine can share memory between workers.
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true)
    // Blue is drawn: count pixels of the army colour on the board's canvases (the men have a layer of their own).
    const blue = await page.evaluate(() => {
      let n = 0
      for (const canvas of document.querySelectorAll('[data-testid=board] canvas') as NodeListOf<HTMLCanvasElement>) {
        const ctx = canvas.getContext('2d')!
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
        for (let k = 0; k < data.length; k += 4) if (data[k + 2]! > 150 && data[k]! < 60) n++
      }
      return n
    })
    expect(blue).toBeGreaterThan(1000)
    await screenshot(page, 'first-page')
    expect(errors).toEqual([])
  })
})
