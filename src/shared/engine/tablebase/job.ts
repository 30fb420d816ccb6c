/**
 * A tablebase job (`tablebase`): build the table of every position of the m x m board with p men a
 * side (docs/TABLEBASE.md), its schema, parser and result. Plain data; no search code here (the
 * CLI and the renderer import this module).
 */
import * as z from 'zod'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../result'
import { decimal, flag, integer, limitFields, schemaFaults } from '../core/job-fields'
import { MAX_SIDE, MIN_SIDE, TablebaseGame, TABLEBASE_MEN, type TablebaseMen } from './game'
import { TableHeaderSchema, type TableHeader } from './table'

const men = z.custom<TablebaseMen>((v) => typeof v === 'number' && (TABLEBASE_MEN as readonly number[]).includes(v), {
  error: (i) => `must be one of ${TABLEBASE_MEN.join(', ')} (the start areas defined), not ${JSON.stringify(i.input)}`,
  params: { code: 'job.choice' },
})

const { fold: _fold, ...limits } = limitFields

const TablebaseJobSchema = z.strictObject({
  /** The board's side m (the m x m board under 6-move rules). */
  side: integer(MIN_SIDE, MAX_SIDE),
  men,
  /** The folder the table is written to (the host's files); it also holds the build's checkpoints. */
  out: z.string().min(1).optional(),
  /** Go on with the build checkpointed in `out`. */
  resume: flag().default(false),
  /**
   * Use what `out` holds: its table if it is finished, else its checkpoint's build goes on, else a
   * new build (the desktop app's tables in its data folder).
   */
  reuse: flag().default(false),
  /** Seconds between checkpoints while the tables are in memory (on disk: after every level). */
  checkpointSeconds: decimal(1, 10 ** 6).default(60),
  /** Keep the table's words in the result (a host without files: the web build's small boards). */
  keep: flag().default(false),
  /** Keep the state on disk even when it fits the budget (tests, benchmarks of the disk path). */
  onDisk: flag().default(false),
  ...limits,
})

export type TablebaseJob = z.infer<typeof TablebaseJobSchema>
export type TablebaseJobInput = { readonly side: number; readonly men: number } & Partial<Omit<TablebaseJob, 'side' | 'men'>>

/** Check a tablebase job given as loose data, filling in defaults. */
export function parseTablebaseJob(input: unknown): Result<TablebaseJob, Diagnostic[]> {
  const { data, faults } = schemaFaults(TablebaseJobSchema, input)
  if (!data) return err(faults)
  const game = TablebaseGame.of({ side: data.side, men: data.men })
  if (!game.ok) return err([game.error])
  if (data.resume && data.out === undefined)
    return err([diagnostic('job.resume', 'resuming needs the folder of the build (out)', 'resume')])
  if (data.reuse && data.out === undefined) return err([diagnostic('job.reuse', 'reusing a table needs its folder (out)', 'reuse')])
  if (data.onDisk && data.out === undefined) return err([diagnostic('job.disk', 'a build on disk needs a folder (out)', 'onDisk')])
  return faults.length > 0 ? err(faults) : ok(data)
}

/** One level of the build: its time and the entries (folded) it resolved. */
export interface TablebaseLevel {
  readonly level: number
  readonly resolved: number
  readonly seconds: number
}

export interface TablebaseResult {
  /** The table's header: the game, counts over the whole space, the start's value, files. */
  readonly header: TableHeader
  /** Where the table is (the job's out), or null (kept in `words`, or not kept). */
  readonly folder: string | null
  /** The table's words, when the job asked to keep them. */
  readonly words: { readonly values: Uint32Array; readonly distance: Uint32Array } | null
  readonly stats: {
    /** Seconds of the build (without the table's writing) and in all. */
    readonly buildSeconds: number
    readonly seconds: number
    readonly threads: number
    /** Entries (folded positions) of the table. */
    readonly entries: number
    /** Most bytes the tables held in memory, and the work folder on disk. */
    readonly peakBytes: number
    readonly peakDiskBytes: number
    readonly onDisk: boolean
    /** The level the build went on from (a resumed build), or null. */
    readonly resumedAt: number | null
    /** Already built: the folder held the finished table. */
    readonly existing: boolean
    readonly levels: readonly TablebaseLevel[]
  }
}

const nonNegative = z.number().nonnegative()

export const TablebaseResultSchema = z.strictObject({
  header: TableHeaderSchema,
  folder: z.string().nullable(),
  words: z.strictObject({ values: z.instanceof(Uint32Array), distance: z.instanceof(Uint32Array) }).nullable(),
  stats: z.strictObject({
    buildSeconds: nonNegative,
    seconds: nonNegative,
    threads: z.number().int(),
    entries: nonNegative,
    peakBytes: nonNegative,
    peakDiskBytes: nonNegative,
    onDisk: z.boolean(),
    resumedAt: z.number().int().nullable(),
    existing: z.boolean(),
    levels: z.array(z.strictObject({ level: z.number().int(), resolved: nonNegative, seconds: nonNegative })),
  }),
}) satisfies z.ZodType<TablebaseResult>
