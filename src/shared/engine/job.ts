/**
 * What a search job asks for, what it reports while it runs, and what it returns: plain data, so
 * that jobs and results cross threads and processes unchanged.
 */
import type { DocumentSpec } from '../document'
import type { BoundName } from './ladder'

export const STRATEGIES = ['auto', 'beam', 'exhaustive'] as const
export type Strategy = (typeof STRATEGIES)[number]

export interface SolveJob {
  readonly problem: DocumentSpec
  /** auto: beam search for a solution, then exhaustive proof of every shorter length. */
  readonly strategy: Strategy
  /** Boards kept per level by the beam (M). */
  readonly beamWidth: number
  /** Weight of sym(A) in the beam score c(A) + lambda sym(A). */
  readonly lambda: number
  /** Look for palindromic solutions only (paper inequality 11). */
  readonly palindrome: boolean
  /** Longest solution to look for. */
  readonly maxLength: number
  /** Worker threads for expansion (0 or 1: the calling thread only). */
  readonly threads: number
  readonly bound: BoundName
  /** Moves up to which the ladder bound is exact. */
  readonly exactMoves: number
  /** Fold boards by the start's own symmetry. */
  readonly fold: boolean
  /** Memory the level sets may hold, in bytes. */
  readonly budgetBytes: number
  /** Seconds after which exhaustive checks stop (the result then says how far they got); 0: none. */
  readonly timeLimit: number
}

/** Beam width when none is given: the beam strategy keeps a few million boards per level; auto's
 * beam only has to find a first solution, and the proofs settle the rest. */
export const BEAM_WIDTH = { beam: 2_000_000, auto: 100_000 } as const

export const DEFAULT_JOB: Omit<SolveJob, 'problem'> = {
  strategy: 'auto',
  beamWidth: BEAM_WIDTH.beam,
  lambda: 2,
  palindrome: false,
  maxLength: 120,
  threads: 1,
  bound: 'ladder',
  exactMoves: 6,
  fold: true,
  budgetBytes: 6 * 2 ** 30,
  timeLimit: 0,
}

export const PHASES = ['beam', 'cmax', 'prove', 'meet', 'reconstruct', 'bidirectional'] as const
export type Phase = (typeof PHASES)[number]

/** Progress of a running job. */
export interface Progress {
  readonly phase: Phase
  /** The solution length being tested, if any. */
  readonly length: number | null
  readonly level: number
  /** Boards in the level being built so far. */
  readonly levelSize: number
  /** Parents of that level expanded so far, and in all. */
  readonly done: number
  readonly total: number
  /** The centroid threshold in use (c units), if any. */
  readonly cmax: number | null
  /** Children generated per second in this level. */
  readonly rate: number
  /** Bytes held by level sets. */
  readonly memoryBytes: number
  /** Seconds since the job started. */
  readonly elapsed: number
  readonly message: string
}

/** One length examined exhaustively. */
export interface LengthProof {
  readonly length: number
  /** found: a solution of this length; none: proven impossible; budget/time: stopped by the memory budget or the time limit. */
  readonly result: 'found' | 'none' | 'budget' | 'time'
  /** Cmax at the meeting level (c units) used for the threshold, if any. */
  readonly cmax: number | null
  /** The meeting level. */
  readonly meet: number
  /** Boards per level of the threshold run. */
  readonly levels: readonly number[]
  readonly largestLevel: number
  readonly seconds: number
}

export interface FoundSolution {
  /** Moves in full notation. */
  readonly moves: readonly string[]
  /** The board at the middle, by cell names: what makes solutions distinct. */
  readonly middle: string
  readonly palindrome: boolean
}

export interface LevelStat {
  readonly phase: Phase
  readonly length: number | null
  readonly level: number
  readonly size: number
  readonly children: number
  readonly seconds: number
}

export interface SolveResult {
  /**
   * optimal: a shortest solution, with a proof that none is shorter; best-found: a solution and a
   * lower bound short of it; unsolvable: proven to have no solution; unsolved: none found within
   * the limits.
   */
  readonly status: 'optimal' | 'best-found' | 'unsolvable' | 'unsolved'
  readonly length: number | null
  readonly optimal: boolean
  /** No solution is shorter than this (proven). */
  readonly lowerBound: number
  readonly moves: readonly string[]
  /** Distinct solutions of the reported length that the search met (distinct by middle board). */
  readonly solutions: readonly FoundSolution[]
  /** How many distinct middle boards the final meeting found (may exceed solutions listed). */
  readonly meetings: number
  readonly proof: {
    /** What was proven, in one sentence with its bounds. */
    readonly statement: string
    readonly lengths: readonly LengthProof[]
    readonly bound: BoundName
  }
  readonly stats: {
    readonly levels: readonly LevelStat[]
    readonly peakBoards: number
    readonly peakBytes: number
    readonly bytesPerBoard: number
    readonly seconds: number
    readonly threads: number
  }
}
