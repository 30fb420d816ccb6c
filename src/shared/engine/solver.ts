/**
 * Strategies for transfer problems (paper section 3.3's "first find a solution of any length, then
 * try to find a shorter solution, and finally prove that no shorter solution exists"):
 * - beam: truncated breadth-first search; fast, proves nothing;
 * - exhaustive: check every length from the lower bound up; the first with a solution is optimal;
 * - auto: beam first, then exhaustive checks of every length below the beam's.
 * Problems whose target is not a reflection of the start use bidirectional search instead.
 * Every solution reported has been rebuilt move by move and verified by the core verifier.
 */
import { interpret } from '../document'
import { transferBound } from '../metrics'
import { isPalindrome } from '../notation'
import type { Problem } from '../problem'
import { beamSearch } from './beam'
import { bidirectional, type BidiOutcome } from './bidi'
import { TransferDomain } from './domain'
import type { Executor } from './executor'
import type { FoundSolution, LengthProof, LevelStat, Phase, Progress, SolveJob, SolveResult } from './job'
import { checkLength, type LengthCheck, type Meeting } from './prove'
import { boardsToMoves, meetingBoards, middleName } from './solutions'
import { BudgetError, type Run, type RunObserver } from './run'

/** Solutions rebuilt and listed per result (the count of meetings is reported in full). */
const MAX_LISTED = 20
/** Meetings collected per check. */
const MAX_MEETINGS = 100_000
/**
 * Bytes for the first, exhaustive look at a reflected problem: a small problem's whole state space
 * fits, and is settled exactly (optimum or unsolvable) before any beam or proof.
 */
const SMALL_BYTES = 16 << 20

export interface SolverDeps {
  makeExecutor(domain: TransferDomain): Executor
  progress(p: Progress): void
}

export class Solver {
  private readonly t0 = performance.now()
  private readonly deadline: number
  private phase: Phase = 'beam'
  private length: number | null = null
  private cmax: number | null = null
  private readonly levelStats: LevelStat[] = []
  private peakBoards = 0
  private peakBytes = 0
  private executor: Executor | undefined

  constructor(
    private readonly job: SolveJob,
    private readonly deps: SolverDeps,
  ) {
    this.deadline = job.timeLimit > 0 ? this.t0 + job.timeLimit * 1000 : Infinity
  }

  cancel(): void {
    this.executor?.cancel()
  }

  private elapsed(): number {
    return (performance.now() - this.t0) / 1000
  }

  private emit(message: string, extra: Partial<Progress> = {}): void {
    this.deps.progress({
      phase: this.phase,
      length: this.length,
      level: 0,
      levelSize: 0,
      done: 0,
      total: 0,
      cmax: this.cmax,
      rate: 0,
      memoryBytes: 0,
      elapsed: this.elapsed(),
      message,
      ...extra,
    })
  }

  private observer(label = ''): RunObserver {
    return {
      level: (run, level, done, total, stats, size, seconds) => {
        const bytes = run.bytes
        this.peakBytes = Math.max(this.peakBytes, bytes)
        this.peakBoards = Math.max(this.peakBoards, run.boards + size)
        this.emit(`${label}level ${level}`, {
          level,
          levelSize: size,
          done,
          total,
          rate: seconds > 0 ? stats.children / seconds : 0,
          memoryBytes: bytes,
        })
      },
    }
  }

  private record(run: Run): void {
    for (const r of run.records) {
      this.levelStats.push({
        phase: this.phase,
        length: this.length,
        level: r.level,
        size: r.size,
        children: r.children,
        seconds: r.seconds,
      })
    }
    this.peakBoards = Math.max(this.peakBoards, run.boards)
    this.peakBytes = Math.max(this.peakBytes, run.bytes)
  }

  async solve(): Promise<SolveResult> {
    const doc = interpret(this.job.problem)
    if (!doc.ok) throw new Error(`bad problem: ${doc.error.map((d) => d.message).join('; ')}`)
    const problem = doc.value.problem
    if (problem.kind !== 'transfer') throw new Error('solve takes a transfer problem; games are searched by the game engine')
    const domain = new TransferDomain(problem, { fold: this.job.fold, bound: this.job.bound, exactMoves: this.job.exactMoves })
    const executor = (this.executor = this.deps.makeExecutor(domain))
    try {
      return problem.reflection ? await this.solveReflected(problem, domain) : await this.solveGeneral(problem, domain)
    } finally {
      executor.close()
    }
  }

  private lowerBound(problem: Problem): number {
    const army = problem.armies[0]!
    return transferBound(problem.board, problem.rules, army.start, army.target) ?? (army.start.join() === army.target.join() ? 0 : 1)
  }

  private async solveReflected(problem: Problem, domain: TransferDomain): Promise<SolveResult> {
    const job = this.job
    const executor = this.executor!
    let lower = this.lowerBound(problem)
    let found: { length: number; meetings: Meeting[]; run: Run; via: 'beam' | 'proof' } | undefined
    const proofs: LengthProof[] = []
    if (!job.palindrome) {
      // Small problems: plain bidirectional search settles them exactly, unsolvable ones included.
      this.phase = 'bidirectional'
      this.emit('exhaustive look at the whole state space (small problems)')
      const small = await bidirectional(domain, executor, Math.min(SMALL_BYTES, job.budgetBytes), job.maxLength, {
        forward: this.observer('forward '),
        backward: this.observer('backward '),
      })
      if (small.kind === 'found' || small.kind === 'unsolvable') {
        for (const r of small.runs) this.record(r)
        return this.generalResult(problem, domain, small)
      }
    }
    if (job.strategy !== 'exhaustive' && !job.palindrome) {
      this.phase = 'beam'
      this.emit(`beam search, M = ${job.beamWidth}, lambda = ${job.lambda}`)
      try {
        const beam = await beamSearch(
          domain,
          executor,
          job.budgetBytes,
          {
            width: job.beamWidth,
            lambda: job.lambda,
            maxLength: job.maxLength,
            maxMeetings: MAX_MEETINGS,
            onLevel: (n) => this.emit(`beam level ${n}`, { level: n }),
          },
          this.observer(),
        )
        if (beam) {
          this.record(beam.run)
          found = { ...beam, via: 'beam' }
          this.emit(`beam found a solution of ${beam.length} moves`)
        }
      } catch (e) {
        if (!(e instanceof BudgetError)) throw e
        this.emit('beam search stopped by the memory budget')
      }
    }
    let stopped: LengthProof | undefined
    if (job.strategy !== 'beam') {
      const last = found ? found.length - 1 : job.maxLength
      for (let L = lower; L <= last; L++) {
        this.length = L
        let check: LengthCheck
        try {
          check = await checkLength(
            {
              domain,
              executor,
              budgetBytes: job.budgetBytes,
              observer: this.observer(),
              maxMeetings: MAX_MEETINGS,
              deadline: this.deadline,
              phase: (phase, length, cmax) => {
                this.phase = phase
                this.cmax = cmax
                this.emit(`${phase} for length ${length}${cmax !== null ? `, Cmax = ${cmax}` : ''}`)
              },
            },
            L,
            job.palindrome,
          )
        } catch (e) {
          if (!(e instanceof BudgetError)) throw e
          stopped = {
            length: L,
            result: e.kind === 'time' ? 'time' : 'budget',
            cmax: this.cmax,
            meet: Math.floor(L / 2),
            levels: [],
            largestLevel: 0,
            seconds: 0,
          }
          proofs.push(stopped)
          break
        }
        this.record(check.run)
        const largest = Math.max(...check.levels)
        proofs.push({
          length: L,
          result: check.meetings.length > 0 ? 'found' : 'none',
          cmax: check.cmax === null ? null : check.cmax / domain.space.scale,
          meet: check.meet,
          levels: check.levels,
          largestLevel: largest,
          seconds: check.seconds,
        })
        if (check.meetings.length > 0) {
          found = { length: L, meetings: check.meetings, run: check.run, via: 'proof' }
          break
        }
        lower = L + 1
      }
      if (!found && !stopped) lower = Math.max(lower, last + 1)
    }
    this.phase = 'reconstruct'
    this.emit('rebuilding solutions')
    const solutions: FoundSolution[] = []
    const seen = new Set<string>()
    if (found) {
      for (const m of found.meetings) {
        if (solutions.length >= MAX_LISTED) break
        const middle = middleName(domain, m)
        if (seen.has(middle)) continue
        seen.add(middle)
        const moves = boardsToMoves(domain, meetingBoards(domain, found.run.levels, m))
        solutions.push({ moves: moves.texts, middle, palindrome: isPalindrome(domain.reflection!, moves.paths) })
      }
    }
    const proven = found?.via === 'proof' || (found !== undefined && !stopped && job.strategy !== 'beam' && lower >= found.length)
    const optimal = found !== undefined && proven
    const status = optimal ? 'optimal' : found ? 'best-found' : 'unsolved'
    const what = job.palindrome ? 'palindromic solution' : 'solution'
    const impossible = proofs.filter((p) => p.result === 'none')
    const range =
      impossible.length > 0
        ? `${impossible[0]!.length}${impossible.length > 1 ? ` to ${impossible[impossible.length - 1]!.length}` : ''}`
        : ''
    const biggest = impossible.reduce<LengthProof | undefined>((a, p) => (a && a.largestLevel >= p.largestLevel ? a : p), undefined)
    const method = `exhaustive minimum-centroid-constraint search with the ${job.bound} bound${domain.folded ? ", boards folded by the start's symmetry" : ''}`
    const detail = biggest
      ? ` (largest level ${biggest.largestLevel.toLocaleString('en-US')} boards, at length ${biggest.length}${biggest.cmax !== null ? `, Cmax_${Math.ceil(biggest.length / 2)} = ${biggest.cmax}` : ''})`
      : ''
    const halt = stopped
      ? `; length ${stopped.length} was stopped by ${stopped.result === 'time' ? 'the time limit' : 'the memory budget'}`
      : ''
    const excluded = range ? ` (no ${what} of length ${range}: ${method}${detail})` : ''
    let statement: string
    if (optimal) {
      statement = `optimal: ${found!.length} moves. ${range ? `No ${what} of length ${range} exists: ${method}${detail}.` : `${found!.length} is the lower bound.`}`
    } else if (found) {
      statement = `best found: ${found.length} moves, proven lower bound: ${lower}${excluded}${halt}.`
    } else if (stopped || job.strategy === 'beam') {
      statement = `no ${what} found; proven lower bound: ${lower}${excluded}${halt}.`
    } else {
      statement = `no ${what} of ${job.maxLength} moves or fewer exists${excluded}.`
    }
    return this.result(
      status,
      found?.length ?? null,
      optimal,
      optimal ? found!.length : lower,
      solutions,
      found?.meetings.length ?? 0,
      statement,
      proofs,
    )
  }

  private async solveGeneral(problem: Problem, domain: TransferDomain): Promise<SolveResult> {
    const job = this.job
    this.phase = 'bidirectional'
    this.emit('bidirectional search (the target is not a reflection of the start)')
    const out = await bidirectional(
      domain,
      this.executor!,
      job.budgetBytes,
      job.maxLength,
      { forward: this.observer('forward '), backward: this.observer('backward ') },
      this.deadline,
    )
    for (const r of out.runs) this.record(r)
    return this.generalResult(problem, domain, out)
  }

  /** The result of a bidirectional search. */
  private generalResult(problem: Problem, domain: TransferDomain, out: BidiOutcome): SolveResult {
    const job = this.job
    const lower = this.lowerBound(problem)
    if (out.kind === 'found') {
      const moves = boardsToMoves(domain, out.boards).texts
      const statement = `optimal: ${out.length} moves. Exhaustive bidirectional breadth-first search met first at length ${out.length}, so no solution is shorter.`
      return this.result('optimal', out.length, true, out.length, [{ moves, middle: '', palindrome: false }], out.meetings, statement, [])
    }
    if (out.kind === 'unsolvable') {
      const statement = `unsolvable: every board reachable from one end was visited (bidirectional search exhausted after ${out.excluded} moves) without meeting the other end.`
      return this.result('unsolvable', null, false, out.excluded + 1, [], 0, statement, [])
    }
    const bound = Math.max(lower, out.excluded + 1)
    const why =
      out.kind === 'budget'
        ? 'stopped by the memory budget'
        : out.kind === 'time'
          ? 'stopped by the time limit'
          : `stopped at the limit of ${job.maxLength} moves`
    const statement = `no solution found; proven lower bound: ${bound} (exhaustive bidirectional search excluded every length up to ${out.excluded}, then ${why}).`
    return this.result('unsolved', null, false, bound, [], 0, statement, [])
  }

  private result(
    status: SolveResult['status'],
    length: number | null,
    optimal: boolean,
    lowerBound: number,
    solutions: FoundSolution[],
    meetings: number,
    statement: string,
    lengths: LengthProof[],
  ): SolveResult {
    const seconds = this.elapsed()
    return {
      status,
      length,
      optimal,
      lowerBound,
      moves: solutions[0]?.moves ?? [],
      solutions,
      meetings,
      proof: { statement, lengths, bound: this.job.bound },
      stats: {
        levels: this.levelStats,
        peakBoards: this.peakBoards,
        peakBytes: this.peakBytes,
        bytesPerBoard: this.peakBoards > 0 ? this.peakBytes / this.peakBoards : 0,
        seconds,
        threads: this.executor?.threads ?? 0,
      },
    }
  }
}
