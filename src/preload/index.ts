// Preload (CommonJS, sandboxed): expose the typed API to the renderer through contextBridge.
import { contextBridge, ipcRenderer } from 'electron'
import { makeBridge } from './bridge'

contextBridge.exposeInMainWorld('halma', makeBridge(ipcRenderer))
