/**
 * The autosaved session: what is needed to put the user's work back after a reload or a crash.
 * The open document (as its file would hold it), its file, whether it had unsaved changes, the move
 * tree in the stepper (its side lines and comments as a document stores them), the line followed,
 * its label and ply, and the stored solution it is, the editor's edits not yet in use, and the solitaire army
 * document with its stepper's position and whether it was the one shown. Printed as JSON
 * text for the host to keep (IndexedDB in the browser, a file in the desktop app's data folder),
 * and checked in full when read back: a session that does not load is refused with the reason,
 * whole, so the workbench starts clean instead of half restored.
 */
import * as z from 'zod'
import type { DocumentFile } from '../../preload/api'
import { CommentsSchema, formatDocument, parseDocument, VariationSchema, type HalmaDocument } from '../../shared/halma/document'
import { MAX_GRID, type Draft } from '../../shared/halma/draft'
import { describe, diagnostic, err, ok, type Diagnostic, type Result } from '../../shared/result'
import { DIAGONALS, MOVE_SETS } from '../../shared/halma/rules'
import { PROBLEM_KINDS } from '../../shared/halma/problem'
import { clampPly, lineOf, type Timeline } from '../../shared/halma/timeline'
import { checkVariations, specOfTree, treeOfSpec, type PathTree } from '../../shared/halma/solution-tree'
import { hasNode, lineEnd, movesTo, type NodePath } from '../../shared/variations'
import { formatArmyDocument, parseArmyDocument, type ArmyDocument } from '../../shared/army/document'
import { playersDocumentFault } from '../../shared/players/document'
import type { LineLabel } from './line-label'
import { SESSION_FORMAT, SESSION_VERSION } from '../../shared/session-format'
import { nestedTooDeep, textTooLarge } from '../../shared/limits'
import { firstIssue } from '../../shared/schema-faults'

export { SESSION_FORMAT, SESSION_VERSION }
/** Version 1 sessions (a line, no tree) still load. */
const SESSION_VERSIONS = [1, 2] as const

const Name = z.string().max(1024)

const DraftSchema = z
  .strictObject({
    kind: z.enum(PROBLEM_KINDS),
    title: z.string(),
    width: z.int().min(2).max(MAX_GRID),
    height: z.int().min(2).max(MAX_GRID),
    mask: z.array(z.string()),
    preset: z.string().optional(),
    rules: z.strictObject({ moves: z.enum(MOVE_SETS), diagonal: z.enum(DIAGONALS), jumpsOnly: z.boolean(), longJumps: z.boolean() }),
    armies: z
      .array(z.array(z.string().max(4)))
      .min(1)
      .max(2),
    target: z.union([z.enum(['mirror', 'rotate']), z.array(z.string().max(4))]),
    titleTyped: z.boolean().optional(),
  })
  // The editor paints the mask row by row: a row missing or too short would have no cells to paint.
  .refine((d) => d.mask.length === d.height && d.mask.every((row) => row.length === d.width), {
    message: 'the board mask does not match its width and height',
    path: ['mask'],
  })

const SessionSchema = z.strictObject({
  format: z.literal(SESSION_FORMAT),
  version: z.union(SESSION_VERSIONS.map((v) => z.literal(v)) as [z.ZodLiteral<1>, z.ZodLiteral<2>]),
  /** When it was written (ISO 8601). */
  savedAt: z.string(),
  file: z.strictObject({ name: Name, path: z.string().max(4096).optional() }),
  /** The document as its file would hold it (formatDocument). */
  document: z.string(),
  /** The document had changes not saved to its file. */
  dirty: z.boolean(),
  line: z.strictObject({
    /** The tree's main line in the paper's notation ('' for none). */
    moves: z.string(),
    /** Version 2: its comments and side lines, as a document stores them (solution-tree.ts). */
    comments: CommentsSchema.optional(),
    variations: z.array(VariationSchema).optional(),
    /** Version 2: the node the line followed runs through (state/line-tree.ts). */
    tip: z.array(z.int().min(0)).max(10_000).optional(),
    /** Version 2: the stored solution the tree is, or null. */
    origin: z.int().min(0).nullable().optional(),
    label: z.strictObject({ base: z.string(), playedFrom: z.int().min(0).nullable() }),
    /** The stepper's position. */
    ply: z.int().min(0),
  }),
  /** The editor's edits not yet in use, and whether the editor was the mode shown. */
  editor: z.strictObject({ draft: DraftSchema, open: z.boolean() }).optional(),
  /** The solitaire army document (as its file would hold it), its file name, the stepper's move, and whether it was shown. */
  army: z.strictObject({ name: Name, document: z.string(), step: z.int().min(0), shown: z.boolean() }).optional(),
  /** The game of 2 to 6 players (its document, the stepper's line in it), the line shown, the stepper's move, and whether it was shown. */
  players: z.strictObject({ name: Name, document: z.string(), line: z.int().min(0), step: z.int().min(0), shown: z.boolean() }).optional(),
})

/** What the workbench holds, to be kept. */
export interface SessionState {
  readonly file: DocumentFile
  readonly document: HalmaDocument
  readonly dirty: boolean
  /** The stepper's move tree, the node its line runs through, and the stored solution it is. */
  readonly tree: PathTree
  readonly tip: NodePath
  readonly origin: number | null
  readonly label: LineLabel
  readonly ply: number
  readonly editor?: { readonly draft: Draft; readonly open: boolean }
  readonly army?: { readonly name: string; readonly document: ArmyDocument; readonly step: number; readonly shown: boolean }
  /** The N-player game: its document's text (checked on reading back), the line shown and the move. */
  readonly players?: {
    readonly name: string
    readonly document: string
    readonly line: number
    readonly step: number
    readonly shown: boolean
  }
}

/** A session read back and checked: ready to be put in place. */
export interface RestoredSession extends SessionState {
  readonly savedAt: Date
  /** The line the stepper follows. */
  readonly line: Timeline
}

/** The session as text (savedAt: the time it is written). */
export function formatSession(s: SessionState, savedAt: Date): string {
  return JSON.stringify({
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    savedAt: savedAt.toISOString(),
    file: s.file.path === undefined ? { name: s.file.name } : { name: s.file.name, path: s.file.path },
    document: formatDocument(s.document),
    dirty: s.dirty,
    line: { ...specOfTree(s.document.problem.board, s.tree), tip: s.tip, origin: s.origin, label: s.label, ply: s.ply },
    ...(s.editor && { editor: s.editor }),
    ...(s.army && { army: { ...s.army, document: formatArmyDocument(s.army.document) } }),
    ...(s.players && { players: s.players }),
  })
}

const refused = (what: string): Result<never, Diagnostic> => err(diagnostic('session.invalid', what))

/**
 * Read a session back; every part is checked (the document and the line as when they are opened).
 * It never throws: whatever a stored text holds, the workbench must start (a session that made it
 * throw once stopped it on every reload), so an unexpected fault is a refusal like any other.
 */
export function parseSession(text: string): Result<RestoredSession, Diagnostic> {
  try {
    return readSession(text)
  } catch (e) {
    return refused(`it could not be read (${e instanceof Error ? e.message : String(e)})`)
  }
}

function readSession(text: string): Result<RestoredSession, Diagnostic> {
  const large = textTooLarge(text, 'the session')
  if (large) return refused(large.message)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return refused(`it is not valid JSON (${(e as Error).message})`)
  }
  const head = json as { format?: unknown; version?: unknown } | null
  if (head?.format === SESSION_FORMAT && typeof head.version === 'number' && head.version > SESSION_VERSION)
    return err(diagnostic('session.version', `it was written by a newer version of the workbench (session version ${head.version})`))
  const deep = nestedTooDeep(json, 'the session')
  if (deep) return refused(deep.message)
  const shape = SessionSchema.safeParse(json)
  if (!shape.success) {
    return refused(firstIssue(shape.error, 'the session'))
  }
  const s = shape.data
  const savedAt = new Date(s.savedAt)
  if (Number.isNaN(savedAt.getTime())) return refused(`savedAt: '${s.savedAt.slice(0, 40)}' is not a time`)
  const doc = parseDocument(s.document)
  if (!doc.ok) return refused(`its document does not load: ${doc.error.map(describe).join('; ')}`)
  const problem = doc.value.problem
  const main = lineOf(problem, s.line.moves)
  if (!main.ok) return refused(`its line does not play: ${describe(main.error)}`)
  const tree = treeOfSpec(
    problem.board,
    main.value.moves.map((m) => m.move.path),
    {
      moves: s.line.moves,
      ...(s.line.comments && { comments: s.line.comments }),
      ...(s.line.variations && { variations: s.line.variations }),
    },
    'line',
  )
  if (!tree.ok) return refused(`its side lines do not load: ${describe(tree.error)}`)
  const legal = checkVariations(problem, tree.value)
  if (!legal.ok) return refused(`its side lines do not play: ${legal.error.message}`)
  const tip = s.line.tip ?? []
  if (!hasNode(tree.value, tip)) return refused(`line.tip: [${tip.join(', ')}] is not a move of its tree`)
  const line = lineOf(problem, movesTo(tree.value, lineEnd(tree.value, tip)))
  if (!line.ok) return refused(`its line does not play: ${describe(line.error)}`)
  let army: SessionState['army']
  if (s.army) {
    try {
      const d = parseArmyDocument(s.army.document, s.army.name)
      army = { name: s.army.name, document: d, step: Math.min(s.army.step, d.moves.length), shown: s.army.shown }
    } catch (e) {
      return refused(`its army document does not load: ${(e as Error).message}`)
    }
  }
  if (s.players) {
    const fault = playersDocumentFault(s.players.document)
    if (fault !== null) return refused(`its game of ${s.players.name} does not load: ${fault}`)
  }
  return ok({
    savedAt,
    file: s.file.path === undefined ? { name: s.file.name } : { name: s.file.name, path: s.file.path },
    document: doc.value,
    dirty: s.dirty,
    tree: tree.value,
    tip,
    origin: s.line.origin ?? null,
    line: line.value,
    label: s.line.label,
    ply: clampPly(line.value, s.line.ply),
    ...(s.editor && { editor: { draft: s.editor.draft as Draft, open: s.editor.open } }),
    ...(army && { army }),
    ...(s.players && { players: s.players }),
  })
}
