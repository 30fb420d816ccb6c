/**
 * The autosaved session: what is needed to put the user's work back after a reload or a crash, for
 * a document of any kind. The document (as its file would hold it) and its kind, its file, whether it
 * had unsaved changes, the stepper's move tree (every move as the cells it visits, with side lines
 * and comments), the node its line runs through, its label and move, the stored line it is, and an
 * editor's edits not yet in use. Printed as JSON text for the host to keep (IndexedDB in the
 * browser, a file in the desktop app's data folder), and checked in full when read back: the
 * document as when it is opened, every line of the tree played by its kind; a session that does not
 * load is refused with the reason, whole, so the workbench starts clean instead of half restored.
 * Sessions of earlier versions (one problem document, and a solitaire army and a game of N players
 * beside it) are read by session-v2.ts.
 */
import * as z from 'zod'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../shared/result'
import { MAX_LINE_MOVES, MAX_VARIATIONS, nestedTooDeep, textTooLarge } from '../../shared/limits'
import { firstIssue } from '../../shared/schema-faults'
import { SESSION_FORMAT, SESSION_VERSION } from '../../shared/session-format'
import type { Path } from '../frame/kind'
import { flatTree, treeOfFlat } from '../../shared/variations'
import { KINDS } from '../frame/kinds'
import { checkedWork, refused, type DraftCheck, type RestoredSession, type SessionState } from './session-check'
import { parseLegacySession } from './session-v2'

export type { DraftCheck, RestoredSession, SessionState }
export { SESSION_FORMAT, SESSION_VERSION }

/** The most moves a session's tree may hold: a whole line and its side lines at a hundred moves each. */
export const MAX_SESSION_NODES = MAX_LINE_MOVES + MAX_VARIATIONS * 100

const Name = z.string().max(1024)
const Move = z.array(z.int().min(0).max(100_000)).min(2).max(1000)
// The tree is written flat (shared/variations.ts flatTree): a line as long as the limits allow
// nests no deeper than one node, for JSON and for the checks alike.
const FlatNodeSchema = z.strictObject({ parent: z.int().min(-1), move: Move, comment: z.string().optional() })
const TreeSchema = z.strictObject({ nodes: z.array(FlatNodeSchema).max(MAX_SESSION_NODES), comment: z.string().optional() })

const SessionSchema = z.strictObject({
  format: z.literal(SESSION_FORMAT),
  version: z.literal(SESSION_VERSION),
  /** When it was written (ISO 8601). */
  savedAt: z.string(),
  /** The document's kind (frame/kinds.ts). */
  kind: z.string(),
  file: z.strictObject({ name: Name, path: z.string().max(4096).optional() }),
  /** The document as its file would hold it. */
  document: z.string(),
  /** The document had changes not saved to its file. */
  dirty: z.boolean(),
  line: z.strictObject({
    tree: TreeSchema,
    /** The node the line followed runs through. */
    tip: z.array(z.int().min(0)).max(10_000),
    /** The stored line the tree is, or null. */
    origin: z.int().min(0).nullable(),
    label: z.strictObject({ base: z.string(), playedFrom: z.int().min(0).nullable() }),
    /** The stepper's position. */
    ply: z.int().min(0),
  }),
  /** An editor's edits not yet in use (the kind's editor checks them), and whether the editor was the mode shown. */
  editor: z.strictObject({ draft: z.unknown(), open: z.boolean() }).optional(),
})

/** The session as text (savedAt: the time it is written). */
export function formatSession(s: SessionState, savedAt: Date): string {
  const kind = KINDS[s.kind]!
  return JSON.stringify({
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    savedAt: savedAt.toISOString(),
    kind: s.kind,
    file: s.file.path === undefined ? { name: s.file.name } : { name: s.file.name, path: s.file.path },
    document: kind.format(s.document),
    dirty: s.dirty,
    line: { tree: flatTree(s.shown.tree), tip: s.shown.tip, origin: s.shown.origin, label: s.shown.label, ply: s.ply },
    ...(s.editor && { editor: s.editor }),
  })
}

/**
 * Read a session back; every part is checked. It never throws: whatever a stored text holds, the
 * workbench must start (a session that made it throw once stopped it on every reload), so an
 * unexpected fault is a refusal like any other.
 */
export function parseSession(text: string, draftFault: DraftCheck = () => null): Result<RestoredSession, Diagnostic> {
  try {
    return readSession(text, draftFault)
  } catch (e) {
    return refused(`it could not be read (${e instanceof Error ? e.message : String(e)})`)
  }
}

function readSession(text: string, draftFault: DraftCheck): Result<RestoredSession, Diagnostic> {
  const large = textTooLarge(text, 'the session')
  if (large) return refused(large.message)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return refused(`it is not valid JSON (${(e as Error).message})`)
  }
  const head = json as { format?: unknown; version?: unknown } | null
  const ours = head?.format === SESSION_FORMAT && typeof head.version === 'number'
  if (ours && (head.version as number) > SESSION_VERSION)
    return err(
      diagnostic('session.version', `it was written by a newer version of the workbench (session version ${String(head.version)})`),
    )
  const deep = nestedTooDeep(json, 'the session')
  if (deep) return refused(deep.message)
  if (ours && (head.version as number) < SESSION_VERSION) return parseLegacySession(json, draftFault)
  const shape = SessionSchema.safeParse(json)
  if (!shape.success) return refused(firstIssue(shape.error, 'the session'))
  const s = shape.data
  const savedAt = new Date(s.savedAt)
  if (Number.isNaN(savedAt.getTime())) return refused(`savedAt: '${s.savedAt.slice(0, 40)}' is not a time`)
  const kind = KINDS[s.kind]
  if (!kind) return refused(`kind: '${s.kind.slice(0, 40)}' is not a kind of document this workbench holds`)
  const file = s.file.path === undefined ? { name: s.file.name } : { name: s.file.name, path: s.file.path }
  const tree = treeOfFlat<Path>(s.line.tree)
  if ('bad' in tree) return refused(`line.tree.nodes[${tree.bad}]: its parent is not a node written before it`)
  const work = checkedWork(kind, { file, text: s.document, dirty: s.dirty, ...s.line, tree })
  if (!work.ok) return work
  if (s.editor) {
    const fault = draftFault(s.kind, s.editor.draft)
    if (fault !== null) return refused(`editor.draft: ${fault}`)
  }
  return ok({ ...work.value, savedAt, ...(s.editor && { editor: { draft: s.editor.draft, open: s.editor.open } }) })
}
