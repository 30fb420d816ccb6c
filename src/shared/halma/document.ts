/**
 * The problem document, `*.halma.json`: a versioned JSON file holding a board, rules, armies,
 * targets, solutions and notes. Its structure is a zod schema (from which resources/halma.schema.json
 * is generated for editors); what the structure cannot say (a cell off the board, a target of the
 * wrong size) is checked after it. Loading reports every problem it finds, each with its path in the
 * document: "armies[0].cells[3]: 'j4' is not on the 9x9 board".
 *
 * A loaded document keeps its spec (the JSON as written, normalised) next to the Problem derived
 * from it, so that printing gives back what the user wrote: parse(format(doc)) = doc.
 */
import * as z from 'zod'
import { ARMY_PRESETS, parseArmyPreset, parseCellList, presetArmy, symmetricTarget } from './armies'
import { boardByName, boardFromMask, boardMask, parseCell, type Board } from './board'
import { cellName } from '../cell'
import { formatSolution, parseSolution, resolvePaths, type WrittenSolution } from './notation'
import { makeProblem, PROBLEM_KINDS, type Problem } from './problem'
import { nestedTooDeep, textTooLarge } from '../limits'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { issueDiagnostic } from '../schema-faults'
import { DIAGONALS, makeRules, MOVE_SETS } from './rules'
import { specOfTree, treeOfSpec, type PathTree } from './solution-tree'
import { symmetry, type SymmetryName } from './symmetry'

/** The value of the `format` key. */
export const FORMAT = 'halma-workbench'
/**
 * The newest format version this code reads. Version 2 adds side lines and comments to stored
 * solutions (solution-tree.ts). A document is written as the lowest version that holds it: one
 * without side lines or comments stays version 1, so that it still opens in a workbench that
 * reads only version 1 (and the files in resources/ do not change when they are saved again).
 */
export const VERSION = 2
/** The version of a document without side lines or comments. */
export const PLAIN_VERSION = 1
/** The versions this code reads. */
export const VERSIONS = [1, 2] as const
/** File name extension of problem documents. */
export const EXTENSION = '.halma.json'

const Cells = z.array(z.string()).describe('cell names such as "a1"')

const BoardSpec = z.union([
  z.string().describe('a preset: "9x9" (any NxN up to 26), "16x16", "8x8", "checkers" or "star"'),
  z.strictObject({
    mask: z.array(z.string()).min(1).describe('one string per row j = 1..; any character but "." or space is a cell'),
    title: z.string().optional(),
    home: z.string().optional().describe('the cell corner armies grow from (default a1)'),
  }),
])

const RulesSpec = z.strictObject({
  moves: z.enum(MOVE_SETS),
  diagonal: z.enum(DIAGONALS).optional().describe('6-move only: "anti" (+1,-1), the default, or "main" (+1,+1)'),
  jumpsOnly: z.boolean().optional(),
  longJumps: z.boolean().optional(),
})

const ArmySpec = z.strictObject({
  name: z.string().optional(),
  preset: z.enum(ARMY_PRESETS).optional(),
  cells: Cells.optional(),
  target: z
    .union([z.enum(['mirror', 'rotate']), Cells])
    .optional()
    .describe(
      'transfers: the target cells, or "mirror" (across x = y) or "rotate" (180 degrees); default mirror. Games: the target base\'s cells, for a game from a position (both armies or neither; default the other army\'s start)',
    ),
})

export const CommentsSchema = z
  .record(z.string().regex(/^\d+$/), z.string())
  .describe('version 2: comments on moves, keyed by move number ("0": the start position)')

export const VariationSchema = z
  .strictObject({
    at: z.int().min(0).describe('moves played before it: its first move is an alternative to move at + 1 of the line that holds it'),
    moves: z.union([z.string(), z.array(z.string())]).describe('its moves in the paper\'s notation, in full (no "(reflect)")'),
    comments: CommentsSchema.optional(),
    get variations() {
      return z.array(VariationSchema).optional().describe('side lines branching from this one (their "at" counts from the start)')
    },
  })
  .meta({ id: 'variation' })

const SolutionSpec = z.strictObject({
  title: z.string().optional(),
  moves: z.union([z.string(), z.array(z.string())]).describe('moves in the paper\'s notation; "(reflect)" allowed'),
  source: z.string().optional(),
  notes: z.string().optional(),
  comments: CommentsSchema.optional(),
  variations: z.array(VariationSchema).optional().describe('version 2: side lines branching from the main line (moves)'),
})

export const DocumentSchema = z.strictObject({
  $schema: z.string().optional(),
  format: z.literal(FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  kind: z.enum(PROBLEM_KINDS),
  title: z.string().optional(),
  board: BoardSpec,
  rules: RulesSpec,
  armies: z.array(ArmySpec).min(1).max(2),
  first: z.enum(['blue', 'red']).optional().describe('games: who moves first (default blue)'),
  solutions: z.array(SolutionSpec).optional(),
  notes: z.string().optional(),
})

/** A document as written, after its structure has been checked. */
export type DocumentSpec = z.infer<typeof DocumentSchema>

/** A solution stored in a document. */
export interface StoredSolution {
  readonly title?: string
  readonly solution: WrittenSolution
  /** The solution as a move tree: its main line (the solution, `(reflect)` expanded), side lines and comments. */
  readonly tree: PathTree
  readonly source?: string
  readonly notes?: string
}

/** A loaded document: the spec as written (normalised) and what it means. */
export interface HalmaDocument {
  readonly spec: DocumentSpec
  readonly problem: Problem
  readonly solutions: readonly StoredSolution[]
}

type VariationSpecType = z.infer<typeof VariationSchema>

/** The lowest format version that holds a spec: 2 when a solution has side lines or comments. */
export function versionFor(spec: DocumentSpec): (typeof VERSIONS)[number] {
  return (spec.solutions ?? []).some((s) => s.variations !== undefined || s.comments !== undefined) ? 2 : 1
}

/** JSON Schema of the document format, for editors and other tools. */
export function documentJsonSchema(): object {
  return z.toJSONSchema(DocumentSchema)
}

/** Parse a document's text. Every fault found is returned, each with its path. */
export function parseDocument(text: string): Result<HalmaDocument, Diagnostic[]> {
  const large = textTooLarge(text, 'the problem file')
  if (large) return err([large])
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return err([diagnostic('document.json', `not valid JSON: ${jsonErrorWhere(text, e)}`)])
  }
  return loadDocument(json)
}

function jsonErrorWhere(text: string, e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e)
  const m = /position (\d+)/.exec(msg)
  if (!m) return msg
  const pos = Number(m[1])
  const before = text.slice(0, pos)
  const line = before.split('\n').length
  const col = pos - before.lastIndexOf('\n')
  return `${msg.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '')} at line ${line}, column ${col}`
}

/** Check a parsed JSON value as a document. */
export function loadDocument(json: unknown): Result<HalmaDocument, Diagnostic[]> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return err([diagnostic('document.type', 'a problem document is a JSON object')])
  }
  const head = json as Record<string, unknown>
  if (head['format'] !== FORMAT) {
    return err([diagnostic('document.format', `not a Halma Workbench problem file: "format" must be "${FORMAT}"`, 'format')])
  }
  if (typeof head['version'] === 'number' && head['version'] > VERSION) {
    return err([
      diagnostic(
        'document.version',
        `the file has format version ${head['version']}, newer than this program reads (${VERSION}); update Halma Workbench`,
        'version',
      ),
    ])
  }
  // The schema recurses into side lines: their nesting is bounded before it sees them.
  const deep = nestedTooDeep(json, 'the problem file')
  if (deep) return err([deep])
  const parsed = DocumentSchema.safeParse(json)
  if (!parsed.success) {
    return err(parsed.error.issues.map((i) => issueDiagnostic(i, 'document')))
  }
  // A file says what it holds: side lines and comments in a version 1 file are a mistake to report.
  if (parsed.data.version < 2) {
    const k = (parsed.data.solutions ?? []).findIndex((s) => s.variations !== undefined || s.comments !== undefined)
    if (k >= 0) return err([diagnostic('document.version', 'side lines and comments need format version 2', `solutions[${k}]`)])
  }
  return interpret(parsed.data)
}

/** The meaning of a structurally valid spec, or every fault in it. */
export function interpret(spec: DocumentSpec): Result<HalmaDocument, Diagnostic[]> {
  const faults: Diagnostic[] = []
  const board = specBoard(spec, faults)
  if (!board) return err(faults)
  const rules = makeRules(spec.rules.moves, {
    ...(spec.rules.diagonal !== undefined && { diagonal: spec.rules.diagonal }),
    ...(spec.rules.jumpsOnly !== undefined && { jumpsOnly: spec.rules.jumpsOnly }),
    ...(spec.rules.longJumps !== undefined && { longJumps: spec.rules.longJumps }),
  })
  const want = spec.kind === 'transfer' ? 1 : 2
  if (spec.armies.length !== want) {
    faults.push(
      diagnostic('problem.armies', `a ${spec.kind} has ${want} ${want === 1 ? 'army' : 'armies'}, not ${spec.armies.length}`, 'armies'),
    )
    return err(faults)
  }
  const starts: number[][] = []
  let target: number[] | SymmetryName | undefined
  const bases: number[][] = []
  spec.armies.forEach((a, k) => {
    const at = `armies[${k}]`
    if ((a.preset === undefined) === (a.cells === undefined)) {
      faults.push(diagnostic('army.spec', 'give either "preset" or "cells"', at))
      return
    }
    if (a.preset !== undefined) {
      const p = parseArmyPreset(a.preset)
      let cells = p.ok ? presetArmy(board, p.value) : p
      // In a game the second army's preset stands in the opposite corner.
      if (cells.ok && spec.kind === 'game' && k === 1) cells = symmetricTarget(board, cells.value, 'rotate')
      if (!cells.ok) faults.push({ ...cells.error, at: `${at}.preset` })
      else starts[k] = cells.value
    } else {
      const cells = parseCellList(board, a.cells!)
      if (!cells.ok) faults.push(...cells.error.map((d) => ({ ...d, at: `${at}.cells${d.at ?? ''}` })))
      else starts[k] = cells.value
    }
    if (a.target !== undefined) {
      if (spec.kind === 'game' && typeof a.target === 'string') {
        faults.push(diagnostic('army.target', "a game army's target is cells (a game from a position), not a symmetry: each aims at the other's base", `${at}.target`))
      } else if (spec.kind === 'game') {
        const cells = parseCellList(board, a.target)
        if (!cells.ok) faults.push(...cells.error.map((d) => ({ ...d, at: `${at}.target${d.at ?? ''}` })))
        else bases[k] = cells.value
      } else if (typeof a.target === 'string') {
        target = a.target
      } else {
        const cells = parseCellList(board, a.target)
        if (!cells.ok) faults.push(...cells.error.map((d) => ({ ...d, at: `${at}.target${d.at ?? ''}` })))
        else target = cells.value
      }
    }
  })
  if (faults.length === 0 && spec.kind === 'game' && spec.armies.filter((a) => a.target !== undefined).length === 1)
    faults.push(diagnostic('army.target', 'give both armies of a game a target (a game from a position), or neither', 'armies'))
  if (faults.length > 0) return err(faults)
  const problem = makeProblem({
    kind: spec.kind,
    board,
    rules,
    starts,
    ...(target !== undefined && { target }),
    ...(bases.length === 2 && { bases }),
    ...(spec.title !== undefined && { title: spec.title }),
    first: spec.first === 'red' ? 1 : 0,
  })
  if (!problem.ok) return err(problem.error)
  const solutions: StoredSolution[] = []
  ;(spec.solutions ?? []).forEach((s, k) => {
    const at = `solutions[${k}].moves`
    const text = typeof s.moves === 'string' ? s.moves : s.moves.join(', ')
    const written = parseSolution(text)
    if (!written.ok) {
      faults.push({ ...written.error, at: written.error.at ? `${at}: ${written.error.at}` : at })
      return
    }
    const image = problem.value.reflection ? symmetry(board, problem.value.reflection) : undefined
    const paths = resolvePaths(board, written.value, image)
    if (!paths.ok) {
      faults.push({ ...paths.error, at: paths.error.at ? `${at}: ${paths.error.at}` : at })
      return
    }
    const tree = treeOfSpec(board, paths.value, s, `solutions[${k}]`)
    if (!tree.ok) {
      faults.push(tree.error)
      return
    }
    solutions.push({
      solution: written.value,
      tree: tree.value,
      ...(s.title !== undefined && { title: s.title }),
      ...(s.source !== undefined && { source: s.source }),
      ...(s.notes !== undefined && { notes: s.notes }),
    })
  })
  if (faults.length > 0) return err(faults)
  const normal: DocumentSpec = {
    ...spec,
    solutions: spec.solutions?.map((s, k) => {
      const { comments: _c, variations: _v, ...rest } = s
      const lines = specOfTree(board, solutions[k]!.tree)
      return {
        ...rest,
        moves: formatSolution(solutions[k]!.solution),
        ...(lines.comments && { comments: lines.comments }),
        ...(lines.variations && { variations: lines.variations as VariationSpecType[] }),
      }
    }),
  }
  if (spec.solutions === undefined) delete (normal as { solutions?: unknown }).solutions
  normal.version = versionFor(normal)
  return ok({ spec: normal, problem: problem.value, solutions })
}

function specBoard(spec: DocumentSpec, faults: Diagnostic[]): Board | undefined {
  if (typeof spec.board === 'string') {
    const b = boardByName(spec.board)
    if (!b.ok) faults.push({ ...b.error, at: 'board' })
    return b.ok ? b.value : undefined
  }
  const b = boardFromMask(spec.board.mask, 'custom', spec.board.title ?? 'custom board')
  if (!b.ok) {
    faults.push({ ...b.error, at: 'board.mask' })
    return undefined
  }
  if (spec.board.home === undefined) return b.value
  const h = parseCell(b.value, spec.board.home)
  if (!h.ok) {
    faults.push({ ...h.error, at: 'board.home' })
    return undefined
  }
  return { ...b.value, home: { i: b.value.col[h.value]!, j: b.value.row[h.value]! } }
}

/** Print a document as JSON (two-space indented, keys in a fixed order, one cell list per line). */
export function formatDocument(doc: HalmaDocument | DocumentSpec): string {
  const spec = 'spec' in doc ? doc.spec : doc
  const ordered: Record<string, unknown> = {}
  for (const key of Object.keys(DocumentSchema.shape)) {
    const v = (spec as Record<string, unknown>)[key]
    if (v !== undefined) ordered[key] = v
  }
  if (ordered['version'] !== undefined) ordered['version'] = versionFor(spec)
  const text = JSON.stringify(ordered, null, 2)
  // Cell lists read best on one line: ["a1", "b1", "a2"]. Mask rows stay one per line.
  return (
    text.replace(
      /\[\n\s+("[a-z]\d{1,2}"(?:,\n\s+"[a-z]\d{1,2}")*)\n\s+\]/g,
      (_, items: string) => `[${items.split(/,\n\s+/).join(', ')}]`,
    ) + '\n'
  )
}

/**
 * A spec for a problem (cells written out), for sending a problem to a worker or saving it: its
 * interpretation gives back an equal problem.
 */
export function specFromProblem(problem: Problem): DocumentSpec {
  const b = problem.board
  const names = (cells: readonly number[]): string[] => cells.map((c) => cellName(b.col[c]!, b.row[c]!))
  const presetBoard = b.id !== 'custom' && boardByName(b.id).ok
  const r = problem.rules
  return {
    format: FORMAT,
    version: PLAIN_VERSION,
    kind: problem.kind,
    title: problem.title,
    board: presetBoard ? b.id : { mask: boardMask(b), ...((b.home.i !== 1 || b.home.j !== 1) && { home: cellName(b.home.i, b.home.j) }) },
    rules: {
      moves: r.moves,
      ...(r.moves === '6-move' && r.diagonal !== 'anti' && { diagonal: r.diagonal }),
      ...(r.jumpsOnly && { jumpsOnly: true }),
      ...(r.longJumps && { longJumps: true }),
    },
    armies: problem.armies.map((a, k) => ({
      name: a.name,
      cells: names(a.start),
      ...(problem.kind === 'transfer' && k === 0 && { target: names(a.target) }),
      // A game from a position: each army's base, where it is not the other army's start.
      ...(problem.kind === 'game' && !fromStart(problem) && { target: names(a.target) }),
    })),
    ...(problem.kind === 'game' && problem.first === 1 && { first: 'red' as const }),
  }
}

/** Whether a game's bases are its armies' starts (a game from the start, not from a position). */
function fromStart(problem: Problem): boolean {
  const same = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((c, k) => c === y[k])
  return same(problem.armies[0]!.target, problem.armies[1]!.start) && same(problem.armies[1]!.target, problem.armies[0]!.start)
}
