/**
 * The jobs the engine runs, by kind: `solve` (a shortest transfer, transfer/job.ts) and `game` (a
 * shortest two-player game, game/job.ts). Per kind: the loose parameters a caller gives, the checked
 * ones, progress and result, and how each is checked. No search code: the job protocol, the CLI and
 * the renderer import this module.
 */
import type * as z from 'zod'
import type { Diagnostic, Result } from '../result'
import { ProgressSchema, type Progress } from './core/progress'
import { GameResultSchema, parseGameJob, type GameJob, type GameJobInput, type GameResult } from './game/job'
import { parsePlayersJob, PlayersResultSchema, type PlayersJob, type PlayersJobInput, type PlayersResult } from './players/job'
import { parseSolveJob, SolveResultSchema, type SolveJob, type SolveJobInput, type SolveResult } from './transfer/job'
import { ArmyJobResultSchema, checkArmyJob, type ArmyJob, type ArmyJobResult } from '../army/job'
import { parseTablebaseJob, TablebaseResultSchema, type TablebaseJob, type TablebaseJobInput, type TablebaseResult } from './tablebase/job'

export const JOB_KINDS = ['solve', 'game', 'players', 'army', 'tablebase'] as const
/**
 * What a job searches for: `solve`, a shortest solution of a transfer problem; `game`, a shortest
 * two-player game; `players`, a shortest game of 2 to 6 players (players/job.ts); `army`, a
 * solitaire army's integer-programming bound, minimum army and solution, or count (shared/army/job.ts;
 * integer programs in HiGHS, which the host loads); `tablebase`, the value and distance of every
 * position of a small board by retrograde analysis (tablebase/job.ts).
 */
export type JobKind = (typeof JOB_KINDS)[number]

/** Per kind: the loose parameters a caller gives, the checked ones, progress and result. */
export interface JobTypes {
  solve: {
    /** The problem, and any search settings (defaults fill the rest). */
    readonly input: SolveJobInput
    readonly params: SolveJob
    readonly progress: Progress
    readonly result: SolveResult
  }
  game: {
    readonly input: GameJobInput
    readonly params: GameJob
    readonly progress: Progress
    readonly result: GameResult
  }
  players: {
    readonly input: PlayersJobInput
    readonly params: PlayersJob
    readonly progress: Progress
    readonly result: PlayersResult
  }
  army: {
    readonly input: ArmyJob
    readonly params: ArmyJob
    readonly progress: Progress
    readonly result: ArmyJobResult
  }
  tablebase: {
    readonly input: TablebaseJobInput
    readonly params: TablebaseJob
    readonly progress: Progress
    readonly result: TablebaseResult
  }
}

export interface JobCodec<K extends JobKind> {
  /** Check loose parameters, filling in defaults. */
  params(input: unknown): Result<JobTypes[K]['params'], Diagnostic[]>
  progress: z.ZodType<JobTypes[K]['progress']>
  result: z.ZodType<JobTypes[K]['result']>
}

export const JOB_CODECS: { readonly [K in JobKind]: JobCodec<K> } = {
  solve: { params: parseSolveJob, progress: ProgressSchema, result: SolveResultSchema },
  game: { params: parseGameJob, progress: ProgressSchema, result: GameResultSchema },
  players: { params: parsePlayersJob, progress: ProgressSchema, result: PlayersResultSchema },
  army: { params: checkArmyJob, progress: ProgressSchema, result: ArmyJobResultSchema },
  tablebase: { params: parseTablebaseJob, progress: ProgressSchema, result: TablebaseResultSchema },
}
