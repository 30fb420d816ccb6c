/**
 * The search panel's settings as job requests: what the renderer sends through the typed API
 * (`startJob`). The host checks the request (parseJobRequest) and names what is wrong, so these
 * only shape it; a setting left at "default" is left out and the engine's default applies.
 */
import type { DocumentSpec } from '../../../shared/halma/document'
import type { Strategy } from '../../../shared/engine/transfer/job'
import { DEFAULT_GAME_JOB, type GameStrategy } from '../../../shared/engine/game/job'
import type { JobRequest } from '../../../shared/jobs/protocol'
import { inWords } from '../../frame/jobs'
export { NO_DISK } from '../../../preload/api'

/** Settings of a transfer search. */
export interface SolveSettings {
  readonly strategy: Strategy
  /** Boards kept per beam level; null: the engine's default for the strategy. */
  readonly beamWidth: number | null
  readonly threads: number
}

/** Settings of a shortest-game search (GameJob's, as the panel offers them). */
export interface GameSettings {
  readonly strategy: GameStrategy
  /** Longest game looked for. */
  readonly maxLength: number
  /** Seconds after which the searches stop; 0: no limit. */
  readonly timeLimit: number
  readonly threads: number
  /** Count and list the shortest games once the optimum is proven. */
  readonly enumerate: boolean
  /** Shortest games listed at most. */
  readonly listGames: number
  /** States kept per level by heuristic searches; null: the engine's default. */
  readonly beamWidth: number | null
  /** Heuristic searches also require property (vi). */
  readonly vacating: boolean
  /** Heuristic searches also require property (v). */
  readonly lines: boolean
  /** How a beam ranks the states it cuts: 0 how far along, 1 children, 2 grandchildren. */
  readonly lookahead: number
  /** The moves whose levels the beam cuts, from and to (0: no end). */
  readonly beamFrom: number
  readonly beamTo: number
  /** Search games of this length only; 0: every length up to maxLength. */
  readonly length: number
}

export const DEFAULT_GAME_SETTINGS: Omit<GameSettings, 'threads'> = {
  strategy: DEFAULT_GAME_JOB.strategy,
  maxLength: DEFAULT_GAME_JOB.maxLength,
  timeLimit: DEFAULT_GAME_JOB.timeLimit,
  enumerate: DEFAULT_GAME_JOB.enumerate,
  listGames: DEFAULT_GAME_JOB.listGames,
  beamWidth: null,
  vacating: DEFAULT_GAME_JOB.heuristics.vacating,
  lines: DEFAULT_GAME_JOB.heuristics.lines,
  lookahead: DEFAULT_GAME_JOB.beam.lookahead,
  beamFrom: DEFAULT_GAME_JOB.beam.moves[0],
  beamTo: DEFAULT_GAME_JOB.beam.moves[1],
  length: DEFAULT_GAME_JOB.length,
}

/** Why a search in the browser cannot keep its levels on disk (the panel says it, and the web host). */

/** Where a search keeps its levels on disk (desktop only), and whether it goes on with the checkpoint there. */
export interface DiskChoice {
  readonly folder: string
  readonly resume: boolean
}

/** A request's fields for levels on disk. */
function diskFields(disk: DiskChoice | undefined): { disk?: string; resume?: boolean } {
  return disk ? { disk: disk.folder, ...(disk.resume && { resume: true }) } : {}
}

/** The problem of a spec, without the solutions stored with it (the search does not need them). */
function problemOnly(spec: DocumentSpec): DocumentSpec {
  const copy: DocumentSpec = { ...spec }
  delete copy.solutions
  return copy
}

export function solveRequest(spec: DocumentSpec, s: SolveSettings, disk?: DiskChoice): JobRequest {
  return {
    kind: 'solve',
    params: {
      problem: problemOnly(spec),
      strategy: s.strategy,
      threads: s.threads,
      ...(s.beamWidth !== null && { beam: { width: s.beamWidth } }),
      ...diskFields(disk),
    },
  }
}

export function gameRequest(spec: DocumentSpec, s: GameSettings, disk?: DiskChoice): JobRequest {
  return {
    kind: 'game',
    params: {
      problem: problemOnly(spec),
      strategy: s.strategy,
      maxLength: s.maxLength,
      timeLimit: s.timeLimit,
      threads: s.threads,
      enumerate: s.enumerate,
      listGames: s.listGames,
      heuristics: { vacating: s.vacating, lines: s.lines },
      beam: { lookahead: s.lookahead, moves: [s.beamFrom, s.beamTo], ...(s.beamWidth !== null && { width: s.beamWidth }) },
      length: s.length,
      ...diskFields(disk),
    },
  }
}

/** The panel's names of the job's parameters, for messages about bad settings. */
export const SETTINGS_LABELS: Readonly<Record<string, string>> = {
  strategy: 'strategy',
  maxLength: 'max length',
  timeLimit: 'time limit',
  threads: 'threads',
  enumerate: 'enumerate',
  listGames: 'games listed',
  beamWidth: 'beam width',
  'beam.width': 'beam width',
  vacating: 'property (vi)',
  'heuristics.vacating': 'property (vi)',
  lines: 'property (v)',
  'heuristics.lines': 'property (v)',
  lookahead: 'lookahead',
  'beam.lookahead': 'lookahead',
  'beam.moves': 'beam moves',
  beamFrom: 'beam from move',
  beamTo: 'beam to move',
  length: 'only length',
}

/**
 * A fault in a request's parameters (`params.maxLength: must be ...`) as the panel names the
 * setting (`max length: must be ...`); other text is left as it is.
 */
export const settingsText = (fault: string): string => inWords(fault, SETTINGS_LABELS)

/**
 * Settings the panel cannot send: a number field left blank or not a number (which a JSON request
 * would carry as null or ""). The host checks the ranges; this only names the field.
 */
export function unreadable(s: GameSettings | SolveSettings): string | null {
  for (const [key, value] of Object.entries(s)) {
    if (key === 'beamWidth' && value === null) continue
    if (key === 'strategy' || key === 'enumerate' || key === 'vacating' || key === 'lines') continue
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${SETTINGS_LABELS[key] ?? key}: enter a number`
  }
  return null
}
