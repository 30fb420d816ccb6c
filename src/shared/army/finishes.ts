/**
 * The finishes of a solitaire army: the last jump into the target, and for each the pagoda
 * function that gives its two men weight exactly 1.
 *
 * Why the list is complete: the army starts in rows `level` and beyond, so a man reaches the
 * target (0, 0) only by a jump, and the first such jump ends the game. A jump into the target goes
 * from target - 2d over target - d for a jump direction d, both cells on the board. `lastJumps`
 * tries every direction of the type and keeps those whose two cells are on the board: there is no
 * other way in. (tests/unit/army-exact.test.ts checks the list against the last jumps of every
 * army of a small level played out exhaustively.)
 *
 * The map of a finish: e(c) = 1 + dist(c, over), dist the lattice's distance (hexagonal distance
 * for the hexagonal lattice). It is a pagoda function on the whole board (a distance changes by at
 * most one along a jump's cells, as board.ts proves for the generated map) and gives the two men
 * sigma^2 + sigma = 1. The position before the last jump holds both, so an army that finishes so
 * weighs at least 1 + the weight it loses on the way: Figure 7a of Bell, Hirschberg and
 * Guerrero (2007) is this map for the vertical finish.
 */
import { hexDistance, type ArmyGeometry, type ArmyType } from './geometry'
import type { PagodaMap } from './pagoda'
import type { Cell } from '../cell'

/** The lattice distance of each type: hexagonal, taxicab (Conway's), king moves (diagonal, skew). */
export function latticeDistance(type: ArmyType): (dx: number, dy: number) => number {
  if (type === 'hexagonal' || type === 'pablito') return hexDistance
  if (type === 'conway') return (dx, dy) => Math.abs(dx) + Math.abs(dy)
  return (dx, dy) => Math.max(Math.abs(dx), Math.abs(dy))
}

/** One last jump into the target, with its pagoda map. */
export interface Finish {
  /** "x 0, row 2 over x 0, row 1", for messages and tables. */
  readonly id: string
  readonly from: Cell
  readonly over: Cell
  /** 1 + the distance to `over`: the two men weigh exactly 1. */
  readonly map: PagodaMap
}

/** The map 1 + distance to `over`, a pagoda function for the type. */
export function finishMap(g: ArmyGeometry, over: Cell): PagodaMap {
  const dist = latticeDistance(g.type)
  return {
    id: `finish-${over[0]}-${over[1]}`,
    figure: `the map of the finish over x ${over[0]}, row ${over[1]}`,
    description: `1 + the distance to x ${over[0]}, row ${over[1]} (the last jump's middle man)`,
    types: [g.type],
    exponent: (x, y) => 1 + dist(x - over[0], y - over[1]),
  }
}

/** Every last jump into the target on the type's board (see the module's comment for why that is all). */
export function lastJumps(g: ArmyGeometry, target: Cell = [0, 0]): Finish[] {
  const out: Finish[] = []
  for (const [dx, dy] of g.directions) {
    const over: Cell = [target[0] - dx, target[1] - dy]
    const from: Cell = [target[0] - 2 * dx, target[1] - 2 * dy]
    if (!g.onBoard(...over) || !g.onBoard(...from)) continue
    out.push({ id: `x ${from[0]}, row ${from[1]} over x ${over[0]}, row ${over[1]}`, from, over, map: finishMap(g, over) })
  }
  return out
}
