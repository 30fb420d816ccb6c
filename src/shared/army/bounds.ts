/**
 * Pagoda bounds (sections 3 and 4 of the paper), exact in Z[sigma]:
 * - `levelWeight`: the total weight S(n) of every cell in rows n and beyond of the infinite board.
 *   A finite army there weighs less than S(n), so level n is out of reach when S(n) <= 1; Table 1
 *   is the highest level with S(n) > 1 under the standard maps.
 * - `pagodaBound`: the smallest army whose cells, taken in order of decreasing weight, weigh at
 *   least 1 (section 4.1), and at least F(n+2) (equation (9)); Table 3 under the improved maps.
 * Counting: the cells of each exponent are counted in a window big enough to hold every cell of
 * the exponents counted (checked on the window's edge, else the window grows); past the last
 * exponent counted, the count per exponent must go on linearly (checked on the last four counted),
 * and the tail is summed exactly by identities (4) and (6).
 */
import { geometryOf, pagodaMap, IMPROVED_MAP, STANDARD_MAP, weightOf, type PagodaMap } from './pagoda'
import { windowCells, type ArmyGeometry, type ArmyType, type Window } from './geometry'
import { add, compare, fibonacci, mul, ONE, scale, sigmaPow, sub, ZERO, zs, type ZSigma } from './zsigma'

/** Cells per exponent in rows >= level, for exponents up to `upTo`, and the window that held them. */
export interface ExponentCounts {
  /** counts[e] cells of exponent e (exponents below `from` have none). */
  readonly counts: ReadonlyMap<number, number>
  readonly upTo: number
  readonly window: Window
}

/** Count the cells of each exponent up to `upTo` in rows >= level, growing the window until its edge holds none of them. */
export function exponentCounts(map: PagodaMap, g: ArmyGeometry, level: number, upTo: number): ExponentCounts {
  for (let size = upTo + 4; size < 100_000; size *= 2) {
    const window: Window = { rows: level + size, width: size }
    const counts = new Map<number, number>()
    let edge = false
    for (const [x, y] of windowCells(g, window, level)) {
      const e = map.exponent(x, y)
      if (e === null || e > upTo) continue
      counts.set(e, (counts.get(e) ?? 0) + 1)
      const [lo, hi] = g.columns(y, window.width)
      if (y === window.rows - 1 || (x === lo && g.onBoard(x - 1, y)) || (x === hi && g.onBoard(x + 1, y))) edge = true
    }
    if (!edge) return { counts, upTo, window }
  }
  throw new Error(`${map.figure}: the cells of exponent up to ${upTo} do not fit a window (is it a distance from the target?)`)
}

/** sum over e >= m of (p + q e) sigma^e = p sigma^(m-2) + q (m sigma^(m-2) + sigma^(m-3)), identities (4) and (6). */
function linearTail(m: number, p: bigint, q: bigint): ZSigma {
  return add(scale(sigmaPow(m - 2), p), scale(add(scale(sigmaPow(m - 2), m), sigmaPow(m - 3)), q))
}

/**
 * sum over k >= 0 of (c + q k) sigma^(m + 2k), the counts c, c + q, ... of every other exponent
 * from m: sigma^m (c sigma^-1 + q), as sum sigma^2k = 1 / (1 - sigma^2) = sigma^-1 and
 * sum k sigma^2k = sigma^2 / (1 - sigma^2)^2 = 1.
 */
function everyOtherTail(m: number, c: bigint, q: bigint): ZSigma {
  return mul(sigmaPow(m), add(scale(sigmaPow(-1), c), zs(q)))
}

/** The exact weight of every cell in rows >= level of the infinite board. */
export function levelWeight(map: PagodaMap, type: ArmyType, level: number): { weight: ZSigma; window: Window; linearFrom: number } {
  const g = geometryOf(type)
  const upTo = level + 16
  const { counts, window } = exponentCounts(map, g, level, upTo)
  let weight = ZERO
  for (const [e, k] of counts) weight = add(weight, scale(sigmaPow(e), k))
  // The count per exponent past upTo: linear, as on the last exponents counted, either in every
  // exponent or in the odd and the even ones apart (the skew army's colour alternates them).
  const count = (e: number): number => counts.get(e) ?? 0
  const linear = (step: number, last: number): boolean => {
    const q = count(last) - count(last - step)
    return count(last - step) - count(last - 2 * step) === q && count(last - 2 * step) - count(last - 3 * step) === q
  }
  if (linear(1, upTo)) {
    const q = count(upTo) - count(upTo - 1)
    // count(e) = (c - q upTo) + q e for e > upTo.
    weight = add(weight, linearTail(upTo + 1, BigInt(count(upTo) - q * upTo), BigInt(q)))
  } else if (linear(2, upTo) && linear(2, upTo - 1)) {
    for (const last of [upTo - 1, upTo]) {
      const q = count(last) - count(last - 2)
      weight = add(weight, everyOtherTail(last + 2, BigInt(count(last) + q), BigInt(q)))
    }
  } else {
    const c = [upTo - 5, upTo - 4, upTo - 3, upTo - 2, upTo - 1, upTo].map(count)
    throw new Error(
      `${map.figure}: the count of cells per exponent does not go on linearly by exponent ${upTo} (${c.join(', ')}): no exact sum`,
    )
  }
  return { weight, window, linearFrom: upTo - 5 }
}

/** Table 1: the highest level an army of this type can reach by the standard map's argument (S(n) > 1). */
export function highestLevel(type: ArmyType, map: PagodaMap = pagodaMap(STANDARD_MAP[type])): number {
  for (let n = 1; n < 64; n++) if (compare(levelWeight(map, type, n).weight, ONE) <= 0) return n - 1
  throw new Error(`${map.figure}: no level is out of reach below 64`)
}

export interface PagodaBound {
  readonly type: ArmyType
  readonly level: number
  readonly map: PagodaMap
  /** The lower bound on the army size; null: no finite army reaches the level. */
  readonly men: number | null
  /** Men the pagoda sum alone asks for (the bound is the larger of it and F(n+2)). */
  readonly pagodaMen: number | null
  readonly fibonacci: number
  /** Men per exponent of the heaviest army of `pagodaMen` men. */
  readonly byExponent: readonly (readonly [number, number])[]
  /** That army's weight minus 1 (>= 0). */
  readonly slack: ZSigma | null
  /** Weight of every cell in rows >= level (finite armies weigh less). */
  readonly levelWeight: ZSigma
  readonly window: Window
}

/** Section 4.1: the fewest men whose heaviest placement weighs at least 1, and F(n+2). */
export function pagodaBound(type: ArmyType, level: number, map: PagodaMap = pagodaMap(IMPROVED_MAP[type])): PagodaBound {
  if (!Number.isInteger(level) || level < 1) throw new Error(`level must be a whole number from 1 (got ${level})`)
  const g = geometryOf(type)
  const all = levelWeight(map, type, level)
  const fib = Number(fibonacci(level + 2))
  const base = { type, level, map, fibonacci: fib, levelWeight: all.weight }
  if (compare(all.weight, ONE) <= 0) return { ...base, men: null, pagodaMen: null, byExponent: [], slack: null, window: all.window }
  for (let upTo = level + 8; ; upTo += 8) {
    const { counts, window } = exponentCounts(map, g, level, upTo)
    let total = ZERO
    let men = 0
    const by: [number, number][] = []
    for (const e of [...counts.keys()].sort((a, b) => a - b)) {
      const k = counts.get(e)!
      const w = weightOf(e)
      // Men of this exponent still needed to reach 1: the fewest j <= k with total + j w >= 1.
      let j = 0
      while (j < k && compare(add(total, scale(w, j)), ONE) < 0) j++
      total = add(total, scale(w, j))
      men += j
      if (j > 0) by.push([e, j])
      if (compare(total, ONE) >= 0) {
        return { ...base, men: Math.max(men, fib), pagodaMen: men, byExponent: by, slack: sub(total, ONE), window }
      }
    }
  }
}

/** The slack (weight minus 1) of an army given as men per exponent. */
export function slackOf(byExponent: Iterable<readonly [number, number]>): ZSigma {
  let t = ZERO
  for (const [e, k] of byExponent) t = add(t, scale(sigmaPow(e), k))
  return sub(t, ONE)
}

/**
 * The largest exponent a man of an army of `men` men (reaching `level`) can start on: the heaviest
 * men - 1 other cells of the army's rows plus sigma^e must weigh at least 1. Null: any exponent.
 */
export function startExponentLimit(
  type: ArmyType,
  level: number,
  men: number,
  map: PagodaMap = pagodaMap(IMPROVED_MAP[type]),
): number | null {
  const g = geometryOf(type)
  for (let upTo = level + 8; upTo < 400; upTo += 8) {
    const { counts } = exponentCounts(map, g, level, upTo)
    let rest = ZERO
    let left = men - 1
    for (const e of [...counts.keys()].sort((a, b) => a - b)) {
      const k = Math.min(left, counts.get(e)!)
      rest = add(rest, scale(weightOf(e), k))
      left -= k
      if (left === 0) break
    }
    if (left > 0) continue
    const need = sub(ONE, rest)
    if (compare(need, ZERO) <= 0) return null
    // The largest e with sigma^e >= need.
    let e = 0
    while (compare(sigmaPow(e + 1), need) >= 0) e++
    while (compare(sigmaPow(e), need) < 0) e--
    return e
  }
  throw new Error(`${map.figure}: the army's rows do not hold ${men} men inside exponent 400`)
}
