/**
 * The fewest moves for a solitaire army (section 6: a move is one man's chain of jumps), as a job
 * flow on the spine (issue 28): level k holds the positions first reached after k moves
 * (ArmyDomain, ArmyKernel), so the first level with a man on the target gives the fewest moves,
 * and every level before it was built completely: "no solution of k moves" is a finished search.
 * Threads, the memory budget, the time limit, progress, cancel, levels on disk and their
 * checkpoint are the spine's; the line is traced through the levels and verified by the core.
 */
import { BudgetError } from '../core/budget'
import { JobFlow } from '../core/flow'
import { loaded } from '../core/job-fields'
import type { Progress } from '../core/progress'
import type { SpineDomain, SpineHost } from '../core/spine'
import { traceForward } from '../core/trace'
import { ArmyDomain, type ArmyInit, type ArmyRule } from './domain'
import { armyFields, parseFewestJob, type FewestJob, type FewestResult } from './fewest-job'
import { ArmyKernel } from './kernel'
import type { Cell } from '../../cell'

export class FewestFlow extends JobFlow<ArmyRule, ArmyInit, FewestResult> {
  private domain!: ArmyDomain

  constructor(
    private readonly job: FewestJob,
    host: SpineHost<ArmyInit>,
    progress: (p: Progress) => void,
  ) {
    super(job, host, progress, 'prove')
  }

  protected prepare(): SpineDomain<ArmyRule, ArmyInit> {
    const domain = (this.domain = new ArmyDomain(loaded(this.job)))
    return { init: domain.init, kernel: () => new ArmyKernel(domain) }
  }

  protected async steps(): Promise<FewestResult> {
    const { domain, job } = this
    this.report.emit(`the fewest moves, level by level, up to ${job.maxMoves}`)
    // A position can come back only with as many jumps in more moves: look a few levels back.
    const search = this.spine.search({ name: 'fewest', origin: domain.startKey, window: [1, 2, 3, 4], onDisk: true, plan: job.maxMoves })
    const sizes = (): number[] => search.levels.map((l) => l.size)
    let moves: Cell[][] | null = null
    let stopped: FewestResult['stopped'] = null
    try {
      for (let level = 1; level <= job.maxMoves; level++) {
        const next = await search.next({ kind: 'army', level })
        if (search.goals) {
          let end: number[][] | undefined
          search.goals.forEach((raw, off) => void (end ??= domain.unpack(raw, off)))
          const line = traceForward(domain, search.levels, end!, level, (state) => domain.children(state))
          moves = domain.movesAlong(line).paths.map((p) => p.map((c) => domain.win.cells[c]!))
          break
        }
        if (next.size === 0) break
      }
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e
      stopped = e.kind
    }
    this.report.record(search.records)
    this.report.peak(search.states, this.spine.budget.peakBytes)
    const levels = sizes()
    const depth = levels.length - 1
    // Every level built before the one that met the target, or that stopped, was complete.
    const provenAbove = moves ? depth - 1 : stopped ? depth : job.maxMoves
    return {
      moves,
      provenAbove,
      levels,
      stopped,
      statement: statement(moves, provenAbove, stopped, levels, job.maxMoves),
      stats: this.report.stats(this.spine.threads),
    }
  }
}

function statement(
  moves: readonly unknown[] | null,
  provenAbove: number,
  stopped: FewestResult['stopped'],
  levels: readonly number[],
  max: number,
): string {
  const positions = levels.reduce((a, b) => a + b, 0).toLocaleString('en-US')
  const searched = `every position after up to ${provenAbove} moves searched (${positions} positions in ${levels.length} levels)`
  if (moves)
    return `Fewest moves: ${moves.length}, proven: no solution of ${provenAbove} moves or fewer, ${searched}; the line found is verified.`
  if (stopped)
    return `Not settled: the search stopped (${stopped === 'time' ? 'time limit' : 'memory budget'}); proven: no solution of ${provenAbove} moves or fewer, ${searched}.`
  return `No solution of ${max} moves or fewer: ${searched}${levels.at(-1) === 0 ? '; no position is left to move' : ''}.`
}

/**
 * The fewest-moves flow on the calling thread, for an army already checked (an army job's custom
 * board, tools, tests): no threads, no folder.
 */
export function fewestInline(
  init: ArmyInit,
  options: {
    readonly maxMoves: number
    readonly budgetBytes: number
    readonly timeLimit?: number
    readonly progress?: (p: Progress) => void
  },
): Promise<FewestResult> {
  const job = parseFewestJob({
    ...armyFields(init),
    maxMoves: options.maxMoves,
    threads: 1,
    budgetBytes: options.budgetBytes,
    timeLimit: options.timeLimit ?? 0,
  })
  if (!job.ok) throw new Error(`internal: a checked army's fewest-moves job: ${job.error.map((d) => d.message).join('; ')}`)
  return new FewestFlow(job.value, {}, options.progress ?? (() => undefined)).run()
}
