/**
 * The document commands (documents.ts) for solitaire armies (`*.army.json`): `verify` plays the
 * document's moves (or the moves given, on its window) and says whether a man reaches the target;
 * `analyze` weighs a position exactly under the pagoda function of its board (the paper's improved
 * map of the type on the window; on a custom board the one generated from the distance to its
 * target) and counts the jumps open; `show` draws it. `halma army verify --file` and `halma army
 * show --file` are the older spellings.
 */
import { DISTANCE_MAP, mapFor } from '../shared/army/board'
import { measureArmy } from '../shared/army/custom'
import type { ArmyDocument } from '../shared/army/document'
import { GEOMETRIES } from '../shared/army/geometry'
import { IMPROVED_MAP } from '../shared/army/pagoda'
import { cellLabel, drawArmy, formatArmyMoves, legalJumps, parseArmyMoves, positionAfter, verifyArmy } from '../shared/army/solution'
import { formatZ, toNumber, type ZSigma } from '../shared/army/zsigma'
import { levelUnused } from './army-board'
import { json, plural, type Io } from './io'
import { lineOption, readText, UsageError, type Values } from './options'
import { afterOption } from './position-options'
import type { Cell } from '../shared/cell'

const MOVES = ['moves', 'moves-file', 'line', 'solution']

const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/** The moves the options name (--moves, --moves-file on the document's window), else the document's own. */
function movesOf(doc: ArmyDocument, v: Values): { readonly moves: Cell[][]; readonly title: string } {
  const given = ['moves', 'moves-file', 'line', 'solution'].filter((k) => v[k] !== undefined)
  if (given.length > 1) throw new UsageError('give only one of --moves, --moves-file, --line (or --solution)')
  const g = GEOMETRIES[doc.type]
  const text =
    typeof v['moves'] === 'string' ? v['moves'] : typeof v['moves-file'] === 'string' ? readText(v['moves-file'], 'moves file') : undefined
  if (text !== undefined) {
    try {
      return { moves: parseArmyMoves(g, doc.window, text), title: 'moves given' }
    } catch (e) {
      throw new UsageError(`${given[0] === 'moves' ? '--moves' : String(v['moves-file'])}: ${(e as Error).message}`)
    }
  }
  // An army document stores one line: its moves.
  lineOption(v, doc.moves.length > 0 ? 1 : 0)
  return { moves: doc.moves.map((m) => [...m]), title: 'its moves' }
}

/** The moves played from the army: valid when a man ends on the target. */
function verifyArmyDocument(doc: ArmyDocument, v: Values, io: Io, file: string): number {
  const g = GEOMETRIES[doc.type]
  const { moves } = movesOf(doc, v)
  const r = verifyArmy(g, doc.window, doc.army, moves, doc.board)
  const reach = doc.board ? `the target ${cellLabel(g, doc.window, doc.board.target)} of their custom board` : `level ${doc.level}`
  if (v['json'])
    io.out(
      json({ file, type: doc.type, board: doc.board ? 'custom' : 'window', level: doc.board ? null : doc.level, men: doc.army.length, valid: r.ok, ...r }),
    )
  else {
    io.out(
      r.ok
        ? `valid: ${doc.army.length} men of ${g.title} reach ${reach} in ${plural(r.moves, 'move')} (${plural(r.jumps, 'jump')})`
        : `invalid: ${r.error}`,
    )
    if (doc.board) io.out(`(${levelUnused(doc)})`)
  }
  return r.ok ? 0 : 1
}

/** The position the options name, its moves verified first (a position past an illegal move has no meaning). */
function locate(doc: ArmyDocument, v: Values, file: string): { readonly men: Cell[]; readonly played: number; readonly moves: Cell[][] } {
  const { moves, title } = movesOf(doc, v)
  const r = moves.length > 0 ? verifyArmy(GEOMETRIES[doc.type], doc.window, doc.army, moves, doc.board) : null
  // A line that stops short of the target is still a line: only an illegal move is refused.
  if (r && !r.ok && r.moves < moves.length) throw new UsageError(`${title === 'its moves' ? file : title}: ${r.error}`)
  const played = afterOption(v, moves.length)
  return { men: positionAfter(doc.army, moves, played), played, moves }
}

const exact = (x: ZSigma) => ({ exact: formatZ(x), decimal: toNumber(x) })

/** The position's men, exact weight and slack under its board's pagoda function, and the jumps open. */
function analyzeArmyDocument(doc: ArmyDocument, v: Values, io: Io, file: string): number {
  const g = GEOMETRIES[doc.type]
  const at = locate(doc, v, file)
  const mapId = doc.board ? DISTANCE_MAP : IMPROVED_MAP[doc.type]
  const map = mapFor(g, doc.window, mapId, doc.board)
  const name = doc.board ? 'the distance map' : `${map.figure} (${map.description})`
  const m = measureArmy(map, at.men, name)
  const jumps = legalJumps(g, doc.window, at.men, doc.board)
  const rows = at.men.map(([, y]) => y)
  if (v['json']) {
    io.out(
      json({
        file,
        type: doc.type,
        after: at.played,
        men: at.men.length,
        rows: at.men.length > 0 ? [Math.min(...rows), Math.max(...rows)] : null,
        map: map.id,
        weight: exact(m.weight),
        slack: exact(m.slack),
        possible: m.possible,
        legalJumps: jumps.length,
      }),
    )
    return 0
  }
  const label = (c: Cell): string => cellLabel(g, doc.window, c)
  io.out(
    [
      doc.title ?? upperFirst(g.title),
      at.played === 0 ? 'position: start' : `position: after move ${at.played} of ${at.moves.length}`,
      '',
      `men: ${at.men.length}${at.men.length > 0 ? ` in rows ${Math.min(...rows)} to ${Math.max(...rows)}` : ''}`,
      `weight under ${name}: ${formatZ(m.weight)} ≈ ${toNumber(m.weight).toFixed(6)} (the target weighs 1; σ = (√5 - 1)/2)`,
      `slack: ${formatZ(m.slack)} ≈ ${toNumber(m.slack).toFixed(6)}`,
      m.verdict,
      `jumps open: ${jumps.length}${jumps.length > 0 && jumps.length <= 12 ? ` (${jumps.map(([a, , c]) => `${label(a)}-${label(c)}`).join(', ')})` : ''}`,
    ].join('\n'),
  )
  return 0
}

/** A text picture of the window (or custom board) after move K, the last move named. */
function showArmyDocument(doc: ArmyDocument, v: Values, io: Io, file: string): number {
  const g = GEOMETRIES[doc.type]
  const at = locate(doc, v, file)
  const last = doc.board ? doc.window.rows - 1 : Math.max(...doc.army.map(([, y]) => y))
  const picture = drawArmy(g, doc.window, at.men, last, doc.board)
  const move = at.played > 0 ? formatArmyMoves(g, doc.window, [at.moves[at.played - 1]!]) : null
  if (v['json']) {
    const label = (c: Cell) => cellLabel(g, doc.window, c)
    io.out(
      json({
        file,
        type: doc.type,
        after: at.played,
        moves: at.moves.length,
        men: at.men.map(label),
        ...(doc.board && { board: { cells: doc.board.cells.length, target: label(doc.board.target) } }),
        ...(move && { move }),
        picture,
      }),
    )
    return 0
  }
  const on = doc.board
    ? ` on a custom board of ${plural(doc.board.cells.length, 'cell')}, target ${cellLabel(g, doc.window, doc.board.target)}`
    : ''
  io.out(
    `${doc.title ?? upperFirst(g.title)}: after move ${at.played} of ${at.moves.length}, ${at.men.length} ${at.men.length === 1 ? 'man' : 'men'}${on}`,
  )
  io.out(picture.join('\n'))
  if (move) io.out(`move ${at.played}: ${move}`)
  return 0
}

/** The army domain's entry in the registry of document commands (documents.ts). */
export const ARMY_COMMANDS = {
  options: { verify: MOVES, analyze: [...MOVES, 'after'], show: [...MOVES, 'after'] },
  verify: verifyArmyDocument,
  analyze: analyzeArmyDocument,
  show: showArmyDocument,
}
