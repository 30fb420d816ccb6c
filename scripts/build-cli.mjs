// Bundle the command-line tool (and, later, its engine workers) into out/cli with esbuild.
// Runs on `npm install` (prepare), before the tests, and in `npm run build`.
import { build } from 'esbuild'
import { existsSync } from 'node:fs'

const entryPoints = { halma: 'src/cli/index.ts' }
if (existsSync('src/cli/engine-worker.ts')) entryPoints['engine-worker'] = 'src/cli/engine-worker.ts'

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
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
})
