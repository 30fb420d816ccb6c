/**
 * The fuzz suite's parent side: cases from fast-check (a fixed seed, so a failure can be run
 * again), each sent to a runner child process (runner.ts) and given a deadline; a runner that does
 * not answer in time is killed and replaced, and the case counts as a hang. Each outcome is judged
 * against the case's label (cases.ts) and counted.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import fc from 'fast-check'
import type { FuzzCase, FuzzOutcome, Labeled } from './cases'

const RUNNER = join(import.meta.dirname, 'runner.ts')

/** One runner process, replaced when it hangs or dies. */
export class Runner {
  private child: { readonly process: ChildProcess; readonly ready: Promise<void>; readonly waiting: Map<number, (o: FuzzOutcome) => void> } | undefined
  private next = 1
  /** Why a runner could not start (it died while loading): every case then fails at once, not hangs. */
  private broken: string | undefined
  /** The end of the runner's stderr, for a runner that dies while loading. */
  private stderr = ''

  private start(): NonNullable<Runner['child']> {
    const child = fork(RUNNER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' })
    // What a case writes to stderr by itself (progress lines of a resumed search) is not looked at.
    child.stderr?.on('data', (d: Buffer) => void (this.stderr = (this.stderr + d.toString()).slice(-800)))
    const waiting = new Map<number, (o: FuzzOutcome) => void>()
    // The clock of a case starts once the runner has loaded (loading is not the case's time).
    const ready = new Promise<void>((resolve) => {
      child.once('message', () => resolve())
      child.once('exit', () => resolve())
    })
    child.on('message', (m: { id?: number; o?: FuzzOutcome }) => {
      if (m.id === undefined || !m.o) return
      const done = waiting.get(m.id)
      waiting.delete(m.id)
      done?.(m.o)
    })
    // Only this runner's own cases are lost with it.
    child.on('exit', (code, signal) => {
      for (const done of waiting.values()) done({ verdict: 'crash', detail: `the runner process died (${signal ?? `exit status ${code}`})` })
      waiting.clear()
      if (this.child?.process === child) this.child = undefined
    })
    return { process: child, ready, waiting }
  }

  async run(c: FuzzCase, deadlineMs: number): Promise<FuzzOutcome | 'hang'> {
    if (this.broken) return { verdict: 'crash', detail: this.broken }
    const child = (this.child ??= this.start())
    await child.ready
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      this.broken = `the runner process ended while loading: ${this.stderr.trim()}`
      return { verdict: 'crash', detail: this.broken }
    }
    const id = this.next++
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.waiting.delete(id)
        if (this.child === child) this.child = undefined
        child.process.kill('SIGKILL')
        resolve('hang')
      }, deadlineMs)
      child.waiting.set(id, (o) => {
        clearTimeout(timer)
        resolve(o)
      })
      child.process.send({ id, c })
    })
  }

  close(): void {
    this.child?.process.kill()
    this.child = undefined
  }
}

/** A case that went wrong, with how to see it again. */
export interface Failure {
  readonly what: string
  readonly case: FuzzCase
  readonly detail: string
}

export interface Tally {
  readonly kind: string
  readonly seed: number
  cases: number
  /** By label. */
  valid: number
  invalid: number
  either: number
  /** By outcome. */
  named: number
  result: number
  accepted: number
  readonly crashes: Failure[]
  readonly hangs: Failure[]
  /** Taken when it should have been refused (or a resume giving another result). */
  readonly wrongAcceptances: Failure[]
  /** Refused when it was made valid: a fault of the generator or of the program, reported. */
  readonly wrongRefusals: Failure[]
  seconds: number
}

const short = (c: FuzzCase): FuzzCase =>
  'text' in c && c.text.length > 2000 ? { ...c, text: `${c.text.slice(0, 2000)}... (${c.text.length} characters)` } : c

/** Run `runs` cases of `arb` (seeded), each within `deadlineMs`, and count how they ended. */
export async function fuzz(
  kind: string,
  arb: fc.Arbitrary<Labeled>,
  runs: number,
  seed: number,
  deadlineMs: number,
  runner = new Runner(),
): Promise<Tally> {
  const t: Tally = {
    kind,
    seed,
    cases: 0,
    valid: 0,
    invalid: 0,
    either: 0,
    named: 0,
    result: 0,
    accepted: 0,
    crashes: [],
    hangs: [],
    wrongAcceptances: [],
    wrongRefusals: [],
    seconds: 0,
  }
  const t0 = performance.now()
  try {
    for (const l of fc.sample(arb, { numRuns: runs, seed })) {
      t.cases++
      t[l.expect]++
      const o = await runner.run(l.c, deadlineMs)
      const failure = (detail: string): Failure => ({ what: l.what, case: short(l.c), detail })
      if (o === 'hang') {
        t.hangs.push(failure(`no answer in ${deadlineMs / 1000} s`))
        continue
      }
      if (o.verdict === 'crash') {
        t.crashes.push(failure(o.detail))
        continue
      }
      const wrong = (detail: string): void => void t.wrongAcceptances.push(failure(detail))
      if (o.verdict === 'wrong') {
        wrong(o.detail)
        continue
      }
      t[o.verdict]++
      if (l.expect === 'invalid' && o.verdict !== 'named')
        wrong(`taken (${o.verdict}${o.code !== undefined ? `, exit ${o.code}` : ''}): ${o.detail}`)
      if (l.expect === 'valid' && o.verdict === 'named') t.wrongRefusals.push(failure(o.detail))
    }
  } finally {
    runner.close()
  }
  t.seconds = (performance.now() - t0) / 1000
  return t
}

/** A tally as one row of the report's table. */
export function row(t: Tally): string[] {
  return [
    t.kind,
    String(t.cases),
    `${t.valid} / ${t.invalid} / ${t.either}`,
    `${t.result + t.accepted} / ${t.named}`,
    String(t.crashes.length),
    String(t.hangs.length),
    String(t.wrongAcceptances.length),
    String(t.wrongRefusals.length),
    t.seconds.toFixed(1),
  ]
}

export const HEADER = [
  'kind',
  'cases',
  'made valid / damaged / either',
  'taken / refused by name',
  'crashes',
  'hangs',
  'wrong acceptances',
  'wrong refusals',
  'seconds',
]

/** The failures of a tally, a few of each, for a message or the report. */
export function failures(t: Tally, most = 5): string {
  const list = (name: string, fs: readonly Failure[]): string[] =>
    fs.slice(0, most).map((f) => `${name}: ${f.what}\n  case: ${JSON.stringify(f.case).slice(0, 600)}\n  ${f.detail.slice(0, 800)}`)
  return [
    ...list('crash', t.crashes),
    ...list('hang', t.hangs),
    ...list('wrong acceptance', t.wrongAcceptances),
    ...list('wrong refusal', t.wrongRefusals),
  ].join('\n')
}
