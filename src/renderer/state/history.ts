/**
 * Undo history of a document, as an immutable value: each state has an id, and the id of the
 * state last saved tells whether there are unsaved changes (undoing back to it makes the document
 * clean again; editing after an undo drops the redo branch, saved state included).
 */

export interface Revision<T> {
  readonly value: T
  readonly id: number
}

export interface History<T> {
  readonly past: readonly Revision<T>[]
  readonly present: Revision<T>
  readonly future: readonly Revision<T>[]
  /** Id of the state on disk, or null if no state in the history is. */
  readonly savedId: number | null
  readonly nextId: number
}

/** Undo steps kept. */
export const HISTORY_LIMIT = 200

/** A history holding one state, saved (a file just opened) or not (a new document is clean too). */
export function startHistory<T>(value: T): History<T> {
  return { past: [], present: { value, id: 0 }, future: [], savedId: 0, nextId: 1 }
}

export function edit<T>(h: History<T>, value: T): History<T> {
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT)
  // A saved state in the dropped redo branch can no longer be reached.
  const savedId = h.future.some((r) => r.id === h.savedId) ? null : h.savedId
  return { past, present: { value, id: h.nextId }, future: [], savedId, nextId: h.nextId + 1 }
}

export const canUndo = <T>(h: History<T>): boolean => h.past.length > 0
export const canRedo = <T>(h: History<T>): boolean => h.future.length > 0

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1]
  if (!prev) return h
  return { ...h, past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] }
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future
  if (!next) return h
  return { ...h, past: [...h.past, h.present], present: next, future: rest }
}

export function markSaved<T>(h: History<T>): History<T> {
  return { ...h, savedId: h.present.id }
}

export const isDirty = <T>(h: History<T>): boolean => h.present.id !== h.savedId

/** The window title: the file, a mark when it has unsaved changes, and the app. */
export function windowTitle(fileName: string, dirty: boolean): string {
  return `${fileName}${dirty ? ' ●' : ''} — Halma Workbench`
}

/** The history with its present state replaced in place: a change that is no undo step (going to another line). */
export function replacePresent<T>(h: History<T>, value: T): History<T> {
  return { ...h, present: { value, id: h.present.id } }
}
