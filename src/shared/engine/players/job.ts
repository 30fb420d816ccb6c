/**
 * The shortest cooperative game of N players as a job (`players`): what it asks for, its schema and
 * parser, and what it returns. Plain data; no search code (the renderer and the CLI import it).
 */
import * as z from 'zod'
import { gameFromSpec, WIN_RULES, type PlayersGame, type PlayersSpec } from '../../players/game'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../result'
import {
  checkDisk,
  choice,
  diskFields,
  flag,
  gameOutcomeFields,
  gameSearchFields,
  integer,
  limitFields,
  schemaFaults,
  withLoaded,
  type GameOutcome,
  type GameSearchBase,
  type LOADED,
  type Loaded,
} from '../core/job-fields'
import { RunStatsSchema, type RunStats } from '../core/progress'

export const PLAYERS_STRATEGIES = ['auto', 'heuristic', 'exhaustive'] as const

const camps = z.array(integer(0, 11)).min(2).max(6)

const PlayersSpecSchema = z.strictObject({
  board: z.string().min(1),
  camps,
  targets: camps.optional(),
  men: integer(1, 21),
  longJumps: flag().optional(),
  win: choice(WIN_RULES).optional(),
  vacate: flag().optional(),
  teams: flag().optional(),
  names: z.array(z.string()).optional(),
  title: z.string().optional(),
  notes: z.string().optional(),
}) satisfies z.ZodType<PlayersSpec>

const PlayersJobSchema = z.strictObject({
  game: PlayersSpecSchema,
  /** auto: a game by a beam first, then the exhaustive proof; heuristic: the beam only; exhaustive: the proof only. */
  strategy: choice(PLAYERS_STRATEGIES).default('auto'),
  /** Longest game looked for. */
  maxLength: integer(1, 1000).default(300),
  /** States a beam keeps per level. */
  beam: integer(1, 100_000_000).default(20_000),
  /** Count the shortest games once the optimum is proven (within `countStates`). */
  count: flag().default(true),
  /** States the counting may expand in all (it runs on the calling thread). */
  countStates: integer(0, 1_000_000_000).default(20_000_000),
  ...diskFields,
  ...limitFields,
})

/** A checked players job, carrying its game built. */
export type PlayersJob = z.infer<typeof PlayersJobSchema> & Loaded<PlayersGame>
export type PlayersJobInput = { readonly game: PlayersSpec } & Partial<Omit<PlayersJob, 'game' | typeof LOADED>>

/** Check a players job given as loose data, filling in defaults; a game that cannot be played is named. */
export function parsePlayersJob(input: unknown): Result<PlayersJob, Diagnostic[]> {
  const { data, faults } = schemaFaults(PlayersJobSchema, input)
  if (!data) return err(faults)
  const disk = checkDisk(data)
  if (!disk.ok) return disk
  let game: PlayersGame
  try {
    game = gameFromSpec(data.game)
  } catch (e) {
    return err([diagnostic('job.game', (e as Error).message, 'game')])
  }
  // A chain win (Hexma) has its own search (engine/hexma: the registry runs it), which keeps no checkpoint and farms nothing out.
  if (data.game.win === 'chain') {
    // The Hexma search's terms: two players, in memory, without the vacate rule (its moves are the plain rules').
    const why =
      game.players.length !== 2
        ? `is searched for two players, not ${game.players.length}`
        : data.game.vacate
          ? 'is searched without the vacate rule'
          : data.disk !== undefined || data.cluster !== undefined
            ? 'is searched in memory: no disk folder, no cluster'
            : null
    if (why) return err([diagnostic('job.game.win', `a game won by a chain (Hexma) ${why}`, 'game')])
  }
  if (data.game.win !== undefined && data.game.win !== 'own' && data.game.win !== 'chain')
    return err([
      diagnostic('job.game.win', `the search looks for wins with a player's own men or a chain (win 'own' or 'chain'), not '${data.game.win}'`, 'game'),
    ])
  return ok(withLoaded(data, game))
}

/** One search with one bound, for wins of one player (a beam, or exhaustive). */
export type PlayersSearchRecord = GameSearchBase

export interface PlayersResult extends GameOutcome {
  /** The shortest games (move sequences, a decimal: it may pass 2^53) and their final positions. */
  readonly count: { readonly games: string; readonly finalPositions: number } | null
  readonly proof: { readonly statement: string; readonly searches: readonly PlayersSearchRecord[] }
  readonly stats: RunStats
}

export const PlayersResultSchema = z.strictObject({
  ...gameOutcomeFields,
  count: z.strictObject({ games: z.string().regex(/^\d+$/), finalPositions: z.number().nonnegative() }).nullable(),
  proof: z.strictObject({ statement: z.string(), searches: z.array(z.strictObject(gameSearchFields)) }),
  stats: RunStatsSchema,
}) satisfies z.ZodType<PlayersResult>
