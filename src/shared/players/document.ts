/**
 * Documents of games of 2 to 6 players (`*.players.json`): the game (a preset by id, or a custom
 * game as PlayersSpec data) and lines of play, each moves in turn order in the notation of line.ts.
 * Checked field by field; a fault names the field (and, for a line, the move and why).
 */
import * as z from 'zod'
import { gameFromSpec, playersPreset, WIN_RULES, type PlayersGame, type PlayersSpec } from './game'
import { verifyLine, type LineVerdict } from './line'
import { readJson } from '../read-json'
import { firstIssue } from '../schema-faults'

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

/** The format version this code reads and writes. */
const PLAYERS_VERSION = 1

const PlayersDocumentSchema = z.strictObject({
  format: z.literal('halma-players'),
  version: z.literal(PLAYERS_VERSION),
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
  const data = readJson(text, where, 'players document')
  const version = (data as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version > PLAYERS_VERSION)
    throw new Error(`${where}: version: the file has format version ${version}, newer than this program reads (${PLAYERS_VERSION}); update Halma Workbench`)
  const r = PlayersDocumentSchema.safeParse(data)
  if (!r.success) throw new Error(`${where}: ${firstIssue(r.error, 'the document')}`)
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
