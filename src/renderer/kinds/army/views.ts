/** A solitaire army's views in the frame's panes (frame/views.ts). */
import type { KindViews } from '../../frame/views'
import Editor from './Editor.vue'
import Jobs from './Jobs.vue'
import Legend from './Legend.vue'
import Measures from './Measures.vue'
import New from './New.vue'
import Overlays from './Overlays.vue'
import { useArmyJobs } from './jobs'
import { useArmy } from './store'

/** The store, with its job runner started beside it (the runner feeds the store its results). */
function use(): ReturnType<typeof useArmy> {
  useArmyJobs()
  return useArmy()
}

export const armyViews: KindViews = { use, editLabel: 'Edit army', New, Overlays, Legend, Measures, Editor, Jobs }
