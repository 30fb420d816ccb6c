import { describe, expect, it } from 'vitest'
import { seeded } from '../helpers/random'
import { PlayersDomain } from '../../src/shared/engine/players/domain'
import { playersPresets, type PlayersGame } from '../../src/shared/players/game'
import { cellOf } from '../../src/shared/players/line'

/** The six hexagonal directions as (dx, dy), as the rules page draws the star. */
const HEX: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
]

/**
 * An independent check of fill.ts, from the board's coordinates: whether the men outside T can
 * fill the free cells of T one move each, in some order of men and cells, each move a step onto
 * the cell or hops over any cell but the mover's own whose landings inside T are among the cells
 * still free. Every order is tried (no memo, no shared tables).
 */
function canFill(g: PlayersGame, target: Set<string>, men: string[], free: string[]): boolean {
  const board = new Set(g.board.cells.map(([x, y]) => `${x},${y}`))
  const xy = (s: string): [number, number] => s.split(',').map(Number) as [number, number]
  const reaches = (man: string, cell: string, still: Set<string>): boolean => {
    const [x, y] = xy(man)
    for (const [dx, dy] of HEX) if (`${x + dx},${y + dy}` === cell) return true
    const seen = new Set([man])
    const stack = [man]
    while (stack.length > 0) {
      const [px, py] = xy(stack.pop()!)
      for (const [dx, dy] of HEX) {
        const over = `${px + dx},${py + dy}`
        const land = `${px + 2 * dx},${py + 2 * dy}`
        if (!board.has(over) || !board.has(land) || over === man || seen.has(land)) continue
        if (target.has(land) && !still.has(land)) continue
        if (land === cell) return true
        seen.add(land)
        stack.push(land)
      }
    }
    return false
  }
  const go = (menLeft: string[], cellsLeft: string[]): boolean => {
    if (cellsLeft.length === 0) return true
    const still = new Set(cellsLeft)
    return menLeft.some((m, i) =>
      cellsLeft.some((c) => reaches(m, c, still) && go(menLeft.filter((_, j) => j !== i), cellsLeft.filter((x) => x !== c))),
    )
  }
  return go(men, free)
}

describe('the fill order of the winner\'s target (engine/players/fill.ts)', () => {
  const g = playersPresets()['star73-3']!
  const d = new PlayersDomain(g)
  const key = (c: number): string => g.board.cells[c]!.join(',')
  const T = [...d.inTarget[0]!.keys()].filter((c) => d.inTarget[0]![c] === 1)

  it('counts a move more where the tip of her target can no longer be entered (her men on both back corners)', () => {
    // Blue's target on the 73-hole star: the tip j1, then i2 j2, then h3 i3 j3.
    const at = (names: string[]) => names.map((n) => cellOf(g, n))
    const start = d.unpack(d.startKey, 0)
    // Each man outside has a free cell of his type in T (typeExtra 0): the counts see nothing amiss.
    const dead = [at(['h3', 'j3', 'h5', 'i5', 'j6', 'i4']), start[1]!, start[2]!]
    const alive = [at(['i2', 'h3', 'h5', 'i5', 'j5', 'j6']), start[1]!, start[2]!]
    const order = d.fillOrder(0)
    const penalty = (men: number[]): number => {
      const out = men.filter((c) => d.inTarget[0]![c] === 0)
      return order.penalty(out, out.length, order.freeOf(men, men.length))
    }
    expect(penalty(dead[0]!)).toBe(1)
    expect(penalty(alive[0]!)).toBe(0)
    // Three plies after blue's move: her turns come every three plies, and she needs one more.
    expect(d.remaining(dead, 0, 1) - d.remaining(dead, 0, 1, { fill: false })).toBe(3)
    expect(d.remaining(alive, 0, 1)).toBe(d.remaining(alive, 0, 1, { fill: false }))
  })

  it('agrees with a search over every order of men and cells, on random positions', () => {
    const next = seeded(18)
    const outsideCells = [...d.inTarget[0]!.keys()].filter((c) => d.inTarget[0]![c] === 0)
    const order = d.fillOrder(0)
    const target = new Set(T.map(key))
    let blocked = 0
    for (let trial = 0; trial < 400; trial++) {
      const k = 1 + Math.floor(next() * 4)
      const inside = [...T].sort(() => next() - 0.5).slice(0, T.length - k)
      const men = [...outsideCells].sort(() => next() - 0.5).slice(0, k)
      const free = T.filter((c) => !inside.includes(c))
      const all = [...inside, ...men]
      const expected = canFill(g, target, men.map(key), free.map(key)) ? 0 : 1
      expect(order.penalty(men, k, order.freeOf(all, all.length)), `men ${men.map(key)} free ${free.map(key)}`).toBe(expected)
      blocked += expected
    }
    // Both answers occur, so the comparison can tell.
    expect(blocked).toBeGreaterThan(20)
    expect(blocked).toBeLessThan(380)
  })
})
