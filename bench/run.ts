/**
 * Benchmarks, printed as a table. `npm run bench` runs them all; `npm run bench -- <name>` one;
 * options after the names (`--cli PATH`, `--label X`) go to the suites that take them (proof.ts:
 * proof, proof15).
 * Performance is shown here, never asserted by timed unit tests.
 */
import { cpus, totalmem } from 'node:os'
import { benchCore } from './core'
import { benchProof } from './proof'

const args = process.argv.slice(2)
const firstOption = args.findIndex((a) => a.startsWith('--'))
const wanted = firstOption < 0 ? args : args.slice(0, firstOption)
const rest = firstOption < 0 ? [] : args.slice(firstOption)

const suites: Record<string, () => Promise<string> | string> = {
  core: benchCore,
  proof: () => benchProof(rest, 'proof'),
  proof15: () => benchProof(rest, 'proof15'),
}

const names = wanted.length > 0 ? wanted : Object.keys(suites)
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}\n`)
for (const name of names) {
  const run = suites[name]
  if (!run) {
    console.error(`unknown benchmark '${name}' (known: ${Object.keys(suites).join(', ')})`)
    process.exit(2)
  }
  console.log(`== ${name}`)
  console.log(await run())
  console.log()
}
