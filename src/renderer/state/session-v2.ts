/**
 * Sessions written by earlier workbenches (versions 1 and 2), read so that work autosaved before an
 * update is not lost: then the session held a problem document with its line (in the paper's
 * notation, with version 2's side lines and comments), and beside it a solitaire army and a game of
 * N players, each with whether it was the one shown. The one shown becomes the current document
 * (its stepper at the move it was on); it is marked unsaved when it may have been (an army or a game
 * then had no unsaved mark).
 */
import * as z from 'zod'
import { CommentsSchema, VariationSchema, type HalmaDocument } from '../../shared/halma/document'
import { treeOfSpec } from '../../shared/halma/solution-tree'
import { lineOf } from '../../shared/halma/timeline'
import { describe, ok, type Diagnostic, type Result } from '../../shared/result'
import { firstIssue } from '../../shared/schema-faults'
import { emptyTree } from '../../shared/variations'
import type { AnyKind } from '../frame/kind'
import { KINDS } from '../frame/kinds'
import { checkedWork, refused, type DraftCheck, type RestoredSession } from './session-check'

const Name = z.string().max(1024)
const LegacySchema = z.strictObject({
  format: z.literal('halma-workbench-session'),
  version: z.union([z.literal(1), z.literal(2)]),
  savedAt: z.string(),
  file: z.strictObject({ name: Name, path: z.string().max(4096).optional() }),
  document: z.string(),
  dirty: z.boolean(),
  line: z.strictObject({
    moves: z.string(),
    comments: CommentsSchema.optional(),
    variations: z.array(VariationSchema).optional(),
    tip: z.array(z.int().min(0)).max(10_000).optional(),
    origin: z.int().min(0).nullable().optional(),
    label: z.strictObject({ base: z.string(), playedFrom: z.int().min(0).nullable() }),
    ply: z.int().min(0),
  }),
  editor: z.strictObject({ draft: z.unknown(), open: z.boolean() }).optional(),
  army: z.strictObject({ name: Name, document: z.string(), step: z.int().min(0), shown: z.boolean() }).optional(),
  players: z.strictObject({ name: Name, document: z.string(), line: z.int().min(0), step: z.int().min(0), shown: z.boolean() }).optional(),
})

/** An army or a game that was shown: its document, on its stored line `k` at move `step`. */
function shownWork(kind: AnyKind, name: string, text: string, k: number, step: number): Result<RestoredSession, Diagnostic> | null {
  const doc = kind.parse(text, name)
  if (!doc.ok) return refused(`its ${kind.noun} document does not load: ${doc.error}`)
  const line = kind.lines(doc.value)[k]
  const label = { base: line ? `${kind.lineNoun} ${k + 1}${line.title ? `: ${line.title}` : ''}` : '', playedFrom: null }
  const work = checkedWork(kind, {
    file: { name },
    text,
    dirty: true,
    tree: line?.tree ?? emptyTree(),
    tip: [],
    origin: line ? k : null,
    label,
    ply: step,
  })
  return work.ok ? ok({ ...work.value, savedAt: new Date() }) : work
}

export function parseLegacySession(json: unknown, draftFault: DraftCheck): Result<RestoredSession, Diagnostic> {
  const shape = LegacySchema.safeParse(json)
  if (!shape.success) return refused(firstIssue(shape.error, 'the session'))
  const s = shape.data
  const savedAt = new Date(s.savedAt)
  if (Number.isNaN(savedAt.getTime())) return refused(`savedAt: '${s.savedAt.slice(0, 40)}' is not a time`)
  const at = (r: Result<RestoredSession, Diagnostic> | null): Result<RestoredSession, Diagnostic> | null =>
    r && r.ok ? ok({ ...r.value, savedAt }) : r
  if (s.army?.shown) return at(shownWork(KINDS['army']!, s.army.name, s.army.document, 0, s.army.step))!
  if (s.players?.shown) return at(shownWork(KINDS['players']!, s.players.name, s.players.document, s.players.line, s.players.step))!
  const halma = KINDS['halma']!
  const parsed = halma.parse(s.document, s.file.name)
  if (!parsed.ok) return refused(`its document does not load: ${parsed.error}`)
  const problem = (parsed.value as HalmaDocument).problem
  const main = lineOf(problem, s.line.moves)
  if (!main.ok) return refused(`its line does not play: ${describe(main.error)}`)
  const spec = { moves: s.line.moves, ...(s.line.comments && { comments: s.line.comments }), ...(s.line.variations && { variations: s.line.variations }) }
  const tree = treeOfSpec(problem.board, main.value.moves.map((m) => m.move.path), spec, 'line')
  if (!tree.ok) return refused(`its side lines do not load: ${describe(tree.error)}`)
  const file = s.file.path === undefined ? { name: s.file.name } : { name: s.file.name, path: s.file.path }
  const work = checkedWork(halma, { file, text: s.document, dirty: s.dirty, tree: tree.value, tip: s.line.tip ?? [], origin: s.line.origin ?? null, label: s.line.label, ply: s.line.ply })
  if (!work.ok) return work
  if (s.editor) {
    const fault = draftFault(halma.id, s.editor.draft)
    if (fault !== null) return refused(`editor.draft: ${fault}`)
  }
  return ok({ ...work.value, savedAt, ...(s.editor && { editor: { draft: s.editor.draft, open: s.editor.open } }) })
}
