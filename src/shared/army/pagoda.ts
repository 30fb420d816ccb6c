/**
 * Pagoda functions (section 3 of the paper): a weight sigma^e(c) per cell such that no jump
 * increases the total weight, i.e. sigma^a + sigma^b >= sigma^c for every jump from a over b into
 * c (condition (2)). An exponent map gives e(c); null stands for the exponent infinity (weight 0:
 * Figure 7b's useless edge). The maps of the paper's figures are written here as formulas in the
 * coordinates of geometry.ts. The figures of the text this product has are lost except Figures 3
 * and 4 (tables); the others are reconstructed from what the text says of them and checked against
 * it: Figure 5a and 5b by the row sums R(4, n) and R(5, n) the text gives, Figures 6a, 7a and 7b by
 * reproducing Table 3 exactly (see tests/unit/army.test.ts). Figure 6b (the last jump
 * vertical) is not reconstructed yet.
 */
import { GEOMETRIES, hexDistance, cellCoordinates, indexWindow, type ArmyGeometry, type ArmyType, type CustomBoard, type Window } from './geometry'
import { add, compare, sigmaPow, sub, ZERO, type ZSigma } from './zsigma'
import { own } from '../names'

export interface PagodaMap {
  readonly id: string
  readonly figure: string
  readonly description: string
  /** The army types it is a pagoda function for (checked by `checkPagoda`). */
  readonly types: readonly ArmyType[]
  /** e(x, y); null: infinity (weight 0). */
  exponent(x: number, y: number): number | null
}

export const PAGODA_MAPS: Record<string, PagodaMap> = {
  fig3: {
    id: 'fig3',
    figure: 'Figure 3',
    description: 'taxicab distance to the target',
    types: ['conway'],
    exponent: (x, y) => Math.abs(x) + y,
  },
  fig4: {
    id: 'fig4',
    figure: 'Figure 4',
    description: 'king-move distance to the target',
    types: ['skew', 'diagonal'],
    exponent: (x, y) => Math.max(Math.abs(x), y),
  },
  fig5a: {
    id: 'fig5a',
    figure: 'Figure 5a',
    description: 'hexagonal distance to the target (row n: n + 1 cells of exponent n, then n + 1, n + 2, ... on both sides)',
    types: ['hexagonal', 'pablito'],
    exponent: (x, y) => hexDistance(x, y),
  },
  fig5b: {
    id: 'fig5b',
    figure: 'Figure 5b',
    description: "the row number on Pablito's triangle (row n: n + 1 cells of exponent n)",
    types: ['pablito'],
    exponent: (_x, y) => y,
  },
  fig6a: {
    id: 'fig6a',
    figure: 'Figure 6a',
    description: 'two diagonal jumps to finish: 1 + king-move distance to the cell (1, 1) of the second-to-last landing',
    types: ['skew', 'diagonal'],
    exponent: (x, y) => 1 + Math.max(Math.abs(x - 1), Math.abs(y - 1)),
  },
  fig7a: {
    id: 'fig7a',
    figure: 'Figure 7a',
    description: '1 + hexagonal distance to the cell (0, 1) of the second-to-last landing',
    types: ['hexagonal', 'pablito'],
    exponent: (x, y) => 1 + hexDistance(x, y - 1),
  },
  fig7b: {
    id: 'fig7b',
    figure: 'Figure 7b',
    description: "1 + hexagonal distance to row 1's right cell; infinity on the left edge and the target",
    types: ['pablito'],
    // The target is on the left edge too: a finite weight there would let the jump down that
    // edge into it gain weight. The argument needs only that a solution passes through weight 1.
    exponent: (x, y) => (x === -y ? null : 1 + hexDistance(x, y - 1)),
  },
}

/** The map of a figure ("fig6a" or "6a"), or an error naming the maps there are. */
export function pagodaMap(id: string): PagodaMap {
  const m = own(PAGODA_MAPS, id) ?? own(PAGODA_MAPS, `fig${id}`)
  if (!m) throw new Error(`unknown pagoda map '${id}' (one of ${Object.keys(PAGODA_MAPS).join(', ')})`)
  return m
}

/** sigma^e, 0 for infinity. */
export const weightOf = (e: number | null): ZSigma => (e === null ? ZERO : sigmaPow(e))

/** A jump where condition (2) fails. */
export interface Violation {
  readonly from: readonly [number, number]
  readonly over: readonly [number, number]
  readonly to: readonly [number, number]
  readonly exponents: readonly [number | null, number | null, number | null]
  readonly message: string
}

/** Every jump inside the window (or on a custom board) that breaks condition (2), at most `limit` of them. */
export function checkPagoda(map: PagodaMap, g: ArmyGeometry, w: Window, limit = 10, board?: CustomBoard): Violation[] {
  const out: Violation[] = []
  const { cells, jumps } = indexWindow(g, w, board)
  for (const [a, b, c] of jumps) {
    const [[x, y], [bx, by], [cx, cy]] = [cells[a]!, cells[b]!, cells[c]!]
    const e = [map.exponent(x, y), map.exponent(bx, by), map.exponent(cx, cy)] as const
    if (compare(add(weightOf(e[0]), weightOf(e[1])), weightOf(e[2])) >= 0) continue
    const show = (v: number | null): string => (v === null ? '∞' : String(v))
    out.push({
      from: [x, y],
      over: [bx, by],
      to: [cx, cy],
      exponents: e,
      message: `${map.figure} is not a pagoda function for ${g.title}: the jump from ${cellCoordinates(x, y)} over ${cellCoordinates(bx, by)} into ${cellCoordinates(cx, cy)} has exponents (${e.map(show).join(', ')}) and gains weight`,
    })
    if (out.length >= limit) return out
  }
  return out
}

/** Weight lost by a jump with these exponents (negative: the jump gains, the map is no pagoda function). */
export const jumpLoss = (from: number | null, over: number | null, to: number | null): ZSigma =>
  sub(add(weightOf(from), weightOf(over)), weightOf(to))

/**
 * The type of a jump by its exponents (from, over, into), as in Table 4 (a the largest exponent),
 * with "right" for the pattern read left to right and "left" for it reversed; null if the
 * exponents fit no type (the jump gains weight) or one is infinity.
 */
export function jumpType(
  from: number | null,
  over: number | null,
  to: number | null,
): { type: string; direction: 'right' | 'left' } | null {
  if (from === null || over === null || to === null) return null
  const patterns = (p: readonly [number, number, number]): string | null => {
    const a = Math.max(...p)
    const [u, v, w] = p.map((e) => a - e) as [number, number, number]
    const key = `${u},${v},${w}`
    const named: Record<string, string> = {
      '0,0,0': '1.1.1',
      '0,0,1': '1.2.1',
      '0,1,0': '1.2.2',
      '0,1,1': '1.2.3',
      '1,0,1': '1.2.4',
      '0,1,2': '1.3.1',
      '0,2,1': '1.3.2',
      '1,0,2': '1.3.3',
    }
    if (named[key]) return named[key]
    if (v === 0 && u === w && u > 0) return '2.1.1'
    if (u === 0 && v > w && w > 0) return '3.1.1'
    return null
  }
  const right = patterns([from, over, to])
  if (right) return { type: right, direction: 'right' }
  const left = patterns([to, over, from])
  return left ? { type: left, direction: 'left' } : null
}

/** Total weight of men on cells. */
export function totalWeight(map: PagodaMap, men: Iterable<readonly [number, number]>): ZSigma {
  let t = ZERO
  for (const [x, y] of men) t = add(t, weightOf(map.exponent(x, y)))
  return t
}

/** The standard map of each type (Table 1's argument). */
export const STANDARD_MAP: Record<ArmyType, string> = {
  conway: 'fig3',
  skew: 'fig4',
  diagonal: 'fig4',
  hexagonal: 'fig5a',
  pablito: 'fig5b',
}
/** The improved map of each type (Table 3's argument). */
export const IMPROVED_MAP: Record<ArmyType, string> = {
  conway: 'fig3',
  skew: 'fig6a',
  diagonal: 'fig6a',
  hexagonal: 'fig7a',
  pablito: 'fig7b',
}

export const geometryOf = (type: ArmyType): ArmyGeometry => GEOMETRIES[type]
