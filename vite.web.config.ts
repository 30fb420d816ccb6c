// The browser build of the workbench: the same renderer, served with cross-origin isolation so
// that the engine can share memory between Web Workers (SharedArrayBuffer).
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}

export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [vue()],
  build: { outDir: '../../out/web', emptyOutDir: true },
  server: { headers: isolation, port: 5173 },
  preview: { headers: isolation, port: 4173 },
})
