// @vitest-environment jsdom
// Playing against the engine in the workbench (engine/store.ts), its Web Worker replaced by a fake
// engine that speaks the protocol (each `go` counted; its move the position's first legal one, after
// a few milliseconds, or at `stop` under `go infinite`). One search per turn of the engine's seat: its
// own search's end searched the old position again (hidden: "searching…" and 100 % CPU until Stop
// under "until Stop", the buttons greyed for another second under "1 second"). It moves by itself
// only at the end of the line a move just reached (or where its seat was just set, a game just
// started): stepping back from its move replayed it at once, stepping forward from the start
// landed on move 2, Undo was undone by its answer.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useEngine } from '../../src/renderer/engine/store'
import { useDocument } from '../../src/renderer/frame/document'
import { useStepper } from '../../src/renderer/frame/stepper'
import { playersKind, presetGame } from '../../src/renderer/kinds/players/model'
import { nameOf } from '../../src/shared/halma/board'
import type { EnginePort } from '../../src/shared/play/client'
import { formatMove, movePath, parseMove } from '../../src/shared/play/notation'
import { Position } from '../../src/shared/play/position'
import { parsePositionCommand, resolvePosition } from '../../src/shared/play/protocol'
import { variantOfPreset } from '../../src/shared/play/variant'
import { fakeHost } from './fake-host'

const fake = vi.hoisted(() => ({ port: null as null | (() => EnginePort) }))
vi.mock('../../src/hosts/web/play-engine', () => ({ webEnginePort: () => fake.port!() }))

const PRESET = 'star121-2'
const variant = variantOfPreset(PRESET)

/** The position after `moves` (in notation). */
function positionAfter(moves: readonly string[]): Position {
  const pos = Position.start(variant)
  for (const t of moves) {
    const m = parseMove(pos, t)
    if (!m.ok) throw new Error(m.error.message)
    pos.make(m.value)
  }
  return pos
}

/** The k-th legal move (0: the first) of the army to move after `moves`, as the engine writes it. */
function legalMove(moves: readonly string[], k = 0): string {
  const pos = positionAfter(moves)
  const out = new Int32Array(2048)
  if (pos.generate(out) <= k) throw new Error('no such move')
  return formatMove(pos, out[k]!)
}

/** The `go` commands the fake engine heard in this test, and its replies due. */
let heard = { gos: [] as string[], due: 0 }
/** A reply of the fake engine after `ms` milliseconds. */
function later(f: () => void, ms = 0): void {
  const h = heard
  h.due++
  setTimeout(() => {
    h.due--
    f()
  }, ms)
}
fake.port = () => {
  const handlers: ((line: string) => void)[] = []
  let position = ''
  let waiting: (() => void) | null = null
  const say = (line: string): void => handlers.forEach((h) => h(line))
  return {
    onLine: (h) => void handlers.push(h),
    send: (line) => {
      if (line.startsWith('position ')) position = line
      else if (line === 'isready') later(() => say('readyok'))
      else if (line === 'stop') waiting?.()
      else if (line.startsWith('go')) {
        heard.gos.push(line)
        const cmd = parsePositionCommand(position.slice('position '.length))
        if (!cmd.ok || !resolvePosition(cmd.value).ok) throw new Error(`the fake engine: ${position}`)
        // Its line: three moves, each the first legal one.
        const pv: string[] = []
        for (let k = 0; k < 3; k++) pv.push(legalMove([...cmd.value.moves, ...pv]))
        const reply = (): void => {
          waiting = null
          say(`info depth 1 score cp 0 nodes 10 pv ${pv.join(' ')}`)
          say(`bestmove ${pv[0]!}`)
        }
        if (line.includes('infinite')) waiting = () => later(reply)
        else later(reply, 5)
      }
    },
  }
}

/** Until the fake engine has had no reply due for a while (each reply heard, what it started done). */
async function idle(): Promise<void> {
  for (let quiet = 0; quiet < 3; quiet = heard.due === 0 ? quiet + 1 : 0) await new Promise((r) => setTimeout(r, 10))
}

/** The stepper's line in the engine's notation. */
const lineTexts = (): string[] => useStepper().line.moves.map((m) => m.path.map((c) => nameOf(variant.board, c)).join('-'))

/** The user's move at the position shown (its k-th legal move; the engine plays the first), played through the stepper. */
function userMoves(k = 0): void {
  const st = useStepper()
  const before = lineTexts().slice(0, st.ply)
  const pos = positionAfter(before)
  const m = parseMove(pos, legalMove(before, k))
  if (!m.ok) throw new Error(m.error.message)
  st.play(movePath(pos, m.value))
}

beforeEach(async () => {
  setActivePinia(createPinia())
  fakeHost({ unsaved: 'discard' })
  heard = { gos: [], due: 0 }
  expect(await useDocument().newDocument(playersKind, presetGame(PRESET))).toBe(true)
  expect(variant.first).toBe(0)
})

/** The engine on orange (the second player); the user plays blue. */
function againstOrange(strength: string) {
  const engine = useEngine()
  engine.strength = strength
  engine.setSeat(1, true)
  return { engine, st: useStepper() }
}

describe('playing against the engine: one search per turn', () => {
  it('with a time limit: each move of the user is answered by one search, and none runs after it', async () => {
    const { engine, st } = againstOrange('1s')
    await idle()
    expect(heard.gos).toEqual([])
    userMoves()
    await idle()
    expect([st.ply, st.length]).toEqual([2, 2])
    expect(heard.gos).toEqual(['go movetime 1000'])
    expect(engine.running).toBe(false)
    // Its report is shown at the position it searched (move 1).
    st.go(1)
    expect(engine.readout).toMatch(/^orange: \+0\.00 steps · depth 1 · 10 nodes$/)
    st.go(2)
    userMoves()
    await idle()
    expect([st.ply, st.length, heard.gos.length, engine.running]).toEqual([4, 4, 2, false])
  })

  it('until Stop: Stop plays its move, and no search is left running', async () => {
    const { engine, st } = againstOrange('infinite')
    userMoves()
    await idle()
    expect([st.ply, engine.running, heard.gos]).toEqual([1, true, ['go infinite']])
    engine.stop()
    await idle()
    expect([st.ply, st.length]).toEqual([2, 2])
    expect(heard.gos).toHaveLength(1)
    expect(engine.running).toBe(false)
    expect(engine.readout).toBe('no analysis of this position yet')
  })

  it('answers a move made while an analysis runs once that analysis ends', async () => {
    const { engine, st } = againstOrange('2000')
    void engine.analyse()
    expect(engine.running).toBe(true)
    userMoves()
    await idle()
    expect([st.ply, st.length, heard.gos]).toEqual([2, 2, ['go nodes 2000', 'go nodes 2000']])
    expect(engine.running).toBe(false)
  })

  it("answers a line played once, at the line's last move", async () => {
    const { engine, st } = againstOrange('2000')
    await engine.analyse()
    expect(engine.pvText.split(' ')).toHaveLength(4)
    // Blue, orange, blue: orange to move at the line's end.
    engine.playLine()
    await idle()
    expect([st.ply, st.length, heard.gos.length]).toEqual([4, 4, 2])
  })
})

describe('playing against the engine: it moves only at the end of the line', () => {
  /** Two moves of the user, each answered: four moves. */
  async function fourMoves() {
    const t = againstOrange('2000')
    userMoves()
    await idle()
    userMoves()
    await idle()
    expect([t.st.ply, t.st.length]).toEqual([4, 4])
    const n = heard.gos.length
    /** The searches started since. */
    return { ...t, searched: () => heard.gos.length - n }
  }

  it('never moves while the user steps through the line, goes to a move or undoes', async () => {
    const { engine, st, searched } = await fourMoves()
    const line = lineTexts()
    // Back from move 4: orange to move at move 3, and it stays there.
    st.step(-1)
    await idle()
    expect([st.ply, st.length, searched(), engine.running]).toEqual([3, 4, 0, false])
    // Forward from the start: move 1, orange to move.
    st.first()
    await idle()
    st.step(1)
    await idle()
    expect([st.ply, searched()]).toEqual([1, 0])
    // To the line's end, then a jump back to move 3 (orange to move).
    st.last()
    await idle()
    st.go(3)
    await idle()
    expect([st.ply, searched()]).toEqual([3, 0])
    // Undo of its move: orange to move at the line's end, and it does not answer again; Redo.
    st.last()
    useDocument().undo()
    await idle()
    expect([st.ply, st.length, searched()]).toEqual([3, 3, 0])
    useDocument().redo()
    await idle()
    expect([st.ply, st.length, searched()]).toEqual([4, 4, 0])
    expect(lineTexts()).toEqual(line)
    // The user's move at the line's end: it answers.
    userMoves()
    await idle()
    expect([st.ply, st.length, searched(), engine.running]).toEqual([6, 6, 1, false])
  })

  it("answers a move made inside the line at its side line's end, and its seat taken at the line's end", async () => {
    const { engine, st, searched } = await fourMoves()
    // At move 2 the user plays another move than the line's: a side line, answered at its end.
    st.go(2)
    userMoves(1)
    await idle()
    expect([st.ply, st.length, st.sideLines, searched()]).toEqual([4, 4, 1, 1])
    // Its seat given up and taken again inside the line, orange to move: no move.
    engine.setSeat(1, false)
    st.go(3)
    engine.setSeat(1, true)
    await idle()
    expect([st.ply, st.length, searched()]).toEqual([3, 4, 1])
    // Its move deleted (no move made): orange to move at the line's end, and no move.
    st.go(4)
    st.deleteFromHere()
    await idle()
    expect([st.ply, st.length, searched()]).toEqual([3, 3, 1])
    // Its seat taken there: it moves.
    engine.setSeat(1, false)
    engine.setSeat(1, true)
    await idle()
    expect([st.ply, st.length, searched(), engine.running]).toEqual([4, 4, 2, false])
  })

  it("answers a move the tree already holds when it leads to a line's end (a click along a side line)", async () => {
    const { st, searched } = await fourMoves()
    // A side line at move 2 (blue's other move), answered at its end: then back on the main line.
    st.go(2)
    userMoves(1)
    await idle()
    expect([st.ply, st.length, st.sideLines, searched()]).toEqual([4, 4, 1, 1])
    // Its own move undone there: the side line ends at move 3, orange to move.
    useDocument().undo()
    await idle()
    expect([st.ply, searched()]).toEqual([3, 1])
    // On the main line at move 2, the user plays the side line's first move again: the tree holds it,
    // the stepper goes to the side line's end (orange to move) and the engine answers.
    st.go(0)
    st.go(2)
    const at = st.ply
    userMoves(1)
    await idle()
    expect(at).toBe(2)
    expect(searched()).toBe(2)
  })

  it('plays itself, one search a move, and moves on its seat when a game starts with it to move', async () => {
    const engine = useEngine()
    engine.strength = '2000'
    engine.setSeat(0, true)
    engine.setSeat(1, true)
    // It plays itself: each of its moves is one search, each at the line's end.
    await vi.waitFor(() => expect(heard.gos.length).toBeGreaterThan(3))
    engine.setSeat(0, false)
    engine.setSeat(1, false)
    await idle()
    const n = heard.gos.length
    expect(useStepper().length).toBe(n)
    // Blue's seat taken inside the line (no move), then a new game: blue to move at its start.
    useStepper().go(0)
    engine.setSeat(0, true)
    await idle()
    expect(heard.gos.length).toBe(n)
    expect(await useDocument().newDocument(playersKind, presetGame(PRESET))).toBe(true)
    await idle()
    expect(heard.gos.length).toBe(n + 1)
    expect([useStepper().ply, useStepper().length]).toEqual([1, 1])
  })

  it('does not move when a document is opened with its seat to move at the line\'s end (it is there to be read)', async () => {
    const engine = useEngine()
    engine.strength = '2000'
    const st = useStepper()
    userMoves(0)
    engine.setSeat(0, true)
    await idle()
    // Orange to move: the seat on blue does not move.
    expect(heard.gos.length).toBe(0)
    // The same game opened with blue to move at its start and at its end (no moves kept): no search.
    expect(useDocument().openText('read.players.json', playersKind.format(presetGame(PRESET)))).toBe(true)
    await idle()
    expect(heard.gos.length).toBe(0)
    expect([st.ply, st.length]).toEqual([0, 0])
    // A game made new with blue to move starts it.
    expect(await useDocument().newDocument(playersKind, presetGame(PRESET))).toBe(true)
    await idle()
    expect(heard.gos.length).toBe(1)
    expect(st.length).toBe(1)
    // Its search under way when a document of the same game is opened at the same position: its move is not played there.
    expect(await useDocument().newDocument(playersKind, presetGame(PRESET))).toBe(true)
    expect(heard.gos.length).toBe(2)
    expect(useDocument().openText('read-too.players.json', playersKind.format(presetGame(PRESET)))).toBe(true)
    await idle()
    expect([st.ply, st.length]).toEqual([0, 0])
  })
})
