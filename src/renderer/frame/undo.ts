/** Undo and redo over a history held in a ref, as the stores return them (the document's, a problem editor's draft). */
import { computed, type ComputedRef, type Ref } from 'vue'
import { canRedo, canUndo, redo, undo, type History } from '../state/history'

export interface UndoControls {
  readonly undoable: ComputedRef<boolean>
  readonly redoable: ComputedRef<boolean>
  undo(): void
  redo(): void
}

export function undoControls<T>(history: Ref<History<T>>): UndoControls {
  return {
    undoable: computed(() => canUndo(history.value)),
    redoable: computed(() => canRedo(history.value)),
    undo: () => void (history.value = undo(history.value)),
    redo: () => void (history.value = redo(history.value)),
  }
}
