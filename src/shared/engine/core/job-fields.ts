/**
 * The pieces every job's schema is made of (zod, as the documents and the job protocol use): fields
 * with defaults and messages a person can act on ("must be an integer from 0 to 256, not 1.5"),
 * the search limits and the disk fields every search job has, the check that turns a schema's
 * verdict into diagnostics with stable codes and the field's path, and how a checked job carries
 * what its check parsed (LOADED). No search code and no problem format: the renderer and the CLI
 * import the job modules built from these, and each domain parses its own problem (packed/job.ts
 * for the .halma.json documents).
 */
import * as z from 'zod'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../result'
import { issueMessage, pathText } from '../../schema-faults'

/**
 * What a job's check parsed from its input (a validated problem), carried by the checked job to
 * its flow: a problem is parsed once where the job enters a process, not again by the flow. A
 * symbol key: JSON and structured clone leave it out, so a job sent to another process is checked
 * (and parsed) there again, and a checkpoint records the job's own fields only.
 */
export const LOADED: unique symbol = Symbol('loaded')

/** A checked job carrying what its check parsed. */
export interface Loaded<T> {
  readonly [LOADED]: T
}

/** What a checked job's check parsed (a job that skipped its parser is a programming error). */
export function loaded<T>(job: Loaded<T>): T {
  const value = job[LOADED]
  if (value === undefined) throw new Error('internal: a job runs only once checked by its parser (parseSolveJob, ...)')
  return value
}

/** A checked job with what its check parsed. */
export const withLoaded = <J extends object, T>(job: J, value: T): J & Loaded<T> => ({ ...job, [LOADED]: value })

const shown = (v: unknown): string => JSON.stringify(v) ?? String(v)

/** An integer in [min, max]. */
export const integer = (min: number, max: number) =>
  z.custom<number>((v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max, {
    error: (i) => `must be an integer from ${min} to ${max}, not ${shown(i.input)}`,
    params: { code: 'job.range' },
  })

/** A finite number in [min, max]. */
export const decimal = (min: number, max: number) =>
  z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max, {
    error: (i) => `must be a number from ${min} to ${max}, not ${shown(i.input)}`,
    params: { code: 'job.range' },
  })

/** One of a list of names. */
export const choice = <T extends string>(allowed: readonly T[]) =>
  z.custom<T>((v) => typeof v === 'string' && (allowed as readonly string[]).includes(v), {
    error: (i) => `must be one of ${allowed.join(', ')}, not ${shown(i.input)}`,
    params: { code: 'job.choice' },
  })

/** true or false. */
export const flag = () =>
  z.custom<boolean>((v) => typeof v === 'boolean', {
    error: (i) => `must be true or false, not ${shown(i.input)}`,
    params: { code: 'job.type' },
  })

/** Memory the level sets may hold by default (bytes). */
export const DEFAULT_BUDGET = 6 * 2 ** 30

/** What every search job has: threads, memory, time, and the fold by the start's symmetry. */
export const limitFields = {
  /** Worker threads for expansion (0 or 1: the calling thread only). */
  threads: integer(0, 256).default(1),
  /** Fold states by the start's own symmetry. */
  fold: flag().default(true),
  /** Memory the level sets may hold, in bytes. */
  budgetBytes: integer(2 ** 20, 2 ** 40).default(DEFAULT_BUDGET),
  /** Seconds after which searches stop (the result then says how far they got); 0: none. */
  timeLimit: decimal(0, 10 ** 7).default(0),
}

/** What every search job may have of the disk (core/spine.ts SpineJob): a folder, a resume, a cluster. */
export const diskFields = {
  /**
   * A folder where the exhaustive searches keep their levels (sorted files, duplicates removed by
   * merging) and their checkpoint: memory then holds a buffer, not the levels. The host must
   * provide files (Node does).
   */
  disk: z.string().min(1).optional(),
  /** Go on with the search checkpointed in `disk` (same parameters; threads, budget, time and the longest length may differ). */
  resume: flag().default(false),
  /**
   * Build the levels of the searches on disk with workers on a job queue (a Redis URL, e.g.
   * redis://localhost:6379; `disk` must be a folder every worker reads), in `shards` shards.
   */
  cluster: z.string().min(1).optional(),
  shards: integer(1, 4096).default(3),
  /**
   * Bytes the folder's files may take (levels and the sorted runs of the level being built): past
   * it, the runs of the level in progress are merged into one, so that they take about the level's
   * states rather than every child with its repeats. It bounds the runs, not the levels kept.
   */
  diskLimit: integer(1, 2 ** 50).optional(),
  /**
   * Keep every search's levels in `disk` when the job ends, settled lengths' too (by default a
   * length proven impossible deletes its levels): for an independent check of the proof, or of a
   * level, by another program. They take the disk the largest levels take, all at once.
   */
  keepLevels: flag().optional(),
}

/**
 * Check loose data against a job's schema, filling in defaults: the parsed job, or the faults, each
 * with a stable code and the field's path.
 */
export function schemaFaults<T>(schema: z.ZodType<T>, input: unknown): { readonly data?: T; readonly faults: Diagnostic[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { faults: [diagnostic('job.type', 'a job is an object')] }
  const parsed = schema.safeParse(input)
  if (parsed.success) return { data: parsed.data, faults: [] }
  return {
    faults: parsed.error.issues.flatMap((i) => {
      // A field this job does not have (a misspelling, or a setting of another kind of job).
      if (i.code === 'unrecognized_keys') return i.keys.map((k) => diagnostic('job.unknown', 'is not a setting of this job', pathText([...i.path, k])))
      const code = i.code === 'custom' && typeof i.params?.['code'] === 'string' ? i.params['code'] : 'job.invalid'
      return [diagnostic(code, i.code === 'custom' ? i.message : issueMessage(i), pathText(i.path) || undefined)]
    }),
  }
}

/**
 * The cross-field checks of a job's levels on disk: a resume needs the checkpoint's folder, a
 * cluster a folder every worker reads.
 */
export function checkDisk<
  T extends { readonly disk?: string; readonly resume?: boolean; readonly cluster?: string; readonly diskLimit?: number; readonly keepLevels?: boolean },
>(
  job: T,
): Result<T, Diagnostic[]> {
  if (job.resume && job.disk === undefined) return err([diagnostic('job.resume', 'resuming needs the folder of the checkpoint (disk)', 'resume')])
  if (job.diskLimit !== undefined && job.disk === undefined)
    return err([diagnostic('job.disk-limit', 'a disk limit is for a search on disk (disk)', 'diskLimit')])
  if (job.keepLevels && job.disk === undefined)
    return err([diagnostic('job.keep-levels', 'keeping the levels is for a search on disk (disk)', 'keepLevels')])
  if (job.cluster !== undefined && job.disk === undefined)
    return err([diagnostic('job.cluster', 'a cluster needs a folder every worker reads (disk)', 'cluster')])
  return ok(job)
}

/** One search of a shortest-game job (two players, game/job.ts; N players, players/job.ts). */
export interface GameSearchBase {
  readonly bound: number
  /** The army whose wins were looked for. */
  readonly winner: string
  /** A heuristic search (a beam: it proves nothing) or an exhaustive one. */
  readonly heuristic: boolean
  /** found: a game of `length` moves; none: no game within the bound; budget/time: stopped. */
  readonly result: 'found' | 'none' | 'budget' | 'time'
  readonly length: number | null
  readonly levels: readonly number[]
  /** Seconds spent on it, over the sessions of a resumed search (the levels taken from the checkpoint count their build time). */
  readonly seconds: number
}

/** What every shortest-game result says of the game. */
export interface GameOutcome {
  /** optimal: a shortest game with a proof; best-found: a game and a lower bound short of it. */
  readonly status: 'optimal' | 'best-found' | 'unsolved'
  readonly length: number | null
  readonly optimal: boolean
  /** No game is shorter than this (proven). */
  readonly lowerBound: number
  readonly winner: string | null
  readonly moves: readonly string[]
}

const int = z.number().int()

/** GameSearchBase's fields, as the job protocol checks them. */
export const gameSearchFields = {
  bound: int,
  winner: z.string(),
  heuristic: z.boolean(),
  result: z.enum(['found', 'none', 'budget', 'time']),
  length: int.nullable(),
  levels: z.array(z.number().nonnegative()),
  seconds: z.number().nonnegative(),
}

/** GameOutcome's fields, as the job protocol checks them. */
export const gameOutcomeFields = {
  status: z.enum(['optimal', 'best-found', 'unsolved']),
  length: int.nullable(),
  optimal: z.boolean(),
  lowerBound: int,
  winner: z.string().nullable(),
  moves: z.array(z.string()),
}
