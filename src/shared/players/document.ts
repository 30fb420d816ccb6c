/**
 * Documents of games of 2 to 6 players (`*.players.json`): the game (a preset by id, or a custom
 * game as PlayersSpec data) and lines of play, each moves in turn order in the notation of line.ts.
 * Checked field by field; a fault names the field (and, for a line, the move and why).
 */
import * as z from 'zod'
import { gameFromSpec, playersPreset, WIN_RULES, type PlayersGame, type PlayersSpec } from './game'
import { verifyLine, type LineVerdict } from './line'

const SpecSchema = z.strictObject({
  board: z.string(),
  camps: z.array(z.number().int()),
  targets: z.array(z.number().int()).optional(),
  men: z.number().int(),
  longJumps: z.boolean().optional(),
  win: z.enum(WIN_RULES).optional(),
  vacate: z.boolean().optional(),
  teams: z.boolean().optional(),
  names: z.array(z.string()).optional(),
  title: z.string().optional(),
  notes: z.string().optional(),
}) satisfies z.ZodType<PlayersSpec>

const PlayersDocumentSchema = z.strictObject({
  format: z.literal('halma-players'),
  version: z.literal(1),
  title: z.string().optional(),
  /** A preset's id, or the game itself. */
  preset: z.string().optional(),
  game: SpecSchema.optional(),
  lines: z.array(
    z.strictObject({
      title: z.string(),
      moves: z.string(),
      notes: z.string().optional(),
    }),
  ),
})

export interface PlayersDocument {
  readonly title?: string
  readonly game: PlayersGame
  readonly lines: readonly { readonly title: string; readonly moves: string; readonly notes?: string }[]
}

/** A document from its JSON text, or an Error naming what is wrong and where. */
export function parsePlayersDocument(text: string, where = 'document'): PlayersDocument {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new Error(`${where}: not JSON (${(e as Error).message})`, { cause: e })
  }
  const r = PlayersDocumentSchema.safeParse(data)
  if (!r.success) {
    const i = r.error.issues[0]!
    throw new Error(`${where}: ${i.path.join('.') || 'the document'}: ${i.message}`)
  }
  const d = r.data
  if ((d.preset === undefined) === (d.game === undefined))
    throw new Error(`${where}: give either preset or game, not ${d.preset ? 'both' : 'neither'}`)
  let game: PlayersGame
  try {
    game = d.preset !== undefined ? playersPreset(d.preset) : gameFromSpec(d.game!)
  } catch (e) {
    throw new Error(`${where}: ${d.preset !== undefined ? 'preset' : 'game'}: ${(e as Error).message}`, { cause: e })
  }
  return { ...(d.title !== undefined && { title: d.title }), game, lines: d.lines }
}

/** Every line of a document played from the start: the verdicts, in order. */
export function verifyDocument(doc: PlayersDocument): { readonly title: string; readonly verdict: LineVerdict }[] {
  return doc.lines.map((l) => ({ title: l.title, verdict: verifyLine(doc.game, l.moves) }))
}

/** A document's JSON text. */
export function formatPlayersDocument(doc: {
  readonly title?: string
  readonly preset?: string
  readonly game?: PlayersSpec
  readonly lines: PlayersDocument['lines']
}): string {
  return `${JSON.stringify({ format: 'halma-players', version: 1, ...doc }, null, 2)}\n`
}

/** Whether a text claims to be a players document (its format field, near the start). */
export function isPlayersDocumentText(text: string): boolean {
  return /"format"\s*:\s*"halma-players"/.test(text.slice(0, 400))
}

/** Why the text is not a valid players document (its lines must verify too), or null if it is one. */
export function playersDocumentFault(text: string): string | null {
  try {
    const doc = parsePlayersDocument(text)
    const bad = verifyDocument(doc).find((l) => !l.verdict.ok)
    return bad ? `line '${bad.title}': ${bad.verdict.error}` : null
  } catch (e) {
    return (e as Error).message
  }
}
