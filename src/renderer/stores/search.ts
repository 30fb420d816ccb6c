/**
 * The search panel's state: settings, the job in flight, its progress and its result, and the
 * result checked move by move by the core verifier. A transfer problem runs a `solve` job; a game
 * runs a `game` job (the shortest two-player games, paper section 2), whose listed games the
 * stepper shows one at a time. Jobs go to the host through the typed API; events of other jobs (an
 * earlier, cancelled one) are ignored.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { specFromProblem, type DocumentSpec } from '../../shared/halma/document'
import { GAME_STRATEGIES, type GameListing, type GameResult } from '../../shared/engine/game/job'
import type { Progress } from '../../shared/engine/core/progress'
import { STRATEGIES, type SolveResult, type Strategy } from '../../shared/engine/transfer/job'
import type { JobEvent } from '../../shared/jobs/manager'
import { faultText, type JobKind, type JobRequest } from '../../shared/jobs/protocol'
import type { Problem } from '../../shared/halma/problem'
import { describe } from '../../shared/result'
import { lineOf, type Timeline } from '../../shared/halma/timeline'
import { verify, type Verification } from '../../shared/halma/verify'
import { api, hostInfo } from '../api'
import { analysisLabel, continuation, problemFromHere, type AnalysisOrigin } from '../state/analysis'
import { DEFAULT_GAME_SETTINGS, gameRequest, NO_DISK, settingsText, solveRequest, unreadable, type GameSettings } from '../state/search-request'
import { useDocument } from './document'
import { useEditor } from './editor'
import { useWorkbench } from './workbench'

export type SearchStatus = 'idle' | 'starting' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled'

export { GAME_STRATEGIES, STRATEGIES }

/** The parts of a spec that make the problem (not its title, notes or stored solutions). */
function problemKey(spec: DocumentSpec): string {
  return JSON.stringify([spec.kind, spec.board, spec.rules, spec.armies, spec.first])
}

/** Whether two lines play the same moves (the stepper makes its line afresh from its move tree). */
function sameMoves(a: Timeline, b: Timeline | null): boolean {
  return b !== null && a.moves.length === b.moves.length && a.moves.every((m, k) => m.move.path.join() === b.moves[k]!.move.path.join())
}

export const useSearch = defineStore('search', () => {
  const documentStore = useDocument()
  const workbench = useWorkbench()
  /** What the open document asks for: a transfer search or a game search. */
  const kind = computed<JobKind>(() => (documentStore.doc.problem.kind === 'game' ? 'game' : 'solve'))
  const strategy = ref<Strategy>('auto')
  /** Boards kept per beam level; null: the engine's default for the strategy. */
  const beamWidth = ref<number | null>(null)
  const threads = ref(hostInfo().cores)
  /** The game search's settings (threads are shared with the transfer search). */
  const game = ref<{ -readonly [K in keyof Omit<GameSettings, 'threads'>]: GameSettings[K] }>({ ...DEFAULT_GAME_SETTINGS })

  const status = ref<SearchStatus>('idle')
  const jobId = ref<string | null>(null)
  /** The problem searched (the document may change meanwhile). */
  const problem = shallowRef<Problem | null>(null)
  const progress = shallowRef<Progress | null>(null)
  const result = shallowRef<SolveResult | null>(null)
  const gameResult = shallowRef<GameResult | null>(null)
  /** Which listed game the stepper was last given (0-based), or null; previous / next go from it. */
  const lastGame = ref<number | null>(null)
  /** The line made of it: once the stepper shows another line, no listed game is current. */
  const shownLine = shallowRef<Timeline | null>(null)
  /** The listed game the stepper shows now, or null. */
  const gameIndex = computed(() => (lastGame.value !== null && sameMoves(workbench.line, shownLine.value) ? lastGame.value : null))
  const failure = ref<string | null>(null)
  /** Where the search was run from, for "Analyse from here"; null: the problem's start. */
  const origin = shallowRef<AnalysisOrigin | null>(null)
  /** Boards per level of the run in progress (the chart under the progress), and which run it is. */
  const levelSizes = shallowRef<number[]>([])
  const levelRun = ref('')
  /**
   * Levels on disk (desktop only: hostInfo().searchFolders): whether runs keep them, and the folder
   * chosen, with whether it holds a checkpoint to resume.
   */
  const canKeepOnDisk = hostInfo().searchFolders === true
  const keepOnDisk = ref(false)
  const folder = ref<{ path: string; checkpoint: boolean } | null>(null)
  /** Events that came before the host told us the new job's id. */
  let early: JobEvent[] = []

  const busy = computed(() => status.value === 'starting' || status.value === 'queued' || status.value === 'running')
  const verification = computed<Verification | null>(() =>
    result.value && problem.value && result.value.moves.length > 0 ? verify(problem.value, result.value.moves.join(', ')) : null,
  )

  function handle(e: JobEvent): void {
    if (status.value === 'starting' && jobId.value === null) {
      early.push(e)
      return
    }
    if (e.id !== jobId.value) return
    switch (e.type) {
      case 'queued':
        status.value = 'queued'
        return
      case 'started':
        status.value = 'running'
        return
      case 'progress':
        if (status.value === 'queued') status.value = 'running'
        progress.value = e.progress
        recordLevel(e.progress)
        return
      case 'result':
        status.value = 'done'
        if (e.kind === 'solve') result.value = e.result
        else if (e.kind === 'game') {
          gameResult.value = e.result
          if (games.value.length > 0) showGame(0)
        }
        return
      case 'failed':
        failure.value = e.reason
        status.value = 'failed'
        return
      case 'cancelled':
        status.value = 'cancelled'
        return
    }
  }
  api().onJobEvent(handle)

  function recordLevel(p: Progress): void {
    const run = `${p.phase}${p.length !== null ? ` (length ${p.length})` : ''}`
    const sizes = run === levelRun.value ? [...levelSizes.value] : []
    levelRun.value = run
    while (sizes.length <= p.level) sizes.push(0)
    sizes[p.level] = Math.max(sizes[p.level]!, p.levelSize)
    levelSizes.value = sizes
  }

  /**
   * The shortest games to browse: those the search listed, or the one game it found when it did
   * not enumerate (or stopped before it could).
   */
  const games = computed<readonly GameListing[]>(() => {
    const r = gameResult.value
    if (!r) return []
    if (r.games.length > 0) return r.games
    return r.moves.length > 0 && r.winner !== null ? [{ moves: r.moves, winner: r.winner }] : []
  })

  /**
   * Load listed game k into the stepper (both armies, moves alternating from the first mover). The
   * core verifier replays it: a game that is illegal or does not end in a win is reported, not shown.
   */
  function showGame(k: number): boolean {
    const g = games.value[k]
    const p = problem.value
    if (!g || !p) return false
    // An analysis's game goes on from its move: the line up to it, then the game found.
    const from = origin.value
    const line = from ? continuation(from, g.moves) : lineOf(p, g.moves.join(', '))
    const fault = !line.ok ? describe(line.error) : line.value.winner ? null : 'the moves do not end in a win'
    if (fault !== null || !line.ok) {
      documentStore.notify('error', `game ${k + 1} of the search result: ${fault}`)
      return false
    }
    const r = gameResult.value!
    const label = r.status === 'optimal' ? 'shortest game' : 'game'
    if (from) workbench.setLine(line.value, `${analysisLabel(from, g.moves.length, r.status)}: ${g.winner} wins`, from.ply)
    else workbench.setLine(line.value, `${label} ${k + 1} of ${games.value.length} from the search: ${g.winner} wins in ${g.moves.length}`)
    shownLine.value = line.value
    lastGame.value = k
    return true
  }

  /** Keep a listed game in the document, like a solution (an undoable change). */
  function keepGame(k: number): boolean {
    const g = games.value[k]
    const r = gameResult.value
    if (!g || !r) return false
    const total = r.count ? ` of ${r.count.games}` : ''
    const from = origin.value
    // An analysis's game is kept whole: the moves up to its move, then the game found from there.
    if (from)
      return documentStore.addSolutionText(
        [...from.prefix, ...g.moves].join(', '),
        `moves 1-${from.ply} as played, then ${r.optimal ? 'the shortest game' : 'a game'} from there (${g.moves.length} moves, ${g.winner} wins), found by the workbench game search`,
        r.proof.statement,
      )
    return documentStore.addSolutionText(
      g.moves.join(', '),
      `${g.moves.length} moves, ${g.winner} wins (${r.optimal ? 'optimal' : 'best found'}): game ${k + 1}${total}, found by the workbench game search`,
      r.proof.statement,
    )
  }

  function reset(): void {
    progress.value = null
    result.value = null
    gameResult.value = null
    lastGame.value = null
    shownLine.value = null
    failure.value = null
    origin.value = null
  }

  /**
   * The line a verified transfer result gives the stepper, its label and the ply to show: the
   * solution from the start, or for an analysis the line up to its move with the moves found after.
   */
  function resultLine(): { line: Timeline; label: string; at: number } | null {
    const r = result.value
    if (!verification.value?.valid || !r || !problem.value) return null
    const from = origin.value
    const line = from ? continuation(from, r.moves) : lineOf(problem.value, r.moves.join(', '))
    if (!line.ok) return null
    return from
      ? { line: line.value, label: analysisLabel(from, r.moves.length, r.status), at: from.ply }
      : { line: line.value, label: `search result (${r.status})`, at: 0 }
  }

  /** Ask the host for the folder of the levels on disk, and keep them there; false if none was chosen (a failure is shown). */
  async function chooseFolder(): Promise<boolean> {
    const r = await api().chooseSearchFolder()
    if (r.status === 'failed') {
      failure.value = r.reason
      return false
    }
    if (r.status === 'cancelled') return false
    folder.value = { path: r.path, checkpoint: r.checkpoint }
    keepOnDisk.value = true
    return true
  }

  /** Run the search of the open document with the panel's settings. */
  function run(): Promise<void> {
    return start(false)
  }

  /** Go on with the search checkpointed in the chosen folder, with the panel's settings (they must be the checkpoint's). */
  function resume(): Promise<void> {
    return start(true)
  }

  async function start(resuming: boolean): Promise<void> {
    if (busy.value) return
    // The editor shows a problem the document does not have yet: running would search the other one
    // (issue 16, defect 1).
    const editor = useEditor()
    if (editor.active && editor.pending) {
      reset()
      failure.value = "the editor's problem is not in use yet: press Use this problem, then Run"
      status.value = 'failed'
      return
    }
    const doc = documentStore.doc
    const settings =
      kind.value === 'game'
        ? { ...game.value, threads: threads.value }
        : { strategy: strategy.value, beamWidth: beamWidth.value, threads: threads.value }
    const bad = unreadable(settings)
    if (bad !== null) {
      reset()
      failure.value = bad
      status.value = 'failed'
      return
    }
    const chosen = folder.value
    if ((resuming || keepOnDisk.value) && (!canKeepOnDisk || !chosen)) {
      reset()
      failure.value = canKeepOnDisk ? 'choose the folder for the levels on disk first' : NO_DISK
      status.value = 'failed'
      return
    }
    const disk = chosen && (resuming || keepOnDisk.value) ? { folder: chosen.path, resume: resuming } : undefined
    const request = 'maxLength' in settings ? gameRequest(doc.spec, settings, disk) : solveRequest(doc.spec, settings, disk)
    await launch(request, doc.problem, null)
    // The folder holds a checkpoint once a search on disk has started there.
    if (disk && status.value !== 'failed') folder.value = { path: disk.folder, checkpoint: true }
  }

  /**
   * Search from the position the stepper shows (analysis.ts): the shortest transfer from it to the
   * target, or the shortest game from it with the side to move, with the search's settings. The
   * result is appended to the line at that move.
   */
  async function analyseFromHere(): Promise<void> {
    if (busy.value) return
    const editor = useEditor()
    const fail = (why: string): void => {
      reset()
      failure.value = why
      status.value = 'failed'
    }
    if (editor.active && editor.pending)
      return fail("the editor's problem is not in use yet: press Use this problem, then Analyse from here")
    const doc = documentStore.doc
    if (doc.problem.kind === 'game' && workbench.line.winner && workbench.ply >= workbench.line.winner.move)
      return fail(`the game is won after move ${workbench.ply}: step back to analyse`)
    const here = problemFromHere(doc.problem, workbench.position, workbench.ply)
    if (!here.ok) return fail(here.error.message)
    const settings =
      kind.value === 'game'
        ? { ...game.value, threads: threads.value }
        : { strategy: strategy.value, beamWidth: beamWidth.value, threads: threads.value }
    const bad = unreadable(settings)
    if (bad !== null) return fail(bad)
    const at = workbench.ply
    const origin: AnalysisOrigin = { problem: doc.problem, prefix: workbench.line.moves.slice(0, at).map((m) => m.text), ply: at }
    const spec = specFromProblem(here.value)
    await launch('maxLength' in settings ? gameRequest(spec, settings) : solveRequest(spec, settings), here.value, origin)
  }

  async function launch(request: JobRequest, searched: Problem, from: AnalysisOrigin | null): Promise<void> {
    status.value = 'starting'
    jobId.value = null
    early = []
    problem.value = searched
    reset()
    origin.value = from
    levelSizes.value = []
    levelRun.value = ''
    let ticket
    try {
      ticket = await api().startJob(request)
    } catch (e) {
      ticket = { ok: false as const, error: [{ code: 'ipc.failed', message: (e as Error).message }] }
    }
    if (!ticket.ok) {
      failure.value = settingsText(faultText(ticket.error))
      status.value = 'failed'
      return
    }
    jobId.value = ticket.value.id
    const backlog = early
    early = []
    for (const e of backlog) handle(e)
    if (status.value === 'starting') status.value = 'queued'
  }

  async function cancel(): Promise<void> {
    const id = jobId.value
    if (id === null || !busy.value) return
    const known = await api().cancelJob(id)
    if (!known && busy.value) status.value = 'cancelled'
  }

  // A search belongs to its problem and its document: a new problem, or another document opened
  // (issue 16, defect 14: a failed search's error stayed when another document was opened), stops
  // it and clears the panel.
  watch(
    () => `${documentStore.generation}:${problemKey(documentStore.doc.spec)}`,
    (now, before) => {
      if (now === before) return
      void cancel()
      status.value = 'idle'
      jobId.value = null
      reset()
    },
  )

  return {
    kind,
    strategy,
    beamWidth,
    threads,
    game,
    status,
    jobId,
    problem,
    progress,
    result,
    gameResult,
    games,
    gameIndex,
    lastGame,
    showGame,
    keepGame,
    failure,
    busy,
    verification,
    levelSizes,
    levelRun,
    run,
    resume,
    canKeepOnDisk,
    keepOnDisk,
    folder,
    chooseFolder,
    analyseFromHere,
    origin,
    resultLine,
    cancel,
  }
})
