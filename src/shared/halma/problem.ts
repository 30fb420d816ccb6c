/**
 * A validated problem: a board, rules and armies with their targets. A transfer problem moves one
 * army onto its target set in as few moves as possible; a game has two armies that alternate moves,
 * each aiming at the other's base, and ends when one of them fully occupies it (paper section 2).
 *
 * Problems are built only through makeProblem, which checks everything; code that holds a Problem
 * may trust it.
 */
import { cellsText, defaultTargetSymmetry, presetArmy, symmetricTarget, type ArmyPreset } from './armies'
import { describeBoard, type Board } from './board'
import { balance } from './metrics'
import { Position } from './position'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { describeRules, type Rules } from './rules'
import { mapCells, symmetry, type SymmetryName } from './symmetry'
import { topology } from './topology'

export const PROBLEM_KINDS = ['transfer', 'game'] as const
export type ProblemKind = (typeof PROBLEM_KINDS)[number]

/** Conventional army names: the first army (blue, from the a1 corner) moves first in a game. */
export const ARMY_NAMES = ['blue', 'red'] as const

/** One army: where its men start and the cells they must all reach. */
export interface Army {
  readonly name: string
  /** Start cells, ascending. */
  readonly start: readonly number[]
  /** Target cells, ascending, as many as start. For a game, the opposing army's start. */
  readonly target: readonly number[]
}

export interface Problem {
  readonly kind: ProblemKind
  readonly title: string
  readonly board: Board
  readonly rules: Rules
  /** One army for a transfer; two for a game (army 0 is blue, army 1 red). */
  readonly armies: readonly Army[]
  /** In a game, the army that moves first (0 or 1). */
  readonly first: number
  /**
   * The board symmetry that maps the start onto the target (the first army's), if one does: it
   * defines palindromes, the `(reflect)` shorthand and sym(A).
   */
  readonly reflection: SymmetryName | undefined
}

/** What a caller asks for; makeProblem checks it. */
export interface ProblemInput {
  readonly kind: ProblemKind
  readonly title?: string
  readonly board: Board
  readonly rules: Rules
  /** Start cells of each army. */
  readonly starts: readonly (readonly number[])[]
  /** Transfer target: cells, or a symmetry of the start. Default: the board's mirror (or rotation). */
  readonly target?: readonly number[] | SymmetryName
  /**
   * Games: each army's target base, for a game from a position (analysis from a move of a line);
   * default: the other army's start.
   */
  readonly bases?: readonly (readonly number[])[]
  readonly first?: number
}

/** Check a problem input: sizes, overlaps, targets, and what the rules make impossible. */
export function makeProblem(input: ProblemInput): Result<Problem, Diagnostic[]> {
  const { board, rules, kind } = input
  const faults: Diagnostic[] = []
  const starts = input.starts.map((s) => [...s].sort((a, b) => a - b))
  const wantArmies = kind === 'transfer' ? 1 : 2
  if (starts.length !== wantArmies) {
    return err([
      diagnostic('problem.armies', `a ${kind} has ${wantArmies} ${wantArmies === 1 ? 'army' : 'armies'}, not ${starts.length}`, 'armies'),
    ])
  }
  starts.forEach((s, a) => {
    if (s.length === 0) faults.push(diagnostic('army.empty', 'the army has no men', `armies[${a}]`))
  })
  if (kind === 'game') {
    const blue = new Set(starts[0])
    const both = starts[1]!.filter((c) => blue.has(c))
    if (both.length > 0) {
      faults.push(diagnostic('army.overlap', `the armies overlap on ${cellsText(board, both)}`, 'armies[1]'))
    }
    if (starts[0]!.length !== starts[1]!.length) {
      faults.push(diagnostic('army.sizes', `the armies differ in size (${starts[0]!.length} and ${starts[1]!.length} men)`, 'armies[1]'))
    }
  }
  if (faults.length > 0) return err(faults)

  let armies: Army[]
  let reflection: SymmetryName | undefined
  if (kind === 'transfer') {
    const start = starts[0]!
    let target: number[]
    const t = input.target ?? defaultTargetSymmetry(board)
    if (typeof t === 'string') {
      const r = symmetricTarget(board, start, t)
      if (!r.ok) return err([{ ...r.error, at: 'armies[0].target' }])
      target = r.value
    } else {
      target = [...t].sort((a, b) => a - b)
      if (target.length !== start.length) {
        return err([
          diagnostic('target.size', `the target has ${target.length} cells but the army has ${start.length} men`, 'armies[0].target'),
        ])
      }
    }
    // A transfer moves the army: one already on its target has nothing to do (a line of no moves is no solution).
    if (target.every((c, k) => c === start[k]))
      return err([diagnostic('target.start', `the army already stands on its target (${cellsText(board, target)}): there is nothing to move`, 'armies[0].target')])
    armies = [{ name: ARMY_NAMES[0], start, target }]
    reflection = findReflection(board, start, target)
    const fault = transferImpossible(board, rules, start, target)
    if (fault) return err([fault])
  } else {
    const bases = (input.bases ?? [starts[1]!, starts[0]!]).map((b) => [...b].sort((x, y) => x - y))
    const faultOf = gameBasesFault(board, starts, bases)
    if (faultOf) return err([faultOf])
    armies = [
      { name: ARMY_NAMES[0], start: starts[0]!, target: bases[0]! },
      { name: ARMY_NAMES[1], start: starts[1]!, target: bases[1]! },
    ]
    // The symmetry between the two bases (each army's home is the other's target).
    reflection = findReflection(board, bases[1]!, bases[0]!)
  }
  const first = input.first ?? 0
  if (first !== 0 && first !== (kind === 'game' ? 1 : 0)) {
    return err([diagnostic('problem.first', `army ${first} cannot move first`, 'first')])
  }
  const title =
    input.title ?? `${kind === 'game' ? 'Game' : 'Transfer'} of ${armies[0]!.start.length} men, ${board.id}, ${describeRules(rules)}`
  return ok({ kind, title, board, rules, armies, first, reflection })
}

/** Why a game's target bases do not fit its armies (sizes, overlap), if they do not. */
function gameBasesFault(board: Board, starts: readonly (readonly number[])[], bases: readonly (readonly number[])[]): Diagnostic | undefined {
  if (bases.length !== 2) return diagnostic('target.count', `a game has 2 target bases, not ${bases.length}`, 'armies')
  for (let a = 0; a < 2; a++)
    if (bases[a]!.length !== starts[a]!.length)
      return diagnostic('target.size', `the target has ${bases[a]!.length} cells but the army has ${starts[a]!.length} men`, `armies[${a}].target`)
  const blue = new Set(bases[0])
  const both = bases[1]!.filter((c) => blue.has(c))
  if (both.length > 0) return diagnostic('target.overlap', `the two targets overlap on ${cellsText(board, both)}`, 'armies[1].target')
  // A game from a position where an army is home already is over: there is nothing to search.
  for (let a = 0; a < 2; a++)
    if (bases[a]!.every((c) => starts[a]!.includes(c)))
      return diagnostic('game.over', `${ARMY_NAMES[a]} already fills its target base: the game is over`, `armies[${a}].target`)
  return undefined
}

/** The symmetry (mirror first, then rotation) that maps start onto target, if any. */
function findReflection(board: Board, start: readonly number[], target: readonly number[]): SymmetryName | undefined {
  for (const name of ['mirror', 'rotate'] as const) {
    const image = symmetry(board, name)
    if (image && mapCells(image, start).every((c, k) => c === target[k])) return name
  }
  return undefined
}

/**
 * Reasons a transfer can never succeed, found without search: nothing to move is not a problem,
 * but with jumps only no man ever changes type, so the type counts of start and target must agree.
 */
function transferImpossible(board: Board, rules: Rules, start: readonly number[], target: readonly number[]): Diagnostic | undefined {
  if (rules.jumpsOnly) {
    const a = balance(board, start)
    const b = balance(board, target)
    if (a.some((n, t) => n !== b[t])) {
      return diagnostic(
        'problem.impossible',
        `impossible with jumps only: a jump never changes a man's type, and the army has (${a.join(', ')}) men of types 0-3 but the target needs (${b.join(', ')})`,
        'rules.jumpsOnly',
      )
    }
  }
  // Men never leave the part of the board they stand on: the cells joined by steps (or, with
  // jumps only, by jumps over a cell of the board). Each part must hold as many men as targets.
  const part = boardParts(board, rules)
  const count = new Map<number, number>()
  for (const c of start) count.set(part[c]!, (count.get(part[c]!) ?? 0) + 1)
  for (const c of target) count.set(part[c]!, (count.get(part[c]!) ?? 0) - 1)
  for (const [p, n] of count) {
    if (n < 0) {
      const cells = target.filter((c) => part[c] === p)
      const men = cells.length + n
      return diagnostic(
        'problem.impossible',
        `impossible: only ${men} of the men can reach the target cells ${cellsText(board, cells)} (men cannot ${rules.jumpsOnly ? 'jump' : 'move'} between unconnected parts of the board)`,
        'armies[0].target',
      )
    }
  }
  return undefined
}

/** Label of the connected part of the board each cell is in: by steps, or by jumps with jumps only. */
function boardParts(board: Board, rules: Rules): Int32Array {
  const topo = topology(board, rules)
  const part = new Int32Array(board.size).fill(-1)
  let label = 0
  for (let s = 0; s < board.size; s++) {
    if (part[s] !== -1) continue
    part[s] = label
    const queue = [s]
    for (let q = 0; q < queue.length; q++) {
      const c = queue[q]!
      for (let d = 0; d < topo.degree; d++) {
        // Steps reach the neighbour; jumps reach every second cell along the line (only the
        // second without long jumps), as long as the line stays on the board.
        let n = c
        for (let k = 1; ; k++) {
          n = topo.neighbor[n * topo.degree + d]!
          if (n < 0) break
          if (!rules.jumpsOnly || k % 2 === 0) {
            if (part[n] === -1) {
              part[n] = label
              queue.push(n)
            }
            if (!rules.longJumps || !rules.jumpsOnly) break
          }
        }
      }
    }
    label++
  }
  return part
}

/** A corner-army problem from presets: `triangle10` on `9x9` under some rules. */
export function presetProblem(
  kind: ProblemKind,
  board: Board,
  rules: Rules,
  army: ArmyPreset,
  title?: string,
): Result<Problem, Diagnostic[]> {
  const cells = presetArmy(board, army)
  if (!cells.ok) return err([{ ...cells.error, at: 'armies[0]' }])
  const named = title ?? `${army} ${kind} on ${board.id}, ${describeRules(rules)}`
  if (kind === 'transfer') return makeProblem({ kind, board, rules, starts: [cells.value], title: named })
  const red = symmetricTarget(board, cells.value, 'rotate')
  if (!red.ok) return err([{ ...red.error, at: 'armies[1]' }])
  return makeProblem({ kind, board, rules, starts: [cells.value, red.value], title: named })
}

/** The start position: every army on its start cells. */
export function startPosition(problem: Problem): Position {
  return Position.of(
    problem.board,
    problem.armies.map((a) => a.start),
  )
}

/** Whether army `army` fully occupies its target in this position. */
export function occupiesTarget(problem: Problem, position: Position, army: number): boolean {
  return problem.armies[army]!.target.every((c) => position.at(c) === army + 1)
}

/** One line describing the problem, e.g. "transfer, 10 men, 9x9 board, 6-move". */
export function describeProblem(problem: Problem): string {
  return `${problem.kind}, ${problem.armies[0]!.start.length} men${problem.kind === 'game' ? ' a side' : ''}, ${describeBoard(problem.board)}, ${describeRules(problem.rules)}`
}
