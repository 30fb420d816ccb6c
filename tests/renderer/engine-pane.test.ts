// @vitest-environment jsdom
// The engine's pane without a browser (issue 30): the overlay slot lays a line's arrows on a
// players scene at the centres of the cells its moves visit (an arrow through a cell the board
// lacks is left out), the players kind's board draws what the overlay holds, and scores read as
// words; the paper's two-player games have an engine game whose cells are the halma kind's (an
// engine's move replays as the kind's path), the worker rebuilds it from its source, the halma board
// draws the overlay, and a transfer has none (the pane is hidden). The pane's searches run in a Web Worker: tests/e2e/engine.e2e.test.ts drives them.
import fabianText from '../../resources/problems/fabian-30.halma.json?raw'
import transferText from '../../resources/problems/triangle10-6move.halma.json?raw'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { HalmaApi } from '../../src/preload/api'
import { useHostApi } from '../../src/renderer/api'
import { engineGameOf, scoreText } from '../../src/renderer/engine/store'
import { useDocument } from '../../src/renderer/frame/document'
import { halmaKind } from '../../src/renderer/kinds/halma/model'
import { useHalma } from '../../src/renderer/kinds/halma/store'
import { playersKind } from '../../src/renderer/kinds/players/model'
import { useBoardOverlay, withOverlay } from '../../src/renderer/frame/overlay'
import { buildPlayersScene } from '../../src/renderer/kinds/players/scene'
import { usePlayers } from '../../src/renderer/kinds/players/store'
import { Position } from '../../src/shared/play/position'
import { movePath, parseMove } from '../../src/shared/play/notation'
import { nameOf } from '../../src/shared/halma/board'
import { mainLine } from '../../src/shared/variations'
import { variantFromSource, variantOfPreset } from '../../src/shared/play/variant'
import { playersPreset, startPosition } from '../../src/shared/players/game'

/** A host whose every call does nothing (the stores ask it for the autosave and recent files). */
const quietHost = new Proxy({}, { get: () => () => Promise.resolve(undefined) }) as HalmaApi

/** A shipped two-player game of the paper, or a transfer, as the halma kind reads it. */
function halmaExample(name: string) {
  const r = halmaKind.parse(name.startsWith('fabian') ? fabianText : transferText, name)
  if (!r.ok) throw new Error(r.error)
  return r.value
}

beforeEach(() => {
  setActivePinia(createPinia())
  useHostApi(quietHost, { host: 'web', version: 'test', cores: 2, recentFiles: false, nativeMenus: false })
})

describe("the engine's overlay", () => {
  it("lays a line's moves on the scene at its cells' centres, in the engine's cell numbers", () => {
    const g = playersPreset('mini-3')
    const scene = buildPlayersScene({ game: g, position: startPosition(g), names: false }, 600, 600)
    // The engine's move, in its own notation, as cells: the players kind numbers them alike.
    const pos = Position.start(variantOfPreset('mini-3'))
    const m = parseMove(pos, 'c9-c7')
    expect(m.ok).toBe(true)
    const path = movePath(pos, (m as { ok: true; value: never }).value)
    const laid = withOverlay(scene, [
      { path, colour: '#123456', label: '1' },
      { path: [path[0]!, 9999], colour: '#000000' },
    ])
    expect(laid.arrows).toHaveLength(1)
    const centre = (c: number) => scene.cells.find((x) => x.cell === c)!
    expect(laid.arrows![0]!.points).toEqual(path.flatMap((c) => [centre(c).x, centre(c).y]))
    expect(centre(path[0]!).name).toBe('c9')
    expect(withOverlay(scene, [])).toBe(scene)
  })

  it("is drawn on the players kind's board while the overlay holds it", () => {
    const players = usePlayers()
    const overlay = useBoardOverlay()
    expect(players.board.scene(600, 600).arrows ?? []).toHaveLength(0)
    overlay.set([{ path: [0, 1], colour: '#123456' }])
    expect(players.board.scene(600, 600).arrows).toHaveLength(1)
    overlay.clear()
    expect(players.board.scene(600, 600).arrows ?? []).toHaveLength(0)
  })

  it('reads scores as words from the side to move', () => {
    expect(scoreText({ kind: 'cp', value: 120 })).toBe('+1.20 steps')
    expect(scoreText({ kind: 'cp', value: -5 })).toBe('-0.05 steps')
    expect(scoreText({ kind: 'win', plies: 7 })).toBe('wins in 7 plies')
    expect(scoreText({ kind: 'loss', plies: 4 })).toBe('loses in 4 plies')
  })
})

describe("the engine's game of each kind", () => {
  it("gives a paper game's engine the kind's cells: the engine's move replays as the kind's path", () => {
    const doc = halmaExample('fabian-30.halma.json')
    const v = engineGameOf(halmaKind, doc)!
    expect(v.armies.map((a) => a.name)).toEqual(doc.problem.armies.map((a) => a.name))
    expect(v.first).toBe(doc.problem.first)
    // The worker rebuilds the game from its source alone (the stored lines are not sent).
    expect(v.source.kind === 'halma' && v.source.spec.solutions).toBeUndefined()
    expect(variantFromSource(v.source).armies).toEqual(v.armies)
    // The stored line's first move, in the engine's notation (as the store writes it), parsed by the
    // engine's rules and played back by the kind as the engine's path.
    const stored = mainLine(halmaKind.lines(doc)[0]!.tree)[0]!
    const pos = Position.start(v)
    const m = parseMove(pos, stored.map((c) => nameOf(v.board, c)).join('-'))
    expect(m.ok).toBe(true)
    const path = movePath(pos, (m as { ok: true; value: never }).value)
    expect(path[0]).toBe(stored[0])
    expect(path.at(-1)).toBe(stored.at(-1))
    expect(halmaKind.replay(doc, [path])).toMatchObject({ fault: null, moves: [{ mover: doc.problem.first }] })
  })

  it('has none for a transfer (a puzzle), and one for every game of 2 to 6 players', () => {
    expect(engineGameOf(halmaKind, halmaExample('triangle10-6move.halma.json'))).toBeNull()
    expect(engineGameOf(playersKind, playersKind.blank())?.armies).toHaveLength(3)
  })

  it("is drawn on the halma kind's board while the overlay holds it", () => {
    expect(useDocument().openText('fabian-30.halma.json', fabianText)).toBe(true)
    const halma = useHalma()
    const overlay = useBoardOverlay()
    expect(halma.board.scene(600, 600).arrows ?? []).toHaveLength(0)
    overlay.set([{ path: [0, 1], colour: '#123456', label: '1' }])
    expect(halma.board.scene(600, 600).arrows).toHaveLength(1)
    overlay.clear()
    expect(halma.board.scene(600, 600).arrows ?? []).toHaveLength(0)
  })
})
