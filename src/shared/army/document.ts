/**
 * Solitaire army documents (`*.army.json`): a type, the level, the window the cells are lettered
 * on, the army and its moves, in the notation of solution.ts. Checked field by field; a fault names
 * the field. Version 2 adds a custom board (board.ts): the cells switched on and the target, as
 * cell labels. A document is written as the lowest version that holds it (as the problem
 * documents are): one without a custom board stays version 1, so older workbenches still open it.
 */
import * as z from 'zod'
import { describe, diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { annotationSchemas, specOfTree as annotationsOf, treeFromSpec, type AnnotationsSpec, type Notation } from '../tree-spec'
import { mainLine, type MoveTree } from '../variations'
import { checkArmyOnBoard, checkBoard } from './board'
import { ARMY_TYPES, GEOMETRIES, type ArmyType, type CustomBoard, type Window } from './geometry'
import { cellLabel, formatArmyMoves, parseArmyMoves, parseCellLabel } from './solution'
import { readJson } from '../read-json'
import { firstIssue } from '../schema-faults'
import type { Cell } from '../cell'

/** The versions this code reads; 2: with a custom board; 3: with side lines and comments (tree-spec.ts). */
const ARMY_DOCUMENT_VERSIONS = [1, 2, 3] as const

const { comments: CommentsSchema, variation: VariationSchema } = annotationSchemas('the army notation (solution.ts)')

const ArmyDocumentSchema = z.strictObject({
  format: z.literal('halma-army'),
  version: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string().optional(),
  type: z.enum(ARMY_TYPES),
  level: z.number().int().min(1).max(64),
  window: z.strictObject({ rows: z.number().int().min(2).max(200), width: z.number().int().min(0).max(200) }),
  army: z.string(),
  moves: z.string(),
  board: z
    .strictObject({ cells: z.string(), target: z.string() })
    .optional()
    .describe('version 2: a custom board, its cells (labels on the window) and its target'),
  source: z.string().optional(),
  notes: z.string().optional(),
  comments: CommentsSchema.optional().describe('version 3: comments on the moves ("0": the start)'),
  variations: z.array(VariationSchema).optional().describe('version 3: side lines branching from the moves'),
})

export interface ArmyDocument {
  readonly title?: string
  readonly type: ArmyType
  readonly level: number
  readonly window: Window
  readonly army: (readonly [number, number])[]
  readonly moves: (readonly [number, number])[][]
  /** A custom board (version 2); without it the board is the window, the target (0, 0), and men stand in rows `level` and beyond. */
  readonly board?: CustomBoard
  readonly source?: string
  /** Side lines and comments on the moves (version 3), their shape checked (armyTree). */
  readonly annotations?: AnnotationsSpec
}

const sameCell = (a: Cell, b: Cell): boolean => a[0] === b[0] && a[1] === b[1]

/** How an army document writes its moves: the notation of solution.ts on the document's window. */
function armyNotation(d: Pick<ArmyDocument, 'type' | 'window'>): Notation<Cell[]> {
  const g = GEOMETRIES[d.type]
  return {
    read: (moves, at) => {
      try {
        return ok(parseArmyMoves(g, d.window, typeof moves === 'string' ? moves : moves.join(', ')))
      } catch (e) {
        return err(diagnostic('army.move', (e as Error).message, at))
      }
    },
    write: (moves) => formatArmyMoves(g, d.window, moves),
    same: (a, b) => a.length === b.length && a.every((c, k) => sameCell(c, b[k]!)),
    name: (m) => formatArmyMoves(g, d.window, [m]),
  }
}

/** The document's moves as a move tree, with its side lines and comments (their shape checked, not their legality). */
export function armyTree(d: ArmyDocument): Result<MoveTree<Cell[]>, Diagnostic> {
  return treeFromSpec(d.moves, d.annotations ?? {}, armyNotation(d), 'document')
}

/** The document with its moves set to a tree's main line, and its side lines and comments. */
export function withArmyTree(d: ArmyDocument, tree: MoveTree<Cell[]>): ArmyDocument {
  const { annotations: _a, ...rest } = d
  const annotations = annotationsOf(tree, armyNotation(d).write)
  return { ...rest, moves: mainLine(tree).map((m) => [...m]), ...((annotations.comments || annotations.variations) && { annotations }) }
}

const labels = (text: string): string[] => text.split(/[\s,]+/).filter((x) => x !== '')

/** A document from its JSON text, or an error naming what is wrong and where. */
export function parseArmyDocument(text: string, where = 'document'): ArmyDocument {
  const data = readJson(text, where, 'army document')
  const newest = ARMY_DOCUMENT_VERSIONS[ARMY_DOCUMENT_VERSIONS.length - 1]!
  const version = (data as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version > newest)
    throw new Error(`${where}: version: the file has format version ${version}, newer than this program reads (${newest}); update Halma Workbench`)
  const r = ArmyDocumentSchema.safeParse(data)
  if (!r.success) throw new Error(`${where}: ${firstIssue(r.error, 'the document')}`)
  const d = r.data
  const g = GEOMETRIES[d.type]
  const cells = (what: string, f: () => (readonly [number, number])[] | (readonly [number, number])[][]) => {
    try {
      return f()
    } catch (e) {
      throw new Error(`${where}: ${what}: ${(e as Error).message}`, { cause: e })
    }
  }
  const army = cells('army', () => labels(d.army).map((label) => parseCellLabel(g, d.window, label))) as (readonly [number, number])[]
  const label = (c: readonly [number, number]): string => cellLabel(g, d.window, c)
  let board: CustomBoard | undefined
  if (d.board) {
    if (d.version < 2) throw new Error(`${where}: board: a custom board needs version 2`)
    const spec = d.board
    const on = cells('board.cells', () => labels(spec.cells).map((l) => parseCellLabel(g, d.window, l))) as (readonly [number, number])[]
    const target = cells('board.target', () => [parseCellLabel(g, d.window, spec.target)]) as (readonly [number, number])[]
    const b = checkBoard(g, d.window, on, target[0]!, label)
    if (!b.ok) throw new Error(`${where}: ${describe(b.error[0]!)}`)
    const a = checkArmyOnBoard(g, d.window, b.value, army, label)
    if (!a.ok) throw new Error(`${where}: ${describe(a.error[0]!)}`)
    board = b.value
  } else {
    const front = army.find(([, y]) => y < d.level)
    if (front) throw new Error(`${where}: army: a man in row ${front[1]}, in front of the level's row ${d.level}`)
    const seen = new Set<string>()
    for (const c of army) {
      if (seen.has(label(c))) throw new Error(`${where}: army: two men on ${label(c)}`)
      seen.add(label(c))
    }
  }
  const moves = cells('moves', () => parseArmyMoves(g, d.window, d.moves)) as (readonly [number, number])[][]
  if ((d.comments || d.variations) && d.version < 3) throw new Error(`${where}: side lines and comments need version 3`)
  const annotations: AnnotationsSpec | undefined =
    d.comments || d.variations ? { ...(d.comments && { comments: d.comments }), ...(d.variations && { variations: d.variations }) } : undefined
  if (annotations) {
    const t = treeFromSpec(moves, annotations, armyNotation(d), where)
    if (!t.ok) throw new Error(describe(t.error))
  }
  return {
    ...(d.title && { title: d.title }),
    type: d.type,
    level: d.level,
    window: d.window,
    army,
    moves,
    ...(board && { board }),
    ...(d.source && { source: d.source }),
    ...(annotations && { annotations }),
  }
}

/** The document's JSON text (parseArmyDocument reads it back to the same document). */
export function formatArmyDocument(d: ArmyDocument): string {
  const g = GEOMETRIES[d.type]
  return `${JSON.stringify(
    {
      format: 'halma-army',
      version: d.annotations ? 3 : d.board ? 2 : 1,
      ...(d.title && { title: d.title }),
      type: d.type,
      level: d.level,
      window: { rows: d.window.rows, width: d.window.width },
      army: d.army.map((c) => cellLabel(g, d.window, c)).join(' '),
      moves: formatArmyMoves(g, d.window, d.moves),
      ...(d.board && {
        board: { cells: d.board.cells.map((c) => cellLabel(g, d.window, c)).join(' '), target: cellLabel(g, d.window, d.board.target) },
      }),
      ...(d.source && { source: d.source }),
      ...d.annotations,
    },
    null,
    2,
  )}\n`
}

/** Whether the text claims to be an army document (its format field), valid or not. */
export function isArmyDocumentText(text: string): boolean {
  return /"format"\s*:\s*"halma-army"/.test(text.slice(0, 400))
}
