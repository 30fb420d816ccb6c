/**
 * A shortest-game job (`game`): what it asks for, its schema and parser, and what it returns. Plain
 * data, so that jobs and results cross threads and processes unchanged; no search code here (the
 * renderer and the CLI import this module).
 */
import * as z from 'zod'
import type { DocumentSpec } from '../../halma/document'
import type { Problem } from '../../halma/problem'
import type { Diagnostic, Result } from '../../result'
import {
  choice,
  diskFields,
  flag,
  gameOutcomeFields,
  gameSearchFields,
  integer,
  checkDisk,
  limitFields,
  type GameOutcome,
  type GameSearchBase,
  type LOADED,
  type Loaded,
} from '../core/job-fields'
import { parseProblemJob, problemField } from '../packed/job'
import { RunStatsSchema, type RunStats } from '../core/progress'

export const GAME_STRATEGIES = ['auto', 'heuristic', 'exhaustive'] as const
export type GameStrategy = (typeof GAME_STRATEGIES)[number]

/**
 * Which games a count covers: all games of the length, or those with the heuristic properties the
 * complete heuristic search that found them applied: (i) and (iv), plus (v) and (vi) where asked.
 */
export const COUNT_SCOPES = ['all', 'heuristic', 'heuristic-vi', 'heuristic-v', 'heuristic-v-vi'] as const
export type GameCountScope = (typeof COUNT_SCOPES)[number]

/** The properties a count's scope names, for messages (null: every game). */
export function scopeProperties(scope: GameCountScope): string | null {
  const names: Record<GameCountScope, string | null> = {
    all: null,
    heuristic: '(i) and (iv)',
    'heuristic-vi': '(i), (iv) and (vi)',
    'heuristic-v': '(i), (iv) and (v)',
    'heuristic-v-vi': '(i), (iv), (v) and (vi)',
  }
  return names[scope]
}

/** The scope of a count by a complete search with these properties (null: exhaustive). */
export function countScope(heuristics: { readonly vacating: boolean; readonly lines: boolean } | null): GameCountScope {
  if (!heuristics) return 'all'
  return heuristics.lines ? (heuristics.vacating ? 'heuristic-v-vi' : 'heuristic-v') : heuristics.vacating ? 'heuristic-vi' : 'heuristic'
}

/** Moves [from, to] (inclusive; to 0: no end). */
const moveWindow = z
  .custom<[number, number]>(
    (v) => Array.isArray(v) && v.length === 2 && v.every((x) => Number.isInteger(x) && x >= 0 && x <= 1000) && (v[1] === 0 || v[1] >= v[0]),
    {
      error: (i) => `must be two moves [from, to] with from <= to (to 0: no end), not ${JSON.stringify(i.input)}`,
      params: { code: 'job.range' },
    },
  )
  .default([0, 0])

const GameJobSchema = z.strictObject({
  problem: problemField,
  /** auto: a game by the heuristics, then the exhaustive proof that none is shorter. */
  strategy: choice(GAME_STRATEGIES).default('auto'),
  /** Longest game looked for. */
  maxLength: integer(1, 1000).default(200),
  /**
   * Search this one length only, for the army its parity makes the winner (0: every length up to
   * maxLength): heuristic, then (auto) exhaustive if that finds nothing. For runs too long for the
   * full flow, such as every 30-move Chinese Checkers game with the heuristic properties.
   */
  length: integer(0, 1000).default(0),
  /** Count and list the shortest games once the optimum is known (one more, unfolded search). */
  enumerate: flag().default(true),
  /** Games listed at most (the count is exact). */
  listGames: integer(0, 100_000).default(20),
  /** How heuristic searches cut their levels (exhaustive searches never drop a state). */
  beam: z
    .strictObject({
      /** States kept per level, the most advanced ones; 0: no cap (then the split search). */
      width: integer(0, 1_000_000_000).default(200_000),
      /**
       * How a cut level is ranked: 0 by how far along each state is; 1 or 2 by the children (1) or
       * grandchildren (2) that survive the pruning, most first. Not for the flow's narrow first search.
       */
      lookahead: integer(0, 2).default(0),
      /**
       * The moves whose levels are cut, [from, to] (to 0: no end); the levels outside are kept
       * whole. [0, 0]: every level. Absolute moves: meant with `length`.
       */
      moves: moveWindow,
    })
    .default({ width: 200_000, lookahead: 0, moves: [0, 0] }),
  /** The heuristic properties heuristic searches require besides (i) and (iv) (see heuristics.ts). */
  heuristics: z
    .strictObject({
      /** Property (vi). */
      vacating: flag().default(false),
      /** Property (v). */
      lines: flag().default(false),
    })
    .default({ vacating: false, lines: false }),
  ...diskFields,
  ...limitFields,
})

/** A checked game job, carrying its problem parsed. */
export type GameJob = z.infer<typeof GameJobSchema> & Loaded<Problem>

/** A job as a caller may give it: the problem, and any settings (defaults fill the rest). */
export type GameJobInput = { readonly problem: DocumentSpec } & Partial<
  Omit<GameJob, 'problem' | 'beam' | 'heuristics' | typeof LOADED>
> & {
    readonly beam?: Partial<GameJob['beam']>
    readonly heuristics?: Partial<GameJob['heuristics']>
  }

/** The defaults of a game job. */
export const DEFAULT_GAME_JOB: Omit<GameJob, 'problem' | typeof LOADED> = {
  strategy: 'auto',
  maxLength: 200,
  length: 0,
  enumerate: true,
  listGames: 20,
  beam: { width: 200_000, lookahead: 0, moves: [0, 0] },
  heuristics: { vacating: false, lines: false },
  threads: 1,
  resume: false,
  shards: 3,
  fold: true,
  budgetBytes: 6 * 2 ** 30,
  timeLimit: 0,
}

/** Check a game job given as loose data, filling in defaults. */
export function parseGameJob(input: unknown): Result<GameJob, Diagnostic[]> {
  const r = parseProblemJob(GameJobSchema, input, 'game', 'this search takes a two-player game, not a transfer')
  if (!r.ok) return r
  return checkDisk(r.value)
}

/** One search with one bound, for wins of one army. */
export interface GameSearchRecord extends GameSearchBase {
  /** The beam dropped states: an empty heuristic search then proves nothing, even under its properties. */
  readonly cut: boolean
  /**
   * A heuristic search without a beam taken in blocks (the core's split search) from level `move`
   * (the first from the critical move on that held more than a block): that level's states, and how
   * many of them had their blocks searched (all, when the search ended with none; the level sizes
   * past it are sums over the blocks).
   */
  readonly split?: { readonly move: number; readonly states: number; readonly searched: number }
  /**
   * Why the search ran, when not to find or prove at its bound: a first look at the bound within a
   * small allowance ('look'), or the count of the shortest games found ('count'; it searches the
   * same bound again, so its row would otherwise read as the proof's twice).
   */
  readonly purpose?: 'look' | 'count'
}

/** A search row's purpose in words (the CLI's table and the workbench's say it alike). */
export const purposeText = (purpose: GameSearchRecord['purpose']): string => (purpose === 'look' ? 'a first look' : purpose === 'count' ? 'the count' : '')

export interface GameListing {
  readonly moves: readonly string[]
  readonly winner: string
}

export interface GameResult extends GameOutcome {
  /** Shortest games listed (all of them up to listGames). */
  readonly games: readonly GameListing[]
  /** The shortest games counted (move sequences and distinct final positions), and which (scope). */
  readonly count: { readonly games: number; readonly finalPositions: number; readonly scope: GameCountScope } | null
  readonly proof: { readonly statement: string; readonly searches: readonly GameSearchRecord[] }
  readonly stats: RunStats
}

const int = z.number().int()
const nonNegative = z.number().nonnegative()

/** A game result, as the job protocol checks it. */
export const GameResultSchema = z.strictObject({
  ...gameOutcomeFields,
  games: z.array(z.strictObject({ moves: z.array(z.string()), winner: z.string() })),
  count: z.strictObject({ games: nonNegative, finalPositions: nonNegative, scope: z.enum(COUNT_SCOPES) }).nullable(),
  proof: z.strictObject({
    statement: z.string(),
    searches: z.array(
      z.strictObject({
        ...gameSearchFields,
        cut: z.boolean(),
        split: z.strictObject({ move: int, states: nonNegative, searched: nonNegative }).optional(),
        purpose: z.enum(['look', 'count']).optional(),
      }),
    ),
  }),
  stats: RunStatsSchema,
}) satisfies z.ZodType<GameResult>
