// @vitest-environment jsdom
// The document store against a fake host API: unsaved state, the question before leaving unsaved
// work, open, save, save as, and a failed save that keeps the work.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OpenOutcome } from '../../src/preload/api'
import { fakeHost } from './fake-host'
import { DEFAULT_SPEC, presetSpec, UNTITLED, useDocument } from '../../src/renderer/stores/document'
import { useWorkbench } from '../../src/renderer/stores/workbench'
import { parseDocument } from '../../src/shared/halma/document'
import type { SolveResult } from '../../src/shared/engine/transfer/job'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'

const result: SolveResult = {
  status: 'optimal',
  length: 1,
  optimal: true,
  lowerBound: 1,
  moves: ['a1-a2'],
  solutions: [],
  meetings: 1,
  proof: { statement: 'optimal: 1 move.', lengths: [], bound: 'ladder' },
  stats: { levels: [], peakBoards: 0, peakBytes: 0, bytesPerBoard: 0, seconds: 0, threads: 0 },
}

const tick = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => setActivePinia(createPinia()))

describe('the document store', () => {
  it('starts with Levenspiel’s problem, clean, and tells the host and the window title', async () => {
    const host = fakeHost()
    const doc = useDocument()
    await tick()
    expect(doc.doc.spec).toEqual(DEFAULT_SPEC)
    expect(doc.dirty).toBe(false)
    expect(document.title).toBe(`${UNTITLED} — Halma Workbench`)
    expect(host.states.at(-1)).toEqual({ file: { name: UNTITLED }, dirty: false })
  })

  it('an edit makes it dirty (title and host know), undo makes it clean again', async () => {
    const host = fakeHost()
    const doc = useDocument()
    expect(doc.addSolution(result, 'a test')).toBe(true)
    await tick()
    expect(doc.dirty).toBe(true)
    expect(document.title).toBe(`${UNTITLED} ● — Halma Workbench`)
    expect(host.states.at(-1)).toEqual({ file: { name: UNTITLED }, dirty: true })
    expect(doc.doc.spec.solutions).toEqual([{ title: '1 moves (optimal), found by a test', moves: 'a1-a2', notes: 'optimal: 1 move.' }])
    doc.undo()
    expect(doc.dirty).toBe(false)
    doc.redo()
    expect(doc.dirty).toBe(true)
  })

  it('a failed save keeps the work, still unsaved, and says why', async () => {
    const host = fakeHost()
    const doc = useDocument()
    doc.addSolution(result, 'a test')
    host.answers.save.push({ status: 'failed', reason: 'could not save /ro/a.halma.json: EROFS: read-only file system' })
    expect(await doc.save()).toBe(false)
    expect(doc.dirty).toBe(true)
    expect(doc.doc.spec.solutions).toHaveLength(1)
    expect(doc.file).toEqual({ name: UNTITLED })
    expect(doc.notice).toEqual({
      kind: 'error',
      text: 'could not save /ro/a.halma.json: EROFS: read-only file system. Nothing is lost: the document is still open, with its changes.',
    })
    // The text offered was the document as the core prints it, and it parses back to the same spec.
    const again = parseDocument(host.saves[0]!.text)
    expect(again.ok && again.value.spec).toEqual(doc.doc.spec)
  })

  it('a save that throws (the host went away) keeps the work too', async () => {
    fakeHost()
    const doc = useDocument()
    doc.addSolution(result, 'a test')
    const api = (await import('../../src/renderer/api')).api()
    ;(api as { saveDocument: unknown }).saveDocument = () => Promise.reject(new Error('IPC channel closed'))
    expect(await doc.save()).toBe(false)
    expect(doc.dirty).toBe(true)
    expect(doc.notice?.text).toContain('IPC channel closed')
  })

  it('a successful save marks the document saved under its new name', async () => {
    const host = fakeHost()
    const doc = useDocument()
    doc.addSolution(result, 'a test')
    host.answers.save.push({ status: 'saved', file: { name: 'mine.halma.json', path: '/d/mine.halma.json' } })
    expect(await doc.saveAs()).toBe(true)
    expect(doc.dirty).toBe(false)
    expect(doc.file).toEqual({ name: 'mine.halma.json', path: '/d/mine.halma.json' })
    await tick()
    expect(document.title).toBe('mine.halma.json — Halma Workbench')
    expect(host.states.at(-1)).toEqual({ file: { name: 'mine.halma.json', path: '/d/mine.halma.json' }, dirty: false })
    expect(doc.notice?.text).toBe('saved mine.halma.json')
    // The next change makes "saved" untrue: the message goes.
    doc.addSolution(result, 'another')
    await tick()
    expect(doc.dirty).toBe(true)
    expect(doc.notice).toBeNull()
  })

  it('asks before leaving unsaved work: cancel stays, discard goes, save goes only if saved', async () => {
    const host = fakeHost()
    const doc = useDocument()
    doc.addSolution(result, 'a test')
    const opened: OpenOutcome = { status: 'opened', file: { name: 'levenspiel.halma.json', path: '/p/l.halma.json' }, text: levenspiel }

    host.answers.unsaved.push('cancel')
    expect(await doc.open()).toBe(false)
    expect(host.calls).toEqual([`ask ${UNTITLED}`])

    host.answers.unsaved.push('save')
    host.answers.save.push({ status: 'failed', reason: 'disk full' })
    expect(await doc.open()).toBe(false)
    expect(doc.dirty).toBe(true)

    host.answers.unsaved.push('discard')
    host.answers.open.push(opened)
    expect(await doc.open()).toBe(true)
    expect(doc.file).toEqual(opened.file)
    expect(doc.dirty).toBe(false)
    expect(doc.doc.solutions).toHaveLength(2)
    expect(host.calls).toEqual([`ask ${UNTITLED}`, `ask ${UNTITLED}`, `save ${UNTITLED}`, `ask ${UNTITLED}`, 'open'])
  })

  it('changing the rules removes the stored solutions they make illegal, says so, and Undo brings them back', async () => {
    fakeHost()
    const doc = useDocument()
    const spec = JSON.parse(levenspiel) as { solutions: unknown[] }
    expect(await doc.newDocument(spec as never)).toBe(true)
    const before = doc.doc.solutions.length
    expect(before).toBeGreaterThan(0)
    // Levenspiel's 27 moves use 6-move steps: under 4-move rules they are not legal.
    expect(doc.changeRules((r) => ({ ...r, moves: '4-move' }))).toBe(true)
    expect(doc.doc.solutions).toHaveLength(0)
    expect(doc.notice?.text).toMatch(/not legal under them and (was|were) removed \(Undo brings (it|them) back\)/)
    doc.undo()
    expect(doc.doc.solutions).toHaveLength(before)
    // A change that keeps them legal keeps them.
    expect(doc.changeRules((r) => ({ ...r, longJumps: false }))).toBe(true)
    expect(doc.doc.solutions).toHaveLength(before)
  })

  it('the stepper knows which stored solution it shows (the select shows it), and no other line claims to be one', async () => {
    const host = fakeHost()
    const doc = useDocument()
    const wb = useWorkbench()
    host.answers.open.push({ status: 'opened', file: { name: 'l.halma.json', path: '/p/l.halma.json' }, text: levenspiel })
    expect(await doc.open()).toBe(true)
    expect(wb.stored).toBe(0)
    expect(wb.source).toMatch(/^solution 1/)
    expect(wb.loadText('d1-d2', 'pasted').ok).toBe(true)
    expect(wb.stored).toBeNull()
    expect(wb.loadSolution(0)).toBe(true)
    expect(wb.stored).toBe(0)
  })

  it('a document whose first stored solution cannot be played opens on the start and says why at once', async () => {
    const host = fakeHost()
    const doc = useDocument()
    const wb = useWorkbench()
    const spec = JSON.parse(levenspiel) as { solutions: { moves: string }[] }
    spec.solutions = [{ moves: 'd1-d2, c3-e5' }]
    host.answers.open.push({ status: 'opened', file: { name: 'bad.halma.json', path: '/p/bad.halma.json' }, text: JSON.stringify(spec) })
    expect(await doc.open()).toBe(true)
    expect(wb.length).toBe(0)
    expect(wb.source).toBe('')
    expect(doc.notice?.text).toMatch(/^solution 1 cannot be played: move 2: c3-e5/)
  })

  it('opening a clean document does not ask; a bad one is refused with its problems and the old one stays', async () => {
    const host = fakeHost()
    const doc = useDocument()
    host.answers.open.push({
      status: 'opened',
      file: { name: 'bad.halma.json' },
      text: '{"format": "halma-workbench", "version": 1, "kind": "transfer"}',
    })
    expect(await doc.open()).toBe(false)
    expect(host.calls).toEqual(['open'])
    expect(doc.notice?.kind).toBe('error')
    expect(doc.notice?.text).toMatch(/^bad\.halma\.json is not a valid problem document: .*board/)
    expect(doc.doc.spec).toEqual(DEFAULT_SPEC)
    host.answers.open.push({ status: 'failed', reason: 'cannot open /x: EACCES' })
    expect(await doc.openPath('/x')).toBe(false)
    expect(doc.notice?.text).toBe('cannot open /x: EACCES')
  })

  it('New makes a problem from presets, and refuses one that does not fit its board', async () => {
    fakeHost()
    const doc = useDocument()
    expect(await doc.newDocument(presetSpec('square4', '9x9', '4-move'))).toBe(true)
    expect(doc.doc.problem.armies[0]!.start).toHaveLength(4)
    expect(await doc.newDocument(presetSpec('halma19', 'checkers', '8-move'))).toBe(false)
    expect(doc.notice?.text).toMatch(/^cannot make this problem: /)
    expect(doc.doc.problem.armies[0]!.start).toHaveLength(4)
  })
})
