/**
 * Edit mode: the draft problem being painted (shared/draft.ts), its undo history, the tool in
 * hand, and the live check. "Use this problem" replaces the document's problem (an undoable
 * document change); until then the document is untouched.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ArmyPreset } from '../../shared/halma/armies'
import { cellAt, maskBoard, nameOf, type Board } from '../../shared/halma/board'
import { cellName } from '../../shared/cell'
import {
  checkDraft,
  draftOf,
  draftSpec,
  isOn,
  manAt,
  presetDraft,
  resizeDraft,
  retitled,
  setKind,
  setMan,
  setRules,
  setTarget,
  setTitle,
  toggleCell,
  toggleTarget,
  type Draft,
  type DraftRules,
  type DraftTarget,
} from '../../shared/halma/draft'
import { Position } from '../../shared/halma/position'
import type { ProblemKind } from '../../shared/halma/problem'
import type { MoveSet } from '../../shared/halma/rules'
import { latticeFor, NO_OVERLAYS, type SceneInput } from '../board/scene'
import { canRedo, canUndo, edit, redo, startHistory, undo, type History } from '../state/history'
import { useDocument } from './document'

export const TOOLS = ['cells', 'blue', 'red', 'erase', 'target'] as const
export type Tool = (typeof TOOLS)[number]

export const TOOL_NAMES: Record<Tool, string> = {
  cells: 'paint cells on/off',
  blue: 'place blue men',
  red: 'place red men',
  erase: 'remove men',
  target: 'mark target cells',
}

const grids = new Map<string, Board>()
/** The full grid a draft is painted on (cells painted off are drawn dimmed). */
function gridOf(width: number, height: number): Board {
  const key = `${width}x${height}`
  let b = grids.get(key)
  if (!b) grids.set(key, (b = maskBoard(`grid-${key}`, `${width} x ${height} grid`, width, height, () => true)))
  return b
}

export const useEditor = defineStore('editor', () => {
  const documentStore = useDocument()
  const history = shallowRef<History<Draft>>(startHistory(draftOf(documentStore.doc)))
  const draft = computed(() => history.value.present.value)
  const tool = ref<Tool>('blue')
  const check = computed(() => checkDraft(draft.value))

  /** The document (generation and problem) the draft was started from. */
  let basis = ''
  const docKey = (): string => `${documentStore.generation}:${JSON.stringify(draftSpec(draftOf(documentStore.doc)))}`
  /** The editor is the mode shown (App sets it). */
  const active = ref(false)
  /**
   * The draft differs from the document's problem: edits not in use yet. A search runs the
   * document's problem, so it waits for them (issue 16, defect 1).
   */
  const pending = computed(() => JSON.stringify(draftSpec(draft.value)) !== JSON.stringify(draftSpec(draftOf(documentStore.doc))))

  function update(next: Draft): void {
    if (next !== draft.value) history.value = edit(history.value, next)
  }

  /** An edit of the problem itself: an untyped title is rewritten to say what the problem now is. */
  function edited(next: Draft): void {
    if (next !== draft.value) update(retitled(next))
  }

  /**
   * Start editing: from the document's problem, or, if the editor was left with edits not in use
   * and the document has not changed since, from those edits (issue 16, defect 2: leaving the
   * editor discarded them silently).
   */
  function begin(): void {
    active.value = true
    const key = docKey()
    if (key === basis && pending.value) return
    basis = key
    history.value = startHistory(draftOf(documentStore.doc))
  }

  /**
   * Put back edits not in use from an autosaved session (the document is already restored), as the
   * draft the editor starts from on its next visit; `open`: the editor was the mode shown.
   */
  function restore(d: Draft, open: boolean): void {
    basis = docKey()
    history.value = startHistory(d)
    active.value = open
  }

  // Another document opened while the editor is not shown: the draft starts from it. Edits not in
  // use were for the old document (begin() would drop them too), and a draft of the old problem
  // must not count as edits pending on the new one (they did: a restore then spoke of "edits not
  // yet in use", and a search waited for them).
  watch(
    () => documentStore.generation,
    () => {
      if (active.value) return
      basis = docKey()
      history.value = startHistory(draftOf(documentStore.doc))
    },
    { flush: 'sync' },
  )

  /** Leave the editor; edits not in use stay for the next visit, and the message says so. */
  function leave(): void {
    active.value = false
    if (pending.value) documentStore.notify('info', 'the editor keeps your edits, not yet in use: open Edit and press Use this problem to use them')
  }

  const grid = computed(() => gridOf(draft.value.width, draft.value.height))

  /** Target cells as shown: the checked document's, or the cells marked so far. */
  const targetNames = computed<string[]>(() => {
    const doc = check.value.document
    if (doc) {
      const p = doc.problem
      return p.kind === 'transfer' ? p.armies[0]!.target.map((c) => nameOf(p.board, c)) : []
    }
    return typeof draft.value.target === 'string' ? [] : [...draft.value.target]
  })

  /** A click on grid cell `cell` with the tool in hand. */
  function click(cell: number): void {
    const g = grid.value
    const i = g.col[cell]!
    const j = g.row[cell]!
    const d = draft.value
    switch (tool.value) {
      case 'cells':
        return edited(toggleCell(d, i, j))
      case 'blue':
      case 'red': {
        const army = tool.value === 'blue' ? 0 : 1
        if (army >= d.armies.length) {
          documentStore.notify('error', 'a transfer has one army: make the problem a game to place red men')
          return
        }
        return edited(setMan(d, i, j, manAt(d, i, j) === army ? null : army))
      }
      case 'erase':
        return edited(setMan(d, i, j, null))
      case 'target':
        if (d.kind === 'game') {
          documentStore.notify('error', "a game has no target to mark: each army aims at the other's base")
          return
        }
        return edited(toggleTarget(d, i, j, targetNames.value))
    }
  }

  function preset(board: string, army: ArmyPreset, moves: MoveSet, kind: ProblemKind): boolean {
    const d = presetDraft(board, army, moves, kind)
    if ('code' in d) {
      documentStore.notify('error', d.message)
      return false
    }
    update(d)
    return true
  }

  /** The scene of edit mode: the whole grid, cells painted off dimmed, men and targets as drafted. */
  const scene = computed<SceneInput>(() => {
    const d = draft.value
    const g = grid.value
    const off = new Set<number>()
    for (let c = 0; c < g.size; c++) if (!isOn(d, g.col[c]!, g.row[c]!)) off.add(c)
    const toCells = (names: readonly string[]): number[] =>
      names.map((n) => cellAt(g, n.charCodeAt(0) - 96, Number(n.slice(1)))).filter((c) => c >= 0)
    const seen = new Set<number>()
    const armies = d.armies.map((names) => toCells(names).filter((c) => !seen.has(c) && seen.add(c)))
    const doc = check.value.document
    const targets =
      doc && doc.problem.kind === 'game' ? [toCells(d.armies[1] ?? []), toCells(d.armies[0] ?? [])] : [toCells(targetNames.value)]
    const rules = { moves: d.rules.moves, diagonal: d.rules.diagonal, jumpsOnly: d.rules.jumpsOnly, longJumps: d.rules.longJumps }
    return {
      board: g,
      rules,
      lattice: latticeFor(g, rules),
      position: Position.of(g, armies),
      targets,
      offCells: off,
      overlays: { ...NO_OVERLAYS, coordinates: true },
    }
  })

  /** Replace the document's problem with the draft; false (and the faults stay shown) if it is not valid. */
  function apply(): boolean {
    if (!check.value.document) {
      documentStore.notify('error', `the problem is not ready: ${check.value.faults.join('; ')}`)
      return false
    }
    return documentStore.replaceProblem(draftSpec(draft.value))
  }

  return {
    draft,
    tool,
    check,
    grid,
    scene,
    targetNames,
    begin,
    leave,
    restore,
    active,
    pending,
    click,
    preset,
    apply,
    undoable: computed(() => canUndo(history.value)),
    redoable: computed(() => canRedo(history.value)),
    undo: () => void (history.value = undo(history.value)),
    redo: () => void (history.value = redo(history.value)),
    setTarget: (t: DraftTarget) => edited(setTarget(draft.value, t)),
    setRules: (r: Partial<DraftRules>) => edited(setRules(draft.value, r)),
    setKind: (k: ProblemKind) => edited(setKind(draft.value, k)),
    setTitle: (t: string) => update(setTitle(draft.value, t)),
    resize: (w: number, h: number) => edited(resizeDraft(draft.value, w, h)),
    cellName,
  }
})
