/**
 * The stepper of every kind: the move tree the document's history holds (frame/line.ts), the line
 * it follows, the move shown, and what the user does with them: step (the buttons, the slider, the
 * keys, a click on a chart), go to any move of the tree, play on the board, promote, delete, comment,
 * paste, keep. A move played inside a line starts a side line there (or goes to the one that plays
 * it already), in every kind (issue 27, defect 1: a move in the middle of an N-player game replaced
 * the rest of it). Every change of the tree is a step of the document's undo history.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import {
  addMove,
  deleteFrom,
  emptyTree,
  hasNode,
  makeMainLine,
  nodeAt,
  onMainLine,
  promote,
  setComment,
  treeOfLine,
  variationCount,
  type NodePath,
} from '../../shared/variations'
import type { Animation } from '../board/view'
import { labelOf, labelText, playedAt, START_LABEL, type LineLabel } from '../state/line-label'
import { useDocument } from './document'
import type { Path, Picked, PlayedLine } from './kind'
import { lineMoves, linePath, sameMove, storedIndex, storedLineFault, treeKey, type Shown } from './line'
import { useNotices } from './notices'

/** Milliseconds between moves when the stepper plays. */
export const PLAY_INTERVAL = 700

/** A path with the prefix it shares with `old` changed as `old` changed into `now` (a node that moved). */
function repath(path: NodePath, old: NodePath, now: NodePath): number[] {
  const n = Math.min(path.length, now.length)
  return path.slice(0, n).every((k, i) => k === old[i]) ? [...now.slice(0, n), ...path.slice(n)] : [...path]
}

export const useStepper = defineStore('stepper', () => {
  const documentStore = useDocument()
  const notices = useNotices()
  const kind = computed(() => documentStore.kind)
  const shown = computed(() => documentStore.shown)
  const tree = computed(() => shown.value.tree)
  const tip = computed(() => shown.value.tip)
  const label = computed(() => shown.value.label)
  /** The stored line the tree is (0-based), or null. */
  const stored = computed(() => shown.value.origin)
  /** The nodes of the line the stepper follows (the path of its last node). */
  const path = computed(() => linePath(shown.value))
  /** The line the stepper follows, played by the kind (cut before a move that is not legal). */
  const line = computed<PlayedLine>(() => kind.value.replay(documentStore.doc, lineMoves(shown.value)))
  const length = computed(() => line.value.moves.length)
  const clamp = (k: number): number => (Number.isFinite(k) ? Math.max(0, Math.min(length.value, Math.trunc(k))) : 0)
  const ply = computed(() => clamp(documentStore.ply))
  /** The node of the current position in the tree ([]: the start). */
  const current = computed<number[]>(() => path.value.slice(0, ply.value))
  const currentMove = computed(() => (ply.value > 0 ? line.value.moves[ply.value - 1] : undefined))
  const comment = computed(() => nodeAt(tree.value, current.value)?.comment ?? '')
  const sideLines = computed(() => variationCount(tree.value))
  /** Where the line leaves the main line (a move number), or null when it is the main line. */
  const branchedAt = computed(() => (onMainLine(path.value) ? null : path.value.findIndex((k) => k > 0)))
  /** What the line is: "solution 1: …", "pasted", "search result", "played on the board", and "side line after move 4". */
  const source = computed(() => {
    const base = labelText(label.value)
    if (branchedAt.value === null) return base
    return `${base}${base ? ', ' : ''}side line after move ${branchedAt.value}`
  })
  /** The line in the kind's notation (Copy). */
  const lineText = computed(() => kind.value.lineText(documentStore.doc, line.value))
  const mode = ref<'play' | 'edit'>('play')
  const picked = shallowRef<Picked | null>(null)
  const animation = shallowRef<Animation | null>(null)
  const playing = ref(false)
  let animationId = 0
  let timer: ReturnType<typeof setInterval> | undefined

  function stop(): void {
    playing.value = false
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }

  /** Go to a ply (clamped); a single step forward is animated. */
  function go(k: number): void {
    const target = clamp(k)
    picked.value = null
    const m = target === ply.value + 1 ? line.value.moves[ply.value] : undefined
    animation.value = m ? { id: ++animationId, path: m.path } : null
    documentStore.moveTo(shown.value, target)
  }
  const step = (delta: number): void => go(ply.value + delta)

  function togglePlay(): void {
    if (playing.value) return stop()
    if (ply.value >= length.value) go(0)
    playing.value = true
    timer = setInterval(() => (ply.value >= length.value ? stop() : step(1)), PLAY_INTERVAL)
  }

  /** Show another line or node of the tree without an undo step. */
  function navigate(next: Shown, at: number): void {
    stop()
    picked.value = null
    animation.value = null
    documentStore.moveTo(next, at)
  }

  /** Go to a node of the tree: along the line when it is on it, else onto the line through it. */
  function goTo(node: NodePath): void {
    if (!hasNode(tree.value, node)) return
    const on = node.length <= path.value.length && node.every((k, i) => path.value[i] === k)
    if (on) go(node.length)
    else navigate({ ...shown.value, tip: [...node] }, node.length)
  }

  /** Go to the previous (-1) or next (+1) line at the nearest branch at or before the current move. */
  function switchLine(delta: number): boolean {
    const at = current.value
    for (let d = at.length; d >= 1; d--) {
      const parent = at.slice(0, d - 1)
      const n = nodeAt(tree.value, parent)!.children.length
      if (n < 2) continue
      const k = at[d - 1]! + delta
      if (k < 0 || k >= n) return false
      navigate({ ...shown.value, tip: [...parent, k] }, at.length)
      return true
    }
    return false
  }

  /** A tree edit, an undo step (written into the stored line it is, or refused with the reason). */
  function commit(next: Shown, at: number): boolean {
    stop()
    picked.value = null
    animation.value = null
    const ok = documentStore.commitLine(next, at)
    // A move made: what was said of the position before (a refused click under the board) is stale.
    if (ok) {
      notices.clear('moves')
      notices.clear('board')
    }
    return ok
  }

  /** Moves played that the tree already held (play went there; the tree did not change): a count for watchers. */
  const replayed = ref(0)

  /** Play a move at the current ply: into a side line inside the line, extending it at its end. */
  function play(move: Path): void {
    const at = ply.value
    const added = addMove(tree.value, current.value, move, sameMove)
    if (added.tree === tree.value) {
      goTo(added.path)
      replayed.value++
      return
    }
    const extends_ = onMainLine(added.path)
    const next = { ...shown.value, tree: added.tree, tip: added.path, ...(extends_ && { label: playedAt(label.value, at) }) }
    if (!commit(next, at + 1)) return
    animation.value = { id: ++animationId, path: move }
    // The move that ends the line (a game won, the target reached) is announced under the board.
    const end = line.value.end
    if (end && end.ply === at + 1) notices.info('board', end.text)
  }

  /** A click on a cell in play mode: pick a man, play him to a destination, or clear; a refusal is said under the board. */
  function click(cell: number): void {
    const out = kind.value.click(documentStore.doc, line.value, ply.value, picked.value, cell)
    if (out.kind === 'refused') {
      picked.value = null
      notices.error('board', out.reason)
      return
    }
    notices.clear('board')
    if (out.kind === 'select') picked.value = { from: out.from, to: out.to }
    else if (out.kind === 'clear') picked.value = null
    else play(out.path)
  }

  /** Promote the side line the current move is in: one place up, or (`main`) to the main line. */
  function promoteLine(main = false): void {
    const at = current.value
    if (onMainLine(at)) return
    const r = (main ? makeMainLine : promote)(tree.value, at)
    commit({ ...shown.value, tree: r.tree, tip: repath(tip.value, at, r.path) }, ply.value)
  }

  /** Delete the current move and everything after it; the previous move is then shown. */
  function deleteFromHere(): void {
    const at = current.value
    if (at.length === 0) return
    const r = deleteFrom(tree.value, at)
    commit({ ...shown.value, tree: r.tree, tip: r.path }, r.path.length)
  }

  /** Set (or, with blank text, remove) the comment on the current move (on the start at move 0). */
  function setMoveComment(text: string): boolean {
    const t = setComment(tree.value, current.value, text)
    if (treeKey(t) === treeKey(tree.value)) return true
    return commit({ ...shown.value, tree: t }, ply.value)
  }

  /** Show a whole line from somewhere (`from` says where: a search, a paste), at ply `at`. */
  function setLine(moves: readonly Path[], from: string, at = 0): void {
    const t = treeOfLine(moves)
    commit({ tree: t, tip: [], label: labelOf(from), origin: storedIndex(kind.value, documentStore.doc, t) }, at)
  }

  /** Load a line from text in the kind's notation; a fault names the move and why (said under the moves). */
  function loadText(text: string, from = 'pasted'): boolean {
    const r = kind.value.parseMoves(documentStore.doc, text)
    if (!r.ok) {
      notices.error('moves', r.error)
      return false
    }
    setLine(r.value, from)
    return true
  }

  /** Load a stored line of the document (0-based); what cannot be played in it is said under the moves. */
  function loadStored(k: number): void {
    const l = kind.value.lines(documentStore.doc)[k]
    if (!l || !commit({ tree: l.tree, tip: [], label: labelOf(`${kind.value.lineNoun} ${k + 1}${l.title ? `: ${l.title}` : ''}`), origin: k }, 0)) return
    const fault = storedLineFault(kind.value, documentStore.doc, k, l.tree)
    if (fault !== null) notices.error('moves', fault)
  }

  const clearLine = (): void => void commit({ tree: emptyTree(), tip: [], label: START_LABEL, origin: null }, 0)

  /**
   * Keep the tree in the document: the line followed becomes the main line, the others its side
   * lines; a kind with one line (a solitaire army) keeps it in place of the old one (Undo brings it back).
   */
  function keep(title: string): boolean {
    const k = kind.value
    const main = makeMainLine(tree.value, path.value)
    const at = k.lines(documentStore.doc).length < k.maxLines ? k.lines(documentStore.doc).length : 0
    const r = k.withLine(documentStore.doc, at, main.tree, title)
    if (!r.ok) {
      notices.error('moves', r.error)
      return false
    }
    documentStore.change(r.value)
    const l = k.lines(documentStore.doc)[at]!
    const kept: LineLabel = labelOf(`${k.lineNoun} ${at + 1}: ${title}`)
    documentStore.moveTo({ tree: l.tree, tip: main.path, label: kept, origin: at }, ply.value)
    return true
  }

  return {
    replayed,
    tree,
    tip,
    label,
    stored,
    path,
    line,
    lineText,
    length,
    ply,
    current,
    currentMove,
    comment,
    sideLines,
    branchedAt,
    source,
    mode,
    picked,
    animation,
    playing,
    go,
    step,
    first: () => go(0),
    last: () => go(length.value),
    togglePlay,
    stop,
    goTo,
    switchLine,
    click,
    play,
    promoteLine,
    deleteFromHere,
    setMoveComment,
    setLine,
    loadText,
    loadStored,
    clearLine,
    keep,
  }
})
