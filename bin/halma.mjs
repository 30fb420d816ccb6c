#!/usr/bin/env node
// The `halma` command. The TypeScript sources are bundled into out/cli by `npm install`
// (the prepare script) or `npm run build:cli`.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const bundle = fileURLToPath(new URL('../out/cli/halma.mjs', import.meta.url))
if (!existsSync(bundle)) {
  process.stderr.write('halma: the command-line tool is not built yet; run `npm run build:cli` (or `npm install`)\n')
  process.exit(70)
}
await import(bundle)
