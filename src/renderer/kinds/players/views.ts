/** A game of N players' views in the frame's panes (frame/views.ts). */
import type { KindViews } from '../../frame/views'
import Editor from './Editor.vue'
import Jobs from './Jobs.vue'
import Legend from './Legend.vue'
import Measures from './Measures.vue'
import New from './New.vue'
import Overlays from './Overlays.vue'
import { usePlayersJobs } from './jobs'
import { usePlayers } from './store'

export const playersViews: KindViews = {
  use: () => {
    usePlayersJobs()
    return usePlayers()
  },
  editLabel: 'Edit game',
  New,
  Overlays,
  Legend,
  Measures,
  Editor,
  Jobs,
}
