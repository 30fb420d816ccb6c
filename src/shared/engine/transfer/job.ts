/**
 * A transfer search job (`solve`): what it asks for, its schema and parser, and what it returns.
 * Plain data, so that jobs and results cross threads and processes unchanged; no search code here
 * (the renderer and the CLI import this module).
 */
import * as z from 'zod'
import type { DocumentSpec } from '../../halma/document'
import type { Problem } from '../../halma/problem'
import { diagnostic, err, type Diagnostic, type Result } from '../../result'
import { checkDisk, choice, decimal, diskFields, flag, integer, limitFields, LOADED, type Loaded } from '../core/job-fields'
import { parseProblemJob, problemField } from '../packed/job'
import { RunStatsSchema, type RunStats } from '../core/progress'

export const STRATEGIES = ['auto', 'beam', 'exhaustive'] as const
export type Strategy = (typeof STRATEGIES)[number]

/** The centroid bounds the proofs may prune by (see rise-bound.ts). */
export const BOUNDS = ['ladder', 'theorem2', 'none'] as const
export type BoundName = (typeof BOUNDS)[number]

/** Beam width when none is given: the beam strategy keeps a few million boards per level; auto's
 * beam only has to find a first solution, and the proofs settle the rest. */
export const BEAM_WIDTH = { beam: 2_000_000, auto: 100_000 } as const

const SolveJobSchema = z.strictObject({
  problem: problemField,
  /** auto: beam search for a solution, then exhaustive proof of every shorter length. */
  strategy: choice(STRATEGIES).default('auto'),
  /** Longest solution to look for. */
  maxLength: integer(0, 1000).default(120),
  /** Look for palindromic solutions only (paper inequality 11). */
  palindrome: flag().default(false),
  /** The centroid bound of the proofs, and the moves up to which the ladder bound is exact. */
  bound: choice(BOUNDS).default('ladder'),
  exactMoves: integer(0, 12).default(6),
  /**
   * Also prune the proofs by the finish bound (finish-bound.ts: men outside the target, the army's
   * distance to it, the steps their types need). Absent when off, so that checkpoints of searches
   * without it still resume.
   */
  finish: flag().optional(),
  /** The beam: boards kept per level (M; default by strategy, BEAM_WIDTH) and the weight of sym(A) in its score c(A) + lambda sym(A). */
  beam: z
    .strictObject({
      width: integer(1, 100_000_000).optional(),
      lambda: decimal(0, 1000).default(2),
    })
    .default({ lambda: 2 }),
  ...diskFields,
  ...limitFields,
})

/** A checked transfer job, carrying its problem parsed. */
export interface SolveJob extends Omit<z.infer<typeof SolveJobSchema>, 'beam'>, Loaded<Problem> {
  readonly beam: { readonly width: number; readonly lambda: number }
}

/** A job as a caller may give it: the problem, and any settings (defaults fill the rest). */
export type SolveJobInput = { readonly problem: DocumentSpec } & Partial<Omit<SolveJob, 'problem' | 'beam' | typeof LOADED>> & {
    readonly beam?: Partial<SolveJob['beam']>
  }

/** Check a transfer job given as loose data (a message, command-line options), filling in defaults. */
export function parseSolveJob(input: unknown): Result<SolveJob, Diagnostic[]> {
  const r = parseProblemJob(SolveJobSchema, input, 'transfer', 'this search takes a transfer problem, not a game')
  if (!r.ok) return r
  const job = r.value
  const width = job.beam.width ?? (job.strategy === 'auto' ? BEAM_WIDTH.auto : BEAM_WIDTH.beam)
  const disk = checkDisk(job)
  if (!disk.ok) return disk
  if (job.palindrome && !job[LOADED].reflection)
    return err([diagnostic('job.palindrome', 'palindromes need a target that is the reflection of the start', 'palindrome')])
  return { ok: true, value: { ...job, beam: { width, lambda: job.beam.lambda } } }
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
  /** Seconds spent on it, over the sessions of a resumed search (the levels taken from the checkpoint count their build time). */
  readonly seconds: number
}

export interface FoundSolution {
  /** Moves in full notation. */
  readonly moves: readonly string[]
  /** The board at the middle, by cell names: what makes solutions distinct. */
  readonly middle: string
  readonly palindrome: boolean
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
  readonly stats: RunStats
}

const num = z.number()
const int = z.number().int()
const nonNegative = z.number().nonnegative()

/** A transfer result, as the job protocol checks it. */
export const SolveResultSchema = z.strictObject({
  status: z.enum(['optimal', 'best-found', 'unsolvable', 'unsolved']),
  length: int.nullable(),
  optimal: z.boolean(),
  lowerBound: int,
  moves: z.array(z.string()),
  solutions: z.array(z.strictObject({ moves: z.array(z.string()), middle: z.string(), palindrome: z.boolean() })),
  meetings: nonNegative,
  proof: z.strictObject({
    statement: z.string(),
    lengths: z.array(
      z.strictObject({
        length: int,
        result: z.enum(['found', 'none', 'budget', 'time']),
        cmax: num.nullable(),
        meet: int,
        levels: z.array(nonNegative),
        largestLevel: nonNegative,
        seconds: nonNegative,
      }),
    ),
    bound: z.enum(BOUNDS),
  }),
  stats: RunStatsSchema,
}) satisfies z.ZodType<SolveResult>
