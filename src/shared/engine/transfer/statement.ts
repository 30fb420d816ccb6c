/**
 * What a transfer job proved, in one sentence with its bounds: the optimum and the lengths excluded
 * (with the method and the largest level), or the best found and the lower bound, or why the search
 * stopped. Kept apart from the flow so that the flow reads as its steps.
 */
import type { BidiOutcome } from './bidi'
import type { LengthProof, SolveJob, SolveResult } from './job'

/** How a reflected problem's flow ended. */
export interface ReflectedEnd {
  readonly job: SolveJob
  /** The length of the solution found, and whether a proof search found it. */
  readonly found: { readonly length: number; readonly via: 'beam' | 'proof' } | undefined
  /** No solution is shorter than this (proven). */
  readonly lower: number
  readonly proofs: readonly LengthProof[]
  /** The length whose proof was stopped by the budget or the time limit, if any. */
  readonly stopped: LengthProof | undefined
  readonly folded: boolean
}

export function reflectedStatement(e: ReflectedEnd): { status: SolveResult['status']; optimal: boolean; statement: string } {
  const { job, found, lower, proofs, stopped } = e
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
  const method = `exhaustive minimum-centroid-constraint search with the ${job.bound} bound${e.folded ? ", boards folded by the start's symmetry" : ''}`
  const detail = biggest
    ? ` (largest level ${biggest.largestLevel.toLocaleString('en-US')} boards, at length ${biggest.length}${biggest.cmax !== null ? `, Cmax_${Math.ceil(biggest.length / 2)} = ${biggest.cmax}` : ''})`
    : ''
  const halt = stopped
    ? `; length ${stopped.length} was stopped by ${stopped.result === 'time' ? 'the time limit' : 'the memory budget'}`
    : ''
  const excluded = range ? ` (no ${what} of length ${range}: ${method}${detail})` : ''
  let statement: string
  if (optimal) {
    statement = `optimal: ${found.length} moves. ${range ? `No ${what} of length ${range} exists: ${method}${detail}.` : `${found.length} is the lower bound.`}`
  } else if (found) {
    statement = `best found: ${found.length} moves, proven lower bound: ${lower}${excluded}${halt}.`
  } else if (stopped || job.strategy === 'beam') {
    statement = `no ${what} found; proven lower bound: ${lower}${excluded}${halt}.`
  } else {
    statement = `no ${what} of ${job.maxLength} moves or fewer exists${excluded}.`
  }
  return { status, optimal, statement }
}

/** What a bidirectional search proved (lower: the transfer bound at the start). */
export function bidiStatement(
  out: BidiOutcome,
  lower: number,
  maxLength: number,
): { status: SolveResult['status']; bound: number; statement: string } {
  if (out.kind === 'found') {
    return {
      status: 'optimal',
      bound: out.length,
      statement: `optimal: ${out.length} moves. Exhaustive bidirectional breadth-first search met first at length ${out.length}, so no solution is shorter.`,
    }
  }
  if (out.kind === 'unsolvable') {
    return {
      status: 'unsolvable',
      bound: out.excluded + 1,
      statement: `unsolvable: every board reachable from one end was visited (bidirectional search exhausted after ${out.excluded} moves) without meeting the other end.`,
    }
  }
  const bound = Math.max(lower, out.excluded + 1)
  const why =
    out.kind === 'budget'
      ? 'stopped by the memory budget'
      : out.kind === 'time'
        ? 'stopped by the time limit'
        : `stopped at the limit of ${maxLength} moves`
  return {
    status: 'unsolved',
    bound,
    statement: `no solution found; proven lower bound: ${bound} (exhaustive bidirectional search excluded every length up to ${out.excluded}, then ${why}).`,
  }
}
