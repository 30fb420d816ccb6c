// The document's undo history and its unsaved state, as plain values.
import { describe, expect, it } from 'vitest'
import {
  canRedo,
  canUndo,
  edit,
  HISTORY_LIMIT,
  isDirty,
  markSaved,
  redo,
  replacePresent,
  startHistory,
  undo,
  windowTitle,
} from '../../src/renderer/state/history'

describe('undo history', () => {
  it('a fresh document is clean; an edit makes it dirty; undo back to the saved state makes it clean', () => {
    let h = startHistory('a')
    expect(isDirty(h)).toBe(false)
    h = edit(h, 'b')
    expect(isDirty(h)).toBe(true)
    expect(canUndo(h)).toBe(true)
    h = undo(h)
    expect(h.present.value).toBe('a')
    expect(isDirty(h)).toBe(false)
    h = redo(h)
    expect(h.present.value).toBe('b')
    expect(isDirty(h)).toBe(true)
  })

  it('saving marks the present; undo from there is dirty again', () => {
    let h = edit(edit(startHistory(1), 2), 3)
    h = markSaved(h)
    expect(isDirty(h)).toBe(false)
    h = undo(h)
    expect(isDirty(h)).toBe(true)
    h = redo(h)
    expect(isDirty(h)).toBe(false)
  })

  it('an edit after undo drops the redo branch, and with it a saved state that was there', () => {
    let h = markSaved(edit(startHistory('a'), 'b'))
    h = undo(h)
    h = edit(h, 'c')
    expect(canRedo(h)).toBe(false)
    expect(h.savedId).toBeNull()
    expect(isDirty(h)).toBe(true)
    expect(undo(h).present.value).toBe('a')
    expect(isDirty(undo(h))).toBe(true)
  })

  it('undo and redo at the ends change nothing', () => {
    const h = startHistory('a')
    expect(undo(h)).toBe(h)
    expect(redo(h)).toBe(h)
  })

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let h = startHistory(0)
    for (let k = 1; k <= HISTORY_LIMIT + 50; k++) h = edit(h, k)
    let n = 0
    while (canUndo(h)) {
      h = undo(h)
      n++
    }
    expect(n).toBe(HISTORY_LIMIT)
    expect(h.present.value).toBe(50)
    expect(isDirty(h)).toBe(true)
  })

  it('replaces the present in place: no undo step, the same id, the saved state kept', () => {
    const h = markSaved(edit(startHistory('a'), 'b'))
    const r = replacePresent(h, 'b2')
    expect(r.present).toEqual({ value: 'b2', id: h.present.id })
    expect(r.past).toBe(h.past)
    expect(isDirty(r)).toBe(false)
    expect(undo(r).present.value).toBe('a')
    expect(redo(undo(r)).present.value).toBe('b2')
  })

  it('titles the window with the file and an unsaved mark', () => {
    expect(windowTitle('a.halma.json', false)).toBe('a.halma.json — Halma Workbench')
    expect(windowTitle('a.halma.json', true)).toBe('a.halma.json ● — Halma Workbench')
  })
})
