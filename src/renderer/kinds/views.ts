/**
 * The views of the kinds (frame/views.ts), by kind id, and the panes that serve several kinds (the
 * slot for an engine's analysis or a tablebase's verdicts: none yet). A new kind adds its entry
 * here and in frame/kinds.ts (docs/WORKBENCH.md, "Adding a kind").
 */
import type { KindViews, SharedPane } from '../frame/views'
import { armyViews } from './army/views'
import { halmaViews } from './halma/views'
import { playersViews } from './players/views'

export const VIEWS: Readonly<Record<string, KindViews>> = { halma: halmaViews, army: armyViews, players: playersViews }

export const SHARED_PANES: readonly SharedPane[] = []

/** Make every kind's stores (their editors register with the frame before the session is read back). */
export function setupKinds(): void {
  for (const v of Object.values(VIEWS)) v.use()
}
