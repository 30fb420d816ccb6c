// Bundle the command-line tool and the engine's expansion threads into out/cli with esbuild.
// Runs on `npm install` (prepare), before the tests, and in `npm run build`.
import { build } from 'esbuild'

const entryPoints = {
  halma: 'src/cli/index.ts',
  // Expansion threads of the search engine, started by the CLI with worker_threads.
  'expansion-worker': 'src/hosts/node/expansion-worker.ts',
  // Search threads of the playing engine (halma engine, halma match).
  'play-worker': 'src/hosts/node/play-worker.ts',
  // The army commands' integer programs (HiGHS blocks its thread), started with worker_threads.
  'army-worker': 'src/cli/army-worker.ts',
  // A farm task's thread (halma worker): the worker's own thread stays free to renew its lock.
  'farm-task-worker': 'src/hosts/node/farm-task-worker.ts',
}

await build({
  entryPoints,
  outdir: 'out/cli',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // HiGHS loads its WebAssembly from beside its own script: it stays in node_modules.
  external: ['highs'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
})
