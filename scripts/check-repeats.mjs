#!/usr/bin/env node
// Repeated blocks in a folder (src/renderer by default): every run of six or more lines that stands
// twice, in one file or in two, compared with their indentation and blank lines left out. It is the
// in-repository half of the renderer's rule "no repeated block of six lines" (docs/WORKBENCH.md,
// "Keeping the renderer one copy"); it sees identical lines only, not blocks alike but for their
// names, which a review (or a clone detector that compares shapes) has to catch.
//
//   node scripts/check-repeats.mjs [folder] [--min N]
//
// Exit 1 and a list of the places when there is a repeat; exit 0 and "no repeated block" otherwise.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const args = process.argv.slice(2)
const minAt = args.indexOf('--min')
const MIN = minAt >= 0 ? Number(args[minAt + 1]) : 6
const root = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--min') ?? 'src/renderer'
const EXTENSIONS = ['.ts', '.vue', '.css']

/** Lines that say nothing on their own: a run of them is no repeat worth a name. */
const THIN = /^[\s{}()[\]<>/;,]*$|^<\/?(template|div|span|label|p|section|li|ul|ol|form|fieldset)>$|^(import|export) .* from /

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return EXTENSIONS.some((e) => name.endsWith(e)) ? [path] : []
  })
}

/** A file's lines worth comparing, each with its line number. */
function linesOf(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((text, k) => ({ text: text.trim(), line: k + 1 }))
    .filter((l) => l.text !== '')
}

// Every window of MIN lines, by its text; a window counts when it is not all thin lines.
const seen = new Map()
for (const path of files(root)) {
  const lines = linesOf(path)
  for (let k = 0; k + MIN <= lines.length; k++) {
    const window = lines.slice(k, k + MIN)
    if (window.filter((l) => !THIN.test(l.text)).length < 3) continue
    const key = window.map((l) => l.text).join('\n')
    const at = { file: relative(root, path), from: window[0].line, to: window[MIN - 1].line }
    const list = seen.get(key)
    // A window that overlaps the previous place in the same file is one block, not a repeat.
    if (list?.some((p) => p.file === at.file && at.from <= p.to)) continue
    if (list) list.push(at)
    else seen.set(key, [at])
  }
}

const repeats = [...seen.values()].filter((places) => places.length > 1)
if (repeats.length === 0) {
  console.log(`no repeated block of ${MIN} lines in ${root}`)
  process.exit(0)
}
for (const places of repeats) console.log(places.map((p) => `${p.file}:${p.from}-${p.to}`).join(' ~ '))
console.log(`${repeats.length} repeated block(s) of ${MIN} lines in ${root}`)
process.exit(1)
