// The fuzz suite (issue 31): generated command lines of every command, damaged documents of every
// kind, autosave records and checkpoint manifests, each case run in a child process within a
// deadline. Every case must end in a named error or a valid result: no crash (a stack trace, a
// JavaScript fault, zod's raw words), no hang, no wrong acceptance. CI runs FUZZ_RUNS cases of each
// kind (default 150: under two minutes on two cores); `npm run fuzz` runs 2,000 of each and writes
// the counts to bench/results (FUZZ_REPORT).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { failures, fuzz, HEADER, row, type Tally } from './harness'
import { checkpointBase, checkpointKind, KINDS, tablebaseBase, tablebaseKind } from './kinds'

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150)
/** Resumes run a search each (a few tenths of a second). */
const CHECKPOINT_RUNS = Number(process.env['FUZZ_CHECKPOINT_RUNS'] ?? RUNS)
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261126)
const tallies: Tally[] = []

afterAll(() => {
  const report = process.env['FUZZ_REPORT']
  const table = [HEADER, ...tallies.map(row)].map((r) => `| ${r.join(' | ')} |`)
  table.splice(1, 0, `|${HEADER.map(() => ' --- ').join('|')}|`)
  const text = [
    `# Fuzz run: ${tallies.reduce((n, t) => n + t.cases, 0).toLocaleString('en-US')} cases, seed ${SEED}`,
    '',
    `\`FUZZ_RUNS=${RUNS} FUZZ_CHECKPOINT_RUNS=${CHECKPOINT_RUNS} FUZZ_SEED=${SEED} npx vitest run tests/fuzz\` (npm run fuzz), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
    '',
    ...table,
    '',
    ...tallies.filter((t) => failures(t) !== '').map((t) => `## ${t.kind}: what went wrong\n\n\`\`\`\n${failures(t, 20)}\n\`\`\`\n`),
  ].join('\n')
  if (report) {
    mkdirSync(dirname(report), { recursive: true })
    writeFileSync(report, `${text}\n`)
  }
  // The table here; what went wrong is in the failing test's message (and the report).
  process.stdout.write(`${table.join('\n')}\n`)
})

describe('fuzz: every case ends in a named error or a valid result', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: ${RUNS} cases`, { timeout: RUNS * 2_000 + 60_000 }, async () => {
      const t = await fuzz(kind.name, kind.arbitrary, RUNS, SEED, kind.deadline)
      tallies.push(t)
      expect(t.crashes.length + t.hangs.length + t.wrongAcceptances.length, failures(t)).toBe(0)
    })
  }

  it(`tablebase tables: ${RUNS} probes`, { timeout: RUNS * 2_000 + 60_000 }, async () => {
    const base = tablebaseBase()
    const kind = tablebaseKind(base)
    const t = await fuzz(kind.name, kind.arbitrary, RUNS, SEED, kind.deadline).finally(() =>
      rmSync(dirname(base.folder), { recursive: true, force: true }),
    )
    tallies.push(t)
    expect(t.crashes.length + t.hangs.length + t.wrongAcceptances.length, failures(t)).toBe(0)
  })

  it(`checkpoint manifests: ${CHECKPOINT_RUNS} resumes`, { timeout: CHECKPOINT_RUNS * 5_000 + 60_000 }, async () => {
    const base = checkpointBase()
    const kind = checkpointKind(base)
    const t = await fuzz(kind.name, kind.arbitrary, CHECKPOINT_RUNS, SEED, kind.deadline).finally(() =>
      rmSync(dirname(base.folder), { recursive: true, force: true }),
    )
    tallies.push(t)
    expect(t.crashes.length + t.hangs.length + t.wrongAcceptances.length, failures(t)).toBe(0)
  })
})
