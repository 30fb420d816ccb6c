/**
 * The integer program of one finish on the infinite board (the half-plane of rows 0 and beyond),
 * with no window assumed: a relaxation of every solitaire game that ends with that finish, however
 * far its men start or wander. Section 5.1's model, made finite by three exact arguments:
 *
 * 1. The finish's map (finishes.ts) gives the last jump's two men weight 1. A game with m men
 *    loses, in all its jumps together, at most its start weight minus 1, and that is at most
 *    S*(m) = (the heaviest m cells of rows `level` and beyond) - 1, exact in Z[sigma]. So no jump
 *    that loses more than S*(m) is ever made: those jumps are left out (for m = 144 under
 *    Figure 7a, half of them).
 * 2. The window is the cells of exponent <= R. Its cells keep section 5.1's balance (start + jumps
 *    in - jumps out = end, the end holding the finish's two men and any men left, 0 or 1 per
 *    cell); every jump with a cell in the window is a column, however far its other cells are.
 * 3. Outside the window nothing is tracked but its weight: the men starting outside weigh at most
 *    sigma^(R+1) each, jumps wholly outside only lose weight (pagoda), and the outside ends with
 *    weight >= 0; so the weight the border jumps take out of the outside is at most
 *    sigma^(R+1) times the men starting outside: sum_j out_j J_j <= sigma^(R+1) N_out, with out_j
 *    the weight jump j removes from outside cells minus what it puts there. The men outside count
 *    (N_out is a column, in the objective). Coefficients are scaled by 10^6 / sigma^(R+1) and
 *    rounded down, which keeps the row a relaxation.
 *
 * Every game with at most m men that ends with the finish gives a point of the program (its start
 * men in the window, each jump's count, the end, N_out) of cost at most m. So when the program has
 * no point of cost <= m, no army of m men or fewer finishes so, on any board however large: the
 * window is a choice of speed, not an assumption.
 */
import { exponentCounts } from './bounds'
import type { Finish } from './finishes'
import { GEOMETRIES, type ArmyType } from './geometry'
import { weightOf } from './pagoda'
import type { IntProgram, IntRow } from './program'
import { add, compare, floorScaled, isZero, mul, ONE, scale, sigmaPow, sub, ZERO, type ZSigma } from './zsigma'
import type { Cell } from '../cell'

/** The border row's scale: its coefficients are out_j * BORDER_SCALE / sigma^(R+1), rounded down. */
export const BORDER_SCALE = 1_000_000n

/** The weight of the heaviest `men` cells of rows `level` and beyond under the map, minus 1: S*(men), exact. */
export function slackBound(type: ArmyType, level: number, finish: Finish, men: number): ZSigma {
  const g = GEOMETRIES[type]
  for (let upTo = level + 8; upTo < 400; upTo += 8) {
    const { counts } = exponentCounts(finish.map, g, level, upTo)
    let left = men
    let w = ZERO
    for (const e of [...counts.keys()].sort((a, b) => a - b)) {
      const k = Math.min(left, counts.get(e)!)
      w = add(w, scale(sigmaPow(e), k))
      left -= k
      if (left === 0) return sub(w, ONE)
    }
  }
  throw new Error(`the rows from ${level} do not hold ${men} men inside exponent 400`)
}

export interface FinishProgram {
  readonly type: ArmyType
  readonly level: number
  readonly finish: Finish
  /** The men the program is built to exclude (the jump filter uses S*(men)). */
  readonly men: number
  readonly radius: number
  readonly slack: ZSigma
  readonly program: IntProgram
  /** The window's cells (column s<i> for those of the army's rows, f<i> for each). */
  readonly cells: readonly Cell[]
  /** The jumps kept, by cells (column j<k>). */
  readonly jumps: readonly (readonly [Cell, Cell, Cell])[]
  /** Column index of each name kind. */
  readonly col: { readonly start: ReadonlyMap<number, number>; readonly end: readonly number[]; readonly jump: readonly number[]; readonly outside: number }
  /** The row "start men + N_out <= men" (for a solver asked for a point, not a bound). */
  readonly menRow: IntRow
  /** The aggregate columns (see `finishProgram`): men per start exponent, lossy jumps, men left at the end. */
  readonly aggregate: { readonly perExponent: ReadonlyMap<number, number>; readonly lossy: number; readonly left: number }
  /** Jumps left out for losing more than S*(men); border jumps kept. */
  readonly dropped: number
  readonly border: number
}

/**
 * The program of a finish: window of exponent <= radius, at most `men` men (see the module's
 * comment). Three kinds of aggregate integer columns, each tied to its sum by an equality row, give
 * the branch and bound the case splits of the paper's section 5.2 as plain column splits (so the
 * certificate check covers them): n<e>, the men starting on exponent e; lossy, the jumps made that
 * lose weight; left, the men left beside the finish's two.
 */
export function finishProgram(type: ArmyType, level: number, finish: Finish, options: { readonly men: number; readonly radius: number }): FinishProgram {
  const g = GEOMETRIES[type]
  const { men, radius } = options
  const e = (c: Cell): number => finish.map.exponent(c[0], c[1])!
  const w = (c: Cell): ZSigma => weightOf(finish.map.exponent(c[0], c[1]))
  const inside = (c: Cell): boolean => g.onBoard(c[0], c[1]) && e(c) <= radius
  const slack = slackBound(type, level, finish, men)
  // The window: every board cell of exponent <= radius (the exponent is 1 + a distance, so the
  // cells lie within radius rows and columns of the finish).
  const cells: Cell[] = []
  const [ox, oy] = finish.over
  for (let y = Math.max(0, oy - radius - 1); y <= oy + radius + 1; y++)
    for (let x = ox - 2 * radius - 2; x <= ox + 2 * radius + 2; x++) if (inside([x, y])) cells.push([x, y])
  const index = new Map(cells.map((c, i) => [`${c[0]},${c[1]}`, i]))
  const at = (c: Cell): number | undefined => index.get(`${c[0]},${c[1]}`)
  // Every jump with a cell in the window, once (a cell is its start, middle or landing).
  const jumps: [Cell, Cell, Cell][] = []
  const outs: ZSigma[] = []
  const seen = new Set<string>()
  let dropped = 0
  for (const p of cells)
    for (const [dx, dy] of g.directions)
      for (const k of [0, 1, 2]) {
        const a: Cell = [p[0] - k * dx, p[1] - k * dy]
        const b: Cell = [a[0] + dx, a[1] + dy]
        const c: Cell = [a[0] + 2 * dx, a[1] + 2 * dy]
        if (!g.onBoard(...a) || !g.onBoard(...b) || !g.onBoard(...c)) continue
        const key = `${a[0]},${a[1]},${dx},${dy}`
        if (seen.has(key)) continue
        seen.add(key)
        if (compare(sub(add(w(a), w(b)), w(c)), slack) > 0) {
          dropped++
          continue
        }
        let out = ZERO
        if (!inside(a)) out = add(out, w(a))
        if (!inside(b)) out = add(out, w(b))
        if (!inside(c)) out = sub(out, w(c))
        jumps.push([a, b, c])
        outs.push(out)
      }
  // Columns: s (start, army rows), f (end), j (jumps), nout.
  const names: string[] = []
  const cost: bigint[] = []
  const lower: bigint[] = []
  const upper: bigint[] = []
  const column = (name: string, c: bigint, lo: bigint, hi: bigint): number => {
    names.push(name)
    cost.push(c)
    lower.push(lo)
    upper.push(hi)
    return names.length - 1
  }
  const start = new Map<number, number>()
  cells.forEach((c, i) => c[1] >= level && start.set(i, column(`s${i}`, 1n, 0n, 1n)))
  const finishCells = new Set([at(finish.from), at(finish.over)])
  if (finishCells.has(undefined)) throw new Error('the window does not hold the finish (radius too small)')
  const end = cells.map((_, i) => column(`f${i}`, 0n, finishCells.has(i) ? 1n : 0n, 1n))
  // A game of m men makes at most m - 1 jumps in all.
  const jump = jumps.map((_, k) => column(`j${k}`, 0n, 0n, BigInt(men - 1)))
  const outside = column('nout', 1n, 0n, BigInt(men))
  const exponents = [...new Set([...start.keys()].map((i) => e(cells[i]!)))].sort((a, b) => a - b)
  const perExponent = new Map(exponents.map((x) => [x, column(`n${x}`, 0n, 0n, BigInt([...start.keys()].filter((i) => e(cells[i]!) === x).length))]))
  const lossyCol = column('lossy', 0n, 0n, BigInt(men - 1))
  const leftCol = column('left', 0n, 0n, BigInt(men))
  const terms: { cols: number[]; coefs: bigint[] }[] = cells.map(() => ({ cols: [], coefs: [] }))
  const put = (c: Cell, col: number, v: bigint): void => {
    const i = at(c)
    if (i === undefined) return
    terms[i]!.cols.push(col)
    terms[i]!.coefs.push(v)
  }
  jumps.forEach(([a, b, c], k) => {
    put(a, jump[k]!, -1n)
    put(b, jump[k]!, -1n)
    put(c, jump[k]!, 1n)
  })
  const rows: IntRow[] = cells.map((_, i) => {
    const t = terms[i]!
    const s = start.get(i)
    return {
      name: `c${i}`,
      lower: 0n,
      upper: 0n,
      cols: [...(s === undefined ? [] : [s]), ...t.cols, end[i]!],
      coefs: [...(s === undefined ? [] : [1n]), ...t.coefs, -1n],
    }
  })
  const unit = sigmaPow(-(radius + 1))
  const borderCols: number[] = []
  const borderCoefs: bigint[] = []
  outs.forEach((o, k) => {
    if (isZero(o)) return
    borderCols.push(jump[k]!)
    borderCoefs.push(floorScaled(mul(o, unit), BORDER_SCALE))
  })
  rows.push({ name: 'border', lower: null, upper: 0n, cols: [...borderCols, outside], coefs: [...borderCoefs, -BORDER_SCALE] })
  const tie = (name: string, cols: readonly number[], total: number): IntRow => ({
    name,
    lower: 0n,
    upper: 0n,
    cols: [...cols, total],
    coefs: [...cols.map(() => 1n), -1n],
  })
  for (const [x, col] of perExponent)
    rows.push(tie(`n${x}`, [...start].filter(([i]) => e(cells[i]!) === x).map(([, c]) => c), col))
  rows.push(tie('lossy', jump.filter((_, k) => !isZero(sub(add(w(jumps[k]![0]), w(jumps[k]![1])), w(jumps[k]![2])))), lossyCol))
  rows.push(tie('left', end.filter((_, i) => !finishCells.has(i)), leftCol))
  const program: IntProgram = { cols: names, cost, lower, upper, integer: names.map(() => true), rows }
  const menRow: IntRow = { name: 'men', lower: null, upper: BigInt(men), cols: [...start.values(), outside], coefs: [...start.values(), outside].map(() => 1n) }
  return {
    type,
    level,
    finish,
    men,
    radius,
    slack,
    program,
    cells,
    jumps,
    col: { start, end, jump, outside },
    aggregate: { perExponent, lossy: lossyCol, left: leftCol },
    menRow,
    dropped,
    border: borderCols.length,
  }
}
