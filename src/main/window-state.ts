/**
 * The window's placement, remembered between runs: bounds and whether it was maximised. A saved
 * placement is only reused where it is still visible (a monitor may have gone since).
 */

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface WindowState {
  /** Normal (not maximised) bounds; without a position the window is centred. */
  readonly x?: number
  readonly y?: number
  readonly width: number
  readonly height: number
  readonly maximized: boolean
}

export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 880, maximized: false }
const MIN = { width: 640, height: 480 }

const int = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && Math.abs(x) < 1e6

export function parseWindowState(x: unknown): WindowState | undefined {
  if (typeof x !== 'object' || x === null) return undefined
  const o = x as Record<string, unknown>
  if (!int(o['width']) || !int(o['height'])) return undefined
  const base = { width: o['width'], height: o['height'], maximized: o['maximized'] === true }
  return int(o['x']) && int(o['y']) ? { ...base, x: o['x'], y: o['y'] } : base
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}

/**
 * The placement to open with: the saved one if enough of it (a quarter, and its title bar) lies on
 * some display's work area, sized to fit that display; else the saved size, centred.
 */
export function fitWindow(saved: WindowState | undefined, workAreas: readonly Rect[]): WindowState {
  const s = saved ?? DEFAULT_WINDOW
  const largest = workAreas.reduce<Rect | undefined>((m, a) => (!m || a.width * a.height > m.width * m.height ? a : m), undefined)
  const clampSize = (area: Rect | undefined) => ({
    width: Math.max(MIN.width, Math.min(s.width, area?.width ?? s.width)),
    height: Math.max(MIN.height, Math.min(s.height, area?.height ?? s.height)),
  })
  if (s.x !== undefined && s.y !== undefined) {
    const rect = { x: s.x, y: s.y, width: s.width, height: s.height }
    const titleBar = { x: s.x, y: s.y, width: s.width, height: 32 }
    const home = workAreas.find((a) => overlap(rect, a) >= (rect.width * rect.height) / 4 && overlap(titleBar, a) > 0)
    if (home) {
      const size = clampSize(home)
      const x = Math.min(Math.max(s.x, home.x), home.x + home.width - size.width)
      const y = Math.min(Math.max(s.y, home.y), home.y + home.height - size.height)
      return { x, y, ...size, maximized: s.maximized }
    }
  }
  return { ...clampSize(largest), maximized: s.maximized }
}
