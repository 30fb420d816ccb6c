// @vitest-environment jsdom
// Never lose work (issue 16, defect 3; issue 27): a line not kept counts as unsaved; the line's label
// travels with it (defect 14: a line taken back to, or restored, read "played on the board"); the
// session is printed and read back whole, for a document of any kind, a damaged one is refused with
// the reason; the session store writes after changes and puts the work back in a fresh workbench,
// marked unsaved.
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTOSAVE_DELAY, useSession } from '../../src/renderer/frame/session'
import { useStepper } from '../../src/renderer/frame/stepper'
import { useKeys } from '../../src/renderer/frame/keys'
import { emptyArmy } from '../../src/renderer/kinds/army/model'
import { windowOf } from '../../src/renderer/kinds/army/moves'
import { useArmy } from '../../src/renderer/kinds/army/store'
import { addSolution } from '../../src/renderer/kinds/halma/edits'
import { halmaKind } from '../../src/renderer/kinds/halma/model'
import { KINDS } from '../../src/renderer/frame/kinds'
import { treeKey } from '../../src/renderer/frame/line'
import { labelOf, labelText, playedAt, START_LABEL } from '../../src/renderer/state/line-label'
import { formatSession, parseSession, SESSION_FORMAT } from '../../src/renderer/state/session'
import { parseCell } from '../../src/shared/halma/board'
import { parseDocument } from '../../src/shared/halma/document'
import { expect as unwrap } from '../../src/shared/result'
import levenspiel from '../../resources/problems/triangle10-6move.halma.json?raw'
import conway from '../../resources/armies/conway-20-level4.army.json?raw'
import { halmaStores, noticeAt } from './stores'
import { fakeHost } from './fake-host'

const FIRST_MOVES = 'd1-d2, b1-d1-d3, a3-c3-e3'


const tick = () => new Promise((r) => setTimeout(r, 0))
const unwrapEdit = (e: ReturnType<typeof addSolution>): unknown => {
  if (!e.ok) throw new Error(e.error)
  return e.value.doc
}

/** A fresh page: new stores (the kinds' editors register with the frame), the same host storage. */
function fresh(): ReturnType<typeof halmaStores> {
  setActivePinia(createPinia())
  useArmy()
  return halmaStores()
}

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
    const { doc, st, h } = halmaStores()
    st.loadText(FIRST_MOVES)
    st.go(1)
    const b = h.problem.board
    st.click(unwrap(parseCell(b, 'a4')))
    st.click(unwrap(parseCell(b, 'a5')))
    expect(h.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'a4-a5'])
    // Played inside the pasted line: a side line, the pasted moves kept.
    expect(st.source).toBe('pasted, side line after move 1')
    expect(st.sideLines).toBe(1)
    doc.undo()
    expect(st.source).toBe('pasted')
    doc.redo()
    expect(st.source).toBe('pasted, side line after move 1')
  })
})

describe('work the document does not hold', () => {
  it('a pasted line, or moves played, is unsaved until kept; the host and New know', async () => {
    const host = fakeHost()
    const { doc, st } = halmaStores()
    expect(doc.unsaved).toBe(false)
    st.loadText(FIRST_MOVES)
    await tick()
    expect(doc.dirty).toBe(false)
    expect(doc.unsaved).toBe(true)
    expect(doc.unkept).toBe('the line in the stepper (3 moves, pasted)')
    expect(document.title).toBe('untitled.halma.json ● — Halma Workbench')
    // The host hears what a save cannot hold, and that it is all there is (closing asks Discard / Cancel).
    expect(host.states.at(-1)).toEqual({
      file: { name: 'untitled.halma.json' },
      dirty: true,
      unheld: { what: 'the line in the stepper (3 moves, pasted)', only: true },
    })
    // New asks about the line by itself; "cancel" keeps it.
    expect(await doc.newDocument(halmaKind, halmaKind.blank())).toBe(false)
    expect(host.asked).toEqual(['the line in the stepper (3 moves, pasted)'])
    // A save cannot keep it, so the question is Discard or Cancel, not Save.
    expect(host.calls.at(-1)).toBe('ask to discard the line in the stepper (3 moves, pasted)')
    expect(st.length).toBe(3)
    // Closing, Save chosen (the menu's save-then-close): once saved, the line is asked about before
    // the window goes; Cancel keeps the window, Discard closes it.
    host.answers.save.push({ status: 'saved', file: { name: 'untitled.halma.json', path: '/d/untitled.halma.json' } })
    await useKeys(() => ({}) as never, () => undefined).run({ name: 'save', then: 'close' })
    expect(host.calls.slice(-2)).toEqual(['save untitled.halma.json', 'ask to discard the line in the stepper (3 moves, pasted)'])
    host.answers.unsaved.push('discard')
    host.answers.save.push({ status: 'saved', file: { name: 'untitled.halma.json', path: '/d/untitled.halma.json' } })
    await useKeys(() => ({}) as never, () => undefined).run({ name: 'save', then: 'close' })
    expect(host.calls.at(-1)).toBe('close window')
    // Going back to the start with no moves leaves nothing unsaved.
    st.clearLine()
    expect(doc.unsaved).toBe(false)
  })

  it('a document opened without visiting the editor leaves no edits pending (the draft follows it)', async () => {
    fakeHost()
    const { doc, ed, h } = halmaStores()
    expect(ed.pending).toBe(false)
    doc.load(halmaKind, unwrap(parseDocument(levenspiel)), { name: 'l.halma.json' })
    expect(ed.pending).toBe(false)
    expect(ed.draft.title).toBe(h.problem.title)
  })

  it('a line kept as a solution is held by the document (dirty, no longer unkept); Undo makes it unkept again', () => {
    fakeHost()
    const { doc, st, h } = halmaStores()
    st.loadText(FIRST_MOVES)
    doc.change(unwrapEdit(addSolution(h.doc, st.lineText, 'kept')))
    expect(st.stored).toBe(0)
    expect(doc.unkept).toBeNull()
    expect(doc.dirty).toBe(true)
    doc.undo()
    expect(st.stored).toBeNull()
    expect(doc.dirty).toBe(false)
    expect(doc.unkept).toBe('the line in the stepper (3 moves, pasted)')
  })
})

describe('the session as text', () => {
  /** The editor's check of kept edits, as the session store asks it. */
  const check = (kind: string, draft: unknown): string | null => {
    const editor = halmaStores().doc.editorOf(kind)
    return editor ? editor.check(draft) : 'no editor'
  }

  it('round-trips the document, its unsaved state, the line with its label and ply, and the editor’s edits', () => {
    fakeHost()
    const { doc, st, ed, h } = halmaStores()
    st.loadText(FIRST_MOVES)
    st.go(2)
    ed.begin()
    ed.setTitle('being edited')
    const file = { name: 'l.halma.json', path: '/p/l.halma.json' }
    const shown = { ...doc.shown, label: playedAt(st.label, 2) }
    const text = formatSession(
      { kind: 'halma', file, document: doc.doc, dirty: true, shown, ply: 2, editor: { draft: ed.draft, open: true } },
      new Date('2026-11-25T10:30:00Z'),
    )
    const back = unwrap(parseSession(text, check))
    expect(back.savedAt.toISOString()).toBe('2026-11-25T10:30:00.000Z')
    expect(back.kind).toBe('halma')
    expect(back.file).toEqual(file)
    expect(halmaKind.format(back.document as never)).toBe(halmaKind.format(h.doc))
    expect(back.dirty).toBe(true)
    expect(back.shown.tree).toEqual(st.tree)
    expect(labelText(back.shown.label)).toBe('pasted: moves 1-2, then played on the board')
    expect(back.ply).toBe(2)
    expect(back.editor).toEqual({ draft: ed.draft, open: true })
  })

  it('keeps a line of 3,000 moves: the tree is written flat, nesting no deeper than a node', () => {
    fakeHost()
    const { doc, st } = halmaStores()
    st.loadText(Array.from({ length: 1500 }, () => 'd1-d2, d2-d1').join(', '))
    expect(st.length).toBe(3000)
    const text = formatSession(
      { kind: 'halma', file: { name: 'long.halma.json' }, document: doc.doc, dirty: true, shown: doc.shown, ply: 2999 },
      new Date(),
    )
    const back = unwrap(parseSession(text, check))
    // Compared flat: a deep equality of two nested lines of 3,000 moves exhausts the call stack itself.
    expect(treeKey(back.shown.tree)).toBe(treeKey(doc.shown.tree))
    expect(back.ply).toBe(2999)
  })

  it('refuses a damaged session with the reason', () => {
    fakeHost()
    const { doc, st, ed, h } = halmaStores()
    st.loadText(FIRST_MOVES)
    const good = JSON.parse(
      formatSession(
        { kind: 'halma', file: { name: 'a.halma.json' }, document: doc.doc, dirty: false, shown: doc.shown, ply: 9 },
        new Date(),
      ),
    ) as Record<string, unknown> & { line: { tree: { nodes: { parent: number; move: number[] }[] } } }
    // The ply is clamped to the line.
    expect(unwrap(parseSession(JSON.stringify(good), check)).ply).toBe(3)
    const message = (text: string): string => {
      const r = parseSession(text, check)
      return r.ok ? 'loaded' : r.error.message
    }
    expect(message('{"format": "halma-workbench-session", "vers')).toMatch(/^it is not valid JSON/)
    expect(message(JSON.stringify({ ...good, version: 7 }))).toBe('it was written by a newer version of the workbench (session version 7)')
    expect(message(JSON.stringify({ ...good, dirty: 'yes' }))).toMatch(/^dirty: /)
    expect(message(JSON.stringify({ ...good, kind: 'chess' }))).toMatch(/^kind: 'chess' is not a kind of document this workbench holds/)
    expect(message(JSON.stringify({ ...good, document: '{"format": "halma-workbench"}' }))).toMatch(/^its document does not load: /)
    // The second move made illegal: b1-d1-d4 is not a move.
    const cell = (n: string): number => unwrap(parseCell(h.problem.board, n))
    const bad = structuredClone(good)
    bad.line.tree.nodes = [bad.line.tree.nodes[0]!, { parent: 0, move: [cell('b1'), cell('d1'), cell('d4')] }]
    expect(message(JSON.stringify(bad))).toMatch(/^its line does not play: move 2: b1-d1-d4/)
    // A node whose parent comes after it is no tree.
    const loop = structuredClone(good)
    loop.line.tree.nodes[1]!.parent = 1
    expect(message(JSON.stringify(loop))).toBe('line.tree.nodes[1]: its parent is not a node written before it')
    const draft = { ...ed.draft, mask: ['#'] }
    expect(message(JSON.stringify({ ...good, editor: { draft, open: false } }))).toBe(
      'editor.draft: mask: the board mask does not match its width and height',
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
      const { doc, st, h } = halmaStores()
      doc.change(unwrapEdit(addSolution(h.doc, 'd1-d2', 'not a solution, but a change')))
      st.loadText(FIRST_MOVES)
      st.go(2)
      await nextTick()
      expect(session.status).toBe('pending')
      expect(host.session.writes.length).toBe(first)
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY + 10)
      expect(session.status).toBe('saved')
      expect(host.session.writes.length).toBe(first + 1)

      // The page is reloaded: new stores, the same host storage.
      const again = fresh()
      await useSession().restore()
      expect(again.h.doc.spec.solutions).toEqual([{ title: 'not a solution, but a change', moves: 'd1-d2' }])
      expect(again.doc.dirty).toBe(true)
      expect(again.h.line.moves.map((m) => m.text)).toEqual(['d1-d2', 'b1-d1-d3', 'a3-c3-e3'])
      expect(again.st.ply).toBe(2)
      expect(again.st.source).toBe('pasted')
      expect(again.doc.unsaved).toBe(true)
      expect(noticeAt('document')).toMatch(
        /^Restored your work from \d\d:\d\d: untitled\.halma\.json, unsaved changes, the line \(pasted\) at move 2\.$/,
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('puts back a solitaire army, its stepper at its move; a damaged army refuses the session', async () => {
    const host = fakeHost()
    await useSession().restore()
    const { doc, st } = halmaStores()
    expect(await doc.openExample('conway-20-level4.army.json', conway)).toBe(true)
    st.go(9)
    useSession().flush()
    await vi.waitFor(() => expect(JSON.parse(host.session.writes.at(-1)!).line?.ply).toBe(9))
    const kept = host.session.writes.at(-1)!

    const again = fresh()
    await useSession().restore()
    expect(again.doc.kindId).toBe('army')
    expect(again.doc.file.name).toBe('conway-20-level4.army.json')
    expect(again.st.length).toBe(13)
    expect(again.st.ply).toBe(9)
    expect(useArmy().current.men).toBe(7)
    // Nothing was unsaved (the army and its solution are the example's), so nothing is announced.
    expect(noticeAt('document')).toBe('')

    const damaged = JSON.parse(kept) as { document: string }
    damaged.document = damaged.document.replace('"level": 4', '"level": 9')
    const r = parseSession(JSON.stringify(damaged))
    expect(!r.ok && r.error.message).toMatch(
      /^its document does not load: conway-20-level4\.army\.json: army: a man in row 4, in front of the level's row 9/,
    )
  })

  it('puts back an army’s custom board as it was being edited: its cells, its target and the men on it', async () => {
    const host = fakeHost()
    await useSession().restore()
    const { doc } = halmaStores()
    const army = useArmy()
    expect(await doc.newDocument(KINDS['army']!, emptyArmy('conway', 2))).toBe(true)
    army.customize()
    const at = (x: number, y: number): number => windowOf(army.doc).indexOf(x, y)!
    army.editClick(at(0, 1), false)
    army.editMode = 'target'
    army.editClick(at(1, 0), false)
    army.editMode = 'men'
    army.editClick(at(1, 2), false)
    const board = army.doc.board!
    useSession().flush()
    await vi.waitFor(() => expect(JSON.parse(host.session.writes.at(-1)!).document).toContain('"board"'))

    fresh()
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
    const { ed, st } = halmaStores()
    ed.begin()
    st.mode = 'edit'
    ed.preset('9x9', 'square4', '4-move', 'transfer')
    expect(ed.pending).toBe(true)
    await nextTick()
    session.flush()
    await tick()
    expect(JSON.parse(host.session.writes.at(-1)!).editor.open).toBe(true)

    const again = fresh()
    await useSession().restore()
    expect(again.ed.active).toBe(true)
    expect(useStepper().mode).toBe('edit')
    expect(again.ed.pending).toBe(true)
    expect(again.ed.draft.armies[0]).toHaveLength(4)
    // Entering the editor keeps them (it does not start again from the document).
    again.ed.begin()
    expect(again.ed.draft.armies[0]).toHaveLength(4)
    expect(noticeAt('document')).toMatch(/edits not yet in use\.$/)
  })

  it('a damaged session is reported and removed, and the workbench starts clean', async () => {
    const host = fakeHost({ session: { status: 'found', text: '{"format": "halma-workbench-session", "version": 1, "document": 3}' } })
    const session = useSession()
    await session.restore()
    const { doc, st, notices } = halmaStores()
    expect(notices.at.document?.kind).toBe('error')
    expect(noticeAt('document')).toMatch(/^Your last session could not be restored: .+\. The workbench starts clean\.$/)
    expect(host.session.cleared).toBe(1)
    expect(doc.unsaved).toBe(false)
    expect(st.length).toBe(0)
  })

  it('storage that cannot be read is reported the same way; a write that fails says why', async () => {
    const host = fakeHost({ session: { status: 'failed', reason: "the browser's storage (IndexedDB) cannot be read: blocked" } })
    const api = (await import('../../src/renderer/api')).api()
    ;(api as { writeSession: unknown }).writeSession = async () => ({ status: 'failed', reason: 'disk full' })
    const session = useSession()
    await session.restore()
    expect(noticeAt('document')).toBe(
      "Your last session could not be restored: the browser's storage (IndexedDB) cannot be read: blocked. The workbench starts clean.",
    )
    expect(host.session.cleared).toBe(1)
    await tick()
    expect(session.status).toBe('failed')
    expect(session.failure).toBe('disk full')
  })
})
