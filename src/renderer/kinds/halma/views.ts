/** A problem's views in the frame's panes (frame/views.ts). */
import type { KindViews } from '../../frame/views'
import EditorPanel from './EditorPanel.vue'
import Legend from './Legend.vue'
import Measures from './Measures.vue'
import NewProblem from './NewProblem.vue'
import Overlays from './Overlays.vue'
import SearchPanel from './SearchPanel.vue'
import { useHalma } from './store'

export const halmaViews: KindViews = {
  use: useHalma,
  editLabel: 'Edit problem',
  New: NewProblem,
  Overlays,
  Legend,
  Measures,
  Editor: EditorPanel,
  Jobs: SearchPanel,
}
