/**
 * The search panel's state for a problem: its settings, the job (frame/jobs.ts: the one job
 * lifecycle), the level sizes of the run in progress, and the result checked move by move by the
 * core verifier. A transfer runs a `solve` job, whose verified solution goes to the stepper; a game
 * runs a `game` job (the shortest two-player games, paper section 2), whose listed games the stepper
 * shows one at a time. "Analyse from here" searches from the move shown and appends what it finds.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { specFromProblem, type HalmaDocument } from '../../../shared/halma/document'
import { GAME_STRATEGIES, type GameListing, type GameResult } from '../../../shared/engine/game/job'
import type { Progress } from '../../../shared/engine/core/progress'
import { STRATEGIES, type SolveResult, type Strategy } from '../../../shared/engine/transfer/job'
import type { Problem } from '../../../shared/halma/problem'
import { describe } from '../../../shared/result'
import { lineOf, type Timeline } from '../../../shared/halma/timeline'
import { verify, type Verification } from '../../../shared/halma/verify'
import type { JobRequest } from '../../../shared/jobs/protocol'
import { api, hostInfo } from '../../api'
import { useDocument } from '../../frame/document'
import { useJob } from '../../frame/jobs'
import { useNotices } from '../../frame/notices'
import { useStepper } from '../../frame/stepper'
import { moves as movesText } from '../../format'
import { analysisLabel, continuation, problemFromHere, type AnalysisOrigin } from './analysis'
import { addSolution } from './edits'
import { useEditor } from './editor'
import { halmaKind } from './model'
import { DEFAULT_GAME_SETTINGS, gameRequest, NO_DISK, SETTINGS_LABELS, solveRequest, unreadable, type GameSettings } from './search-request'
import { useHalma } from './store'

export { GAME_STRATEGIES, STRATEGIES }

const paths = (l: Timeline): number[][] => l.moves.map((m) => [...m.move.path])
const sameMoves = (a: readonly (readonly number[])[], b: Timeline | null): boolean =>
  b !== null && a.length === b.moves.length && a.every((p, k) => p.join() === b.moves[k]!.move.path.join())

export const useSearch = defineStore('search', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  const halma = useHalma()
  const notices = useNotices()
  const job = useJob(SETTINGS_LABELS)
  const doc = computed(() => halma.doc)
  /** What the open document asks for: a transfer search or a game search. */
  const kind = computed(() => (doc.value.problem.kind === 'game' ? 'game' : 'solve'))
  const strategy = ref<Strategy>('auto')
  /** Boards kept per beam level; null: the engine's default for the strategy. */
  const beamWidth = ref<number | null>(null)
  const threads = ref(hostInfo().cores)
  /** The game search's settings (threads are shared with the transfer search). */
  const game = ref<{ -readonly [K in keyof Omit<GameSettings, 'threads'>]: GameSettings[K] }>({ ...DEFAULT_GAME_SETTINGS })

  /** The problem searched (the document may change meanwhile). */
  const problem = shallowRef<Problem | null>(null)
  const result = shallowRef<SolveResult | null>(null)
  const gameResult = shallowRef<GameResult | null>(null)
  /** Where the search was run from, for "Analyse from here"; null: the problem's start. */
  const origin = shallowRef<AnalysisOrigin | null>(null)
  /** Which listed game the stepper was last given (0-based), and the line made of it. */
  const lastGame = ref<number | null>(null)
  const shownLine = shallowRef<Timeline | null>(null)
  /** The listed game the stepper shows now, or null (it shows another line). */
  const gameIndex = computed(() =>
    lastGame.value !== null && sameMoves(stepper.line.moves.map((m) => m.path), shownLine.value) ? lastGame.value : null,
  )
  /** Boards per level of the run in progress (the chart under the progress), and which run it is. */
  const levelSizes = shallowRef<number[]>([])
  const levelRun = ref('')
  /** Levels on disk (desktop only): whether runs keep them, and the folder chosen, with whether it holds a checkpoint. */
  const canKeepOnDisk = hostInfo().searchFolders === true
  const keepOnDisk = ref(false)
  const folder = ref<{ path: string; checkpoint: boolean } | null>(null)

  const verification = computed<Verification | null>(() =>
    result.value && problem.value && result.value.moves.length > 0 ? verify(problem.value, result.value.moves.join(', ')) : null,
  )

  watch(
    job.progress,
    (p: Progress | null) => {
      if (!p) return
      const run = `${p.phase}${p.length !== null ? ` (length ${p.length})` : ''}`
      const sizes = run === levelRun.value ? [...levelSizes.value] : []
      levelRun.value = run
      while (sizes.length <= p.level) sizes.push(0)
      sizes[p.level] = Math.max(sizes[p.level]!, p.levelSize)
      levelSizes.value = sizes
    },
    // Every progress event counts (each may be the largest of its level).
    { flush: 'sync' },
  )

  /** The shortest games to browse: those listed, or the one game found when the search did not enumerate. */
  const games = computed<readonly GameListing[]>(() => {
    const r = gameResult.value
    if (!r) return []
    if (r.games.length > 0) return r.games
    return r.moves.length > 0 && r.winner !== null ? [{ moves: r.moves, winner: r.winner }] : []
  })

  /** Load listed game k into the stepper; the core verifier replays it (an illegal game, or one that does not end in a win, is said). */
  function showGame(k: number): boolean {
    const g = games.value[k]
    const p = problem.value
    if (!g || !p) return false
    // An analysis's game goes on from its move: the line up to it, then the game found.
    const from = origin.value
    const line = from ? continuation(from, g.moves) : lineOf(p, g.moves.join(', '))
    const fault = !line.ok ? describe(line.error) : line.value.winner ? null : 'the moves do not end in a win'
    if (fault !== null || !line.ok) {
      notices.error('jobs', `game ${k + 1} of the search result: ${fault}`)
      return false
    }
    const r = gameResult.value!
    if (from) stepper.setLine(paths(line.value), `${analysisLabel(from, g.moves.length, r.status)}: ${g.winner} wins`, from.ply)
    else
      stepper.setLine(
        paths(line.value),
        `${r.status === 'optimal' ? 'shortest game' : 'game'} ${k + 1} of ${games.value.length} from the search: ${g.winner} wins in ${g.moves.length}`,
      )
    shownLine.value = line.value
    lastGame.value = k
    return true
  }

  /** Keep a listed game in the document, like a solution (an undoable change). */
  function keepGame(k: number): boolean {
    const g = games.value[k]
    const r = gameResult.value
    if (!g || !r) return false
    const from = origin.value
    // An analysis's game is kept whole: the moves up to its move, then the game found from there.
    const e = from
      ? addSolution(
          doc.value,
          [...from.prefix, ...g.moves].join(', '),
          `moves 1-${from.ply} as played, then ${r.optimal ? 'the shortest game' : 'a game'} from there (${g.moves.length} moves, ${g.winner} wins), found by the workbench game search`,
          r.proof.statement,
        )
      : addSolution(
          doc.value,
          g.moves.join(', '),
          `${g.moves.length} moves, ${g.winner} wins (${r.optimal ? 'optimal' : 'best found'}): game ${k + 1}${r.count ? ` of ${r.count.games}` : ''}, found by the workbench game search`,
          r.proof.statement,
        )
    return documentStore.changeBy('jobs', e)
  }

  /** Store the transfer search's solution in the document. */
  function keepSolution(): boolean {
    const r = result.value
    if (!r || r.moves.length === 0) return false
    const title = `${movesText(r.moves.length)}${r.optimal ? ' (optimal)' : ''}, found by the workbench search`
    return documentStore.changeBy('jobs', addSolution(doc.value, r.moves.join(', '), title, r.proof.statement))
  }

  function clear(): void {
    result.value = null
    gameResult.value = null
    lastGame.value = null
    shownLine.value = null
    origin.value = null
    levelSizes.value = []
    levelRun.value = ''
    notices.clear('jobs')
  }

  /** The settings as the job takes them, or why they cannot be sent. */
  function settings(): GameSettings | { strategy: Strategy; beamWidth: number | null; threads: number } | string {
    const s = kind.value === 'game' ? { ...game.value, threads: threads.value } : { strategy: strategy.value, beamWidth: beamWidth.value, threads: threads.value }
    return unreadable(s) ?? s
  }

  /** Run the job, and hand what it found to the stepper: a transfer's verified solution, a game's first listed game. */
  async function launch(request: JobRequest, searched: Problem, from: AnalysisOrigin | null): Promise<void> {
    clear()
    problem.value = searched
    origin.value = from
    const r = await job.run(request.kind, request.params as never)
    if (!r) return
    if ('games' in r) {
      gameResult.value = r as GameResult
      if (games.value.length > 0) showGame(0)
      return
    }
    result.value = r as SolveResult
    const found = result.value
    if (!verification.value?.valid) return
    const line = from ? continuation(from, found.moves) : lineOf(searched, found.moves.join(', '))
    if (!line.ok) return
    if (from) stepper.setLine(paths(line.value), analysisLabel(from, found.moves.length, found.status), from.ply)
    else stepper.setLine(paths(line.value), `search result (${found.status})`)
  }

  /** Why a search cannot start now: the editor shows a problem the document does not have yet (issue 16, defect 1). */
  const editorWaits = (what: string): string | null =>
    useEditor().active && useEditor().pending ? `the editor's problem is not in use yet: press Use this problem, then ${what}` : null

  async function start(resuming: boolean): Promise<void> {
    if (job.busy.value) return
    const s = editorWaits('Run') ?? settings()
    if (typeof s === 'string') return job.fail(s)
    const chosen = folder.value
    if ((resuming || keepOnDisk.value) && (!canKeepOnDisk || !chosen))
      return job.fail(canKeepOnDisk ? 'choose the folder for the levels on disk first' : NO_DISK)
    const disk = chosen && (resuming || keepOnDisk.value) ? { folder: chosen.path, resume: resuming } : undefined
    const d: HalmaDocument = doc.value
    // The folder holds a checkpoint once a search on disk has started there.
    const stop = disk
      ? watch(job.status, (now) => void ((now === 'queued' || now === 'running') && (folder.value = { path: disk.folder, checkpoint: true })), { flush: 'sync' })
      : undefined
    await launch('maxLength' in s ? gameRequest(d.spec, s, disk) : solveRequest(d.spec, s, disk), d.problem, null)
    stop?.()
  }

  /** Search from the position the stepper shows: its result is appended to the line at that move. */
  async function analyseFromHere(): Promise<void> {
    if (job.busy.value) return
    const d = doc.value
    const at = halma.ply
    const won = d.problem.kind === 'game' && halma.line.winner && at >= halma.line.winner.move
    const s = editorWaits('Analyse from here') ?? (won ? `the game is won after move ${at}: step back to analyse` : settings())
    if (typeof s === 'string') return job.fail(s)
    const here = problemFromHere(d.problem, halma.position, at)
    if (!here.ok) return job.fail(here.error.message)
    const from: AnalysisOrigin = { problem: d.problem, prefix: halma.line.moves.slice(0, at).map((m) => m.text), ply: at }
    const spec = specFromProblem(here.value)
    await launch('maxLength' in s ? gameRequest(spec, s) : solveRequest(spec, s), here.value, from)
  }

  /** Ask the host for the folder of the levels on disk, and keep them there; false if none was chosen (a failure is shown). */
  async function chooseFolder(): Promise<boolean> {
    const r = await api().chooseSearchFolder()
    if (r.status === 'failed') {
      job.fail(r.reason)
      return false
    }
    if (r.status === 'cancelled') return false
    folder.value = { path: r.path, checkpoint: r.checkpoint }
    keepOnDisk.value = true
    return true
  }

  // A search belongs to its problem and its document: another one stops it and clears the panel.
  watch(
    () => `${documentStore.generation}:${documentStore.kindId === halmaKind.id ? halmaKind.problemKey(doc.value) : ''}`,
    (now, before) => {
      if (now === before) return
      job.cancel()
      job.reset()
      job.status.value = 'idle'
      clear()
    },
  )

  return {
    kind,
    strategy,
    beamWidth,
    threads,
    game,
    status: job.status,
    progress: job.progress,
    failure: job.failure,
    busy: job.busy,
    problem,
    result,
    gameResult,
    games,
    gameIndex,
    lastGame,
    showGame,
    keepGame,
    keepSolution,
    verification,
    levelSizes,
    levelRun,
    run: () => start(false),
    resume: () => start(true),
    canKeepOnDisk,
    keepOnDisk,
    folder,
    chooseFolder,
    analyseFromHere,
    origin,
    cancel: job.cancel,
  }
})
