/**
 * Edits of a problem document, as plain functions from a document to the next (the frame puts the
 * next on its undo history): the rules changed, the problem replaced by the editor's, a solution
 * found by the search or a listed game stored. Each is checked by the core; a fault names what is
 * wrong; a note says what happened to the stored solutions.
 */
import { interpret, type DocumentSpec, type HalmaDocument } from '../../../shared/halma/document'
import { lineOf } from '../../../shared/halma/timeline'
import { describe } from '../../../shared/result'

export type Edit = { ok: true; value: { doc: HalmaDocument; note: string } } | { ok: false; error: string }

function checked(spec: DocumentSpec, note: string): Edit {
  const r = interpret(spec)
  return r.ok ? { ok: true, value: { doc: r.value, note } } : { ok: false, error: r.error.map(describe).join('; ') }
}

/**
 * Change the rules; stored solutions that are not legal under the new rules are removed, and the
 * note says how many (Undo brings them back). Issue 16, defect 4: they were kept, shown over an
 * empty stepper, and saved into files `halma verify` refused.
 */
export function changeRules(doc: HalmaDocument, rules: DocumentSpec['rules']): Edit {
  const spec = { ...doc.spec, rules }
  const next = interpret({ ...spec, solutions: [] })
  if (!next.ok) return { ok: false, error: next.error.map(describe).join('; ') }
  const kept = (doc.spec.solutions ?? []).filter((s) => lineOf(next.value.problem, Array.isArray(s.moves) ? s.moves.join(', ') : s.moves).ok)
  const removed = (doc.spec.solutions?.length ?? 0) - kept.length
  const out: DocumentSpec = { ...spec, solutions: kept }
  if (kept.length === 0) delete out.solutions
  const one = removed === 1
  return checked(
    out,
    removed > 0
      ? `rules changed; ${one ? '1 stored solution is' : `${removed} stored solutions are`} not legal under them and ${one ? 'was' : 'were'} removed (Undo brings ${one ? 'it' : 'them'} back)`
      : 'rules changed',
  )
}

/** Replace the problem with an edited one. Stored solutions go when the problem changes (Undo brings them back). */
export function replaceProblem(doc: HalmaDocument, spec: DocumentSpec): Edit {
  const old = doc.spec
  const key = (s: DocumentSpec): string => JSON.stringify([s.kind, s.board, s.rules, s.armies])
  const same = key(old) === key(spec)
  const dropped = !same && (old.solutions?.length ?? 0) > 0
  return checked(
    { ...spec, ...(old.notes !== undefined && { notes: old.notes }), ...(same && old.solutions !== undefined && { solutions: old.solutions }) },
    dropped ? 'problem changed; its stored solutions were for the old problem and are gone (Undo brings them back)' : 'problem changed',
  )
}

/** Store a line of moves (a search's solution, a game it listed) as a solution. */
export function addSolution(doc: HalmaDocument, moves: string, title: string, notes?: string): Edit {
  return checked(
    { ...doc.spec, solutions: [...(doc.spec.solutions ?? []), { title, moves, ...(notes !== undefined && { notes }) }] },
    `${title}: stored as solution ${(doc.spec.solutions?.length ?? 0) + 1}`,
  )
}
