/**
 * The pure part of the N-player workbench (issue 18): a line of moves replayed into positions, who
 * is to move and who won, what a click on the board does in play mode (only the side to move may
 * play; every refusal says why), and the series the charts draw per army: c(A) and the men home.
 * The rules are shared/multi's (destinations, hasWon, the notation of line.ts); nothing is drawn here.
 *
 * c(A) generalises the paper's diagonal centroid (section 2.3: c(a) = x - y, the coordinate along
 * the diagonal from an army's corner to its target): each man counts his coordinate along the line
 * of the board nearest to the one from the centre of his army's camp to the centre of its target
 * camp (on the presets: that line itself, or the cross's axis), measured from the board's
 * centre, in units of the shortest step's projection on that line (on the star a row, on the square
 * board with diagonal moves half a diagonal, as x - y counts). An army's c(A) rises from negative at
 * its camp to positive at its target; a step changes it by at most the step's projection.
 */
import type { PlayersJob } from '../../../shared/engine/players/job'
import type { JobRequest } from '../../../shared/jobs/protocol'
import { destinations, sideName, specOf, startPosition, type PlayersGame, type Occupancy } from '../../../shared/players/game'
import { cellName, cellOf, vacateFault, verifyLine, winnerAfter } from '../../../shared/players/line'

/** One move: the player who made it and the cells of the man's path (from, [jumps...], to). */
export interface PlayedMove {
  readonly player: number
  readonly path: readonly number[]
}

/** The winner of a line: the player and the ply (1-based) of the winning move. */
export interface Win {
  readonly player: number
  readonly ply: number
}

/** The position after each ply of a line (index 0: the start), and the winner if the line won. */
export interface Replay {
  readonly positions: readonly Occupancy[]
  readonly win: Win | null
}

/** Play a line of moves (trusted: legal, in turn order) from the start. */
export function replay(g: PlayersGame, moves: readonly PlayedMove[]): Replay {
  let occ = startPosition(g)
  const positions: Occupancy[] = [occ]
  let win: Win | null = null
  moves.forEach((m, k) => {
    occ = occ.slice()
    const from = m.path[0]!
    const to = m.path.at(-1)!
    occ[to] = occ[from]!
    occ[from] = -1
    positions.push(occ)
    if (win === null) {
      // The game's win rule (own men, or one of them; a team when both partners are home).
      const w = winnerAfter(g, occ, m.player)
      if (w >= 0) win = { player: w, ply: k + 1 }
    }
  })
  return { positions, win }
}

/** The player to move after `ply` plies. */
export const toMoveAt = (g: PlayersGame, ply: number): number => ply % g.players.length

/** A move as the notation writes it, with its player's prefix ("green: c5-c3-e3"). */
export function moveText(g: PlayersGame, m: PlayedMove): string {
  return `${g.players[m.player]!.name}: ${m.path.map((c) => cellName(g, g.board.cells[c]!)).join('-')}`
}

/** The moves of a line as text, comma-separated, each with its player's prefix. */
export const lineText = (g: PlayersGame, moves: readonly PlayedMove[]): string => moves.map((m) => moveText(g, m)).join(', ')

/**
 * A line's text (the notation of shared/players/line.ts, prefixes optional) as moves, checked by the
 * core verifier: an Error naming the move and why if it is not a legal line.
 */
export function parseMoves(g: PlayersGame, text: string): PlayedMove[] {
  const v = verifyLine(g, text)
  if (!v.ok) throw new Error(v.error)
  return text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s, k) => {
      const body = s.replace(/^[a-z]+\s*:\s*/i, '')
      return { player: k % g.players.length, path: body.split('-').map((name) => cellOf(g, name.trim())) }
    })
}

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
  const name = (c: number): string => cellName(g, g.board.cells[c]!)
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

/** Drawing coordinates of a cell: the hexagonal lattice as players see it (x = q + r/2, y = r·√3/2), the square board as it is. */
export function cellPoint(g: PlayersGame, cell: number): { x: number; y: number } {
  const [x, y] = g.board.cells[cell]!
  return g.board.lattice === 'hexagonal' ? { x: x + y / 2, y: (y * Math.sqrt(3)) / 2 } : { x, y }
}

/** Per army: the weight of each cell in c(A) (see the module's note), or its coordinate along the army's line. */
export function centroidWeights(g: PlayersGame): number[][] {
  const n = g.board.cells.length
  const pts = Array.from({ length: n }, (_, c) => cellPoint(g, c))
  const mid = (cells: readonly number[]): { x: number; y: number } => ({
    x: cells.reduce((s, c) => s + pts[c]!.x, 0) / cells.length,
    y: cells.reduce((s, c) => s + pts[c]!.y, 0) / cells.length,
  })
  const centre = mid(pts.map((_, c) => c))
  // Steps' drawn vectors: a direction's vector from any cell that has that neighbour.
  const stepVectors = g.board.directions.map(([dx, dy]) => {
    const [x, y] = g.board.cells[0]!
    const k = g.board.indexOf(x + dx, y + dy)
    return k === undefined ? cellPointOf(g, dx, dy) : { x: pts[k]!.x - pts[0]!.x, y: pts[k]!.y - pts[0]!.y }
  })
  return g.players.map((p) => {
    const a = mid(g.board.camp(p.camp, g.men))
    const b = mid(g.board.camp(p.target, g.men))
    // The line: of the lattice's steps and two-step sums (the star's points lie between its lines, along
    // a sum), the one nearest to camp-to-target (the cross's pinwheel camps lie a little off the axis).
    const len = Math.hypot(b.x - a.x, b.y - a.y)
    const along = (v: { x: number; y: number }): number => (v.x * (b.x - a.x) + v.y * (b.y - a.y)) / (len * Math.hypot(v.x, v.y))
    const lines = stepVectors
      .flatMap((v) => stepVectors.map((w) => ({ x: v.x + w.x, y: v.y + w.y })))
      .filter((v) => Math.hypot(v.x, v.y) > 1e-9)
    const d = lines.reduce((best, v) => (along(v) > along(best) ? v : best))
    const u = { x: d.x / Math.hypot(d.x, d.y), y: d.y / Math.hypot(d.x, d.y) }
    const unit = Math.min(...stepVectors.map((v) => Math.abs(v.x * u.x + v.y * u.y)).filter((d) => d > 1e-9))
    return pts.map((q) => round(((q.x - centre.x) * u.x + (q.y - centre.y) * u.y) / unit))
  })
}

/** A direction's drawn vector from the lattice alone (a board too small to hold it from cell 0). */
function cellPointOf(g: PlayersGame, dx: number, dy: number): { x: number; y: number } {
  return g.board.lattice === 'hexagonal' ? { x: dx + dy / 2, y: (dy * Math.sqrt(3)) / 2 } : { x: dx, y: dy }
}

const round = (v: number): number => Math.round(v * 1000) / 1000

/** The charts' values after one ply: per army, c(A) and the men on its target camp. */
export interface ArmyPoint {
  readonly ply: number
  readonly centroid: readonly number[]
  readonly home: readonly number[]
}

/** c(A) and men home per army after every ply of a replayed line. */
export function armySeries(g: PlayersGame, positions: readonly Occupancy[]): ArmyPoint[] {
  const weights = centroidWeights(g)
  const targets = g.players.map((p) => new Set(g.board.camp(p.target, g.men)))
  return positions.map((occ, ply) => {
    const centroid = g.players.map(() => 0)
    const home = g.players.map(() => 0)
    occ.forEach((a, c) => {
      if (a < 0) return
      centroid[a] = round(centroid[a]! + weights[a]![c]!)
      if (targets[a]!.has(c)) home[a]!++
    })
    return { ply, centroid, home }
  })
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
