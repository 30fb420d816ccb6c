/**
 * End-to-end harness: serve the web build (out/web) with cross-origin isolation on a free port,
 * and drive Debian's Chromium with playwright-core. Screenshots go to test-results/.
 */
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, normalize } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

export const ROOT = join(import.meta.dirname, '../..')
export const WEB = join(ROOT, 'out/web')
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
 * Click the centre of a cell of a board (test id `board`, or the army's `army-board`), found from
 * the positions the board publishes in data-cell-points; `shift` holds Shift down for the click.
 */
export async function clickCell(page: Page, name: string, options: { readonly board?: string; readonly shift?: boolean } = {}): Promise<void> {
  const board = page.getByTestId(options.board ?? 'board')
  const points = JSON.parse((await board.getAttribute('data-cell-points')) ?? '{}') as Record<string, [number, number]>
  const p = points[name]
  if (!p) throw new Error(`no cell ${name} on the board ${options.board ?? 'board'}`)
  const box = (await board.locator('.stage').boundingBox())!
  if (options.shift) await page.keyboard.down('Shift')
  await page.mouse.click(box.x + p[0], box.y + p[1])
  if (options.shift) await page.keyboard.up('Shift')
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
