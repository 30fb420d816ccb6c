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
import type { LineTree } from '../frame/kind'
import { KINDS } from '../frame/kinds'
import { checkedWork, refused, type DraftCheck, type RestoredSession, type SessionState } from './session-check'
import { parseLegacySession } from './session-v2'

export type { DraftCheck, RestoredSession, SessionState }
export { SESSION_FORMAT, SESSION_VERSION }

const Name = z.string().max(1024)
const Move = z.array(z.int().min(0).max(100_000)).min(2).max(1000)
/** Most moves a session's tree holds, its lines and side lines together. */
const MAX_TREE_MOVES = MAX_LINE_MOVES + MAX_VARIATIONS * 100

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The session's move tree, checked with an explicit stack. It nests two levels a move (the 130
 * moves of a six-player game are 260 deep), deeper than the session's other parts may nest
 * (nestedTooDeep) and deeper than a schema that recurses should be given. A node is its move (the
 * cells one man visits), the moves after it and an optional comment; a line is at most
 * MAX_LINE_MOVES long.
 */
function readTree(value: unknown): Result<LineTree, Diagnostic> {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }]
  let moves = 0
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!
    const at = depth === 0 ? 'line.tree' : `line.tree, move ${depth} of a line`
    if (!isRecord(node)) return refused(`${at}: not a move of the tree`)
    const extra = Object.keys(node).find((k) => k !== 'children' && k !== 'comment' && (depth === 0 || k !== 'move'))
    if (extra !== undefined) return refused(`${at}: '${extra.slice(0, 40)}' is not a field of a move`)
    if (depth > 0 && !Move.safeParse(node['move']).success) return refused(`${at}: its move is not a list of 2 to 1000 cell numbers`)
    if (node['comment'] !== undefined && typeof node['comment'] !== 'string') return refused(`${at}: its comment is not text`)
    const children = node['children']
    if (!Array.isArray(children)) return refused(`${at}: its children are not a list of moves`)
    if (children.length > 0 && depth >= MAX_LINE_MOVES) return refused(`${at}: a line of the tree has more than ${MAX_LINE_MOVES} moves`)
    moves += children.length
    if (moves > MAX_TREE_MOVES) return refused(`line.tree: more than ${MAX_TREE_MOVES} moves`)
    for (const child of children) stack.push({ node: child, depth: depth + 1 })
  }
  return ok(value as LineTree)
}

/** The session without its move tree, whose depth readTree checks. */
function withoutTree(json: unknown): unknown {
  if (!isRecord(json) || !isRecord(json['line'])) return json
  return { ...json, line: { ...json['line'], tree: null } }
}

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
    /** The move tree: checked by readTree. */
    tree: z.unknown(),
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
    line: { tree: s.shown.tree, tip: s.shown.tip, origin: s.shown.origin, label: s.shown.label, ply: s.ply },
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
    return err(diagnostic('session.version', `it was written by a newer version of the workbench (session version ${String(head.version)})`))
  const legacy = ours && (head.version as number) < SESSION_VERSION
  const deep = nestedTooDeep(legacy ? json : withoutTree(json), 'the session')
  if (deep) return refused(deep.message)
  if (legacy) return parseLegacySession(json, draftFault)
  const shape = SessionSchema.safeParse(json)
  if (!shape.success) return refused(firstIssue(shape.error, 'the session'))
  const s = shape.data
  const savedAt = new Date(s.savedAt)
  if (Number.isNaN(savedAt.getTime())) return refused(`savedAt: '${s.savedAt.slice(0, 40)}' is not a time`)
  const kind = KINDS[s.kind]
  if (!kind) return refused(`kind: '${s.kind.slice(0, 40)}' is not a kind of document this workbench holds`)
  const tree = readTree(s.line.tree)
  if (!tree.ok) return tree
  const file = s.file.path === undefined ? { name: s.file.name } : { name: s.file.name, path: s.file.path }
  const work = checkedWork(kind, { file, text: s.document, dirty: s.dirty, ...s.line, tree: tree.value })
  if (!work.ok) return work
  if (s.editor) {
    const fault = draftFault(s.kind, s.editor.draft)
    if (fault !== null) return refused(`editor.draft: ${fault}`)
  }
  return ok({ ...work.value, savedAt, ...(s.editor && { editor: { draft: s.editor.draft, open: s.editor.open } }) })
}

