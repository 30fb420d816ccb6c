/**
 * A game of 2 to 6 players in the workbench (issue 18): the game (a preset or one made in the
 * editor), the line of moves in the stepper, play mode (only the side to move plays; the winner
 * ends the game), the charts' series per army, `*.players.json` documents opened and saved, and the
 * shortest-game search (job kind `players`) run by the host as the other searches are (a Web Worker
 * in the browser, a utility process on the desktop). The core computes (shared/multi, the engine);
 * state/players.ts holds the pure logic; this store orchestrates.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Progress } from '../../shared/engine/core/progress'
import { PLAYERS_STRATEGIES, type PlayersResult } from '../../shared/engine/players/job'
import type { JobEvent } from '../../shared/jobs/manager'
import { faultText } from '../../shared/jobs/protocol'
import { boardById } from '../../shared/players/boards'
import { gameFromSpec, playersPresets, sideName, specOf, type PlayersGame, type PlayersSpec } from '../../shared/players/game'
import { formatPlayersDocument, parsePlayersDocument, type PlayersDocument } from '../../shared/players/document'
import { api, hostInfo } from '../api'
import {
  armySeries,
  click as clickOn,
  lineText,
  moveText,
  parseMoves,
  playersRequest,
  replay,
  toMoveAt,
  type PlayedMove,
} from '../state/players'

export { PLAYERS_STRATEGIES }
export type PlayersStrategy = (typeof PLAYERS_STRATEGIES)[number]

/** Every preset of shared/players/game.ts, in its order: id and title. */
export const PLAYERS_PRESETS: readonly { readonly id: string; readonly title: string }[] = Object.values(playersPresets()).map((g) => ({
  id: g.id,
  title: g.title,
}))

/** The boards the editor offers. */
export const PLAYERS_BOARDS = ['star121', 'star73', 'star37', 'cross33', 'piecepack8'] as const

export interface PlayersNotice {
  readonly kind: 'info' | 'error'
  readonly text: string
}

/** The editor's game, before it is checked. */
export interface PlayersDraft {
  board: string
  /** Camps that play, clockwise (the first moves first). */
  camps: number[]
  men: number
  longJumps: boolean
}

export type PlayersSearchStatus = 'idle' | 'starting' | 'running' | 'done' | 'failed' | 'cancelled'

const draftOf = (g: PlayersGame): PlayersDraft => ({
  board: g.board.id,
  camps: g.players.map((p) => p.camp),
  men: g.men,
  longJumps: g.longJumps,
})

export const usePlayers = defineStore('players', () => {
  /** Whether the workbench shows the N-player game (else the transfer problem). */
  const active = ref(false)
  /** Whether a game has been started or opened (the session keeps it from then on). */
  const started = ref(false)
  const game = shallowRef<PlayersGame>(playersPresets()['mini-3']!)
  /** The preset the game is (saved as `preset`), or null for a game made in the editor. */
  const presetId = ref<string | null>('mini-3')
  const fileName = ref('mini-3.players.json')
  const title = ref<string | null>(null)
  /** The document's lines (saving replaces the shown one with the stepper's line). */
  const lines = shallowRef<PlayersDocument['lines']>([])
  const lineIndex = ref(0)
  const lineTitle = ref('')
  const moves = shallowRef<readonly PlayedMove[]>([])
  const step = ref(0)
  const selected = ref<number | null>(null)
  const targets = shallowRef<readonly number[]>([])
  const names = ref(false)
  const notice = ref<PlayersNotice | null>(null)
  const draft = ref<PlayersDraft>(draftOf(game.value))
  const editorError = ref<string | null>(null)

  const line = computed(() => replay(game.value, moves.value))
  const length = computed(() => moves.value.length)
  const position = computed(() => line.value.positions[step.value]!)
  const toMove = computed(() => toMoveAt(game.value, step.value))
  /** The winner, if the shown position comes at or after the winning move. */
  const win = computed(() => {
    const w = line.value.win
    return w && w.ply <= step.value ? w : null
  })
  const series = computed(() => armySeries(game.value, line.value.positions))
  const movesText = computed(() => moves.value.map((m) => moveText(game.value, m)))
  const lastMove = computed(() => (step.value > 0 ? moves.value[step.value - 1] : undefined))
  const sceneInput = computed(() => ({
    game: game.value,
    position: position.value,
    ...(selected.value !== null && { selected: selected.value, destinations: targets.value }),
    ...(lastMove.value && { path: { cells: lastMove.value.path, player: lastMove.value.player } }),
    names: names.value,
  }))

  function say(kind: PlayersNotice['kind'], text: string): void {
    notice.value = { kind, text }
  }

  function load(g: PlayersGame, o: { preset: string | null; file: string; title?: string; lines?: PlayersDocument['lines'] }): void {
    void cancel()
    game.value = g
    presetId.value = o.preset
    fileName.value = o.file
    title.value = o.title ?? null
    lines.value = o.lines ?? []
    draft.value = draftOf(g)
    editorError.value = null
    resetSearch()
    showLine(0)
    active.value = true
    started.value = true
  }

  /** Show line k of the document (or an empty line): a line that does not verify is named and not shown. */
  function showLine(k: number): boolean {
    const l = lines.value[k]
    selected.value = null
    step.value = 0
    lineIndex.value = k
    if (!l) {
      moves.value = []
      lineTitle.value = ''
      return true
    }
    try {
      moves.value = parseMoves(game.value, l.moves)
      lineTitle.value = l.title
      return true
    } catch (e) {
      moves.value = []
      lineTitle.value = ''
      say('error', `line ${k + 1} (${l.title}) does not verify: ${(e as Error).message}`)
      return false
    }
  }

  /** Put back the game of the autosaved session (its document holds the stepper's line at `line`). */
  function restore(s: {
    readonly name: string
    readonly document: string
    readonly line: number
    readonly step: number
    readonly shown: boolean
  }): void {
    if (!openText(s.name, s.document)) return
    if (lines.value.length > 0) showLine(Math.min(s.line, lines.value.length - 1))
    go(s.step)
    active.value = s.shown
    notice.value = null
  }

  /** Start a preset's game with no moves. */
  function newGame(id: string): boolean {
    const g = playersPresets()[id]
    if (!g) {
      say('error', `no game preset '${id}'`)
      return false
    }
    load(g, { preset: id, file: `${id}.players.json` })
    say('info', `${g.title}: ${g.players[0]!.name} moves first; click one of her men, then where he goes`)
    return true
  }

  /** Open a `*.players.json` document's text; false (and a notice naming the fault) if it is not one. */
  function openText(name: string, text: string): boolean {
    let d: PlayersDocument
    try {
      d = parsePlayersDocument(text, name)
    } catch (e) {
      say('error', (e as Error).message)
      return false
    }
    const preset = d.game.id !== 'custom' ? d.game.id : null
    notice.value = null
    load(d.game, { preset, file: name, lines: d.lines, ...(d.title !== undefined && { title: d.title }) })
    // A line that does not verify has said so (showLine).
    if (!notice.value) say('info', `opened ${name}`)
    return true
  }

  /** The editor's game, checked by gameFromSpec: its fault is shown, nothing else changes. */
  function applyDraft(): boolean {
    const d = draft.value
    let g: PlayersGame
    try {
      const spec: PlayersSpec = { board: d.board, camps: [...d.camps], men: d.men, ...(d.longJumps && { longJumps: true }) }
      g = gameFromSpec(spec)
    } catch (e) {
      editorError.value = (e as Error).message
      return false
    }
    // The same game as a preset keeps the preset's name and notes.
    const key = (x: PlayersGame): string => JSON.stringify([x.board.id, x.players.map((p) => [p.camp, p.target]), x.men, x.longJumps])
    const same = Object.values(playersPresets()).find((p) => key(p) === key(g))
    load(same ?? g, { preset: same?.id ?? null, file: `${same?.id ?? `${g.board.id}-${g.players.length}`}.players.json` })
    say('info', `now playing: ${game.value.title}`)
    return true
  }

  /** How many camps the editor's board has. */
  const draftPoints = computed(() => {
    try {
      return boardById(draft.value.board).points
    } catch {
      return 0
    }
  })

  /** A click on a cell in play mode. */
  function clickCell(cell: number): void {
    const o = clickOn(game.value, position.value, { toMove: toMove.value, selected: selected.value, win: win.value }, cell)
    switch (o.kind) {
      case 'select':
        selected.value = o.cell
        targets.value = o.targets
        return
      case 'deselect':
        selected.value = null
        return
      case 'refused':
        say('error', o.reason)
        return
      case 'move': {
        const dropped = length.value - step.value
        moves.value = [...moves.value.slice(0, step.value), o.move]
        selected.value = null
        step.value++
        const w = line.value.win
        if (w && w.ply === step.value)
          say('info', `${sideName(game.value, w.player)} ${game.value.options.teams ? 'win: their target camps are' : 'wins: her target camp is'} full after move ${w.ply}`)
        else if (dropped > 0)
          say('info', `${moveText(game.value, o.move)} replaces the ${dropped} later move${dropped === 1 ? '' : 's'} of the line`)
        else notice.value = null
        return
      }
    }
  }

  function go(k: number): void {
    step.value = Math.max(0, Math.min(length.value, Math.round(k)))
    selected.value = null
  }
  const stepBy = (n: number): void => go(step.value + n)

  // Search.
  const strategy = ref<PlayersStrategy>('auto')
  const timeLimit = ref(60)
  const threads = ref(hostInfo().cores)
  const status = ref<PlayersSearchStatus>('idle')
  const jobId = ref<string | null>(null)
  const progress = shallowRef<Progress | null>(null)
  const result = shallowRef<PlayersResult | null>(null)
  const failure = ref<string | null>(null)
  /** The game searched (the shown one may change meanwhile). */
  let searched: PlayersGame | null = null
  let early: JobEvent[] = []
  const busy = computed(() => status.value === 'starting' || status.value === 'running')

  function resetSearch(): void {
    progress.value = null
    result.value = null
    failure.value = null
    if (!busy.value) status.value = 'idle'
  }

  function handle(e: JobEvent): void {
    if (status.value === 'starting' && jobId.value === null) {
      early.push(e)
      return
    }
    if (e.id !== jobId.value) return
    switch (e.type) {
      case 'progress':
        status.value = 'running'
        progress.value = e.progress
        return
      case 'result':
        if (e.kind !== 'players') return
        status.value = 'done'
        result.value = e.result
        loadFound(e.result)
        return
      case 'failed':
        failure.value = e.reason
        status.value = 'failed'
        return
      case 'cancelled':
        status.value = 'cancelled'
        return
      default:
        status.value = 'running'
    }
  }
  // Job events are listened to from the first search on (the store also serves hosts without jobs: the session's).
  let listening = false

  /** The game the search found, replayed by the core verifier into the stepper. */
  function loadFound(r: PlayersResult): void {
    if (r.moves.length === 0 || searched !== game.value) return
    try {
      moves.value = parseMoves(game.value, r.moves.join(', '))
    } catch (e) {
      say('error', `the search's game does not verify: ${(e as Error).message}`)
      return
    }
    lineTitle.value = `${r.length}-move game, ${r.winner} wins, ${r.optimal ? 'the shortest (proven)' : 'the best found'}: workbench search`
    lineIndex.value = lines.value.length
    step.value = 0
    selected.value = null
    say('info', `the game the search found is in the stepper (${r.length} moves): step through it, or Save game… to keep it`)
  }

  async function runSearch(): Promise<void> {
    if (busy.value) return
    const seconds = Number(timeLimit.value)
    if (!Number.isFinite(seconds) || seconds < 0) {
      failure.value = `time limit: a number of seconds (0: none), not ${String(timeLimit.value)}`
      status.value = 'failed'
      return
    }
    resetSearch()
    status.value = 'starting'
    jobId.value = null
    early = []
    searched = game.value
    if (!listening) {
      api().onJobEvent(handle)
      listening = true
    }
    let ticket
    try {
      ticket = await api().startJob(playersRequest(game.value, { strategy: strategy.value, timeLimit: seconds, threads: threads.value }))
    } catch (e) {
      ticket = { ok: false as const, error: [{ code: 'ipc.failed', message: (e as Error).message }] }
    }
    if (!ticket.ok) {
      failure.value = faultText(ticket.error)
      status.value = 'failed'
      return
    }
    jobId.value = ticket.value.id
    const backlog = early
    early = []
    for (const e of backlog) handle(e)
    if (status.value === 'starting') status.value = 'running'
  }

  async function cancel(): Promise<void> {
    const id = jobId.value
    if (id === null || !busy.value) return
    const known = await api().cancelJob(id)
    if (!known && busy.value) status.value = 'cancelled'
  }

  /** The document as JSON text: the preset (or the game), the document's lines with the stepper's in its place. */
  const documentText = computed(() => {
    const shown =
      moves.value.length > 0
        ? { title: lineTitle.value || `${moves.value.length} moves played in the workbench`, moves: lineText(game.value, moves.value) }
        : null
    const kept = [...lines.value]
    if (shown) kept.splice(lineIndex.value, 1, shown)
    return formatPlayersDocument({
      ...(title.value !== null && { title: title.value }),
      ...(presetId.value !== null ? { preset: presetId.value } : { game: specOf(game.value) }),
      lines: kept,
    })
  })

  async function save(): Promise<void> {
    const o = await api().saveDocumentAs({ file: { name: fileName.value }, text: documentText.value })
    if (o.status === 'saved') {
      fileName.value = o.file.name
      say('info', `saved ${o.file.name}`)
    } else if (o.status === 'failed') say('error', o.reason)
  }

  return {
    active,
    started,
    restore,
    game,
    presetId,
    fileName,
    title,
    lines,
    lineIndex,
    lineTitle,
    moves,
    step,
    selected,
    targets,
    names,
    notice,
    draft,
    draftPoints,
    editorError,
    line,
    length,
    position,
    toMove,
    win,
    series,
    movesText,
    sceneInput,
    newGame,
    openText,
    showLine,
    applyDraft,
    clickCell,
    go,
    stepBy,
    first: () => go(0),
    last: () => go(length.value),
    strategy,
    timeLimit,
    threads,
    status,
    jobId,
    progress,
    result,
    failure,
    busy,
    runSearch,
    cancel,
    documentText,
    save,
    dismissNotice: () => void (notice.value = null),
  }
})
