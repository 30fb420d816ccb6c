/**
 * The fewest moves for an army (section 6: a move is one or more jumps by the same man).
 * Iterative deepening on the number of moves: depth-first over positions, a move being any chain
 * of one man's jumps (each prefix of a chain is a move of its own); a position whose pagoda weight
 * is below the target's is dropped (no jump increases the weight), and a position already searched
 * with at least as many moves left is not searched again. Complete: "none with k moves" is a finished
 * search of every line of k moves.
 */
import { indexWindow, type ArmyGeometry, type Window } from './geometry'
import { weighArmy } from './play'
import type { PagodaMap } from './pagoda'
import { add, compare, sub } from './zsigma'

type Cell = readonly [number, number]

export interface FewestResult {
  /** The moves (each a chain of cells) of a shortest solution, or null if none within `maxMoves`. */
  readonly moves: Cell[][] | null
  /** Every length below this was searched completely and has no solution. */
  readonly provenAbove: number
  readonly positions: number
  readonly gaveUp: boolean
}

export function fewestMoves(
  g: ArmyGeometry,
  w: Window,
  army: readonly Cell[],
  map: PagodaMap,
  options: { maxMoves: number; maxPositions?: number },
): FewestResult {
  const win = indexWindow(g, w)
  const cells = win.cells
  // Jumps from each cell: [over, into].
  const from: [number, number][][] = cells.map(() => [])
  for (const [a, b, c] of win.jumps) from[a]!.push([b, c])
  const placed = weighArmy(win, map, army)
  const { weight, target, floor, men } = placed
  let total = placed.total
  const maxPositions = options.maxPositions ?? 20_000_000
  let positions = 0
  let gaveUp = false
  /** Position key -> the most moves left with which it was searched without success. */
  const tried = new Map<string, number>()
  const key = (): string => {
    let k = ''
    for (let i = 0; i < men.length; i++) if (men[i]) k += `${i},`
    return k
  }
  const moves: Cell[][] = []

  /** Search with `left` moves; true when a man reaches the target. */
  const search = (left: number): boolean => {
    if (men[target]) return true
    if (left === 0 || compare(total, floor) < 0) return false
    const k = key()
    if ((tried.get(k) ?? -1) >= left) return false
    if (++positions > maxPositions) {
      gaveUp = true
      return false
    }
    for (let a = 0; a < cells.length; a++) {
      if (men[a] && chain(a, [cells[a]!], left)) return true
      if (gaveUp) return false
    }
    tried.set(k, left)
    return false
  }

  /** Every way to extend the move of the man at `at` by a jump; after each jump the move may end or go on. */
  const chain = (at: number, path: readonly Cell[], left: number): boolean => {
    for (const [b, c] of from[at]!) {
      if (!men[b] || men[c]) continue
      const before = total
      men[at] = 0
      men[b] = 0
      men[c] = 1
      total = add(sub(sub(total, weight[at]!), weight[b]!), weight[c]!)
      const next = [...path, cells[c]!]
      moves.push(next)
      if (search(left - 1)) return true
      moves.pop()
      if (!gaveUp && compare(total, floor) >= 0 && chain(c, next, left)) return true
      men[at] = 1
      men[b] = 1
      men[c] = 0
      total = before
      if (gaveUp) return false
    }
    return false
  }

  for (let k = 1; k <= options.maxMoves; k++) {
    tried.clear()
    moves.length = 0
    if (search(k)) return { moves: [...moves], provenAbove: k - 1, positions, gaveUp: false }
    if (gaveUp) return { moves: null, provenAbove: k - 1, positions, gaveUp: true }
  }
  return { moves: null, provenAbove: options.maxMoves, positions, gaveUp: false }
}
