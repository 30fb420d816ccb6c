/**
 * Options shared by the commands: which problem (a document, or board/rules/army flags) and which
 * moves (flag, file, stored solution or standard input). Everything read here is checked once and
 * turned into validated values; a bad value becomes a UsageError naming the option.
 */
import { readFileSync, statSync } from 'node:fs'
import type { PathTree } from '../shared/halma/solution-tree'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { parseArmyPreset, parseCellList, presetArmy, symmetricTarget } from '../shared/halma/armies'
import { boardByName } from '../shared/halma/board'
import { parseDocument, type HalmaDocument } from '../shared/halma/document'
import { formatSolution, parseSolution, type WrittenSolution } from '../shared/halma/notation'
import { makeProblem, type Problem } from '../shared/halma/problem'
import { MAX_DOCUMENT_CHARS } from '../shared/limits'
import { describe, type Diagnostic } from '../shared/result'
import { fileFault } from '../hosts/node/faults'
import { DIAGONALS, describeRules, makeRules, parseMoveSet, type Diagonal } from '../shared/halma/rules'
import type { SymmetryName } from '../shared/halma/symmetry'

/** A problem with the command line: printed as `halma <command>: message`, exit status 2. */
export class UsageError extends Error {}

export const PROBLEM_OPTIONS = {
  problem: { type: 'string' },
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

export const MOVES_OPTIONS = {
  moves: { type: 'string' },
  'moves-file': { type: 'string' },
  solution: { type: 'string' },
} as const satisfies ParseArgsConfig['options']

export type Values = Record<string, string | boolean | undefined>

/** Parse argv strictly: unknown options and stray arguments are usage errors. */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O): Values {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, strict: true, allowPositionals: true })
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`)
    return values as Values
  } catch (e) {
    if (e instanceof UsageError) throw e
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''))
  }
}

const str = (v: Values, k: string): string | undefined => (typeof v[k] === 'string' ? (v[k] as string) : undefined)

function faults(what: string, ds: readonly Diagnostic[]): UsageError {
  return new UsageError(ds.length === 1 ? `${what}: ${describe(ds[0]!)}` : `${what}:\n  ${ds.map(describe).join('\n  ')}`)
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
    return readFileSync(path, 'utf8')
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

/** The problem the options name: `--problem FILE`, or `--board/--rules/--army|--start[/--target]`. */
export function loadProblem(v: Values): LoadedProblem {
  const file = str(v, 'problem')
  if (file !== undefined) {
    for (const k of ['board', 'rules', 'army', 'start', 'target', 'red', 'diagonal']) {
      if (v[k] !== undefined) throw new UsageError(`--${k} cannot be combined with --problem (the file says it)`)
    }
    const doc = parseDocument(readText(file, 'problem file'))
    if (!doc.ok) throw faults(file, doc.error)
    return { problem: doc.value.problem, document: doc.value }
  }
  const boardName = str(v, 'board') ?? '9x9'
  const board = boardByName(boardName)
  if (!board.ok) throw new UsageError(`--board: ${board.error.message}`)
  const moves = parseMoveSet(str(v, 'rules') ?? '6-move')
  if (!moves.ok) throw new UsageError(`--rules: ${moves.error.message}`)
  const diag = str(v, 'diagonal') ?? 'anti'
  if (!(DIAGONALS as readonly string[]).includes(diag)) throw new UsageError(`--diagonal: '${diag}' is not one of ${DIAGONALS.join(', ')}`)
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
  const given = ['moves', 'moves-file', 'solution'].filter((k) => v[k] !== undefined)
  if (given.length > 1) throw new UsageError(`give only one of --moves, --moves-file, --solution`)
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
  const k = str(v, 'solution')
  if (k !== undefined) {
    const n = /^\d+$/.test(k.trim()) ? Number(k) : NaN
    if (!Number.isInteger(n) || n < 1 || n > stored.length) {
      throw new UsageError(
        `--solution: the problem file has ${stored.length} solution${stored.length === 1 ? '' : 's'}; give 1..${stored.length}`,
      )
    }
    const s = stored[n - 1]!
    return [{ label: s.title ?? `solution ${n}`, solution: s.solution, tree: s.tree }]
  }
  if (stored.length > 0) return stored.map((s, n) => ({ label: s.title ?? `solution ${n + 1}`, solution: s.solution, tree: s.tree }))
  const text = stdin()
  if (text === undefined) throw new UsageError('no moves: give --moves "d1-d2, ...", --moves-file FILE, or pipe them in')
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
