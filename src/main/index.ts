// The Electron main process: one secure window running the renderer.
import { app, BrowserWindow, ipcMain } from 'electron'
import { join } from 'node:path'
import { CHANNELS, type HostInfo } from '../preload/api'

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 860,
    title: 'Halma Workbench',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    },
  })
  const devUrl = process.env['ELECTRON_RENDERER_URL']
  if (devUrl) void win.loadURL(devUrl)
  else void win.loadFile(join(import.meta.dirname, '../renderer/index.html'))
  return win
}

ipcMain.handle(CHANNELS.info, (): HostInfo => ({ host: 'electron', version: app.getVersion() }))

void app.whenReady().then(() => {
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
