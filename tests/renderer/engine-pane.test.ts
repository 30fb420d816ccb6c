// @vitest-environment jsdom
// The engine's pane without a browser (issue 30): the overlay slot lays a line's arrows on a
// players scene at the centres of the cells its moves visit (an arrow through a cell the board
// lacks is left out), the players and halma kinds' boards draw what the overlay holds, and scores
// read as words. The paper's two-player games have an engine game whose cells are the halma kind's:
// the engine's move replays as the kind's path, every shipped game's stored line replays in the
// engine's rules (the worker's game, rebuilt from its source) to the same winner; a transfer has
// none (the pane is hidden). The pane's searches run in a Web Worker: tests/e2e/engine.e2e.test.ts
// and engine-halma.e2e.test.ts drive them.
import fabianText from '../../resources/problems/fabian-30.halma.json?raw'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { HalmaApi } from '../../src/preload/api'
import { useHostApi } from '../../src/renderer/api'
import { chartedScores, engineGameOf, scoreText } from '../../src/renderer/engine/store'
import { useDocument } from '../../src/renderer/frame/document'
import { examplesOf } from '../../src/renderer/frame/examples'
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

/** A shipped problem document (a two-player game of the paper, or a transfer) as the halma kind reads it. */
function halmaExample(text: string) {
  const r = halmaKind.parse(text, 'example.halma.json')
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
    expect(scoreText({ kind: 'win', plies: 1 })).toBe('wins in 1 ply')
  })

  it('charts scores in steps as they are and wins and losses beyond them (-37 steps is not a loss)', () => {
    const points = [
      { ply: 0, value: -3710, score: { kind: 'cp', value: -3710 } as const },
      { ply: 1, value: 1200, score: { kind: 'cp', value: 1200 } as const },
      { ply: 3, value: 100_000 - 7, score: { kind: 'win', plies: 7 } as const },
      { ply: 4, value: -(100_000 - 4), score: { kind: 'loss', plies: 4 } as const },
    ]
    const { values, top } = chartedScores(points, 5)
    expect(top).toBe(45)
    expect(values).toEqual([-37.1, 12, null, 45, -45])
    // Small scores: wins at 25, as before.
    expect(chartedScores([points[1]!, points[2]!], 4)).toEqual({ values: [null, 12, null, 25], top: 25 })
  })
})

describe("the engine's game of each kind", () => {
  it("gives a paper game's engine the kind's cells: the engine's move replays as the kind's path", () => {
    const doc = halmaExample(fabianText)
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

  it("replays every shipped two-player game's stored line in the engine's rules, move for move, to the same winner", () => {
    const games = examplesOf('halma').flatMap((e) => {
      const r = halmaKind.parse(e.text, e.name)
      return r.ok && r.value.problem.kind === 'game' ? [{ name: e.name, doc: r.value }] : []
    })
    expect(games.length).toBeGreaterThanOrEqual(5)
    for (const { name, doc } of games) {
      const v = variantFromSource(engineGameOf(halmaKind, doc)!.source)
      const line = halmaKind.lines(doc)[0] ? mainLine(halmaKind.lines(doc)[0]!.tree) : []
      const pos = Position.start(v)
      for (const [k, stored] of line.entries()) {
        const m = parseMove(pos, stored.map((c) => nameOf(v.board, c)).join('-'))
        expect(m.ok, `${name}, move ${k + 1}`).toBe(true)
        expect(pos.turn, `${name}, move ${k + 1}`).toBe(halmaKind.moverAt(doc, k + 1))
        pos.make((m as { ok: true; value: never }).value)
      }
      const played = halmaKind.replay(doc, line)
      const winner = played.timeline.winner
      expect(pos.winner, name).toBe(winner ? winner.army : -1)
    }
  })

  it('has none for a transfer (a puzzle), and one for every game of 2 to 6 players', () => {
    const transfers = examplesOf('halma').filter((e) => !/"kind":\s*"game"/.test(e.text))
    expect(transfers.length).toBeGreaterThan(3)
    for (const e of transfers) expect(engineGameOf(halmaKind, halmaExample(e.text)), e.name).toBeNull()
    for (const e of examplesOf('players')) {
      const r = playersKind.parse(e.text, e.name)
      expect(r.ok && engineGameOf(playersKind, r.value)?.armies.length, e.name).toBeGreaterThanOrEqual(2)
    }
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
