/**
 * Solitaire army documents (`*.army.json`): a type, the level, the window the cells are lettered
 * on, the army and its moves, in the notation of solution.ts. Checked field by field; a fault names
 * the field. Version 2 adds a custom board (board.ts): the cells switched on and the target, as
 * cell labels. A document is written as the lowest version that holds it (as the problem
 * documents are): one without a custom board stays version 1, so older workbenches still open it.
 */
import * as z from 'zod'
import { describe } from '../result'
import { checkArmyOnBoard, checkBoard } from './board'
import { ARMY_TYPES, GEOMETRIES, type ArmyType, type CustomBoard, type Window } from './geometry'
import { cellLabel, formatArmyMoves, parseArmyMoves, parseCell } from './solution'
import { readJson } from '../read-json'
import { firstIssue } from '../schema-faults'

/** The versions this code reads; 2: with a custom board. */
export const ARMY_DOCUMENT_VERSIONS = [1, 2] as const

const ArmyDocumentSchema = z.strictObject({
  format: z.literal('halma-army'),
  version: z.union([z.literal(1), z.literal(2)]),
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
  const army = cells('army', () => labels(d.army).map((label) => parseCell(g, d.window, label))) as (readonly [number, number])[]
  const label = (c: readonly [number, number]): string => cellLabel(g, d.window, c)
  let board: CustomBoard | undefined
  if (d.board) {
    if (d.version < 2) throw new Error(`${where}: board: a custom board needs version 2`)
    const spec = d.board
    const on = cells('board.cells', () => labels(spec.cells).map((l) => parseCell(g, d.window, l))) as (readonly [number, number])[]
    const target = cells('board.target', () => [parseCell(g, d.window, spec.target)]) as (readonly [number, number])[]
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
  return {
    ...(d.title && { title: d.title }),
    type: d.type,
    level: d.level,
    window: d.window,
    army,
    moves,
    ...(board && { board }),
    ...(d.source && { source: d.source }),
  }
}

/** The document's JSON text (parseArmyDocument reads it back to the same document). */
export function formatArmyDocument(d: ArmyDocument): string {
  const g = GEOMETRIES[d.type]
  return `${JSON.stringify(
    {
      format: 'halma-army',
      version: d.board ? 2 : 1,
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
    },
    null,
    2,
  )}\n`
}

/** Whether the text claims to be an army document (its format field), valid or not. */
export function isArmyDocumentText(text: string): boolean {
  return /"format"\s*:\s*"halma-army"/.test(text.slice(0, 400))
}

/** Why the text is not a valid army document, or null if it is one (for hosts that check files). */
export function armyDocumentFault(text: string): string | null {
  try {
    parseArmyDocument(text)
    return null
  } catch (e) {
    return (e as Error).message
  }
}
