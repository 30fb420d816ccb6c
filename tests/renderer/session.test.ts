// @vitest-environment jsdom
// Never lose work (issue 16, defect 3): a line not kept counts as unsaved; the line's label travels
// with it (defect 14: a line taken back to, or restored, read "played on the board"); the session
// is printed and read back whole, a damaged one is refused with the reason; the session store
// writes after changes and puts the work back in a fresh workbench, marked unsaved.
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeHost } from './fake-host'
import { useArmy } from '../../src/renderer/stores/army'
import { useDocument } from '../../src/renderer/stores/document'
import { useEditor } from '../../src/renderer/stores/editor'
import { AUTOSAVE_DELAY, useSession } from '../../src/renderer/stores/session'
import { useWorkbench } from '../../src/renderer/stores/workbench'
import { labelOf, labelText, playedAt, START_LABEL } from '../../src/renderer/state/line-label'
import { formatSession, parseSession, SESSION_FORMAT } from '../../src/renderer/state/session'
import { parseCell } from '../../src/shared/halma/board'
import { parseDocument } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'

const FIRST_MOVES = 'd1-d2, b1-d1-d3, a3-c3-e3'

const tick = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => setActivePinia(createPinia()))

describe('the line label', () => {
  it('says where a line came from and from which move it was played on the board', () => {
    const pasted = labelOf('pasted')
    expect(labelText(pasted)).toBe('pasted')
    expect(labelText(playedAt(pasted, 3))).toBe('pasted: moves 1-3, then played on the board')
    // Playing again later keeps the first move played; playing earlier moves it back.
    expect(labelText(playedAt(playedAt(pasted, 3), 5))).toBe('pasted: moves 1-3, then played on the board')
    expect(labelText(playedAt(playedAt(pasted, 3), 1))).toBe('pasted: moves 1-1, then played on the board')
    expect(labelText(playedAt(pasted, 0))).toBe('played on the board')
    expect(labelText(playedAt(START_LABEL, 0))).toBe('played on the board')
  })

  it('goes back with the line when a played move is taken back', () => {
    fakeHost()
    const wb = useWorkbench()
    wb.loadText(FIRST_MOVES)
    wb.go(1)
    const b = wb.problem.board
    wb.click(unwrap(parseCell(b, 'a4')))
    wb.click(unwrap(parseCell(b, 'a5')))
    expect(wb.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    // Played inside the pasted line: a side line, the pasted moves kept.
    expect(wb.source).toBe('pasted, side line after move 1')
    expect(wb.sideLines).toBe(1)
    wb.undoLine()
    expect(wb.source).toBe('pasted')
    wb.redoLine()
    expect(wb.source).toBe('pasted, side line after move 1')
  })
})

describe('work the document does not hold', () => {
  it('a pasted line, or moves played, is unsaved until kept; the host and New know', async () => {
    const host = fakeHost()
    const doc = useDocument()
    const wb = useWorkbench()
    expect(doc.unsaved).toBe(false)
    wb.loadText(FIRST_MOVES)
    await tick()
    expect(doc.dirty).toBe(false)
    expect(doc.unsaved).toBe(true)
    expect(doc.unkept).toBe('the line in the stepper (3 moves, pasted)')
    expect(document.title).toBe('untitled.halma.json ● — Halma Workbench')
    expect(host.states.at(-1)).toEqual({ file: { name: 'untitled.halma.json' }, dirty: true })
    // New asks about the line by itself; "cancel" keeps it.
    expect(await doc.newDocument()).toBe(false)
    expect(host.asked).toEqual(['the line in the stepper (3 moves, pasted)'])
    expect(wb.length).toBe(3)
    // Going back to the start with no moves leaves nothing unsaved.
    wb.clearLine()
    expect(doc.unsaved).toBe(false)
  })

  it('a document opened without visiting the editor leaves no edits pending (the draft follows it)', async () => {
    fakeHost()
    const doc = useDocument()
    const ed = useEditor()
    expect(ed.pending).toBe(false)
    doc.restore(unwrap(parseDocument(levenspiel)), { name: 'l.halma.json' }, false)
    expect(ed.pending).toBe(false)
    expect(ed.draft.title).toBe(doc.doc.problem.title)
  })

  it('a line kept as a solution is held by the document (dirty, no longer unkept); Undo makes it unkept again', () => {
    fakeHost()
    const doc = useDocument()
    const wb = useWorkbench()
    wb.loadText(FIRST_MOVES)
    expect(doc.addSolutionText(wb.solutionText, 'kept')).toBe(true)
    expect(wb.stored).toBe(0)
    expect(doc.unkept).toBeNull()
    expect(doc.dirty).toBe(true)
    doc.undo()
    expect(wb.stored).toBeNull()
    expect(doc.dirty).toBe(false)
    expect(doc.unkept).toBe('the line in the stepper (3 moves, pasted)')
  })
})

describe('the session as text', () => {
  it('round-trips the document, its unsaved state, the line with its label and ply, and the editor’s edits', () => {
    fakeHost()
    const doc = useDocument()
    const wb = useWorkbench()
    const ed = useEditor()
    wb.loadText(FIRST_MOVES)
    wb.go(2)
    ed.begin()
    ed.setTitle('being edited')
    const file = { name: 'l.halma.json', path: '/p/l.halma.json' }
    const text = formatSession(
      {
        file,
        document: doc.doc,
        dirty: true,
        tree: wb.tree,
        tip: wb.tip,
        origin: wb.stored,
        label: playedAt(wb.label, 2),
        ply: 2,
        editor: { draft: ed.draft, open: true },
      },
      new Date('2026-11-25T10:30:00Z'),
    )
    const back = unwrap(parseSession(text))
    expect(back.savedAt.toISOString()).toBe('2026-11-25T10:30:00.000Z')
    expect(back.file).toEqual(file)
    expect(back.document.spec).toEqual(doc.doc.spec)
    expect(back.dirty).toBe(true)
    expect(back.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'b1-d1-d3', 'a3-c3-e3'])
    expect(labelText(back.label)).toBe('pasted: moves 1-2, then played on the board')
    expect(back.ply).toBe(2)
    expect(back.editor).toEqual({ draft: ed.draft, open: true })
  })

  it('refuses a damaged session with the reason', () => {
    fakeHost()
    const doc = useDocument()
    const wb = useWorkbench()
    wb.loadText(FIRST_MOVES)
    const good = JSON.parse(
      formatSession(
        {
          file: { name: 'a.halma.json' },
          document: doc.doc,
          dirty: false,
          tree: wb.tree,
          tip: wb.tip,
          origin: null,
          label: wb.label,
          ply: 9,
        },
        new Date(),
      ),
    ) as Record<string, unknown>
    // The ply is clamped to the line.
    expect(unwrap(parseSession(JSON.stringify(good))).ply).toBe(3)
    const message = (text: string): string => {
      const r = parseSession(text)
      return r.ok ? 'loaded' : r.error.message
    }
    expect(message('{"format": "halma-workbench-session", "vers')).toMatch(/^it is not valid JSON/)
    expect(message(JSON.stringify({ ...good, version: 7 }))).toBe('it was written by a newer version of the workbench (session version 7)')
    expect(message(JSON.stringify({ ...good, dirty: 'yes' }))).toMatch(/^dirty: /)
    expect(message(JSON.stringify({ ...good, document: '{"format": "halma-workbench"}' }))).toMatch(/^its document does not load: /)
    expect(message(JSON.stringify({ ...good, line: { ...(good['line'] as object), moves: 'd1-d2, b1-d1-d4' } }))).toMatch(
      /^its line does not play: move 2: b1-d1-d4/,
    )
    const draft = { ...useEditor().draft, mask: ['#'] }
    expect(message(JSON.stringify({ ...good, editor: { draft, open: false } }))).toBe(
      'editor.draft.mask: the board mask does not match its width and height',
    )
    expect(message(JSON.stringify({ ...good, format: 'other' }))).toMatch(/^format: /)
    expect(SESSION_FORMAT).toBe('halma-workbench-session')
  })
})

describe('the session store', () => {
  it('writes the work a moment after a change, and a fresh workbench gets it back, marked unsaved', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const host = fakeHost()
      const session = useSession()
      await session.restore()
      expect(session.status).toBe('saved')
      const first = host.session.writes.length
      const doc = useDocument()
      const wb = useWorkbench()
      const levenspielDoc = unwrap(parseDocument(levenspiel))
      doc.addSolutionText('d1-d2', 'not a solution, but a change')
      wb.loadText(FIRST_MOVES)
      wb.go(2)
      await nextTick()
      expect(session.status).toBe('pending')
      expect(host.session.writes.length).toBe(first)
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY + 10)
      expect(session.status).toBe('saved')
      expect(host.session.writes.length).toBe(first + 1)
      expect(levenspielDoc.solutions.length).toBeGreaterThan(0)

      // The page is reloaded: new stores, the same host storage.
      setActivePinia(createPinia())
      const again = useSession()
      await again.restore()
      const doc2 = useDocument()
      const wb2 = useWorkbench()
      expect(doc2.doc.spec.solutions).toEqual([{ title: 'not a solution, but a change', moves: 'd1-d2' }])
      expect(doc2.dirty).toBe(true)
      expect(wb2.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'b1-d1-d3', 'a3-c3-e3'])
      expect(wb2.ply).toBe(2)
      expect(wb2.source).toBe('pasted')
      expect(doc2.unsaved).toBe(true)
      expect(doc2.notice?.text).toMatch(
        /^Restored your work from \d\d:\d\d: untitled\.halma\.json, unsaved changes, the line \(pasted\) at move 2\.$/,
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('puts back the solitaire army shown, painted men and the stepper’s move included; a damaged army refuses the session', async () => {
    const host = fakeHost()
    const session = useSession()
    await session.restore()
    const army = useArmy()
    expect(army.openPreset('conway-20-level4.army.json')).toBe(true)
    army.go(9)
    await session.flush()
    await vi.waitFor(() => expect(JSON.parse(host.session.writes.at(-1)!).army?.step).toBe(9))
    const kept = host.session.writes.at(-1)!

    setActivePinia(createPinia())
    const again = useSession()
    await again.restore()
    const army2 = useArmy()
    expect(army2.active).toBe(true)
    expect(army2.fileName).toBe('conway-20-level4.army.json')
    expect(army2.length).toBe(13)
    expect(army2.step).toBe(9)
    expect(army2.current.men).toBe(7)
    expect(useDocument().notice?.text).toMatch(/the army conway-20-level4\.army\.json at move 9\.$/)

    const damaged = JSON.parse(kept) as { army: { document: string } }
    damaged.army.document = damaged.army.document.replace('"level": 4', '"level": 9')
    const r = parseSession(JSON.stringify(damaged))
    expect(!r.ok && r.error.message).toMatch(
      /^its army document does not load: conway-20-level4\.army\.json: army: a man in row 4, in front of the level's row 9/,
    )
  })

  it('puts back an army’s custom board as it was being edited: its cells, its target and the men on it', async () => {
    const host = fakeHost()
    const session = useSession()
    await session.restore()
    const army = useArmy()
    army.newArmy('conway', 2)
    army.customize()
    expect(army.paint([0, 1])).toBe(true)
    army.editMode = 'target'
    expect(army.paint([1, 0])).toBe(true)
    army.editMode = 'men'
    expect(army.paint([1, 2])).toBe(true)
    const board = army.doc.board!
    await session.flush()
    await vi.waitFor(() => expect(JSON.parse(host.session.writes.at(-1)!).army?.document).toContain('"board"'))

    setActivePinia(createPinia())
    await useSession().restore()
    const army2 = useArmy()
    expect(army2.doc.board).toEqual(board)
    expect(army2.doc.board!.target).toEqual([1, 0])
    expect(army2.doc.board!.cells.some(([x, y]) => x === 0 && y === 1)).toBe(false)
    expect(army2.doc.army).toEqual([[1, 2]])
    expect(army2.mapId).toBe('distance')
    expect(army2.map.exponent(1, 2)).toBe(2)
    expect(army2.measure?.possible).toBe(false)
  })

  it('puts back the editor’s edits not yet in use, with the editor open', async () => {
    const host = fakeHost()
    const session = useSession()
    await session.restore()
    const ed = useEditor()
    ed.begin()
    ed.preset('9x9', 'square4', '4-move', 'transfer')
    expect(ed.pending).toBe(true)
    await nextTick()
    session.flush()
    await tick()
    expect(JSON.parse(host.session.writes.at(-1)!).editor.open).toBe(true)

    setActivePinia(createPinia())
    await useSession().restore()
    const ed2 = useEditor()
    expect(ed2.active).toBe(true)
    expect(ed2.pending).toBe(true)
    expect(ed2.draft.armies[0]).toHaveLength(4)
    // Entering the editor keeps them (it does not start again from the document).
    ed2.begin()
    expect(ed2.draft.armies[0]).toHaveLength(4)
    expect(useDocument().notice?.text).toMatch(/edits not yet in use\.$/)
  })

  it('a damaged session is reported and removed, and the workbench starts clean', async () => {
    const host = fakeHost({ session: { status: 'found', text: '{"format": "halma-workbench-session", "version": 1, "document": 3}' } })
    const session = useSession()
    await session.restore()
    const doc = useDocument()
    expect(doc.notice?.kind).toBe('error')
    expect(doc.notice?.text).toMatch(/^Your last session could not be restored: .+\. The workbench starts clean\.$/)
    expect(host.session.cleared).toBe(1)
    expect(doc.unsaved).toBe(false)
    expect(useWorkbench().length).toBe(0)
  })

  it('storage that cannot be read is reported the same way; a write that fails says why', async () => {
    const host = fakeHost({ session: { status: 'failed', reason: "the browser's storage (IndexedDB) cannot be read: blocked" } })
    const api = (await import('../../src/renderer/api')).api()
    ;(api as { writeSession: unknown }).writeSession = async () => ({ status: 'failed', reason: 'disk full' })
    const session = useSession()
    await session.restore()
    expect(useDocument().notice?.text).toBe(
      "Your last session could not be restored: the browser's storage (IndexedDB) cannot be read: blocked. The workbench starts clean.",
    )
    expect(host.session.cleared).toBe(1)
    await tick()
    expect(session.status).toBe('failed')
    expect(session.failure).toBe('disk full')
  })
})
