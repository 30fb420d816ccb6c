/**
 * The workbench's keys and commands, the same for every kind. The arrow keys step wherever the focus
 * is, except where they have work of their own: a text field, a select, a slider, radio buttons, the
 * move list's up and down, and the board while the keyboard's cursor is on it (issue 27, defect 6: a
 * click on the board took the arrows away; it no longer takes the focus). Escape gives the arrows
 * back from a field and lets go of a picked man. Menu commands (desktop) and shortcuts (browser)
 * arrive as API commands.
 */
import type { Command } from '../../preload/api'
import { api } from '../api'
import { useDocument } from './document'
import { useStepper } from './stepper'
import type { KindLive } from './views'

/** Elements whose arrow keys are their own (the stepper leaves them alone). */
export function ownsArrows(el: Element | null): boolean {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true
  if (el instanceof HTMLInputElement) return !['button', 'checkbox', 'submit', 'reset', 'file'].includes(el.type)
  return el instanceof HTMLElement && el.isContentEditable
}

/** Elements that keep their own undo (Ctrl+Z in a text field undoes its typing). */
const typing = (el: Element | null): boolean =>
  el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && ['text', 'number', 'search'].includes(el.type))

export function useKeys(live: () => KindLive, startNew: () => void) {
  const doc = useDocument()
  const st = useStepper()

  /** The stepper's keys: arrows (Shift: ten moves), Home, End; up and down: the other lines at the last branch. */
  function onKey(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return
    const focus = document.activeElement
    if (e.key === 'Escape') {
      st.picked = null
      if (ownsArrows(focus)) (focus as HTMLElement).blur()
      return
    }
    if (st.mode !== 'play' || ownsArrows(focus)) return
    const n = e.shiftKey ? 10 : 1
    if (e.key === 'ArrowRight') st.step(n)
    else if (e.key === 'ArrowLeft') st.step(-n)
    else if (e.key === 'Home') st.first()
    else if (e.key === 'End') st.last()
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') st.switchLine(e.key === 'ArrowUp' ? -1 : 1)
    else return
    e.preventDefault()
  }

  async function run(c: Command): Promise<void> {
    switch (c.name) {
      case 'new':
        return startNew()
      case 'open':
        return void (await doc.open())
      case 'open-path':
        return void (await doc.openPath(c.path))
      case 'save':
        // Closing: once saved, what a save cannot hold is asked about before the window goes.
        if ((await doc.save()) && c.then === 'close' && (await doc.confirmUnheld())) await api().closeWindow()
        return
      case 'save-as':
        return void (await doc.saveAs())
      case 'undo':
      case 'redo': {
        // A text field has its own undo; the editor undoes its edits; else the document's history.
        if (typing(document.activeElement)) return void document.execCommand(c.name)
        const l = live()
        if (st.mode === 'edit' && l.undoEdit) return (c.name === 'undo' ? l.undoEdit : l.redoEdit!)()
        return c.name === 'undo' ? doc.undo() : doc.redo()
      }
    }
  }

  return { onKey, run }
}
