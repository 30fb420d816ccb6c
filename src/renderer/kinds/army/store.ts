/**
 * The solitaire army document in the workbench (issue 17): the army on its window, the moves of
 * its solution, the stepper, the pagoda overlay, and the jobs that bound, solve and count armies
 * as jobs of the host. The core computes (positions, weights, verification, the solvers); this store
 * orchestrates. An army document is opened from a file, from the shipped ones, or started from a
 * type and a level with an empty window to paint men on. A custom board (board.ts) is made from the
 * window by switching cells off and on and placing the target (the editing modes); its overlay and
 * weights are the pagoda function generated from the distance to the target, and Solve solves the
 * army as it stands on it.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { pagodaBound } from '../../shared/army/bounds'
import { formatArmyDocument, parseArmyDocument, type ArmyDocument } from '../../shared/army/document'
import { DISTANCE_MAP, mapFor, windowBoard } from '../../shared/army/board'
import { measureOnBoard } from '../../shared/army/custom'
import { GEOMETRIES, type ArmyType } from '../../shared/army/geometry'
import type { ArmyJobKind, ArmyJobResult } from '../../shared/army/job'
import { defaultWindow } from '../../shared/army/minimum'
import { IMPROVED_MAP, PAGODA_MAPS } from '../../shared/army/pagoda'
import { formatArmyMoves, positionAfter, verifyArmy } from '../../shared/army/solution'
import { api } from '../api'
import { ArmyJobCancelled, hostArmyJobRunner, type ArmyJobHandle, type ArmyJobRunner } from '../api/army-jobs'
import { armyAspect, buildArmyScene, type ArmySceneInput } from '../board/army-scene'
import { armyPng, scenesSheetPng, type PictureOptions } from '../board/export'
import { DEFAULT_SHEET } from '../../shared/sheet'
import { describe as describeFault } from '../../shared/result'
import { captured, moveTarget, paint as paintCell, toggleBoardCell, weightSeries, type Cell } from '../state/army'

/** The army documents that ship with the workbench (resources/armies), by file name. */
const SHIPPED = import.meta.glob('../../../resources/armies/*.army.json', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>
export const ARMY_PRESETS: readonly { readonly name: string; readonly text: string; readonly title: string }[] = Object.entries(SHIPPED)
  .map(([path, text]) => {
    const name = path.split('/').pop()!
    return { name, text, title: parseArmyDocument(text, name).title ?? name }
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))

/** The host's job API (api/army-jobs.ts), unless a test gave another runner. */
let runner: ArmyJobRunner | undefined
/** Run army jobs with another runner (tests). */
export function useArmyJobRunner(r: ArmyJobRunner): void {
  runner = r
}

/** Seconds a job may run by default (HiGHS's time limit; count: in all). */
export const ARMY_TIME_LIMIT = 120

/** What a click on the board does: place men, switch cells on and off the board, or place the target. */
export const ARMY_EDIT_MODES = ['men', 'cells', 'target'] as const
export type ArmyEditMode = (typeof ARMY_EDIT_MODES)[number]

export interface ArmyNotice {
  readonly kind: 'info' | 'error'
  readonly text: string
}

function emptyArmy(type: ArmyType, level: number): ArmyDocument {
  const title = GEOMETRIES[type].title.replace(/^the /, '')
  return {
    title: `${title.charAt(0).toUpperCase()}${title.slice(1)} to level ${level}`,
    type,
    level,
    window: defaultWindow(type, level),
    army: [],
    moves: [],
  }
}

export const useArmy = defineStore('army', () => {
  /** Whether the workbench shows the army (else the transfer problem). */
  const active = ref(false)
  /** Whether an army has been started or opened (the session keeps it from then on). */
  const started = ref(false)
  const doc = shallowRef<ArmyDocument>(emptyArmy('conway', 4))
  const fileName = ref('conway-level4.army.json')
  const step = ref(0)
  const overlays = ref({ pagoda: true, coordinates: true })
  const mapId = ref(IMPROVED_MAP.conway)
  const notice = ref<ArmyNotice | null>(null)
  /** Bumped when a step forward should fade the captured men out. */
  const fade = ref(0)
  const editMode = ref<ArmyEditMode>('men')

  const geometry = computed(() => GEOMETRIES[doc.value.type])
  /** The paper's maps of the type and the generated one; on a custom board, the generated one only (the paper's are for the target (0, 0) on the whole window). */
  const maps = computed(() => {
    const { window, board } = doc.value
    const generated = mapFor(geometry.value, window, DISTANCE_MAP, board)
    return board ? [generated] : [...Object.values(PAGODA_MAPS).filter((m) => m.types.includes(doc.value.type)), generated]
  })
  const map = computed(() => maps.value.find((m) => m.id === mapId.value) ?? maps.value[0]!)
  /** On a custom board: the generated map's weight, slack and verdict for the army as it starts. */
  const measure = computed(() => (doc.value.board ? measureOnBoard(geometry.value, doc.value.board, doc.value.army) : null))
  const length = computed(() => doc.value.moves.length)
  const position = computed(() => positionAfter(doc.value.army, doc.value.moves, step.value))
  const lastMove = computed(() => (step.value > 0 ? doc.value.moves[step.value - 1] : undefined))
  const ghosts = computed(() => (lastMove.value ? captured(lastMove.value) : []))
  const series = computed(() => weightSeries(doc.value.army, doc.value.moves, map.value))
  const current = computed(() => series.value[step.value]!)
  const verdict = computed(() =>
    length.value > 0 ? verifyArmy(geometry.value, doc.value.window, doc.value.army, doc.value.moves, doc.value.board) : null,
  )
  const movesText = computed(() => formatArmyMoves(geometry.value, doc.value.window, doc.value.moves))
  /** The pagoda bound on the army's size for its type and level (section 4.1, exact). */
  const bound = computed(() => {
    try {
      return pagodaBound(doc.value.type, doc.value.level)
    } catch {
      return null
    }
  })
  const sceneInput = computed<ArmySceneInput>(() => ({
    type: doc.value.type,
    window: doc.value.window,
    men: position.value,
    ghosts: ghosts.value,
    ...(lastMove.value && { path: lastMove.value }),
    pagoda: overlays.value.pagoda ? map.value : null,
    coordinates: overlays.value.coordinates,
    ...(doc.value.board && { board: doc.value.board }),
  }))

  function say(kind: ArmyNotice['kind'], text: string): void {
    notice.value = { kind, text }
  }

  function load(d: ArmyDocument, name: string): void {
    cancel()
    doc.value = d
    fileName.value = name
    step.value = 0
    mapId.value = d.board ? DISTANCE_MAP : IMPROVED_MAP[d.type]
    editMode.value = 'men'
    jobOutcome.value = null
    active.value = true
    started.value = true
  }

  /** Put back an army from the autosaved session. */
  function restore(d: ArmyDocument, name: string, at: number, shown: boolean): void {
    load(d, name)
    step.value = Math.max(0, Math.min(d.moves.length, at))
    active.value = shown
  }

  /** Start an empty army of a type to a level, on the window its pagoda bound asks for. */
  function newArmy(type: ArmyType, level: number): boolean {
    let d: ArmyDocument
    try {
      d = emptyArmy(type, level)
    } catch (e) {
      say('error', (e as Error).message)
      return false
    }
    load(d, `${type}-level${level}.army.json`)
    say('info', `${d.title}: click cells to place men (shift-click: a whole row), or Solve`)
    return true
  }

  /** Open an army document's text; false (and a notice naming the fault) if it is not one. */
  function openText(name: string, text: string): boolean {
    let d: ArmyDocument
    try {
      d = parseArmyDocument(text, name)
    } catch (e) {
      say('error', (e as Error).message)
      return false
    }
    load(d, name)
    const v = verdict.value
    say(v && !v.ok ? 'error' : 'info', v && !v.ok ? `${name}: the solution does not verify: ${v.error}` : `opened ${name}`)
    return true
  }

  function openPreset(name: string): boolean {
    const p = ARMY_PRESETS.find((x) => x.name === name)
    if (!p) {
      say('error', `no shipped army document ${name}`)
      return false
    }
    return openText(p.name, p.text)
  }

  /**
   * A click on a cell, by the editing mode: place or take away a man (row: the whole row), switch
   * the cell on or off the custom board, or put the target there. A changed army or board drops its solution.
   */
  function paint(cell: Cell, row = false): boolean {
    if (job.value) {
      say('error', 'a job is running on this army: cancel it to change the army')
      return false
    }
    const { window, board, army } = doc.value
    const g = geometry.value
    let change: { army: Cell[]; board?: typeof board }
    if (editMode.value === 'men') {
      const r = paintCell(g, window, doc.value.level, army, cell, row, board)
      if (!r.ok) {
        say('error', r.reason)
        return false
      }
      change = { army: r.army }
    } else {
      const on = board ?? windowBoard(g, window)
      const r = editMode.value === 'cells' ? toggleBoardCell(g, window, on, army, cell) : moveTarget(g, window, on, army, cell)
      if (!r.ok) {
        say('error', r.reason)
        return false
      }
      change = { army: r.army, board: r.board }
      mapId.value = DISTANCE_MAP
    }
    const dropped = doc.value.moves.length > 0
    doc.value = { ...doc.value, ...change, moves: [] }
    step.value = 0
    if (dropped) say('info', `the ${editMode.value === 'men' ? 'army' : 'board'} changed: its solution was dropped`)
    return true
  }

  /** Make the window a custom board (every cell on, the target (0, 0)) to edit, with the generated map. */
  function customize(): void {
    if (job.value || doc.value.board) return
    doc.value = { ...doc.value, board: windowBoard(geometry.value, doc.value.window), moves: [] }
    step.value = 0
    mapId.value = DISTANCE_MAP
    editMode.value = 'cells'
    say('info', 'custom board: click cells to switch them off and on; Target mode places the target')
  }

  function clearArmy(): void {
    if (job.value) return
    doc.value = { ...doc.value, army: [], moves: [] }
    step.value = 0
  }

  function go(k: number): void {
    const next = Math.max(0, Math.min(length.value, Math.round(k)))
    if (next === step.value + 1) fade.value++
    step.value = next
  }
  const stepBy = (n: number): void => go(step.value + n)
  const first = (): void => go(0)
  const last = (): void => go(length.value)

  // Jobs.
  const job = shallowRef<{ readonly kind: ArmyJobKind; readonly message: string; readonly started: number } | null>(null)
  const jobOutcome = ref<{ readonly kind: ArmyJobKind; readonly text: string; readonly ok: boolean } | null>(null)
  let handle: ArmyJobHandle | undefined

  function statement(r: ArmyJobResult): { text: string; ok: boolean } {
    const where = `window ${r.window.rows} rows, ${r.window.width} columns beyond each row`
    const s = `${r.seconds.toFixed(1)} s`
    switch (r.kind) {
      case 'bound':
        return r.men === null
          ? { text: `integer program: ${r.status} (${where}, ${s})`, ok: false }
          : { text: `at least ${r.men} men: no army inside the ${where} has fewer (integer program, ${s})`, ok: true }
      case 'solve':
        if (!r.moves || !r.verdict?.ok)
          return {
            text: `no solution: ${r.status}${r.men !== null ? `, ${r.men} men, no legal order of the jumps found` : ''} (${s})`,
            ok: false,
          }
        return {
          text: `${r.men} men (the minimum on the ${where}), ${r.moves.length} moves, ${r.verdict.jumps} jumps, verified (${s})`,
          ok: true,
        }
      case 'count':
        return {
          text: `${r.classes} minimum armies of ${r.men ?? '?'} men up to reflection (${r.armies} with reflections)${r.end === 'complete' ? '' : `, stopped: ${r.end}`} (${where}, ${s})`,
          ok: r.end === 'complete',
        }
    }
  }

  /** A custom board's solve: the army as it stands. */
  function boardStatement(r: Extract<ArmyJobResult, { kind: 'solve' }>): { text: string; ok: boolean } {
    const s = `${r.seconds.toFixed(1)} s`
    if (!r.moves || !r.verdict?.ok) return { text: `no solution: ${r.status} (${s})`, ok: false }
    return { text: `${r.moves.length} moves, ${r.verdict.jumps} jumps, verified on the custom board: ${r.status} (${s})`, ok: true }
  }

  /** Run a job for the document's type and level as a job of the host (a utility process or a Web Worker). */
  async function run(kind: ArmyJobKind, timeLimit = ARMY_TIME_LIMIT): Promise<void> {
    if (job.value) return
    const { type, level, window, board, army } = doc.value
    if (board && kind !== 'solve')
      return say('error', `${kind} is for the paper's window: on a custom board, Solve solves the army as it stands`)
    if (board && army.length === 0) return say('error', 'place men on the board first: Solve solves the army as it stands')
    job.value = { kind, message: 'starting', started: Date.now() }
    jobOutcome.value = null
    const h = (runner ?? hostArmyJobRunner(api()))({ kind, type, level, timeLimit, window, ...(board && { board, army }) }, (message) => {
      if (job.value) job.value = { ...job.value, message }
    })
    handle = h
    try {
      const r = await h.result
      const st = board && r.kind === 'solve' ? boardStatement(r) : statement(r)
      jobOutcome.value = { kind, ...st }
      if (board && r.kind === 'solve' && st.ok && r.moves)
        doc.value = {
          ...doc.value,
          moves: r.moves.map((m) => [...m]),
          source:
            'solved in the workbench on the custom board (depth-first search pruned by the distance map, then the fewest moves by levels)',
        }
      else if (r.kind === 'solve' && st.ok && r.moves)
        doc.value = {
          ...doc.value,
          title: `${emptyArmy(type, level).title}: ${r.army.length} men`,
          window: r.window,
          army: [...r.army],
          moves: r.moves.map((m) => [...m]),
          source: `solved in the workbench (integer program with HiGHS, jumps ordered by depth-first search)`,
        }
      if (r.kind === 'solve') step.value = 0
    } catch (e) {
      jobOutcome.value = { kind, text: e instanceof ArmyJobCancelled ? 'cancelled' : (e as Error).message, ok: false }
    } finally {
      if (handle === h) {
        handle = undefined
        job.value = null
      }
    }
  }

  function cancel(): void {
    handle?.cancel()
  }

  /** The document as JSON text (Save). */
  const documentText = computed(() => formatArmyDocument(doc.value))

  async function save(): Promise<void> {
    const o = await api().saveDocumentAs({ file: { name: fileName.value }, text: documentText.value })
    if (o.status === 'saved') {
      fileName.value = o.file.name
      say('info', `saved ${o.file.name}`)
    } else if (o.status === 'failed') say('error', o.reason)
  }

  /** The diagram at the current step as a PNG `o.size` wide (its height by the window's proportions), saved (a download in the browser). */
  async function exportPng(o: PictureOptions): Promise<string> {
    const input = { ...sceneInput.value, coordinates: o.coordinates }
    const height = Math.max(50, Math.round(o.size * armyAspect(input.type, input.window, input.coordinates)))
    const bytes = await armyPng(buildArmyScene(input, o.size, height), o)
    const name = `${fileName.value.replace(/\.army\.json$|\.json$/, '')}-move-${step.value}.png`
    const out = await api().saveImage({ name, bytes })
    return out.status === 'saved'
      ? `saved ${out.name}: ${o.size * o.scale} x ${height * o.scale} pixels`
      : out.status === 'failed'
        ? out.reason
        : 'cancelled'
  }

  /** The scene input after k moves (the figure sheet's diagrams). */
  function sceneAt(k: number, coordinates: boolean): ArmySceneInput {
    const move = k > 0 ? doc.value.moves[k - 1] : undefined
    return {
      type: doc.value.type,
      window: doc.value.window,
      men: positionAfter(doc.value.army, doc.value.moves, k),
      ghosts: move ? captured(move) : [],
      ...(move && { path: move }),
      pagoda: overlays.value.pagoda ? map.value : null,
      coordinates,
      ...(doc.value.board && { board: doc.value.board }),
    }
  }

  /** A figure sheet of the positions after moves from..to (each with its move drawn), saved as a PNG. */
  async function exportSheet(
    from: number,
    to: number,
    o: Omit<PictureOptions, 'size'> & { columns: number; size: number },
  ): Promise<string> {
    const r = await scenesSheetPng(
      (k, size) => buildArmyScene(sceneAt(k, o.coordinates), size, size),
      (k) => (k === 0 ? 'start' : `${k}. ${movesText.value.split(', ')[k - 1]}`),
      length.value,
      { ...DEFAULT_SHEET, from, to, columns: o.columns, size: o.size },
      o,
    )
    if (!r.ok) return describeFault(r.error)
    const name = `${fileName.value.replace(/\.army\.json$|\.json$/, '')}-moves-${from}-${to}.png`
    const out = await api().saveImage({ name, bytes: r.value.bytes })
    return out.status === 'saved'
      ? `saved ${out.name}: ${r.value.width} x ${r.value.height} pixels`
      : out.status === 'failed'
        ? out.reason
        : 'cancelled'
  }

  return {
    active,
    started,
    restore,
    doc,
    fileName,
    step,
    overlays,
    mapId,
    notice,
    fade,
    editMode,
    measure,
    customize,
    geometry,
    maps,
    map,
    length,
    position,
    lastMove,
    ghosts,
    series,
    current,
    verdict,
    movesText,
    bound,
    sceneInput,
    job,
    jobOutcome,
    documentText,
    newArmy,
    openText,
    openPreset,
    paint,
    clearArmy,
    go,
    stepBy,
    first,
    last,
    run,
    cancel,
    save,
    exportPng,
    exportSheet,
    dismissNotice: () => void (notice.value = null),
  }
})
