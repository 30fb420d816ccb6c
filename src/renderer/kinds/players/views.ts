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

/** The store, with its job runner started beside it (the runner feeds the store its results). */
function use(): ReturnType<typeof usePlayers> {
  usePlayersJobs()
  return usePlayers()
}

export const playersViews: KindViews = { use, editLabel: 'Edit game', New, Overlays, Legend, Measures, Editor, Jobs }
