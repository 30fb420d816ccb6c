/**
 * A solitaire army's jobs (the engine's `army` kind, shared/army/run-job.ts) through the frame's one
 * job lifecycle: Solve (the integer program's army and a verified order of its jumps; on a custom
 * board the army as it stands), Bound (Table 6's bound on the window) and Count (the minimum armies
 * up to reflection). A solution found goes into the document (an undoable change) and the stepper;
 * the outcome says what was proven, and goes when the army changes (issue 27, defect 10).
 */
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { ArmyDocument } from '../../../shared/army/document'
import type { ArmyJobKind, ArmyJobResult } from '../../../shared/army/job'
import { useDocument } from '../../frame/document'
import { useJob } from '../../frame/jobs'
import { armyKind, emptyArmy } from './model'
import { useArmy } from './store'
import { plural } from '../../format'

/** Seconds a job may run by default (HiGHS's time limit; count: in all). */
export const ARMY_TIME_LIMIT = 120


/** What a job's result says, and whether it is good news. */
export function statement(r: ArmyJobResult, custom: boolean): { text: string; ok: boolean } {
  const where = `window ${r.window.rows} rows, ${r.window.width} columns beyond each row`
  const s = `${r.seconds.toFixed(1)} s`
  switch (r.kind) {
    case 'bound':
      return r.men === null
        ? { text: `integer program: ${r.status} (${where}, ${s})`, ok: false }
        : { text: `at least ${r.men} men: no army inside the ${where} has fewer (integer program, ${s})`, ok: true }
    case 'solve':
      if (!r.moves || !r.verdict?.ok) return { text: `no solution: ${r.status}${r.men !== null && !custom ? `, ${r.men} men, no legal order of the jumps found` : ''} (${s})`, ok: false }
      return custom
        ? { text: `${plural(r.moves.length, 'move')}, ${plural(r.verdict.jumps, 'jump')}, verified on the custom board: ${r.status} (${s})`, ok: true }
        : { text: `${r.men} men (the minimum on the ${where}), ${plural(r.moves.length, 'move')}, ${plural(r.verdict.jumps, 'jump')}, verified (${s})`, ok: true }
    case 'count':
      return {
        text: `${plural(r.classes, 'minimum army', 'minimum armies')} of ${r.men ?? '?'} men up to reflection (${r.armies} with reflections)${r.end === 'complete' ? '' : `, stopped: ${r.end}`} (${where}, ${s})`,
        ok: r.end === 'complete',
      }
  }
}

export const useArmyJobs = defineStore('army-jobs', () => {
  const documentStore = useDocument()
  const army = useArmy()
  const job = useJob({ timeLimit: 'time limit', level: 'level', type: 'type' })
  /** What the job being run is, and what the last one said. */
  const running = ref<ArmyJobKind | null>(null)
  const outcome = ref<{ readonly kind: ArmyJobKind; readonly text: string; readonly ok: boolean } | null>(null)

  async function run(kind: ArmyJobKind, timeLimit = ARMY_TIME_LIMIT): Promise<void> {
    if (job.busy.value) return
    const d: ArmyDocument = army.doc
    const { type, level, window, board } = d
    if (board && kind !== 'solve') return job.fail(`${kind} is for the paper's window: on a custom board, Solve solves the army as it stands`)
    if (board && d.army.length === 0) return job.fail('place men on the board first: Solve solves the army as it stands')
    outcome.value = null
    running.value = kind
    subject = armyKey()
    army.busy = true
    const r = await job.run('army', { kind, type, level, timeLimit, window, ...(board && { board, army: d.army }) })
    running.value = null
    army.busy = false
    if (!r) {
      if (job.status.value === 'cancelled') outcome.value = { kind, text: 'cancelled', ok: false }
      return
    }
    const st = statement(r, board !== undefined)
    outcome.value = { kind, ...st }
    if (r.kind !== 'solve' || !st.ok || !r.moves || documentStore.kindId !== armyKind.id) return
    const moves = r.moves.map((m) => [...m])
    const { annotations: _a, ...rest } = d
    documentStore.change(
      board
        ? { ...rest, moves, source: 'solved in the workbench on the custom board (depth-first search pruned by the distance map, then the fewest moves by levels)' }
        : {
            ...rest,
            title: `${emptyArmy(type, level).title}: ${r.army.length} men`,
            window: r.window,
            army: [...r.army],
            moves,
            source: 'solved in the workbench (integer program with HiGHS, jumps ordered by depth-first search)',
          },
      true,
    )
    subject = armyKey()
  }

  /** The army a job is about: another one (or another document) stops the job and clears the outcome, unless it is the job's own solution. */
  const armyKey = (): string =>
    `${documentStore.generation}:${documentStore.kindId === armyKind.id ? JSON.stringify([army.doc.type, army.doc.level, army.doc.army, army.doc.board ?? null]) : ''}`
  /** The army the last job was about (its solution adopted included). */
  let subject = ''
  watch(armyKey, (key) => {
    if (key === subject) return
    job.cancel()
    outcome.value = null
    job.reset()
  })

  return { status: job.status, progress: job.progress, failure: job.failure, started: job.started, busy: job.busy, running, outcome, run, cancel: job.cancel }
})
