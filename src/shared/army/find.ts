/**
 * An army found from the problem alone: the program of a finish (relaxation.ts) asked for any
 * point with at most m men (no counts per exponent given), its start men taken as the army, its
 * jumps put in a legal order (order.ts), the last jump added, and the whole verified move by move
 * (solution.ts). A point whose jumps have no legal order, or that uses the border (men starting
 * or jumping outside the window), is cut off and the program asked again. Restricting the search
 * (for instance to no lossy jump and no man left, the zero-slack armies) only narrows where it
 * looks: whatever it returns is verified.
 */
import type { Finish } from './finishes'
import { GEOMETRIES, type ArmyType, type Window } from './geometry'
import type { MipSolver } from './minimum'
import { orderArmyMoves } from './order'
import { programLp, type IntRow } from './program'
import { finishProgram } from './relaxation'
import { verifyArmy, type ArmyVerdict } from './solution'

type Cell = readonly [number, number]

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
    const has = r.Status === 'Optimal' || (r.Status === 'Time limit reached' && Object.keys(r.Columns).length > 0)
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
