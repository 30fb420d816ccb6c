/**
 * Lines of play as cell lists, for the peg domains (transfers and games: moves without captures).
 * The slow paths beside the kernels: the states one move away (tracing a line back through stored
 * levels, counting games), and the moves along a traced line resolved to full jump chains and
 * checked by the core verifier before anything is reported.
 */
import { nameOf } from '../../halma/board'
import { pathText, resolveMove } from '../../halma/moves'
import { Position, ownerOf } from '../../halma/position'
import type { Problem } from '../../halma/problem'
import { topology } from '../../halma/topology'
import { verify } from '../../halma/verify'
import type { Cells } from '../core/contract'
import type { PackedSpace } from './space'

/** A move of one man: its cells before and after. */
export interface CellMove {
  readonly from: number
  readonly to: number
}

/** Scratch for movesIn (results are copied out before it returns). */
const FROM = new Int16Array(8192)
const TO = new Int16Array(8192)

/**
 * The moves of `army` in `state` (men of every army block cells and can be jumped), in the
 * order of PackedSpace.movesOf over the army's cells in ascending order.
 */
export function movesIn(space: PackedSpace, state: Cells, army: number): CellMove[] {
  const occ = space.occupancy
  const mine = state[army]!
  for (const cells of state) for (const c of cells) occ[c] = 1
  const men = Int16Array.from(mine)
  const n = space.movesOf(men, men.length, FROM, TO, 0)
  for (const cells of state) for (const c of cells) occ[c] = 0
  return Array.from({ length: n }, (_, k) => ({ from: FROM[k]!, to: TO[k]! }))
}

/** The state after `army` moves a man (cells kept in ascending order). */
export function afterMove(state: Cells, army: number, move: CellMove): number[][] {
  return state.map((cells, a) => (a === army ? cells.map((c) => (c === move.from ? move.to : c)).sort((p, q) => p - q) : [...cells]))
}

/** The states one move of `army` away (moves are reversible: the states it can come from, too). */
export function neighbours(space: PackedSpace, state: Cells, army: number): number[][][] {
  return movesIn(space, state, army).map((m) => afterMove(state, army, m))
}

/** The (from, to) cells of the man `army` moved between two states. */
function movedMan(before: readonly number[], after: readonly number[]): CellMove {
  const from = before.find((c) => !after.includes(c))
  const to = after.find((c) => !before.includes(c))
  if (from === undefined || to === undefined) throw new Error('internal: the states do not differ by one move')
  return { from, to }
}

/**
 * The moves along a line of states (state k after move k, made by army mover(k)), resolved to full
 * chains and verified as a solution or game of `problem`.
 */
export function movesAlong(
  problem: Problem,
  states: readonly Cells[],
  mover: (level: number) => number,
): { readonly paths: number[][]; readonly texts: string[] } {
  const topo = topology(problem.board, problem.rules)
  let position = Position.of(problem.board, states[0]!)
  const paths: number[][] = []
  for (let k = 1; k < states.length; k++) {
    const army = mover(k)
    const { from, to } = movedMan(states[k - 1]![army]!, states[k]![army]!)
    const r = resolveMove(topo, position.occupancy(), [from, to], ownerOf(army))
    if (!r.ok)
      throw new Error(`internal: reconstructed move ${k} ${nameOf(problem.board, from)}-${nameOf(problem.board, to)}: ${r.error.message}`)
    paths.push([...r.value.path])
    position = position.moved(from, to)
  }
  const check = verify(problem, paths)
  if (!check.valid) throw new Error(`internal: the reconstructed line fails verification: ${check.error?.message}`)
  return { paths, texts: paths.map((p) => pathText(topo, p)) }
}
