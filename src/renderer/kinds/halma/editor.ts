/**
 * Edit mode of a problem: the draft being painted (shared/draft.ts), its undo history, the tool in
 * hand, and the live check. "Use this problem" replaces the document's problem (an undoable
 * document change); until then the document is untouched, and the frame asks about the edits before
 * they could be lost (New, Open) and keeps them in the autosaved session.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ArmyPreset } from '../../../shared/halma/armies'
import { cellAt, maskBoard, nameOf, type Board } from '../../../shared/halma/board'
import { cellName } from '../../../shared/cell'
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
  setTitle as setTitleOf,
  toggleCell,
  toggleTarget,
  MAX_GRID,
  type Draft,
  type DraftRules,
  type DraftTarget,
} from '../../../shared/halma/draft'
import { Position } from '../../../shared/halma/position'
import * as z from 'zod'
import { PROBLEM_KINDS, type ProblemKind } from '../../../shared/halma/problem'
import type { HalmaDocument } from '../../../shared/halma/document'
import { DIAGONALS, MOVE_SETS, type MoveSet } from '../../../shared/halma/rules'
import type { BoardView } from '../../board/view'
import { kindDocument, useDocument } from '../../frame/document'
import { useNotices } from '../../frame/notices'
import { edit, replacePresent, startHistory, type History } from '../../state/history'
import { undoControls } from '../../frame/undo'
import { halmaKind } from './model'
import { buildScene, latticeFor, NO_OVERLAYS, type SceneInput } from './scene'
import { replaceProblem } from './edits'

export const TOOLS = ['cells', 'blue', 'red', 'erase', 'target'] as const
export type Tool = (typeof TOOLS)[number]

export const TOOL_NAMES: Record<Tool, string> = {
  cells: 'paint cells on/off',
  blue: 'place blue men',
  red: 'place red men',
  erase: 'remove men',
  target: 'mark target cells',
}

/** An editor's draft as the autosaved session keeps it, checked when it is read back. */
const DraftSchema = z
  .strictObject({
    kind: z.enum(PROBLEM_KINDS),
    title: z.string(),
    width: z.int().min(2).max(MAX_GRID),
    height: z.int().min(2).max(MAX_GRID),
    mask: z.array(z.string()),
    preset: z.string().optional(),
    rules: z.strictObject({ moves: z.enum(MOVE_SETS), diagonal: z.enum(DIAGONALS), jumpsOnly: z.boolean(), longJumps: z.boolean() }),
    armies: z.array(z.array(z.string().max(4))).min(1).max(2),
    target: z.union([z.enum(['mirror', 'rotate']), z.array(z.string().max(4))]),
    titleTyped: z.boolean().optional(),
  })
  // The editor paints the mask row by row: a row missing or too short would have no cells to paint.
  .refine((d) => d.mask.length === d.height && d.mask.every((row) => row.length === d.width), {
    message: 'the board mask does not match its width and height',
    path: ['mask'],
  })

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
  const notices = useNotices()
  /** The document's problem, or the default one while another kind is open. */
  const halmaDoc = kindDocument(halmaKind)
  const current = (): HalmaDocument => halmaDoc.value
  const history = shallowRef<History<Draft>>(startHistory(draftOf(current())))
  const draft = computed(() => history.value.present.value)
  const tool = ref<Tool>('blue')
  const check = computed(() => checkDraft(draft.value))

  /** The document (generation and problem) the draft was started from. */
  let basis = ''
  const docKey = (): string => `${documentStore.generation}:${JSON.stringify(draftSpec(draftOf(current())))}`
  /** The editor is the mode shown (App sets it). */
  const active = ref(false)
  /**
   * The draft differs from the document's problem: edits not in use yet. A search runs the
   * document's problem, so it waits for them (issue 16, defect 1).
   */
  const pending = computed(() => JSON.stringify(draftSpec(draft.value)) !== JSON.stringify(draftSpec(draftOf(current()))))

  /** Whether the last edit typed the title: the next keystroke goes into the same undo step. */
  let typing = false
  function update(next: Draft): void {
    typing = false
    if (next !== draft.value) history.value = edit(history.value, next)
  }

  /**
   * Type the title: in the draft at every keystroke (issue 27, defect 3: it went in only on
   * `change`, so a reload while typing lost it), one undo step for the whole word.
   */
  function setTitle(t: string): void {
    const next = setTitleOf(draft.value, t)
    if (next === draft.value) return
    history.value = typing ? replacePresent(history.value, next) : edit(history.value, next)
    typing = true
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
    history.value = startHistory(draftOf(current()))
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

  // Another document opened (the frame asked about edits not in use first): the draft starts from
  // it. A draft of the old problem must not count as edits pending on the new one (it did: a restore
  // then spoke of "edits not yet in use", and a search waited for them).
  watch(
    () => documentStore.generation,
    () => {
      basis = docKey()
      history.value = startHistory(draftOf(current()))
    },
    { flush: 'sync' },
  )
  documentStore.registerEditor(halmaKind.id, {
    pending: () => (pending.value ? "the problem editor's edits not yet in use" : null),
    discard: () => undefined,
    snapshot: () => (pending.value ? { draft: draft.value, open: active.value } : null),
    check: (d) => {
      const r = DraftSchema.safeParse(d)
      return r.success ? null : `${r.error.issues[0]!.path.join('.')}${r.error.issues[0]!.path.length > 0 ? ': ' : ''}${r.error.issues[0]!.message}`
    },
    restore: (d, open) => restore(d as Draft, open),
  })

  /** Leave the editor; edits not in use stay for the next visit, and the message says so. */
  function leave(): void {
    active.value = false
    if (pending.value) notices.info('editor', 'the editor keeps your edits, not yet in use: open Edit problem and press Use this problem to use them')
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
          notices.error('editor', 'a transfer has one army: make the problem a game to place red men')
          return
        }
        return edited(setMan(d, i, j, manAt(d, i, j) === army ? null : army))
      }
      case 'erase':
        return edited(setMan(d, i, j, null))
      case 'target':
        if (d.kind === 'game') {
          notices.error('editor', "a game has no target to mark: each army aims at the other's base")
          return
        }
        return edited(toggleTarget(d, i, j, targetNames.value))
    }
  }

  function preset(board: string, army: ArmyPreset, moves: MoveSet, kind: ProblemKind): boolean {
    const d = presetDraft(board, army, moves, kind)
    if ('code' in d) {
      notices.error('editor', d.message)
      return false
    }
    update(d)
    return true
  }

  /** The scene of edit mode: the whole grid, cells painted off dimmed, men and targets as drafted. */
  const input = computed<SceneInput>(() => {
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
      notices.error('editor', `the problem is not ready: ${check.value.faults.join('; ')}`)
      return false
    }
    const r = replaceProblem(current(), draftSpec(draft.value))
    return documentStore.changeBy('editor', r)
  }

  /** The board of edit mode: the grid, what a click paints. */
  const board = computed<BoardView>(() => {
    const i = input.value
    return {
      aspect: 1,
      scene: (w, h, cursor) => buildScene(cursor === undefined ? i : { ...i, cursor }, w, h),
      boardKey: [i.board, i.lattice, i.rules.diagonal, i.targets, i.offCells],
      describe: (cell) => `${nameOf(i.board, cell)}: ${i.offCells?.has(cell) ? 'not on the board' : i.position.at(cell) === 0 ? 'empty' : `${i.position.at(cell) === 1 ? 'blue' : 'red'} man`}`,
      menText: [],
      start: 0,
      data: { lattice: i.lattice, mode: 'edit' },
    }
  })

  return {
    draft,
    tool,
    check,
    grid,
    input,
    board,
    targetNames,
    begin,
    leave,
    restore,
    active,
    pending,
    click,
    preset,
    apply,
    ...undoControls(history),
    setTarget: (t: DraftTarget) => edited(setTarget(draft.value, t)),
    setRules: (r: Partial<DraftRules>) => edited(setRules(draft.value, r)),
    setKind: (k: ProblemKind) => edited(setKind(draft.value, k)),
    setTitle,
    resize: (w: number, h: number) => edited(resizeDraft(draft.value, w, h)),
    cellName,
  }
})
