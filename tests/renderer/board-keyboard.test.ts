// The board from the keyboard (issue 16, defect 16), without a canvas: the cursor moves to the
// neighbouring cell as drawn, on the square grid and on the triangular lattice, stops at the edge
// and passes over cells off the board; the words for a cell and the list of men per army.
import { describe, expect, it } from 'vitest'
import { cursorStep } from '../../src/renderer/board/cursor'
import { describeCell, describeMen } from '../../src/renderer/kinds/halma/words'
import { layoutBoard } from '../../src/renderer/kinds/halma/layout'
import { NO_OVERLAYS, type SceneInput } from '../../src/renderer/kinds/halma/scene'
import { boardByName, nameOf, parseCell } from '../../src/shared/halma/board'
import { Position } from '../../src/shared/halma/position'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules } from '../../src/shared/halma/rules'

const b9 = unwrap(boardByName('9x9'))
const cell = (n: string): number => unwrap(parseCell(b9, n))
const name = (c: number): string => nameOf(b9, c)

describe('the cursor', () => {
  it('moves to the neighbour on the square grid (a1 top left) and stays at the edge', () => {
    const l = layoutBoard(b9, 'square')
    expect(name(cursorStep(l, cell('d4'), 'right'))).toBe('e4')
    expect(name(cursorStep(l, cell('d4'), 'left'))).toBe('c4')
    expect(name(cursorStep(l, cell('d4'), 'down'))).toBe('d5')
    expect(name(cursorStep(l, cell('d4'), 'up'))).toBe('d3')
    expect(name(cursorStep(l, cell('a1'), 'up'))).toBe('a1')
    expect(name(cursorStep(l, cell('a1'), 'left'))).toBe('a1')
    expect(name(cursorStep(l, cell('d4'), 'right', new Set([cell('e4')])))).toBe('f4')
  })

  it('moves to a neighbour on the triangular lattice, and reaches every cell', () => {
    const l = layoutBoard(b9, 'triangular')
    const start = cell('e5')
    for (const dir of ['up', 'down', 'left', 'right'] as const) {
      const next = cursorStep(l, start, dir)
      expect(next).not.toBe(start)
      // One cell pitch away: a neighbour, not a cell further on.
      expect(Math.hypot(l.x[next]! - l.x[start]!, l.y[next]! - l.y[start]!)).toBeCloseTo(1, 5)
    }
    // From the top corner every cell is reached by the arrow keys.
    const seen = new Set([cell('a1')])
    const queue = [cell('a1')]
    while (queue.length > 0) {
      const c = queue.pop()!
      for (const dir of ['up', 'down', 'left', 'right'] as const) {
        const n = cursorStep(l, c, dir)
        if (seen.has(n)) continue
        seen.add(n)
        queue.push(n)
      }
    }
    expect(seen.size).toBe(81)
  })
})

describe('the board in words', () => {
  const position = Position.of(b9, [[cell('a1'), cell('b1')], [cell('i9')]])
  const input: SceneInput = {
    board: b9,
    rules: makeRules('6-move'),
    lattice: 'triangular',
    position,
    targets: [[cell('i9'), cell('h9')], [cell('a1')]],
    path: { cells: [cell('c1'), cell('b1')], army: 0 },
    selected: cell('b1'),
    destinations: [cell('c1'), cell('b2')],
    overlays: NO_OVERLAYS,
  }
  const names = ['blue', 'red']

  it('says what is on a cell: the man, the type, the target, the selection', () => {
    expect(describeCell(input, names, cell('a1'))).toBe("a1: blue man, type 0, a cell of red's target")
    expect(describeCell(input, names, cell('b1'))).toBe('b1: blue man, type 1, selected: he may go to c1, b2')
    expect(describeCell(input, names, cell('c1'))).toBe('c1: empty, type 0, the selected man may go here: press Enter')
    expect(describeCell(input, names, cell('i9'))).toBe("i9: red man, type 0, a cell of blue's target")
    expect(describeCell(input, [], cell('h9'))).toBe("h9: empty, type 1, a cell of army 1's target")
  })

  it('lists the men of each army and the last move', () => {
    expect(describeMen(input, names)).toEqual(['blue: 2 men, on a1 b1', 'red: 1 man, on i9', 'last move: blue c1-b1'])
  })
})
