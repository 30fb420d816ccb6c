// The Electron main process's entry: where the bundles are, then the app (app.ts).
// `?modulePath` makes electron-vite bundle the job process and the expansion threads as their own
// entries and gives their paths, for utilityProcess.fork and worker_threads.
import jobScript from '../hosts/node/job-process?modulePath'
import expansionScript from '../hosts/node/expansion-worker?modulePath'
import { join } from 'node:path'
import { startApp } from './app'

const devUrl = process.env['ELECTRON_RENDERER_URL']
startApp({
  scripts: { job: jobScript, expansion: expansionScript },
  preload: join(import.meta.dirname, '../preload/index.cjs'),
  renderer: devUrl ? { url: devUrl } : { file: join(import.meta.dirname, '../renderer/index.html') },
})
