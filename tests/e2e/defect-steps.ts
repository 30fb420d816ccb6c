// Steps the defect specs of issue 27 share (defects-work and defects-view). Each finds its control
// by the frame's test id, or by the id the workbench had before the frame (main at 4e41c66), so
// that the specs run against that build too and fail there on the defect itself, not on a renamed
// control (HALMA_WEB=<main's build> npx vitest run --config vitest.e2e.config.ts tests/e2e/defects-*).
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { ROOT } from './harness'

export const PROBLEM = (name: string): string => join(ROOT, 'resources/problems', name)
export const PLAYERS = (name: string): string => join(ROOT, 'resources/players', name)

/** The first of the test ids that is on the page and visible (the frame's first, then the old ones). */
export async function find(page: Page, ...ids: string[]): Promise<Locator> {
  for (const id of ids) {
    const l = page.getByTestId(id).first()
    if ((await l.count()) > 0 && (await l.isVisible())) return l
  }
  return page.getByTestId(ids[0]!).first()
}

export async function textOf(page: Page, ...ids: string[]): Promise<string> {
  const l = await find(page, ...ids)
  return (await l.count()) > 0 ? ((await l.textContent()) ?? '').replace(/\s*×$/, '').trim() : ''
}

/** The board of whatever kind is shown. */
export const board = (page: Page): Promise<Locator> => find(page, 'board', 'players-board', 'army-board')

/** The stepper's move and the length of the line it follows ("12 / 27"; before the frame also "move 12 of 27"). */
export async function plyOf(page: Page): Promise<{ ply: number; length: number }> {
  const t = await textOf(page, 'ply', 'players-step', 'army-step')
  const m = /(\d+) \/ (\d+)/.exec(t) ?? /move (\d+) of (\d+)/.exec(t)
  if (!m) throw new Error(`no move shown: "${t}"`)
  return { ply: Number(m[1]), length: Number(m[2]) }
}

export async function expectPly(page: Page, ply: number, length?: number): Promise<void> {
  await expect.poll(async () => ((p) => (length === undefined ? p.ply : `${p.ply} / ${p.length}`))(await plyOf(page))).toBe(length === undefined ? ply : `${ply} / ${length}`)
}

/** Click the centre of a cell of the board shown. */
export async function clickAt(page: Page, name: string): Promise<void> {
  const b = await board(page)
  // Once the board has its size (a pane that is still settling moves the cells).
  const where = async (): Promise<string> => JSON.stringify([await b.getAttribute('data-cell-points'), await b.locator('.stage').boundingBox()])
  let seen = await where()
  for (let k = 0; k < 10; k++) {
    await page.waitForTimeout(50)
    const now = await where()
    if (now === seen) break
    seen = now
  }
  const points = JSON.parse((await b.getAttribute('data-cell-points')) ?? '{}') as Record<string, [number, number]>
  const p = points[name]
  if (!p) throw new Error(`no cell ${name} on the board`)
  const box = (await b.locator('.stage').boundingBox())!
  await page.mouse.click(box.x + p[0], box.y + p[1])
}

/** Open a document file with Open…; waits until the header names it. */
export async function openPath(page: Page, path: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
  await chooser.setFiles(path)
  await expect.poll(async () => textOf(page, 'players-file', 'army-file', 'file-name')).toBe(path.split('/').at(-1))
}

/** Every question the page asks (confirm), answered no; the list of what was asked. */
export function questions(page: Page): string[] {
  const asked: string[] = []
  page.on('dialog', (d) => {
    asked.push(d.message())
    void d.dismiss()
  })
  return asked
}

/** Step with the keyboard from the start to move `ply` (the focus on the page, not in a field). */
export async function stepTo(page: Page, ply: number): Promise<void> {
  await page.keyboard.press('Home')
  for (let k = 0; k < ply; k++) await page.keyboard.press('ArrowRight')
  await expectPly(page, ply)
}

/** The moves of the main line in the move list (before the frame, the N-player list had no start row). */
export async function mainLineLength(page: Page): Promise<number> {
  const list = page.getByTestId('move-list')
  if ((await list.count()) > 0 && (await list.isVisible())) return (await list.locator('li[data-ply]').count()) - 1
  return page.getByTestId('players-moves').locator('li').count()
}

/** File > New for a kind (the frame's form), or the old header's fields for armies and games when they are there. */
export async function newOf(page: Page, kind: 'army' | 'players'): Promise<void> {
  const field = page.getByTestId(kind === 'army' ? 'army-level' : 'players-preset')
  if ((await field.count()) > 0 && (await field.isVisible())) return
  await page.getByTestId('doc-new').click()
  await page.getByTestId(`new-kind-${kind}`).check()
}

/** Whether a box lies inside another (CSS pixels, with a pixel's slack). */
export function inside(box: { x: number; y: number; width: number; height: number }, outer: { x: number; y: number; width: number; height: number }): boolean {
  return box.x >= outer.x - 1 && box.y >= outer.y - 1 && box.x + box.width <= outer.x + outer.width + 1 && box.y + box.height <= outer.y + outer.height + 1
}
