/**
 * Ordering a multiset of jumps into a legal solitaire solution (section 5.1: the integer program
 * gives which jumps, not in what order, and an order need not exist). Depth-first: at each step
 * a jump of the multiset whose start and middle cells hold men and whose landing cell is empty;
 * the same man's next jump first (so that chains become single moves), then the others. A state is
 * the multiset of jumps left (the board follows from it), and states found dead are not entered
 * again. Gives up after `maxNodes` states.
 */
import type { Cell } from '../cell'

/** A jump by cell index: from, over, into. */
export type IndexJump = readonly [number, number, number]

export interface OrderResult {
  /** The jumps in a legal order, or null if none exists (complete) or none was found (gaveUp). */
  readonly order: IndexJump[] | null
  readonly nodes: number
  readonly gaveUp: boolean
}

export function orderJumps(cells: number, start: Iterable<number>, jumps: readonly IndexJump[], maxNodes = 2_000_000): OrderResult {
  // Distinct jumps with their multiplicities.
  const keyOf = (j: IndexJump): string => j.join(',')
  const distinct: IndexJump[] = []
  const count: number[] = []
  const at = new Map<string, number>()
  for (const j of jumps) {
    const k = at.get(keyOf(j))
    if (k === undefined) {
      at.set(keyOf(j), distinct.length)
      distinct.push(j)
      count.push(1)
    } else count[k]!++
  }
  const men = new Uint8Array(cells)
  for (const c of start) men[c] = 1
  const dead = new Set<string>()
  const path: IndexJump[] = []
  let nodes = 0
  let gaveUp = false

  const search = (left: number, last: number): boolean => {
    if (left === 0) return true
    const key = count.join(',')
    if (dead.has(key)) return false
    if (++nodes > maxNodes) {
      gaveUp = true
      return false
    }
    // The same man's next jump first, then the rest in order.
    const tries: number[] = []
    for (let k = 0; k < distinct.length; k++) {
      if (count[k] === 0) continue
      const [a, b, c] = distinct[k]!
      if (men[a] !== 1 || men[b] !== 1 || men[c] !== 0) continue
      if (a === last) tries.unshift(k)
      else tries.push(k)
    }
    for (const k of tries) {
      const [a, b, c] = distinct[k]!
      men[a] = 0
      men[b] = 0
      men[c] = 1
      count[k]!--
      path.push(distinct[k]!)
      if (search(left - 1, c)) return true
      path.pop()
      count[k]!++
      men[a] = 1
      men[b] = 1
      men[c] = 0
      if (gaveUp) return false
    }
    dead.add(key)
    return false
  }
  const found = search(jumps.length, -1)
  return { order: found ? [...path] : null, nodes, gaveUp }
}

/** Jumps in order grouped into moves: a move is one man's chain of consecutive jumps. */
export function movesOf(order: readonly IndexJump[]): IndexJump[][] {
  const moves: IndexJump[][] = []
  for (const j of order) {
    const prev = moves.at(-1)
    if (prev && prev.at(-1)![2] === j[0]) prev.push(j)
    else moves.push([j])
  }
  return moves
}

/**
 * An army's jumps given by cells, put in a legal order and grouped into moves (each a chain of
 * cells, as the notation writes it); null moves if no order was found (see orderJumps).
 */
export function orderArmyMoves(
  army: readonly Cell[],
  jumps: readonly (readonly [Cell, Cell, Cell])[],
  maxNodes?: number,
): { readonly moves: Cell[][] | null; readonly nodes: number; readonly gaveUp: boolean } {
  const cells: Cell[] = []
  const at = new Map<string, number>()
  const id = (c: Cell): number => {
    const k = `${c[0]},${c[1]}`
    let i = at.get(k)
    if (i === undefined) {
      i = cells.length
      at.set(k, i)
      cells.push(c)
    }
    return i
  }
  const start = army.map(id)
  const indexed = jumps.map(([a, b, c]) => [id(a), id(b), id(c)] as const)
  const r = orderJumps(cells.length, start, indexed, maxNodes)
  const moves = r.order && movesOf(r.order).map((chain) => [cells[chain[0]![0]]!, ...chain.map((j) => cells[j[2]]!)])
  return { moves, nodes: r.nodes, gaveUp: r.gaveUp }
}
