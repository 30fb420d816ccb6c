/**
 * A session's parts checked against their kind (shared by the readers of every session version):
 * the document loads, every line of the tree plays, the tip is a node of the tree.
 */
import type { DocumentFile } from '../../preload/api'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../shared/result'
import { hasNode, lineEnd } from '../../shared/variations'
import type { AnyKind, LineTree } from '../frame/kind'
import { treeFault, treeKey, type Shown } from '../frame/line'
import type { LineLabel } from './line-label'

/** What the workbench holds, to be kept. */
export interface SessionState {
  readonly kind: string
  readonly file: DocumentFile
  /** The document as its kind holds it. */
  readonly document: unknown
  readonly dirty: boolean
  readonly shown: Shown
  readonly ply: number
  readonly editor?: { readonly draft: unknown; readonly open: boolean }
}

/** A session read back and checked: ready to be put in place. */
export interface RestoredSession extends SessionState {
  readonly savedAt: Date
}

/** How an editor's edits are checked on reading back: a fault, or null. */
export type DraftCheck = (kind: string, draft: unknown) => string | null

/** A session refused, with the reason. */
export const refused = (what: string): Result<never, Diagnostic> => err(diagnostic('session.invalid', what))

/**
 * Check a session's work against its kind: the document loads, every line of the tree plays, the
 * tip is a node of the tree, the stored line it claims to be is one; the move shown is kept within the line.
 */
export function checkedWork(
  kind: AnyKind,
  s: { file: DocumentFile; text: string; dirty: boolean; tree: LineTree; tip: readonly number[]; origin: number | null; label: LineLabel; ply: number },
): Result<Omit<SessionState, 'editor'>, Diagnostic> {
  const doc = kind.parse(s.text, s.file.name)
  if (!doc.ok) return refused(`its document does not load: ${doc.error}`)
  const fault = treeFault(kind, doc.value, s.tree)
  if (fault !== null) return refused(`its line does not play: ${fault}`)
  if (!hasNode(s.tree, s.tip)) return refused(`line.tip: [${s.tip.join(', ')}] is not a move of its tree`)
  const stored = s.origin === null ? undefined : kind.lines(doc.value)[s.origin]
  const origin = stored && treeKey(stored.tree) === treeKey(s.tree) ? s.origin : null
  const shown: Shown = { tree: s.tree, tip: s.tip, label: s.label, origin }
  // The line runs on from the tip along its main continuation: the ply may go that far.
  const depth = lineEnd(s.tree, s.tip).length
  return ok({ kind: kind.id, file: s.file, document: doc.value, dirty: s.dirty, shown, ply: Math.min(s.ply, depth) })
}

