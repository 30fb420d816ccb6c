/**
 * The transfer flow (paper section 3.3's "first find a solution of any length, then try to find a
 * shorter solution, and finally prove that no shorter solution exists"), one named step each:
 * - settleSmall: a small problem's whole state space, searched both ways, settles it exactly;
 * - findByBeam: truncated breadth-first search (fast, proves nothing);
 * - proveLengths: exhaustive checks of every length from the lower bound up (the first with a
 *   solution is optimal), up to the beam's length or the job's limit;
 * - reconstruct: the solutions met, traced, joined and verified.
 * Strategies pick steps: beam (findByBeam), exhaustive (proveLengths), auto (both). Problems whose
 * target is not a reflection of the start use bidirectional search instead.
 */
import { transferBound } from '../../halma/metrics'
import { isPalindrome } from '../../halma/notation'
import type { Problem } from '../../halma/problem'
import { Budget, BudgetError } from '../core/budget'
import { JobFlow } from '../core/flow'
import { loaded } from '../core/job-fields'
import type { LevelRecord, LevelSearch } from '../core/levels'
import type { Progress } from '../core/progress'
import type { SpineDomain, SpineHost } from '../core/spine'
import { beamSearch } from './beam-search'
import { bidirectional, type BidiOutcome } from './bidi'
import type { TransferContext } from './context'
import { TransferDomain, type TransferInit } from './domain'
import type { FoundSolution, LengthProof, SolveJob, SolveResult } from './job'
import { TransferKernel, type TransferRule } from './kernel'
import type { Meeting } from './meet'
import { checkLength } from './prove'
import { boardsToMoves, meetingBoards, middleName } from './solutions'
import { bidiStatement, reflectedStatement } from './statement'

/** Solutions rebuilt and listed per result (the count of meetings is reported in full). */
const MAX_LISTED = 20
/** Meetings collected per check. */
const MAX_MEETINGS = 100_000
/**
 * Bytes for the first, exhaustive look at a reflected problem: a small problem's whole state space
 * fits, and is settled exactly (optimum or unsolvable) before any beam or proof.
 */
const SMALL_BYTES = 16 << 20

/** The small problems' look, settled when it outgrew its memory (`bytes`): a resume does not run it again. */
interface SmallStep {
  readonly bytes: number
}

/** A solution length met, its solutions traced and verified. */
interface Found {
  readonly length: number
  /** Distinct middle boards met (may exceed the solutions listed). */
  readonly meetings: number
  readonly solutions: FoundSolution[]
  readonly via: 'beam' | 'proof'
}

/** The beam's outcome as the checkpoint records it (a resume does not run the beam again). */
interface BeamStep {
  /** The longest length it looked for, and what it found (null: nothing up to it). */
  readonly maxLength: number
  readonly found: Found | null
  readonly records: readonly LevelRecord[]
}

export class TransferFlow extends JobFlow<TransferRule, TransferInit, SolveResult> {
  private domain!: TransferDomain

  constructor(
    private readonly job: SolveJob,
    host: SpineHost<TransferInit>,
    progress: (p: Progress) => void,
  ) {
    super(job, host, progress, 'beam')
  }

  protected prepare(): SpineDomain<TransferRule, TransferInit> {
    const problem = loaded(this.job)
    if (problem.kind !== 'transfer') throw new Error('solve takes a transfer problem; games are searched by the game engine')
    const domain = (this.domain = new TransferDomain(problem, { fold: this.job.fold, bound: this.job.bound, exactMoves: this.job.exactMoves }))
    return { init: domain.init, kernel: () => new TransferKernel(domain) }
  }

  protected steps(): Promise<SolveResult> {
    // Only the exhaustive searches (proofs, the bidirectional search) keep levels on disk.
    const ctx: TransferContext = { domain: this.domain, spine: this.spine, onDisk: false }
    return this.domain.problem.reflection ? this.solveReflected(ctx) : this.solveGeneral({ ...ctx, onDisk: true })
  }

  /** The transfer bound at the start: d(A, B) + |A| - 1. */
  private lowerBound(problem: Problem): number {
    const army = problem.armies[0]!
    return transferBound(problem.board, problem.rules, army.start, army.target) ?? (army.start.join() === army.target.join() ? 0 : 1)
  }

  /** Levels built by a search, for the result's statistics. */
  private record(run: LevelSearch<TransferRule>): void {
    this.report.record(run.records)
    this.report.peak(run.states, run.bytes)
  }

  private async solveReflected(ctx: TransferContext): Promise<SolveResult> {
    const job = this.job
    if (!job.palindrome) {
      const small = await this.settleSmall(ctx)
      if (small) return small
    }
    let found = job.strategy !== 'exhaustive' && !job.palindrome ? await this.findByBeam(ctx) : undefined
    let lower = this.lowerBound(ctx.domain.problem)
    const proofs: LengthProof[] = []
    let stopped: LengthProof | undefined
    if (job.strategy !== 'beam') {
      const proved = await this.proveLengths({ ...ctx, onDisk: true }, lower, found ? found.length - 1 : job.maxLength)
      proofs.push(...proved.proofs)
      found = proved.found ?? found
      lower = proved.lower
      stopped = proved.stopped
    }
    const end = reflectedStatement({ job, found, lower, proofs, stopped, folded: ctx.domain.folded })
    return this.result({
      status: end.status,
      length: found?.length ?? null,
      optimal: end.optimal,
      lowerBound: end.optimal ? found!.length : lower,
      solutions: found?.solutions ?? [],
      meetings: found?.meetings ?? 0,
      statement: end.statement,
      lengths: proofs,
    })
  }

  /** Small problems: plain bidirectional search within SMALL_BYTES settles them exactly, unsolvable ones included. */
  private async settleSmall(ctx: TransferContext): Promise<SolveResult | undefined> {
    this.report.phase = 'bidirectional'
    const bytes = Math.min(SMALL_BYTES, this.job.budgetBytes)
    // A look that outgrew its memory outgrows the same memory again: a resume skips it.
    const before = this.spine.settled<SmallStep>('small')
    if (before && before.bytes >= bytes) {
      this.report.emit('exhaustive look at the whole state space (small problems): too large for it before the resume (checkpoint)')
      return undefined
    }
    this.report.emit('exhaustive look at the whole state space (small problems)')
    const small = await bidirectional({ ...ctx, budget: new Budget(bytes, Infinity) }, this.job.maxLength)
    if (small.kind === 'budget') this.spine.settle('small', { bytes } satisfies SmallStep)
    if (small.kind !== 'found' && small.kind !== 'unsolvable') return undefined
    for (const r of small.runs) this.record(r)
    return this.generalResult(ctx.domain, small)
  }

  /**
   * A first solution by the beam (undefined: none, or the beam ran out of memory or time). Its
   * outcome is a settled step of the checkpoint: a resume takes it from there.
   */
  private async findByBeam(ctx: TransferContext): Promise<Found | undefined> {
    const job = this.job
    this.report.phase = 'beam'
    const settled = this.spine.settled<BeamStep>('beam')
    if (settled && (settled.found ? settled.found.length <= job.maxLength : settled.maxLength >= job.maxLength)) {
      this.report.emit(`beam search: ${settled.found ? `a solution of ${settled.found.length} moves` : 'nothing'} found before the resume (checkpoint)`)
      this.report.record(settled.records)
      return settled.found ?? undefined
    }
    this.report.emit(`beam search, M = ${job.beam.width}, lambda = ${job.beam.lambda}`)
    try {
      const beam = await beamSearch(ctx, {
        width: job.beam.width,
        lambda: job.beam.lambda,
        maxLength: job.maxLength,
        maxMeetings: MAX_MEETINGS,
      })
      const found: Found | null = beam ? { length: beam.length, ...this.reconstruct(ctx.domain, beam.run, beam.meetings), via: 'beam' } : null
      if (beam) {
        this.record(beam.run)
        this.report.emit(`beam found a solution of ${beam.length} moves`)
      }
      this.spine.settle('beam', { maxLength: job.maxLength, found, records: beam?.run.records ?? [] } satisfies BeamStep)
      return found ?? undefined
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e
      this.report.emit(`beam search stopped by ${e.kind === 'time' ? 'the time limit' : 'the memory budget'}`)
      return undefined
    }
  }

  /**
   * Exhaustive checks of the lengths from `from` to `last`, shortest first: the first with a
   * solution is optimal. Returns the solution found (if any), the proven lower bound, the record of
   * each length, and the length stopped by the budget or the time limit.
   */
  private async proveLengths(
    ctx: TransferContext,
    from: number,
    last: number,
  ): Promise<{ found: Found | undefined; lower: number; proofs: LengthProof[]; stopped: LengthProof | undefined }> {
    const proofs: LengthProof[] = []
    let lower = from
    // An odd length's Cmax search serves the next length too (prove.ts, ProveContext.carry).
    const carry = {}
    for (let L = from; L <= last; L++) {
      this.report.length = L
      const settled = this.spine.settled<LengthProof>(`length ${L}`)
      if (settled) {
        this.report.phase = 'prove'
        this.report.emit(`length ${L}: proven impossible before the resume (checkpoint)`)
        proofs.push(settled)
        lower = L + 1
        continue
      }
      let check
      try {
        check = await checkLength(
          {
            ...ctx,
            maxMeetings: MAX_MEETINGS,
            finish: this.job.finish === true,
            carry,
            phase: (phase, length, cmax) => {
              this.report.phase = phase
              this.report.cmax = cmax
              this.report.emit(`${phase} for length ${length}${cmax !== null ? `, Cmax = ${cmax}` : ''}`)
            },
          },
          L,
          this.job.palindrome,
        )
      } catch (e) {
        if (!(e instanceof BudgetError)) throw e
        const stopped: LengthProof = {
          length: L,
          result: e.kind === 'time' ? 'time' : 'budget',
          cmax: this.report.cmax,
          meet: Math.floor(L / 2),
          levels: [],
          largestLevel: 0,
          seconds: 0,
        }
        proofs.push(stopped)
        return { found: undefined, lower, proofs, stopped }
      }
      this.record(check.run)
      const met = check.meetings.length > 0
      proofs.push({
        length: L,
        result: met ? 'found' : 'none',
        cmax: check.cmax === null ? null : check.cmax / ctx.domain.space.scale,
        meet: check.meet,
        levels: check.levels,
        largestLevel: Math.max(...check.levels),
        seconds: check.seconds,
      })
      // Without a meeting nothing is traced: the length is settled, and its levels (files) can go.
      if (!met) {
        this.spine.settle(`length ${L}`, proofs[proofs.length - 1])
        check.run.release(check.run.levels.length)
      }
      if (met) {
        // On disk the found length's levels stay with the checkpoint: resuming a finished search
        // gives its result again at once.
        this.spine.keep(check.run)
        const found: Found = { length: L, ...this.reconstruct(ctx.domain, check.run, check.meetings), via: 'proof' }
        return { found, lower, proofs, stopped: undefined }
      }
      lower = L + 1
    }
    return { found: undefined, lower: Math.max(lower, last + 1), proofs, stopped: undefined }
  }

  /** The distinct solutions met (by middle board), traced through `run` and verified, up to MAX_LISTED. */
  private reconstruct(
    domain: TransferDomain,
    run: LevelSearch<TransferRule>,
    meetings: readonly Meeting[],
  ): { meetings: number; solutions: FoundSolution[] } {
    this.report.phase = 'reconstruct'
    this.report.emit('rebuilding solutions')
    const solutions: FoundSolution[] = []
    const seen = new Set<string>()
    for (const m of meetings) {
      if (solutions.length >= MAX_LISTED) break
      const middle = middleName(domain, m)
      if (seen.has(middle)) continue
      seen.add(middle)
      const moves = boardsToMoves(domain, meetingBoards(domain, run.levels, m))
      solutions.push({ moves: moves.texts, middle, palindrome: isPalindrome(domain.reflection!, moves.paths) })
    }
    return { meetings: meetings.length, solutions }
  }

  private async solveGeneral(ctx: TransferContext): Promise<SolveResult> {
    this.report.phase = 'bidirectional'
    this.report.emit('bidirectional search (the target is not a reflection of the start)')
    const out = await bidirectional(ctx, this.job.maxLength)
    for (const r of out.runs) this.record(r)
    return this.generalResult(ctx.domain, out)
  }

  /** The result of a bidirectional search. */
  private generalResult(domain: TransferDomain, out: BidiOutcome): SolveResult {
    const end = bidiStatement(out, this.lowerBound(domain.problem), this.job.maxLength)
    const found = out.kind === 'found'
    return this.result({
      status: end.status,
      length: found ? out.length : null,
      optimal: found,
      lowerBound: end.bound,
      solutions: found ? [{ moves: boardsToMoves(domain, out.boards).texts, middle: '', palindrome: false }] : [],
      meetings: found ? out.meetings : 0,
      statement: end.statement,
      lengths: [],
    })
  }

  private result(r: Omit<SolveResult, 'moves' | 'proof' | 'stats'> & { statement: string; lengths: LengthProof[] }): SolveResult {
    return {
      status: r.status,
      length: r.length,
      optimal: r.optimal,
      lowerBound: r.lowerBound,
      moves: r.solutions[0]?.moves ?? [],
      solutions: r.solutions,
      meetings: r.meetings,
      proof: { statement: r.statement, lengths: r.lengths, bound: this.job.bound },
      stats: this.report.stats(this.spine.threads),
    }
  }
}
