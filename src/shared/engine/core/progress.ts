/**
 * What every search job reports while it runs, and the statistics every result carries: plain
 * data, so that they cross threads and processes unchanged. No search code lives here (the
 * renderer and the job protocol import it).
 */
import * as z from 'zod'

export const PHASES = ['beam', 'cmax', 'prove', 'meet', 'reconstruct', 'bidirectional', 'program', 'retrograde'] as const
/**
 * What a job is doing: beam (a heuristic or truncated search: finds, proves nothing), cmax and
 * prove (exhaustive searches), meet (joining halves; games: counting), reconstruct (tracing
 * solutions), bidirectional (a plain two-sided search), program (an army job's integer programs
 * and the ordering of their jumps: the message says which), retrograde (a tablebase's build, level
 * by level).
 */
export type Phase = (typeof PHASES)[number]

/** Progress of a running job. */
export interface Progress {
  readonly phase: Phase
  /** The solution or game length being searched, if any. */
  readonly length: number | null
  readonly level: number
  /** States in the level being built so far (after a beam's cut: the states it kept). */
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
  /** Bytes of level sets on disk (searches with a disk folder only). */
  readonly diskBytes?: number
  /** Seconds since the job started. */
  readonly elapsed: number
  readonly message: string
  /** A message to keep, not a state to redraw (a resume's summary): shown whole, never dropped. */
  readonly notice?: boolean
}

/** One level of one search, for the result's statistics. */
export interface LevelStat {
  readonly phase: Phase
  readonly length: number | null
  readonly level: number
  readonly size: number
  readonly children: number
  readonly seconds: number
}

/** A result's statistics. */
export interface RunStats {
  readonly levels: readonly LevelStat[]
  /** Most states the level sets held at once, and their bytes at the most. */
  readonly peakBoards: number
  readonly peakBytes: number
  readonly bytesPerBoard: number
  /** Most bytes the level sets held on disk at once (searches with a disk folder only). */
  readonly peakDiskBytes?: number
  readonly seconds: number
  readonly threads: number
}

const int = z.number().int()
const nonNegative = z.number().nonnegative()

/** Progress, as the job protocol checks it. */
export const ProgressSchema = z.strictObject({
  phase: z.enum(PHASES),
  length: int.nullable(),
  level: int,
  levelSize: nonNegative,
  done: nonNegative,
  total: nonNegative,
  cmax: z.number().nullable(),
  rate: nonNegative,
  memoryBytes: nonNegative,
  diskBytes: nonNegative.optional(),
  elapsed: nonNegative,
  message: z.string(),
  notice: z.boolean().optional(),
}) satisfies z.ZodType<Progress>

/** A result's statistics, as the job protocol checks them. */
export const RunStatsSchema = z.strictObject({
  levels: z.array(
    z.strictObject({
      phase: z.enum(PHASES),
      length: int.nullable(),
      level: int,
      size: nonNegative,
      children: nonNegative,
      seconds: nonNegative,
    }),
  ),
  peakBoards: nonNegative,
  peakBytes: nonNegative,
  bytesPerBoard: nonNegative,
  peakDiskBytes: nonNegative.optional(),
  seconds: nonNegative,
  threads: int,
}) satisfies z.ZodType<RunStats>
