/**
 * The open document: its undo history, its file, and the commands of the File and Edit menus. A
 * Pinia setup store that orchestrates; the core parses, checks and prints documents, and the host
 * (through the typed API) opens, saves and asks. A failed save changes nothing here: the work
 * stays open, marked unsaved, and the notice says why. Work that the file cannot hold (a line in the
 * stepper that is not a stored solution: the workbench store says which) counts as unsaved too: the
 * mark, the window title, the host's question before closing, and New and Open ask about it.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { DocumentFile, OpenOutcome, SaveOutcome } from '../../preload/api'
import type { ArmyPreset } from '../../shared/halma/armies'
import {
  FORMAT,
  formatDocument,
  interpret,
  parseDocument,
  PLAIN_VERSION,
  type DocumentSpec,
  type HalmaDocument,
} from '../../shared/halma/document'
import type { SolveResult } from '../../shared/engine/transfer/job'
import type { SolutionLines } from '../../shared/halma/solution-tree'
import { describe, expect as unwrap } from '../../shared/result'
import type { MoveSet } from '../../shared/halma/rules'
import { lineOf } from '../../shared/halma/timeline'
import { api } from '../api'
import { isArmyDocumentText } from '../../shared/army/document'
import { isPlayersDocumentText } from '../../shared/players/document'
import { useArmy } from './army'
import { usePlayers } from './players'
import { canRedo, canUndo, edit, isDirty, markSaved, redo, startHistory, undo, windowTitle, type History } from '../state/history'

export const UNTITLED = 'untitled.halma.json'

/** A solution as a document stores it. */
export type StoredSolutionSpec = NonNullable<DocumentSpec['solutions']>[number]

/** A transfer problem from presets, as a document spec (what File > New makes). */
export function presetSpec(army: ArmyPreset, board: string, moves: MoveSet): DocumentSpec {
  return {
    format: FORMAT,
    version: PLAIN_VERSION,
    kind: 'transfer',
    title: `${army} across the ${board} board, ${moves}`,
    board,
    rules: { moves },
    armies: [{ name: 'blue', preset: army, target: 'mirror' }],
  }
}

/** Levenspiel's problem: triangle-10 across the 9x9 board under 6-move rules. */
export const DEFAULT_SPEC = presetSpec('triangle10', '9x9', '6-move')

export interface Notice {
  readonly kind: 'error' | 'info'
  readonly text: string
}

export const useDocument = defineStore('document', () => {
  const history = shallowRef<History<HalmaDocument>>(startHistory(unwrap(interpret(DEFAULT_SPEC))))
  const file = shallowRef<DocumentFile>({ name: UNTITLED })
  const notice = shallowRef<Notice | null>(null)
  /** A file operation is in progress (buttons wait). */
  const busy = ref(false)
  /** Counts documents loaded (new, opened): views start afresh on each. */
  const generation = ref(0)

  const doc = computed(() => history.value.present.value)
  const dirty = computed(() => isDirty(history.value))
  /** Work outside the document (the stepper's line, not kept), said as what it is, or null. */
  const unkept = ref<string | null>(null)
  /** Anything that would be lost: changes to the document, or work it does not hold. */
  const unsaved = computed(() => dirty.value || unkept.value !== null)
  const title = computed(() => windowTitle(file.value.name, unsaved.value))
  const undoable = computed(() => canUndo(history.value))
  const redoable = computed(() => canRedo(history.value))

  watch(title, (t) => (document.title = t), { immediate: true })
  watch(
    [file, unsaved],
    () =>
      void api()
        .setDocumentState({ file: file.value, dirty: unsaved.value })
        .catch(() => undefined),
    { immediate: true },
  )

  function say(kind: Notice['kind'], text: string): void {
    notice.value = { kind, text }
  }
  // "saved X" is true only until the next change: then it goes (issue 16, defect 14: it stayed
  // beside "unsaved").
  watch(dirty, (now) => {
    if (now && notice.value?.kind === 'info' && notice.value.text.startsWith('saved ')) notice.value = null
  })

  function load(value: HalmaDocument, f: DocumentFile): void {
    history.value = startHistory(value)
    file.value = f
    generation.value++
  }

  /**
   * Put back a document from an autosaved session: the document, its file, and whether it had
   * unsaved changes (the undo steps are not kept).
   */
  function restore(value: HalmaDocument, f: DocumentFile, wasDirty: boolean): void {
    load(value, f)
    if (wasDirty) history.value = { ...history.value, savedId: null }
  }

  /**
   * Whether unsaved work may be left (saved, discarded, or there was none). A line not kept is
   * asked about by itself: saving the document would not keep it, so "save" keeps the work open.
   */
  async function confirmLeave(): Promise<boolean> {
    if (!dirty.value) return unkept.value === null || (await api().askUnsaved(unkept.value)) === 'discard'
    const choice = await api().askUnsaved(file.value.name)
    if (choice === 'discard') return true
    if (choice === 'cancel') return false
    return save()
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (busy.value) return undefined
    busy.value = true
    try {
      return await work()
    } finally {
      busy.value = false
    }
  }

  /** Replace the document with a new one (File > New with presets). */
  async function newDocument(spec: DocumentSpec = DEFAULT_SPEC): Promise<boolean> {
    const r = interpret(spec)
    if (!r.ok) {
      say('error', `cannot make this problem: ${r.error.map(describe).join('; ')}`)
      return false
    }
    if (!(await confirmLeave())) return false
    load(r.value, { name: UNTITLED })
    notice.value = null
    return true
  }

  function opened(outcome: OpenOutcome): boolean {
    if (outcome.status === 'cancelled') return false
    if (outcome.status === 'failed') {
      say('error', outcome.reason)
      return false
    }
    // A solitaire army document opens in the army workbench (stores/army.ts).
    if (isArmyDocumentText(outcome.text)) return useArmy().openText(outcome.file.name, outcome.text)
    // A game of 2 to 6 players opens in the players workbench (stores/players.ts).
    if (isPlayersDocumentText(outcome.text)) return usePlayers().openText(outcome.file.name, outcome.text)
    const r = parseDocument(outcome.text)
    if (!r.ok) {
      say('error', `${outcome.file.name} is not a valid problem document: ${r.error.map(describe).join('; ')}`)
      return false
    }
    load(r.value, outcome.file)
    say('info', `opened ${outcome.file.name}`)
    return true
  }

  const open = (): Promise<boolean | undefined> => guarded(async () => (await confirmLeave()) && opened(await api().openDocument()))

  const openPath = (path: string): Promise<boolean | undefined> =>
    guarded(async () => (await confirmLeave()) && opened(await api().openRecent(path)))

  function saved(outcome: SaveOutcome, saving: History<HalmaDocument>): boolean {
    if (outcome.status === 'cancelled') return false
    if (outcome.status === 'failed') {
      say('error', `${outcome.reason}. Nothing is lost: the document is still open, with its changes.`)
      return false
    }
    // Mark what was written as saved (edits made while saving stay unsaved).
    if (history.value.present.id === saving.present.id) history.value = markSaved(history.value)
    else if (history.value.past.some((r) => r.id === saving.present.id)) history.value = { ...history.value, savedId: saving.present.id }
    file.value = outcome.file
    say(
      'info',
      `saved ${outcome.file.name}${unkept.value !== null ? ` (${unkept.value} is not in it: Keep as solution stores a complete line)` : ''}`,
    )
    return true
  }

  async function write(as: boolean): Promise<boolean> {
    const saving = history.value
    const text = formatDocument(saving.present.value)
    let outcome: SaveOutcome
    try {
      outcome = await (as ? api().saveDocumentAs({ file: file.value, text }) : api().saveDocument({ file: file.value, text }))
    } catch (e) {
      outcome = { status: 'failed', reason: `could not save ${file.value.name}: ${(e as Error).message}` }
    }
    return saved(outcome, saving)
  }

  /** Save (to the file's path; Save As when there is none). */
  async function save(): Promise<boolean> {
    return write(false)
  }

  async function saveAs(): Promise<boolean> {
    return write(true)
  }

  /** Change the document (an undoable step); the core checks the new spec. */
  function change(update: (spec: DocumentSpec) => DocumentSpec): boolean {
    const r = interpret(update(doc.value.spec))
    if (!r.ok) {
      say('error', r.error.map(describe).join('; '))
      return false
    }
    history.value = edit(history.value, r.value)
    return true
  }

  /**
   * Change the rules; stored solutions that are not legal under the new rules are removed, and
   * the message says how many (Undo brings them back). Issue 16, defect 4: they were kept, shown as
   * "solutions stored 2" over an empty stepper, and saved into files `halma verify` refused.
   */
  function changeRules(rules: (old: DocumentSpec['rules']) => DocumentSpec['rules']): boolean {
    const spec = { ...doc.value.spec, rules: rules(doc.value.spec.rules) }
    const next = interpret({ ...spec, solutions: [] })
    if (!next.ok) {
      say('error', next.error.map(describe).join('; '))
      return false
    }
    const kept = (doc.value.spec.solutions ?? []).filter(
      (sol) => lineOf(next.value.problem, Array.isArray(sol.moves) ? sol.moves.join(', ') : sol.moves).ok,
    )
    const removed = (doc.value.spec.solutions?.length ?? 0) - kept.length
    const ok = change(() => {
      const out: DocumentSpec = { ...spec, solutions: kept }
      if (kept.length === 0) delete out.solutions
      return out
    })
    if (ok && removed > 0)
      say(
        'info',
        `rules changed; ${removed === 1 ? '1 stored solution is' : `${removed} stored solutions are`} not legal under them and ${removed === 1 ? 'was' : 'were'} removed (Undo brings ${removed === 1 ? 'it' : 'them'} back)`,
      )
    return ok
  }

  /** Store a search result's solution in the document. */
  function addSolution(result: SolveResult, source: string): boolean {
    if (result.moves.length === 0) return false
    return change((spec) => ({
      ...spec,
      solutions: [
        ...(spec.solutions ?? []),
        {
          title: `${result.moves.length} moves${result.optimal ? ' (optimal)' : ''}, found by ${source}`,
          moves: result.moves.join(', '),
          notes: result.proof.statement,
        },
      ],
    }))
  }

  /** Replace the problem with an edited one (an undoable step). Stored solutions go when the problem changes. */
  function replaceProblem(spec: DocumentSpec): boolean {
    const old = doc.value.spec
    const same =
      JSON.stringify([old.kind, old.board, old.rules, old.armies]) === JSON.stringify([spec.kind, spec.board, spec.rules, spec.armies])
    const dropped = !same && (old.solutions?.length ?? 0) > 0
    const ok = change((s) => ({
      ...spec,
      ...(s.notes !== undefined && { notes: s.notes }),
      ...(same && s.solutions !== undefined && { solutions: s.solutions }),
    }))
    if (ok)
      say(
        'info',
        dropped ? 'problem changed; its stored solutions were for the old problem and are gone (Undo brings them back)' : 'problem changed',
      )
    return ok
  }

  /** Store a line of moves (pasted, played, a game the search listed) as a solution. */
  function addSolutionText(moves: string, title: string, notes?: string): boolean {
    return change((spec) => ({ ...spec, solutions: [...(spec.solutions ?? []), { title, moves, ...(notes !== undefined && { notes }) }] }))
  }

  /** Store a solution with its side lines and comments (Keep as solution in the stepper). */
  function addSolutionSpec(solution: StoredSolutionSpec): boolean {
    return change((spec) => ({ ...spec, solutions: [...(spec.solutions ?? []), solution] }))
  }

  /**
   * Replace a stored solution's moves, side lines and comments (a tree edited in the stepper),
   * keeping its title, source and notes.
   */
  function setSolutionLines(k: number, lines: SolutionLines): boolean {
    return change((spec) => ({
      ...spec,
      solutions: (spec.solutions ?? []).map((s, i) => {
        if (i !== k) return s
        const { comments: _c, variations: _v, ...rest } = s
        return { ...rest, ...(lines as Pick<StoredSolutionSpec, 'moves' | 'comments' | 'variations'>) }
      }),
    }))
  }

  return {
    doc,
    generation,
    file,
    dirty,
    unkept,
    unsaved,
    setUnkept: (what: string | null) => void (unkept.value = what),
    restore,
    title,
    notice,
    busy,
    undoable,
    redoable,
    newDocument,
    changeRules,
    open,
    openPath,
    save: () => guarded(save),
    saveAs: () => guarded(saveAs),
    undo: () => void (history.value = undo(history.value)),
    redo: () => void (history.value = redo(history.value)),
    addSolution,
    addSolutionText,
    addSolutionSpec,
    setSolutionLines,
    replaceProblem,
    change,
    notify: say,
    dismissNotice: () => void (notice.value = null),
  }
})
