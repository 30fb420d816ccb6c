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
import { interpret } from '../../halma/document'
import { transferBound } from '../../halma/metrics'
import { isPalindrome } from '../../halma/notation'
import type { Problem } from '../../halma/problem'
import { Budget, BudgetError } from '../core/budget'
import type { Executor } from '../core/executor'
import type { LevelSearch } from '../core/levels'
import type { Progress } from '../core/progress'
import { JobFlow } from '../core/flow'
import { beamSearch } from './beam-search'
import { bidirectional, type BidiOutcome } from './bidi'
import type { TransferContext } from './context'
import { Checkpoint, searchParams } from '../core/checkpoint'
import type { LevelFarm } from '../core/farm'
import type { FileStore } from '../core/storage'
import { TransferDomain } from './domain'
import type { FoundSolution, LengthProof, SolveJob, SolveResult } from './job'
import type { TransferRule } from './kernel'
import { checkLength, type Meeting } from './prove'
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

export interface TransferDeps {
  makeExecutor(domain: TransferDomain): Executor<TransferRule>
  progress(p: Progress): void
  /** Files in a folder (job.disk), where the host has them. */
  files?(folder: string): FileStore
  /** Workers on a job queue at `url` sharing `folder` (job.cluster), where the host has them. */
  farm?(url: string, folder: string): LevelFarm
}

/** A solution length met, with the search whose levels trace it. */
interface Found {
  readonly length: number
  readonly meetings: Meeting[]
  readonly run: LevelSearch<TransferRule>
  readonly via: 'beam' | 'proof'
}

export class TransferFlow extends JobFlow<TransferRule, SolveResult> {
  private disk: TransferContext['disk']
  private domainInit: unknown
  /** Lets go of the folder claimed for the levels on disk. */
  private release: (() => void) | undefined

  constructor(
    private readonly job: SolveJob,
    private readonly deps: TransferDeps,
  ) {
    super(job, deps.progress, 'beam')
  }

  async run(): Promise<SolveResult> {
    const doc = interpret(this.job.problem)
    if (!doc.ok) throw new Error(`bad problem: ${doc.error.map((d) => d.message).join('; ')}`)
    const problem = doc.value.problem
    if (problem.kind !== 'transfer') throw new Error('solve takes a transfer problem; games are searched by the game engine')
    const domain = new TransferDomain(problem, { fold: this.job.fold, bound: this.job.bound, exactMoves: this.job.exactMoves })
    const executor = (this.executor = this.deps.makeExecutor(domain))
    const ctx: TransferContext = {
      domain,
      executor,
      budget: this.budget,
      onLevel: (label) => this.report.level(label),
    }
    // Only the exhaustive searches (proofs, the bidirectional search) keep levels on disk.
    this.domainInit = domain.init
    this.disk = this.job.disk === undefined ? undefined : this.diskOf(this.job.disk)
    try {
      return problem.reflection ? await this.solveReflected(ctx) : await this.solveGeneral(ctx)
    } finally {
      executor.close()
      await this.disk?.farm?.farm.close()
      this.release?.()
    }
  }

  /** Levels on disk in `folder`: a quarter of the budget sorts children (and a quarter the keys a meeting asks for). */
  private diskOf(folder: string): NonNullable<TransferContext['disk']> {
    if (!this.deps.files) throw new Error('levels on disk need files, which this host does not provide (use the CLI or the desktop app)')
    const store = this.deps.files(folder)
    const release = store.claim()
    try {
      const disk = this.diskIn(store)
      this.release = release
      return disk
    } catch (e) {
      release()
      throw e
    }
  }

  private diskIn(store: FileStore): NonNullable<TransferContext['disk']> {
    const folder = store.where
    const bufferBytes = Math.floor(this.job.budgetBytes / 4)
    if (this.job.cluster !== undefined) {
      if (!this.deps.farm) throw new Error('a cluster needs a job queue, which this host does not provide (use the CLI)')
      return {
        store,
        bufferBytes,
        farm: { farm: this.deps.farm(this.job.cluster, folder), shards: this.job.shards, init: this.domainInit! },
      }
    }
    const checkpoint = new Checkpoint(store, searchParams(this.job), this.job.resume)
    return { store, bufferBytes, checkpoint }
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
      const proved = await this.proveLengths(ctx, lower, found ? found.length - 1 : job.maxLength)
      proofs.push(...proved.proofs)
      found = proved.found ?? found
      lower = proved.lower
      stopped = proved.stopped
    }
    const solutions = this.reconstruct(ctx.domain, found)
    // On disk the found length's levels stay with the checkpoint: resuming a finished search
    // gives its result again at once.
    const end = reflectedStatement({ job, found, lower, proofs, stopped, folded: ctx.domain.folded })
    return this.result({
      status: end.status,
      length: found?.length ?? null,
      optimal: end.optimal,
      lowerBound: end.optimal ? found!.length : lower,
      solutions,
      meetings: found?.meetings.length ?? 0,
      statement: end.statement,
      lengths: proofs,
    })
  }

  /** Small problems: plain bidirectional search within SMALL_BYTES settles them exactly, unsolvable ones included. */
  private async settleSmall(ctx: TransferContext): Promise<SolveResult | undefined> {
    this.report.phase = 'bidirectional'
    this.report.emit('exhaustive look at the whole state space (small problems)')
    const small = await bidirectional(
      { ...ctx, budget: new Budget(Math.min(SMALL_BYTES, this.job.budgetBytes), Infinity) },
      this.job.maxLength,
    )
    if (small.kind !== 'found' && small.kind !== 'unsolvable') return undefined
    for (const r of small.runs) this.record(r)
    return this.generalResult(ctx.domain, small)
  }

  /** A first solution by the beam (undefined: none, or the beam ran out of memory or time). */
  private async findByBeam(ctx: TransferContext): Promise<Found | undefined> {
    const job = this.job
    this.report.phase = 'beam'
    this.report.emit(`beam search, M = ${job.beam.width}, lambda = ${job.beam.lambda}`)
    try {
      const beam = await beamSearch(ctx, {
        width: job.beam.width,
        lambda: job.beam.lambda,
        maxLength: job.maxLength,
        maxMeetings: MAX_MEETINGS,
      })
      if (!beam) return undefined
      this.record(beam.run)
      this.report.emit(`beam found a solution of ${beam.length} moves`)
      return { ...beam, via: 'beam' }
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
      const settled = this.disk?.checkpoint?.step<LengthProof>(`length ${L}`)
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
            ...(this.disk && { disk: this.disk }),
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
        this.disk?.checkpoint?.settle(`length ${L}`, proofs[proofs.length - 1])
        check.run.release(check.run.levels.length)
      }
      if (met) return { found: { length: L, meetings: check.meetings, run: check.run, via: 'proof' }, lower, proofs, stopped: undefined }
      lower = L + 1
    }
    return { found: undefined, lower: Math.max(lower, last + 1), proofs, stopped: undefined }
  }

  /** The distinct solutions met (by middle board), traced and verified, up to MAX_LISTED. */
  private reconstruct(domain: TransferDomain, found: Found | undefined): FoundSolution[] {
    this.report.phase = 'reconstruct'
    this.report.emit('rebuilding solutions')
    const solutions: FoundSolution[] = []
    const seen = new Set<string>()
    for (const m of found?.meetings ?? []) {
      if (solutions.length >= MAX_LISTED) break
      const middle = middleName(domain, m)
      if (seen.has(middle)) continue
      seen.add(middle)
      const moves = boardsToMoves(domain, meetingBoards(domain, found!.run.levels, m))
      solutions.push({ moves: moves.texts, middle, palindrome: isPalindrome(domain.reflection!, moves.paths) })
    }
    return solutions
  }

  private async solveGeneral(ctx: TransferContext): Promise<SolveResult> {
    this.report.phase = 'bidirectional'
    this.report.emit('bidirectional search (the target is not a reflection of the start)')
    const out = await bidirectional({ ...ctx, ...(this.disk && { disk: this.disk }) }, this.job.maxLength)
    for (const r of out.runs) this.record(r)
    const result = this.generalResult(ctx.domain, out)
    if (this.disk) for (const r of out.runs) r.discard()
    return result
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
      stats: this.report.stats(this.executor?.threads ?? 0),
    }
  }
}
