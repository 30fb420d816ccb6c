/**
 * Transfers and two-player games (`*.halma.json`) as a kind of the workbench (frame/kind.ts): the
 * core's documents, its lines (timeline.ts: a line precomputed per ply) and its move generator. A
 * stored line is a solution (document version 2 keeps its side lines and comments); a solution
 * that reaches the target (or a game that is won) must go on doing so.
 */
import type { ArmyPreset } from '../../../shared/halma/armies'
import { FORMAT, formatDocument, interpret, parseDocument, PLAIN_VERSION, type DocumentSpec, type HalmaDocument } from '../../../shared/halma/document'
import { jumpCount, moveTo } from '../../../shared/halma/moves'
import { pathNames } from '../../../shared/halma/notation'
import { legalMovesOf } from '../../../shared/halma/selection'
import { specOfTree } from '../../../shared/halma/solution-tree'
import { symmetry } from '../../../shared/halma/symmetry'
import type { MoveSet } from '../../../shared/halma/rules'
import { armyToMove, lineOf, lineText, playOn, startLine, type Timeline } from '../../../shared/halma/timeline'
import { variantOfProblem } from '../../../shared/play/variant'
import { describe, expect as unwrap } from '../../../shared/result'
import { mainLine } from '../../../shared/variations'
import { type KindModel, type LineTree, type PlayedLine } from '../../frame/kind'
import { moves as movesText } from '../../format'
import { ARMY_COLOURS } from '../../board/palette'

/** A line of a problem: the frame's view of it, and the core's timeline (positions, measures per ply). */
export interface HalmaLine extends PlayedLine {
  readonly timeline: Timeline
}

/** A transfer problem from presets, as a document spec (what New makes). */
export function presetSpec(army: ArmyPreset, board: string, moves: MoveSet): DocumentSpec {
  return {
    format: FORMAT,
    version: PLAIN_VERSION,
    kind: 'transfer',
    title: `${army} across the ${board} board, ${moves}`,
    board,
    rules: { moves },
    armies: [{ name: 'blue', preset: army, target: 'mirror' }],
  }
}

/** A new problem from presets (File > New), or why the army does not fit the board. */
export function newProblem(army: ArmyPreset, board: string, moves: MoveSet): { ok: true; value: HalmaDocument } | { ok: false; error: string } {
  const r = interpret(presetSpec(army, board, moves))
  return r.ok ? r : { ok: false, error: `cannot make this problem: ${r.error.map(describe).join('; ')}` }
}

/** Levenspiel's problem: triangle-10 across the 9x9 board under 6-move rules. */
export const DEFAULT_SPEC = presetSpec('triangle10', '9x9', '6-move')

/** The problem documents that ship with the workbench (resources/problems), by file name. */


/** A line played from the start, cut before its first illegal move (whose fault is said). */
export function timelineOf(doc: HalmaDocument, moves: readonly (readonly number[])[]): { line: Timeline; fault: string | null } {
  const r = lineOf(doc.problem, moves)
  if (r.ok) return { line: r.value, fault: null }
  const bad = Number(/^move (\d+)$/.exec(r.error.at ?? '')?.[1] ?? 1)
  const prefix = lineOf(doc.problem, moves.slice(0, bad - 1))
  return { line: prefix.ok ? prefix.value : startLine(doc.problem), fault: describe(r.error) }
}

function played(doc: HalmaDocument, t: Timeline, fault: string | null): HalmaLine {
  const n = t.moves.length
  const end = t.winner
    ? { ply: t.winner.move, text: `${doc.problem.armies[t.winner.army]!.name} wins on move ${t.winner.move}` }
    : t.complete && n > 0
      ? { ply: n, text: `${movesText(n)} reach${n === 1 ? 'es' : ''} the target` }
      : null
  return {
    timeline: t,
    moves: t.moves.map((m) => ({ path: m.move.path, text: m.text, mover: m.army, style: m.move.kind === 'step' ? 'step' : 'jump', hops: jumpCount(m.move) })),
    end,
    fault,
  }
}

/** The spec without its lines: the engine is told the game, not the lines stored beside it (it is sent with every search). */
function problemOnly(spec: DocumentSpec): DocumentSpec {
  const { solutions: _s, ...rest } = spec
  return { ...rest, version: PLAIN_VERSION }
}

const imageOf = (doc: HalmaDocument): Int16Array | undefined =>
  doc.problem.reflection && doc.problem.kind === 'transfer' ? symmetry(doc.problem.board, doc.problem.reflection) : undefined

export const halmaKind: KindModel<HalmaDocument, HalmaLine> = {
  id: 'halma',
  noun: 'problem',
  suffix: '.halma.json',
  untitled: 'untitled.halma.json',
  lineNoun: 'solution',
  keepsEnds: true,
  maxLines: Infinity,
  blank: () => unwrap(interpret(DEFAULT_SPEC)),
  claims: (text) => new RegExp(`"format"\\s*:\\s*"${FORMAT}"`).test(text.slice(0, 400)),
  parse(text) {
    const r = parseDocument(text)
    return r.ok ? r : { ok: false, error: r.error.map(describe).join('; ') }
  },
  format: (doc) => formatDocument(doc),
  title: (doc) => doc.problem.title,
  problemKey: (doc) => JSON.stringify([doc.spec.kind, doc.spec.board, doc.spec.rules, doc.spec.armies, doc.spec.first]),
  engineGame: (doc) => (doc.problem.kind === 'game' ? variantOfProblem(doc.problem, problemOnly(doc.spec)) : null),
  lines: (doc) => doc.solutions.map((s) => ({ title: s.title ?? '', tree: s.tree })),
  withLine(doc, k, tree: LineTree, title) {
    const image = imageOf(doc)
    const written = doc.spec.solutions?.[k]
    // The main line keeps its written form (a hand-written palindrome in full, say) while its moves stay.
    const keep = written && doc.solutions[k] ? { paths: mainLine(doc.solutions[k]!.tree), moves: written.moves } : undefined
    const lines = specOfTree(doc.problem.board, tree, { ...(image && { image }), ...(keep && { keep }) })
    const solutions = [...(doc.spec.solutions ?? [])]
    if (written) {
      const { comments: _c, variations: _v, ...rest } = written
      solutions[k] = { ...rest, ...(lines as Pick<typeof rest, 'moves'>) }
    } else solutions.push({ title: title ?? `${k + 1}`, ...(lines as { moves: string }) })
    const r = interpret({ ...doc.spec, solutions })
    return r.ok ? r : { ok: false, error: r.error.map(describe).join('; ') }
  },
  replay(doc, moves) {
    const { line, fault } = timelineOf(doc, moves)
    return played(doc, line, fault)
  },
  parseMoves(doc, text) {
    const r = lineOf(doc.problem, text)
    if (!r.ok) return { ok: false, error: describe(r.error) }
    if (r.value.moves.length === 0) return { ok: false, error: 'the text has no moves' }
    return { ok: true, value: r.value.moves.map((m) => m.move.path) }
  },
  lineText: (_doc, line) => lineText(line.timeline),
  moveText: (doc, path) => pathNames(doc.problem.board, path).join('-'),
  moverAt: (doc, ply) => (doc.problem.kind === 'transfer' ? 0 : (doc.problem.first + ply - 1) % 2),
  moverMark: (doc, mover) => (doc.problem.kind === 'game' ? { colour: ARMY_COLOURS[mover] ?? '#555555', dot: false } : null),
  notEnded: (doc) => (doc.problem.kind === 'game' ? 'no army has won yet' : 'the target is not reached yet'),
  click(doc, line, ply, picked, cell) {
    const t = line.timeline
    const position = t.positions[ply] ?? t.positions[0]!
    const army = armyToMove(t, ply)
    if (picked) {
      const move = legalMovesOf(doc.problem, position, army, picked.from).find((m) => moveTo(m) === cell)
      if (move) {
        const r = playOn(t, ply, move)
        return r.ok ? { kind: 'play', path: move.path } : { kind: 'refused', reason: r.error.message }
      }
      if (cell === picked.from) return { kind: 'clear' }
    }
    const moves = legalMovesOf(doc.problem, position, army, cell)
    if (position.at(cell) === army + 1) return { kind: 'select', from: cell, to: moves.map(moveTo) }
    return { kind: 'clear' }
  },
}
