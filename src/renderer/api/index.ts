/**
 * The renderer's one way to its host: the typed API (src/preload/api.ts), implemented by Electron
 * IPC (window.halma, exposed by the preload) or, in a browser, by web.ts (Web Workers and
 * downloads). Chosen once at startup by the presence of window.halma.
 */
import type { HalmaApi, HostInfo } from '../../preload/api'

let current: { api: HalmaApi; info: HostInfo } | undefined

export async function connect(): Promise<{ api: HalmaApi; info: HostInfo }> {
  const api = window.halma ?? (await import('./web')).webApi()
  const info = await api.info()
  current = { api, info }
  return current
}

/** Set the API directly (tests). */
export function useHostApi(api: HalmaApi, info: HostInfo): void {
  current = { api, info }
}

export function api(): HalmaApi {
  if (!current) throw new Error('the host API is not connected yet')
  return current.api
}

export function hostInfo(): HostInfo {
  if (!current) throw new Error('the host API is not connected yet')
  return current.info
}
