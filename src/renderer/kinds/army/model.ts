/**
 * Solitaire armies (`*.army.json`, Bell, Hirschberg and Guerrero 2007) as a kind of the workbench
 * (frame/kind.ts): an army on its window (or a custom board of its cells), and one line, its
 * solution, with side lines and comments (document version 3). A move is one man's chain of jumps;
 * lines are played and checked by the core's verifier (shared/army/solution.ts). A solution that
 * brings a man to the target must go on doing so.
 */
import { armyTree, formatArmyDocument, isArmyDocumentText, parseArmyDocument, withArmyTree, type ArmyDocument } from '../../../shared/army/document'
import { GEOMETRIES, type ArmyType } from '../../../shared/army/geometry'
import { defaultWindow } from '../../../shared/army/minimum'
import { cellLabel, formatArmyMoves, parseArmyMoves, positionAfter, verifyArmy } from '../../../shared/army/solution'
import { emptyTree, mapTree } from '../../../shared/variations'
import { parseOrFault, type KindModel, type Path, type PlayedLine } from '../../frame/kind'
import { moves as movesText } from '../../format'
import { cellIndex, jumpChains, windowOf } from './moves'
import type { Cell } from '../../../shared/cell'

/** A line of an army: the frame's view, and the men after each ply. */
export interface ArmyLine extends PlayedLine {
  readonly positions: readonly Cell[][]
  readonly cells: readonly Cell[][]
}


/** An empty army of a type to a level, on the window its pagoda bound asks for (an Error for a level the type cannot have). */
export function emptyArmy(type: ArmyType, level: number): ArmyDocument {
  const title = GEOMETRIES[type].title.replace(/^the /, '')
  return {
    title: `${title.charAt(0).toUpperCase()}${title.slice(1)} to level ${level}`,
    type,
    level,
    window: defaultWindow(type, level),
    army: [],
    moves: [],
  }
}

const toCells = (doc: ArmyDocument, path: Path): Cell[] => path.map((i) => windowOf(doc).cells[i]!)
const toPath = (doc: ArmyDocument, cells: readonly Cell[]): number[] => cells.map((c) => cellIndex(windowOf(doc), c))

function played(doc: ArmyDocument, moves: readonly Path[]): ArmyLine {
  const g = GEOMETRIES[doc.type]
  const cells = moves.map((m) => toCells(doc, m))
  const v = verifyArmy(g, doc.window, doc.army, cells, doc.board)
  const legal = v.error && v.moves < cells.length ? cells.slice(0, v.moves) : cells
  const positions = legal.map((_, k) => positionAfter(doc.army, legal, k + 1))
  positions.unshift([...doc.army])
  const target = doc.board?.target ?? [0, 0]
  const reached = positions.findIndex((p) => p.some(([x, y]) => x === target[0] && y === target[1]))
  return {
    positions,
    cells: legal,
    moves: legal.map((m) => ({ path: toPath(doc, m), text: formatArmyMoves(g, doc.window, [m]), mover: 0, style: 'jump', hops: m.length - 1 })),
    end: reached > 0 ? { ply: reached, text: `a man reaches the target at move ${reached} (${movesText(reached)})` } : null,
    fault: v.error && v.moves < cells.length ? v.error : null,
  }
}

export const armyKind: KindModel<ArmyDocument, ArmyLine> = {
  id: 'army',
  noun: 'solitaire army',
  suffix: '.army.json',
  untitled: 'untitled.army.json',
  nameOf: (d) => `${d.type}-level${d.level}.army.json`,
  lineNoun: 'solution',
  keepsEnds: true,
  maxLines: 1,
  blank: () => emptyArmy('conway', 4),
  claims: isArmyDocumentText,
  parse: parseOrFault(parseArmyDocument),
  format: formatArmyDocument,
  title: (doc) => doc.title ?? `${GEOMETRIES[doc.type].title} to level ${doc.level}`,
  problemKey: (doc) => JSON.stringify([doc.type, doc.level, doc.window, doc.army, doc.board ?? null]),
  lines(doc) {
    if (doc.moves.length === 0 && !doc.annotations) return []
    const t = armyTree(doc)
    return [{ title: doc.source ?? '', tree: t.ok ? mapTree(t.value, (m) => toPath(doc, m)) : emptyTree() }]
  },
  withLine(doc, _k, tree) {
    return { ok: true, value: withArmyTree(doc, mapTree(tree, (m) => toCells(doc, m))) }
  },
  replay: played,
  parseMoves(doc, text) {
    let cells: Cell[][]
    try {
      cells = parseArmyMoves(GEOMETRIES[doc.type], doc.window, text)
    } catch (e) {
      return { ok: false, error: (e as Error).message }
    }
    if (cells.length === 0) return { ok: false, error: 'the text has no moves' }
    const line = played(doc, cells.map((m) => toPath(doc, m)))
    return line.fault !== null ? { ok: false, error: line.fault } : { ok: true, value: line.moves.map((m) => [...m.path]) }
  },
  lineText: (doc, line) => formatArmyMoves(GEOMETRIES[doc.type], doc.window, line.cells),
  moveText: (doc, path) => toCells(doc, path).map((c) => cellLabel(GEOMETRIES[doc.type], doc.window, c)).join('-'),
  moverAt: () => 0,
  moverMark: () => null,
  notEnded: () => 'no man is on the target yet',
  click(doc, line, ply, picked, cell) {
    const men = line.positions[ply] ?? line.positions[0]!
    const name = cellLabel(GEOMETRIES[doc.type], doc.window, windowOf(doc).cells[cell]!)
    if (picked) {
      const path = jumpChains(doc, men, picked.from).get(cell)
      if (path) return { kind: 'play', path }
      if (cell === picked.from) return { kind: 'clear' }
    }
    if (!men.some((c) => cellIndex(windowOf(doc), c) === cell)) return { kind: 'clear' }
    const to = [...jumpChains(doc, men, cell).keys()]
    return to.length > 0 ? { kind: 'select', from: cell, to } : { kind: 'refused', reason: `the man on ${name} has no jump: a man jumps over an adjacent man into an empty cell` }
  },
}

