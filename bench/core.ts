/**
 * The readable core's move generator (used by the verifier and the workbench, not by the search
 * engine): legal moves per second from fixed positions, and a breadth-first expansion of the
 * triangle-10 transfer to level 5 (74,170 boards, search notes) with string keys.
 */
import { presetArmy } from '../src/shared/halma/armies'
import { boardByName } from '../src/shared/halma/board'
import { applyMove, legalMoves, undoMove } from '../src/shared/halma/moves'
import { Position } from '../src/shared/halma/position'
import { expect as unwrap } from '../src/shared/result'
import { makeRules } from '../src/shared/halma/rules'
import { topology } from '../src/shared/halma/topology'
import { table } from '../src/cli/io'

function time<T>(f: () => T): [T, number] {
  const t = performance.now()
  const r = f()
  return [r, (performance.now() - t) / 1000]
}

export function benchCore(): string {
  const rows: (string | number)[][] = [['case', 'positions', 'moves', 'seconds', 'moves/s']]
  const board = unwrap(boardByName('9x9'))
  for (const moves of ['4-move', '6-move', '8-move'] as const) {
    const rules = makeRules(moves)
    const topo = topology(board, rules)
    const start = Position.of(board, [unwrap(presetArmy(board, 'triangle10'))]).occupancy()
    // Breadth-first to level 4, then time move generation over every board found.
    let frontier = [start]
    const seen = new Set<string>([String.fromCharCode(...start)])
    for (let level = 0; level < 3; level++) {
      const next: Uint8Array[] = []
      for (const occ of frontier) {
        for (const m of legalMoves(topo, occ)) {
          applyMove(occ, m)
          const k = String.fromCharCode(...occ)
          if (!seen.has(k)) {
            seen.add(k)
            next.push(occ.slice())
          }
          undoMove(occ, m)
        }
      }
      frontier = next
    }
    const [count, s] = time(() => frontier.reduce((n, occ) => n + legalMoves(topo, occ).length, 0))
    rows.push([`triangle-10 ${moves}, level-3 boards`, frontier.length, count, s.toFixed(3), Math.round(count / s)])
  }
  // Level sets of the 6-move transfer to level 5 with the core generator and string keys.
  const rules = makeRules('6-move')
  const topo = topology(board, rules)
  const start = Position.of(board, [unwrap(presetArmy(board, 'triangle10'))]).occupancy()
  const [sizes, s] = time(() => {
    let prev = new Set<string>()
    let cur = new Map<string, Uint8Array>([[String.fromCharCode(...start), start]])
    const out: number[] = []
    let children = 0
    for (let level = 1; level <= 5; level++) {
      const next = new Map<string, Uint8Array>()
      for (const occ of cur.values()) {
        for (const m of legalMoves(topo, occ)) {
          children++
          applyMove(occ, m)
          const k = String.fromCharCode(...occ)
          if (!cur.has(k) && !prev.has(k) && !next.has(k)) next.set(k, occ.slice())
          undoMove(occ, m)
        }
      }
      out.push(next.size)
      prev = new Set(cur.keys())
      cur = next
    }
    return { out, children }
  })
  rows.push([
    `level sets 1-5: ${sizes.out.join(', ')}`,
    sizes.out.reduce((a, b) => a + b, 0),
    sizes.children,
    s.toFixed(3),
    Math.round(sizes.children / s),
  ])
  return table(rows, '>>>>>'.replace(/^./, ' '))
}
