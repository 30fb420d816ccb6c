import { describe, expect, it } from 'vitest'
import { piecepackBoard, STAR_121, STAR_73, STAR_MINI, triangleSide } from '../../src/shared/players/boards'
import { destinations, moveCount, playersPreset, playersPresets, startPosition, type PlayersGame } from '../../src/shared/players/game'
import { cellNames, cellOf, verifyLine } from '../../src/shared/players/line'
import { main } from '../../src/cli/main'

/** An independent move counter: cells as "x,y" strings, jumps followed with a plain stack. */
function naiveCount(g: PlayersGame, player: number): number {
  const occ = startPosition(g)
  // The rules page: the cross takes orthogonal moves only; the piecepack board all eight.
  const dirs =
    g.board.id === 'cross33'
      ? [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]
      : g.board.lattice === 'square'
        ? [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
            [1, 1],
            [-1, -1],
            [1, -1],
            [-1, 1],
          ]
        : [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
            [1, -1],
            [-1, 1],
          ]
  const board = new Set(g.board.cells.map(([x, y]) => `${x},${y}`))
  const men = new Set<string>()
  const mine: string[] = []
  g.board.cells.forEach(([x, y], i) => {
    if (occ[i]! >= 0) men.add(`${x},${y}`)
    if (occ[i] === player) mine.push(`${x},${y}`)
  })
  let total = 0
  for (const start of mine) {
    const [sx, sy] = start.split(',').map(Number) as [number, number]
    const ends = new Set<string>()
    for (const [dx, dy] of dirs) {
      const t = `${sx + dx!},${sy + dy!}`
      if (board.has(t) && !men.has(t)) ends.add(t)
    }
    men.delete(start)
    const stack = [start]
    const visited = new Set([start])
    while (stack.length > 0) {
      const [x, y] = stack.pop()!.split(',').map(Number) as [number, number]
      for (const [dx, dy] of dirs) {
        const over = `${x + dx!},${y + dy!}`
        const land = `${x + 2 * dx!},${y + 2 * dy!}`
        if (men.has(over) && board.has(land) && !men.has(land) && !visited.has(land)) {
          visited.add(land)
          ends.add(land)
          stack.push(land)
        }
      }
    }
    ends.delete(start)
    men.add(start)
    total += ends.size
  }
  return total
}

describe('boards for 2 to 6 players', () => {
  it('have the holes and camps of the rules page', () => {
    expect(STAR_121().cells).toHaveLength(121)
    expect(STAR_73().cells).toHaveLength(73)
    expect(STAR_MINI().cells).toHaveLength(37)
    expect(piecepackBoard().cells).toHaveLength(64)
    const b = STAR_121()
    for (let k = 0; k < 6; k++) {
      expect(b.camp(k, 10)).toHaveLength(10)
      expect(b.camp(k, 15)).toHaveLength(15)
      expect(b.opposite(b.opposite(k))).toBe(k)
    }
    // The six points are disjoint and, with the centre hexagon of 61, make the board.
    const all = new Set(Array.from({ length: 6 }, (_, k) => b.camp(k, 10)).flat())
    expect(all.size).toBe(60)
    expect(piecepackBoard().camp(2, 6)).toHaveLength(6)
    expect(() => triangleSide(7)).toThrow(/a camp of 7 men is not a triangle/)
  })

  it('start every preset without overlapping camps, each army the same size', () => {
    for (const g of Object.values(playersPresets())) {
      const occ = startPosition(g)
      for (let p = 0; p < g.players.length; p++) expect(occ.filter((a) => a === p).length, g.id).toBe(g.men)
    }
  })

  it("count each player's legal moves at the start as an independent generator does (a perft row per preset)", () => {
    const rows: string[] = []
    for (const g of Object.values(playersPresets())) {
      const occ = startPosition(g)
      const counts = g.players.map((_, p) => moveCount(g, occ, p))
      expect(counts, g.id).toEqual(g.players.map((_, p) => naiveCount(g, p)))
      rows.push(`${g.id}: ${counts.join(' ')}`)
    }
    // The two-player star opening matches the 9x9 board's (the same neighbourhood): 14 moves.
    expect(moveCount(playersPreset('star121-2'), startPosition(playersPreset('star121-2')), 0)).toBe(14)
    expect(rows.length).toBe(Object.keys(playersPresets()).length)
  })

  it('lets a long jump pass over one man at its midpoint only, when asked for', () => {
    const plain = playersPreset('mini-2')
    const long = { ...plain, longJumps: true }
    const b = plain.board
    const occ = new Int8Array(b.cells.length).fill(-1)
    const at = (x: number, y: number) => b.indexOf(x, y)!
    occ[at(-2, 0)] = 0
    occ[at(0, 0)] = 1
    expect(destinations(plain, occ, at(-2, 0)).has(at(2, 0))).toBe(false)
    expect(destinations(long, occ, at(-2, 0)).get(at(2, 0))).toEqual([at(-2, 0), at(2, 0)])
    // A second man on the line spoils it.
    occ[at(1, 0)] = 1
    expect(destinations(long, occ, at(-2, 0)).has(at(2, 0))).toBe(false)
  })
})

describe('lines of play', () => {
  const g = playersPreset('mini-3')
  it('names cells and reads them back', () => {
    g.board.cells.forEach((_, c) => expect(cellOf(g, cellNames(g)[c]!)).toBe(c))
    expect(() => cellOf(g, 'a1')).toThrow(/a1 is not a cell of the mini star/)
    expect(() => cellOf(g, '1a')).toThrow(/is not a cell name/)
  })

  it('plays moves in turn order, and names the fault of a bad one', () => {
    // blue (bottom), orange (upper left), green (upper right) each step out of the camp.
    const blue = [...destinations(g, startPosition(g), cellOf(g, 'd8')).keys()].map((i) => cellNames(g)[i])
    expect(blue.length).toBeGreaterThan(0)
    const ok = verifyLine(g, `d8-${blue[0]}`)
    expect(ok).toMatchObject({ ok: true, plies: 1 })
    expect(verifyLine(g, 'c3-d4')).toMatchObject({ ok: false, error: "move 1 (c3-d4): the man on c3 is orange's, and it is blue's turn" })
    expect(verifyLine(g, 'c3-c2')).toMatchObject({ ok: false, error: 'move 1 (c3-c2): c2 is not a cell of the mini star (37 holes)' })
    expect(verifyLine(g, `orange: d8-${blue[0]}`)).toMatchObject({ error: expect.stringMatching(/it is blue's turn, not orange's/) })
    expect(verifyLine(g, `red: d8-${blue[0]}`)).toMatchObject({
      error: expect.stringMatching(/no player 'red' \(players: blue, orange, green\)/),
    })
    expect(verifyLine(g, 'e6-e5')).toMatchObject({ error: expect.stringMatching(/no man on e6/) })
    expect(verifyLine(g, 'd8-e5')).toMatchObject({ error: expect.stringMatching(/blue's man cannot move from d8 to e5/) })
  })
})

describe('halma players', () => {
  const run = async (...argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await main(['players', ...argv], {
      out: (s) => void out.push(s),
      err: (s) => void err.push(s),
      stdin: () => undefined,
      tty: false,
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }
  it('lists the presets with their perft rows, draws a start, and verifies a line', async () => {
    const list = await run('list')
    expect(list.out).toMatch(/^star121-6\s+121\s+10\s+blue 14, orange 14, green 14, vermilion 14, purple 14, yellow 14$/m)
    const show = await run('show', '--preset', 'star121-6')
    expect(show.out.split('\n')[0]).toBe('  1              v')
    expect(await run('verify', '--preset', 'mini-3', '--moves', 'd8-d7')).toMatchObject({
      code: 0,
      out: 'valid: 1 move; nobody has won yet',
    })
    expect(await run('verify', '--preset', 'mini-3', '--moves', 'd8-d7, green: h3-h4')).toMatchObject({
      code: 1,
      out: expect.stringMatching(/it is orange's turn, not green's/),
    })
    expect(await run('show', '--preset', 'star99')).toMatchObject({ code: 2, err: expect.stringMatching(/unknown game preset 'star99'/) })
  })
})
