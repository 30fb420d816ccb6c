/**
 * The typed surface between the renderer and the host (Electron main process or the browser's
 * own implementation). One object type defines it; channels are named `domain:verb`.
 */

/** What the host tells the renderer about itself. */
export interface HostInfo {
  /** `electron` or `web`. */
  readonly host: 'electron' | 'web'
  readonly version: string
}

export interface HalmaApi {
  /** `app:info` */
  info(): Promise<HostInfo>
}

/** IPC channel names, derived from the API's methods. */
export const CHANNELS = { info: 'app:info' } as const satisfies Record<keyof HalmaApi, string>

declare global {
  interface Window {
    /** Present in Electron, exposed by the preload script through contextBridge. */
    halma?: HalmaApi
  }
}
