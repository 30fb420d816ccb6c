/**
 * Never lose work: the session (state/session.ts) is written to the host a moment after each change
 * (debounced, and at once when the page is hidden or left), and read back when the workbench
 * starts, so that a reload or a crash gives back the document, its unsaved state, the line, the
 * stepper's position and the editor's edits not yet in use. A session that does not load is
 * reported and removed, and the workbench starts clean.
 */
import { defineStore } from 'pinia'
import { computed, nextTick, ref, watch } from 'vue'
import type { SessionRead, SessionWrite } from '../../preload/api'
import { describe } from '../../shared/result'
import { api } from '../api'
import { formatSession, parseSession, type SessionState } from '../state/session'
import { labelText } from '../state/line-label'
import { useArmy } from './army'
import { usePlayers } from './players'
import { useDocument } from './document'
import { useEditor } from './editor'
import { useWorkbench } from './workbench'

/** Milliseconds of quiet after a change before the session is written. */
export const AUTOSAVE_DELAY = 500

export type AutosaveStatus = 'off' | 'pending' | 'saved' | 'failed'

const time = (d: Date): string => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

export const useSession = defineStore('session', () => {
  const documentStore = useDocument()
  const workbench = useWorkbench()
  const editor = useEditor()
  const army = useArmy()
  const players = usePlayers()
  /** 'off' until the last session has been read back (nothing is written over it before). */
  const status = ref<AutosaveStatus>('off')
  const failure = ref<string | null>(null)
  let timer: number | undefined
  /** The text last handed to the host, so that an unchanged state is not written again. */
  let written = ''

  const state = computed<SessionState>(() => ({
    file: documentStore.file,
    document: documentStore.doc,
    dirty: documentStore.dirty,
    tree: workbench.tree,
    tip: workbench.tip,
    origin: workbench.stored,
    label: workbench.label,
    ply: workbench.ply,
    ...(editor.pending && { editor: { draft: editor.draft, open: editor.active } }),
    // An army is kept once one has been started or opened (a solution found in the workbench is work too).
    ...(army.started && { army: { name: army.fileName, document: army.doc, step: army.step, shown: army.active } }),
    // A game of N players likewise, once one has been started or opened.
    ...(players.started && {
      players: {
        name: players.fileName,
        document: players.documentText,
        line: players.lineIndex,
        step: players.step,
        shown: players.active,
      },
    }),
  }))

  async function write(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const s = state.value
    const text = formatSession(s, new Date())
    // Compare without the time stamp: the same work is not written twice.
    const key = formatSession(s, new Date(0))
    if (key === written) {
      status.value = 'saved'
      return
    }
    let r: SessionWrite
    try {
      r = await api().writeSession(text)
    } catch (e) {
      r = { status: 'failed', reason: (e as Error).message }
    }
    if (r.status === 'saved') {
      written = key
      failure.value = null
      // A change made while writing is written next.
      if (timer === undefined) status.value = 'saved'
    } else {
      status.value = 'failed'
      failure.value = r.reason
    }
  }

  /** Write now what is pending (the page is being hidden or left). */
  function flush(): void {
    if (timer !== undefined) void write()
  }

  function start(): void {
    status.value = 'pending'
    void write()
    watch(state, () => {
      status.value = 'pending'
      if (timer !== undefined) clearTimeout(timer)
      timer = window.setTimeout(() => void write(), AUTOSAVE_DELAY)
    })
  }

  /**
   * Read the last session back and put it in place, then keep it written. Called once, when the
   * workbench starts (before it is shown).
   */
  async function restore(): Promise<void> {
    let read: SessionRead
    try {
      read = await api().readSession()
    } catch (e) {
      read = { status: 'failed', reason: (e as Error).message }
    }
    if (read.status !== 'none') {
      const s = read.status === 'found' ? parseSession(read.text) : undefined
      if (!s || !s.ok) {
        const why = read.status === 'failed' ? read.reason : s && !s.ok ? describe(s.error) : ''
        // The host sets the record aside (never just deletes it) and says where it is kept.
        const cleared = await api()
          .clearSession()
          .catch(() => undefined)
        const kept = cleared?.kept ? ` It is kept ${cleared.kept}.` : ''
        documentStore.notify('error', `Your last session could not be restored: ${why}. The workbench starts clean.${kept}`)
      } else {
        const v = s.value
        documentStore.restore(v.document, v.file, v.dirty)
        // The workbench and the editor start afresh on a newly loaded document: then the line goes in.
        await nextTick()
        workbench.restoreLine(v, v.ply)
        if (v.editor) editor.restore(v.editor.draft, v.editor.open)
        if (v.army) army.restore(v.army.document, v.army.name, v.army.step, v.army.shown)
        if (v.players) players.restore(v.players)
        const what = [
          v.dirty ? 'unsaved changes' : '',
          v.line.moves.length > 0 ? `the line (${workbench.source || labelText(v.label) || 'moves'}) at move ${v.ply}` : '',
          v.editor ? 'edits not yet in use' : '',
          v.army?.shown ? `the army ${v.army.name} at move ${v.army.step}` : '',
          v.players?.shown ? `the game ${v.players.name} at move ${v.players.step}` : '',
        ].filter((x) => x !== '')
        if (v.dirty || workbench.unkept || v.editor || v.army?.shown || v.players?.shown)
          documentStore.notify('info', `Restored your work from ${time(v.savedAt)}: ${v.file.name}, ${what.join(', ')}.`)
      }
    }
    start()
  }

  return { status, failure, restore, flush }
})
