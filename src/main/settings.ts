/**
 * What the desktop app remembers between runs (window placement, recent files), in one JSON file
 * in the user-data folder. A missing or damaged file gives the defaults; writes are atomic and
 * coalesced, and a failed write is reported, never fatal.
 */
import { parseWindowState, type WindowState } from './window-state'

export interface Settings {
  readonly window?: WindowState
  readonly recent: readonly string[]
  /** Searches the window runs at once (chosen in the View menu; one unless the user asks for more). */
  readonly searchesAtOnce?: number
}

export const DEFAULT_SETTINGS: Settings = { recent: [] }

/** Settings from a file's text; what does not check out is dropped, field by field. */
export function parseSettings(text: string | undefined): Settings {
  if (text === undefined) return DEFAULT_SETTINGS
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return DEFAULT_SETTINGS
  }
  if (typeof json !== 'object' || json === null) return DEFAULT_SETTINGS
  const o = json as Record<string, unknown>
  const recent = Array.isArray(o['recent']) ? o['recent'].filter((p): p is string => typeof p === 'string') : []
  const window = parseWindowState(o['window'])
  const n = o['searchesAtOnce']
  const searches = typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 1024 ? { searchesAtOnce: n } : {}
  return window ? { window, recent, ...searches } : { recent, ...searches }
}

export interface SettingsIo {
  read(): Promise<string | undefined>
  write(text: string): Promise<void>
  /** A write failed (logged by the app). */
  onError(e: unknown): void
}

/** The settings in memory, written back after each change (one write at a time, the latest wins). */
export class SettingsStore {
  private writing: Promise<void> = Promise.resolve()
  private pending = false

  private constructor(
    private current: Settings,
    private readonly io: SettingsIo,
  ) {}

  static async load(io: SettingsIo): Promise<SettingsStore> {
    let text: string | undefined
    try {
      text = await io.read()
    } catch {
      text = undefined
    }
    return new SettingsStore(parseSettings(text), io)
  }

  get value(): Settings {
    return this.current
  }

  update(change: Partial<Settings>): Promise<void> {
    this.current = { ...this.current, ...change }
    if (this.pending) return this.writing
    this.pending = true
    this.writing = this.writing.then(async () => {
      this.pending = false
      try {
        await this.io.write(JSON.stringify(this.current, null, 2) + '\n')
      } catch (e) {
        this.io.onError(e)
      }
    })
    return this.writing
  }

  /** Wait for writes in flight (before quitting). */
  flush(): Promise<void> {
    return this.writing
  }
}
