/**
 * The renderer's side of IPC, derived from the API object: each request becomes an
 * `ipcRenderer.invoke` on its channel, each event a listener subscription that can be removed.
 * Kept apart from index.ts so that it is tested without Electron.
 */
import { API, type ApiName, type HalmaApi } from './api'

/** The part of ipcRenderer the bridge uses. */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

export function makeBridge(ipc: RendererIpc): HalmaApi {
  const api: Record<string, unknown> = {}
  for (const name of Object.keys(API) as ApiName[]) {
    const spec = API[name]
    if (spec.kind === 'invoke') {
      api[name] = (...args: unknown[]) => ipc.invoke(spec.channel, ...args)
    } else {
      api[name] = (listener: (payload: unknown) => void) => {
        // The IPC event object stays here: it carries the sender, which the page must not see.
        const relay = (_event: unknown, payload: unknown): void => listener(payload)
        ipc.on(spec.channel, relay)
        return () => void ipc.removeListener(spec.channel, relay)
      }
    }
  }
  return api as HalmaApi
}
