import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArmyDocument } from '../../src/shared/army/document'
import { highestLevel, levelWeight, pagodaBound, slackOf } from '../../src/shared/army/bounds'
import { ARMY_TYPES, GEOMETRIES, type ArmyType } from '../../src/shared/army/geometry'
import { checkPagoda, jumpLoss, jumpType, pagodaMap, PAGODA_MAPS, STANDARD_MAP, totalWeight } from '../../src/shared/army/pagoda'
import {
  add,
  compare,
  fibonacci,
  formatPowers,
  formatZ,
  mul,
  ONE,
  powerSum,
  scale,
  sigmaPow,
  sign,
  sub,
  toNumber,
  zs,
  ZERO,
} from '../../src/shared/army/zsigma'
import { runHalma } from './fixtures'
import { countArmies, mirror, solveArmy, solveArmyIp, solveCase, table7Case, threeManFinishes } from '../../src/cli/army-ip'
import { playArmy } from '../../src/shared/army/play'
import { fewestInline } from '../../src/shared/engine/army/fewest'
import { cellLabel, parseArmyMoves, parseCellLabel, verifyArmy } from '../../src/shared/army/solution'
import { armyModel } from '../../src/shared/army/ip'

describe('Z[sigma]', () => {
  it("gives the powers of the paper's Table 2 by identity (7)", () => {
    const table2: [number, string, string][] = [
      [1, 'σ', '1 + σ'],
      [2, '1 - σ', '2 + σ'],
      [3, '-1 + 2σ', '3 + 2σ'],
      [4, '2 - 3σ', '5 + 3σ'],
      [5, '-3 + 5σ', '8 + 5σ'],
      [6, '5 - 8σ', '13 + 8σ'],
      [7, '-8 + 13σ', '21 + 13σ'],
      [8, '13 - 21σ', '34 + 21σ'],
      [9, '-21 + 34σ', '55 + 34σ'],
      [10, '34 - 55σ', '89 + 55σ'],
    ]
    for (const [n, pos, neg] of table2) {
      expect(formatZ(sigmaPow(n))).toBe(pos)
      expect(formatZ(sigmaPow(-n))).toBe(neg)
      expect(mul(sigmaPow(n), sigmaPow(-n))).toEqual(ONE)
    }
    expect(fibonacci(-6)).toBe(-8n)
    expect(fibonacci(-7)).toBe(13n)
  })

  it('keeps identity (1) and sigma^2 = 1 - sigma for every exponent tried', () => {
    expect(mul(zs(0, 1), zs(0, 1))).toEqual(zs(1, -1))
    for (let i = -40; i <= 40; i++) expect(add(sigmaPow(i), sigmaPow(i - 1))).toEqual(sigmaPow(i - 2))
  })

  it('decides signs exactly, also where a double would not', () => {
    // F(n) - F(n+1) sigma = (-1)^(n+1) sigma^(n+1) (identity (7)): tiny, of alternating sign.
    for (let n = 1; n <= 120; n++) expect(sign(zs(fibonacci(n), -fibonacci(n + 1)))).toBe(n % 2 === 1 ? 1 : -1)
    expect(sign(sigmaPow(200))).toBe(1)
    expect(sign(ZERO)).toBe(0)
    expect(compare(add(sigmaPow(5), sigmaPow(6)), sigmaPow(4))).toBe(0)
    expect(compare(scale(sigmaPow(9), 2), sigmaPow(7))).toBe(-1)
    expect(toNumber(sigmaPow(1))).toBeCloseTo(0.6180339887, 9)
  })

  it('writes a non-negative number as a sum of distinct powers', () => {
    expect(formatPowers(powerSum(add(sigmaPow(11), sigmaPow(13))))).toBe('σ^11 + σ^13')
    expect(formatPowers(powerSum(ONE))).toBe('1')
    expect(formatPowers(powerSum(ZERO))).toBe('0')
    // 2 sigma^9 = sigma^8 + sigma^11.
    expect(powerSum(scale(sigmaPow(9), 2))).toEqual([8, 11])
    expect(() => powerSum(zs(-1))).toThrow(/negative/)
  })
})

describe('pagoda functions', () => {
  it("every map of the paper's figures is a pagoda function for its army types", () => {
    for (const map of Object.values(PAGODA_MAPS))
      for (const type of map.types) expect(checkPagoda(map, GEOMETRIES[type], { rows: 24, width: 24 }), `${map.id} ${type}`).toEqual([])
  })

  it('Figure 3 is no pagoda function once diagonal jumps are allowed, and the jump that gains is named', () => {
    const bad = checkPagoda(pagodaMap('fig3'), GEOMETRIES.diagonal, { rows: 8, width: 8 }, 1)
    expect(bad).toHaveLength(1)
    expect(bad[0]!.message).toMatch(
      /^Figure 3 is not a pagoda function for the diagonal army: the jump from x -?\d+, row \d+ over .* gains weight$/,
    )
    expect(compare(jumpLoss(...bad[0]!.exponents), ZERO)).toBe(-1)
  })

  it("gives Figure 3's and Figure 4's exponents as the paper prints them", () => {
    const fig3 = pagodaMap('fig3')
    const fig4 = pagodaMap('4')
    expect(Array.from({ length: 13 }, (_, i) => fig3.exponent(i - 6, 2))).toEqual([8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8])
    expect(Array.from({ length: 13 }, (_, i) => fig4.exponent(i - 6, 3))).toEqual([6, 5, 4, 3, 3, 3, 3, 3, 3, 3, 4, 5, 6])
    expect(() => pagodaMap('fig9')).toThrow(/unknown pagoda map 'fig9' \(one of fig3, /)
  })

  it('classifies jumps by the types of Table 4, with their losses', () => {
    const a = 7
    expect(jumpType(a, a - 1, a - 2)).toEqual({ type: '1.3.1', direction: 'right' })
    expect(jumpLoss(a, a - 1, a - 2)).toEqual(ZERO)
    expect(jumpType(a - 2, a - 1, a)).toEqual({ type: '1.3.1', direction: 'left' })
    expect(jumpLoss(a - 2, a - 1, a)).toEqual(scale(sigmaPow(a - 1), 2))
    expect(jumpType(a, a, a - 1)).toEqual({ type: '1.2.1', direction: 'right' })
    expect(jumpLoss(a, a, a - 1)).toEqual(sigmaPow(a + 2))
    expect(jumpLoss(a - 1, a, a)).toEqual(sigmaPow(a - 1))
    expect(jumpType(a, a - 1, a - 1)).toEqual({ type: '1.2.3', direction: 'right' })
    expect(jumpLoss(a - 1, a - 1, a)).toEqual(add(sigmaPow(a - 1), sigmaPow(a + 1)))
    expect(jumpType(a - 3, a, a - 3)).toEqual({ type: '2.1.1', direction: 'right' })
    expect(jumpType(a, a - 5, a - 2)).toEqual({ type: '3.1.1', direction: 'right' })
    // A jump over a decreasing pair of exponents that skips one: it gains, it has no type.
    expect(jumpType(a, a - 1, a - 3)).toBeNull()
  })
})

describe('pagoda bounds', () => {
  it('reproduce Table 1: the highest level each type reaches', () => {
    const highest = Object.fromEntries(ARMY_TYPES.map((t) => [t, highestLevel(t)]))
    expect(highest).toEqual({ conway: 4, skew: 6, pablito: 6, hexagonal: 7, diagonal: 8 })
  })

  it('give the row sums of section 3 exactly', () => {
    const S = (t: ArmyType, n: number) => levelWeight(pagodaMap(STANDARD_MAP[t]), t, n).weight
    // S(1, n) = sigma^(n-5): exactly 1 at level 5, so no finite Conway army gets there.
    expect(S('conway', 5)).toEqual(ONE)
    expect(S('conway', 3)).toEqual(sigmaPow(-2))
    // S(2, n) = sigma^(n-3) ((n - 1) sigma + 3), S(3, n) = sigma^(n-5) ((4n - 2) sigma + 3 - 2n).
    for (const n of [5, 6, 7]) expect(S('skew', n)).toEqual(mul(sigmaPow(n - 3), zs(3, n - 1)))
    for (const n of [7, 8, 9]) expect(S('diagonal', n)).toEqual(mul(sigmaPow(n - 5), zs(3 - 2 * n, 4 * n - 2)))
    // S(5, n) = sigma^(n-3) ((n + 1) sigma + 1), S(4, n) = sigma^(n-3) ((n + 1) sigma + 3).
    for (const n of [5, 6, 7]) expect(S('pablito', n)).toEqual(mul(sigmaPow(n - 3), zs(1, n + 1)))
    for (const n of [6, 7, 8]) expect(S('hexagonal', n)).toEqual(mul(sigmaPow(n - 3), zs(3, n + 1)))
    expect(toNumber(S('skew', 6))).toBeCloseTo(1.44, 2)
    expect(toNumber(S('diagonal', 8))).toBeCloseTo(1.31, 2)
    expect(toNumber(S('pablito', 6))).toBeCloseTo(1.26, 2)
    expect(toNumber(S('hexagonal', 7))).toBeCloseTo(1.16, 2)
  })

  it('reproduce Table 3 under the improved maps', () => {
    const column = (t: ArmyType) => Array.from({ length: 9 }, (_, i) => pagodaBound(t, i + 1).men)
    const X = null
    expect(column('conway')).toEqual([2, 4, 8, 19, X, X, X, X, X])
    expect(column('skew')).toEqual([2, 3, 5, 9, 18, 43, X, X, X])
    expect(column('pablito')).toEqual([2, 3, 5, 9, 18, 51, X, X, X])
    expect(column('hexagonal')).toEqual([2, 3, 5, 9, 16, 35, 140, X, X])
    expect(column('diagonal')).toEqual([2, 3, 5, 8, 13, 23, 45, 122, X])
    // The diagonal level 4 entry is F(6) = 8: the pagoda sum alone asks for 7.
    expect(pagodaBound('diagonal', 4).pagodaMen).toBe(7)
    // Section 4.2's example: 9 sigma^5 + 4 sigma^6 for the diagonal army to level 5.
    expect(pagodaBound('diagonal', 5).byExponent).toEqual([
      [5, 9],
      [6, 4],
    ])
  })

  it('give the slacks of equations (10), (11) and (12) and of Table 5', () => {
    expect(pagodaBound('diagonal', 7).slack).toEqual(add(sigmaPow(11), sigmaPow(13)))
    expect(pagodaBound('diagonal', 8).slack).toEqual(add(sigmaPow(14), sigmaPow(16)))
    const pablito = pagodaBound('pablito', 5)
    expect(pablito.byExponent).toEqual([
      [5, 5],
      [6, 6],
      [7, 7],
    ])
    expect(pablito.slack).toEqual(scale(sigmaPow(9), 2))
    // Table 5: n_i = 4i - 17 for 8 <= i <= 11, then the case's n_12 .. n_17.
    const army = (rest: number[]) => [...[8, 9, 10, 11].map((i) => [i, 4 * i - 17] as const), ...rest.map((n, k) => [12 + k, n] as const)]
    const s = (e: number) => sigmaPow(e)
    const cases: [number[], ReturnType<typeof s>][] = [
      [[31, 7], add(s(14), s(16))],
      [[31, 6, 1], scale(s(16), 2)],
      [[31, 6, 0, 1], s(16)],
      [[30, 8], s(16)],
      [[31, 5, 2], s(18)],
      [[31, 6, 0, 0, 1], s(18)],
      [[31, 6, 0, 0, 0, 1], ZERO],
      [[28, 11], ZERO],
    ]
    for (const [rest, slack] of cases) expect(slackOf(army(rest))).toEqual(slack)
    // Figure 9e's regiment of 51 men weighs sigma^2, the target's weight (the tableau of section 4.3).
    expect(
      sub(
        slackOf([
          [8, 5],
          [9, 7],
          [10, 9],
          [11, 12],
          [12, 13],
          [13, 5],
        ]),
        sigmaPow(2),
      ),
    ).toEqual(sub(ZERO, ONE))
  })
})

describe('the integer program of section 5.1', () => {
  it("gives Table 6's Conway 20 and Pablito's 19 (level 5), with an army of that size", async () => {
    const conway = await solveArmyIp('conway', 4, { timeLimit: 120 })
    expect(conway).toMatchObject({ status: 'Optimal', men: 20 })
    expect(conway.army).toHaveLength(20)
    // Every man starts in the army's rows (4 and beyond).
    for (const [, y] of conway.army) expect(y).toBeGreaterThanOrEqual(4)
    expect((await solveArmyIp('pablito', 5, { timeLimit: 120 })).men).toBe(19)
  }, 60_000)

  it('writes the model of a small board, and refuses a window without the target or the army', () => {
    const m = armyModel(GEOMETRIES.pablito, 2, { window: { rows: 4, width: 0 } })
    // The triangle of 4 rows: 10 cells; 6 directions, jumps fully inside.
    expect(m.cells).toHaveLength(10)
    expect(m.lp).toMatch(/^Minimize\n men: /)
    expect(m.lp).toContain('Binary')
    expect(() => armyModel(GEOMETRIES.conway, 5, { window: { rows: 4, width: 3 } })).toThrow(/holds no cell of rows 5 and beyond/)
  })
})

describe('solutions', () => {
  const g = GEOMETRIES.conway
  const w = { rows: 6, width: 4 }
  // Four men to level 2: e2, e3, f2, g2 (columns lettered from x -4).
  const army: [number, number][] = [
    [0, 2],
    [0, 3],
    [1, 2],
    [2, 2],
  ]

  it('plays a legal solution and names the first fault of an illegal one', () => {
    expect(cellLabel(g, w, [0, 0])).toBe('e0')
    expect(parseCellLabel(g, w, 'g2')).toEqual([2, 2])
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'e3-e1, g2-e2, e2-e0'))).toEqual({ ok: true, jumps: 3, moves: 3, menLeft: 1 })
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'e3-e1, g2-e2-e0'))).toMatchObject({ ok: true, moves: 2 })
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'g2-e2'))).toMatchObject({
      error: 'move 1 (g2-e2): g2-e2 lands on e2, which holds a man',
    })
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'e2-f3'))).toMatchObject({
      error: expect.stringMatching(/is not a jump of Conway's army/),
    })
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'e3-e1, e1-e3'))).toMatchObject({
      error: expect.stringMatching(/move 2 \(e1-e3\): e1-e3 jumps over e2, which is empty/),
    })
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'g2-e2'))).toMatchObject({
      error: expect.stringMatching(/lands on e2, which holds a man/),
    })
    expect(verifyArmy(g, w, army, parseArmyMoves(g, w, 'a2-c2'))).toMatchObject({ error: expect.stringMatching(/no man on a2/) })
    expect(verifyArmy(g, w, army, [])).toMatchObject({ ok: false, error: expect.stringMatching(/no man reaches the target \(e0\)/) })
    expect(() => parseCellLabel(g, w, 'z9')).toThrow(/z9 is not a cell of the window/)
    expect(() => parseCellLabel(g, w, '4e')).toThrow(/'4e' is not a cell/)
  })

  it('finds a 20-man army to level 4 and a legal order of its jumps, verified', async () => {
    const s = await solveArmy('conway', 4, { timeLimit: 120 })
    expect(s.ip.men).toBe(20)
    expect(s.verdict).toMatchObject({ ok: true, jumps: 19 })
    expect(s.moves!.length).toBeLessThanOrEqual(19)
    // Replayed independently of the solver's own check.
    expect(verifyArmy(GEOMETRIES.conway, s.ip.window, s.ip.army, s.moves!).ok).toBe(true)
  }, 60_000)
})

describe("Table 7's cases", () => {
  it('lists the 3-man finishes of weight 1 under Figure 7a', () => {
    const finishes = threeManFinishes('hexagonal')
    expect(finishes).toHaveLength(6)
    for (const f of finishes) expect(totalWeight(pagodaMap('fig7a'), f)).toEqual(ONE)
  })

  it('finds case 1 (143 men) infeasible for every finish, as the paper does, and the 145-man counts of Figure 12c feasible', async () => {
    const parts = await solveCase('hexagonal', 7, table7Case(1), { timeLimit: 120 })
    expect(parts.map((p) => p.outcome.status)).toEqual(Array(6).fill('Infeasible'))
    const fig12c = table7Case(1)
    const counts = new Map(fig12c.menPerExponent)
    ;[25, 21, 10, 2, 0].forEach((n, j) => counts.set(13 + j, n))
    // One finish is enough to show the model is not infeasible for want of something: the
    // vertical finish through the cell (0, 1).
    const feasible = await solveArmyIp('hexagonal', 7, {
      timeLimit: 120,
      armyCase: { menPerExponent: counts, zeroSlack: true },
      finish: [
        [0, 1],
        [0, 3],
        [0, 4],
      ],
    })
    expect(feasible.men).toBe(145)
  }, 300_000)
})

describe('counting minimum armies', () => {
  it("finds exactly Conway's four 20-man armies to level 4, plus their reflections", async () => {
    const c = await countArmies('conway', 4, { timeLimit: 300 })
    expect(c).toMatchObject({ men: 20, classes: 4, unplayable: 0, end: 'complete' })
    expect(c.armies).toHaveLength(8)
    const key = (a: readonly (readonly [number, number])[]) =>
      a
        .map(([x, y]) => `${x},${y}`)
        .sort()
        .join(' ')
    const keys = new Set(c.armies.map(key))
    // Distinct, and closed under reflection.
    expect(keys.size).toBe(8)
    for (const a of c.armies) expect(keys.has(key(a.map((cell) => mirror('conway', cell))))).toBe(true)
  }, 120_000)

  it('gives every 20-man Conway army to level 4 a 10-move solution, and proves none has 9 moves', async () => {
    const c = await countArmies('conway', 4, { timeLimit: 300 })
    for (const army of c.armies) {
      // The engine's search by levels of moves (engine/army), inline.
      const f = await fewestInline(
        { kind: 'army', type: 'conway', window: c.window, army, map: 'fig3' },
        { maxMoves: 12, budgetBytes: 2 ** 30 },
      )
      expect(f).toMatchObject({ provenAbove: 9, stopped: null })
      expect(f.moves).toHaveLength(10)
      expect(verifyArmy(GEOMETRIES.conway, c.window, army, f.moves!)).toMatchObject({ ok: true, moves: 10, jumps: 19 })
    }
  }, 120_000)

  it('plays an army out exhaustively: a 4-man army reaches level 2, three men do not', () => {
    const g = GEOMETRIES.conway
    const w = { rows: 6, width: 4 }
    const map = pagodaMap('fig3')
    const won = playArmy(
      g,
      w,
      [
        [0, 2],
        [0, 3],
        [1, 2],
        [2, 2],
      ],
      map,
    )
    expect(won.line).not.toBeNull()
    expect(
      playArmy(
        g,
        w,
        [
          [0, 2],
          [0, 3],
          [1, 2],
        ],
        map,
      ),
    ).toMatchObject({ line: null, gaveUp: false })
  })
})

describe('army documents', () => {
  const dir = join(import.meta.dirname, '../../resources/armies')
  it('every shipped army document verifies', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.army.json'))
    expect(files.length).toBeGreaterThanOrEqual(2)
    expect(files.filter((f) => parseArmyDocument(readFileSync(join(dir, f), 'utf8'), f).board).length).toBeGreaterThanOrEqual(1)
    for (const f of files) {
      const doc = parseArmyDocument(readFileSync(join(dir, f), 'utf8'), f)
      // On its custom board if it has one (version 2).
      expect(verifyArmy(GEOMETRIES[doc.type], doc.window, doc.army, doc.moves, doc.board), f).toMatchObject({ ok: true })
    }
  })

  it('names the field of a bad document', () => {
    const good = JSON.parse(readFileSync(join(dir, 'conway-20-level4.army.json'), 'utf8')) as Record<string, unknown>
    const bad = (change: object) => () => parseArmyDocument(JSON.stringify({ ...good, ...change }), 'x.army.json')
    expect(bad({ type: 'hex' })).toThrow(/^x\.army\.json: type: /)
    expect(bad({ level: 0 })).toThrow(/^x\.army\.json: level: /)
    expect(bad({ army: 'k4 zz99' })).toThrow(/^x\.army\.json: army: zz99 is not a cell of the window/)
    expect(bad({ army: 'k1' })).toThrow(/a man in row 1, in front of the level's row 4/)
    expect(bad({ moves: 'k5-' })).toThrow(/^x\.army\.json: moves: /)
    expect(() => parseArmyDocument('{', 'y.json')).toThrow(/^y\.json: not JSON/)
  })
})

describe('halma army', () => {
  const run = (...argv: string[]) => runHalma('army', ...argv)

  it('prints the bounds of a type, and one level as JSON with exact weights', async () => {
    const all = await run('bound', '--type', 'conway')
    expect(all.code).toBe(0)
    expect(all.out).toMatch(/Conway's army: no army reaches level 5/)
    expect(all.out).toMatch(/^4\s+19\s+19\s+8\s+1x4 3x5 5x6 7x7 3x8\s+0$/m)
    const one = await run('bound', '--type', 'diagonal', '--level', '7', '--json')
    const j = JSON.parse(one.out) as { highestLevel: number; bounds: { men: number; slack: { exact: string; powers: string } }[] }
    expect(j.highestLevel).toBe(8)
    expect(j.bounds[0]!.men).toBe(45)
    expect(j.bounds[0]!.slack.powers).toBe('σ^11 + σ^13')
  })

  it('names what is wrong in bad input', async () => {
    expect(await run('bound', '--type', 'hex')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/unknown army type 'hex' \(one of conway, skew/),
    })
    expect(await run('bound', '--type', 'skew', '--level', '0')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--level: '0' is not a whole number from 1 to 64/),
    })
    expect(await run('bound', '--type', 'skew', '--map', 'fig7b')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Figure 7b is not a pagoda function for the skew army/),
    })
    expect(await run('bound')).toMatchObject({ code: 2, err: expect.stringMatching(/--type is required/) })
    expect(await run('draw', '--type', 'conway')).toMatchObject({ code: 2, err: expect.stringMatching(/unknown army command 'draw'/) })
    const verify = ['verify', '--type', 'conway', '--level', '2', '--rows', '6', '--width', '4']
    expect(await run(...verify, '--army', 'e2 e3 f2 g2', '--moves', 'e3-e1, g2-e2, e2-e0')).toMatchObject({
      code: 0,
      out: 'valid: 4 men reach level 2 in 3 moves (3 jumps), 1 man left',
    })
    expect(await run(...verify, '--army', 'e2 e3 f2 g2', '--moves', 'e3-e1, e1-e3')).toMatchObject({
      code: 1,
      out: 'invalid: move 2 (e1-e3): e1-e3 jumps over e2, which is empty',
    })
    expect(
      await run('verify', '--type', 'conway', '--level', '2', '--rows', '6', '--width', '4', '--army', 'e1 e3', '--moves', 'e3-e1'),
    ).toMatchObject({
      code: 2,
      err: expect.stringMatching(/the army's man on e1 is in front of row 2/),
    })
  })

  it("shows a document's army and its position after a move", async () => {
    const file = join(import.meta.dirname, '../../resources/armies/conway-20-level4.army.json')
    const start = await run('show', '--file', file)
    expect(start.code).toBe(0)
    expect((start.out.match(/ o(?![a-z])/g) ?? []).length).toBe(20)
    const end = await run('show', '--file', file, '--after', '13')
    expect(end.out).toMatch(/after move 13 of 13, 1 man/)
    expect(end.out).toMatch(/^ {2}0 [ .]*@/m)
    expect(await run('show', '--file', file, '--after', '14')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--after: the line has only 13 moves/),
    })
  })

  it('checks and prints a map (exit 1 when it is no pagoda function)', async () => {
    const ok = await run('pagoda', '--type', 'pablito', '--rows', '4')
    expect(ok.code).toBe(0)
    expect(ok.out).toMatch(/^row {2}1:\s+∞\s+1$/m)
    const bad = await run('pagoda', '--type', 'diagonal', '--map', 'fig3', '--rows', '4')
    expect(bad.code).toBe(1)
    expect(bad.out).toMatch(/is not a pagoda function for the diagonal army/)
  })
})
