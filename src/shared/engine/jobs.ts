/**
 * The jobs the engine runs, one entry per kind: how its loose parameters are checked (filling in
 * defaults, parsing its problem once: the checked job carries it), and the schemas of its progress
 * and result. The types of each kind (input, checked parameters, progress, result) are read off
 * this table. No search code: the job protocol, the CLI and the renderer import this module; the
 * flows that run the jobs are the registry's (registry.ts, one entry per domain).
 */
import type * as z from 'zod'
import type { Diagnostic, Result } from '../result'
import { ProgressSchema, type Progress } from './core/progress'
import { GameResultSchema, parseGameJob, type GameJob, type GameJobInput, type GameResult } from './game/job'
import { parsePlayersJob, PlayersResultSchema, type PlayersJob, type PlayersJobInput, type PlayersResult } from './players/job'
import { parseSolveJob, SolveResultSchema, type SolveJob, type SolveJobInput, type SolveResult } from './transfer/job'
import { FewestResultSchema, parseFewestJob, type FewestJob, type FewestJobInput, type FewestResult } from './army/fewest-job'
import { ArmyJobResultSchema, checkArmyJob, type ArmyJob, type ArmyJobResult } from '../army/job'
import { parseTablebaseJob, TablebaseResultSchema, type TablebaseJob, type TablebaseJobInput, type TablebaseResult } from './tablebase/job'

/** How a job of one kind is checked, and what it reports. `I`: its loose parameters' type. */
export interface JobCodec<I, P, R> {
  /** Check loose parameters, filling in defaults. */
  readonly params: (input: unknown) => Result<P, Diagnostic[]>
  readonly progress: z.ZodType<Progress>
  readonly result: z.ZodType<R>
  /** Types only: the loose parameters a caller gives. */
  readonly input?: I
}

const codec = <I, P, R>(params: (input: unknown) => Result<P, Diagnostic[]>, result: z.ZodType<R>): JobCodec<I, P, R> => ({
  params,
  progress: ProgressSchema,
  result,
})

/**
 * What a job searches for: `solve`, a shortest solution of a transfer problem; `game`, a shortest
 * two-player game; `players`, a shortest game of 2 to 6 players (players/job.ts); `fewest`, the
 * fewest moves of a solitaire army (army/fewest-job.ts); `army`, a solitaire army's
 * integer-programming bound, minimum army and solution, or count (shared/army/job.ts; integer
 * programs in HiGHS, which the host loads); `tablebase`, the value and distance of every position of a
 * small board by retrograde analysis (tablebase/job.ts).
 */
export const JOB_CODECS = {
  solve: codec<SolveJobInput, SolveJob, SolveResult>(parseSolveJob, SolveResultSchema),
  game: codec<GameJobInput, GameJob, GameResult>(parseGameJob, GameResultSchema),
  players: codec<PlayersJobInput, PlayersJob, PlayersResult>(parsePlayersJob, PlayersResultSchema),
  fewest: codec<FewestJobInput, FewestJob, FewestResult>(parseFewestJob, FewestResultSchema),
  army: codec<ArmyJob, ArmyJob, ArmyJobResult>(checkArmyJob, ArmyJobResultSchema),
  tablebase: codec<TablebaseJobInput, TablebaseJob, TablebaseResult>(parseTablebaseJob, TablebaseResultSchema),
}

export type JobKind = keyof typeof JOB_CODECS
// The table's own keys (Object.keys types them as strings).
export const JOB_KINDS = Object.keys(JOB_CODECS) as readonly JobKind[]

/** Per kind: the loose parameters a caller gives, the checked ones, progress and result. */
export type JobTypes = {
  readonly [K in JobKind]: (typeof JOB_CODECS)[K] extends JobCodec<infer I, infer P, infer R>
    ? { readonly input: I; readonly params: P; readonly progress: Progress; readonly result: R }
    : never
}
