/**
 * The tablebase pane's store: the table of the current game (built in a job worker in a browser,
 * loaded from or built in the desktop app's data folder), what it says of the position the stepper
 * shows and of each legal move, the best line, and play against perfect play (the table answers
 * the user's moves for one side). Moves go into the stepper like the user's own (stepper.play: an
 * undo step, a side line inside a line), so the frame's move list, undo and autosave hold them.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { HalmaDocument } from '../../shared/halma/document'
import { bestLine, probe, type MoveVerdict, type ProbeResult, type Side } from '../../shared/engine/tablebase/probe'
import type { TablebaseSpec } from '../../shared/engine/tablebase/game'
import type { TablebaseTable } from '../../shared/engine/tablebase/table'
import { api, hostInfo } from '../api'
import { CancelledError } from '../api/host-jobs'
import { useDocument } from '../frame/document'
import { useStepper } from '../frame/stepper'
import type { HalmaLine } from '../kinds/halma/model'
import { sideAt, tablePositionOf, tableSpecOf } from './link'
import { buildTable, type TableJobHandle } from './tables'

export type TableStatus = 'none' | 'building' | 'ready' | 'failed'

const keyOf = (s: TablebaseSpec): string => `${s.side}x${s.side}-${s.men}`

export const useTablebase = defineStore('tablebase', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  const tables = shallowRef(new Map<string, TablebaseTable>())
  const status = ref<TableStatus>('none')
  const message = ref('')
  /** The side the table plays (play against perfect play), or null (the user plays both). */
  const tableSide = ref<Side | null>(null)
  let job: TableJobHandle | undefined

  const doc = computed(() => (documentStore.kindId === 'halma' ? (documentStore.doc as HalmaDocument) : null))
  const link = computed(() => (doc.value ? tableSpecOf(doc.value) : { why: 'not a game' }))
  const spec = computed(() => ('spec' in link.value ? link.value.spec : null))
  const table = computed(() => (spec.value ? (tables.value.get(keyOf(spec.value)) ?? null) : null))
  const toMove = computed<Side>(() => (doc.value ? sideAt(doc.value, stepper.ply) : 'blue'))
  const position = computed(() => {
    const t = (stepper.line as HalmaLine).timeline
    const p = t?.positions[stepper.ply]
    return p ? tablePositionOf(p, toMove.value) : null
  })
  /** What the table says of the position shown, or why it cannot say (a damaged chunk, named). */
  const result = computed<{ probe: ProbeResult } | { error: string } | null>(() => {
    if (!table.value || !position.value) return null
    const r = probe(table.value, position.value)
    return r.ok ? { probe: r.value } : { error: r.error.message }
  })
  const moves = computed<readonly MoveVerdict[]>(() => (result.value && 'probe' in result.value ? result.value.probe.moves : []))
  const line = computed<readonly MoveVerdict[]>(() => {
    if (!table.value || !position.value || moves.value.length === 0) return []
    const r = bestLine(table.value, position.value)
    return r.ok ? r.value : []
  })

  /** Build or load the table of the current game. */
  function load(): void {
    const s = spec.value
    if (!s || status.value === 'building') return
    const info = hostInfo()
    status.value = 'building'
    message.value = 'starting'
    const handle = (job = buildTable(
      api(),
      s.side,
      s.men,
      Math.max(1, Math.min(2, info.cores)),
      (p) => (message.value = p.message),
      info.tablebases,
    ))
    handle.result.then(
      (t) => {
        if (job !== handle) return
        tables.value = new Map(tables.value).set(keyOf(s), t)
        status.value = 'ready'
        message.value = ''
        reply()
      },
      (e: unknown) => {
        if (job !== handle) return
        status.value = e instanceof CancelledError ? 'none' : 'failed'
        message.value = e instanceof CancelledError ? 'cancelled' : e instanceof Error ? e.message : String(e)
      },
    )
  }

  function cancel(): void {
    job?.cancel()
  }

  /** Play a move of the position (the user's choice in the list, or the table's). */
  function play(m: MoveVerdict): void {
    stepper.play(m.move.path)
  }

  /** Play the best move: one step along the best line. */
  function playBest(): void {
    const best = moves.value[0]
    if (best) play(best)
  }

  /** Whether the table is to move: it plays the side to move at the end of the line (stepping back through a line plays nothing). */
  const tableToMove = (): boolean => tableSide.value !== null && tableSide.value === toMove.value && stepper.ply === stepper.length

  /** The table's reply, when it is to move. */
  function reply(): void {
    if (tableToMove()) playBest()
  }

  function setTableSide(side: Side | null): void {
    tableSide.value = side
    reply()
  }

  // After the user's move, the table answers (a moment later, so the move is seen first).
  watch(
    () => [stepper.ply, stepper.length] as const,
    () => {
      if (tableToMove()) setTimeout(reply, 300)
    },
  )
  // Another game or board: the table of the last one is kept, a build of it goes on.
  watch(spec, () => {
    if (status.value !== 'building') status.value = table.value ? 'ready' : 'none'
  })

  return {
    link,
    spec,
    table,
    status,
    message,
    tableSide,
    toMove,
    position,
    result,
    moves,
    line,
    load,
    cancel,
    play,
    playBest,
    setTableSide,
  }
})
