// Custom army boards (board.ts, custom.ts): the named faults of a board and of an army on it, the
// pagoda function generated from the distance to the target (its exponents on a drawn board, and
// condition (2) checked over many random boards of every type), *.army.json version 2, and
// solving on small random boards against an independent brute force written here.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { seeded } from '../helpers/random'
import { runHalma } from './fixtures'
import { fewestInline } from '../../src/shared/engine/army/fewest'
import { checkArmyOnBoard, checkBoard, distancePagoda, targetDistances, windowBoard } from '../../src/shared/army/board'
import { defaultWindow } from '../../src/shared/army/minimum'
import { measureOnBoard, solveOnBoard } from '../../src/shared/army/custom'
import { parseArmyJob } from '../../src/shared/army/job'
import { formatArmyDocument, parseArmyDocument, type ArmyDocument } from '../../src/shared/army/document'
import { ARMY_TYPES, GEOMETRIES, windowCells, type ArmyGeometry, type CustomBoard, type Window } from '../../src/shared/army/geometry'
import { checkPagoda, pagodaMap, STANDARD_MAP, weightOf, type PagodaMap } from '../../src/shared/army/pagoda'
import { cellLabel, drawArmy, parseArmyMoves, parseCellLabel, verifyArmy } from '../../src/shared/army/solution'
import { add, compare, formatZ, ONE, ZERO } from '../../src/shared/army/zsigma'

type Cell = readonly [number, number]
const key = ([x, y]: Cell): string => `${x},${y}`

/** A random board: the window's cells each kept with probability `keep`, a random target among them. */
function randomBoard(g: ArmyGeometry, w: Window, rnd: () => number, keep: number): CustomBoard {
  const all = [...windowCells(g, w)]
  let cells = all.filter(() => rnd() < keep)
  if (cells.length === 0) cells = [all[0]!]
  const target = cells[Math.floor(rnd() * cells.length)]!
  const b = checkBoard(g, w, cells, target)
  if (!b.ok) throw new Error(JSON.stringify(b.error))
  return b.value
}

const codes = (r: { ok: boolean; error?: readonly { code: string }[] }): string[] => (r.ok ? [] : r.error!.map((d) => d.code))

describe('custom army boards', () => {
  const g = GEOMETRIES.conway
  const w: Window = { rows: 3, width: 2 }
  const cells = [...windowCells(g, w)]

  it('names what is wrong with a board and where', () => {
    expect(checkBoard(g, w, cells, [0, 0]).ok).toBe(true)
    expect(codes(checkBoard(g, w, [], [0, 0]))).toEqual(['board.empty'])
    const off = checkBoard(g, w, [...cells, [5, 1]], [0, 0], (c) => cellLabel(g, w, c))
    expect(off).toMatchObject({ ok: false, error: [{ code: 'board.off-window', at: `board.cells[${cells.length}]` }] })
    expect(off.ok || off.error[0]!.message).toMatch(/^h1 is not a cell of Conway's army's window/)
    expect(codes(checkBoard(g, w, [...cells, [1, 1]], [0, 0]))).toEqual(['board.duplicate'])
    const target = checkBoard(g, w, cells.slice(1), cells[0]!, (c) => cellLabel(g, w, c))
    expect(target).toMatchObject({
      ok: false,
      error: [{ code: 'board.target-off', at: 'board.target', message: 'the target a0 is not a cell of the board' }],
    })
    // The skew army's lattice has only the cells of the target's colour.
    expect(
      codes(
        checkBoard(
          GEOMETRIES.skew,
          w,
          [
            [0, 0],
            [1, 0],
          ],
          [0, 0],
        ),
      ),
    ).toEqual(['board.off-window'])
  })

  it('names what is wrong with an army on a board', () => {
    const board: CustomBoard = { cells: cells.filter(([x, y]) => !(x === 2 && y === 2)), target: [1, 0] }
    const label = (c: Cell) => cellLabel(g, w, c)
    expect(
      checkArmyOnBoard(g, w, board, [
        [0, 1],
        [0, 2],
      ]).ok,
    ).toBe(true)
    expect(checkArmyOnBoard(g, w, board, [[2, 2]], label)).toMatchObject({
      ok: false,
      error: [{ code: 'army.off-board', at: 'army[0]', message: 'the man on e2 is not on a cell of the board' }],
    })
    expect(codes(checkArmyOnBoard(g, w, board, [[1, 0]]))).toEqual(['army.on-target'])
    expect(
      codes(
        checkArmyOnBoard(g, w, board, [
          [0, 1],
          [0, 1],
        ]),
      ),
    ).toEqual(['army.duplicate'])
  })

  it('generates exponents from the breadth-first distance to the target, infinity where it cannot be reached', () => {
    // Conway's window of 3 rows, 2 columns beyond: (0, 1) switched off, (-2, 2) cut off from the rest.
    const board = checkBoard(
      g,
      w,
      cells.filter(([x, y]) => !(x === 0 && y === 1) && !(x === -2 && y === 1) && !(x === -1 && y === 2)),
      [0, 0],
    )
    if (!board.ok) throw new Error('board')
    const map = distancePagoda(g, board.value)
    const rows = [0, 1, 2].map((y) =>
      [-2, -1, 0, 1, 2].map((x) => (board.value.cells.some((c) => c[0] === x && c[1] === y) ? (map.exponent(x, y) ?? '∞') : '.')).join(' '),
    )
    expect(rows).toEqual(['2 1 0 1 2', '. 2 . 2 3', '∞ . 4 3 4'])
    expect(targetDistances(g, board.value).size).toBe(board.value.cells.length - 1)
  })

  it('is a pagoda function on every random board of every type (condition (2) on every jump, exact)', () => {
    const rnd = seeded(17)
    let boards = 0
    let jumpsChecked = 0
    for (const type of ARMY_TYPES) {
      const gt = GEOMETRIES[type]
      for (let k = 0; k < 60; k++) {
        const win: Window = { rows: 2 + Math.floor(rnd() * 7), width: Math.floor(rnd() * 5) }
        const board = randomBoard(gt, win, rnd, 0.55 + 0.4 * rnd())
        const map = distancePagoda(gt, board)
        expect(map.exponent(...board.target)).toBe(0)
        expect(checkPagoda(map, gt, win, 10, board), `${type} ${JSON.stringify(board)}`).toEqual([])
        // The same condition, written out here: sigma^e(a) + sigma^e(b) >= sigma^e(c) for each jump on the board.
        const on = new Set(board.cells.map(key))
        for (const a of board.cells)
          for (const [dx, dy] of gt.directions) {
            const b: Cell = [a[0] + dx, a[1] + dy]
            const c: Cell = [a[0] + 2 * dx, a[1] + 2 * dy]
            if (!on.has(key(b)) || !on.has(key(c))) continue
            const [ea, eb, ec] = [map.exponent(...a), map.exponent(...b), map.exponent(...c)]
            expect(compare(add(weightOf(ea), weightOf(eb)), weightOf(ec))).toBeGreaterThanOrEqual(0)
            jumpsChecked++
          }
        boards++
      }
    }
    expect(boards).toBe(300)
    expect(jumpsChecked).toBeGreaterThan(3000)
  })

  it("on the paper's whole window it is each type's standard map (Figures 3, 4, 4, 5a, 5b)", () => {
    for (const type of ARMY_TYPES) {
      const gt = GEOMETRIES[type]
      const win = defaultWindow(type, 3)
      const generated = distancePagoda(gt, windowBoard(gt, win))
      const standard = pagodaMap(STANDARD_MAP[type])
      for (const [x, y] of windowCells(gt, win)) expect(generated.exponent(x, y), `${type} ${x},${y}`).toBe(standard.exponent(x, y))
    }
  })

  it('the check fails for a map that is not a pagoda function on the board', () => {
    const board: CustomBoard = {
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      target: [0, 0],
    }
    const map = distancePagoda(g, board)
    const wrong: PagodaMap = { ...map, exponent: (x, y) => (x === 1 && y === 0 ? 3 : map.exponent(x, y)) }
    expect(checkPagoda(map, g, w, 10, board)).toEqual([])
    expect(checkPagoda(wrong, g, w, 10, board)).toHaveLength(1)
  })

  it('weighs an army exactly and says when it cannot reach the target', () => {
    const board: CustomBoard = {
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
      ],
      target: [0, 0],
    }
    const wide = { rows: 2, width: 3 }
    // Two men at distances 1 and 2: sigma + sigma^2 = 1, the jump 2-over-1 into the target wins.
    const m = measureOnBoard(g, board, [
      [1, 0],
      [2, 0],
    ])
    expect(m).toMatchObject({ possible: true, weight: ONE, slack: ZERO })
    expect(
      solveOnBoard(g, wide, board, [
        [1, 0],
        [2, 0],
      ]).verdict,
    ).toMatchObject({ ok: true, moves: 1 })
    // Distances 2 and 3: sigma^2 + sigma^3 = sigma < 1.
    const far = measureOnBoard(g, board, [
      [2, 0],
      [3, 0],
    ])
    expect(far).toMatchObject({ possible: false, verdict: 'cannot reach the target: weight σ < 1' })
    expect(
      solveOnBoard(g, wide, board, [
        [2, 0],
        [3, 0],
      ]),
    ).toMatchObject({ moves: null, positions: 0, gaveUp: false })
  })
})

/** Every position one move (a chain of jumps by one man, each prefix a move) after `men` on the board: written here, apart from the engine. */
function successors(g: ArmyGeometry, on: Set<string>, men: Set<string>): Set<string>[] {
  const out: Set<string>[] = []
  const walk = (pos: Set<string>, at: Cell): void => {
    for (const [dx, dy] of g.directions) {
      const over: Cell = [at[0] + dx, at[1] + dy]
      const into: Cell = [at[0] + 2 * dx, at[1] + 2 * dy]
      if (!pos.has(key(over)) || pos.has(key(into)) || !on.has(key(into))) continue
      const next = new Set(pos)
      next.delete(key(at))
      next.delete(key(over))
      next.add(key(into))
      out.push(next)
      walk(next, into)
    }
  }
  for (const m of men) walk(men, m.split(',').map(Number) as unknown as Cell)
  return out
}

/** The fewest moves to a man on the target by breadth-first search over every position, or null: none. */
function bruteFewest(g: ArmyGeometry, board: CustomBoard, army: readonly Cell[]): number | null {
  const on = new Set(board.cells.map(key))
  const id = (s: Set<string>): string => [...s].sort().join(' ')
  let level = [new Set(army.map(key))]
  const seen = new Set(level.map(id))
  for (let moves = 1; level.length > 0; moves++) {
    const next: Set<string>[] = []
    for (const p of level)
      for (const q of successors(g, on, p)) {
        if (q.has(key(board.target))) return moves
        if (seen.has(id(q))) continue
        seen.add(id(q))
        next.push(q)
      }
    level = next
  }
  return null
}

describe('solving on custom boards', () => {
  it('finds a solution exactly when a brute force does, verified, and the engine finds the fewest moves', async () => {
    const rnd = seeded(5)
    let solvable = 0
    let unsolvable = 0
    for (const type of ARMY_TYPES)
      for (let k = 0; k < 12; k++) {
        const g = GEOMETRIES[type]
        const w: Window = { rows: 5, width: 2 }
        const board = randomBoard(g, w, rnd, 0.8)
        const free = board.cells.filter((c) => key(c) !== key(board.target))
        const army = free.filter(() => rnd() < 0.45).slice(0, 7)
        if (army.length < 2) continue
        const brute = bruteFewest(g, board, army)
        const s = solveOnBoard(g, w, board, army)
        expect(s.gaveUp).toBe(false)
        const where = `${type}: ${drawArmy(g, w, army, w.rows - 1, board).join(' / ')}`
        if (brute === null) {
          unsolvable++
          expect(s.moves, where).toBeNull()
          continue
        }
        solvable++
        expect(s.measure.possible, where).toBe(true)
        expect(s.verdict, where).toMatchObject({ ok: true })
        const f = await fewestInline(
          { kind: 'army', type, window: w, army, map: 'distance', board },
          { maxMoves: 10, budgetBytes: 2 ** 28 },
        )
        expect(f.moves?.length, where).toBe(brute)
        expect(f.provenAbove).toBe(brute - 1)
        expect(verifyArmy(g, w, army, f.moves!, board), where).toMatchObject({ ok: true, moves: brute })
      }
    expect(solvable).toBeGreaterThan(5)
    expect(unsolvable).toBeGreaterThan(5)
  }, 60_000)

  it('verifies on the board: a jump off the board is refused, and the target is the board’s', () => {
    const g = GEOMETRIES.conway
    const w: Window = { rows: 3, width: 2 }
    const cells = [...windowCells(g, w)].filter(([x, y]) => !(x === 1 && y === 0))
    const board: CustomBoard = { cells, target: [0, 1] }
    const army: Cell[] = [
      [-2, 1],
      [-1, 1],
      [1, 1],
      [1, 2],
    ]
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'a1-c1'), board)).toMatchObject({ ok: true, moves: 1 })
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'd2-d0'), board)).toMatchObject({
      ok: false,
      error: 'move 1 (d2-d0): d2-d0 lands on d0, which is not a cell of the board',
    })
    // Landing on (0, 0) is no win here: the target is c1.
    expect(
      verifyArmy(
        g,
        w,
        [
          [0, 2],
          [0, 1],
        ],
        parseArmyMoves(g, w, 'c2-c0'),
        board,
      ),
    ).toMatchObject({
      ok: false,
      error: 'no man reaches the target (c1) after 1 moves',
    })
  })
})

describe('army documents with a custom board', () => {
  const old = readFileSync(join(import.meta.dirname, '../../resources/armies/conway-20-level4.army.json'), 'utf8')

  it('reads and writes version 2 with a board; a version-1 document is written as it was', () => {
    const d1 = parseArmyDocument(old, 'conway')
    expect(d1.board).toBeUndefined()
    expect(formatArmyDocument(d1)).toBe(old)
    const g = GEOMETRIES.conway
    const w = { rows: 4, width: 2 }
    const board = checkBoard(
      g,
      w,
      [...windowCells(g, w)].filter(([x, y]) => x !== -1 || y !== 2),
      [1, 1],
    )
    if (!board.ok) throw new Error('board')
    const d: ArmyDocument = {
      title: 'custom',
      type: 'conway',
      level: 1,
      window: w,
      army: [
        [1, 3],
        [1, 2],
      ],
      moves: [
        [
          [1, 3],
          [1, 1],
        ],
      ],
      board: board.value,
    }
    const text = formatArmyDocument(d)
    expect(JSON.parse(text)).toMatchObject({ version: 2, board: { target: 'd1' } })
    expect(JSON.parse(text).board.cells.split(' ')).toHaveLength(19)
    const back = parseArmyDocument(text, 'x')
    expect(back).toEqual(d)
    expect(formatArmyDocument(back)).toBe(text)
    expect(verifyArmy(g, w, back.army, back.moves, back.board)).toMatchObject({ ok: true })
  })

  it('names what is wrong with a document’s board', () => {
    const base = {
      format: 'halma-army',
      version: 2,
      type: 'conway',
      level: 1,
      window: { rows: 3, width: 1 },
      army: 'b2 b1',
      moves: '',
      board: { cells: 'a0 b0 c0 a1 b1 c1 a2 b2 c2', target: 'b0' },
    }
    const parse = (change: object) => () => parseArmyDocument(JSON.stringify({ ...base, ...change }), 'x.army.json')
    expect(parse({})).not.toThrow()
    expect(parse({ version: 1 })).toThrow('x.army.json: board: a custom board needs version 2')
    expect(parse({ board: { cells: 'a0 b0 c0', target: 'b2' } })).toThrow(
      'x.army.json: board.target: the target b2 is not a cell of the board',
    )
    expect(parse({ board: { cells: 'a0 b0 c0 b1', target: 'b0' } })).toThrow(
      'x.army.json: army[0]: the man on b2 is not on a cell of the board',
    )
    expect(parse({ army: 'b0 b1' })).toThrow('x.army.json: army[0]: the man on b0 stands on the target already')
    expect(parse({ board: { cells: 'a0 b0 b0', target: 'b0' }, army: '' })).toThrow('x.army.json: board.cells[2]: b0 is on the board twice')
    expect(parse({ board: { cells: '', target: 'b0' }, army: '' })).toThrow('x.army.json: board.cells: the board has no cells')
    expect(parse({ board: { cells: 'a0 b0 z9', target: 'b0' } })).toThrow(/^x\.army\.json: board\.cells: z9 is not a cell of the window/)
    expect(parseCellLabel(GEOMETRIES.conway, base.window, 'c2')).toEqual([1, 2])
  })
})

describe('army jobs with a custom board', () => {
  const job = { kind: 'solve', type: 'conway', level: 1, timeLimit: 10, window: { rows: 3, width: 1 } }
  const board = {
    cells: [
      [-1, 0],
      [0, 0],
      [1, 0],
    ],
    target: [0, 0],
  }
  it('are checked as documents are, the fault naming its field', () => {
    expect(parseArmyJob({ ...job, board, army: [[1, 0]] })).toMatchObject({ board: { target: [0, 0] }, army: [[1, 0]] })
    expect(() => parseArmyJob({ ...job, board: { ...board, target: [0, 2] }, army: [] })).toThrow(
      'board.target: the target x 0, row 2 is not a cell of the board',
    )
    expect(() => parseArmyJob({ ...job, board, army: [[0, 1]] })).toThrow('army[0]: the man on x 0, row 1 is not on a cell of the board')
    expect(() => parseArmyJob({ ...job, kind: 'bound', board, army: [] })).toThrow('board: only a solve job takes a custom board')
    expect(() => parseArmyJob({ ...job, window: undefined, board, army: [] })).toThrow('window: a custom board needs its window')
    expect(() => parseArmyJob({ ...job, board: { cells: 'a0' }, army: [] })).toThrow(/^board: \{ cells/)
  })
})

describe('halma army with a custom board', () => {
  const run = (...argv: string[]) => runHalma('army', ...argv)
  const shipped = join(import.meta.dirname, '../../resources/armies/conway-wall-gap.army.json')
  const doc = parseArmyDocument(readFileSync(shipped, 'utf8'), shipped)
  const g = GEOMETRIES[doc.type]
  const dir = mkdtempSync(join(tmpdir(), 'army-board-'))
  const write = (name: string, d: ArmyDocument): string => {
    const f = join(dir, name)
    writeFileSync(f, formatArmyDocument(d))
    return f
  }

  it('shows, verifies and bounds the shipped custom board', async () => {
    const show = await run('show', '--file', shipped, '--after', String(doc.moves.length))
    expect(show.code).toBe(0)
    expect(show.out).toMatch(/on a custom board of 45 cells, target e1/)
    expect(show.out).toMatch(/^ {2}1 {2}\. \. \. \. @ \. \.$/m)
    expect(show.out).toMatch(/^ {2}3 {6}\. \. \.$/m)
    const verify = await run('verify', '--file', shipped, '--json')
    expect(JSON.parse(verify.out)).toMatchObject({ ok: true, board: 'custom', men: 15, moves: doc.moves.length })
    const bound = await run('bound', '--file', shipped, '--json')
    const m = measureOnBoard(g, doc.board!, doc.army)
    expect(JSON.parse(bound.out)).toMatchObject({
      possible: true,
      weight: { exact: formatZ(m.weight) },
      slack: { exact: formatZ(m.slack) },
      unreachableCells: 0,
    })
    const text = await run('bound', '--file', shipped)
    expect(text.out).toContain('row  3:   .  .  4  3  2  .  .')
    expect(text.out).toContain(m.verdict)
  })

  it('solves the shipped army on its board, and finds its fewest moves', async () => {
    const s = await run('solve', '--file', shipped, '--fewest', '--json')
    expect(s.code).toBe(0)
    const j = JSON.parse(s.out) as { verified: boolean; moves: string; fewest: { moves: number; provenAbove: number } }
    expect(j.verified).toBe(true)
    expect(j.fewest).toMatchObject({ moves: doc.moves.length, provenAbove: doc.moves.length - 1 })
    expect(verifyArmy(g, doc.window, doc.army, parseArmyMoves(g, doc.window, j.moves), doc.board)).toMatchObject({ ok: true })
    expect(bruteFewest(g, doc.board!, doc.army)).toBe(doc.moves.length)
  })

  it("solves a document of the paper's window too: Conway's 20 men in 10 moves and no fewer, as the integer-program route finds", async () => {
    const file = join(import.meta.dirname, '../../resources/armies/conway-20-level4.army.json')
    const s = await run('solve', '--file', file, '--fewest', '--json')
    expect(s.code).toBe(0)
    expect(JSON.parse(s.out)).toMatchObject({ verified: true, weight: { exact: '1' }, fewest: { moves: 10, provenAbove: 9 } })
  })

  it('says when an army cannot reach the target, and names a bad document', async () => {
    const weak = write('weak.army.json', { ...doc, army: doc.army.slice(0, 3), moves: [] })
    const m = measureOnBoard(g, doc.board!, doc.army.slice(0, 3))
    expect(m.possible).toBe(false)
    expect(await run('solve', '--file', weak)).toMatchObject({
      code: 1,
      out: expect.stringContaining(`the distance map: cannot reach the target: weight ${formatZ(m.weight)} < 1`),
    })
    const bad = join(dir, 'bad.army.json')
    writeFileSync(bad, readFileSync(shipped, 'utf8').replace('"target": "e1"', '"target": "a3"'))
    expect(await run('bound', '--file', bad)).toMatchObject({
      code: 2,
      err: expect.stringContaining('board.target: the target a3 is not a cell of the board'),
    })
    expect(await run('solve', '--file', join(dir, 'none.army.json'))).toMatchObject({ code: 2 })
  })
})
