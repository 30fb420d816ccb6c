// Which games a tablebase covers (src/renderer/tablebase/link.ts), and their positions as the table's.
import { describe, expect, it } from 'vitest'
import { parseDocument, type HalmaDocument } from '../../src/shared/halma/document'
import { parseCell } from '../../src/shared/halma/board'
import { startPosition } from '../../src/shared/halma/problem'
import { sideAt, tablePositionOf, tableSpecOf } from '../../src/renderer/tablebase/link'
import { expect as unwrap } from '../../src/shared/result'

const shipped = Object.values(
  import.meta.glob<string>('../../resources/problems/tablebase-7x7-2.halma.json', { query: '?raw', import: 'default', eager: true }),
)[0]!
const doc = (change: (d: Record<string, unknown>) => void = () => undefined): HalmaDocument => {
  const d = JSON.parse(shipped) as Record<string, unknown>
  change(d)
  return unwrap(parseDocument(JSON.stringify(d)))
}
const why = (d: HalmaDocument): string => {
  const r = tableSpecOf(d)
  return 'why' in r ? r.why : ''
}

describe('tablebase link', () => {
  it('covers the shipped 7 x 7 game with two men a side, and gives its positions with the mover', () => {
    const d = doc()
    expect(tableSpecOf(d)).toEqual({ spec: { side: 7, men: 2 } })
    const p = tablePositionOf(startPosition(d.problem), sideAt(d, 0))
    const at = (n: string): number => unwrap(parseCell(d.problem.board, n))
    expect(p).toEqual({ blue: [at('a1'), at('b1')].sort((a, b) => a - b), red: [at('f7'), at('g7')].sort((a, b) => a - b), toMove: 'blue' })
    expect(sideAt(d, 1)).toBe('red')
  })

  it('says why a game is not covered: other rules, board, men or start areas', () => {
    expect(why(doc((d) => (d['rules'] = { moves: '8-move' })))).toMatch(/6-move rules/)
    expect(why(doc((d) => (d['board'] = '10x10')))).toMatch(/m from 3 to 9/)
    expect(
      why(
        doc(
          (d) =>
            (d['armies'] = [
              { name: 'blue', cells: ['a1', 'b1', 'a2'] },
              { name: 'red', cells: ['g7', 'f7', 'g6'] },
            ]),
        ),
      ),
    ).toBe('')
    expect(
      why(
        doc(
          (d) =>
            (d['armies'] = [
              { name: 'blue', cells: ['a1', 'a2'] },
              { name: 'red', cells: ['g7', 'g6'] },
            ]),
        ),
      ),
    ).toMatch(/start on its areas/)
    expect(
      why(
        doc(
          (d) =>
            (d['armies'] = [
              { name: 'blue', cells: ['a1', 'b1', 'a2', 'b2', 'c1'] },
              { name: 'red', cells: ['g7', 'f7', 'g6', 'f6', 'e7'] },
            ]),
        ),
      ),
    ).toMatch(/1, 2, 3, 4, 6 men a side/)
  })
})
