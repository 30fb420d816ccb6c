/**
 * The views of the kinds (frame/views.ts), by kind id, and the panes that serve several kinds (the
 * slot for an engine's analysis or a tablebase's verdicts: the playing engine's, engine/). A new kind adds its entry
 * here and in frame/kinds.ts (docs/WORKBENCH.md, "Adding a kind").
 */
import type { KindViews, SharedPane } from '../frame/views'
import { armyViews } from './army/views'
import { halmaViews } from './halma/views'
import { playersViews } from './players/views'
import EnginePane from '../engine/EnginePane.vue'
import { engineGameOf } from '../engine/store'
import { KINDS } from '../frame/kinds'
import TablebasePane from '../tablebase/Pane.vue'
import { tableSpecOf } from '../tablebase/link'
import type { HalmaDocument } from '../../shared/halma/document'

export const VIEWS: Readonly<Record<string, KindViews>> = { halma: halmaViews, army: armyViews, players: playersViews }

export const SHARED_PANES: readonly SharedPane[] = [
  // The playing engine (issue 30): every document with a game to play (a kind's `engineGame`; not a transfer).
  { id: 'engine', applies: (kindId, doc) => KINDS[kindId] !== undefined && engineGameOf(KINDS[kindId], doc) !== null, component: EnginePane },
  // Solved positions (issue 29): a two-player game on a board and start areas a tablebase covers.
  {
    id: 'tablebase',
    applies: (kindId, doc) => kindId === 'halma' && 'spec' in tableSpecOf(doc as HalmaDocument),
    component: TablebasePane,
  },
]

/** Make every kind's stores (their editors register with the frame before the session is read back). */
export function setupKinds(): void {
  for (const v of Object.values(VIEWS)) v.use()
}
