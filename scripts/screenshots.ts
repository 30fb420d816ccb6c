/**
 * Regenerates the pictures in docs/screenshots/ that README.md and docs/*.md show, from the web
 * build's real UI in Debian's Chromium (`npm run build:web`, then `npm run screenshots`; one name,
 * e.g. `npm run screenshots -- army`, makes only the pictures whose names start with it). Each
 * picture is made the way a user would make it (the Examples menu, the stepper, the overlays, the
 * editor, the searches), at 1280 x 800 unless its caption says otherwise. Not part of the test
 * suite (it takes a minute or two and its searches would cost CI time): run it after a change to
 * what the workbench looks like, then look at every picture before committing it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { KINDS } from '../src/renderer/frame/kinds'
import { lineMoves, openingShown } from '../src/renderer/frame/line'
import { GEOMETRIES, windowCells } from '../src/shared/army/geometry'
import { defaultWindow } from '../src/shared/army/minimum'
import { cellLabel } from '../src/shared/army/solution'
import { clickCell, launch, loadPreset, newArmy, newGame, otherMove, pasteMoves, ROOT, serveWeb, watchErrors } from '../tests/e2e/harness'

const OUT = join(ROOT, 'docs/screenshots')
const LEVENSPIEL = `d1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5,
a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4-
(reflect)`

const text = async (page: Page, id: string): Promise<string> => ((await page.getByTestId(id).first().textContent()) ?? '').trim()
const attr = async (page: Page, id: string, name: string): Promise<string> => (await page.getByTestId(id).first().getAttribute(name)) ?? ''

/** Wait until `read` gives what `ok` accepts (a search may take a minute); throws naming what it waited for. */
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeout = 30_000): Promise<T> {
  const end = Date.now() + timeout
  let last: T | undefined
  for (;;) {
    try {
      last = await read()
      if (ok(last)) return last
    } catch {
      // the element is not there yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`)
    await new Promise((r) => setTimeout(r, 150))
  }
}
const untilText = (page: Page, id: string, want: string | RegExp, timeout?: number): Promise<string> =>
  until(
    `${id} = ${String(want)}`,
    () => text(page, id),
    (t) => (typeof want === 'string' ? t === want : want.test(t)),
    timeout,
  )

async function openExample(page: Page, example: string): Promise<void> {
  await page.getByTestId('examples').selectOption(example)
  await untilText(page, 'file-name', example.split(':')[1]!)
  await page.getByTestId('board').locator('canvas').first().waitFor()
}

/** The step the stepper shows, e.g. 13 of '13 / 27'. */
async function stepTo(page: Page, ply: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(ply))
  await untilText(page, 'ply', new RegExp(`^${ply} / `))
}

/** Let Konva draw its next frames and the charts settle before the picture is taken. */
const settle = (page: Page): Promise<void> => page.waitForTimeout(600)

interface Shot {
  readonly name: string
  readonly width?: number
  readonly height?: number
  /** Keep the side pane where make() scrolled it (else it is shown from its top). */
  readonly keepScroll?: boolean
  /** Brings the page to what the caption describes; the picture is taken after it. */
  make(page: Page): Promise<void>
}

const FOLDER: Record<string, string> = { halma: 'problems', army: 'armies', players: 'players' }

/** A kind's example at move 3 with a side line played at move 4 and commented (the README's table of kinds). */
function kindShot(name: string, example: string): Shot {
  return {
    name: `kind-${name}`,
    async make(page) {
      const [kindId, file] = example.split(':') as [string, string]
      const kind = KINDS[kindId]!
      const parsed = kind.parse(readFileSync(join(ROOT, 'resources', FOLDER[kindId]!, file), 'utf8'), file)
      if (!parsed.ok) throw new Error(parsed.error)
      const doc = parsed.value
      const moves = lineMoves(openingShown(kind, doc).shown)
      await openExample(page, example)
      await stepTo(page, 3)
      const points = JSON.parse(await attr(page, 'board', 'data-cell-points')) as Record<string, [number, number, number]>
      const nameOf = new Map(Object.entries(points).map(([n, p]) => [p[2], n]))
      // A move at move 3 other than the line's 4th, found with the kind's own rules.
      const alt = otherMove(kind, doc, moves, 3, nameOf.keys())
      if (!alt) throw new Error(`${example}: no other move at move 4`)
      await clickCell(page, nameOf.get(alt[0])!)
      await clickCell(page, nameOf.get(alt[1])!)
      await until(
        'a side line',
        () => page.getByTestId('side-line').count(),
        (n) => n === 1,
      )
      await page.getByTestId('comment-edit').click()
      await page.getByTestId('comment-text').fill('another way to play move 4')
      await page.getByTestId('comment-save').click()
      // Back on the main line at move 3 (its charts over the whole line, the side line in the list).
      await page.getByTestId('move-list').locator('li[data-ply="4"]').click()
      await untilText(page, 'ply', `4 / ${moves.length}`)
      await page.getByTestId('step-prev').click()
      await untilText(page, 'ply', `3 / ${moves.length}`)
    },
  }
}

const SHOTS: readonly Shot[] = [
  {
    name: 'workbench',
    async make(page) {
      // The default problem is Levenspiel's (triangle-10 across the 9 x 9 board, 6-move rules).
      await pasteMoves(page, LEVENSPIEL)
      await untilText(page, 'ply', '0 / 27')
      await stepTo(page, 13)
      await page.getByTestId('overlay-types').check()
      await page.getByTestId('overlay-ladders').check()
    },
  },
  {
    name: 'workbench-1920',
    width: 1920,
    height: 1080,
    async make(page) {
      await openExample(page, 'halma:halma19-16x16.halma.json')
      await untilText(page, 'ply', '0 / 47')
      await page.getByTestId('step-last').click()
      await untilText(page, 'ply', '47 / 47')
    },
  },
  kindShot('transfer', 'halma:triangle10-6move.halma.json'),
  kindShot('game', 'halma:fabian-30.halma.json'),
  kindShot('army', 'army:conway-20-level4.army.json'),
  kindShot('players', 'players:star121-6.players.json'),
  {
    name: 'variations',
    async make(page) {
      await openExample(page, 'halma:triangle10-6move.halma.json')
      // Solution 2: its moves 19 and 20 played the other way round, as a side line to the target.
      await page.getByTestId('line-select').selectOption('1')
      await untilText(page, 'ply', '0 / 27')
      await page.getByTestId('move-list').locator('li[data-ply="18"]').click()
      await untilText(page, 'ply', '18 / 27')
      const side: ReadonlyArray<readonly [string, string]> = [
        ['e3', 'e4'],
        ['h7', 'h9'],
        ['e4', 'i6'],
        ['g5', 'g9'],
        ['e5', 'i9'],
        ['f5', 'g5'],
        ['g5', 'i7'],
        ['h5', 'f9'],
        ['h6', 'h7'],
      ]
      for (const [from, to] of side) {
        await clickCell(page, from)
        await clickCell(page, to)
      }
      await untilText(page, 'ply', '27 / 27')
      // In the middle of the side line, then a reload (the autosave gives it back).
      await page.getByTestId('move-list').locator('.vmove', { hasText: '23.' }).click()
      await untilText(page, 'ply', '23 / 27')
      await untilText(page, 'autosave', 'autosaved')
      await page.reload()
      await page.getByTestId('board').locator('canvas').first().waitFor()
      await untilText(page, 'ply', '23 / 27')
    },
  },
  {
    name: 'editor',
    async make(page) {
      // Three men on a 6 x 6 board with two corners off, the target the mirror image of the start.
      await page.getByTestId('mode-edit').click()
      await page.getByTestId('grid-size').fill('6')
      await page.getByTestId('grid-resize').click()
      await page.getByTestId('draft-title').fill('three men on a clipped 6 x 6 board')
      await page.getByTestId('draft-title').press('Enter')
      await page.getByTestId('tool-erase').check()
      for (const c of ['a1', 'b1', 'c1', 'd1', 'a2', 'b2', 'c2', 'a3', 'b3', 'a4']) await clickCell(page, c)
      await page.getByTestId('tool-blue').check()
      for (const c of ['a1', 'b1', 'a2']) await clickCell(page, c)
      await page.getByTestId('tool-cells').check()
      await clickCell(page, 'f1')
      await clickCell(page, 'a6')
      await page.getByTestId('target-mirror').check()
      await untilText(page, 'draft-ok', 'ready: 3 men, 34 cells')
    },
  },
  {
    name: 'game',
    async make(page) {
      await openExample(page, 'halma:fabian-30.halma.json')
      await stepTo(page, 11)
    },
  },
  {
    name: 'star',
    async make(page) {
      // The star board from the editor's presets: a 6-move game between two points of the star.
      await loadPreset(page, { board: 'star', army: 'triangle10', rules: '6-move', kind: 'game' })
      await untilText(page, 'draft-ok', 'ready: 10 men a side, 121 cells')
      await page.getByTestId('draft-apply').click()
      await until(
        '20 men',
        () => attr(page, 'board', 'data-men'),
        (m) => m === '20',
      )
      await page.getByTestId('mode-play').click()
    },
  },
  {
    name: 'analyse',
    async make(page) {
      await openExample(page, 'halma:square9-8move.halma.json')
      await stepTo(page, 10)
      await page.getByTestId('analyse-here').click()
      await untilText(page, 'search-status', 'finished', 120_000)
      const options = await page.getByTestId('compare-select').locator('option').allTextContents()
      const stored = options.find((o) => o.startsWith('solution 1'))
      if (!stored) throw new Error(`no stored solution to compare with: ${options.join(' | ')}`)
      await page.getByTestId('compare-select').selectOption({ label: stored })
      await untilText(page, 'compare-legend', /\(other\)/)
    },
  },
  {
    name: 'army',
    async make(page) {
      // File > New: Conway's army to level 4, solved in the workbench, at move 6 with the pagoda overlay.
      await newArmy(page)
      await page.getByTestId('army-solve').click()
      await untilText(page, 'army-outcome', /^solve: 20 men .*verified/, 120_000)
      if (!(await page.getByTestId('army-overlay-pagoda').isChecked())) await page.getByTestId('army-overlay-pagoda').check()
      for (let k = 0; k < 6; k++) await page.getByTestId('step-next').click()
      await untilText(page, 'ply', /^6 \/ /)
    },
  },
  {
    name: 'army-custom-board',
    async make(page) {
      // Conway's window to level 2 made a custom board: row 1 off but for x = 2, the target at (1, 0).
      await newArmy(page, { type: 'conway', level: 2 })
      await page.getByTestId('mode-edit').click()
      await page.getByTestId('army-customize').click()
      const g = GEOMETRIES.conway
      const w = defaultWindow('conway', 2)
      const label = (c: readonly [number, number]): string => cellLabel(g, w, c)
      const all = [...windowCells(g, w)]
      await until(
        'the custom board',
        () => attr(page, 'board', 'data-board-cells'),
        (n) => n === String(all.length),
      )
      const wall = all.filter(([x, y]) => y === 1 && x !== 2)
      for (const c of wall) await clickCell(page, label(c))
      await until(
        'row 1 off',
        () => attr(page, 'board', 'data-board-cells'),
        (n) => n === String(all.length - wall.length),
      )
      await page.getByTestId('army-mode-target').check()
      await clickCell(page, label([1, 0]))
      await until(
        'the target moved',
        () => attr(page, 'board', 'data-target'),
        (t) => t === label([1, 0]),
      )
      // Three men that weigh exactly 1 under the distance map.
      await page.getByTestId('army-mode-men').check()
      for (const c of [
        [2, 2],
        [2, 1],
        [3, 0],
      ] as const)
        await clickCell(page, label(c))
      await until(
        '3 men',
        () => attr(page, 'board', 'data-men'),
        (m) => m === '3',
      )
      await page.getByTestId('army-solve').click()
      await page.getByTestId('mode-play').click()
      await untilText(page, 'army-outcome', /^solve: 2 moves/, 60_000)
      await page.getByTestId('step-last').click()
      await untilText(page, 'ply', '2 / 2')
    },
  },
  {
    name: 'players',
    async make(page) {
      await newGame(page, 'mini-3')
      await page.getByTestId('players-run').click()
      await until(
        'the search',
        () => attr(page, 'players-outcome', 'data-optimal'),
        (v) => v === 'true',
        120_000,
      )
      await page.getByTestId('step-last').click()
      await untilText(page, 'to-move', /wins at move/)
    },
  },
  {
    name: 'engine-game',
    keepScroll: true,
    async make(page) {
      // The engine's pane on a paper game: Fabian's game analysed at moves 6 to 0 (the score charted),
      // shown at move 4 (score, line, arrows).
      await openExample(page, 'halma:fabian-30.halma.json')
      await page.getByTestId('engine-strength').selectOption('20000')
      for (let ply = 6; ply >= 0; ply--) {
        await stepTo(page, ply)
        await page.getByTestId('engine-analyse').click()
        await untilText(page, 'engine-readout', /^\w+: (?!.*searching)/, 60_000)
      }
      await stepTo(page, 4)
      await page.getByTestId('engine-pane').scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'tablebase-7x7-2',
    keepScroll: true,
    async make(page) {
      // The table built in the page's worker (2.5 million positions, a few seconds), the start's value and moves.
      await openExample(page, 'halma:tablebase-7x7-2.halma.json')
      await page.getByTestId('tb-load').click()
      await untilText(page, 'tb-verdict', 'blue wins in 33', 150_000)
      await page.getByTestId('tablebase-pane').scrollIntoViewIfNeeded()
    },
  },
  ...['mini-3', 'star121-6', 'diamond-3', 'cross-4', 'piecepack-4', 'star73-3', 'star121-3x15', 'star121-4'].map((preset): Shot => ({
    name: `players-${preset}`,
    make: (page) => newGame(page, preset),
  })),
]

/** A figure sheet of moves 0-13 of Levenspiel's solution, exported as SVG and shown on a page of its own. */
async function figureSheet(browser: Browser, url: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  const errors = watchErrors(page)
  await page.goto(url)
  await page.getByTestId('board').locator('canvas').first().waitFor()
  await pasteMoves(page, LEVENSPIEL)
  await untilText(page, 'ply', '0 / 27')
  await page.getByTestId('sheet-from').fill('0')
  await page.getByTestId('sheet-to').fill('13')
  await page.getByTestId('sheet-columns').fill('7')
  await page.getByTestId('sheet-size').fill('220')
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-sheet-svg').click()])
  const svg = readFileSync((await d.path())!, 'utf8')
  const view = await browser.newPage({ viewport: { width: 1700, height: 700 } })
  await view.setContent(`<body style="margin:0;background:#fff">${svg.replace(/^<\?xml[^>]*>\s*/, '')}</body>`)
  await view
    .locator('svg')
    .first()
    .screenshot({ path: join(OUT, 'figure-sheet.png') })
  if (errors.length > 0) throw new Error(`figure-sheet: the page logged ${errors.join('; ')}`)
  await view.close()
  await page.close()
}

async function main(): Promise<void> {
  const only = process.argv[2]
  const server = await serveWeb()
  const browser = await launch()
  const failed: string[] = []
  try {
    for (const s of SHOTS) {
      if (only && !s.name.startsWith(only)) continue
      const t0 = Date.now()
      const page = await browser.newPage({ viewport: { width: s.width ?? 1280, height: s.height ?? 800 }, acceptDownloads: true })
      page.on('dialog', (d) => void d.accept())
      const errors = watchErrors(page)
      try {
        await page.goto(server.url)
        await page.getByTestId('board').locator('canvas').first().waitFor()
        await s.make(page)
        // "opened x" says only what the picture shows; other notices stay in the picture (to be seen).
        for (const d of await page.locator('[data-testid^=notice-]').all())
          if (/^opened /.test(((await d.locator('.text').textContent()) ?? '').trim())) await d.locator('.dismiss').click()
        // No focus ring on the control used last (a user looking at the window has moved on).
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
        await settle(page)
        const side = page.getByTestId('side-pane')
        if (!s.keepScroll && (await side.count()) > 0) await side.evaluate((e) => (e.scrollTop = 0))
        writeFileSync(join(OUT, `${s.name}.png`), await page.screenshot())
        if (errors.length > 0) throw new Error(`the page logged: ${errors.join('; ')}`)
        console.log(`${s.name}.png (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
      } catch (e) {
        failed.push(`${s.name}: ${(e as Error).message}`)
        console.error(`${s.name}: ${(e as Error).message}`)
      } finally {
        await page.close()
      }
    }
    if (!only || 'figure-sheet'.startsWith(only)) {
      try {
        await figureSheet(browser, server.url)
        console.log('figure-sheet.png')
      } catch (e) {
        failed.push(`figure-sheet: ${(e as Error).message}`)
      }
    }
  } finally {
    await browser.close()
    await server.close()
  }
  if (failed.length > 0) {
    console.error(`not made:\n${failed.join('\n')}`)
    process.exitCode = 1
  }
}

await main()
