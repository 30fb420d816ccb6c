/**
 * The fuzz suite's case runner: a child process (forked by harness.ts, TypeScript through tsx)
 * that runs one generated case at a time in-process and answers how it ended. The parent holds the
 * clock: a case that does not answer in time is a hang, and the child is killed and replaced, so
 * every case is bounded in time whatever it does.
 *
 * How a case ends:
 * - `named`: refused with a named error (exit status 2 or 3 and a message; a Diagnostic; an Error
 *   naming the document);
 * - `result`: accepted and worked on (exit status 0 or 1; a document loaded, printed and loaded
 *   again to the same);
 * - `accepted`: a search command whose checked job reached the engine (the engine is stopped
 *   there: the fuzz tests the checking, not the searches, which the benchmarks time);
 * - `crash`: anything else (an exception that is not the program's own refusal, a document that
 *   loads but does not print back to itself, a message with a stack trace or zod's raw words).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli/main'
import { runEngine } from '../../src/cli/engine'
import { Engine } from '../../src/shared/engine/engine'
import { parseJobRequest } from '../../src/shared/jobs/protocol'
import { formatDocument, parseDocument } from '../../src/shared/halma/document'
import { checkVariations } from '../../src/shared/halma/solution-tree'
import { verify } from '../../src/shared/halma/verify'
import { formatArmyDocument, parseArmyDocument } from '../../src/shared/army/document'
import { verifyArmy } from '../../src/shared/army/solution'
import { GEOMETRIES } from '../../src/shared/army/geometry'
import { parsePlayersDocument, verifyDocument } from '../../src/shared/players/document'
import type { FuzzCase, FuzzOutcome } from './cases'

/** Thrown in place of running a search: the job was checked and reached the engine. */
class FuzzStop extends Error {
  constructor(readonly job: unknown) {
    super('fuzz: the job reached the engine')
  }
}

/** The engine's own start, for the resumes of checkpoints (they run for real). */
const realStart = Engine.prototype.start
/** The whole standard output of the last command line (the outcome keeps a part). */
let fullOut = ''

const stoppedStart: typeof realStart = function start(job) {
  const checked = parseJobRequest(job)
  if (!checked.ok) throw new Error(`the engine was given a job that does not check: ${JSON.stringify(checked.error)}`)
  const result = Promise.reject(new FuzzStop(job))
  result.catch(() => undefined)
  return { result, cancel: () => undefined }
}
Engine.prototype.start = stoppedStart

/** Words that must not reach a user: a stack trace, zod's raw wording, a JavaScript fault's. */
const RAW =
  /\n\s+at \S|Invalid input|Too small:|Too big:|expected string|expected number|\[object Object\]|is not a function|Cannot read properties|Maximum call stack|internal error/

function messageFault(text: string): string | undefined {
  const m = RAW.exec(text)
  return m ? `the message holds "${m[0].trim()}"` : undefined
}

async function runCli(argv: readonly string[], stdin?: string): Promise<FuzzOutcome> {
  const out: string[] = []
  const err: string[] = []
  let code: number
  try {
    code = await main([...argv], { out: (t) => void out.push(t), err: (t) => void err.push(t), stdin: () => stdin, tty: false })
  } catch (e) {
    if (e instanceof FuzzStop) return { verdict: 'accepted', detail: JSON.stringify(e.job).slice(0, 300) }
    return { verdict: 'crash', detail: e instanceof Error ? (e.stack ?? e.message) : String(e) }
  }
  const errText = err.join('\n')
  const outText = out.join('\n')
  fullOut = outText
  if (code === 2 || code === 3) {
    if (errText.trim() === '') return { verdict: 'crash', code, detail: 'refused without a message' }
    const bad = messageFault(errText)
    if (bad) return { verdict: 'crash', code, detail: `${bad}: ${errText.slice(0, 400)}` }
    return { verdict: 'named', code, detail: errText.slice(0, 300) }
  }
  if (code === 0 || code === 1) {
    const bad = messageFault(outText + errText)
    if (bad) return { verdict: 'crash', code, detail: `${bad}: ${(outText + errText).slice(0, 400)}` }
    return { verdict: 'result', code, detail: outText.slice(0, 200) }
  }
  return { verdict: 'crash', code, detail: `exit status ${code}: ${errText.slice(0, 300)}` }
}

/** A thrown Error the parsers mean (an Error naming the document), not a JavaScript fault. */
function named(e: unknown, where: string): FuzzOutcome {
  if (e instanceof Error && e.constructor === Error && e.message.startsWith(`${where}: `)) {
    const bad = messageFault(e.message)
    return bad ? { verdict: 'crash', detail: `${bad}: ${e.message.slice(0, 300)}` } : { verdict: 'named', detail: e.message.slice(0, 300) }
  }
  return { verdict: 'crash', detail: e instanceof Error ? (e.stack ?? e.message) : String(e) }
}

function halmaDocument(text: string): FuzzOutcome {
  const r = parseDocument(text)
  if (!r.ok) {
    const bad = r.error.find((d) => typeof d.code !== 'string' || d.message.trim() === '' || messageFault(d.message))
    return bad
      ? { verdict: 'crash', detail: `a fault badly named: ${JSON.stringify(bad)}` }
      : {
          verdict: 'named',
          detail: r.error
            .map((d) => `${d.at ?? ''}: ${d.message}`)
            .join('; ')
            .slice(0, 300),
        }
  }
  for (const s of r.value.solutions) {
    verify(r.value.problem, s.solution)
    checkVariations(r.value.problem, s.tree)
  }
  const again = parseDocument(formatDocument(r.value))
  if (!again.ok)
    return { verdict: 'crash', detail: `loaded, but its printed form does not load: ${JSON.stringify(again.error).slice(0, 300)}` }
  if (formatDocument(again.value) !== formatDocument(r.value))
    return { verdict: 'crash', detail: 'loaded, but does not print back to itself' }
  return { verdict: 'result', detail: `${r.value.problem.kind}, ${r.value.solutions.length} solutions` }
}

function armyDocument(text: string): FuzzOutcome {
  let doc
  try {
    doc = parseArmyDocument(text, 'fuzz.army.json')
  } catch (e) {
    return named(e, 'fuzz.army.json')
  }
  verifyArmy(GEOMETRIES[doc.type], doc.window, doc.army, doc.moves, doc.board)
  const printed = formatArmyDocument(doc)
  try {
    if (formatArmyDocument(parseArmyDocument(printed, 'again')) !== printed)
      return { verdict: 'crash', detail: 'loaded, but does not print back to itself' }
  } catch (e) {
    return { verdict: 'crash', detail: `loaded, but its printed form does not load: ${(e as Error).message}` }
  }
  return { verdict: 'result', detail: `${doc.type}, ${doc.army.length} men` }
}

function playersDocument(text: string): FuzzOutcome {
  let doc
  try {
    doc = parsePlayersDocument(text, 'fuzz.players.json')
  } catch (e) {
    return named(e, 'fuzz.players.json')
  }
  const verdicts = verifyDocument(doc)
  const bad = verdicts.find((v) => !v.verdict.ok && messageFault(v.verdict.error ?? ''))
  if (bad) return { verdict: 'crash', detail: `a line's fault badly named: ${bad.verdict.error}` }
  return { verdict: 'result', detail: `${doc.game.id}, ${verdicts.filter((v) => v.verdict.ok).length}/${verdicts.length} lines valid` }
}

async function session(text: string): Promise<FuzzOutcome> {
  // Loaded only for these cases: the session reaches the renderer's kinds, some of which load files
  // through the bundler (import.meta.glob), which this process (tsx) cannot; the other kinds go on.
  const { formatSession, parseSession } = await import('../../src/renderer/state/session')
  const r = parseSession(text)
  if (!r.ok) {
    const bad = messageFault(r.error.message)
    return bad
      ? { verdict: 'crash', detail: `${bad}: ${r.error.message.slice(0, 300)}` }
      : { verdict: 'named', detail: r.error.message.slice(0, 300) }
  }
  const printed = formatSession(r.value, r.value.savedAt)
  const again = parseSession(printed)
  if (!again.ok) return { verdict: 'crash', detail: `restored, but its printed form does not restore: ${again.error.message}` }
  return { verdict: 'result', detail: `restored at move ${r.value.ply}` }
}

/**
 * A session of protocol lines sent to `halma engine` (search threads as on the command line):
 * every bad line answered by a named error (`info string error <code>: <message>`), the engine
 * going on; each `go` before `quit` answered by `bestmove` or by a named fault of the `go`.
 */
async function engineSession(lines: readonly string[]): Promise<FuzzOutcome> {
  const out: string[] = []
  const io = { out: (t: string) => void out.push(...t.split('\n')), err: (t: string) => void out.push(t), stdin: () => undefined, tty: false }
  async function* input(): AsyncIterable<string> {
    yield* lines
  }
  let code: number
  try {
    code = await runEngine([], io, input())
  } catch (e) {
    return { verdict: 'crash', detail: e instanceof Error ? (e.stack ?? e.message) : String(e) }
  }
  const text = out.join('\n')
  const bad = messageFault(text)
  if (bad) return { verdict: 'crash', code, detail: `${bad}: ${text.slice(0, 400)}` }
  const errors = out.filter((l) => l.startsWith('info string error'))
  const unnamed = errors.find((l) => !/^info string error [a-z]+(\.[a-z_-]+)+: \S/.test(l))
  if (unnamed) return { verdict: 'crash', code, detail: `an error without a code and a message: ${unnamed.slice(0, 300)}` }
  const read = lines.map((l) => l.trim().split(/\s+/)[0])
  const quit = read.indexOf('quit')
  const goes = (quit < 0 ? read : read.slice(0, quit)).filter((w) => w === 'go').length
  const answered = out.filter((l) => l.startsWith('bestmove')).length + errors.filter((l) => l.startsWith('info string error go.')).length
  if (answered !== goes) return { verdict: 'crash', code, detail: `${goes} go, ${answered} answered (bestmove or a named fault): ${text.slice(-300)}` }
  return errors.length > 0 ? { verdict: 'named', code, detail: errors.join('; ').slice(0, 300) } : { verdict: 'result', code, detail: `${goes} searches` }
}

/** A checkpoint's folder with the manifest replaced, resumed by the command line. */
async function checkpoint(folder: string, manifest: string, argv: readonly string[], expected: string): Promise<FuzzOutcome> {
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'halma-fuzz-resume-'))
  try {
    cpSync(folder, dir, { recursive: true })
    writeFileSync(join(dir, 'checkpoint.json'), manifest)
    // The engine runs for real here: a resume is the thing checked.
    Engine.prototype.start = realStart
    const o = await runCli([...argv, '--json', '--resume', dir])
    // A resume that ends (exit 0) but prints words it should not has resumed to another result.
    if (o.verdict === 'crash' && o.code === 0) return { verdict: 'wrong', code: 0, detail: `resumed to another result: ${o.detail}` }
    if (o.verdict !== 'result') return o
    if (o.code !== 0) return { verdict: 'wrong', code: o.code, detail: `resumed to exit status ${o.code}, where the search found a game` }
    const statement = (JSON.parse(fullOut) as { proof: { statement: string } }).proof.statement
    return statement === expected ? o : { verdict: 'wrong', detail: `resumed to another result: ${statement.slice(0, 300)}` }
  } finally {
    Engine.prototype.start = stoppedStart
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A table's folder with its header replaced and bytes flipped, probed by the command line. A table
 * that is probed (exit 0) must also pass `verify`: a damage probing missed is a wrong acceptance
 * there (exit 1 from verify on a table the probe took).
 */
async function tablebase(c: Extract<FuzzCase, { kind: 'tablebase' }>): Promise<FuzzOutcome> {
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'halma-fuzz-table-'))
  try {
    cpSync(c.folder, dir, { recursive: true })
    writeFileSync(join(dir, 'table.json'), c.text)
    for (const f of c.flips) {
      const path = join(dir, f.file)
      const bytes = readFileSync(path)
      bytes[f.at] = bytes[f.at]! ^ f.mask
      writeFileSync(path, bytes)
    }
    const o = await runCli(['tablebase', 'probe', '--table', dir, '--position', c.position, '--line', '--json'])
    if (o.verdict !== 'result' || o.code !== 0) return o
    const v = await runCli(['tablebase', 'verify', '--table', dir, '--json'])
    if (v.verdict === 'result' && v.code !== 0)
      return { verdict: 'wrong', code: v.code, detail: `probed, but verify refuses it: ${v.detail}` }
    return v.verdict === 'result' ? o : v
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function runCase(c: FuzzCase): Promise<FuzzOutcome> {
  switch (c.kind) {
    case 'cli':
      return runCli(c.argv, c.stdin)
    case 'halma':
      return halmaDocument(c.text)
    case 'army':
      return armyDocument(c.text)
    case 'players':
      return playersDocument(c.text)
    case 'session':
      return session(c.text)
    case 'checkpoint':
      return checkpoint(c.folder, c.text, c.argv, c.expected)
    case 'tablebase':
      return tablebase(c)
    case 'engine':
      return engineSession(c.lines)
  }
}

// As a child process: cases come as messages, outcomes go back.
if (process.send) {
  const send = process.send.bind(process)
  process.on('message', (m: { id: number; c: FuzzCase }) => {
    void runCase(m.c).then(
      (o) => send({ id: m.id, o }),
      (e: unknown) => send({ id: m.id, o: { verdict: 'crash', detail: e instanceof Error ? (e.stack ?? e.message) : String(e) } }),
    )
  })
  process.on('disconnect', () => process.exit(0))
  // Loaded: the parent's clock for the first case starts now.
  send({ ready: true })
}
