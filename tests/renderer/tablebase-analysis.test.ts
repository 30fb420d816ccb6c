// The tablebase view's state (src/renderer/tablebase/analysis.ts) and its host job (tables.ts):
// a 7x7 table with 2 men each, built by the engine as a job worker would, probed in the page.
import { beforeAll, describe, expect, it } from 'vitest'
import type { HalmaApi } from '../../src/preload/api'
import type { JobEvent } from '../../src/shared/jobs/manager'
import { Engine } from '../../src/shared/engine/engine'
import { parseTablebaseJob, type TablebaseResult } from '../../src/shared/engine/tablebase/job'
import type { TablebaseTable } from '../../src/shared/engine/tablebase/table'
import {
  bestLineOf,
  markedMoves,
  moveMark,
  openSession,
  playBest,
  playMove,
  probeOf,
  setTableSide,
  status,
  takeBack,
  userMove,
  verdictText,
} from '../../src/renderer/tablebase/analysis'
import { buildTable, buildableInPage, tableOfResult } from '../../src/renderer/tablebase/tables'
import { CancelledError } from '../../src/renderer/api/host-jobs'
import { expect as unwrap, ok } from '../../src/shared/result'

let result: TablebaseResult
let table: TablebaseTable

beforeAll(async () => {
  result = await new Engine().start({ kind: 'tablebase', params: unwrap(parseTablebaseJob({ side: 7, men: 2, keep: true })) }).result
  table = tableOfResult(result)
})

describe('the tablebase view state', () => {
  it('shows the value of a position and of every legal move, best first', () => {
    const s = openSession(table)
    const p = probeOf(s)!
    expect(p.verdict).toEqual({ kind: 'value', value: 'win', distance: result.header.start.distance })
    expect(status(s)).toBe(`a1,b1 / f7,g7 blue: blue wins in ${result.header.start.distance}`)
    const moves = markedMoves(s)
    expect(moves.length).toBe(5)
    expect(moves.every((m) => m.value === 'win' || m.value === 'loss' || m.value === 'draw')).toBe(true)
    expect(moveMark(moves[0]!)).toBe(`W${result.header.start.distance}`)
  })

  it('plays the best line move by move to the win the table promised, and takes moves back', () => {
    let s = openSession(table)
    const line = bestLineOf(s)
    expect(line.length).toBe(result.header.start.distance)
    for (let k = 0; k < line.length; k++) {
      const before = probeOf(s)!
      if (before.verdict.kind === 'value' && before.verdict.distance !== null) expect(before.verdict.distance).toBe(line.length - k)
      s = playBest(s)
    }
    expect(probeOf(s)!.verdict).toEqual({ kind: 'over', winner: 'blue' })
    expect(markedMoves(s)).toEqual([])
    const back = takeBack(s)
    expect(back.line.length).toBe(line.length - 1)
    expect(probeOf(back)!.verdict).toEqual({ kind: 'value', value: 'win', distance: 1 })
  })

  it('refuses a move that is not legal, naming it; plays one by text or by its path', () => {
    const s = openSession(table)
    expect(playMove(s, 'a1-c3')).toEqual({ error: 'a1-c3 is not a legal move here' })
    const byText = playMove(s, markedMoves(s)[0]!.text)
    const byPath = playMove(s, markedMoves(s)[0]!.move.path)
    expect('session' in byText && 'session' in byPath).toBe(true)
    if ('session' in byText && 'session' in byPath) expect(byText.session.position).toEqual(byPath.session.position)
  })

  it('plays against perfect play: the table answers each move, and wins from a won position', () => {
    // After blue's best first move red is lost; blue (the table) answers every red move.
    let s = setTableSide(playBest(openSession(table)), 'blue')
    expect(probeOf(s)!.verdict).toMatchObject({ kind: 'value', value: 'loss' })
    let replies = 0
    for (let k = 0; k < 200 && markedMoves(s).length > 0; k++) {
      // The user (red) plays its worst move, then the table replies.
      const moves = markedMoves(s)
      const r = userMove(s, moves[moves.length - 1]!.text)
      if (!('session' in r)) throw new Error(r.error)
      s = r.session
      replies++
    }
    expect(replies).toBeGreaterThan(3)
    expect(probeOf(s)!.verdict).toEqual({ kind: 'over', winner: 'blue' })
    expect(verdictText({ kind: 'value', value: 'loss', distance: 4 }, 'red')).toBe('blue wins in 4 (red to move)')
    expect(verdictText({ kind: 'value', value: 'draw', distance: null }, 'red')).toBe('red to move: draw (neither side can force a win)')
  })
})

describe('tables built through the host', () => {
  function fakeHost() {
    const listeners = new Set<(e: JobEvent) => void>()
    const started: unknown[] = []
    const api = {
      startJob: async (request: unknown) => {
        started.push(request)
        return ok({ id: 'tb1' })
      },
      cancelJob: async () => true,
      onJobEvent: (l: (e: JobEvent) => void) => {
        listeners.add(l)
        return () => void listeners.delete(l)
      },
    } as unknown as HalmaApi
    return { api, started, emit: (e: JobEvent) => listeners.forEach((l) => l(e)) }
  }

  it('asks for a table that keeps its words, and probes the result', async () => {
    const host = fakeHost()
    const levels: number[] = []
    const h = buildTable(host.api, 7, 2, 2, (p) => levels.push(p.level))
    await Promise.resolve()
    await Promise.resolve()
    expect(host.started).toEqual([{ kind: 'tablebase', params: { side: 7, men: 2, keep: true, threads: 2 } }])
    host.emit({
      type: 'progress',
      id: 'tb1',
      kind: 'tablebase',
      progress: {
        phase: 'retrograde',
        length: null,
        level: 3,
        levelSize: 0,
        done: 0,
        total: 1,
        cmax: null,
        rate: 0,
        memoryBytes: 0,
        elapsed: 0,
        message: 'level 3',
      },
    } as JobEvent)
    host.emit({ type: 'result', id: 'tb1', kind: 'tablebase', result } as JobEvent)
    const t = await h.result
    expect(levels).toEqual([3])
    expect(probeOf(openSession(t))!.verdict.kind).toBe('value')
    const cancelled = buildTable(host.api, 7, 2, 1, () => undefined)
    cancelled.cancel()
    await expect(cancelled.result).rejects.toBeInstanceOf(CancelledError)
    expect(buildableInPage(7, 2)).toBe(true)
    expect(buildableInPage(7, 3)).toBe(false)
    await expect(buildTable(host.api, 7, 3, 2, () => undefined).result).rejects.toThrow(/too large to build in the page/)
    // The desktop: the table's folder in the app's data folder, reused when it holds the table.
    buildTable(host.api, 7, 3, 2, () => undefined, '/data/tablebases')
    await Promise.resolve()
    expect(host.started.at(-1)).toEqual({ kind: 'tablebase', params: { side: 7, men: 3, keep: true, threads: 2, out: '/data/tablebases/7x7-3', reuse: true } })
  })
})
