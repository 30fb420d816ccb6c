/**
 * Options shared by the commands: which problem (a document, or board/rules/army flags) and which
 * moves (flag, file, stored solution or standard input). Everything read here is checked once and
 * turned into validated values; a bad value becomes a UsageError naming the option.
 */
import { readFileSync, statSync } from 'node:fs'
import type { PathTree } from '../shared/halma/solution-tree'
import { withoutBom } from '../shared/read-json'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { parseArmyPreset, parseCellList, presetArmy, symmetricTarget } from '../shared/halma/armies'
import { boardByName } from '../shared/halma/board'
import type { HalmaDocument } from '../shared/halma/document'
import { DOCUMENT_KINDS, readDocument, type AnyDocument } from '../shared/documents'
import { formatSolution, parseSolution, type WrittenSolution } from '../shared/halma/notation'
import { makeProblem, type Problem } from '../shared/halma/problem'
import { MAX_DOCUMENT_CHARS } from '../shared/limits'
import { describe, type Diagnostic } from '../shared/result'
import { plural } from './io'
import { fileFault } from '../hosts/node/faults'
import { DIAGONALS, describeRules, makeRules, parseMoveSet, type Diagonal } from '../shared/halma/rules'
import type { SymmetryName } from '../shared/halma/symmetry'

/** A problem with the command line: printed as `halma <command>: message`, exit status 2. */
export class UsageError extends Error {}

/**
 * A document named by option: `--problem FILE` and `--file FILE` are the same (older spellings of
 * the command's argument, `halma verify FILE`), for a document of any kind.
 */
export const DOCUMENT_OPTIONS = {
  problem: { type: 'string' },
  file: { type: 'string' },
} as const satisfies ParseArgsConfig['options']

export const PROBLEM_OPTIONS = {
  ...DOCUMENT_OPTIONS,
  board: { type: 'string' },
  rules: { type: 'string' },
  diagonal: { type: 'string' },
  'jumps-only': { type: 'boolean' },
  'long-jumps': { type: 'boolean' },
  army: { type: 'string' },
  start: { type: 'string' },
  target: { type: 'string' },
  red: { type: 'string' },
  game: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options']

/**
 * Which moves: given (`--moves`, `--moves-file`), or the K-th line stored in the document (`--line K`;
 * `--solution K` is its older spelling, kept for scripts).
 */
export const MOVES_OPTIONS = {
  moves: { type: 'string' },
  'moves-file': { type: 'string' },
  line: { type: 'string' },
  solution: { type: 'string' },
} as const satisfies ParseArgsConfig['options']

export type Values = Record<string, string | boolean | undefined>

/** The key under which `parse` keeps a command's one argument (a document). */
export const ARGUMENT = 'document'

/**
 * Parse argv strictly: unknown options and stray arguments are usage errors. With `argument`, the
 * command takes one argument (what it names, for messages), kept under ARGUMENT.
 */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, argument?: string): Values {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, strict: true, allowPositionals: true })
    const most = argument === undefined ? 0 : 1
    if (positionals.length > most)
      throw new UsageError(`unexpected argument '${positionals[most]}'${most ? ` (one ${argument} at a time)` : ''}`)
    return { ...(values as Values), ...(positionals.length > 0 && { [ARGUMENT]: positionals[0] }) }
  } catch (e) {
    if (e instanceof UsageError) throw e
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
}

/** The document file the command names (its argument, `--problem` or `--file`), or undefined. */
export function documentFile(v: Values): string | undefined {
  const named = [ARGUMENT, 'problem', 'file'].filter((k) => typeof v[k] === 'string')
  if (named.length > 1)
    throw new UsageError(`name one document (${named.map((k) => (k === ARGUMENT ? `'${String(v[k])}'` : `--${k}`)).join(' and ')} given)`)
  return named.length === 1 ? (v[named[0]!] as string) : undefined
}

/** A document of any kind read from its file; its faults, each with where it is, as a usage error. */
export function readDocumentFile(file: string): AnyDocument {
  const doc = readDocument(readText(file, 'document'), file)
  if (!doc.ok) throw faults(file, doc.error)
  return doc.value
}

/** The stored line `--line K` (or `--solution K`) names, 1-based, or undefined; checked against how many there are. */
export function lineOption(v: Values, stored: number, what = 'line'): number | undefined {
  if (v['line'] !== undefined && v['solution'] !== undefined) throw new UsageError('give --line or --solution (the same option), not both')
  const key = v['line'] !== undefined ? 'line' : 'solution'
  const text = v[key]
  if (typeof text !== 'string') return undefined
  const n = /^\d{1,9}$/.test(text.trim()) ? Number(text) : NaN
  if (!Number.isInteger(n)) throw new UsageError(`--${key}: '${text}' is not a ${what} number`)
  if (n < 1 || n > stored)
    throw new UsageError(
      stored === 0 ? `--${key}: the document stores no ${what}s` : `--${key}: the document has ${plural(stored, what)}; give 1..${stored}`,
    )
  return n
}

/** Refuse options that do not apply to a kind of document, naming them (help, json and the document always apply). */
export function refuseOthers(v: Values, allowed: readonly string[], noun: string): void {
  const always = ['help', 'json', ARGUMENT, 'problem', 'file']
  const stray = Object.keys(v).filter((k) => v[k] !== undefined && !always.includes(k) && !allowed.includes(k))
  if (stray.length > 0) throw new UsageError(`${stray.map((k) => `--${k}`).join(', ')}: not for ${noun}s`)
}

const str = (v: Values, k: string): string | undefined => (typeof v[k] === 'string' ? (v[k] as string) : undefined)

function faults(what: string, ds: readonly Diagnostic[]): UsageError {
  // A reader that names the file itself (a players document's) is not prefixed with it again.
  const said = ds.map((d) => {
    const text = describe(d)
    return text.startsWith(`${what}: `) ? text.slice(what.length + 2) : text
  })
  return new UsageError(said.length === 1 ? `${what}: ${said[0]!}` : `${what}:\n  ${said.join('\n  ')}`)
}

/** Codes of a file that cannot be read because the path is wrong (the user's to fix: bad input). */
const WRONG_PATH: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENAMETOOLONG: 'the name is too long',
}

/**
 * A file named on the command line, read whole: a wrong path or a file larger than a document may
 * be is bad input (UsageError); a fault of the disk or of permissions is the environment's
 * (EnvironmentError, exit status 3).
 */
export function readText(path: string, what: string): string {
  try {
    // A document is read whole: one larger than a document may be is refused before it is read.
    const size = statSync(path).size
    if (size > 4 * MAX_DOCUMENT_CHARS) throw new UsageError(`cannot read ${what} '${path}': ${size.toLocaleString('en-US')} bytes is more than a document holds`)
    return withoutBom(readFileSync(path, 'utf8'))
  } catch (e) {
    if (e instanceof UsageError) throw e
    const code = (e as NodeJS.ErrnoException).code
    if (code !== undefined && Object.hasOwn(WRONG_PATH, code)) throw new UsageError(`cannot read ${what} '${path}': ${WRONG_PATH[code]}`)
    throw fileFault(e, path, `cannot read ${what}`)
  }
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i

/** A number written in decimals ("2", "0.25", "1e3"): '' and "0x10" are not read as 0 and 16. */
export function decimalText(text: string, option: string): number {
  const n = DECIMAL.test(text.trim()) ? Number(text) : NaN
  if (!Number.isFinite(n)) throw new UsageError(`--${option}: '${text}' is not a number`)
  return n
}

/** A whole number in decimal digits, from `lo` to `hi`. */
export function wholeText(text: string, option: string, lo: number, hi: number): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN
  if (!Number.isSafeInteger(n) || n < lo || n > hi) throw new UsageError(`--${option}: '${text}' is not a whole number from ${lo} to ${hi}`)
  return n
}

/** Refuse options this (sub)command does not take, instead of ignoring them. */
export function onlyOptions(v: Values, allowed: readonly string[], command: string): void {
  const stray = Object.keys(v).filter((k) => v[k] !== undefined && k !== 'help' && !allowed.includes(k))
  if (stray.length === 0) return
  const list = allowed.length > 0 ? allowed.map((k) => `--${k}`).join(', ') : 'none'
  throw new UsageError(
    `${stray.map((k) => `--${k}`).join(', ')}: not ${stray.length === 1 ? 'an option' : 'options'} of \`${command}\` (its options: ${list})`,
  )
}

export interface LoadedProblem {
  readonly problem: Problem
  readonly document?: HalmaDocument
}

/** The flags that describe a problem without a document. */
const PROBLEM_FLAGS = ['board', 'rules', 'army', 'start', 'target', 'red', 'diagonal', 'jumps-only', 'long-jumps'] as const

/** A problem document as the halma commands load it; flags that describe a problem are refused beside it. */
export function loadedDocument(v: Values, document: HalmaDocument): LoadedProblem {
  for (const k of PROBLEM_FLAGS)
    if (v[k] !== undefined) throw new UsageError(`--${k} cannot be combined with a problem document (the file says it)`)
  return { problem: document.problem, document }
}

/**
 * The problem the options name: a problem document (the command's argument, `--problem FILE` or
 * `--file FILE`), or `--board/--rules/--army|--start[/--target]`.
 */
export function loadProblem(v: Values): LoadedProblem {
  const file = documentFile(v)
  if (file !== undefined) {
    const doc = readDocumentFile(file)
    if (doc.kind !== 'halma')
      throw new UsageError(`${file}: this command takes a problem document (*.halma.json), not ${DOCUMENT_KINDS[doc.kind].noun}s`)
    return loadedDocument(v, doc.document)
  }
  const boardName = str(v, 'board') ?? '9x9'
  const board = boardByName(boardName)
  if (!board.ok) throw new UsageError(`--board: ${board.error.message}`)
  const moves = parseMoveSet(str(v, 'rules') ?? '6-move')
  if (!moves.ok) throw new UsageError(`--rules: ${moves.error.message}`)
  const diag = str(v, 'diagonal') ?? 'anti'
  if (!(DIAGONALS as readonly string[]).includes(diag)) throw new UsageError(`--diagonal: '${diag}' is not one of ${DIAGONALS.join(', ')}`)
  // A diagonal chosen where the rules have none would be dropped without a word.
  if (str(v, 'diagonal') !== undefined && moves.value !== '6-move')
    throw new UsageError(`--diagonal: ${moves.value} rules move along ${moves.value === '4-move' ? 'no' : 'both'} diagonals; the choice of one is for 6-move rules`)
  const rules = makeRules(moves.value, {
    diagonal: diag as Diagonal,
    jumpsOnly: v['jumps-only'] === true,
    longJumps: v['long-jumps'] === true,
  })
  const kind = v['game'] === true ? 'game' : 'transfer'
  if (str(v, 'army') !== undefined && str(v, 'start') !== undefined) throw new UsageError('give --army or --start, not both')
  let start: number[]
  const startText = str(v, 'start')
  if (startText !== undefined) {
    const cells = parseCellList(board.value, startText)
    if (!cells.ok) throw faults('--start', cells.error)
    start = cells.value
  } else {
    const preset = parseArmyPreset(str(v, 'army') ?? 'triangle10')
    if (!preset.ok) throw new UsageError(`--army: ${preset.error.message}`)
    const cells = presetArmy(board.value, preset.value)
    if (!cells.ok) throw new UsageError(`--army: ${cells.error.message}`)
    start = cells.value
  }
  if (kind === 'game') {
    if (str(v, 'target') !== undefined)
      throw new UsageError("--target: a game has no target (each army aims at the other's base); use --red for red's base")
    let red: number[]
    const redText = str(v, 'red')
    if (redText !== undefined) {
      const cells = parseCellList(board.value, redText)
      if (!cells.ok) throw faults('--red', cells.error)
      red = cells.value
    } else {
      const r = symmetricTarget(board.value, start, 'rotate')
      if (!r.ok) throw new UsageError(`--red: ${r.error.message}`)
      red = r.value
    }
    const p = makeProblem({
      kind,
      board: board.value,
      rules,
      starts: [start, red],
      title: `${armyLabel(v)} game on ${board.value.id}, ${describeRules(rules)}`,
    })
    if (!p.ok) throw faults('problem', p.error)
    return { problem: p.value }
  }
  if (str(v, 'red') !== undefined) throw new UsageError('--red is for games (--game)')
  let target: number[] | SymmetryName | undefined
  const t = str(v, 'target')
  if (t === 'mirror' || t === 'rotate') target = t
  else if (t !== undefined) {
    const cells = parseCellList(board.value, t)
    if (!cells.ok) throw faults('--target', cells.error)
    target = cells.value
  }
  const p = makeProblem({
    kind,
    board: board.value,
    rules,
    starts: [start],
    title: `${armyLabel(v)} transfer on ${board.value.id}, ${describeRules(rules)}`,
    ...(target !== undefined && { target }),
  })
  if (!p.ok) throw faults('problem', p.error)
  return { problem: p.value }
}

function armyLabel(v: Values): string {
  const start = str(v, 'start')
  return start !== undefined ? 'custom army' : (str(v, 'army') ?? 'triangle10')
}

/** A solution to work on, with where it came from (for messages). */
export interface SolutionInput {
  readonly label: string
  readonly solution: WrittenSolution
  /** A stored solution's tree (document version 2): its side lines are verified too. */
  readonly tree?: PathTree
}

/**
 * The solutions the options name: `--moves`, `--moves-file`, `--solution K` of the document,
 * every solution of the document, or standard input when it is not a terminal.
 */
export function loadSolutions(v: Values, loaded: LoadedProblem, stdin: () => string | undefined): SolutionInput[] {
  const given = ['moves', 'moves-file', 'line', 'solution'].filter((k) => v[k] !== undefined)
  if (given.length > 1) throw new UsageError(`give only one of --moves, --moves-file, --line (or --solution)`)
  const parseOne = (text: string, label: string): SolutionInput => {
    const s = parseSolution(text)
    if (!s.ok) throw new UsageError(`${label}: ${describe(s.error)}`)
    return { label, solution: s.value }
  }
  const moves = str(v, 'moves')
  if (moves !== undefined) return [parseOne(moves, 'moves given')]
  const file = str(v, 'moves-file')
  if (file !== undefined) return [parseOne(readText(file, 'moves file'), file)]
  const stored = loaded.document?.solutions ?? []
  const n = lineOption(v, stored.length, 'solution')
  if (n !== undefined) {
    const s = stored[n - 1]!
    return [{ label: s.title ?? `solution ${n}`, solution: s.solution, tree: s.tree }]
  }
  if (stored.length > 0) return stored.map((s, n) => ({ label: s.title ?? `solution ${n + 1}`, solution: s.solution, tree: s.tree }))
  const text = stdin()
  const none = loaded.document ? 'the document stores no solutions' : 'no moves'
  if (text === undefined) throw new UsageError(`${none}: give --moves "d1-d2, ...", --moves-file FILE, or pipe them in`)
  // Standard input closed or empty (a script's): no moves given, not a solution of none.
  if (text.trim() === '') throw new UsageError(`${none}, and standard input is empty: give --moves "d1-d2, ...", --moves-file FILE, or pipe them in`)
  return [parseOne(text, 'standard input')]
}

/** Standard input, read whole, or undefined when it is a terminal. */
export function readStdin(): string | undefined {
  if (process.stdin.isTTY) return undefined
  try {
    return readFileSync(0, 'utf8')
  } catch {
    return undefined
  }
}

export { formatSolution }
