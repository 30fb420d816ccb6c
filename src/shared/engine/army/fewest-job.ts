/**
 * The fewest moves of a solitaire army as a job (`fewest`, issue 28): the army on its window (or a
 * custom board), the pagoda map that prunes, the most moves looked for, and the limits and disk
 * fields every search job has. Plain data; no search code (the CLI and the renderer import it).
 */
import * as z from 'zod'
import { checkArmyOnBoard, checkBoard, mapFor } from '../../army/board'
import { ARMY_TYPES, GEOMETRIES, indexWindow, type CustomBoard } from '../../army/geometry'
import { weighArmy } from '../../army/play'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../result'
import { checkDisk, choice, diskFields, integer, limitFields, schemaFaults, withLoaded, type LOADED, type Loaded } from '../core/job-fields'
import { RunStatsSchema, type RunStats } from '../core/progress'
import type { ArmyInit } from './domain'

const cell = z.tuple([z.number().int(), z.number().int()])
const { fold: _fold, ...limits } = limitFields

const FewestJobSchema = z.strictObject({
  /** The army's geometry, window and men (cells [x, y]), as ArmyInit has them. */
  type: choice(ARMY_TYPES),
  window: z.strictObject({ rows: integer(1, 64), width: integer(0, 64) }),
  army: z.array(cell).min(1),
  /** The pagoda map that prunes (army/pagoda.ts, by id; 'distance': generated from the board). */
  map: z.string().min(1),
  /** A custom board (its cells and target) instead of the whole window. */
  board: z.strictObject({ cells: z.array(cell).min(1), target: cell }).optional(),
  /** The most moves looked for (the search stops there: none shorter, or not settled). */
  maxMoves: integer(1, 1000),
  ...limits,
  ...diskFields,
})

/** A checked fewest-moves job, carrying its domain's description checked. */
export type FewestJob = z.infer<typeof FewestJobSchema> & Loaded<ArmyInit>
export type FewestJobInput = Omit<FewestJob, typeof LOADED | keyof typeof limits | keyof typeof diskFields> &
  Partial<Pick<FewestJob, keyof typeof limits | keyof typeof diskFields>>

/** Check a fewest-moves job given as loose data: its fields, its board and army, its map. */
export function parseFewestJob(input: unknown): Result<FewestJob, Diagnostic[]> {
  const { data, faults } = schemaFaults(FewestJobSchema, input)
  if (!data) return err(faults)
  const disk = checkDisk(data)
  if (!disk.ok) return disk
  const g = GEOMETRIES[data.type]
  let board: CustomBoard | undefined
  if (data.board) {
    const b = checkBoard(g, data.window, data.board.cells, data.board.target)
    if (!b.ok) return err(b.error.map((d) => ({ ...d, at: `board${d.at ? `.${d.at}` : ''}` })))
    const a = checkArmyOnBoard(g, data.window, b.value, data.army)
    if (!a.ok) return err(a.error.map((d) => ({ ...d, at: `army${d.at ? `.${d.at}` : ''}` })))
    board = b.value
  }
  const init: ArmyInit = { kind: 'army', type: data.type, window: data.window, army: data.army, map: data.map, ...(board && { board }) }
  try {
    weighArmy(indexWindow(g, init.window, init.board), mapFor(g, init.window, init.map, init.board), init.army)
  } catch (e) {
    return err([diagnostic('job.army', (e as Error).message, 'army')])
  }
  return ok(withLoaded(data, init))
}

/** The job fields of an army's description (the fields ArmyInit has). */
export const armyFields = (init: ArmyInit) => ({
  type: init.type,
  window: init.window,
  army: init.army,
  map: init.map,
  ...(init.board && { board: init.board }),
})

type Cell = readonly [number, number]

/** What the search found and proved. */
export interface FewestResult {
  /** The moves (each a chain of cells) of a shortest solution, verified, or null if none was found. */
  readonly moves: readonly (readonly Cell[])[] | null
  /** Every number of moves up to this one was searched completely and has no solution. */
  readonly provenAbove: number
  /** Positions per level (level 0: the start). */
  readonly levels: readonly number[]
  /** Why the search stopped short, if it did. */
  readonly stopped: 'memory' | 'time' | null
  /** What was proven, in one sentence with its bounds. */
  readonly statement: string
  readonly stats: RunStats
}

export const FewestResultSchema = z.strictObject({
  moves: z.array(z.array(cell)).nullable(),
  provenAbove: z.number().int(),
  levels: z.array(z.number().nonnegative()),
  stopped: z.enum(['memory', 'time']).nullable(),
  statement: z.string(),
  stats: RunStatsSchema,
}) satisfies z.ZodType<FewestResult>
