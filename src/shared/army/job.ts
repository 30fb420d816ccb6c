/**
 * Army jobs for a worker: what the workbench asks (an integer-programming bound, a solved army, or
 * the count of minimum armies, for a type and a level) and what comes back, as plain data that
 * crosses to a job's process or Web Worker and back (the engine's `army` job kind runs it with
 * run-job.ts); HiGHS blocks its thread, so progress is by phase and cancel ends the job's process.
 */
import * as z from 'zod'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { checkArmyOnBoard, checkBoard } from './board'
import { ARMY_TYPES, GEOMETRIES, type ArmyType, type CustomBoard, type Window } from './geometry'
import type { ArmyVerdict } from './solution'
import type { Cell } from '../cell'

export const ARMY_JOB_KINDS = ['bound', 'solve', 'count'] as const
/** bound: the integer program's minimum (Table 6); solve: an army of that size and its moves (Table 8); count: the minimum armies. */
export type ArmyJobKind = (typeof ARMY_JOB_KINDS)[number]

export interface ArmyJob {
  readonly kind: ArmyJobKind
  readonly type: ArmyType
  readonly level: number
  /** Seconds HiGHS may take (count: in all). */
  readonly timeLimit: number
  /** The window; default: the pagoda bound's reach (minimum.ts defaultWindow). */
  readonly window?: Window
  /**
   * solve only: a custom board (board.ts) and the army on it, solved as they are (no integer
   * program): depth-first search pruned by the generated pagoda function, then the engine's
   * fewest moves within the time limit. Needs the window.
   */
  readonly board?: CustomBoard
  readonly army?: readonly Cell[]
}

export type ArmyJobResult =
  | {
      readonly kind: 'bound'
      readonly status: string
      /** The program's minimum on the window; null unless Optimal. */
      readonly men: number | null
      readonly window: Window
      readonly seconds: number
      readonly startsCovered: boolean | null
    }
  | {
      readonly kind: 'solve'
      readonly status: string
      readonly men: number | null
      readonly window: Window
      readonly army: readonly Cell[]
      /** The moves in a legal order (each one man's chain of cells), or null if none was found. */
      readonly moves: readonly (readonly Cell[])[] | null
      readonly verdict: ArmyVerdict | null
      readonly seconds: number
    }
  | {
      readonly kind: 'count'
      readonly men: number | null
      /** Distinct minimum armies up to reflection, and with their mirror images. */
      readonly classes: number
      readonly armies: number
      readonly end: 'complete' | 'time' | 'gave up'
      readonly window: Window
      readonly seconds: number
    }

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

/** A job as the worker receives it, checked; an error names the field. */
export function parseArmyJob(x: unknown): ArmyJob {
  if (!isRecord(x)) throw new Error('an army job is an object')
  const { kind, type, level, timeLimit, window, board, army } = x
  if (!(ARMY_JOB_KINDS as readonly unknown[]).includes(kind)) throw new Error(`kind: one of ${ARMY_JOB_KINDS.join(', ')}`)
  if (!(ARMY_TYPES as readonly unknown[]).includes(type)) throw new Error(`type: one of ${ARMY_TYPES.join(', ')}`)
  if (!Number.isInteger(level) || (level as number) < 1 || (level as number) > 64) throw new Error('level: a whole number from 1 to 64')
  if (typeof timeLimit !== 'number' || !(timeLimit > 0)) throw new Error('timeLimit: a number of seconds above 0')
  let w: Window | undefined
  if (window !== undefined) {
    if (!isRecord(window) || !Number.isInteger(window['rows']) || !Number.isInteger(window['width']))
      throw new Error('window: { rows, width }, whole numbers')
    w = { rows: window['rows'] as number, width: window['width'] as number }
  }
  const custom = board === undefined && army === undefined ? undefined : customOf(kind, type as ArmyType, w, board, army)
  return { kind: kind as ArmyJobKind, type: type as ArmyType, level: level as number, timeLimit, ...(w && { window: w }), ...custom }
}

const isCells = (x: unknown): x is [number, number][] =>
  Array.isArray(x) && x.every((c) => Array.isArray(c) && c.length === 2 && c.every((v) => Number.isInteger(v)))

/** A job's custom board and army, checked as a document's are (board.ts); the fault names the field. */
function customOf(
  kind: unknown,
  type: ArmyType,
  w: Window | undefined,
  board: unknown,
  army: unknown,
): { board: CustomBoard; army: Cell[] } {
  if (kind !== 'solve') throw new Error('board: only a solve job takes a custom board')
  if (!w) throw new Error('window: a custom board needs its window')
  if (!isRecord(board) || !isCells(board['cells']) || !isCells([board['target']]))
    throw new Error('board: { cells: [[x, y], ...], target: [x, y] }')
  if (!isCells(army)) throw new Error('army: [[x, y], ...], the men on the board')
  const g = GEOMETRIES[type]
  const b = checkBoard(g, w, board['cells'], board['target'] as [number, number])
  if (!b.ok) throw new Error(`${b.error[0]!.at ?? 'board'}: ${b.error[0]!.message}`)
  const a = checkArmyOnBoard(g, w, b.value, army)
  if (!a.ok) throw new Error(`${a.error[0]!.at ?? 'army'}: ${a.error[0]!.message}`)
  return { board: b.value, army }
}

/** parseArmyJob as the engine's job protocol takes it: the checked job, or the fault naming its field. */
export function checkArmyJob(x: unknown): Result<ArmyJob, Diagnostic[]> {
  try {
    return ok(parseArmyJob(x))
  } catch (e) {
    const message = (e as Error).message
    const field = /^(\w+):/.exec(message)?.[1]
    return err([diagnostic('job.army', message, field)])
  }
}

const cell = z.tuple([z.number().int(), z.number().int()])
const WindowSchema = z.strictObject({ rows: z.number().int(), width: z.number().int() })

/** An army job's result, as the job protocol checks it. */
export const ArmyJobResultSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('bound'),
    status: z.string(),
    men: z.number().int().nullable(),
    window: WindowSchema,
    seconds: z.number().nonnegative(),
    startsCovered: z.boolean().nullable(),
  }),
  z.strictObject({
    kind: z.literal('solve'),
    status: z.string(),
    men: z.number().int().nullable(),
    window: WindowSchema,
    army: z.array(cell),
    moves: z.array(z.array(cell)).nullable(),
    verdict: z
      .strictObject({ ok: z.boolean(), error: z.string().optional(), jumps: z.number(), moves: z.number(), menLeft: z.number() })
      .nullable(),
    seconds: z.number().nonnegative(),
  }),
  z.strictObject({
    kind: z.literal('count'),
    men: z.number().int().nullable(),
    classes: z.number().int(),
    armies: z.number().int(),
    end: z.enum(['complete', 'time', 'gave up']),
    window: WindowSchema,
    seconds: z.number().nonnegative(),
  }),
]) satisfies z.ZodType<ArmyJobResult>
