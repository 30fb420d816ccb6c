// @vitest-environment jsdom
// The solitaire army workbench without a canvas: painting men (a cell, a row, refusals with
// reasons), the shipped documents opened and stepped through (captured men, the fade only on a
// step forward), the weight series against the pagoda property, a changed army dropping its
// solution, jobs through the fake host (a solved army adopted, cancel, no painting meanwhile),
// the scene the board draws for the triangular lattice, and the army document's printer.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useDocument } from '../../src/renderer/frame/document'
import { useNotices } from '../../src/renderer/frame/notices'
import { useStepper } from '../../src/renderer/frame/stepper'
import { captured, exact, paint, weightSeries } from '../../src/renderer/kinds/army/army'
import { useArmyJobs } from '../../src/renderer/kinds/army/jobs'
import { armyKind, emptyArmy } from '../../src/renderer/kinds/army/model'
import { windowOf } from '../../src/renderer/kinds/army/moves'
import { armyAspect, buildArmyScene } from '../../src/renderer/kinds/army/scene'
import { useArmy } from '../../src/renderer/kinds/army/store'
import { documentFault } from '../../src/shared/documents'
import { formatArmyDocument, parseArmyDocument } from '../../src/shared/army/document'
import { GEOMETRIES, indexWindow, windowCells } from '../../src/shared/army/geometry'
import { DISTANCE_MAP } from '../../src/shared/army/board'
import { runBoardSolve } from '../../src/shared/army/run-job'
import { parseArmyJob, type ArmyJob, type ArmyJobResult } from '../../src/shared/army/job'
import type { JobEvent } from '../../src/shared/jobs/manager'
import { pagodaMap } from '../../src/shared/army/pagoda'
import { cellLabel, verifyArmy } from '../../src/shared/army/solution'
import { compare } from '../../src/shared/army/zsigma'
import { fakeHost, type FakeHost } from './fake-host'
import conwayText from '../../resources/armies/conway-20-level4.army.json?raw'
import triangle from '../../resources/problems/triangle10-6move.halma.json?raw'
import { examplesOf } from '../../src/renderer/frame/examples'

let host: FakeHost

beforeEach(() => {
  setActivePinia(createPinia())
  host = fakeHost({ unsaved: 'discard', open: { status: 'opened', file: { name: 'conway.army.json' }, text: conwayText }, saves: 'saved' })
})

/** The stores of an army in the workbench. */
function stores() {
  return { doc: useDocument(), st: useStepper(), army: useArmy(), jobs: useArmyJobs(), notices: useNotices() }
}
const noticeAt = (place: 'board' | 'editor' | 'document'): string => useNotices().at[place]?.text ?? ''
/** A cell of the army's window by its coordinates. */
const at = (x: number, y: number): number => windowOf(useArmy().doc).indexOf(x, y)!
/** Open a shipped army document. */
const openExample = (name: string): Promise<boolean | undefined> => {
  const e = examplesOf('army').find((x) => x.name === name)
  return e ? useDocument().openExample(e.name, e.text) : Promise.resolve(false)
}

describe('painting men', () => {
  const g = GEOMETRIES.conway
  const w = { rows: 11, width: 10 }
  it('toggles a cell, fills or clears a row, and refuses cells in front of the army or off the window', () => {
    const one = paint(g, w, 4, [], [0, 4])
    expect(one).toEqual({ ok: true, army: [[0, 4]] })
    const row = paint(g, w, 4, one.ok ? one.army : [], [3, 5], true)
    expect(row.ok && row.army.length).toBe(1 + 21)
    // Shift-click on a man of a full row clears the row.
    const cleared = paint(g, w, 4, row.ok ? row.army : [], [-2, 5], true)
    expect(cleared).toEqual({ ok: true, army: [[0, 4]] })
    expect(paint(g, w, 4, [], [0, 4])).not.toEqual(paint(g, w, 4, [[0, 4]], [0, 4]))
    const front = paint(g, w, 4, [], [0, 3])
    expect(!front.ok && front.reason).toBe('row 3 is in front of the army: men start in rows 4 and beyond')
    const off = paint(g, w, 4, [], [11, 5])
    expect(!off.ok && off.reason).toBe('x 11, row 5 is not a cell of the window')
  })
  it('keeps the skew army on its colour: a row holds every other cell', () => {
    const r = paint(GEOMETRIES.skew, { rows: 8, width: 3 }, 2, [], [0, 2], true)
    expect(r.ok && r.army.map(([x]) => x)).toEqual([-2, 0, 2])
  })
})

describe('the weight series of a solution', () => {
  it("never rises, loses men by the jumps of each move, and ends with a man on the target (Conway's 20 men)", () => {
    const d = parseArmyDocument(conwayText)
    const s = weightSeries(d.army, d.moves, pagodaMap('fig3'))
    expect(s.length).toBe(d.moves.length + 1)
    expect(s[0]!.men).toBe(20)
    for (let k = 1; k < s.length; k++) {
      expect(compare(s[k]!.weight, s[k - 1]!.weight)).toBeLessThanOrEqual(0)
      expect(s[k - 1]!.men - s[k]!.men).toBe(captured(d.moves[k - 1]!).length)
    }
    // The target weighs 1 under Figure 3, so a solved army's last position weighs at least 1.
    expect(compare(s.at(-1)!.weight, { a: 1n, b: 0n })).toBeGreaterThanOrEqual(0)
    expect(exact({ a: -5n, b: 9n })).toBe('-5 + 9·σ')
  })
})

describe('the army in the workbench', () => {
  it("starts Conway's army to level 4 on the pagoda bound's window, and names a level no army reaches", async () => {
    const { doc, army } = stores()
    expect(await doc.newDocument(armyKind, emptyArmy('conway', 4))).toBe(true)
    expect(doc.kindId).toBe('army')
    expect(army.doc.window).toEqual({ rows: 11, width: 10 })
    expect(army.current.men).toBe(0)
    expect(() => emptyArmy('conway', 5)).toThrow(/level 5/)
    expect(army.doc.level).toBe(4)
  })

  it('opens the shipped documents, every one verified, and steps with captured men', async () => {
    const { st, army } = stores()
    expect(examplesOf('army').map((p) => p.name)).toContain('conway-20-level4.army.json')
    for (const p of examplesOf('army')) {
      expect(await openExample(p.name)).toBe(true)
      expect(army.verdict?.ok).toBe(true)
    }
    await openExample('conway-20-level4.army.json')
    expect(st.length).toBe(13)
    expect(army.mapId).toBe('fig3')
    const fade = army.fade
    st.step(1)
    expect(st.ply).toBe(1)
    await vi.waitFor(() => expect(army.fade).toBe(fade + 1))
    expect(army.ghosts).toEqual(captured(army.doc.moves[0]!))
    st.go(9)
    await Promise.resolve()
    expect(army.fade).toBe(fade + 1)
    expect(army.ghosts.length).toBe(3) // k7-k5-k3-k1
    // 13 jumps in the first nine moves of the printed solution: 7 men left.
    expect(army.doc.moves.slice(0, 9).reduce((n, m) => n + m.length - 1, 0)).toBe(13)
    expect(army.current.men).toBe(7)
    expect(army.position.length).toBe(7)
    st.go(100)
    expect(st.ply).toBe(13)
    st.go(-3)
    expect(st.ply).toBe(0)
    expect(army.ghosts).toEqual([])
  })

  it('drops the solution when the army changes (Undo brings it back), and saves the document it shows', async () => {
    const { doc, st, army } = stores()
    await openExample('conway-20-level4.army.json')
    st.go(5)
    st.mode = 'edit'
    expect(army.editClick(at(5, 9), false)).toBe(true)
    st.mode = 'play'
    expect(st.length).toBe(0)
    expect(st.ply).toBe(0)
    expect(army.current.men).toBe(21)
    expect(noticeAt('editor')).toBe('the army changed: its solution was dropped (Undo brings it back)')
    await doc.saveAs()
    expect(host.saves[0]!.file.name).toBe('conway-20-level4.army.json')
    const back = parseArmyDocument(host.saves[0]!.text)
    expect(back.army.length).toBe(21)
    expect(back.moves).toEqual([])
    // Undo: the army and its solution again, at the move the stepper was on.
    doc.undo()
    expect(st.length).toBe(13)
    expect(st.ply).toBe(5)
    st.go(0)
    expect(army.current.men).toBe(20)
  })

  it('adopts a solved army from a job, refuses painting while a job runs, and reports a cancel', async () => {
    const d = parseArmyDocument(conwayText)
    const { doc, st, army, jobs } = stores()
    await doc.newDocument(armyKind, emptyArmy('conway', 4))
    let release: (r: ArmyJobResult) => void = () => undefined
    host.answer = (_job, id) => {
      host.send({ type: 'progress', id, kind: 'army', progress: { phase: 'program', length: null, level: 0, levelSize: 0, done: 0, total: 0, cmax: null, rate: 0, memoryBytes: 0, elapsed: 0, message: 'integer program' } })
      release = (result) => host.send({ type: 'result', id, kind: 'army', result } as JobEvent)
    }
    const running = jobs.run('solve')
    await vi.waitFor(() => expect(jobs.progress?.message).toBe('integer program'))
    expect(host.jobs[0]!.params).toMatchObject({ kind: 'solve', type: 'conway', level: 4, window: { rows: 11, width: 10 } })
    expect(army.editClick(at(0, 4), false)).toBe(false)
    expect(noticeAt('board')).toBe('a job is running on this army: cancel it to change the army')
    const verdict = verifyArmy(GEOMETRIES.conway, d.window, d.army, d.moves)
    release({ kind: 'solve', status: 'Optimal', men: 20, window: d.window, army: d.army, moves: d.moves, verdict, seconds: 1.5 })
    await running
    expect(jobs.busy).toBe(false)
    expect(jobs.outcome?.ok).toBe(true)
    expect(jobs.outcome?.text).toMatch(/^20 men \(the minimum on the window 11 rows, 10 columns beyond each row\), 13 moves, 19 jumps, verified/)
    expect(st.length).toBe(13)
    expect(army.verdict?.ok).toBe(true)
    // The outcome stays while its army is the one shown.
    await Promise.resolve()
    expect(jobs.outcome?.ok).toBe(true)
    host.answer = null
    const counting = jobs.run('count')
    jobs.cancel()
    await counting
    expect(jobs.outcome).toEqual({ kind: 'count', text: 'cancelled', ok: false })
    expect(st.length).toBe(13)
  })
})

describe("the army's board", () => {
  it('draws the hexagonal window on the triangular lattice: neighbours one pitch apart, target marked, exponents shaded', () => {
    const window = { rows: 6, width: 2 }
    const cells = indexWindow(GEOMETRIES.hexagonal, window).cells
    const scene = buildArmyScene(
      { type: 'hexagonal', window, men: [[-3, 4]], pagoda: pagodaMap('fig5a'), coordinates: true, ghosts: [[-2, 3]] },
      600,
      600 * armyAspect('hexagonal', window, true),
    )
    expect(scene.holes.length).toBe(cells.length)
    const at = (x: number, y: number) => scene.holes[cells.findIndex(([a, b]) => a === x && b === y)]!
    const d = (p: { x: number; y: number }, q: { x: number; y: number }): number => Math.hypot(p.x - q.x, p.y - q.y)
    for (const [dx, dy] of GEOMETRIES.hexagonal.directions) expect(d(at(-2, 3), at(-2 + dx, 3 + dy))).toBeCloseTo(scene.scale, 6)
    expect(scene.holes.filter((h) => h.target === 0).map((h) => h.name)).toEqual([at(0, 0).name])
    expect(scene.shades?.length).toBe(cells.length - 1)
    expect(scene.cellLabels?.find((l) => l.x === at(-3, 4).x && l.y === at(-3, 4).y)?.text).toBe('4')
    expect(scene.men.length).toBe(1)
    expect(scene.ghosts?.length).toBe(1)
  })
})

describe('army documents', () => {
  it('print and read back the same document; hosts tell the kinds apart and name the fault', () => {
    const d = parseArmyDocument(conwayText)
    const again = parseArmyDocument(formatArmyDocument(d))
    expect(again).toEqual(d)
    expect(documentFault(conwayText)).toBeNull()
    expect(documentFault(triangle)).toBeNull()
    expect(documentFault(conwayText.replace('"k7 m7"', '"k7 m7 k2"').replace('k6 l6 m6 k7 m7', 'k6 l6 m6 k7 m7 k2'))).toBe(
      "army document: document: army: a man in row 2, in front of the level's row 4",
    )
    // A format the workbench does not read: the three it does, named.
    expect(documentFault('{"format": "halma"}')).toMatch(/^format: not a Halma Workbench document: it has "format": "halma"; the workbench reads "halma-workbench" .*"halma-army" .*"halma-players"/)
    // Not JSON: the problem reader names where it goes wrong.
    expect(documentFault('{"format": ')).toMatch(/^problem document: /)
  })
})

describe('army jobs and documents reaching the workbench', () => {
  it('checks a job before the worker runs it, naming the field', () => {
    expect(parseArmyJob({ kind: 'solve', type: 'conway', level: 4, timeLimit: 60 })).toEqual({
      kind: 'solve',
      type: 'conway',
      level: 4,
      timeLimit: 60,
    })
    expect(() => parseArmyJob({ kind: 'solve', type: 'hex', level: 4, timeLimit: 60 })).toThrow(/^type: one of conway/)
    expect(() => parseArmyJob({ kind: 'solve', type: 'conway', level: 0, timeLimit: 60 })).toThrow(/^level: /)
    expect(() => parseArmyJob({ kind: 'play', type: 'conway', level: 4, timeLimit: 60 })).toThrow(/^kind: /)
    expect(() => parseArmyJob({ kind: 'bound', type: 'conway', level: 4, timeLimit: 60, window: { rows: 'x' } })).toThrow(/^window: /)
  })

  it('File > Open makes an army document the current one, a problem document being left', async () => {
    const { doc, st } = stores()
    expect(await doc.open()).toBe(true)
    expect(doc.kindId).toBe('army')
    expect(doc.file.name).toBe('conway.army.json')
    expect(st.length).toBe(13)
  })
})

describe('a custom board in the workbench', () => {
  it('switches cells off, moves the target, paints men on the board, and solves the army as it stands', async () => {
    const { doc, st, army, jobs } = stores()
    // The job runs in the test as the host's worker would run it (registry.ts: no HiGHS for a custom board).
    host.answer = (request, id) => {
      const job = request.params as ArmyJob
      expect(job.board).toBeDefined()
      void runBoardSolve(job as Parameters<typeof runBoardSolve>[0], () => undefined).then((result) => host.send({ type: 'result', id, kind: 'army', result } as JobEvent))
    }
    await doc.newDocument(armyKind, emptyArmy('conway', 2))
    const w = army.doc.window
    st.mode = 'edit'
    army.customize()
    expect(army.doc.board?.cells.length).toBe([...windowCells(GEOMETRIES.conway, w)].length)
    expect(army.mapId).toBe(DISTANCE_MAP)
    expect(army.editMode).toBe('cells')
    // Its title says what it is now (issue 27, defect 10).
    expect(armyKind.title(army.doc)).toBe("A custom board from Conway's army to level 2")
    // A wall across row 1 but for x = 2, the target moved to (1, 0).
    for (let x = -w.width; x <= w.width; x++) if (x !== 2) expect(army.editClick(at(x, 1), false)).toBe(true)
    expect(army.editClick(at(0, 1), false)).toBe(true) // switched on again
    expect(army.editClick(at(0, 1), false)).toBe(true) // and off
    army.editMode = 'target'
    expect(army.editClick(at(1, 1), false)).toBe(false)
    expect(noticeAt('board')).toBe('x 1, row 1 is not on the board: switch it on first')
    expect(army.editClick(at(1, 0), false)).toBe(true)
    army.editMode = 'cells'
    expect(army.editClick(at(1, 0), false)).toBe(false)
    expect(noticeAt('board')).toBe('the target stays on the board: move it first')
    expect(army.map.exponent(2, 1)).toBe(2)
    expect(army.map.exponent(2, 2)).toBe(3)
    expect(army.map.exponent(0, 2)).toBe(5)
    const scene = army.board.scene(400, 300)
    expect(scene.holes.filter((h) => h.off).length).toBe(2 * w.width)
    expect(scene.holes.find((h) => h.target === 0)?.name).toBe(cellLabel(GEOMETRIES.conway, w, [1, 0]))
    army.editMode = 'men'
    expect(army.editClick(at(0, 1), false)).toBe(false)
    expect(noticeAt('board')).toMatch(/switched off/)
    for (const c of [
      [2, 2],
      [2, 3],
      [1, 3],
    ] as const)
      expect(army.editClick(at(c[0], c[1]), false)).toBe(true)
    // Three men at distances 3, 4, 5: weight σ^3 + σ^4 + σ^5 = 2σ^3 < 1.
    expect(army.measure).toMatchObject({ possible: false, verdict: expect.stringMatching(/^cannot reach the target: weight .* < 1$/) })
    await jobs.run('solve')
    expect(jobs.outcome).toMatchObject({ ok: false, text: expect.stringMatching(/^no solution: cannot reach the target/) })
    // Men on (2, 2), (2, 1) (the gap) and (3, 0): σ^3 + σ^2 + σ^2 = 1 exactly; (2, 2) over (2, 1) into (2, 0), then (3, 0) over it into the target.
    army.clearArmy()
    for (const c of [
      [2, 2],
      [2, 1],
      [3, 0],
    ] as const)
      expect(army.editClick(at(c[0], c[1]), false)).toBe(true)
    expect(army.measure).toMatchObject({ possible: true, slack: { a: 0n, b: 0n } })
    st.mode = 'play'
    await jobs.run('solve')
    expect(host.jobs.at(-1)!.params).toMatchObject({ kind: 'solve', board: army.doc.board })
    expect(jobs.outcome?.ok).toBe(true)
    expect(army.verdict?.ok).toBe(true)
    expect(jobs.outcome?.text).toMatch(/^2 moves, 2 jumps, verified on the custom board: fewest moves \(none with 1\)/)
    const label = (c: readonly [number, number]) => cellLabel(GEOMETRIES.conway, w, c)
    expect(st.line.moves.map((m) => m.text).join(', ')).toBe(`${label([2, 2])}-${label([2, 0])}, ${label([3, 0])}-${label([1, 0])}`)
    await jobs.run('bound')
    expect(jobs.failure).toMatch(/^bound is for the paper's window/)
    // The document keeps the board (the session stores this text).
    const back = parseArmyDocument(armyKind.format(army.doc))
    expect(back.board).toEqual(army.doc.board)
    expect(verifyArmy(GEOMETRIES.conway, back.window, back.army, back.moves, back.board)).toMatchObject({ ok: true })
  })
})
