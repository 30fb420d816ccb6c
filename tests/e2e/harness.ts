/**
 * End-to-end harness: serve the web build (out/web) with cross-origin isolation on a free port,
 * and drive Debian's Chromium with playwright-core (webApp() does both for a test file and opens
 * pages on it). Screenshots go to test-results/.
 */
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename, dirname, extname, isAbsolute, join, normalize } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { chromium, type Browser, type Page, type Worker } from 'playwright-core'
import type { AnyKind, Path } from '../../src/renderer/frame/kind'
import { sameMove } from '../../src/renderer/frame/line'

export const ROOT = join(import.meta.dirname, '../..')
/** The web build served: out/web, or another build (HALMA_WEB=dir: an older commit's, to see a spec fail there). */
export const WEB = process.env['HALMA_WEB'] ?? join(ROOT, 'out/web')
export const RESULTS = join(ROOT, 'test-results')
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
}

export async function serveWeb(): Promise<{ url: string; close: () => Promise<void> }> {
  if (!existsSync(join(WEB, 'index.html'))) throw new Error('out/web is missing: run `npm run build:web` first')
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '')
    let file = join(WEB, path)
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!file.startsWith(WEB) || !existsSync(file)) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** Save a screenshot of the page as test-results/<name>.png (name may hold folders) and return its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(RESULTS, `${name}.png`)
  mkdirSync(dirname(path), { recursive: true })
  await page.screenshot({ path, fullPage: true })
  return path
}

/** A screenshot of the whole page as test-results/screenshots/<name>.png (the README's come from there). */
export function shot(page: Page, name: string): Promise<string> {
  return screenshot(page, `screenshots/${name}`)
}

/** The trimmed text of the first element with a test id. */
export async function text(page: Page, id: string): Promise<string> {
  return ((await page.getByTestId(id).first().textContent()) ?? '').trim()
}

/**
 * Click the centre of a cell of the board (of any kind), found from the positions the board
 * publishes in data-cell-points; `shift` holds Shift down for the click.
 */
export async function clickCell(page: Page, name: string, options: { readonly shift?: boolean } = {}): Promise<void> {
  const board = page.getByTestId('board')
  const points = JSON.parse((await board.getAttribute('data-cell-points')) ?? '{}') as Record<string, [number, number]>
  const p = points[name]
  if (!p) throw new Error(`no cell ${name} on the board`)
  const box = (await board.locator('.stage').boundingBox())!
  if (options.shift) await page.keyboard.down('Shift')
  await page.mouse.click(box.x + p[0], box.y + p[1])
  if (options.shift) await page.keyboard.up('Shift')
}

/**
 * Open a document file through the workbench's Open button: a name in resources/problems, or a
 * path. Waits until the header names it.
 */
export async function openFile(page: Page, file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('doc-open').click()])
  await chooser.setFiles(isAbsolute(file) ? file : join(ROOT, 'resources/problems', file))
  await expect.poll(() => text(page, 'file-name')).toBe(basename(file))
}

/** Open a shipped document from the Examples menu (`kind:file`, e.g. `players:mini-3.players.json`); waits until the header names it. */
export async function openExample(page: Page, example: string): Promise<void> {
  await page.getByTestId('examples').selectOption(example)
  await expect.poll(() => text(page, 'file-name')).toBe(example.split(':')[1])
}

/**
 * A move at move `at` of a line other than the line's own next one, found with the kind's own rules
 * (its `click`): [from, to] as cell indices, or null when there is none.
 */
export function otherMove(
  kind: AnyKind,
  doc: unknown,
  moves: readonly Path[],
  at: number,
  cells: Iterable<number>,
): [number, number] | null {
  const line = kind.replay(doc, moves)
  for (const from of cells) {
    const pick = kind.click(doc, line, at, null, from)
    if (pick.kind !== 'select') continue
    const to = pick.to.find((t) => {
      const r = kind.click(doc, line, at, { from, to: pick.to }, t)
      return r.kind === 'play' && !sameMove(r.path, moves[at]!)
    })
    if (to !== undefined) return [from, to]
  }
  return null
}

/** File > New: a game of 2 to 6 players of a preset (e.g. `mini-3`); waits for its board. */
export async function newGame(page: Page, preset: string): Promise<void> {
  await page.getByTestId('doc-new').click()
  await page.getByTestId('new-kind-players').check()
  await page.getByTestId('players-preset').selectOption(preset)
  await page.getByTestId('players-new').click()
  await page.getByTestId('board').locator('canvas').first().waitFor()
}

/** File > New: a solitaire army (the form's default, Conway's to level 4, unless a type or a level is given); waits for its board. */
export async function newArmy(page: Page, army: { readonly type?: string; readonly level?: number } = {}): Promise<void> {
  await page.getByTestId('doc-new').click()
  await page.getByTestId('new-kind-army').check()
  if (army.type) await page.getByTestId('army-type').selectOption(army.type)
  if (army.level !== undefined) await page.getByTestId('army-level').fill(String(army.level))
  await page.getByTestId('army-new').click()
  await page.getByTestId('board').locator('canvas').first().waitFor()
}

/** In the problem editor, load a preset (board, army, rules, transfer or game) into the draft (not yet used). */
export async function loadPreset(
  page: Page,
  preset: { readonly board: string; readonly army: string; readonly rules: string; readonly kind: 'transfer' | 'game' },
): Promise<void> {
  await page.getByTestId('mode-edit').click()
  await page.getByTestId('preset-board').selectOption(preset.board)
  await page.getByTestId('preset-army').selectOption(preset.army)
  await page.getByTestId('preset-rules').selectOption(preset.rules)
  await page.getByTestId('preset-kind').selectOption(preset.kind)
  await page.getByTestId('preset-apply').click()
}

/** Paste moves into the stepper and load them. */
export async function pasteMoves(page: Page, moves: string): Promise<void> {
  if (!(await page.getByTestId('paste-text').isVisible())) await page.getByTestId('paste-open').click()
  await page.getByTestId('paste-text').fill(moves)
  await page.getByTestId('paste-load').click()
}

/** The text of the notice at a place (frame/notices.ts), without its dismiss button; '' when there is none. */
export async function notice(page: Page, place: string): Promise<string> {
  const el = page.getByTestId(`notice-${place}`)
  return (await el.count()) > 0 ? ((await el.locator('.text').textContent()) ?? '').trim() : ''
}

/** Fail the test on any error the page logs or throws. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return errors
}

/** How a page of the workbench is opened; webApp's defaults, then each open's own. */
export interface OpenOptions {
  /** The viewport, in CSS pixels: 1280 x 800 unless said. */
  readonly width?: number
  readonly height?: number
  /** Device pixels per CSS pixel (1 unless said). */
  readonly deviceScaleFactor?: number
  /** The test id shown once the page is ready: `board` (the default) waits for the board's canvas. */
  readonly waitFor?: string
  /** Ignore the page's Content-Security-Policy: axe-core goes in as an inline script, which it forbids. */
  readonly bypassCSP?: boolean
  /** Say yes to every dialog (leaving a page with unsaved work asks first). */
  readonly acceptDialogs?: boolean
  /** Let the page read and write the clipboard. */
  readonly clipboard?: boolean
}

/** An open page, the errors it logs or throws (watchErrors), and the workers it starts. */
export interface OpenPage {
  readonly page: Page
  readonly errors: string[]
  readonly workers: Worker[]
}

export interface WebApp {
  /** A new page (in a context of its own, closed with it) on the workbench, ready to use. */
  open(options?: OpenOptions): Promise<OpenPage>
  /** The served web build's address (once the file's beforeAll has run). */
  readonly url: string
  readonly browser: Browser
}

/**
 * The web build served and Chromium launched for the test file that calls this at its top level
 * (it registers the beforeAll and afterAll hooks that start and close both); `defaults` apply to
 * every page it opens.
 */
export function webApp(defaults: OpenOptions = {}): WebApp {
  let browser: Browser | undefined
  let server: Awaited<ReturnType<typeof serveWeb>> | undefined
  beforeAll(async () => {
    server = await serveWeb()
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  const started = (): { browser: Browser; url: string } => {
    if (!browser || !server) throw new Error('the web app is not started: webApp() must be called at the top level of a test file')
    return { browser, url: server.url }
  }
  return {
    async open(options = {}) {
      const o = { ...defaults, ...options }
      const { browser: b, url } = started()
      const page = await b.newPage({
        viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
        deviceScaleFactor: o.deviceScaleFactor ?? 1,
        acceptDownloads: true,
        bypassCSP: o.bypassCSP ?? false,
      })
      if (o.clipboard) await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url.replace(/\/$/, '') })
      const errors = watchErrors(page)
      const workers: Worker[] = []
      page.on('worker', (w) => workers.push(w))
      if (o.acceptDialogs) page.on('dialog', (d) => void d.accept())
      await page.goto(url)
      const ready = o.waitFor ?? 'board'
      await (ready === 'board' ? page.getByTestId('board').locator('canvas').first() : page.getByTestId(ready)).waitFor()
      return { page, errors, workers }
    },
    get url() {
      return started().url
    },
    get browser() {
      return started().browser
    },
  }
}
