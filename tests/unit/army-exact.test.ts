import { describe, expect, it } from 'vitest'
import { branchAndBound } from '../../src/shared/army/branch'
import { checkCertificate, dualBound, type CertificateStep } from '../../src/shared/army/certificate'
import { lastJumps } from '../../src/shared/army/finishes'
import { GEOMETRIES, indexWindow, windowCells, type ArmyType } from '../../src/shared/army/geometry'
import { checkPagoda } from '../../src/shared/army/pagoda'
import type { IntProgram } from '../../src/shared/army/program'
import { finishProgram, slackBound } from '../../src/shared/army/relaxation'
import { arrivals, arrivalTree, casesOf, mirrorsEachOther } from '../../src/shared/army/proof'
import { zeroSlackSplits } from '../../src/shared/army/find'
import { exponentCounts } from '../../src/shared/army/bounds'
import { add, ceilScaled, compare, floorScaled, isqrt, ONE, scale, sigmaPow, sign, sub, toNumber, ZERO, zs } from '../../src/shared/army/zsigma'
import { highsLpEngine } from '../../src/cli/army-ip'
import { glpkSolver } from '../../src/cli/army-glpk'
import { cbcAvailable, cbcSolver, cbcStatus } from '../../src/cli/army-cbc'
import { scipAvailable, scipSolver, scipStatus } from '../../bench/scip/solver'

type Cell = readonly [number, number]

describe('exact rounding of Z[sigma]', () => {
  it('takes integer square roots and floors x * d exactly', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 40n, 10n ** 40n - 1n]) {
      const r = isqrt(n)
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true)
    }
    // sigma^e is irrational for e != 0.
    for (const e of [-10, -3, -1, 1, 2, 7, 15, 30])
      for (const d of [1n, 1000n, 10n ** 12n]) {
        const x = sigmaPow(e)
        const f = floorScaled(x, d)
        const c = ceilScaled(x, d)
        // The floor and ceiling of an irrational number are one apart and straddle it.
        expect(c - f).toBe(1n)
        // f <= x d < f + 1, decided exactly.
        expect(sign(sub(scale(x, d), zs(f)))).toBe(1)
        expect(sign(sub(zs(c), scale(x, d)))).toBe(1)
      }
    expect(floorScaled(zs(3), 7n)).toBe(21n)
    expect(floorScaled(zs(-3, 0), 1n)).toBe(-3n)
    // -sigma = -0.618...: floor -1, ceiling 0.
    expect(floorScaled(zs(0, -1), 1n)).toBe(-1n)
    expect(ceilScaled(zs(0, -1), 1n)).toBe(0n)
  })
})

/** minimise x + y subject to 2x + 2y >= 3, x and y integers in 0 .. 2 (so the minimum is 2). */
const tiny: IntProgram = {
  cols: ['x', 'y', 'z'],
  cost: [1n, 1n, 0n],
  lower: [0n, 0n, 0n],
  upper: [2n, 2n, 1n],
  integer: [true, true, false],
  rows: [{ name: 'r', lower: 3n, upper: null, cols: [0, 1], coefs: [2n, 2n] }],
}
const leaf = (value: bigint, shift = 2): CertificateStep => ({ kind: 'leaf', dual: { shift, rows: [0], values: [value] } })

describe('exact certificates', () => {
  it('accepts a tree whose every leaf bound is above the limit', () => {
    // y = 1/2: x + y >= 3/2 > 1, one leaf.
    expect(checkCertificate(tiny, 1n, [leaf(2n)])).toMatchObject({ ok: true, value: { leaves: 1, branches: 0 } })
    // Branch x <= 0 | x >= 1; each side proved by y = 1/2 (bounds 3/2 and 3/2).
    const tree: CertificateStep[] = [{ kind: 'branch', col: 0, at: 0n }, leaf(2n), leaf(2n)]
    expect(checkCertificate(tiny, 1n, tree)).toMatchObject({ ok: true, value: { leaves: 2, branches: 1, depth: 1 } })
  })

  it('takes a branch whose up side comes first (reduced-cost fixing)', () => {
    // x >= 1 first (bound 1 + 1/2 ... proved by y = 1/2), then x <= 0.
    const tree: CertificateStep[] = [{ kind: 'branch', col: 0, at: 0n, upFirst: true }, leaf(2n), leaf(2n)]
    expect(checkCertificate(tiny, 1n, tree)).toMatchObject({ ok: true, value: { leaves: 2, branches: 1 } })
    // With the limit 2 the up side's box holds x = 2, y = 0 (cost 2): not proved.
    expect(checkCertificate(tiny, 2n, tree)).toMatchObject({ ok: false })
  })

  it('fails on a wrong certificate, naming the step', () => {
    // y = 1/4 proves only 3/4 + ...: not above 1.
    const weak = checkCertificate(tiny, 1n, [leaf(1n)])
    expect(weak).toMatchObject({ ok: false, error: { code: 'certificate.bound' } })
    // The limit 2 is not beaten: x = 2, y = 0 is a point of cost 2.
    expect(checkCertificate(tiny, 2n, [leaf(2n)])).toMatchObject({ ok: false, error: { code: 'certificate.bound' } })
    // A negative dual on a row with no upper bound.
    expect(checkCertificate(tiny, 1n, [leaf(-2n)])).toMatchObject({ ok: false, error: { code: 'certificate.sign' } })
    // A tree that leaves a branch open, one that goes on after its last leaf.
    expect(checkCertificate(tiny, 1n, [{ kind: 'branch', col: 0, at: 0n }, leaf(2n)])).toMatchObject({ ok: false, error: { code: 'certificate.short' } })
    expect(checkCertificate(tiny, 1n, [leaf(2n), leaf(2n)])).toMatchObject({ ok: false, error: { code: 'certificate.extra' } })
    // A split of a continuous column, and one outside the box.
    expect(checkCertificate(tiny, 1n, [{ kind: 'branch', col: 2, at: 0n }, leaf(2n), leaf(2n)])).toMatchObject({
      ok: false,
      error: { code: 'certificate.continuous' },
    })
    expect(checkCertificate(tiny, 1n, [{ kind: 'branch', col: 0, at: 2n }, leaf(2n), leaf(2n)])).toMatchObject({
      ok: false,
      error: { code: 'certificate.split' },
    })
  })

  it('are also asked of GLPK, a second solver, which agrees on small programs', async () => {
    const glpk = await glpkSolver()
    expect((await glpk.solve(tiny, [], 10)).status).toBe('Optimal')
    // With x + y <= 1 added, 2x + 2y >= 3 has no integer point (nor a fractional one).
    expect((await glpk.solve(tiny, [{ name: 'cap', lower: null, upper: 1n, cols: [0, 1], coefs: [1n, 1n] }], 10)).status).toBe('Infeasible')
  })

  it('reads CBC\'s verdict from its solution file: infeasible only on its own words', () => {
    expect(cbcStatus('Integer infeasible - objective value 0.50000000\n      0 x  0.5  0\n')).toBe('Infeasible')
    expect(cbcStatus('Infeasible - objective value 6.00000000\n')).toBe('Infeasible')
    expect(cbcStatus('Optimal - objective value 0.00000000\n')).toBe('Optimal')
    expect(cbcStatus('Stopped on time - objective value 3\n')).toBe('Undefined (stopped)')
    expect(cbcStatus('')).toBe('Undefined (no solution file)')
    expect(cbcStatus('Unbounded - objective value 0\n')).toBe('Undefined (Unbounded - objective value 0)')
  })

  // CI installs coinor-cbc (.ci/run); a machine without it says so here instead of failing.
  it('are also asked of CBC (the Debian package coinor-cbc), which agrees on small programs', async (ctx) => {
    const missing = await cbcAvailable()
    if (missing) ctx.skip(missing)
    const cbc = cbcSolver()
    expect((await cbc.solve(tiny, [], 10)).status).toBe('Optimal')
    expect((await cbc.solve(tiny, [{ name: 'cap', lower: null, upper: 1n, cols: [0, 1], coefs: [1n, 1n] }], 10)).status).toBe('Infeasible')
  })

  it("reads SCIP's verdict from its status: infeasible only on its own words", () => {
    expect(scipStatus('STATUS infeasible NODES 1 VERSION 10.0\n')).toBe('Infeasible')
    expect(scipStatus('STATUS inforunbd NODES 1 VERSION 10.0\n')).toBe('Infeasible')
    expect(scipStatus('STATUS optimal NODES 3 VERSION 10.0\n')).toBe('Optimal')
    expect(scipStatus('STATUS timelimit NODES 9 VERSION 10.0\n')).toBe('Undefined (stopped)')
    expect(scipStatus('STATUS unbounded NODES 1 VERSION 10.0\n')).toBe('Undefined (unbounded)')
    expect(scipStatus('')).toBe('Undefined (no status)')
  })

  // SCIP comes from PyPI (pip install pyscipopt), which CI does not install: a machine without it says so here.
  it('are also asked of SCIP (through PySCIPOpt), which agrees on small programs', async (ctx) => {
    const missing = await scipAvailable()
    if (missing) ctx.skip(missing)
    const scip = scipSolver()
    expect((await scip.solve(tiny, [], 10)).status).toBe('Optimal')
    expect((await scip.solve(tiny, [{ name: 'cap', lower: null, upper: 1n, cols: [0, 1], coefs: [1n, 1n] }], 10)).status).toBe('Infeasible')
  })

  it('computes the bound over the box of each leaf', () => {
    // With x fixed to 2 the bound of y = 0 is the cost's minimum over the box: 2.
    const b = dualBound(tiny, [2n, 0n, 0n], [2n, 2n, 1n], { shift: 0, rows: [], values: [] })
    expect(b).toEqual({ ok: true, value: 2n })
  })
})

/** Every army of at most `most` men on the window's rows from `level`, played out: the last jumps that reach the target. */
function lastJumpsByPlay(type: ArmyType, level: number, rows: number, width: number, most: number): Set<string> {
  const g = GEOMETRIES[type]
  const win = indexWindow(g, { rows, width })
  const target = win.indexOf(0, 0)!
  const army = [...windowCells(g, { rows, width }, level)].map(([x, y]) => win.indexOf(x, y)!)
  const found = new Set<string>()
  const seen = new Set<string>()
  const play = (men: Set<number>): void => {
    const key = [...men].sort((a, b) => a - b).join(',')
    if (seen.has(key)) return
    seen.add(key)
    for (const [a, b, c] of win.jumps) {
      if (!men.has(a) || !men.has(b) || men.has(c)) continue
      if (c === target) {
        const [from, over] = [win.cells[a]!, win.cells[b]!]
        found.add(`${from[0]},${from[1]} ${over[0]},${over[1]}`)
        continue
      }
      const next = new Set(men)
      next.delete(a)
      next.delete(b)
      next.add(c)
      play(next)
    }
  }
  const choose = (from: number, chosen: number[]): void => {
    if (chosen.length > 0) play(new Set(chosen))
    if (chosen.length === most) return
    for (let i = from; i < army.length; i++) choose(i + 1, [...chosen, army[i]!])
  }
  choose(0, [])
  return found
}

describe('the finishes of a level', () => {
  it('are the last jumps that exhaustive play finds (hexagonal and Conway, level 1, up to 5 men)', () => {
    for (const type of ['hexagonal', 'conway'] as const) {
      const listed = new Set(lastJumps(GEOMETRIES[type]).map((f) => `${f.from[0]},${f.from[1]} ${f.over[0]},${f.over[1]}`))
      expect(lastJumpsByPlay(type, 1, 4, 3, 5)).toEqual(listed)
    }
    expect(lastJumps(GEOMETRIES.hexagonal).map((f) => f.id)).toHaveLength(4)
  })

  it('weigh 1 under their maps, which are pagoda functions', () => {
    for (const type of ['hexagonal', 'conway', 'diagonal'] as const) {
      const g = GEOMETRIES[type]
      for (const f of lastJumps(g)) {
        const w = (c: Cell): number => toNumber(sigmaPow(f.map.exponent(...c)!))
        expect(w(f.from) + w(f.over)).toBeCloseTo(1, 12)
        expect(checkPagoda(f.map, g, { rows: 12, width: 10 })).toEqual([])
      }
    }
  })
})

describe('zero-slack splits', () => {
  it('are every split of the men over the exponents that weighs exactly 1 (against a brute force, level 5)', () => {
    const f = lastJumps(GEOMETRIES.hexagonal).find((x) => x.over[0] === 0 && x.over[1] === 1)!
    const counts = exponentCounts(f.map, GEOMETRIES.hexagonal, 5, 9).counts
    const es = [5, 6, 7, 8, 9]
    for (const men of [16, 17, 18]) {
      const brute: string[] = []
      const n: number[] = []
      const walk = (i: number): void => {
        if (i === es.length) {
          const w = es.reduce((t, e, k) => add(t, scale(sigmaPow(e), n[k]!)), ZERO)
          if (n.reduce((a, b) => a + b, 0) === men && compare(w, ONE) === 0) brute.push(es.map((e, k) => `${e}:${n[k]}`).filter((t) => !t.endsWith(':0')).join(' '))
          return
        }
        for (let k = 0; k <= counts.get(es[i]!)!; k++) {
          n.push(k)
          walk(i + 1)
          n.pop()
        }
      }
      walk(0)
      const listed = zeroSlackSplits('hexagonal', 5, f, men, 9).map((m) => [...m].map(([e, k]) => `${e}:${k}`).join(' '))
      expect([...listed].sort()).toEqual(brute.sort())
      expect(brute.length).toBeGreaterThan(0)
    }
  })
})

describe('the program of a finish on the infinite board, proved by a certified branch and bound', () => {
  it('finds no hexagonal army of 16 men to level 5, nor of 35 to level 6, and the certificates check', async () => {
    const f = lastJumps(GEOMETRIES.hexagonal).find((x) => x.over[0] === 0 && x.over[1] === 1)!
    for (const [level, men, radius] of [
      [5, 16, 8],
      [6, 35, 11],
    ] as const) {
      const fp = finishProgram('hexagonal', level, f, { men, radius })
      const lp = await highsLpEngine(fp.program)
      const steps: CertificateStep[] = []
      const out = branchAndBound(fp.program, BigInt(men), lp, { emit: (s) => steps.push(s), maxNodes: 5000 })
      lp.dispose()
      expect(out.verdict).toBe('proved')
      const check = checkCertificate(fp.program, BigInt(men), steps)
      expect(check.ok).toBe(true)
      // A leaf's dual halved no longer proves it.
      const at = steps.findIndex((s) => s.kind === 'leaf')
      const s = steps[at]! as Extract<CertificateStep, { kind: 'leaf' }>
      const tampered = [...steps]
      tampered[at] = { kind: 'leaf', dual: { ...s.dual, values: s.dual.values.map((v) => v / 2n) } }
      expect(checkCertificate(fp.program, BigInt(men), tampered)).toMatchObject({ ok: false })
    }
  })

  it('resumes a stopped search from its steps, and the steps of both runs make one certificate', async () => {
    const f = lastJumps(GEOMETRIES.hexagonal).find((x) => x.over[0] === 0 && x.over[1] === 1)!
    const fp = finishProgram('hexagonal', 6, f, { men: 35, radius: 11 })
    const first: CertificateStep[] = []
    let lp = await highsLpEngine(fp.program)
    const a = branchAndBound(fp.program, 35n, lp, { emit: (s) => first.push(s), maxNodes: 10 })
    lp.dispose()
    expect(a.verdict).toBe('stopped')
    const second: CertificateStep[] = []
    lp = await highsLpEngine(fp.program)
    const b = branchAndBound(fp.program, 35n, lp, { emit: (s) => second.push(s), resume: first, maxNodes: 100_000 })
    lp.dispose()
    expect(b.verdict).toBe('proved')
    expect(checkCertificate(fp.program, 35n, [...first, ...second]).ok).toBe(true)
    expect(checkCertificate(fp.program, 35n, second).ok).toBe(false)
  })

  it("gives the two slanted finishes programs that are each other's mirror image, and no other pair", () => {
    const at = (x: number, y: number) => {
      const f = lastJumps(GEOMETRIES.hexagonal).find((j) => j.from[0] === x && j.from[1] === y)!
      return finishProgram('hexagonal', 6, f, { men: 35, radius: 9 })
    }
    const [a, b, c] = [at(0, 2), at(-2, 2), at(2, 0)]
    expect(mirrorsEachOther('hexagonal', a!, b!)).toBe(true)
    expect(mirrorsEachOther('hexagonal', a!, c!)).toBe(false)
  })

  it('finds the known minimum armies as points (17 men to level 5)', async () => {
    const f = lastJumps(GEOMETRIES.hexagonal).find((x) => x.over[0] === 0 && x.over[1] === 1)!
    const fp = finishProgram('hexagonal', 5, f, { men: 17, radius: 8 })
    const lp = await highsLpEngine(fp.program)
    const out = branchAndBound(fp.program, 17n, lp, { emit: () => undefined, maxNodes: 5000 })
    lp.dispose()
    expect(out.verdict).toBe('found')
    expect(fp.slack).toEqual(slackBound('hexagonal', 5, f, 17))
  })

  it('splits a case by arrival back along the finishing man\'s path: every point in exactly one sub-case', async () => {
    const f = lastJumps(GEOMETRIES.hexagonal).find((x) => x.over[0] === 0 && x.over[1] === 1)!
    const fp = finishProgram('hexagonal', 5, f, { men: 17, radius: 8 })
    const lp = await highsLpEngine(fp.program)
    const out = branchAndBound(fp.program, 17n, lp, { emit: () => undefined, maxNodes: 5000 })
    lp.dispose()
    const point = out.point!.map((x) => BigInt(Math.round(x)))
    const one = arrivals(fp, 'all')
    // Depth 2: each sub-case with a jump split again by the jump into that jump's start.
    const { cases } = casesOf(fp.program, arrivalTree(fp, 'all', 2))
    const deeper = one.leaves.reduce((n, l) => n + (l.from ? arrivals(fp, l.name, l.from).leaves.length : 1), 0)
    expect(one.leaves.length).toBeGreaterThan(2)
    expect(cases.length).toBe(deeper)
    const holding = cases.filter((c) => point.every((x, j) => c.lower[j]! <= x && x <= c.upper[j]!))
    expect(holding).toHaveLength(1)
    // The finishing man's path: the jump into the finish's start, then the jump into its start.
    const [a] = fp.jumps.find((j, k) => point[fp.program.cols.indexOf(`j${k}`)]! >= 1n && j[2][0] === f.from[0] && j[2][1] === f.from[1])!
    expect(holding[0]!.name.startsWith(`all, arrives from x ${a[0]}, row ${a[1]} over`)).toBe(true)
    expect(holding[0]!.name).toMatch(new RegExp(`, (x ${a[0]}, row ${a[1]} from x -?\\d+, row -?\\d+ over|no jump into x ${a[0]}, row ${a[1]}$)`))
  })
})
