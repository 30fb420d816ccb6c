/**
 * Never lose work: the session (state/session.ts) is written to the host a moment after each change
 * (debounced, and at once when the page is hidden or left), and read back when the workbench
 * starts, so that a reload or a crash gives back the document of whatever kind, its unsaved state,
 * the move tree with its side lines and comments, the stepper's line and move, and an editor's edits
 * not yet in use. A session that does not load is reported and removed, and the workbench starts clean.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { SessionRead, SessionWrite } from '../../preload/api'
import { describe } from '../../shared/result'
import { api } from '../api'
import { labelText } from '../state/line-label'
import { formatSession, parseSession, type SessionState } from '../state/session'
import { useDocument } from './document'
import { KINDS } from './kinds'
import { unkeptText } from './line'
import { useNotices } from './notices'
import { useStepper } from './stepper'

/** Milliseconds of quiet after a change before the session is written. */
export const AUTOSAVE_DELAY = 500

export type AutosaveStatus = 'off' | 'pending' | 'saved' | 'failed'

const time = (d: Date): string => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

export const useSession = defineStore('session', () => {
  const documentStore = useDocument()
  const stepper = useStepper()
  const notices = useNotices()
  /** 'off' until the last session has been read back (nothing is written over it before). */
  const status = ref<AutosaveStatus>('off')
  const failure = ref<string | null>(null)
  let timer: number | undefined
  /** The text last handed to the host, so that an unchanged state is not written again. */
  let written = ''

  const state = computed<SessionState>(() => {
    const editor = documentStore.editorOf(documentStore.kindId)?.snapshot() ?? null
    return {
      kind: documentStore.kindId,
      file: documentStore.file,
      document: documentStore.doc,
      dirty: documentStore.dirty,
      shown: documentStore.shown,
      ply: stepper.ply,
      ...(editor && { editor }),
    }
  })

  async function write(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const s = state.value
    // Compare without the time stamp: the same work is not written twice.
    const key = formatSession(s, new Date(0))
    if (key === written) {
      status.value = 'saved'
      return
    }
    let r: SessionWrite
    try {
      r = await api().writeSession(formatSession(s, new Date()))
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

  /** Read the last session back and put it in place, then keep it written. Called once, when the workbench starts. */
  async function restore(): Promise<void> {
    let read: SessionRead
    try {
      read = await api().readSession()
    } catch (e) {
      read = { status: 'failed', reason: (e as Error).message }
    }
    if (read.status !== 'none') {
      const check = (kind: string, draft: unknown): string | null => {
        const editor = documentStore.editorOf(kind)
        return editor ? editor.check(draft) : `a ${KINDS[kind]?.noun ?? kind} has no editor whose edits a session keeps`
      }
      const s = read.status === 'found' ? parseSession(read.text, check) : undefined
      if (!s || !s.ok) {
        const why = read.status === 'failed' ? read.reason : s && !s.ok ? describe(s.error) : ''
        // The host sets the record aside (never just deletes it) and says where it is kept.
        const cleared = await api()
          .clearSession()
          .catch(() => undefined)
        const kept = cleared?.kept ? ` It is kept ${cleared.kept}.` : ''
        notices.error('document', `Your last session could not be restored: ${why}. The workbench starts clean.${kept}`)
      } else {
        const v = s.value
        const kind = KINDS[v.kind]!
        documentStore.load(kind, v.document, v.file, { clean: !v.dirty, shown: v.shown, ply: v.ply })
        if (v.editor) {
          documentStore.editorOf(v.kind)?.restore(v.editor.draft, v.editor.open)
          if (v.editor.open) stepper.mode = 'edit'
        }
        const what = [
          v.dirty ? 'unsaved changes' : '',
          stepper.length > 0 ? `the line (${stepper.source || labelText(v.shown.label) || 'moves'}) at move ${v.ply}` : '',
          v.editor ? 'edits not yet in use' : '',
        ].filter((x) => x !== '')
        // Said when there was work not on disk: unsaved changes, a line not kept, edits not yet in use.
        if (v.dirty || unkeptText(v.shown) !== null || v.editor) notices.info('document', `Restored your work from ${time(v.savedAt)}: ${[v.file.name, ...what].join(', ')}.`)
      }
    }
    start()
  }

  return { status, failure, restore, flush }
})
