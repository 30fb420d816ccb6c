/**
 * The pure part of the N-player workbench (issue 18): what a click on the board does in play mode
 * (only the side to move may play; every refusal says why), camp names, and the search request. The
 * rules, lines and measures are the core's (shared/players: line.ts replays and writes lines,
 * metrics.ts gives c(A) and the men home per player), re-exported here under the names the stores
 * use; nothing is drawn here.
 */
import type { PlayersJob } from '../../../shared/engine/players/job'
import type { JobRequest } from '../../../shared/jobs/protocol'
import { destinations, sideName, specOf, type PlayersGame, type Occupancy } from '../../../shared/players/game'
import { cellNames, vacateFault, type PlayedMove, type Win } from '../../../shared/players/line'

export { lineText, moveText, parseMoves, replay, toMoveAt, type PlayedMove, type Replay, type Win } from '../../../shared/players/line'
export { cellPoint, centroidWeights, playerSeries as armySeries } from '../../../shared/players/metrics'

/** What a click on the board did in play mode. */
export type ClickOutcome =
  | { readonly kind: 'select'; readonly cell: number; readonly targets: readonly number[] }
  | { readonly kind: 'deselect' }
  | { readonly kind: 'move'; readonly move: PlayedMove }
  | { readonly kind: 'refused'; readonly reason: string }

/**
 * A click on `cell` with `selected` the man chosen before (or null): choose a man of the side to
 * move, then one of his destinations. A man of another army, an empty cell, a cell the man cannot
 * reach, or any click once the game is won is refused with the reason.
 */
export function click(
  g: PlayersGame,
  occ: Occupancy,
  state: { readonly toMove: number; readonly selected: number | null; readonly win: Win | null },
  cell: number,
): ClickOutcome {
  const name = (c: number): string => cellNames(g)[c]!
  const mover = g.players[state.toMove]!.name
  if (state.win) return { kind: 'refused', reason: `the game is over: ${sideName(g, state.win.player)} won at move ${state.win.ply}` }
  const owner = occ[cell]!
  if (state.selected !== null) {
    if (cell === state.selected) return { kind: 'deselect' }
    const reach = destinations(g, occ, state.selected)
    const path = reach.get(cell)
    const vacate = path ? vacateFault(g, occ, state.toMove, state.selected, cell) : null
    if (vacate !== null) return { kind: 'refused', reason: vacate }
    if (path) return { kind: 'move', move: { player: state.toMove, path } }
    if (owner !== state.toMove)
      return {
        kind: 'refused',
        reason:
          owner === -1
            ? `${mover}'s man on ${name(state.selected)} cannot move to ${name(cell)}`
            : `${name(cell)} holds ${g.players[owner]!.name}'s man, and it is ${mover}'s turn`,
      }
  }
  if (owner === -1) return { kind: 'refused', reason: `no man on ${name(cell)}: choose one of ${mover}'s men` }
  if (owner !== state.toMove)
    return { kind: 'refused', reason: `the man on ${name(cell)} is ${g.players[owner]!.name}'s, and it is ${mover}'s turn` }
  const targets = [...destinations(g, occ, cell).keys()]
  if (targets.length === 0) return { kind: 'refused', reason: `${mover}'s man on ${name(cell)} has no move` }
  return { kind: 'select', cell, targets }
}

/** Where camp k of a board lies, as the board is drawn (boards.ts numbers camps clockwise). */
export function campName(boardId: string, k: number): string {
  const star = ['bottom', 'lower left', 'upper left', 'top', 'upper right', 'lower right']
  const cross = ['top', 'right', 'bottom', 'left']
  const corners = ['top left', 'top right', 'bottom right', 'bottom left']
  const names = boardId.startsWith('star') ? star : boardId === 'cross33' ? cross : corners
  return names[k] ?? `camp ${k}`
}

/** The search request the workbench sends for a game: the `players` job with the panel's settings. */
export function playersRequest(
  g: PlayersGame,
  settings: { readonly strategy: PlayersJob['strategy']; readonly timeLimit: number; readonly threads: number },
): JobRequest {
  return {
    kind: 'players',
    params: { game: specOf(g), strategy: settings.strategy, timeLimit: settings.timeLimit, threads: settings.threads },
  }
}
