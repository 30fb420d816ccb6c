/**
 * The measures of a position in a problem, gathered in one plain value for the command line and
 * the workbench: per army its cells, balance, c(A), sym(A), centre of mass, distance to its target
 * and Theorem 2's one-move gain; the problem's lower bounds; and the legal moves of the side to
 * move, counted in full and up to the position's own symmetry.
 */
import { nameOf } from './board'
import { armyDistance, balance, centerOfMass, centroid, centroidGainBound, gameBound, sym, transferBound } from './metrics'
import { applyMove, legalMoves, undoMove } from './moves'
import { ownerOf, type Position } from './position'
import type { Problem } from './problem'
import { canonicalKey, fixingSymmetries } from './symmetry'
import { topology } from './topology'

export interface ArmyMeasures {
  readonly name: string
  readonly cells: readonly string[]
  readonly men: number
  /** Men of types 0-3. */
  readonly balance: readonly [number, number, number, number]
  /** Balance of the target cells. */
  readonly targetBalance: readonly [number, number, number, number]
  readonly centroid: number
  readonly targetCentroid: number
  readonly sym: number | null
  readonly centerOfMass: { readonly x: number; readonly y: number }
  /** Men standing on target cells. */
  readonly onTarget: number
  /** d(A, B) from the men not yet home to the target cells not yet filled (0 when done). */
  readonly distanceToTarget: number
  /** Theorem 2: the most one move can raise c(A); null with long jumps. */
  readonly gainBound: number | null
}

export interface Analysis {
  readonly armies: readonly ArmyMeasures[]
  /** Transfer: d(A, B) + |A| - 1 from this position (null with long jumps). */
  readonly transferBound: number | null
  /** Game: d(B, R) between the armies and Theorem 1's bound max(0, d - 2) + 2s - 1. */
  readonly armyDistance: number | null
  readonly gameBound: number | null
  /** Legal moves of the side to move. */
  readonly legalMoves: number
  /** The same, counting once the moves that the position's own symmetry makes equivalent. */
  readonly distinctMoves: number
  /** Index of the army to move. */
  readonly toMove: number
}

/** Measure a position of a problem; `toMove` defaults to the army that moves first. */
export function analyze(problem: Problem, position: Position, toMove = problem.first): Analysis {
  const board = problem.board
  const rules = problem.rules
  const symName = problem.reflection ?? 'mirror'
  const armies = problem.armies.map((a, k): ArmyMeasures => {
    const cells = position.men(k)
    const targetSet = new Set(a.target)
    const away = cells.filter((c) => !targetSet.has(c))
    const empty = a.target.filter((c) => position.at(c) !== ownerOf(k))
    return {
      name: a.name,
      cells: cells.map((c) => nameOf(board, c)),
      men: cells.length,
      balance: balance(board, cells),
      targetBalance: balance(board, a.target),
      centroid: centroid(board, cells),
      targetCentroid: centroid(board, a.target),
      sym: sym(board, cells, symName) ?? null,
      centerOfMass: centerOfMass(board, cells),
      onTarget: cells.length - away.length,
      distanceToTarget: away.length === 0 ? 0 : armyDistance(board, rules, away, empty),
      gainBound: centroidGainBound(board, rules, cells) ?? null,
    }
  })
  const occ = position.occupancy()
  const topo = topology(board, rules)
  const moves = legalMoves(topo, occ, ownerOf(toMove))
  const images = fixingSymmetries(board, occ)
  const seen = new Set<string>()
  for (const m of moves) {
    applyMove(occ, m)
    seen.add(canonicalKey(occ, images))
    undoMove(occ, m)
  }
  const game = problem.kind === 'game'
  const d = game ? armyDistance(board, rules, position.men(0), position.men(1)) : null
  return {
    armies,
    transferBound: game ? null : (transferBound(board, rules, position.men(0), problem.armies[0]!.target) ?? null),
    armyDistance: d,
    gameBound: d === null || rules.longJumps ? null : gameBound(d, problem.armies[0]!.start.length),
    legalMoves: moves.length,
    distinctMoves: seen.size,
    toMove,
  }
}
