/**
 * The workbench's session with the engine (shared/play/session.ts) and the client that drives an
 * engine over a port (client.ts), against the protocol server in-process: a line played with a side
 * line from the engine's principal variation, arrows of the line, the score series over a game,
 * play against the engine for three moves, and a search stopped by the shared flag.
 */
import { describe, expect, it } from 'vitest'
import { EngineClient, type EnginePort } from '../../src/shared/play/client'
import { DEFAULT_OPTIONS } from '../../src/shared/play/engine'
import { formatMove } from '../../src/shared/play/notation'
import { MAX_MOVES } from '../../src/shared/play/position'
import { ProtocolServer } from '../../src/shared/play/protocol'
import { PlaySession } from '../../src/shared/play/session'
import { variantOfPreset, withSpoilingRule } from '../../src/shared/play/variant'

/** A port to a protocol server in this thread (as the Web Worker's, without the worker). */
function localPort(): EnginePort {
  const handlers: ((line: string) => void)[] = []
  const stopFlag = new Int32Array(new SharedArrayBuffer(4))
  const server = new ProtocolServer((line) => handlers.forEach((h) => h(line)), DEFAULT_OPTIONS, undefined, 'test', stopFlag)
  let queue = Promise.resolve()
  return {
    stopFlag,
    send: (line) => {
      queue = queue.then(async () => void (await server.receive(line)))
    },
    onLine: (h) => void handlers.push(h),
  }
}

function session(id: string): PlaySession {
  const base = variantOfPreset(id)
  return new PlaySession(withSpoilingRule(base, 'vacate'), base.source, 'vacate')
}

describe('the engine session', () => {
  it('analyses a 2-player and a 6-player position; the line becomes arrows and a side line', async () => {
    for (const id of ['star121-2', 'star121-6']) {
      const s = session(id)
      const client = new EngineClient(localPort())
      const infos: number[] = []
      const r = await client.analyse(s.positionCommand(), { depth: 3 }, (i) => infos.push(i.depth ?? 0))
      expect(r.error).toBeUndefined()
      expect(infos.at(-1)).toBe(3)
      const pv = r.infos.at(-1)!.pv
      expect(pv[0]).toBe(r.bestmove)
      const arrows = s.arrows(pv)
      expect(arrows.length).toBe(pv.length)
      expect(arrows[0]!.army).toBe(0)
      s.record(0, r.infos.at(-1)!)
      // The engine's line along the main line, then another move at the start: a side line.
      expect(s.playLine(pv)).toEqual({ ok: true, value: pv.length })
      expect(s.line).toEqual(pv)
      s.goTo(0)
      expect(s.playLine(pv, 1)).toEqual({ ok: true, value: 1 })
      expect(s.side).toBeUndefined()
      s.goTo(0)
      const legal = s.arrows(pv).length
      expect(legal).toBe(pv.length)
      const otherMove = ['e15-e14', 'g13-g12', 'h13-h12', 'f14-f13'].find((m) => m !== pv[0] && s.play(m).ok)
      expect(otherMove).toBeDefined()
      expect(s.side).toEqual({ at: 0, moves: [otherMove] })
      s.keepSideLine()
      expect(s.line).toEqual([otherMove])
      expect(s.play('z1-z2')).toMatchObject({ ok: false })
    }
  })

  it('plays three moves against the engine and charts its scores', async () => {
    const s = session('star121-2')
    const client = new EngineClient(localPort())
    s.engineSeats = [false, true]
    s.limits = { nodes: 2000 }
    for (let k = 0; k < 3; k++) {
      // The human (blue) plays the engine's own suggestion at low depth; the engine answers.
      const hint = await client.analyse(s.positionCommand(), { depth: 1 })
      expect(s.enginesTurn()).toBe(false)
      expect(s.play(hint.bestmove!).ok).toBe(true)
      expect(s.enginesTurn()).toBe(true)
      const reply = await client.analyse(s.positionCommand(), s.limits)
      s.record(s.ply, reply.infos.at(-1)!)
      expect(s.play(reply.bestmove!).ok).toBe(true)
    }
    expect(s.line.length).toBe(6)
    const series = s.scoreSeries()
    expect(series.map((p) => p.ply)).toEqual([1, 3, 5])
    // Blue's side of orange's scores: the sign turned.
    expect(series[0]!.value).toBe(-(series[0]!.score.kind === 'cp' ? series[0]!.score.value : 0))
  })

  it('stops a search through the shared flag', async () => {
    const s = session('star121-6')
    const port = localPort()
    const client = new EngineClient(port)
    // The first info line comes while the search runs (in a worker, the page's stop would): stop then.
    const r = await client.analyse(s.positionCommand(), { infinite: true }, (info) => {
      if ((info.depth ?? 0) >= 2) client.stop()
    })
    expect(r.bestmove).not.toBeNull()
    expect(Math.max(...r.infos.map((i) => i.depth ?? 0))).toBeLessThan(6)
  })

  it("searches only the moves asked for (go searchmoves, written by the client) and keeps the engine's notes", async () => {
    const s = session('star121-2')
    const client = new EngineClient(localPort())
    const free = await client.analyse(s.positionCommand(), { depth: 2 })
    expect(free.notes).toContain('algorithm paranoid')
    // Two legal first moves, neither the engine's free choice: it plays one of them.
    const pos = s.position()
    const buf = new Int32Array(MAX_MOVES)
    const legal = Array.from(buf.subarray(0, pos.generate(buf)), (m) => formatMove(pos, m))
    const asked = legal.filter((m) => m !== free.bestmove).slice(-2)
    expect(asked.length).toBe(2)
    const r = await client.analyse(s.positionCommand(), { depth: 2, searchmovesText: asked })
    expect(r.error).toBeUndefined()
    expect(asked).toContain(r.bestmove)
    // A move that is not legal there is named, and nothing is searched.
    const bad = await client.analyse(s.positionCommand(), { depth: 2, searchmovesText: ['a1-a2'] })
    expect(bad).toMatchObject({ bestmove: null, error: expect.stringContaining('go.searchmoves') })
  })
})
