// The web page's bundle holds no search code: the engine runs only in the job and expansion Web
// Workers. Checked on the built page (out/web) by names that only search code has; the job
// worker's chunk must hold them (so the check can fail), the page's chunks must not. The page may
// hold the rules' move generator (packed/space.ts: the playing engine's positions on the page use
// it), so the markers are names of the searches themselves: the forced-move witness's fields
// (game/forced-move.ts), not the generator's methods. The playing engine's Web Worker (play-worker)
// is a worker: its search runs there.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = join(import.meta.dirname, '../out/web/assets')
const MARKERS = ['expandRange', 'witRung', 'rungMark', 'splitFeatures', 'no predecessor at level', 'memory budget exceeded']
const files = readdirSync(dir).filter((f) => f.endsWith('.js'))
const workers = files.filter((f) => /(job|expansion|army|play)-worker/.test(f))
const page = files.filter((f) => !workers.includes(f))
const text = (f) => readFileSync(join(dir, f), 'utf8')
const jobWorker = workers
  .filter((f) => f.startsWith('job-worker'))
  .map(text)
  .join('\n')
const missing = MARKERS.filter((m) => !jobWorker.includes(m))
if (missing.length > 0) throw new Error(`check-bundle: the job worker lacks ${missing.join(', ')}: the markers are stale`)
const leaks = page.flatMap((f) => MARKERS.filter((m) => text(f).includes(m)).map((m) => `${f}: ${m}`))
if (leaks.length > 0) throw new Error(`check-bundle: search code in the page bundle:\n  ${leaks.join('\n  ')}`)
console.log(`check-bundle: the page (${page.join(', ')}) holds no search code; the workers do (${workers.join(', ')})`)
