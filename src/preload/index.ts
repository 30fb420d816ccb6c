// Preload (CommonJS, sandboxed): expose the typed API to the renderer through contextBridge.
import { contextBridge, ipcRenderer } from 'electron'
import { CHANNELS, type HalmaApi } from './api'

const api: HalmaApi = {
  info: () => ipcRenderer.invoke(CHANNELS.info),
}

contextBridge.exposeInMainWorld('halma', api)
