// electron-vite: the main process (ESM), the preload (CommonJS, for the sandbox) and the renderer.
// The job process and the expansion threads are bundled as their own entries through the main
// process's `?modulePath` imports (src/main/index.ts).
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import { resolve } from 'node:path'

export default defineConfig({
  main: {
    build: { outDir: 'out/main', rollupOptions: { input: { index: resolve('src/main/index.ts') } } },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [vue()],
    // Module workers: the browser host's job worker starts expansion workers of its own.
    worker: { format: 'es' },
    build: { outDir: 'out/renderer', rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
  },
})
