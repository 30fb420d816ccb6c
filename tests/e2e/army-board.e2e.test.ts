// A custom army board in the workbench, in Chromium against the web build: start Conway's army to
// level 2, make its window a custom board, switch a wall of cells off (leaving a gap), move the
// target, read the generated pagoda overlay's exponents and the verdict against the core's own
// computation, place men, solve on the board (a job without HiGHS), step through the solution and
// save the document, read back by the core with its board.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { distancePagoda } from '../../src/shared/army/board'
import { measureOnBoard } from '../../src/shared/army/custom'
import { parseArmyDocument } from '../../src/shared/army/document'
import { GEOMETRIES, windowCells, type CustomBoard } from '../../src/shared/army/geometry'
import { defaultWindow } from '../../src/shared/army/minimum'
import { cellLabel, verifyArmy } from '../../src/shared/army/solution'
import { clickCell, newArmy, RESULTS, text, webApp } from './harness'

const SHOTS = join(RESULTS, 'screenshots')
const app = webApp()
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true })
})

const attr = async (page: Page, id: string, name: string): Promise<string> => (await page.getByTestId(id).getAttribute(name)) ?? ''

describe('a custom army board in the workbench', () => {
  it("switches cells of Conway's window off, moves the target, shows the generated exponents and the verdict, solves and steps", async () => {
    const { page, errors } = await app.open({ width: 1280, height: 800 })
    const g = GEOMETRIES.conway
    const w = defaultWindow('conway', 2)
    const label = (c: readonly [number, number]): string => cellLabel(g, w, c)
    await newArmy(page, { type: 'conway', level: 2 })
    await expect.poll(() => text(page, 'army-title')).toBe("Conway's army to level 2")
    const all = [...windowCells(g, w)]
    // The army's editor makes the window a custom board.
    await page.getByTestId('mode-edit').click()
    await page.getByTestId('army-customize').click()
    await expect.poll(() => attr(page, 'board', 'data-board-cells')).toBe(String(all.length))
    expect(await page.getByTestId('army-mode-cells').isChecked()).toBe(true)

    // A wall across row 1 with a gap at x = 2.
    const wall = all.filter(([x, y]) => y === 1 && x !== 2)
    for (const c of wall) await clickCell(page, label(c))
    await expect.poll(() => attr(page, 'board', 'data-board-cells')).toBe(String(all.length - wall.length))
    // The target to (1, 0).
    await page.getByTestId('army-mode-target').check()
    await clickCell(page, label([1, 0]))
    await expect.poll(() => attr(page, 'board', 'data-target')).toBe(label([1, 0]))

    // The overlay shows the exponents of the map the core generates for this board.
    const board: CustomBoard = { cells: all.filter((c) => !wall.some((x) => x[0] === c[0] && x[1] === c[1])), target: [1, 0] }
    const map = distancePagoda(g, board)
    const shown = JSON.parse(await attr(page, 'board', 'data-exponents')) as Record<string, number | string>
    expect(Object.keys(shown).length).toBe(board.cells.length)
    for (const c of board.cells) expect(shown[label(c)], label(c)).toBe(map.exponent(...c) ?? '∞')
    expect(shown[label([2, 1])]).toBe(2)
    expect(shown[label([0, 2])]).toBe(5)
    expect(await text(page, 'army-legend')).toMatch(/the distance map/)

    // Men: two far ones cannot reach the target; three placed right weigh exactly 1.
    await page.getByTestId('army-mode-men').check()
    for (const c of [
      [2, 3],
      [1, 3],
    ] as const)
      await clickCell(page, label(c))
    await expect.poll(() => attr(page, 'board', 'data-men')).toBe('2')
    const weak = measureOnBoard(g, board, [
      [2, 3],
      [1, 3],
    ])
    expect(await text(page, 'army-board-verdict')).toBe(`the army as it starts: ${weak.verdict}`)
    expect(weak.possible).toBe(false)
    await page.getByTestId('army-clear').click()
    const army = [
      [2, 2],
      [2, 1],
      [3, 0],
    ] as const
    for (const c of army) await clickCell(page, label(c))
    await expect.poll(() => attr(page, 'board', 'data-men')).toBe('3')
    const m = measureOnBoard(g, board, army)
    expect(m.possible).toBe(true)
    expect(await text(page, 'army-board-verdict')).toBe(`the army as it starts: ${m.verdict}`)
    expect(await page.getByTestId('army-bound-ip').isDisabled()).toBe(true)

    // Solve on the board, then step through the solution.
    await page.getByTestId('army-solve').click()
    await page.getByTestId('mode-play').click()
    await expect
      .poll(() => text(page, 'army-outcome'), { timeout: 30_000 })
      .toMatch(/^solve: 2 moves, 2 jumps, verified on the custom board: fewest moves/)
    expect(await text(page, 'army-verdict')).toMatch(/^verified: 2 jumps in 2 moves bring a man to the target/)
    await page.getByTestId('step-next').click()
    await expect.poll(() => text(page, 'ply')).toBe('1 / 2')
    expect(await attr(page, 'board', 'data-men')).toBe('2')
    await page.getByTestId('step-next').click()
    await expect.poll(() => text(page, 'ply')).toBe('2 / 2')
    expect(await attr(page, 'board', 'data-men')).toBe('1')
    await page.screenshot({ path: join(SHOTS, 'army-custom-board.png') })

    // The document as saved keeps its board, and its solution verifies on it.
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('doc-save').click()])
    const doc = parseArmyDocument(readFileSync(await d.path(), 'utf8'))
    expect(doc.board).toEqual(board)
    expect(verifyArmy(g, doc.window, doc.army, doc.moves, doc.board)).toMatchObject({ ok: true, moves: 2 })
    expect(errors).toEqual([])
  })
})
