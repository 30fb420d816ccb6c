// @vitest-environment jsdom
// The solitaire army workbench without a canvas: painting men (a cell, a row, refusals with
// reasons), the shipped documents opened and stepped through (captured men, the fade only on a
// step forward), the weight series against the pagoda property, a changed army dropping its
// solution, jobs through a stand-in runner (a solved army adopted, cancel, no painting meanwhile),
// the scene the board draws for the triangular lattice, and the army document's printer.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeHost, type FakeHost } from './fake-host'
import { armyAspect, buildArmyScene } from '../../src/renderer/board/army-scene'
import { ArmyJobCancelled, type ArmyJobRunner } from '../../src/renderer/api/army-jobs'
import { captured, exact, paint, weightSeries } from '../../src/renderer/state/army'
import { ARMY_PRESETS, useArmy, useArmyJobRunner } from '../../src/renderer/stores/army'
import { documentFault } from '../../src/shared/documents'
import { formatArmyDocument, parseArmyDocument } from '../../src/shared/army/document'
import { GEOMETRIES, indexWindow, windowCells } from '../../src/shared/army/geometry'
import { DISTANCE_MAP } from '../../src/shared/army/board'
import { runBoardSolve } from '../../src/shared/army/run-job'
import { parseArmyJob, type ArmyJob, type ArmyJobResult } from '../../src/shared/army/job'
import { useDocument } from '../../src/renderer/stores/document'
import { pagodaMap } from '../../src/shared/army/pagoda'
import { cellLabel, verifyArmy } from '../../src/shared/army/solution'
import { compare } from '../../src/shared/army/zsigma'
import conwayText from '../../resources/armies/conway-20-level4.army.json?raw'
import triangle from '../../resources/problems/triangle10-6move.halma.json?raw'

let host: FakeHost
beforeEach(() => {
  setActivePinia(createPinia())
  host = fakeHost({ unsaved: 'discard', open: { status: 'opened', file: { name: 'conway.army.json' }, text: conwayText }, saves: 'saved' })
})

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

describe('the army store', () => {
  it("starts Conway's army to level 4 on the pagoda bound's window, and names a level no army reaches", () => {
    const army = useArmy()
    expect(army.newArmy('conway', 4)).toBe(true)
    expect(army.active).toBe(true)
    expect(army.doc.window).toEqual({ rows: 11, width: 10 })
    expect(army.bound?.men).toBe(19)
    expect(army.current.men).toBe(0)
    expect(army.newArmy('conway', 5)).toBe(false)
    expect(army.notice?.text).toMatch(/level 5/)
    expect(army.doc.level).toBe(4)
  })

  it('opens the shipped documents, every one verified, and steps with captured men', () => {
    expect(ARMY_PRESETS.map((p) => p.name)).toContain('conway-20-level4.army.json')
    const army = useArmy()
    for (const p of ARMY_PRESETS) {
      expect(army.openPreset(p.name)).toBe(true)
      expect(army.verdict?.ok).toBe(true)
    }
    army.openPreset('conway-20-level4.army.json')
    expect(army.length).toBe(13)
    expect(army.mapId).toBe('fig3')
    const fade = army.fade
    army.stepBy(1)
    expect(army.step).toBe(1)
    expect(army.fade).toBe(fade + 1)
    expect(army.ghosts).toEqual(captured(army.doc.moves[0]!))
    army.go(9)
    expect(army.fade).toBe(fade + 1)
    expect(army.ghosts.length).toBe(3) // k7-k5-k3-k1
    // 13 jumps in the first nine moves of the printed solution: 7 men left.
    expect(army.doc.moves.slice(0, 9).reduce((n, m) => n + m.length - 1, 0)).toBe(13)
    expect(army.current.men).toBe(7)
    expect(army.position.length).toBe(7)
    army.go(100)
    expect(army.step).toBe(13)
    army.go(-3)
    expect(army.step).toBe(0)
    expect(army.ghosts).toEqual([])
    expect(army.openPreset('nothing.army.json')).toBe(false)
  })

  it('drops the solution when the army changes, and saves the document it shows', async () => {
    const army = useArmy()
    army.openPreset('conway-20-level4.army.json')
    army.go(5)
    expect(army.paint([5, 9])).toBe(true)
    expect(army.length).toBe(0)
    expect(army.step).toBe(0)
    expect(army.current.men).toBe(21)
    expect(army.notice?.text).toBe('the army changed: its solution was dropped')
    await army.save()
    expect(host.saves[0]!.file.name).toBe('conway-20-level4.army.json')
    const back = parseArmyDocument(host.saves[0]!.text)
    expect(back.army.length).toBe(21)
    expect(back.moves).toEqual([])
  })

  it('adopts a solved army from a job, refuses painting while a job runs, and reports a cancel', async () => {
    const d = parseArmyDocument(conwayText)
    const jobs: ArmyJob[] = []
    let release: (r: ArmyJobResult) => void = () => undefined
    const runner: ArmyJobRunner = (job, onProgress) => {
      jobs.push(job)
      onProgress('integer program')
      let reject: (e: Error) => void = () => undefined
      const result = new Promise<ArmyJobResult>((res, rej) => {
        release = res
        reject = rej
      })
      return { result, cancel: () => reject(new ArmyJobCancelled()) }
    }
    useArmyJobRunner(runner)
    const army = useArmy()
    army.newArmy('conway', 4)
    const running = army.run('solve')
    expect(army.job?.message).toBe('integer program')
    expect(jobs[0]).toMatchObject({ kind: 'solve', type: 'conway', level: 4, window: { rows: 11, width: 10 } })
    expect(army.paint([0, 4])).toBe(false)
    const verdict = verifyArmy(GEOMETRIES.conway, d.window, d.army, d.moves)
    release({ kind: 'solve', status: 'Optimal', men: 20, window: d.window, army: d.army, moves: d.moves, verdict, seconds: 1.5 })
    await running
    expect(army.job).toBeNull()
    expect(army.jobOutcome?.ok).toBe(true)
    expect(army.jobOutcome?.text).toMatch(
      /^20 men \(the minimum on the window 11 rows, 10 columns beyond each row\), 13 moves, 19 jumps, verified/,
    )
    expect(army.length).toBe(13)
    expect(army.verdict?.ok).toBe(true)
    const counting = army.run('count')
    army.cancel()
    await counting
    expect(army.jobOutcome).toEqual({ kind: 'count', text: 'cancelled', ok: false })
    expect(army.length).toBe(13)
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
    expect(documentFault('{"format": "halma"}')).toMatch(/^problem document: /)
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

  it('File > Open hands an army document to the army workbench, and leaves the problem document alone', async () => {
    const doc = useDocument()
    const army = useArmy()
    const before = doc.doc
    expect(await doc.open()).toBe(true)
    expect(army.active).toBe(true)
    expect(army.fileName).toBe('conway.army.json')
    expect(army.length).toBe(13)
    expect(doc.doc).toBe(before)
  })
})

describe('a custom board in the workbench', () => {
  it('switches cells off, moves the target, paints men on the board, and solves the army as it stands', async () => {
    const army = useArmy()
    // The job runs in the test as the host's worker would run it (registry.ts: no HiGHS for a custom board).
    const jobs: ArmyJob[] = []
    useArmyJobRunner((job, onProgress) => {
      jobs.push(parseArmyJob(JSON.parse(JSON.stringify(job))))
      return { result: runBoardSolve(jobs.at(-1) as Parameters<typeof runBoardSolve>[0], onProgress), cancel: () => undefined }
    })
    army.newArmy('conway', 2)
    const w = army.doc.window
    army.customize()
    expect(army.doc.board?.cells.length).toBe([...windowCells(GEOMETRIES.conway, w)].length)
    expect(army.mapId).toBe(DISTANCE_MAP)
    expect(army.editMode).toBe('cells')
    // A wall across row 1 but for x = 2, the target moved to (1, 0).
    for (let x = -w.width; x <= w.width; x++) if (x !== 2) expect(army.paint([x, 1])).toBe(true)
    expect(army.paint([0, 1])).toBe(true) // switched on again
    expect(army.paint([0, 1])).toBe(true) // and off
    army.editMode = 'target'
    expect(army.paint([1, 1])).toBe(false)
    expect(army.notice?.text).toBe('x 1, row 1 is not on the board: switch it on first')
    expect(army.paint([1, 0])).toBe(true)
    army.editMode = 'cells'
    expect(army.paint([1, 0])).toBe(false)
    expect(army.notice?.text).toBe('the target stays on the board: move it first')
    expect(army.map.exponent(2, 1)).toBe(2)
    expect(army.map.exponent(2, 2)).toBe(3)
    expect(army.map.exponent(0, 2)).toBe(5)
    const scene = buildArmyScene(army.sceneInput, 400, 300)
    expect(scene.holes.filter((h) => h.off).length).toBe(2 * w.width)
    expect(scene.holes.find((h) => h.target === 0)?.name).toBe(cellLabel(GEOMETRIES.conway, w, [1, 0]))
    army.editMode = 'men'
    expect(army.paint([0, 1])).toBe(false)
    expect(army.notice?.text).toMatch(/switched off/)
    for (const c of [
      [2, 2],
      [2, 3],
      [1, 3],
    ] as const)
      expect(army.paint(c)).toBe(true)
    // Three men at distances 3, 4, 5: weight σ^3 + σ^4 + σ^5 = 2σ^3 < 1.
    expect(army.measure).toMatchObject({ possible: false, verdict: expect.stringMatching(/^cannot reach the target: weight .* < 1$/) })
    await army.run('solve')
    expect(army.jobOutcome).toMatchObject({ ok: false, text: expect.stringMatching(/^no solution: cannot reach the target/) })
    // Men on (2, 2), (2, 1) (the gap) and (3, 0): σ^3 + σ^2 + σ^2 = 1 exactly; (2, 2) over (2, 1) into (2, 0), then (3, 0) over it into the target.
    army.clearArmy()
    for (const c of [
      [2, 2],
      [2, 1],
      [3, 0],
    ] as const)
      expect(army.paint(c)).toBe(true)
    expect(army.measure).toMatchObject({ possible: true, slack: { a: 0n, b: 0n } })
    await army.run('solve')
    expect(jobs.at(-1)).toMatchObject({ kind: 'solve', board: army.doc.board })
    expect(army.jobOutcome?.ok).toBe(true)
    expect(army.verdict?.ok).toBe(true)
    expect(army.jobOutcome?.text).toMatch(/^2 moves, 2 jumps, verified on the custom board: fewest moves \(none with 1\)/)
    const label = (c: readonly [number, number]) => cellLabel(GEOMETRIES.conway, w, c)
    expect(army.movesText).toBe(`${label([2, 2])}-${label([2, 0])}, ${label([3, 0])}-${label([1, 0])}`)
    const bounds = army.run('bound')
    await bounds
    expect(army.notice?.text).toMatch(/^bound is for the paper's window/)
    // The document keeps the board (the session stores this text).
    const back = parseArmyDocument(army.documentText)
    expect(back.board).toEqual(army.doc.board)
    expect(verifyArmy(GEOMETRIES.conway, back.window, back.army, back.moves, back.board)).toMatchObject({ ok: true })
  })
})
