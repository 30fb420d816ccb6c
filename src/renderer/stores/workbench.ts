/**
 * What the board shows and what the user does with it in play mode: the line of play (a stored
 * solution, pasted text, a search result, or moves played by clicking), the ply the stepper is at,
 * the selected man with his legal destinations, and the overlay switches. The core computes (the
 * timeline precomputes every ply once, so stepping is a lookup); this store orchestrates. Moves
 * played on the board go on an undo history of lines of their own, each with its label (what the
 * line is: line-label.ts). A line with moves that the document does not store is work the file
 * does not hold: the document store is told, and counts it as unsaved.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { DocumentSpec } from '../../shared/document'
import { findLadders, followLadder, type Ladder } from '../../shared/ladders'
import { symMen } from '../../shared/metrics'
import { clickCell, destinations, type Selection } from '../../shared/selection'
import { describe, err, ok, type Diagnostic, type Result } from '../../shared/result'
import { armyToMove, clampPly, lineOf, lineText, playOn, startLine, type Timeline } from '../../shared/timeline'
import { diagram } from '../../shared/diagram'
import { moves as movesText } from '../format'
import { latticeFor, mirrorLine, NO_OVERLAYS, type Overlays, type SceneInput } from '../board/scene'
import { canRedo, canUndo, edit, redo, startHistory, undo, type History } from '../state/history'
import { labelOf, labelText, playedAt, START_LABEL, type LineLabel } from '../state/line-label'
import { useDocument } from './document'

/** The parts of a spec that make the problem (not its title, notes or stored solutions). */
export function problemKey(spec: DocumentSpec): string {
  return JSON.stringify([spec.kind, spec.board, spec.rules, spec.armies, spec.first])
}

/** A move being animated hop by hop (the board plays it, then shows the position). */
export interface Animation {
  readonly id: number
  readonly path: readonly number[]
  readonly army: number
}

/** A line in the stepper's history, with what it is. */
interface Shown {
  readonly line: Timeline
  readonly label: LineLabel
}

/** The moves of a line, as one string to compare lines by. */
const movesKey = (line: Timeline): string => line.moves.map((m) => m.move.path.join('-')).join(',')

/** Milliseconds between moves when the stepper plays. */
export const PLAY_INTERVAL = 700

export const useWorkbench = defineStore('workbench', () => {
  const documentStore = useDocument()
  const problem = computed(() => documentStore.doc.problem)
  const title = computed(() => problem.value.title)

  const overlays = ref<{ -readonly [K in keyof Overlays]: Overlays[K] }>({ ...NO_OVERLAYS })
  /** Draw 6-move problems on the square grid anyway. */
  const squareGrid = ref(false)

  const lines = shallowRef<History<Shown>>(startHistory(initial()))
  const line = computed(() => lines.value.present.value.line)
  const label = computed(() => lines.value.present.value.label)
  /** What the line is: "solution 1: …", "pasted", "search result", "played on the board". */
  const source = computed(() => labelText(label.value))
  /** The moves of each stored solution that can be played (null for one that cannot). */
  const storedKeys = computed(() =>
    documentStore.doc.solutions.map((s) => {
      const r = lineOf(documentStore.doc.problem, s.solution)
      return r.ok ? movesKey(r.value) : null
    }),
  )
  /**
   * The stored solution the stepper shows (0-based), or null for any other line: the "stored"
   * select shows it (issue 16, defect 14: it read "solution…" while solution 1 was loaded). Found
   * by the moves, so a line kept, or a kept one taken back by Undo, says so at once.
   */
  const stored = computed<number | null>(() => {
    if (line.value.moves.length === 0) return null
    const k = storedKeys.value.indexOf(movesKey(line.value))
    return k < 0 ? null : k
  })
  /** The line has moves that the document does not hold (pasted, played, a search's): unsaved work. */
  const unkept = computed(() => line.value.moves.length > 0 && stored.value === null)
  watch(
    () => (unkept.value ? `the line in the stepper (${movesText(line.value.moves.length)}, ${source.value})` : null),
    (what) => documentStore.setUnkept(what),
    // At once: New or Open right after a change must know of it.
    { immediate: true, flush: 'sync' },
  )
  const ply = ref(0)
  const selection = shallowRef<Selection | null>(null)
  const animation = shallowRef<Animation | null>(null)
  const playing = ref(false)
  let animationId = 0
  let timer: ReturnType<typeof setInterval> | undefined

  /**
   * A document opens on its first stored solution; one that cannot be played opens on the start,
   * and the reason is said at once (issue 16, defect 5: it used to open as an empty stepper with
   * no error, labelled as the solution).
   */
  function initial(): Shown {
    const doc = documentStore.doc
    const first = doc.solutions[0]
    if (first) {
      const r = lineOf(doc.problem, first.solution)
      if (r.ok) return { line: r.value, label: labelOf(`solution 1${first.title ? `: ${first.title}` : ''}`) }
      documentStore.notify('error', `solution 1 cannot be played: ${describe(r.error)}`)
    }
    return { line: startLine(doc.problem), label: START_LABEL }
  }

  const length = computed(() => line.value.moves.length)
  const position = computed(() => line.value.positions[ply.value] ?? line.value.positions[0]!)
  const toMove = computed(() => armyToMove(line.value, ply.value))
  /** The move that led to the current position. */
  const currentMove = computed(() => (ply.value > 0 ? line.value.moves[ply.value - 1] : undefined))
  const lattice = computed(() => latticeFor(problem.value.board, problem.value.rules, squareGrid.value))
  // Computed only while the overlay is on, and once per position.
  const ladders = computed(() => (overlays.value.ladders ? findLadders(position.value, problem.value.rules) : undefined))
  /**
   * The ladder the user isolated (a click on its legend entry), as it was then; while stepping, the
   * board shows the ladder of each position that continues it (followLadder), or all of them when
   * none does.
   */
  const ladderPick = shallowRef<Ladder | null>(null)
  const ladderFocus = computed(() => (ladderPick.value && ladders.value ? followLadder(ladderPick.value, ladders.value) : -1))
  /** Show only the k-th ladder of the position, or all of them again if it is the one shown. */
  function isolateLadder(k: number): void {
    const l = ladders.value?.ladders[k]
    ladderPick.value = !l || ladderFocus.value === k ? null : l
  }
  const symmetric = computed(() => {
    if (!overlays.value.mirror) return [] as number[]
    const p = problem.value
    const name = p.reflection ?? 'mirror'
    return p.armies.flatMap((_, k) => symMen(p.board, position.value.men(k), name))
  })
  const hasMirror = computed(
    () => (problem.value.reflection ?? 'mirror') === 'mirror' && problem.value.board.width === problem.value.board.height,
  )

  // The same array as long as the problem stays: the board layer is redrawn only when it changes.
  const targets = computed(() => problem.value.armies.map((a) => a.target))

  /** The scene of play mode at a ply (the board shows the current one; exports any). */
  function sceneAt(k: number, show: Overlays = overlays.value): SceneInput {
    const p = problem.value
    const at = clampPly(line.value, k)
    const pos = line.value.positions[at]!
    const m = at > 0 ? line.value.moves[at - 1] : undefined
    const current = at === ply.value
    const lad = show.ladders ? (current && ladders.value ? ladders.value : findLadders(pos, p.rules)) : undefined
    const sym = show.mirror ? p.armies.flatMap((_, a) => symMen(p.board, pos.men(a), p.reflection ?? 'mirror')) : []
    return {
      board: p.board,
      rules: p.rules,
      lattice: lattice.value,
      position: pos,
      targets: targets.value,
      ...(m && { path: { cells: m.move.path, army: m.army } }),
      ...(current && selection.value && { selected: selection.value.from, destinations: destinations(selection.value) }),
      overlays: show,
      ...(lad && { ladders: lad }),
      ...(lad && current && ladderFocus.value >= 0 && { ladderFocus: ladderFocus.value }),
      symMen: sym,
      ...(hasMirror.value && { mirrorLine: mirrorLine(p.board) }),
    }
  }
  const scene = computed<SceneInput>(() => {
    // Dependencies read here so that the scene follows them.
    void position.value
    void selection.value
    void symmetric.value
    return sceneAt(ply.value)
  })

  function show(next: Timeline, what: LineLabel, at: number): void {
    stop()
    lines.value = edit(lines.value, { line: next, label: what })
    selection.value = null
    ply.value = clampPly(next, at)
  }

  /** Show a line that came whole from somewhere (`from` says where), at ply `at`. */
  function setLine(next: Timeline, from: string, at = 0): void {
    show(next, labelOf(from), at)
  }

  /**
   * Put back a line from an autosaved session, with its label and ply, as the only line in the
   * history (the session keeps no undo steps).
   */
  function restoreLine(next: Timeline, what: LineLabel, at: number): void {
    stop()
    lines.value = startHistory({ line: next, label: what })
    selection.value = null
    animation.value = null
    ply.value = clampPly(next, at)
  }

  /** Go to a ply (clamped); a single step forward is animated. */
  function go(k: number): void {
    const target = clampPly(line.value, k)
    selection.value = null
    if (target === ply.value + 1) {
      const m = line.value.moves[ply.value]!
      animation.value = { id: ++animationId, path: m.move.path, army: m.army }
    } else animation.value = null
    ply.value = target
  }
  const step = (delta: number): void => go(ply.value + delta)
  const first = (): void => go(0)
  const last = (): void => go(length.value)

  function stop(): void {
    playing.value = false
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }
  function togglePlay(): void {
    if (playing.value) return stop()
    if (ply.value >= length.value) go(0)
    playing.value = true
    timer = setInterval(() => {
      if (ply.value >= length.value) stop()
      else step(1)
    }, PLAY_INTERVAL)
  }

  /** A click on a cell in play mode: select a man, play to a destination, or clear. */
  function click(cell: number): void {
    const out = clickCell(problem.value, position.value, toMove.value, selection.value, cell)
    selection.value = out.selection
    if (!out.play) return
    const r = playOn(line.value, ply.value, out.play)
    if (!r.ok) {
      documentStore.notify('error', r.error.message)
      return
    }
    const at = ply.value
    const path = out.play.path
    show(r.value, playedAt(label.value, at), at + 1)
    animation.value = { id: ++animationId, path: [...path], army: r.value.moves[at]!.army }
  }

  /** Load a stored solution of the document (0-based). */
  function loadSolution(index: number): boolean {
    const doc = documentStore.doc
    const s = doc.solutions[index]
    if (!s) return false
    const r = lineOf(doc.problem, s.solution)
    if (!r.ok) {
      documentStore.notify('error', `solution ${index + 1}: ${describe(r.error)}`)
      return false
    }
    setLine(r.value, `solution ${index + 1}${s.title ? `: ${s.title}` : ''}`)
    return true
  }

  /** Load a solution from text in the paper's notation; an error says which move is wrong and why. */
  function loadText(text: string, from = 'pasted'): Result<Timeline, Diagnostic> {
    const r = lineOf(problem.value, text)
    if (!r.ok) return r
    if (r.value.moves.length === 0) return err({ code: 'solution.empty', message: 'the text has no moves' })
    setLine(r.value, from)
    return ok(r.value)
  }

  function clearLine(): void {
    show(startLine(problem.value), START_LABEL, 0)
  }

  const undoable = computed(() => canUndo(lines.value))
  const redoable = computed(() => canRedo(lines.value))
  function undoLine(): void {
    stop()
    lines.value = undo(lines.value)
    selection.value = null
    animation.value = null
    ply.value = clampPly(line.value, ply.value - 1)
  }
  function redoLine(): void {
    stop()
    lines.value = redo(lines.value)
    selection.value = null
    animation.value = null
    ply.value = clampPly(line.value, ply.value + 1)
  }

  /** The line as text in the paper's notation (palindromes as half and `(reflect)`). */
  const solutionText = computed(() => lineText(line.value))
  /** The position as text: the side to move, each army's cells, and a diagram. */
  const positionText = computed(() => {
    const p = problem.value
    const pos = position.value
    const head = p.armies.map((a, k) => `${a.name}: ${pos.describe(k)}`)
    const hex = lattice.value === 'triangular'
    return [
      `${p.title}, after move ${ply.value}${p.kind === 'game' ? `, ${p.armies[toMove.value]!.name} to move` : ''}`,
      ...head,
      '',
      diagram(pos, { target: p.armies[0]!.target, hex }),
    ].join('\n')
  })

  // A different problem, or another document, starts from its first stored solution (or its start).
  watch(
    () => `${documentStore.generation}:${problemKey(documentStore.doc.spec)}`,
    (now, before) => {
      if (now === before) return
      stop()
      lines.value = startHistory(initial())
      ply.value = 0
      selection.value = null
      animation.value = null
    },
  )

  return {
    problem,
    stored,
    unkept,
    label,
    title,
    overlays,
    squareGrid,
    line,
    source,
    ply,
    length,
    position,
    toMove,
    currentMove,
    lattice,
    ladders,
    ladderFocus,
    isolateLadder,
    selection,
    animation,
    playing,
    scene,
    sceneAt,
    hasMirror,
    go,
    step,
    first,
    last,
    togglePlay,
    stop,
    click,
    loadSolution,
    loadText,
    setLine,
    restoreLine,
    clearLine,
    undoable,
    redoable,
    undoLine,
    redoLine,
    solutionText,
    positionText,
  }
})
