/**
 * `halma army bound|solve --file X.army.json`: a document's own army, on its custom board (or the
 * paper's window with the target (0, 0)), judged by the pagoda function generated from the
 * distance to the target (board.ts; exact in Z[sigma]) and solved by depth-first search pruned by
 * it (custom.ts), with --fewest the engine's fewest moves on the same board (engine/army).
 */
import type { ArmyInit } from '../shared/engine/army/domain'
import { armyFields, parseFewestJob, type FewestResult } from '../shared/engine/army/fewest-job'
import { boardHas, DISTANCE_MAP, windowBoard } from '../shared/army/board'
import { measureOnBoard, type BoardMeasure } from '../shared/army/custom'
import { armyTask } from './army-ip'
import { parseArmyDocument, type ArmyDocument } from '../shared/army/document'
import { GEOMETRIES, type ArmyGeometry, type Window } from '../shared/army/geometry'
import type { PagodaMap } from '../shared/army/pagoda'
import { cellLabel, drawArmy, formatArmyMoves, verifyArmy } from '../shared/army/solution'
import { formatPowers, formatZ, powerSum, sign, toNumber } from '../shared/army/zsigma'
import { json, plural, type Io } from './io'
import { readText, UsageError, type Values } from './options'
import { budgetOption, diskOption, jobFaults, runJob, threadsOption } from './search-run'

/** The document named by --file, parsed; its faults as usage errors. */
function documentOption(v: Values): { readonly doc: ArmyDocument; readonly file: string } {
  const file = v['file']
  if (typeof file !== 'string') throw new UsageError('--file is required')
  const text = readText(file, 'army document')
  try {
    return { doc: parseArmyDocument(text, file), file }
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
}

/** Rows of exponents ('.' off the board, '∞' weight 0), as `halma army pagoda` prints them. */
export function exponentRows(g: ArmyGeometry, w: Window, map: PagodaMap, has: (x: number, y: number) => boolean): string[] {
  const rows: string[] = []
  for (let y = 0; y < w.rows; y++) {
    const [lo, hi] = g.columns(y, w.width)
    const cells: string[] = []
    for (let x = lo; x <= hi; x++) {
      const e = map.exponent(x, y)
      cells.push(!has(x, y) ? '  .' : e === null ? '  ∞' : String(e).padStart(3))
    }
    rows.push(`row ${String(y).padStart(2)}: ${cells.join('')}`)
  }
  return rows
}

/**
 * The engine's fewest moves for an army, as a job (engine/army/fewest.ts): --threads (default: every
 * core), --budget, --disk or --resume; progress on stderr, Ctrl-C cancels (undefined then).
 */
export async function engineFewest(init: ArmyInit, maxMoves: number, v: Values, io: Io): Promise<FewestResult | undefined> {
  const job = parseFewestJob({
    ...armyFields(init),
    maxMoves,
    threads: threadsOption(v),
    budgetBytes: budgetOption(v),
    ...diskOption(v),
  })
  if (!job.ok) throw jobFaults(job.error)
  return runJob({ kind: 'fewest', params: job.value }, io, 'army solve --fewest')
}

const menCount = (n: number): string => `${n} ${n === 1 ? 'man' : 'men'}`

const boardOf = (doc: ArmyDocument) => doc.board ?? windowBoard(GEOMETRIES[doc.type], doc.window)

/**
 * What a custom board makes of the document's level: nothing (its target says where the army
 * goes). Said, rather than passed over in silence, so that a level written in the file is not
 * taken for one the tool checked.
 */
export function levelUnused(doc: ArmyDocument): string {
  const g = GEOMETRIES[doc.type]
  return doc.board
    ? `the document's level (${doc.level}) is not used on a custom board: the army aims at its target ${cellLabel(g, doc.window, doc.board.target)}`
    : ''
}

function where(doc: ArmyDocument): string {
  const g = GEOMETRIES[doc.type]
  const b = boardOf(doc)
  return doc.board
    ? `a custom board of ${plural(b.cells.length, 'cell')} (${g.title}'s jumps), target ${cellLabel(g, doc.window, b.target)} (${levelUnused(doc)})`
    : `the window of ${doc.window.rows} rows, ${doc.window.width} columns beyond each row, target ${cellLabel(g, doc.window, b.target)}`
}

const measureJson = (m: BoardMeasure) => ({
  map: m.map.id,
  weight: { exact: formatZ(m.weight), decimal: toNumber(m.weight) },
  slack: { exact: formatZ(m.slack), decimal: toNumber(m.slack), ...(sign(m.slack) >= 0 && { powers: formatPowers(powerSum(m.slack)) }) },
  possible: m.possible,
  verdict: m.verdict,
  unreachableCells: m.unreachable,
})

/** `bound --file`: the generated pagoda function's verdict on the document's army. */
export function runDocumentBound(v: Values, io: Io): number {
  const { doc, file } = documentOption(v)
  const g = GEOMETRIES[doc.type]
  const board = boardOf(doc)
  const m = measureOnBoard(g, board, doc.army)
  if (v['json']) {
    io.out(json({ file, type: doc.type, men: doc.army.length, board: doc.board ? 'custom' : 'window', ...measureJson(m) }))
    return 0
  }
  io.out(`${doc.title ?? file}: ${menCount(doc.army.length)} on ${where(doc)}`)
  io.out(`the pagoda function generated from the distance to the target (each cell's exponent; weight σ^e, σ = (√5 - 1)/2):`)
  io.out(exponentRows(g, doc.window, m.map, boardHas(g, doc.window, doc.board)).join('\n'))
  if (m.unreachable > 0) io.out(`${plural(m.unreachable, 'cell')} cannot reach the target (∞: weight 0)`)
  io.out(`weight ${formatZ(m.weight)} ≈ ${toNumber(m.weight).toFixed(6)}, slack ${formatZ(m.slack)} ≈ ${toNumber(m.slack).toFixed(6)}`)
  io.out(m.verdict)
  return 0
}

/** `solve --file`: a legal order of jumps for the document's army on its board, verified; --fewest: the engine's fewest moves. */
export async function runDocumentSolve(v: Values, io: Io, maxMoves: number | undefined): Promise<number> {
  const { doc, file } = documentOption(v)
  // Checked before the search: a bad --threads or --budget is named at once, not minutes later.
  threadsOption(v)
  budgetOption(v)
  const g = GEOMETRIES[doc.type]
  const board = boardOf(doc)
  // The search runs in a worker thread (minutes on a large army): progress, and Ctrl-C.
  const measure = measureOnBoard(g, board, doc.army)
  const found = measure.possible ? await armyTask(io, 'army solve', 'boardSolve', doc.type, doc.window, board, doc.army, {}) : null
  if (found === undefined) return 130
  const s = { measure, ...(found ?? { moves: null, positions: 0, gaveUp: false, verdict: null }) }
  const label = (moves: readonly (readonly (readonly [number, number])[])[]): string => formatArmyMoves(g, doc.window, moves)
  let fewest: FewestResult | undefined
  if (s.verdict?.ok && v['fewest']) {
    fewest = await engineFewest(
      { kind: 'army', type: doc.type, window: doc.window, army: doc.army, map: DISTANCE_MAP, ...(doc.board && { board: doc.board }) },
      maxMoves ?? s.moves!.length,
      v,
      io,
    )
    if (!fewest) return 130
  }
  const best = fewest?.moves ?? s.moves
  const check = best && verifyArmy(g, doc.window, doc.army, best, doc.board)
  const ok = check?.ok === true
  if (v['json']) {
    io.out(
      json({
        file,
        type: doc.type,
        men: doc.army.length,
        ...measureJson(s.measure),
        positions: s.positions,
        gaveUp: s.gaveUp,
        moves: best && label(best),
        jumps: check?.jumps ?? null,
        verified: ok,
        ...(check?.error && { error: check.error }),
        ...(fewest && {
          fewest: { moves: fewest.moves?.length ?? null, provenAbove: fewest.provenAbove, stopped: fewest.stopped, levels: fewest.levels },
        }),
      }),
    )
    return ok ? 0 : 1
  }
  io.out(`${doc.title ?? file}: ${menCount(doc.army.length)} on ${where(doc)}`)
  io.out(drawArmy(g, doc.window, doc.army, doc.window.rows - 1, doc.board).join('\n'))
  io.out(`the distance map: ${s.measure.verdict}`)
  if (!s.measure.possible) return 1
  if (!s.moves) {
    io.out(
      s.gaveUp
        ? `no solution found in ${s.positions.toLocaleString('en-US')} positions (gave up)`
        : `no order of jumps brings a man to the target (every position searched: ${s.positions.toLocaleString('en-US')})`,
    )
    return 1
  }
  io.out(
    `${plural(s.moves.length, 'move')}, ${plural(s.verdict!.jumps, 'jump')}, ${s.verdict!.ok ? 'verified' : `NOT verified: ${s.verdict!.error}`} (${s.positions.toLocaleString('en-US')} positions searched):`,
  )
  io.out(label(s.moves))
  if (!fewest) return s.verdict!.ok ? 0 : 1
  const positions = fewest.levels.reduce((x, y) => x + y, 0)
  if (fewest.stopped || !fewest.moves) {
    io.out(
      `fewest moves: not settled (${fewest.stopped ? `the search stopped: ${fewest.stopped}` : 'none found within the limit'}, ${positions.toLocaleString('en-US')} positions); none with ${fewest.provenAbove} moves or fewer`,
    )
    return 0
  }
  io.out(
    `fewest moves: ${fewest.moves.length} (none of ${fewest.moves.length - 1} moves or fewer: ${positions.toLocaleString('en-US')} positions in ${fewest.levels.length} levels), ${ok ? 'verified' : `NOT verified: ${check!.error}`}:`,
  )
  io.out(label(fewest.moves))
  return ok ? 0 : 1
}
