/**
 * What the board shows and what the user does with it in play mode: the line of play (a stored
 * solution, pasted text, a search result, or moves played by clicking), the ply the stepper is at,
 * the selected man with his legal destinations, and the overlay switches. The core computes (the
 * timeline precomputes every ply once, so stepping is a lookup); this store orchestrates. The
 * stepper holds a move tree (variations.ts): a move played inside a line starts a side line, one
 * played at a line's end extends it; the stepper, charts and overlays follow one line of the tree
 * (state/line-tree.ts). Tree edits (moves, promote, delete, comments) go on an undo history of
 * their own, each state with its label (line-label.ts). A tree loaded from a stored solution is
 * that solution: its edits are written into the document (unsaved until saved), unless an edit
 * would leave a solution that reached the target short of it; then the tree goes on as a line of
 * its own. A tree that the document does not store is work the file does not hold: the document
 * store is told, and counts it as unsaved.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { DocumentSpec } from '../../shared/halma/document'
import { findLadders, followLadder, type Ladder } from '../../shared/halma/ladders'
import { symMen } from '../../shared/halma/metrics'
import { clickCell, destinations, type Selection } from '../../shared/halma/selection'
import { describe, err, ok, type Diagnostic, type Result } from '../../shared/result'
import { armyToMove, clampPly, lineOf, lineText, playOn, startLine, type Timeline } from '../../shared/halma/timeline'
import { checkVariations, sameMove, specOfTree, type PathTree } from '../../shared/halma/solution-tree'
import { symmetry } from '../../shared/halma/symmetry'
import {
  addMove,
  deleteFrom,
  emptyTree,
  hasNode,
  makeMainLine,
  mainLine,
  movesTo,
  nodeAt,
  nodeCount,
  onMainLine,
  promote,
  setComment,
  treeOfLine,
  variationCount,
  type NodePath,
} from '../../shared/variations'
import { diagram } from '../../shared/halma/diagram'
import { moves as movesText } from '../format'
import { latticeFor, mirrorLine, NO_OVERLAYS, type Overlays, type SceneInput } from '../board/scene'
import { canRedo, canUndo, edit, redo, replacePresent, startHistory, undo, type History } from '../state/history'
import { labelOf, labelText, playedAt, START_LABEL, type LineLabel } from '../state/line-label'
import { linePath, storedEdit, type Shown } from '../state/line-tree'
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

/** A tree as one string to compare trees by (moves, shape and comments). */
const treeKey = (tree: PathTree): string => JSON.stringify(tree)

/** A path with the prefix it shares with `old` changed as `old` changed into `now` (a node that moved). */
function repath(path: NodePath, old: NodePath, now: NodePath): number[] {
  const n = Math.min(path.length, now.length)
  return path.slice(0, n).every((k, i) => k === old[i]) ? [...now.slice(0, n), ...path.slice(n)] : [...path]
}

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
  const shown = computed(() => lines.value.present.value)
  /** The move tree in the stepper. */
  const tree = computed(() => shown.value.tree)
  /** The node the line runs through (state/line-tree.ts). */
  const tip = computed(() => shown.value.tip)
  const label = computed(() => shown.value.label)
  /** The nodes of the line the stepper follows (the path of its last node). */
  const path = computed(() => linePath(shown.value))
  /**
   * The line the stepper follows, verified. Moves that are not legal (a hand-written document's
   * side line: said when it is loaded) are left off from the first of them.
   */
  const line = computed<Timeline>(() => {
    const moves = movesTo(tree.value, path.value)
    const r = lineOf(problem.value, moves)
    if (r.ok) return r.value
    const bad = Number(/^move (\d+)$/.exec(r.error.at ?? '')?.[1] ?? 1)
    const prefix = lineOf(problem.value, moves.slice(0, bad - 1))
    return prefix.ok ? prefix.value : startLine(problem.value)
  })
  /** How many side lines the tree holds. */
  const sideLines = computed(() => variationCount(tree.value))
  /** Where the line leaves the main line (a move number), or null when it is the main line. */
  const branchedAt = computed(() => (onMainLine(path.value) ? null : path.value.findIndex((k) => k > 0)))
  /** What the line is: "solution 1: …", "pasted", "search result", "played on the board", and "side line after move 4". */
  const source = computed(() => {
    const base = labelText(label.value)
    if (branchedAt.value === null) return base
    return `${base}${base ? ', ' : ''}side line after move ${branchedAt.value}`
  })
  /**
   * The stored solution the stepper's tree is (0-based), or null for any other tree: the "stored"
   * select shows it (issue 16, defect 14: it read "solution…" while solution 1 was loaded).
   */
  const stored = computed<number | null>(() => shown.value.origin)
  /** The tree has moves that the document does not hold (pasted, played, a search's): unsaved work. */
  const unkept = computed(() => stored.value === null && (nodeCount(tree.value) > 0 || tree.value.comment !== undefined))
  watch(
    () =>
      unkept.value
        ? `the line in the stepper (${[
            movesText(line.value.moves.length),
            source.value,
            sideLines.value > 0 ? `with ${sideLines.value} side line${sideLines.value === 1 ? '' : 's'}` : '',
          ]
            .filter((x) => x !== '')
            .join(', ')})`
        : null,
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
    const first = storedShown(0)
    return first ?? { tree: emptyTree(), tip: [], label: START_LABEL, origin: null }
  }

  /** A stored solution as the stepper shows it, or undefined (with the reason said) when it cannot be played. */
  function storedShown(index: number): Shown | undefined {
    const doc = documentStore.doc
    const s = doc.solutions[index]
    if (!s) return undefined
    const r = lineOf(doc.problem, mainLine(s.tree))
    if (!r.ok) {
      documentStore.notify('error', `solution ${index + 1} cannot be played: ${describe(r.error)}`)
      return undefined
    }
    const v = checkVariations(doc.problem, s.tree)
    if (!v.ok) documentStore.notify('error', `solution ${index + 1}: ${v.error.message}`)
    return { tree: s.tree, tip: [], label: labelOf(`solution ${index + 1}${s.title ? `: ${s.title}` : ''}`), origin: index }
  }

  /** The stored solution whose tree this is, or null. */
  function storedIndex(t: PathTree): number | null {
    if (nodeCount(t) === 0) return null
    const key = treeKey(t)
    const k = documentStore.doc.solutions.findIndex((s) => treeKey(s.tree) === key)
    return k < 0 ? null : k
  }

  const length = computed(() => line.value.moves.length)
  const position = computed(() => line.value.positions[ply.value] ?? line.value.positions[0]!)
  const toMove = computed(() => armyToMove(line.value, ply.value))
  /** The move that led to the current position. */
  const currentMove = computed(() => (ply.value > 0 ? line.value.moves[ply.value - 1] : undefined))
  /** The node of the current position in the tree ([]: the start). */
  const current = computed<number[]>(() => path.value.slice(0, ply.value))
  /** The comment on the current move (or on the start). */
  const comment = computed(() => nodeAt(tree.value, current.value)?.comment ?? '')
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

  /** Put a new state on the history, at ply `at` of its line. */
  function show(next: Shown, at: number): void {
    stop()
    lines.value = edit(lines.value, next)
    selection.value = null
    ply.value = clampPly(line.value, at)
  }

  /**
   * A tree edit: on a stored solution's tree it is written into the document, unless the solution
   * reached the target and its main line no longer would; then the tree goes on as a line of its
   * own (said in a notice), and the document keeps the solution.
   */
  function commit(next: Shown, at: number, detached: LineLabel = { ...next.label, base: `${next.label.base}, edited` }): void {
    show(writeThrough(next, detached), at)
  }

  /** A tree edit is being written into the document (the document's change is not to be followed back). */
  let writing = false
  function writeThrough(next: Shown, detached: LineLabel): Shown {
    const k = next.origin
    if (k === null) return next
    const edit = storedEdit(documentStore.doc, k, next.tree)
    if (edit.kind === 'gone') return { ...next, origin: null }
    if (edit.kind === 'same') return next
    if (edit.kind === 'lines') {
      writing = true
      try {
        // Refused by the document's checks (its notice says why): the tree goes on by itself.
        return documentStore.setSolutionLines(k, edit.lines) ? next : { ...next, origin: null, label: detached }
      } finally {
        writing = false
      }
    }
    const p = documentStore.doc.problem
    documentStore.notify(
      'info',
      `solution ${k + 1} is kept as it was: its main line would no longer ${p.kind === 'game' ? 'end the game' : 'reach the target'}. The edited moves are a line of their own (Keep as solution stores it once complete).`,
    )
    return { ...next, origin: null, label: detached }
  }

  /** Show a line that came whole from somewhere (`from` says where), at ply `at`. */
  function setLine(next: Timeline, from: string, at = 0): void {
    const t = treeOfLine(next.moves.map((m) => m.move.path))
    show({ tree: t, tip: [], label: labelOf(from), origin: storedIndex(t) }, at)
  }

  /**
   * Put back a tree from an autosaved session, with its line, label and ply, as the only state in
   * the history (the session keeps no undo steps).
   */
  function restoreLine(next: { tree: PathTree; tip: NodePath; label: LineLabel; origin: number | null }, at: number): void {
    stop()
    const t = next.tree
    const origin =
      next.origin !== null && treeKey(documentStore.doc.solutions[next.origin]?.tree ?? emptyTree()) === treeKey(t)
        ? next.origin
        : storedIndex(t)
    lines.value = startHistory({ tree: t, tip: hasNode(t, next.tip) ? next.tip : [], label: next.label, origin })
    selection.value = null
    animation.value = null
    ply.value = clampPly(line.value, at)
  }

  /** Go to a node of the tree: along the line when it is on it, else onto the line through it. */
  function goTo(node: NodePath): void {
    if (!hasNode(tree.value, node)) return
    const on = node.length <= path.value.length && node.every((k, i) => path.value[i] === k)
    if (!on) {
      stop()
      lines.value = replacePresent(lines.value, { ...shown.value, tip: [...node] })
      animation.value = null
      selection.value = null
      ply.value = clampPly(line.value, node.length)
      return
    }
    go(node.length)
  }

  /**
   * Go to the previous (-1) or next (+1) line at the nearest branch at or before the current move
   * (the alternatives to the move played there), staying at the same move number where that line
   * is long enough.
   */
  function switchLine(delta: number): boolean {
    const at = current.value
    for (let d = at.length; d >= 1; d--) {
      const parent = at.slice(0, d - 1)
      const n = nodeAt(tree.value, parent)!.children.length
      if (n < 2) continue
      const k = at[d - 1]! + delta
      if (k < 0 || k >= n) return false
      stop()
      lines.value = replacePresent(lines.value, { ...shown.value, tip: [...parent, k] })
      animation.value = null
      selection.value = null
      ply.value = clampPly(line.value, at.length)
      return true
    }
    return false
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

  /**
   * A click on a cell in play mode: select a man, play to a destination, or clear. A move played
   * inside the line starts a side line there (or goes to the one that already plays it); at the
   * line's end it extends the line.
   */
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
    const move = [...out.play.path]
    const added = addMove(tree.value, current.value, move, sameMove)
    if (added.tree === tree.value) goTo(added.path)
    else {
      const extends_ = onMainLine(added.path)
      const next = { ...shown.value, tree: added.tree, tip: added.path, ...(extends_ && { label: playedAt(label.value, at) }) }
      commit(next, at + 1, playedAt(label.value, at))
    }
    animation.value = { id: ++animationId, path: move, army: r.value.moves[at]!.army }
  }

  /** Promote the side line the current move is in: one place up, or (`main`) to the main line. */
  function promoteLine(main = false): void {
    const at = current.value
    if (onMainLine(at)) return
    const r = (main ? makeMainLine : promote)(tree.value, at)
    commit({ ...shown.value, tree: r.tree, tip: repath(tip.value, at, r.path) }, ply.value)
  }

  /** Delete the current move and everything after it (the side line from here); the previous move is then shown. */
  function deleteFromHere(): void {
    const at = current.value
    if (at.length === 0) return
    const r = deleteFrom(tree.value, at)
    commit({ ...shown.value, tree: r.tree, tip: r.path }, r.path.length)
  }

  /** Set (or, with blank text, remove) the comment on the current move (on the start at move 0). */
  function setMoveComment(text: string): void {
    const t = setComment(tree.value, current.value, text)
    if (treeKey(t) === treeKey(tree.value)) return
    commit({ ...shown.value, tree: t }, ply.value)
  }

  /** Load a stored solution of the document (0-based). */
  function loadSolution(index: number): boolean {
    const s = storedShown(index)
    if (!s) return false
    show(s, 0)
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
    show({ tree: emptyTree(), tip: [], label: START_LABEL, origin: null }, 0)
  }

  /**
   * Store the tree as a solution: the line followed becomes its main line (it must reach the
   * target: the button says so), with the other lines as its side lines.
   */
  function keep(title: string): boolean {
    const p = problem.value
    const main = makeMainLine(tree.value, path.value)
    const image = p.reflection && p.kind === 'transfer' ? symmetry(p.board, p.reflection) : undefined
    if (!documentStore.addSolutionSpec({ title, ...specOfTree(p.board, main.tree, image ? { image } : {}) } as never)) return false
    const k = documentStore.doc.solutions.length - 1
    show({ tree: documentStore.doc.solutions[k]!.tree, tip: [], label: labelOf(`solution ${k + 1}: ${title}`), origin: k }, ply.value)
    return true
  }

  const undoable = computed(() => canUndo(lines.value))
  const redoable = computed(() => canRedo(lines.value))
  /** Take back (or replay) a change to the tree; on a stored solution's tree the document follows. */
  function moveInHistory(h: History<Shown>, delta: number): void {
    stop()
    const s = h.present.value
    const through = writeThrough(s, s.label)
    lines.value = through === s ? h : replacePresent(h, through)
    selection.value = null
    animation.value = null
    ply.value = clampPly(line.value, ply.value + delta)
  }
  const undoLine = (): void => moveInHistory(undo(lines.value), -1)
  const redoLine = (): void => moveInHistory(redo(lines.value), 1)

  // A tree the document comes to hold (kept by the search's Keep, say) is that solution from then on.
  watch(
    () => (stored.value === null ? storedIndex(tree.value) : null),
    (k) => {
      if (k !== null) lines.value = replacePresent(lines.value, { ...shown.value, origin: k })
    },
    { flush: 'sync' },
  )
  // The document changed a stored solution the stepper shows (its Undo, for one): the tree follows.
  watch(
    () => (stored.value === null ? undefined : documentStore.doc.solutions[stored.value]),
    (s) => {
      const k = stored.value
      if (k === null || writing) return
      if (!s) {
        lines.value = replacePresent(lines.value, { ...shown.value, origin: null })
        return
      }
      if (treeKey(s.tree) === treeKey(tree.value)) return
      lines.value = replacePresent(lines.value, { ...shown.value, tree: s.tree, tip: hasNode(s.tree, tip.value) ? tip.value : [] })
      ply.value = clampPly(line.value, ply.value)
    },
    { flush: 'sync' },
  )

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
    tree,
    tip,
    path,
    current,
    comment,
    sideLines,
    branchedAt,
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
    goTo,
    switchLine,
    promoteLine,
    deleteFromHere,
    setMoveComment,
    keep,
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
