// @vitest-environment jsdom
// The document store (one current document of any kind, here a problem) against a fake host API:
// unsaved state, the question before leaving unsaved work, open, save, save as, and a failed save
// that keeps the work.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OpenOutcome } from '../../src/preload/api'
import { addSolution, changeRules, type Edit } from '../../src/renderer/kinds/halma/edits'
import { DEFAULT_SPEC, halmaKind, newProblem } from '../../src/renderer/kinds/halma/model'
import { interpret, parseDocument } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'
import { halmaStores, noticeAt } from './stores'
import { fakeHost } from './fake-host'

const UNTITLED = halmaKind.untitled

/** Apply a checked edit to the document (an undoable change). */
function apply(e: Edit): boolean {
  if (e.ok) halmaStores().doc.change(e.value.doc)
  return e.ok
}
/** A search's solution stored in the document. */
const keepResult = (title = 'a test'): boolean => apply(addSolution(halmaStores().h.doc, 'a1-a2', `1 move (optimal), found by ${title}`, 'optimal: 1 move.'))


const tick = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => setActivePinia(createPinia()))

describe('the document store', () => {
  it('starts with Levenspiel’s problem, clean, and tells the host and the window title', async () => {
    const host = fakeHost()
    const { doc, h } = halmaStores()
    await tick()
    expect(h.doc.spec).toEqual(DEFAULT_SPEC)
    expect(doc.dirty).toBe(false)
    expect(document.title).toBe(`${UNTITLED} — Halma Workbench`)
    expect(host.states.at(-1)).toEqual({ file: { name: UNTITLED }, dirty: false })
  })

  it('an edit makes it dirty (title and host know), undo makes it clean again', async () => {
    const host = fakeHost()
    const { doc, h } = halmaStores()
    expect(keepResult()).toBe(true)
    await tick()
    expect(doc.dirty).toBe(true)
    expect(document.title).toBe(`${UNTITLED} ● — Halma Workbench`)
    expect(host.states.at(-1)).toEqual({ file: { name: UNTITLED }, dirty: true })
    expect(h.doc.spec.solutions).toEqual([{ title: '1 move (optimal), found by a test', moves: 'a1-a2', notes: 'optimal: 1 move.' }])
    doc.undo()
    expect(doc.dirty).toBe(false)
    doc.redo()
    expect(doc.dirty).toBe(true)
  })

  it('a failed save keeps the work, still unsaved, and says why', async () => {
    const host = fakeHost()
    const { doc, h } = halmaStores()
    keepResult()
    host.answers.save.push({ status: 'failed', reason: 'could not save /ro/a.halma.json: EROFS: read-only file system' })
    expect(await doc.save()).toBe(false)
    expect(doc.dirty).toBe(true)
    expect(h.doc.spec.solutions).toHaveLength(1)
    expect(doc.file).toEqual({ name: UNTITLED })
    expect(halmaStores().notices.at.document).toMatchObject({
      kind: 'error',
      text: 'could not save /ro/a.halma.json: EROFS: read-only file system. Nothing is lost: the document is still open, with its changes.',
    })
    // The text offered was the document as the core prints it, and it parses back to the same spec.
    const again = parseDocument(host.saves[0]!.text)
    expect(again.ok && again.value.spec).toEqual(h.doc.spec)
  })

  it('a save that throws (the host went away) keeps the work too', async () => {
    fakeHost()
    const { doc } = halmaStores()
    keepResult()
    const api = (await import('../../src/renderer/api')).api()
    ;(api as { saveDocument: unknown }).saveDocument = () => Promise.reject(new Error('IPC channel closed'))
    expect(await doc.save()).toBe(false)
    expect(doc.dirty).toBe(true)
    expect(noticeAt('document')).toContain('IPC channel closed')
  })

  it('a successful save marks the document saved under its new name', async () => {
    const host = fakeHost()
    const { doc } = halmaStores()
    keepResult()
    host.answers.save.push({ status: 'saved', file: { name: 'mine.halma.json', path: '/d/mine.halma.json' } })
    expect(await doc.saveAs()).toBe(true)
    expect(doc.dirty).toBe(false)
    expect(doc.file).toEqual({ name: 'mine.halma.json', path: '/d/mine.halma.json' })
    await tick()
    expect(document.title).toBe('mine.halma.json — Halma Workbench')
    expect(host.states.at(-1)).toEqual({ file: { name: 'mine.halma.json', path: '/d/mine.halma.json' }, dirty: false })
    expect(noticeAt('document')).toBe('saved mine.halma.json')
    // The next change makes "saved" untrue: the message goes.
    keepResult('another')
    await tick()
    expect(doc.dirty).toBe(true)
    expect(noticeAt('document')).toBe('')
  })

  it('asks before leaving unsaved work: cancel stays, discard goes, save goes only if saved', async () => {
    const host = fakeHost()
    const { doc, h } = halmaStores()
    keepResult()
    const opened: OpenOutcome = { status: 'opened', file: { name: 'levenspiel.halma.json', path: '/p/l.halma.json' }, text: levenspiel }

    // The file is read first: the question comes only for a document that will replace the work.
    host.answers.unsaved.push('cancel')
    host.answers.open.push(opened)
    expect(await doc.open()).toBe(false)
    expect(host.calls).toEqual(['open', `ask ${UNTITLED}`])

    host.answers.unsaved.push('save')
    host.answers.save.push({ status: 'failed', reason: 'disk full' })
    host.answers.open.push(opened)
    expect(await doc.open()).toBe(false)
    expect(doc.dirty).toBe(true)

    host.answers.unsaved.push('discard')
    host.answers.open.push(opened)
    expect(await doc.open()).toBe(true)
    expect(doc.file).toEqual(opened.file)
    expect(doc.dirty).toBe(false)
    expect(h.doc.solutions).toHaveLength(2)
    expect(host.calls).toEqual(['open', `ask ${UNTITLED}`, 'open', `ask ${UNTITLED}`, `save ${UNTITLED}`, 'open', `ask ${UNTITLED}`])
  })

  it('a file that cannot be opened is said without asking to leave the work for it, and the work stays', async () => {
    const host = fakeHost()
    const { doc } = halmaStores()
    keepResult()
    expect(doc.dirty).toBe(true)
    host.answers.open.push({ status: 'opened', file: { name: 'cut.halma.json' }, text: levenspiel.slice(0, 200) })
    expect(await doc.open()).toBe(false)
    host.answers.open.push({ status: 'failed', reason: 'cut.halma.json is not a valid problem document: ...' })
    expect(await doc.open()).toBe(false)
    expect(host.calls).toEqual(['open', 'open'])
    expect(noticeAt('document')).toMatch(/cut\.halma\.json is not a valid problem document/)
    expect(doc.dirty).toBe(true)
    // A valid file then, its question cancelled: the work stays, and the other file's fault is no longer said.
    host.answers.open.push({ status: 'opened', file: { name: 'levenspiel.halma.json' }, text: levenspiel })
    host.answers.unsaved.push('cancel')
    expect(await doc.open()).toBe(false)
    expect(noticeAt('document')).toBe('')
    expect(doc.dirty).toBe(true)
  })

  it('changing the rules removes the stored solutions they make illegal, says so, and Undo brings them back', async () => {
    fakeHost()
    const { doc, h } = halmaStores()
    expect(await doc.newDocument(halmaKind, unwrap(interpret(JSON.parse(levenspiel) as never)))).toBe(true)
    const before = h.doc.solutions.length
    expect(before).toBeGreaterThan(0)
    // Levenspiel's 27 moves use 6-move steps: under 4-move rules they are not legal.
    const e = changeRules(h.doc, { ...h.doc.spec.rules, moves: '4-move' })
    expect(apply(e)).toBe(true)
    expect(h.doc.solutions).toHaveLength(0)
    expect(e.ok && e.value.note).toMatch(/not legal under them and (was|were) removed \(Undo brings (it|them) back\)/)
    doc.undo()
    expect(h.doc.solutions).toHaveLength(before)
    // A change that keeps them legal keeps them.
    expect(apply(changeRules(h.doc, { ...h.doc.spec.rules }))).toBe(true)
    expect(h.doc.solutions).toHaveLength(before)
  })

  it('the stepper knows which stored solution it shows (the select shows it), and no other line claims to be one', async () => {
    const host = fakeHost()
    const { doc, st } = halmaStores()
    host.answers.open.push({ status: 'opened', file: { name: 'l.halma.json', path: '/p/l.halma.json' }, text: levenspiel })
    expect(await doc.open()).toBe(true)
    expect(st.stored).toBe(0)
    expect(st.source).toMatch(/^solution 1/)
    expect(st.loadText('d1-d2', 'pasted')).toBe(true)
    expect(st.stored).toBeNull()
    st.loadStored(0)
    expect(st.stored).toBe(0)
  })

  it('a document whose first stored solution cannot be played opens on it, its playable moves shown, and says why at once', async () => {
    const host = fakeHost()
    const { doc, st } = halmaStores()
    const spec = JSON.parse(levenspiel) as { solutions: { moves: string }[] }
    spec.solutions = [{ moves: 'd1-d2, c3-e5' }]
    host.answers.open.push({ status: 'opened', file: { name: 'bad.halma.json', path: '/p/bad.halma.json' }, text: JSON.stringify(spec) })
    expect(await doc.open()).toBe(true)
    expect([st.ply, st.length, st.stored]).toEqual([0, 1, 0])
    expect(noticeAt('moves')).toMatch(/^solution 1 cannot be played: move 2: c3-e5.*\(shown up to move 1\)$/)
    // Nothing was changed: the document is clean, and no undo step was made.
    expect(doc.unsaved).toBe(false)
    expect(doc.undoable).toBe(false)
    // Chosen again by hand (after another line), the fault is said again.
    st.clearLine()
    st.loadStored(0)
    expect(st.length).toBe(1)
    expect(noticeAt('moves')).toMatch(/^solution 1 cannot be played: move 2: c3-e5/)
  })

  it('opening a clean document does not ask; a bad one is refused with its problems and the old one stays', async () => {
    const host = fakeHost()
    const { doc, h } = halmaStores()
    host.answers.open.push({
      status: 'opened',
      file: { name: 'bad.halma.json' },
      text: '{"format": "halma-workbench", "version": 1, "kind": "transfer"}',
    })
    expect(await doc.open()).toBe(false)
    expect(host.calls).toEqual(['open'])
    expect(halmaStores().notices.at.document?.kind).toBe('error')
    expect(noticeAt('document')).toMatch(/^bad\.halma\.json is not a valid problem document: .*board/)
    expect(h.doc.spec).toEqual(DEFAULT_SPEC)
    host.answers.open.push({ status: 'failed', reason: 'cannot open /x: EACCES' })
    expect(await doc.openPath('/x')).toBe(false)
    expect(noticeAt('document')).toBe('cannot open /x: EACCES')
  })

  it('New makes a problem from presets, and refuses one that does not fit its board', async () => {
    fakeHost()
    const { doc, h } = halmaStores()
    const made = newProblem('square4', '9x9', '4-move')
    expect(made.ok).toBe(true)
    if (made.ok) expect(await doc.newDocument(halmaKind, made.value)).toBe(true)
    expect(h.doc.problem.armies[0]!.start).toHaveLength(4)
    const bad = newProblem('halma19', 'checkers', '8-move')
    expect(!bad.ok && bad.error).toMatch(/^cannot make this problem: /)
    expect(h.doc.problem.armies[0]!.start).toHaveLength(4)
  })
})
