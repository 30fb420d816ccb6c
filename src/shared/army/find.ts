/**
 * An army found from the problem alone: the program of a finish (relaxation.ts) asked for any
 * point with at most m men (no counts per exponent given), its start men taken as the army, its
 * jumps put in a legal order (order.ts), the last jump added, and the whole verified move by move
 * (solution.ts). A point whose jumps have no legal order, or that uses the border (men starting
 * or jumping outside the window), is cut off and the program asked again. Restricting the search
 * (for instance to no lossy jump and no man left, the zero-slack armies) only narrows where it
 * looks: whatever it returns is verified.
 */
import { exponentCounts } from './bounds'
import type { Finish } from './finishes'
import { GEOMETRIES, type ArmyType, type Window } from './geometry'
import type { MipSolver } from './minimum'
import { orderArmyMoves } from './order'
import { programLp, type IntRow } from './program'
import { finishProgram } from './relaxation'
import { verifyArmy, type ArmyVerdict } from './solution'
import { add, compare, ONE, scale, sigmaPow, ZERO, type ZSigma } from './zsigma'
import type { Cell } from '../cell'

export interface FoundArmy {
  readonly army: readonly Cell[]
  readonly moves: readonly (readonly Cell[])[]
  /** The smallest window holding every cell the solution uses (for the document). */
  readonly window: Window
  readonly verdict: ArmyVerdict
}

export interface FindOutcome {
  readonly found: FoundArmy | null
  /** The solver's status of each ask, with its seconds and what became of its point. */
  readonly tries: readonly { readonly status: string; readonly seconds: number; readonly note: string }[]
}

export interface FindOptions {
  readonly men: number
  readonly radius: number
  readonly timeLimit: number
  /** Aggregate columns fixed for the search (by name, e.g. lossy: 0, left: 0). */
  readonly fix?: Readonly<Record<string, number>>
  readonly maxTries?: number
  readonly maxOrderNodes?: number
}

/** The smallest window (rows 0 .. rows-1, `width` columns beyond each row's span) holding the cells. */
export function windowOf(type: ArmyType, cells: readonly Cell[]): Window {
  const g = GEOMETRIES[type]
  let width = 0
  for (let w = 0; w < 400; w++) {
    width = w
    if (cells.every(([x, y]) => x >= g.columns(y, w)[0] && x <= g.columns(y, w)[1])) break
  }
  return { rows: Math.max(...cells.map(([, y]) => y)) + 1, width }
}

export function findArmy(mip: MipSolver, type: ArmyType, level: number, finish: Finish, o: FindOptions): FindOutcome {
  const g = GEOMETRIES[type]
  const fp = finishProgram(type, level, finish, { men: o.men, radius: o.radius })
  const p = fp.program
  const lower = [...p.lower]
  const upper = [...p.upper]
  for (const [name, v] of Object.entries(o.fix ?? {})) {
    const j = p.cols.indexOf(name)
    if (j < 0) throw new Error(`no column '${name}' to fix`)
    lower[j] = BigInt(v)
    upper[j] = BigInt(v)
  }
  // No start outside the window: a point found is to be played.
  upper[fp.col.outside] = 0n
  const cuts: IntRow[] = []
  const tries: { status: string; seconds: number; note: string }[] = []
  for (let t = 0; t < (o.maxTries ?? 5); t++) {
    const lp = programLp({ ...p, lower, upper, cost: p.cost.map(() => 0n) }, { extraRows: [fp.menRow, ...cuts] })
    const t0 = Date.now()
    const r = mip.solve(lp, { time_limit: o.timeLimit, mip_rel_gap: 0 })
    const seconds = (Date.now() - t0) / 1000
    // A time limit may come with a point or without one (then the objective is infinite).
    const has = r.Status === 'Optimal' || (r.Status === 'Time limit reached' && Number.isFinite(r.ObjectiveValue ?? Infinity))
    if (!has) {
      tries.push({ status: r.Status, seconds, note: 'no point' })
      return { found: null, tries }
    }
    const value = (name: string): number => Math.round((r.Columns[name] as { Primal?: number } | undefined)?.Primal ?? 0)
    const startCells = [...fp.col.start.keys()].filter((i) => value(`s${i}`) === 1)
    const army = startCells.map((i) => fp.cells[i]!)
    const jumps = fp.jumps.flatMap((j, k) => Array.from({ length: value(`j${k}`) }, () => j))
    const cut = (): void =>
      void cuts.push({
        name: `cut${cuts.length}`,
        lower: null,
        upper: BigInt(startCells.length - 1),
        cols: startCells.map((i) => fp.col.start.get(i)!),
        coefs: startCells.map(() => 1n),
      })
    const inside = new Set(fp.cells.map(([x, y]) => `${x},${y}`))
    if (jumps.some((j) => j.some(([x, y]) => !inside.has(`${x},${y}`)))) {
      tries.push({ status: r.Status, seconds, note: `${army.length} men, a jump crosses the border: cut off` })
      cut()
      continue
    }
    const order = orderArmyMoves(army, jumps, o.maxOrderNodes ?? 5_000_000)
    if (!order.moves) {
      tries.push({ status: r.Status, seconds, note: `${army.length} men, ${order.gaveUp ? 'no order found' : 'no legal order'} (${order.nodes} states): cut off` })
      cut()
      continue
    }
    const moves: Cell[][] = [...order.moves, [finish.from, [finish.from[0] + 2 * (finish.over[0] - finish.from[0]), finish.from[1] + 2 * (finish.over[1] - finish.from[1])]]]
    const window = windowOf(type, [...army, ...moves.flat()])
    const verdict = verifyArmy(g, window, army, moves)
    tries.push({ status: r.Status, seconds, note: `${army.length} men, ${moves.length} moves, ${verdict.ok ? 'verified' : `not verified: ${verdict.error}`}` })
    if (verdict.ok) return { found: { army, moves, window, verdict }, tries }
    cut()
  }
  return { found: null, tries }
}

/**
 * Every split of `men` men over the exponents of the army's rows (up to `maxExponent`, at most as
 * many men per exponent as it has cells) that weighs exactly 1 under the finish's map: the
 * zero-slack armies' counts, enumerated in exact arithmetic (depth first from the heaviest
 * exponent, cut where even the heaviest rest cannot reach 1 or the weight passes 1). Derived from
 * the problem, not taken from the paper; listed heaviest first (most men on the smallest exponents).
 */
export function zeroSlackSplits(type: ArmyType, level: number, finish: Finish, men: number, maxExponent: number): Map<number, number>[] {
  return weightSplits(type, level, finish, men, maxExponent, ZERO, ZERO)
}

/**
 * Every split of exactly `men` men over the exponents up to `maxExponent` whose weight minus 1 lies
 * in [lo, hi] (exact), most compact first: zeroSlackSplits is lo = hi = 0.
 */
export function weightSplits(type: ArmyType, level: number, finish: Finish, men: number, maxExponent: number, lo: ZSigma, hi: ZSigma): Map<number, number>[] {
  const [from, to] = [add(ONE, lo), add(ONE, hi)]
  const { counts } = exponentCounts(finish.map, GEOMETRIES[type], level, maxExponent)
  const es = [...counts.keys()].filter((e) => e <= maxExponent).sort((a, b) => a - b)
  // best[i][k]: the weight of the heaviest k men on exponents es[i..].
  const best = es.map((_, i) => {
    const out: ZSigma[] = [ZERO]
    let w = ZERO
    for (const e of es.slice(i))
      for (let c = 0; c < counts.get(e)! && out.length <= men; c++) {
        w = add(w, sigmaPow(e))
        out.push(w)
      }
    return out
  })
  const found: Map<number, number>[] = []
  const n: number[] = []
  const walk = (i: number, left: number, w: ZSigma): void => {
    if (compare(w, to) > 0) return
    if (left === 0) {
      if (compare(w, from) >= 0) found.push(new Map(es.slice(0, n.length).map((e, k) => [e, n[k]!] as [number, number]).filter(([, k]) => k > 0)))
      return
    }
    if (i === es.length) return
    const top = best[i]![Math.min(left, best[i]!.length - 1)]!
    if (best[i]!.length - 1 < left || compare(add(w, top), from) < 0) return
    const e = es[i]!
    for (let k = Math.min(counts.get(e)!, left); k >= 0; k--) {
      n.push(k)
      walk(i + 1, left - k, add(w, scale(sigmaPow(e), k)))
      n.pop()
    }
  }
  walk(0, men, ZERO)
  // Most compact first: the smallest largest exponent, then the most men on the small exponents.
  const key = (m: Map<number, number>): number[] => [Math.max(...m.keys()), ...es.map((e) => -(m.get(e) ?? 0))]
  return found.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)]
    const i = ka.findIndex((x, k) => x !== kb[k])
    return i < 0 ? 0 : ka[i]! - kb[i]!
  })
}

/**
 * A zero-slack army of `men` men: the splits of zeroSlackSplits tried in turn, each as the program
 * of the finish with its men per exponent fixed, no lossy jump and no man left (so only jumps that
 * lose nothing); the first point that orders and verifies is the army.
 */
export function findZeroSlackArmy(
  mip: MipSolver,
  type: ArmyType,
  level: number,
  finish: Finish,
  o: FindOptions & { readonly maxExponent: number; readonly maxSplits?: number },
): FindOutcome & { readonly splits: number; readonly split: ReadonlyMap<number, number> | null; readonly tried: number } {
  const splits = zeroSlackSplits(type, level, finish, o.men, Math.min(o.maxExponent, o.radius))
  const tries: FindOutcome['tries'][number][] = []
  const exponents = [...finishProgram(type, level, finish, { men: o.men, radius: o.radius }).aggregate.perExponent.keys()]
  let tried = 0
  for (const split of splits.slice(0, o.maxSplits ?? splits.length)) {
    tried++
    const fix: Record<string, number> = { ...o.fix, lossy: 0, left: 0 }
    for (const e of exponents) fix[`n${e}`] = split.get(e) ?? 0
    const r = findArmy(mip, type, level, finish, { ...o, fix, maxTries: o.maxTries ?? 2 })
    const name = [...split].map(([e, k]) => `${k}@${e}`).join(' ')
    tries.push(...r.tries.map((t) => ({ ...t, note: `split ${name}: ${t.note}` })))
    if (r.found) return { found: r.found, tries, splits: splits.length, split, tried }
  }
  return { found: null, tries, splits: splits.length, split: null, tried }
}
