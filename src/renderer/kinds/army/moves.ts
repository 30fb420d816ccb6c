/**
 * A solitaire army's moves on the board, for playing by clicking: a move is one man's chain of
 * jumps, each over an adjacent man (who is taken off) into an empty cell of the board, in one of
 * the type's directions; the chain may stop after any jump. Cells are the window's, numbered as
 * indexWindow numbers them (the frame's moves are paths of those numbers); the chains found are
 * checked again by the core's verifier when the line is played (model.ts).
 */
import { boardHas } from '../../../shared/army/board'
import type { ArmyDocument } from '../../../shared/army/document'
import { GEOMETRIES, indexWindow, type IndexedWindow } from '../../../shared/army/geometry'
import type { Cell } from '../../../shared/cell'

const windows = new WeakMap<ArmyDocument['window'], Map<string, IndexedWindow>>()

/** The window's cells by number (every cell of the window, on the board or not: numbers stay when the board changes). */
export function windowOf(doc: Pick<ArmyDocument, 'type' | 'window'>): IndexedWindow {
  let m = windows.get(doc.window)
  if (!m) windows.set(doc.window, (m = new Map()))
  let w = m.get(doc.type)
  if (!w) m.set(doc.type, (w = indexWindow(GEOMETRIES[doc.type], doc.window)))
  return w
}

/** A cell's number on the window, or -1. */
export const cellIndex = (w: IndexedWindow, [x, y]: Cell): number => w.indexOf(x, y) ?? -1

/**
 * Every destination of the man on `from` (a cell number) with `men` on the board, and the shortest
 * chain of jumps that reaches it (the cells visited, from first to last).
 */
export function jumpChains(doc: ArmyDocument, men: readonly Cell[], from: number): Map<number, number[]> {
  const w = windowOf(doc)
  const on = boardHas(GEOMETRIES[doc.type], doc.window, doc.board)
  const occupied = new Set(men.map((c) => cellIndex(w, c)))
  const out = new Map<number, number[]>()
  if (!occupied.has(from)) return out
  // Breadth first over (where the man is, the men taken so far): the first chain to reach a cell is a shortest one.
  const queue: { at: number; taken: readonly number[]; path: number[] }[] = [{ at: from, taken: [], path: [from] }]
  const seen = new Set<string>([`${from}|`])
  while (queue.length > 0) {
    const s = queue.shift()!
    for (const [a, over, into] of w.jumps) {
      if (a !== s.at || !occupied.has(over) || s.taken.includes(over)) continue
      const empty = !occupied.has(into) || into === from || s.taken.includes(into)
      if (!empty || into === s.at || !on(...w.cells[into]!)) continue
      const taken = [...s.taken, over].sort((x, y) => x - y)
      const key = `${into}|${taken.join(',')}`
      if (seen.has(key)) continue
      seen.add(key)
      const path = [...s.path, into]
      if (into !== from && !out.has(into)) out.set(into, path)
      queue.push({ at: into, taken, path })
    }
  }
  return out
}
