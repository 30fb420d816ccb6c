// @vitest-environment jsdom
// The tablebase pane's store (src/renderer/tablebase/store.ts) on the frame's stores: the shipped
// 7 x 7 game with two men a side opened, its table asked of the host (the engine's result of a
// real build, handed back as the host would), the start's verdict and moves, a move played from
// the list into the stepper, and the table answering for red at the end of the line only.
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { HalmaApi } from '../../src/preload/api'
import { useHostApi } from '../../src/renderer/api'
import { useTablebase } from '../../src/renderer/tablebase/store'
import { Engine } from '../../src/shared/engine/engine'
import { parseTablebaseJob } from '../../src/shared/engine/tablebase/job'
import type { JobEvent } from '../../src/shared/jobs/manager'
import type { JobRequest } from '../../src/shared/jobs/protocol'
import { expect as unwrap, ok } from '../../src/shared/result'
import text from '../../resources/problems/tablebase-7x7-2.halma.json?raw'
import { halmaStores } from './stores'

describe('the tablebase store', () => {
  it('probes the position shown, plays moves into the stepper, and answers for the side it plays', async () => {
    const result = await new Engine().start({ kind: 'tablebase', params: unwrap(parseTablebaseJob({ side: 7, men: 2, keep: true })) })
      .result
    setActivePinia(createPinia())
    const requests: JobRequest[] = []
    let listener: ((e: JobEvent) => void) | undefined
    useHostApi(
      {
        setDocumentState: async () => undefined,
        startJob: async (request: JobRequest) => {
          requests.push(request)
          return ok({ id: 'tb-1' })
        },
        cancelJob: async () => true,
        onJobEvent: (l: (e: JobEvent) => void) => {
          listener = l
          return () => undefined
        },
      } as unknown as HalmaApi,
      { host: 'web', version: 'test', cores: 2, recentFiles: false, nativeMenus: false },
    )
    const { doc, st } = halmaStores()
    expect(doc.openText('tablebase-7x7-2.halma.json', text)).toBe(true)
    const tb = useTablebase()
    expect(tb.spec).toEqual({ side: 7, men: 2 })
    expect(tb.table).toBeNull()
    tb.load()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]).toEqual({ kind: 'tablebase', params: { side: 7, men: 2, keep: true, threads: 2 } })
    listener!({ type: 'result', id: 'tb-1', kind: 'tablebase', result } as JobEvent)
    await vi.waitFor(() => expect(tb.table).not.toBeNull())
    expect(tb.result).toEqual({ probe: expect.objectContaining({ verdict: { kind: 'value', value: 'win', distance: 33 } }) })
    expect(tb.moves.map((m) => m.text)).toEqual(['a1-c1', 'a1-a2', 'b1-a2', 'b1-b2', 'b1-c1'])
    expect(tb.line).toHaveLength(33)

    // A move from the list: the stepper's first move; red to move, still lost.
    tb.play(tb.moves[0]!)
    await nextTick()
    expect(st.ply).toBe(1)
    expect(tb.toMove).toBe('red')
    expect(tb.result).toEqual({ probe: expect.objectContaining({ verdict: { kind: 'value', value: 'loss', distance: 32 } }) })

    // The table plays red: it answers at once (red to move at the line's end) and after blue's moves.
    tb.setTableSide('red')
    expect(st.ply).toBe(2)
    tb.playBest()
    await vi.waitFor(() => expect(st.ply).toBe(4), { timeout: 2000 })
    expect(tb.toMove).toBe('blue')
    // Stepping back inside the line plays nothing.
    st.go(1)
    await new Promise((r) => setTimeout(r, 400))
    expect(st.ply).toBe(1)
    expect(st.length).toBe(4)
  })
})
