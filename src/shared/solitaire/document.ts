/**
 * Solitaire army documents (`*.army.json`): a type, the level, the window the cells are lettered
 * on, the army and its moves, in the notation of solution.ts. Checked field by field; a fault names
 * the field.
 */
import * as z from 'zod'
import { ARMY_TYPES, GEOMETRIES, type ArmyType, type Window } from './geometry'
import { cellLabel, formatArmyMoves, parseArmyMoves, parseCell } from './solution'

const ArmyDocumentSchema = z.strictObject({
  format: z.literal('halma-army'),
  version: z.literal(1),
  title: z.string().optional(),
  type: z.enum(ARMY_TYPES),
  level: z.number().int().min(1).max(64),
  window: z.strictObject({ rows: z.number().int().min(2).max(200), width: z.number().int().min(0).max(200) }),
  army: z.string(),
  moves: z.string(),
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
  readonly source?: string
}

/** A document from its JSON text, or an error naming what is wrong and where. */
export function parseArmyDocument(text: string, where = 'document'): ArmyDocument {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new Error(`${where}: not JSON (${(e as Error).message})`, { cause: e })
  }
  const r = ArmyDocumentSchema.safeParse(data)
  if (!r.success) {
    const i = r.error.issues[0]!
    throw new Error(`${where}: ${i.path.join('.') || 'the document'}: ${i.message}`)
  }
  const d = r.data
  const g = GEOMETRIES[d.type]
  const cells = (what: string, f: () => (readonly [number, number])[] | (readonly [number, number])[][]) => {
    try {
      return f()
    } catch (e) {
      throw new Error(`${where}: ${what}: ${(e as Error).message}`, { cause: e })
    }
  }
  const army = cells('army', () =>
    d.army
      .split(/[\s,]+/)
      .filter((x) => x !== '')
      .map((label) => parseCell(g, d.window, label)),
  ) as (readonly [number, number])[]
  const front = army.find(([, y]) => y < d.level)
  if (front) throw new Error(`${where}: army: a man in row ${front[1]}, in front of the level's row ${d.level}`)
  const moves = cells('moves', () => parseArmyMoves(g, d.window, d.moves)) as (readonly [number, number])[][]
  return {
    ...(d.title && { title: d.title }),
    type: d.type,
    level: d.level,
    window: d.window,
    army,
    moves,
    ...(d.source && { source: d.source }),
  }
}

/** The document's JSON text (parseArmyDocument reads it back to the same document). */
export function formatArmyDocument(d: ArmyDocument): string {
  const g = GEOMETRIES[d.type]
  return `${JSON.stringify(
    {
      format: 'halma-army',
      version: 1,
      ...(d.title && { title: d.title }),
      type: d.type,
      level: d.level,
      window: { rows: d.window.rows, width: d.window.width },
      army: d.army.map((c) => cellLabel(g, d.window, c)).join(' '),
      moves: formatArmyMoves(g, d.window, d.moves),
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
