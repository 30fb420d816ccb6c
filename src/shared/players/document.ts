/**
 * Documents of games of 2 to 6 players (`*.players.json`): the game (a preset by id, or a custom
 * game as PlayersSpec data) and lines of play, each moves in turn order in the notation of line.ts.
 * Checked field by field; a fault names the field (and, for a line, the move and why).
 */
import * as z from 'zod'
import { gameFromSpec, playersPreset, WIN_RULES, type PlayersGame, type PlayersSpec } from './game'
import { cellNames, cellOf, verifyLine, type LineVerdict } from './line'
import { readJson } from '../read-json'
import { describe, diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { firstIssue } from '../schema-faults'
import { annotationSchemas, specOfTree as annotationsOf, treeFromSpec, type AnnotationsSpec, type Notation } from '../tree-spec'
import { mainLine, type MoveTree } from '../variations'

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

const { comments: CommentsSchema, variation: VariationSchema } = annotationSchemas('the notation of line.ts (a player prefix optional)')

/** The newest format version this code reads, and writes when a line has side lines or comments (else 1). */
const PLAYERS_VERSION = 2

const PlayersDocumentSchema = z.strictObject({
  format: z.literal('halma-players'),
  version: z.union([z.literal(1), z.literal(PLAYERS_VERSION)]),
  title: z.string().optional(),
  /** A preset's id, or the game itself. */
  preset: z.string().optional(),
  game: SpecSchema.optional(),
  lines: z.array(
    z.strictObject({
      title: z.string(),
      moves: z.string(),
      notes: z.string().optional(),
      comments: CommentsSchema.optional().describe('version 2: comments on its moves ("0": the start)'),
      variations: z.array(VariationSchema).optional().describe('version 2: side lines branching from it'),
    }),
  ),
})

/** A line of a document: its title, its moves (in turn order, from the start), notes, side lines and comments. */
export interface PlayersLine extends AnnotationsSpec {
  readonly title: string
  readonly moves: string
  readonly notes?: string
}

export interface PlayersDocument {
  readonly title?: string
  readonly game: PlayersGame
  readonly lines: readonly PlayersLine[]
}

/** A move as the cells it visits (board cell numbers). */
type Path = readonly number[]

/** The notation of a game's moves (line.ts): a player's prefix is optional when read and left out when written. */
export function playersNotation(g: PlayersGame): Notation<Path> {
  const name = (p: Path): string => p.map((c) => cellNames(g)[c]!).join('-')
  return {
    read: (moves, at) => {
      try {
        return ok(
          (typeof moves === 'string' ? moves.split(/[,\n]/) : [...moves])
            .map((m) => m.trim())
            .filter((m) => m !== '')
            .map((m) => m.replace(/^[a-z]+\s*:\s*/i, '').split('-').map((c) => cellOf(g, c.trim()))),
        )
      } catch (e) {
        return err(diagnostic('players.move', (e as Error).message, at))
      }
    },
    write: (moves) => moves.map(name).join(', '),
    same: (a, b) => a.length === b.length && a.every((c, k) => b[k] === c),
    name,
  }
}

/** A line as a move tree: its moves and its side lines and comments (their shape checked, not their legality). */
export function lineTree(g: PlayersGame, line: PlayersLine, where = 'line'): Result<MoveTree<Path>, Diagnostic> {
  const n = playersNotation(g)
  const main = n.read(line.moves, `${where}.moves`)
  return main.ok ? treeFromSpec(main.value, line, n, where) : main
}

/** A line written from a move tree (the main line in full, with each move's player). */
export function lineOfTree(g: PlayersGame, tree: MoveTree<Path>, title: string, notes?: string): PlayersLine {
  const n = playersNotation(g)
  const moves = mainLine(tree).map((p, k) => `${g.players[k % g.players.length]!.name}: ${n.name(p)}`).join(', ')
  return { title, moves, ...(notes !== undefined && { notes }), ...annotationsOf(tree, n.write) }
}

/**
 * A game's spec from loose data (a protocol line's or an option's JSON), checked field by field
 * and playable, or an Error naming the field (`where: camps[1]: ...`).
 */
export function parsePlayersSpec(data: unknown, where: string): PlayersSpec {
  const r = SpecSchema.safeParse(data)
  if (!r.success) throw new Error(`${where}: ${firstIssue(r.error, 'the game')}`)
  try {
    gameFromSpec(r.data)
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`, { cause: e })
  }
  return r.data
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
  const annotated = d.lines.findIndex((l) => l.comments !== undefined || l.variations !== undefined)
  if (annotated >= 0 && d.version < 2) throw new Error(`${where}: lines[${annotated}]: side lines and comments need version 2`)
  if ((d.preset === undefined) === (d.game === undefined))
    throw new Error(`${where}: give either preset or game, not ${d.preset ? 'both' : 'neither'}`)
  let game: PlayersGame
  try {
    game = d.preset !== undefined ? playersPreset(d.preset) : gameFromSpec(d.game!)
  } catch (e) {
    throw new Error(`${where}: ${d.preset !== undefined ? 'preset' : 'game'}: ${(e as Error).message}`, { cause: e })
  }
  for (const [k, l] of d.lines.entries()) {
    const t = lineTree(game, l, `lines[${k}]`)
    if (!t.ok) throw new Error(`${where}: ${describe(t.error)}`)
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
  const annotated = doc.lines.some((l) => l.comments !== undefined || l.variations !== undefined)
  return `${JSON.stringify({ format: 'halma-players', version: annotated ? 2 : 1, ...doc }, null, 2)}\n`
}

/** Whether a text claims to be a players document (its format field, near the start). */
export function isPlayersDocumentText(text: string): boolean {
  return /"format"\s*:\s*"halma-players"/.test(text.slice(0, 400))
}

