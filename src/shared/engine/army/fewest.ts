/**
 * The fewest moves for a solitaire army (section 6: a move is one man's chain of jumps), by the
 * engine: level k holds the positions first reached after k moves (ArmyDomain, ArmyKernel), so the
 * first level with a man on the target gives the fewest moves, and every level before it was built
 * completely: "no solution of k moves" is a finished search. Threads and the memory budget are the
 * engine's (the executor and Budget); the line is traced back through the levels and verified.
 */
import { Budget, BudgetError } from '../core/budget'
import type { Executor } from '../core/executor'
import { LevelSearch, type LevelProgress } from '../core/levels'
import { traceForward } from '../core/trace'
import type { ArmyDomain, ArmyRule } from './domain'
import type { Cell } from '../../cell'

export interface FewestOutcome {
  /** The moves (each a chain of cells) of a shortest solution, or null if none was found. */
  readonly moves: Cell[][] | null
  /** Every number of moves up to this one was searched completely and has no solution. */
  readonly provenAbove: number
  /** Positions per level (level 0: the start). */
  readonly levels: number[]
  /** Why the search stopped short, if it did. */
  readonly stopped: 'memory' | 'time' | null
}

export async function fewestMoves(
  domain: ArmyDomain,
  executor: Executor<ArmyRule>,
  options: { readonly maxMoves: number; readonly budgetBytes: number; readonly timeLimit?: number; readonly onLevel?: (p: LevelProgress) => void },
): Promise<FewestOutcome> {
  const budget = Budget.of(options.budgetBytes, options.timeLimit ?? 0)
  // A position can come back only with as many jumps in more moves: look a few levels back.
  const search = new LevelSearch(executor, budget, domain.startKey, { window: [1, 2, 3, 4], ...(options.onLevel && { onLevel: options.onLevel }) })
  const sizes = (): number[] => search.levels.map((l) => l.size)
  try {
    for (let level = 1; level <= options.maxMoves; level++) {
      const next = await search.build(search.levels[level - 1]!, { kind: 'army', level })
      search.levels.push(next)
      if (search.goals) {
        let end: number[][] | undefined
        search.goals.forEach((raw, off) => void (end ??= domain.unpack(raw, off)))
        const line = traceForward(domain, search.levels, end!, level, (state) => domain.children(state))
        const { paths } = domain.movesAlong(line)
        return { moves: paths.map((p) => p.map((c) => domain.win.cells[c]!)), provenAbove: level - 1, levels: sizes(), stopped: null }
      }
      if (next.size === 0) return { moves: null, provenAbove: options.maxMoves, levels: sizes(), stopped: null }
    }
    return { moves: null, provenAbove: options.maxMoves, levels: sizes(), stopped: null }
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e
    return { moves: null, provenAbove: search.levels.length - 1, levels: sizes(), stopped: e.kind }
  }
}
