/**
 * The line along which a player's rungs are counted (../game/rungs.ts) in a game of N players: a
 * linear value a x + b y of a cell's board coordinates (axial on the stars), chosen per player so
 * that her camp and her target lie far apart on it in steps: of the small integer pairs (a, b), the
 * one with the largest gap between her camp's highest value and her target's lowest, over the
 * largest change one step makes. Any linear value is valid for the bound (a jump in a direction of
 * change delta passes a man at delta and lands at 2 delta, as the rungs argument needs); the choice
 * only makes it strong: the star's points give -r, q, q + r and their negatives, the piecepack's
 * corners x + y and y - x.
 */
import type { Player } from '../../players/game'
import type { PlayersGame } from '../../players/game'
import type { RungAxis } from '../game/rungs'

export function rungAxis(g: PlayersGame, p: Player): RungAxis {
  const camp = g.board.camp(p.camp, g.men)
  const target = g.board.camp(p.target, g.men)
  const cells = g.board.cells
  let best: { a: number; b: number; score: number; top: number } | undefined
  for (let a = -2; a <= 2; a++)
    for (let b = -2; b <= 2; b++) {
      const changes = g.board.directions.map(([dx, dy]) => Math.abs(a * dx + b * dy))
      const top = Math.max(...changes)
      if (top === 0) continue
      const f = ([x, y]: readonly [number, number]): number => a * x + b * y
      const gap = Math.min(...target.map((c) => f(cells[c]!))) - Math.max(...camp.map((c) => f(cells[c]!)))
      const score = gap / top
      if (!best || score > best.score || (score === best.score && top < best.top)) best = { a, b, score, top }
    }
  const { a, b } = best!
  const cv = Int32Array.from(cells, ([x, y]) => a * x + b * y)
  const deltas = [...new Set(g.board.directions.map(([dx, dy]) => Math.abs(a * dx + b * dy)))].filter((d) => d > 0).sort((x, y) => x - y)
  return { cv, cvMin: Math.min(...cv), cvMax: Math.max(...cv), deltas, steps: true }
}
