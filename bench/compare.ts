/**
 * `npx tsx bench/compare.ts BEFORE.out AFTER.out [label-before] [label-after]`: two outputs of
 * bench:table3 or bench:table2 (their printed tables) side by side, row by row, with the ratio of
 * the seconds (after / before). For refactorings that must not change the speed (issue 15: within
 * 10 % per row).
 */
import { readFileSync } from 'node:fs'

const [beforeFile, afterFile, beforeLabel = 'before', afterLabel = 'after'] = process.argv.slice(2)
if (!beforeFile || !afterFile) throw new Error('usage: tsx bench/compare.ts BEFORE.out AFTER.out [label-before] [label-after]')

/** The table a bench printed last: its header and rows split on runs of two or more spaces. */
function table(file: string): { head: string[]; rows: string[][] } {
  const lines = readFileSync(file, 'utf8').split('\n')
  let at = -1
  lines.forEach((l, i) => {
    if (/\bseconds\b/.test(l) && /\bfound\b/.test(l)) at = i
  })
  if (at < 0) throw new Error(`${file}: no table with a seconds column`)
  const split = (l: string) => l.trim().split(/\s{2,}/)
  const head = split(lines[at]!)
  const rows: string[][] = []
  for (const l of lines.slice(at + 1)) {
    if (l.trim() === '' || l.startsWith('```')) break
    rows.push(split(l))
  }
  return { head, rows }
}

const a = table(beforeFile)
const b = table(afterFile)
const secs = a.head.indexOf('seconds')
const key = (r: string[]): string => r.slice(0, secs - (a.head.length - r.length)).join(' ')
const out: string[] = []
out.push(`| row | found ${beforeLabel} | found ${afterLabel} | s ${beforeLabel} | s ${afterLabel} | after / before |`)
out.push('|---|---|---|---|---|---|')
let worst = 0
for (const r of a.rows) {
  const s = b.rows.find((x) => x.slice(0, 3).join(' ') === r.slice(0, 3).join(' '))
  if (!s) continue
  const found = a.head.indexOf('found')
  const t0 = Number(r[r.length - (a.head.length - secs)])
  const t1 = Number(s[s.length - (b.head.length - b.head.indexOf('seconds'))])
  const ratio = t1 / t0
  worst = Math.max(worst, ratio)
  out.push(`| ${r.slice(0, 3).join(' ')} | ${r[found]} | ${s[found]} | ${t0.toFixed(1)} | ${t1.toFixed(1)} | ${ratio.toFixed(2)} |`)
}
void key
console.log(out.join('\n'))
console.log(`\nlargest ratio: ${worst.toFixed(2)}`)
