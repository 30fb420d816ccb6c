/**
 * An army on a custom board (board.ts): what the generated pagoda function says of it (total
 * weight, slack, and the exact verdict "cannot reach the target" when the weight is below the
 * target's 1), and a solution found by play.ts's depth-first search over positions, pruned by
 * that function, its jumps grouped into moves and verified move by move (solution.ts).
 */
import { distancePagoda } from './board'
import { indexWindow, type ArmyGeometry, type CustomBoard, type Window } from './geometry'
import { movesOf, type IndexJump } from './order'
import { totalWeight, type PagodaMap } from './pagoda'
import { playArmy, type Tell } from './play'
import { verifyArmy, type ArmyVerdict } from './solution'
import { compare, formatZ, ONE, sub, type ZSigma } from './zsigma'
import type { Cell } from '../cell'

/** The generated pagoda function's judgement of an army on a board. */
export interface BoardMeasure {
  readonly map: PagodaMap
  /** The army's total weight, exact. */
  readonly weight: ZSigma
  /** weight - 1 (the target weighs 1): what the jumps may still lose. */
  readonly slack: ZSigma
  /** False when the weight is below 1: no order of jumps brings a man to the target (exact). */
  readonly possible: boolean
  /** "cannot reach the target: weight W < 1", or what the weight allows. */
  readonly verdict: string
  /** Cells of the board the target cannot be reached from (weight 0). */
  readonly unreachable: number
}

export function measureOnBoard(g: ArmyGeometry, board: CustomBoard, army: readonly Cell[]): BoardMeasure {
  const map = distancePagoda(g, board)
  const unreachable = board.cells.filter(([x, y]) => map.exponent(x, y) === null).length
  return { ...measureArmy(map, army, 'the distance map'), unreachable }
}

/** What any pagoda function (`name` in the verdict) says of an army whose target weighs 1: weight, slack, verdict. */
export function measureArmy(map: PagodaMap, army: readonly Cell[], name: string): Omit<BoardMeasure, 'unreachable'> {
  const weight = totalWeight(map, army)
  const possible = compare(weight, ONE) >= 0
  return {
    map,
    weight,
    slack: sub(weight, ONE),
    possible,
    verdict: possible
      ? `weight ${formatZ(weight)} >= 1: ${name} does not rule it out`
      : `cannot reach the target: weight ${formatZ(weight)} < 1`,
  }
}

export interface BoardSolution {
  readonly measure: BoardMeasure
  /** The moves (one man's chain each), or null: none exists (complete search) or none found (gaveUp). */
  readonly moves: Cell[][] | null
  readonly positions: number
  readonly gaveUp: boolean
  readonly verdict: ArmyVerdict | null
}

/** A legal order of jumps bringing a man to the board's target, grouped into moves and verified. */
export function solveOnBoard(
  g: ArmyGeometry,
  w: Window,
  board: CustomBoard,
  army: readonly Cell[],
  options: { readonly maxPositions?: number; readonly tell?: Tell } = {},
): BoardSolution {
  const measure = measureOnBoard(g, board, army)
  if (!measure.possible) return { measure, moves: null, positions: 0, gaveUp: false, verdict: null }
  const played = playArmy(g, w, army, measure.map, {
    maxPositions: options.maxPositions ?? 2_000_000,
    board,
    ...(options.tell && { tell: options.tell }),
  })
  if (!played.line) return { measure, moves: null, positions: played.positions, gaveUp: played.gaveUp, verdict: null }
  const win = indexWindow(g, w, board)
  const at = (c: Cell): number => win.indexOf(c[0], c[1])!
  const jumps: IndexJump[] = played.line.map(([a, c]) => [at(a), at([(a[0] + c[0]) / 2, (a[1] + c[1]) / 2]), at(c)])
  const moves = movesOf(jumps).map((chain) => [win.cells[chain[0]![0]]!, ...chain.map((j) => win.cells[j[2]]!)])
  return { measure, moves, positions: played.positions, gaveUp: false, verdict: verifyArmy(g, w, army, moves, board) }
}
