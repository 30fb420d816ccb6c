/**
 * The playing engine in the workbench (issue 30): a pane that serves every document with a game to
 * play (frame/views.ts, SharedPane; the kind says which through `engineGame`, frame/kind.ts: the
 * games of 2 to 6 players and the paper's two-player games, not a transfer). It analyses the
 * position the stepper shows (its principal variation drawn as arrows on the board, its score read
 * out and charted over the line), plays the engine's move there, and plays against the user: the
 * seats the engine takes move by themselves, at the end of the line a move just reached (never
 * while the user steps through the line). The line is the frame's (the stepper's move tree): the
 * engine's move is played through the stepper like a click's, so it is a move of the tree and an
 * undo step. The engine runs in a Web Worker speaking the protocol (hosts/web/play-engine.ts,
 * shared/play/client.ts); the position, arrows and score series are shared/play/session.ts's.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { webEnginePort } from '../../hosts/web/play-engine'
import { nameOf } from '../../shared/halma/board'
import { EngineClient } from '../../shared/play/client'
import type { GoLimits, Score } from '../../shared/play/engine'
import type { ClientInfo } from '../../shared/play/protocol'
import { PlaySession } from '../../shared/play/session'
import { sidesOf, type Variant } from '../../shared/play/variant'
import { findChild, movesTo } from '../../shared/variations'
import type { ChartDef } from '../frame/charts'
import { useDocument } from '../frame/document'
import type { AnyKind, LineTree, Path } from '../frame/kind'
import { sameMove } from '../frame/line'
import { useBoardOverlay } from '../frame/overlay'
import { useStepper } from '../frame/stepper'

/** The game the engine plays from a document of a kind, or null (no game: the pane is not shown). */
export const engineGameOf = (kind: AnyKind, doc: unknown): Variant | null => kind.engineGame?.(doc) ?? null

/**
 * How long the engine searches a position: by nodes (the same answer whatever else the machine
 * does), by time, or until Stop (analysis as long as one likes; a move then waits for Stop).
 */
export const STRENGTHS: readonly { readonly label: string; readonly value: string; readonly limits: GoLimits }[] = [
  { label: 'quick (2,000 nodes)', value: '2000', limits: { nodes: 2_000 } },
  { label: 'club (20,000 nodes)', value: '20000', limits: { nodes: 20_000 } },
  { label: 'strong (200,000 nodes)', value: '200000', limits: { nodes: 200_000 } },
  { label: '1 second', value: '1s', limits: { movetime: 1_000 } },
  { label: '10 seconds', value: '10s', limits: { movetime: 10_000 } },
  { label: 'until Stop', value: 'infinite', limits: { infinite: true } },
]

/** Moves of the line the arrows show. */
const ARROWS = 3
/** Wins and losses are charted at this many steps at least (their score is a count of plies, not steps), and above every score charted. */
const WIN_STEPS = 25

/**
 * The chart's values of a line's scores, in steps: a score in steps as it is, a win (a loss) at
 * the chart's top (bottom), 5 steps or more beyond the largest score in steps and at least 25 out,
 * so that a score of -37 steps is not drawn as a loss. The top is returned for the chart's title.
 */
export function chartedScores(points: readonly { readonly ply: number; readonly value: number; readonly score: Score }[], n: number): { values: (number | null)[]; top: number } {
  const values: (number | null)[] = Array.from({ length: n }, () => null)
  const steps = points.filter((p) => p.score.kind === 'cp').map((p) => Math.abs(p.value) / 100)
  const top = Math.max(WIN_STEPS, Math.ceil((Math.max(0, ...steps) + 5) / 5) * 5)
  for (const p of points) if (p.ply < n) values[p.ply] = p.score.kind === 'cp' ? p.value / 100 : Math.sign(p.value) * top
  return { values, top }
}

/** A score as words, from the side to move: "+1.20 steps", "wins in 7 plies". */
export function scoreText(s: Score): string {
  if (s.kind === 'cp') return `${s.value >= 0 ? '+' : ''}${(s.value / 100).toFixed(2)} steps`
  const plies = `${s.plies} ${s.plies === 1 ? 'ply' : 'plies'}`
  return s.kind === 'win' ? `wins in ${plies}` : `loses in ${plies}`
}

/** An engine's note in the pane's words: its algorithm named, other notes as the engine wrote them. */
export function noteText(note: string, sides: number): string {
  const a = /^algorithm (\S+)$/.exec(note)
  if (!a) return note
  const names: Record<string, string> = { paranoid: sides <= 2 ? 'alpha-beta (principal variation search)' : 'paranoid', brs: 'best-reply', maxn: 'max-n', race: 'race planner (the others modelled as greedy players; it stops once its plan is made, so a strength above some 5,000 nodes searches no more)' }
  return `search: ${names[a[1]!] ?? a[1]!}`
}

/** Whether a move tree holds a line of moves from the start. */
function holds(tree: LineTree, moves: readonly Path[]): boolean {
  const at: number[] = []
  for (const m of moves) {
    const k = findChild(tree, at, m, sameMove)
    if (k < 0) return false
    at.push(k)
  }
  return true
}

export const useEngine = defineStore('engine', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  const overlay = useBoardOverlay()
  const game = computed(() => engineGameOf(documentStore.kind, documentStore.doc))
  const applies = computed(() => game.value !== null)
  const gameKey = computed(() => (applies.value ? `${documentStore.kindId}|${documentStore.kind.problemKey(documentStore.doc)}` : ''))
  /** An army's colour as the kind marks its moves (arrows, the chart). */
  const colourOf = (k: number): string => documentStore.kind.moverMark(documentStore.doc, k)?.colour ?? '#555555'
  /** The engine's last report at each position analysed (by game and moves). */
  const analyses = shallowRef(new Map<string, ClientInfo>())
  /** What the engine said in words at each position analysed (its algorithm, the room rule's note, a table's verdict). */
  const notesAt = shallowRef(new Map<string, readonly string[]>())
  // The variant kept is the game's first (one object while only the document's lines change: the sessions built on it stay alike).
  const variant = shallowRef<Variant | null>(null)
  const seats = ref<boolean[]>([])
  watch(
    gameKey,
    () => {
      variant.value = game.value
      seats.value = game.value ? game.value.armies.map(() => false) : []
      analyses.value = new Map()
      notesAt.value = new Map()
    },
    { immediate: true },
  )
  const players = computed(() => variant.value?.armies.map((a) => a.name) ?? [])

  /** The moves of the stepper's line in the engine's notation (the cells' names, as the kind numbers them). */
  const texts = computed(() => {
    const v = variant.value
    return v ? stepper.line.moves.map((m) => m.path.map((c) => nameOf(v.board, c)).join('-')) : []
  })
  const keyAt = (ply: number): string => `${gameKey.value}|${texts.value.slice(0, ply).join(' ')}`
  const currentKey = computed(() => keyAt(stepper.ply))

  /** The session at the stepper's move: the line, the cursor, the seats. */
  function session(): PlaySession | null {
    const v = variant.value
    if (!v) return null
    const s = new PlaySession(v, v.source, 'none')
    s.line = [...texts.value]
    s.goTo(stepper.ply)
    s.engineSeats = [...seats.value]
    return s
  }

  /** The report of the search running now, and the position it searches. */
  const live = shallowRef<ClientInfo | null>(null)
  const searching = ref<string | null>(null)
  const running = computed(() => searching.value !== null)
  const error = ref<string | null>(null)
  const strength = ref<string>(STRENGTHS[1]!.value)
  const limits = (): GoLimits => (STRENGTHS.find((x) => x.value === strength.value) ?? STRENGTHS[1]!).limits
  const shown = computed(() => (searching.value === currentKey.value && live.value ? live.value : (analyses.value.get(currentKey.value) ?? null)))
  const over = computed(() => session()?.position().winner !== -1)

  let client: EngineClient | undefined
  const clientOf = (): EngineClient => (client ??= new EngineClient(webEnginePort()))

  /** Search the position shown; its report is kept for the position, and the best move returned. */
  async function search(): Promise<{ key: string; bestmove: string | null } | null> {
    const v = variant.value
    if (!v || running.value || over.value) return null
    const key = currentKey.value
    const moves = texts.value.slice(0, stepper.ply)
    searching.value = key
    error.value = null
    live.value = null
    try {
      const r = await clientOf().analyse({ source: v.source, spoiling: 'none', moves }, limits(), (i) => {
        if (i.score) live.value = i
      })
      if (r.error) error.value = `the engine: ${r.error}`
      const last = [...r.infos].reverse().find((i) => i.score !== undefined)
      if (last) analyses.value = new Map(analyses.value).set(key, last)
      notesAt.value = new Map(notesAt.value).set(key, r.notes)
      return { key, bestmove: r.bestmove }
    } finally {
      searching.value = null
    }
  }

  async function analyse(): Promise<void> {
    try {
      await search()
    } finally {
      settle()
    }
  }

  /** The engine's move at the stepper's position, played there (unless the user went elsewhere meanwhile). */
  async function engineMove(): Promise<void> {
    // The document it was asked in: another one opened meanwhile (even of the same game at the same position) gets no move.
    const asked = documentStore.generation
    try {
      const r = await search()
      if (!r || r.key !== currentKey.value || documentStore.generation !== asked) return
      // This search answered the position shown: a move owed there is made (or there is none).
      owed = null
      const path = r.bestmove ? session()?.arrows([r.bestmove])[0]?.path : undefined
      if (path) stepper.play(path)
    } finally {
      settle()
    }
  }

  function stop(): void {
    client?.stop()
  }

  /**
   * The line the engine expects, played from the position shown, move by move through the stepper:
   * where the line goes on otherwise it becomes a side line, and each move is an undo step, as a click's.
   */
  function playLine(): void {
    const info = shown.value
    const s = info ? session() : null
    if (!info || !s) return
    for (const a of s.arrows(info.pv)) stepper.play(a.path)
  }

  /**
   * Play against the engine: a seat it takes moves by itself when it is to move at the end of the
   * line being played (in play mode, the game not over), and only when that end was just reached: a
   * move made there (a click, a line played, the engine's own move), a game started (File > New),
   * the seats set. Stepping through the line, going to a move, Undo and Redo, and opening a document
   * never make it move. Its move is one
   * search of the position: owed while another search runs, made when that one ends if the position
   * is still the one shown (not on any search's end: a watcher on `running` searched the old position
   * again when the engine's own search ended, before its move was played).
   */
  let owed: string | null = null
  function answer(): void {
    const due = seats.value.includes(true) && stepper.mode === 'play' && stepper.ply === stepper.length && session()?.enginesTurn()
    owed = due ? currentKey.value : null
    settle()
  }
  /** The move owed, made once no search runs, if its position is still the one shown. */
  function settle(): void {
    if (owed === null || running.value) return
    const due = owed === currentKey.value
    owed = null
    if (due) void engineMove()
  }

  function setSeat(k: number, on: boolean): void {
    seats.value = seats.value.map((s, i) => (i === k ? on : s))
    answer()
  }

  // A move made: a change of the stepper's tree (an undo step) that shows a position the tree did not
  // hold before; answered once the change is done (a line played: at its last move). A comment, a
  // promotion, a deletion, Undo and Redo show positions it held.
  documentStore.$onAction(({ name, after }) => {
    if (name !== 'commitLine') return
    const before = stepper.tree
    after((done) => {
      if (done && !holds(before, movesTo(stepper.tree, stepper.current))) queueMicrotask(answer)
    })
  })
  // A move made that the tree held already (a click or a line played along moves it has): the
  // stepper went there, the tree unchanged; answered once the moves are made.
  watch(() => stepper.replayed, answer)
  // A game started (a document made new). A document opened (a file, an example, the autosave) is
  // there to be read: the engine's seat to move at its end waits for Engine moves.
  watch(() => documentStore.started, answer)
  // Another document loaded: a move owed in the one before is not made in it.
  watch(
    () => documentStore.generation,
    () => (owed = null),
    { flush: 'sync' },
  )

  /** The principal variation's first moves as arrows on the board, numbered, in the movers' colours. */
  watch(
    [shown, applies],
    () => {
      const s = applies.value && shown.value ? session() : null
      overlay.set(s ? s.arrows(shown.value!.pv).slice(0, ARROWS).map((a) => ({ path: a.path, colour: colourOf(a.army), label: String(a.index + 1) })) : [])
    },
    { immediate: true },
  )

  const readout = computed(() => {
    const i = shown.value
    if (!i?.score) return running.value ? 'searching…' : 'no analysis of this position yet'
    const mover = players.value[session()?.position().turn ?? 0]
    const speed = i.nps ? ` · ${i.nps.toLocaleString('en-US')} nodes/s` : ''
    return `${mover}: ${scoreText(i.score)} · depth ${i.depth ?? 0} · ${(i.nodes ?? 0).toLocaleString('en-US')} nodes${speed}${running.value ? ' · searching…' : ''}`
  })
  /** The engine's notes at the position shown (none while it searches there). */
  const notes = computed<readonly string[]>(() => {
    const v = variant.value
    if (!v || searching.value === currentKey.value) return []
    return (notesAt.value.get(currentKey.value) ?? []).map((n) => noteText(n, sidesOf(v)))
  })
  const pvText = computed(() => (shown.value?.pv.length ? `line: ${shown.value.pv.join(' ')}` : ''))

  /** The score over the line: the first player's side for two sides, else the side to move's, in steps. */
  const scoreChart = computed<ChartDef>(() => {
    const s = session()
    const n = texts.value.length + 1
    if (s)
      for (let p = 0; p < n; p++) {
        const info = analyses.value.get(keyAt(p))
        if (info) s.record(p, info)
      }
    const { values, top } = chartedScores(s ? s.scoreSeries() : [], n)
    const two = players.value.length === 2
    const label = two ? `score for ${players.value[0] ?? ''}` : 'score for the side to move'
    return { id: 'engine-score', tab: 'score', title: `The engine's score, in steps (a win: ${top})`, series: [{ label, stroke: colourOf(0), width: 2, dots: true, values }] }
  })
  const hasScores = computed(() => scoreChart.value.series[0]!.values.some((v) => v !== null))

  return { applies, players, seats, strength, running, error, over, shown, readout, notes, pvText, scoreChart, hasScores, analyse, engineMove, stop, playLine, setSeat }
})
