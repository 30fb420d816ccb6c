// @vitest-environment jsdom
// The engine's pane without a browser (issue 30): the overlay slot lays a line's arrows on a
// players scene at the centres of the cells its moves visit (an arrow through a cell the board
// lacks is left out), the players kind's board draws what the overlay holds, and scores read as
// words. The pane's searches run in a Web Worker: tests/e2e/engine.e2e.test.ts drives them.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { HalmaApi } from '../../src/preload/api'
import { useHostApi } from '../../src/renderer/api'
import { scoreText } from '../../src/renderer/engine/store'
import { useBoardOverlay, withOverlay } from '../../src/renderer/frame/overlay'
import { buildPlayersScene } from '../../src/renderer/kinds/players/scene'
import { usePlayers } from '../../src/renderer/kinds/players/store'
import { Position } from '../../src/shared/play/position'
import { movePath, parseMove } from '../../src/shared/play/notation'
import { variantOfPreset } from '../../src/shared/play/variant'
import { playersPreset, startPosition } from '../../src/shared/players/game'

/** A host whose every call does nothing (the stores ask it for the autosave and recent files). */
const quietHost = new Proxy({}, { get: () => () => Promise.resolve(undefined) }) as HalmaApi

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
