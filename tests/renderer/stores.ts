// The stores of the frame and of a kind, for the renderer's tests: the document, the stepper, the
// notices, and the problem kind's live store and editor.
import { useDocument } from '../../src/renderer/frame/document'
import { useNotices } from '../../src/renderer/frame/notices'
import { useStepper } from '../../src/renderer/frame/stepper'
import { useEditor } from '../../src/renderer/kinds/halma/editor'
import { useHalma } from '../../src/renderer/kinds/halma/store'

export function halmaStores() {
  return { doc: useDocument(), st: useStepper(), h: useHalma(), ed: useEditor(), notices: useNotices() }
}

/** The text of the notice said at a place, or ''. */
export const noticeAt = (place: Parameters<ReturnType<typeof useNotices>['clear']>[0]): string => useNotices().at[place]?.text ?? ''
