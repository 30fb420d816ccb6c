// The browser build of the workbench: the same renderer, served with cross-origin isolation so
// that the engine can share memory between Web Workers (SharedArrayBuffer).
import vue from '@vitejs/plugin-vue'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [vue()],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  // Module workers: the job worker starts expansion workers of its own.
  worker: { format: 'es' },
  build: { outDir: '../../out/web', emptyOutDir: true },
  server: { headers: isolation, port: 5173 },
  preview: { headers: isolation, port: 4173 },
})
