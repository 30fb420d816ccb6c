/**
 * Minimum armies: the integer program of section 5.1 (ip.ts) solved by a MIP solver the host
 * loads (HiGHS, the `highs` package: WebAssembly inside the npm package, single-threaded; the CLI
 * loads it in Node, src/cli/army-ip.ts, the workbench in a Web Worker), an army of the minimum
 * size with a legal order of its jumps, the count of minimum armies, and Table 7's cases.
 * The window defaults to the pagoda bound's reach: rows 0 .. E+2 and E+2 columns beyond each
 * row's span, E the largest exponent of the heaviest army of the pagoda bound's size; the result
 * says which window it holds for, and whether every cell an army of that size could start on (by
 * the pagoda weight) is inside it.
 */
import { pagodaBound, startExponentLimit } from './bounds'
import { GEOMETRIES, windowCells, type ArmyType, type Window } from './geometry'
import { armyModel, armyOf, jumpsOf } from './ip'
import { IMPROVED_MAP, jumpLoss, pagodaMap, weightOf } from './pagoda'
import { add, compare, isZero, ONE, sigmaPow, sub, ZERO } from './zsigma'
import { orderArmyMoves } from './order'
import { verifyArmy, type ArmyVerdict } from './solution'
import { playArmy, type Tell } from './play'
import type { Cell } from '../cell'

export interface IpOutcome {
  readonly type: ArmyType
  readonly level: number
  /** HiGHS's status: Optimal (the value is the model's minimum), Infeasible, Time limit reached, ... */
  readonly status: string
  /** The minimum army size on the window (null unless Optimal). */
  readonly men: number | null
  /** The best army found (an incumbent when stopped by the time limit). */
  readonly army: readonly (readonly [number, number])[]
  readonly window: Window
  readonly cells: number
  readonly jumps: number
  readonly seconds: number
  /**
   * Whether every cell of the army's rows a man of an army of `men` men could start on (by the
   * improved map's weight) lies in the window.
   */
  readonly startsCovered: boolean | null
  /** The model's jumps in the solution found, by cell (an unordered multiset). */
  readonly solutionJumps?: readonly (readonly [Cell, Cell, Cell])[]
}

/**
 * What this module asks of a MIP solver: HiGHS's one-shot `solve` (CPLEX LP text in, status and
 * column values out). It blocks its thread; hosts run it off the UI thread.
 */
export interface MipSolver {
  solve(lp: string, options: { readonly time_limit: number; readonly mip_rel_gap: number }): MipSolution
}
export interface MipSolution {
  readonly Status: string
  /** The objective of the point returned (infinite when there is none). */
  readonly ObjectiveValue?: number
  readonly Columns: Readonly<Record<string, unknown>>
}

/** Seconds since t0 (milliseconds from Date.now: the core has no performance clock). */
const since = (t0: number): number => (Date.now() - t0) / 1000

/** The default window for a level: the pagoda bound's largest exponent E, rows 0 .. E+2, E+2 columns beyond. */
export function defaultWindow(type: ArmyType, level: number): Window {
  const b = pagodaBound(type, level)
  if (b.men === null) throw new Error(`no ${GEOMETRIES[type].title.replace(/^the /, '')} reaches level ${level} (Table 1)`)
  const e = b.byExponent.at(-1)![0]
  return { rows: e + 3, width: e + 2 }
}

/**
 * A case of Table 7 (or any like it): men per exponent of the improved map, and whether the army
 * has zero slack (then every jump must lose no weight: only those are in the model, section 5.2).
 */
export interface ArmyCase {
  readonly menPerExponent: ReadonlyMap<number, number>
  readonly zeroSlack: boolean
  /** Slack sigma^j: jumps that lose nothing, and exactly one that loses sigma^j (section 5.2). */
  readonly lossOnce?: number
}

/** Table 7's cases for the hexagonal army to level 7: n_i = 3i - 14 for 7 <= i <= 12, then n_13 .. n_17. */
export const TABLE7: readonly {
  readonly men: number
  readonly n: readonly number[]
  readonly zeroSlack: boolean
  readonly lossOnce?: number
}[] = [
  { men: 143, n: [25, 23, 8, 0, 0], zeroSlack: true },
  { men: 144, n: [25, 22, 9, 1, 0], zeroSlack: true },
  { men: 144, n: [24, 24, 9, 0, 0], zeroSlack: true },
  { men: 144, n: [25, 23, 7, 1, 1], zeroSlack: true },
  { men: 144, n: [25, 24, 8, 0, 0], zeroSlack: false, lossOnce: 14 },
  { men: 144, n: [25, 23, 9, 0, 0], zeroSlack: false, lossOnce: 15 },
]

export function table7Case(k: number): ArmyCase {
  const c = TABLE7[k - 1]
  if (!c) throw new Error(`Table 7 has cases 1 to ${TABLE7.length} (got ${k})`)
  const menPerExponent = new Map<number, number>()
  for (let i = 7; i <= 12; i++) menPerExponent.set(i, 3 * i - 14)
  c.n.forEach((n, j) => menPerExponent.set(13 + j, n))
  return { menPerExponent, zeroSlack: c.zeroSlack, ...(c.lossOnce !== undefined && { lossOnce: c.lossOnce }) }
}

export async function solveArmyIp(
  mip: MipSolver,
  type: ArmyType,
  level: number,
  options: { window?: Window; timeLimit: number; armyCase?: ArmyCase; finish?: readonly Cell[] },
): Promise<IpOutcome> {
  // The time limit covers making the model too (a large window's model takes seconds to write).
  const t0 = Date.now()
  const g = GEOMETRIES[type]
  const window = options.window ?? defaultWindow(type, level)
  const map = pagodaMap(IMPROVED_MAP[type])
  const c = options.armyCase
  const model = armyModel(g, level, {
    window,
    ...(options.finish && { finish: options.finish }),
    ...(c && { menPerExponent: c.menPerExponent, exponent: map.exponent }),
    ...(c?.zeroSlack && {
      jumpAllowed: (a: Cell, b: Cell, z: Cell) => isZero(jumpLoss(map.exponent(...a), map.exponent(...b), map.exponent(...z))),
    }),
    ...(c?.lossOnce !== undefined && {
      jumpAllowed: (a: Cell, b: Cell, z: Cell) => {
        const loss = jumpLoss(map.exponent(...a), map.exponent(...b), map.exponent(...z))
        return isZero(loss) || isZero(sub(loss, sigmaPow(c.lossOnce!)))
      },
      exactlyOne: (a: Cell, b: Cell, z: Cell) =>
        isZero(sub(jumpLoss(map.exponent(...a), map.exponent(...b), map.exponent(...z)), sigmaPow(c.lossOnce!))),
    }),
  })
  const r = mip.solve(model.lp, { time_limit: Math.max(0.1, options.timeLimit - since(t0)), mip_rel_gap: 0 })
  const seconds = since(t0)
  const status = r.Status
  const value = (name: string): number => (r.Columns[name] as { Primal?: number } | undefined)?.Primal ?? 0
  const hasSolution = status === 'Optimal' || status === 'Time limit reached'
  const army = hasSolution ? armyOf(model, value) : []
  const jumpList = hasSolution
    ? jumpsOf(model, value).map(([a, b, c]) => [model.cells[a]!, model.cells[b]!, model.cells[c]!] as const)
    : undefined
  const men = status === 'Optimal' ? army.length : null
  let startsCovered: boolean | null = null
  if (men !== null) {
    const map = pagodaMap(IMPROVED_MAP[type])
    const limit = startExponentLimit(type, level, men, map)
    if (limit !== null) {
      // Every cell of exponent <= limit in the army's rows, on a window big enough to hold them all.
      const big: Window = { rows: limit + 4, width: limit + 4 }
      const inside = new Set([...windowCells(g, window, level)].map(([x, y]) => `${x},${y}`))
      startsCovered = [...windowCells(g, big, level)].every(([x, y]) => {
        const e = map.exponent(x, y)
        return e === null || e > limit || inside.has(`${x},${y}`)
      })
    } else startsCovered = false
  }
  return {
    type,
    level,
    status,
    men,
    army,
    window,
    cells: model.cells.length,
    jumps: model.jumps.length,
    seconds,
    startsCovered,
    ...(jumpList && { solutionJumps: jumpList }),
  }
}

export interface ArmySolution {
  readonly ip: IpOutcome
  /** The army's moves in a legal order (chains of one man's jumps), or null. */
  readonly moves: Cell[][] | null
  readonly orderNodes: number
  readonly orderGaveUp: boolean
  readonly verdict: ArmyVerdict | null
}

/** An army of the integer program's minimum size and a legal order of its jumps, verified. */
export async function solveArmy(
  mip: MipSolver,
  type: ArmyType,
  level: number,
  options: { window?: Window; timeLimit: number; maxNodes?: number; tell?: Tell },
): Promise<ArmySolution> {
  options.tell?.('the integer program')
  const ip = await solveArmyIp(mip, type, level, options)
  if (ip.men === null || !ip.solutionJumps) return { ip, moves: null, orderNodes: 0, orderGaveUp: false, verdict: null }
  options.tell?.(`${ip.men} men: their jumps put in a legal order`)
  const r = orderArmyMoves(ip.army, ip.solutionJumps, options.maxNodes)
  if (!r.moves) return { ip, moves: null, orderNodes: r.nodes, orderGaveUp: r.gaveUp, verdict: null }
  return { ip, moves: r.moves, orderNodes: r.nodes, orderGaveUp: false, verdict: verifyArmy(GEOMETRIES[type], ip.window, ip.army, r.moves) }
}

/** The mirror image of a cell across the target's vertical axis (axial for the hexagonal lattice). */
export function mirror(type: ArmyType, [x, y]: Cell): Cell {
  return type === 'hexagonal' || type === 'pablito' ? [-x - y, y] : [-x, y]
}

export interface ArmyCount {
  /** The minimum size on the window (the first integer program's optimum). */
  readonly men: number | null
  /** Armies of that size that reach the level (each played out by playArmy), mirror images apart. */
  readonly armies: (readonly Cell[])[]
  /** Classes up to reflection. */
  readonly classes: number
  /** Armies the integer program allowed but no order of jumps brings to the target. */
  readonly unplayable: number
  /** How the enumeration ended: 'complete' (the program allows no further army of that size), or why not. */
  readonly end: 'complete' | 'time' | 'gave up'
  readonly window: Window
  readonly seconds: number
}

/**
 * Every minimum-size army on the window, up to reflection: solve the program, play the army out,
 * then forbid it and its mirror image (a cut: at most |A| - 1 of its cells) and solve again, until
 * the program's minimum grows.
 */
export async function countArmies(
  mip: MipSolver,
  type: ArmyType,
  level: number,
  options: { window?: Window; timeLimit: number; maxPositions?: number; tell?: Tell },
): Promise<ArmyCount> {
  const g = GEOMETRIES[type]
  const window = options.window ?? defaultWindow(type, level)
  const map = pagodaMap(IMPROVED_MAP[type])
  const t0 = Date.now()
  const exclude: (readonly Cell[])[] = []
  const armies: (readonly Cell[])[] = []
  let classes = 0
  let unplayable = 0
  let men: number | null = null
  const key = (a: readonly Cell[]): string =>
    a
      .map(([x, y]) => `${x},${y}`)
      .sort()
      .join(' ')
  for (;;) {
    const left = options.timeLimit - since(t0)
    if (left <= 0) return { men, armies, classes, unplayable, end: 'time', window, seconds: since(t0) }
    options.tell?.(
      `integer program ${exclude.length + 1}: ${classes} ${classes === 1 ? 'army' : 'armies'} of ${men ?? '?'} men so far, ${unplayable} unplayable`,
    )
    const model = armyModel(g, level, { window, exclude })
    const r = mip.solve(model.lp, { time_limit: left, mip_rel_gap: 0 })
    const status = r.Status
    if (status === 'Infeasible') break
    if (status !== 'Optimal') return { men, armies, classes, unplayable, end: 'time', window, seconds: since(t0) }
    const value = (name: string): number => (r.Columns[name] as { Primal?: number } | undefined)?.Primal ?? 0
    const army = armyOf(model, value)
    men ??= army.length
    if (army.length > men) break
    const image = army.map((c) => mirror(type, c))
    const symmetric = key(image) === key(army)
    // Playable if the program's own jumps can be ordered; if not, by playing the army out.
    const jumps = jumpsOf(model, value).map(([a, b, c]) => [model.cells[a]!, model.cells[b]!, model.cells[c]!] as const)
    const ordered = orderArmyMoves(army, jumps, 200_000).moves !== null
    if (!ordered) options.tell?.(`an army of ${army.length} men played out`)
    const played = ordered
      ? null
      : playArmy(g, window, army, map, { ...(options.maxPositions !== undefined && { maxPositions: options.maxPositions }) })
    if (played?.gaveUp) return { men, armies, classes, unplayable, end: 'gave up', window, seconds: since(t0) }
    if (ordered || played?.line) {
      classes++
      armies.push(army)
      if (!symmetric) armies.push(image)
    } else unplayable += symmetric ? 1 : 2
    exclude.push(army)
    if (!symmetric) exclude.push(image)
  }
  return { men, armies, classes, unplayable, end: 'complete', window, seconds: since(t0) }
}

/**
 * The positions of three men of total weight exactly 1 (under `map`) from which two jumps bring a
 * man to the target: the positions a zero-slack army passes through before its last two jumps
 * (Figure 7a's 3-man position, section 5.2), found by listing every pair of last jumps.
 */
export function threeManFinishes(type: ArmyType, map = pagodaMap(IMPROVED_MAP[type])): Cell[][] {
  const g = GEOMETRIES[type]
  const on = ([x, y]: Cell): boolean => g.onBoard(x, y)
  const key = (c: Cell): string => `${c[0]},${c[1]}`
  const found = new Map<string, Cell[]>()
  for (const [dx, dy] of g.directions) {
    const a: Cell = [-2 * dx, -2 * dy]
    const b: Cell = [-dx, -dy]
    if (!on(a) || !on(b)) continue
    for (const [land, other] of [
      [a, b],
      [b, a],
    ] as const)
      for (const [ex, ey] of g.directions) {
        const p: Cell = [land[0] - 2 * ex, land[1] - 2 * ey]
        const q: Cell = [land[0] - ex, land[1] - ey]
        if (!on(p) || !on(q)) continue
        const men = [p, q, other]
        const keys = new Set(men.map(key))
        if (keys.size < 3 || keys.has(key(land)) || keys.has('0,0')) continue
        const w = men.reduce((t, c) => add(t, weightOf(map.exponent(...c))), ZERO)
        if (compare(w, ONE) === 0) found.set([...keys].sort().join(' '), men)
      }
  }
  return [...found.values()]
}

export interface CaseOutcome {
  readonly finish: readonly Cell[] | null
  readonly outcome: IpOutcome
}

/**
 * A case with zero slack: the model once per 3-man finish of weight 1 (only lossless jumps before
 * it); the case is infeasible when every finish is. A case with slack: the one-man finish, all jumps.
 */
export async function solveCase(
  mip: MipSolver,
  type: ArmyType,
  level: number,
  armyCase: ArmyCase,
  given: { window?: Window; timeLimit: number; tell?: Tell },
): Promise<CaseOutcome[]> {
  // The window must hold every cell of the case's exponents: under Figure 7a a cell of exponent e
  // lies in row e or before and within e columns, so rows 0 .. E+2 and E+2 columns beyond, E the
  // largest exponent with men (a window stopping at row 16 left out case 4's exponent-17 cells).
  const top = Math.max(...[...armyCase.menPerExponent].filter(([, n]) => n > 0).map(([e]) => e))
  const options = { ...given, window: given.window ?? { rows: top + 3, width: top + 2 } }
  if (!armyCase.zeroSlack && armyCase.lossOnce === undefined)
    return [{ finish: null, outcome: await solveArmyIp(mip, type, level, { ...options, armyCase }) }]
  const out: CaseOutcome[] = []
  const finishes = threeManFinishes(type)
  for (const [k, finish] of finishes.entries()) {
    given.tell?.(`3-man finish ${k + 1} of ${finishes.length}`)
    out.push({ finish, outcome: await solveArmyIp(mip, type, level, { ...options, armyCase, finish }) })
  }
  return out
}
