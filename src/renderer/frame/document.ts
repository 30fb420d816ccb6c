/**
 * The one current document, of any kind: one undo history whose every state is the document with
 * the stepper's move tree and move (so Undo takes back whatever was done last: a move played, a
 * comment, a rule changed, a problem replaced), its file, and the File and Edit commands. A Pinia
 * setup store that orchestrates; the kind (frame/kind.ts) reads, writes and plays, and the host
 * (through the typed API) opens, saves and asks.
 *
 * Never lose work: the document is unsaved while it differs from the one on disk; a line in the
 * stepper that the document does not hold is work too ("line not kept"), and so are an editor's edits
 * not yet in use. New, Open, an example and closing ask about all of them (issue 27, defects 2, 3,
 * 12); a failed save changes nothing and says why.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowReactive, shallowRef, watch, type ComputedRef } from 'vue'
import type { DocumentFile, OpenOutcome, SaveOutcome } from '../../preload/api'
import { api } from '../api'
import { edit, replacePresent, startHistory, windowTitle, type History } from '../state/history'
import type { AnyKind, KindModel } from './kind'
import { DEFAULT_KIND, KINDS, kindOfText } from './kinds'
import { EMPTY_SHOWN, openingShown, storedIndex, treeKey, unkeptText, writeLine, type Shown } from './line'
import { useNotices, type Place } from './notices'
import { undoControls } from './undo'

/** A state of the history: the document, the stepper's tree and line, and the move shown. */
export interface Entry {
  readonly doc: unknown
  readonly shown: Shown
  readonly ply: number
}

/** An editor whose edits are not in the document until used (a transfer's problem editor): the frame asks about them and keeps them. */
export interface EditorHook {
  /** Its edits not yet in use, said as what they are, or null. */
  pending(): string | null
  /** Forget them (the document they were for is being left). */
  discard(): void
  /** The edits to keep in the autosaved session, with whether the editor is the mode shown; null: none. */
  snapshot(): { readonly draft: unknown; readonly open: boolean } | null
  /** Why kept edits cannot be put back, or null. */
  check(draft: unknown): string | null
  /** Put kept edits back (after their document). */
  restore(draft: unknown, open: boolean): void
}

export const useDocument = defineStore('document', () => {
  const notices = useNotices()
  const kindId = ref<string>(DEFAULT_KIND.id)
  const kind = computed<AnyKind>(() => KINDS[kindId.value] ?? DEFAULT_KIND)
  const history = shallowRef<History<Entry>>(startHistory({ doc: DEFAULT_KIND.blank(), shown: EMPTY_SHOWN, ply: 0 }))
  const file = shallowRef<DocumentFile>({ name: DEFAULT_KIND.untitled })
  /** The document as on disk (or as made, for a new one): unsaved while the present one is another; null: none is. */
  const saved = shallowRef<unknown>(history.value.present.value.doc)
  /** A file operation is in progress (buttons wait). */
  const busy = ref(false)
  /** Counts documents loaded (new, opened, restored): views start afresh on each. */
  const generation = ref(0)
  /** Counts documents made new (File > New): a game started there, not one opened to be read. */
  const started = ref(0)
  /** The kinds' editors (reactive: a view that reads one follows its registration). */
  const editors = shallowReactive(new Map<string, EditorHook>())

  const entry = computed(() => history.value.present.value)
  const doc = computed(() => entry.value.doc)
  const shown = computed(() => entry.value.shown)
  const ply = computed(() => entry.value.ply)
  const dirty = computed(() => doc.value !== saved.value)
  /** The stepper's line, not kept in the document, said as what it is; or null. */
  const unkept = computed(() => unkeptText(shown.value))
  const editorPending = computed(() => editors.get(kindId.value)?.pending() ?? null)
  /** Anything that would be lost: changes to the document, a line it does not hold. */
  const unsaved = computed(() => dirty.value || unkept.value !== null)
  const title = computed(() => windowTitle(file.value.name, unsaved.value))

  watch(title, (t) => (document.title = t), { immediate: true })
  /** What a save cannot hold (the line not kept, the editor's edits not in use), said; or null. */
  const unheld = computed(() => [unkept.value, editorPending.value].filter((x): x is string => x !== null).join('; ') || null)
  watch(
    [file, unsaved, unheld],
    () =>
      void api()
        .setDocumentState({
          file: file.value,
          dirty: unsaved.value,
          ...(unheld.value !== null && { unheld: { what: unheld.value, only: !dirty.value } }),
        })
        .catch(() => undefined),
    { immediate: true },
  )

  /** A document loaded: a new history on it, opening on its first stored line. */
  function load(k: AnyKind, value: unknown, f: DocumentFile, o: { readonly clean: boolean; readonly shown?: Shown; readonly ply?: number } = { clean: true }): void {
    for (const e of editors.values()) e.discard()
    const opening = o.shown ? { shown: o.shown, fault: null } : openingShown(k, value)
    kindId.value = k.id
    history.value = startHistory({ doc: value, shown: opening.shown, ply: o.ply ?? 0 })
    saved.value = o.clean ? value : null
    file.value = f
    generation.value++
    notices.clearAll()
    if (opening.fault !== null) notices.error('moves', opening.fault)
  }

  /**
   * Whether the work may be left: there was none, or it was saved, or the user said to discard it.
   * One question names everything that would be lost; Save saves the document, and what a save
   * cannot hold (a line not kept, edits not in use) is asked about again.
   */
  async function confirmLeave(): Promise<boolean> {
    if (dirty.value) {
      const choice = await api().askUnsaved(unheld.value !== null ? `${file.value.name} (and ${unheld.value})` : file.value.name)
      if (choice === 'cancel') return false
      if (choice === 'discard') return true
      if (!(await write(false))) return false
    }
    return confirmUnheld()
  }

  /** Whether what a save cannot hold may be dropped: there is none, or the user said to discard it. */
  async function confirmUnheld(): Promise<boolean> {
    return unheld.value === null || (await api().askUnsaved(unheld.value, false)) === 'discard'
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

  /** Replace the document with a new one of a kind (File > New), once the work may be left. */
  const newDocument = (k: AnyKind, value: unknown): Promise<boolean | undefined> =>
    guarded(async () => {
      if (!(await confirmLeave())) return false
      load(k, value, { name: k.nameOf?.(value) ?? k.untitled })
      started.value++
      return true
    })

  /** A document's text, read by the kind that claims it; a fault is said (and null returned). */
  function readText(name: string, text: string): { readonly k: AnyKind; readonly value: unknown } | null {
    const k = kindOfText(text)
    const r = k.parse(text, name)
    if (!r.ok) {
      notices.error('document', `${name} is not a valid ${k.noun} document: ${r.error}`)
      return null
    }
    return { k, value: r.value }
  }

  function show(d: { readonly k: AnyKind; readonly value: unknown }, f: DocumentFile): void {
    load(d.k, d.value, f)
    if (!notices.at.moves) notices.info('document', `opened ${f.name}`)
  }

  /** A document's text opened at once (no question: the caller has asked); a fault is said, and nothing changes. */
  function openText(name: string, text: string, f: DocumentFile = { name }): boolean {
    const d = readText(name, text)
    if (d) show(d, f)
    return d !== null
  }

  /**
   * A document the host read, opened once the work may be left: it is read first, so that a file
   * that cannot be opened is said without asking to leave the work for it (nothing changes then).
   */
  async function opened(outcome: OpenOutcome): Promise<boolean> {
    if (outcome.status === 'cancelled') return false
    if (outcome.status === 'failed') {
      notices.error('document', outcome.reason)
      return false
    }
    return openRead(outcome.file, outcome.text)
  }
  async function openRead(f: DocumentFile, text: string): Promise<boolean> {
    const d = readText(f.name, text)
    if (!d) return false
    // A file read: what an earlier Open said of another file is stale (kept up, it read as this one's).
    notices.clear('document')
    if (!(await confirmLeave())) return false
    show(d, f)
    return true
  }

  const open = (): Promise<boolean | undefined> => guarded(async () => opened(await api().openDocument()))
  const openPath = (path: string): Promise<boolean | undefined> => guarded(async () => opened(await api().openRecent(path)))
  /** Open a shipped document (the Examples menu): it is a new, untitled copy of the example's file. */
  const openExample = (name: string, text: string): Promise<boolean | undefined> => guarded(() => openRead({ name }, text))

  function wrote(outcome: SaveOutcome, value: unknown): boolean {
    if (outcome.status === 'cancelled') return false
    if (outcome.status === 'failed') {
      notices.error('document', `${outcome.reason}. Nothing is lost: the document is still open, with its changes.`)
      return false
    }
    // What was written is what is on disk (edits made while saving stay unsaved).
    saved.value = value
    file.value = outcome.file
    const u = unkept.value
    notices.info('document', `saved ${outcome.file.name}${u !== null ? ` (${u} is not in it: Keep as ${kind.value.lineNoun} stores it)` : ''}`)
    return true
  }

  async function write(as: boolean): Promise<boolean> {
    const value = doc.value
    const text = kind.value.format(value)
    let outcome: SaveOutcome
    try {
      outcome = await (as ? api().saveDocumentAs({ file: file.value, text }) : api().saveDocument({ file: file.value, text }))
    } catch (e) {
      outcome = { status: 'failed', reason: `could not save ${file.value.name}: ${(e as Error).message}` }
    }
    return wrote(outcome, value)
  }

  // "saved X" is true only until the next change: then it goes.
  watch(dirty, (now) => {
    const n = notices.at.document
    if (now && n?.kind === 'info' && n.text.startsWith('saved ')) notices.clear('document')
  })

  /**
   * Change the document (an undoable step). The stepper keeps its line while the problem stays
   * (and follows a stored line it is), and starts on the new document's first line when it changes
   * or when asked (`reopen`: a search's solution stored, to be shown).
   */
  function change(value: unknown, reopen = false): void {
    const k = kind.value
    const before = entry.value
    let next: Entry
    if (reopen || k.problemKey(value) !== k.problemKey(before.doc)) {
      const opening = openingShown(k, value)
      next = { doc: value, shown: opening.shown, ply: 0 }
      // Its first line shown up to a move that cannot be played (a problem changed under it): said, as on opening.
      if (opening.fault !== null) notices.error('moves', opening.fault)
    } else {
      const s = before.shown
      const same = s.origin !== null && treeKey(k.lines(value)[s.origin]?.tree ?? { children: [] }) === treeKey(s.tree)
      next = { doc: value, shown: { ...s, origin: same ? s.origin : storedIndex(k, value, s.tree) }, ply: before.ply }
    }
    history.value = edit(history.value, next)
  }

  /** A checked edit of the document: its note said at `place`, or its fault there and nothing changed (false). */
  function changeBy(place: Place, e: { ok: true; value: { doc: unknown; note: string } } | { ok: false; error: string }): boolean {
    if (!e.ok) {
      notices.error(place, e.error)
      return false
    }
    change(e.value.doc)
    notices.info(place, e.value.note)
    return true
  }

  /**
   * A change of the stepper's tree (a move played, a side line promoted, a comment): on a stored
   * line it is written into the document, unless the kind refuses (said under the moves); false then.
   */
  function commitLine(next: Shown, at: number): boolean {
    const k = kind.value
    let value = doc.value
    let s = next
    if (next.origin !== null) {
      const w = writeLine(k, value, next.origin, next.tree)
      if ('refused' in w) {
        notices.error('moves', w.refused)
        return false
      }
      if ('gone' in w) s = { ...next, origin: null }
      else value = w.doc
    } else {
      const stored = storedIndex(k, value, next.tree)
      if (stored !== null) s = { ...next, origin: stored }
    }
    history.value = edit(history.value, { doc: value, shown: s, ply: at })
    return true
  }

  /** Go to another line or move of the tree: no undo step. */
  function moveTo(next: Shown, at: number): void {
    const e = entry.value
    if (e.shown === next && e.ply === at) return
    history.value = replacePresent(history.value, { ...e, shown: next, ply: at })
  }

  return {
    kindId,
    kind,
    doc,
    shown,
    ply,
    file,
    generation,
    started,
    busy,
    dirty,
    unkept,
    unsaved,
    editorPending,
    title,
    ...undoControls(history),
    registerEditor: (id: string, hook: EditorHook) => void editors.set(id, hook),
    editorOf: (id: string): EditorHook | undefined => editors.get(id),
    load,
    confirmLeave,
    confirmUnheld,
    newDocument,
    openText,
    open,
    openPath,
    openExample,
    save: () => guarded(() => write(false)),
    saveAs: () => guarded(() => write(true)),
    change,
    changeBy,
    commitLine,
    moveTo,
  }
})

/** The current document when it is of this kind, else the kind's blank one: a kind's store reads its own documents only. */
export function kindDocument<D>(kind: Pick<KindModel<D>, 'id' | 'blank'>): ComputedRef<D> {
  const store = useDocument()
  const fallback = kind.blank()
  return computed(() => (store.kindId === kind.id ? (store.doc as D) : fallback))
}
