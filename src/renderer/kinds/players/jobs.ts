/**
 * The shortest-game search of a game of N players (job kind `players`) through the frame's one job
 * lifecycle: its settings, progress, and what it proved; the game found goes to the stepper, a line
 * not kept until Keep stores it (issue 27, defect 2: New discarded it without a question).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Phase } from '../../../shared/engine/core/progress'
import { PLAYERS_STRATEGIES, type PlayersResult } from '../../../shared/engine/players/job'
import { hostInfo } from '../../api'
import { useDocument } from '../../frame/document'
import { useJob } from '../../frame/jobs'
import { useNotices } from '../../frame/notices'
import { useStepper } from '../../frame/stepper'
import { playersKind } from './model'
import { playersRequest } from './play'
import { usePlayers } from './store'
import { plural } from '../../format'

export { PLAYERS_STRATEGIES }
export type PlayersStrategy = (typeof PLAYERS_STRATEGIES)[number]


/** The players search's phases in words (other phases by their names). */
const PHASE_WORDS: Partial<Record<Phase, string>> = {
  beam: 'looking for a game (a beam: proves nothing)',
  prove: 'proving (exhaustive)',
  meet: 'counting the shortest games',
}

export const usePlayersJobs = defineStore('players-jobs', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  const notices = useNotices()
  const players = usePlayers()
  const job = useJob({ timeLimit: 'time limit', strategy: 'strategy', threads: 'threads', game: 'game' })
  const strategy = ref<PlayersStrategy>('auto')
  const timeLimit = ref<number | ''>(60)
  const threads = ref(hostInfo().cores)
  const result = shallowRef<PlayersResult | null>(null)

  /** The progress in one line: the phase, the length searched, the level and its size, the time (issue 27, defect 13: the level was said twice). */
  const progressText = computed(() => {
    const p = job.progress.value
    if (!p) return job.status.value === 'queued' ? 'queued (waiting for a free core)' : 'starting'
    return `${PHASE_WORDS[p.phase] ?? p.phase}${p.length !== null ? `, games of at most ${p.length} moves` : ''}: level ${p.level}, ${plural(p.levelSize, 'state')} · ${p.elapsed.toFixed(1)} s`
  })

  async function run(): Promise<void> {
    const seconds = timeLimit.value
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
      return job.fail(`time limit: a number of seconds (0: none), not ${seconds === '' ? 'blank' : String(seconds)}`)
    result.value = null
    const searched = players.game
    const request = playersRequest(searched, { strategy: strategy.value, timeLimit: seconds, threads: threads.value })
    const r = await job.run('players', request.params as never)
    if (!r) return
    result.value = r
    if (r.moves.length === 0 || players.game !== searched) return
    if (!stepper.loadText(r.moves.join(', '), `${r.length}-move game, ${r.winner} wins, ${r.optimal ? 'the shortest (proven)' : 'the best found'}: workbench search`)) return
    notices.info('jobs', `the game the search found is in the stepper (${plural(r.moves.length, 'move')}): step through it, or Keep as line to store it`)
  }

  // A search belongs to its game: another one stops it and clears the panel.
  watch(
    () => `${documentStore.generation}:${documentStore.kindId === playersKind.id ? playersKind.problemKey(players.doc) : ''}`,
    () => {
      job.cancel()
      job.reset()
      result.value = null
    },
  )

  return { strategy, timeLimit, threads, status: job.status, failure: job.failure, busy: job.busy, result, progressText, run, cancel: job.cancel }
})
