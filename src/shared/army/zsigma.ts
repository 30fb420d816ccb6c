/**
 * Exact arithmetic in Z[sigma], sigma = (sqrt 5 - 1) / 2, the ring of pagoda weights (Bell,
 * Hirschberg and Guerrero 2007, section 3): numbers a + b*sigma with integers a and b (bigint).
 * sigma^2 = 1 - sigma, so products stay in the ring; powers come from identity (7),
 * sigma^i = (-1)^i (F(i-1) - F(i) sigma) for every integer i. Signs and comparisons are decided
 * exactly (a + b sigma > 0 iff (2a - b) + b sqrt 5 > 0, settled by comparing squares): no floating
 * point decides anything; `toNumber` is for display only.
 */

/** a + b*sigma. */
export interface ZSigma {
  readonly a: bigint
  readonly b: bigint
}

export const ZERO: ZSigma = { a: 0n, b: 0n }
export const ONE: ZSigma = { a: 1n, b: 0n }

export const zs = (a: bigint | number, b: bigint | number = 0n): ZSigma => ({ a: BigInt(a), b: BigInt(b) })

export const add = (x: ZSigma, y: ZSigma): ZSigma => ({ a: x.a + y.a, b: x.b + y.b })
export const sub = (x: ZSigma, y: ZSigma): ZSigma => ({ a: x.a - y.a, b: x.b - y.b })
export const scale = (x: ZSigma, k: bigint | number): ZSigma => ({ a: x.a * BigInt(k), b: x.b * BigInt(k) })

/** (a + b s)(c + d s) = ac + bd + (ad + bc - bd) s, since s^2 = 1 - s. */
export const mul = (x: ZSigma, y: ZSigma): ZSigma => ({ a: x.a * y.a + x.b * y.b, b: x.a * y.b + x.b * y.a - x.b * y.b })

/** Fibonacci numbers for every integer: F(0) = 0, F(1) = 1, F(-i) = (-1)^(i+1) F(i). */
export function fibonacci(i: number): bigint {
  if (!Number.isInteger(i)) throw new Error(`fibonacci: ${i} is not an integer`)
  if (i < 0) return -i % 2 === 1 ? fibonacci(-i) : -fibonacci(-i)
  let [x, y] = [0n, 1n]
  for (let k = 0; k < i; k++) [x, y] = [y, x + y]
  return x
}

const powers = new Map<number, ZSigma>()

/** sigma^i by identity (7): (-1)^i (F(i-1) - F(i) sigma). */
export function sigmaPow(i: number): ZSigma {
  let p = powers.get(i)
  if (!p) {
    const sign = i % 2 === 0 ? 1n : -1n
    p = { a: sign * fibonacci(i - 1), b: -sign * fibonacci(i) }
    powers.set(i, p)
  }
  return p
}

/** -1, 0 or 1: the exact sign of a + b sigma. */
export function sign(x: ZSigma): -1 | 0 | 1 {
  // 2(a + b sigma) = (2a - b) + b sqrt 5.
  const p = 2n * x.a - x.b
  const q = x.b
  if (p >= 0n && q >= 0n) return p === 0n && q === 0n ? 0 : 1
  if (p <= 0n && q <= 0n) return -1
  // Opposite signs: the larger of p^2 and 5 q^2 decides.
  const pp = p * p
  const qq = 5n * q * q
  if (p > 0n) return pp > qq ? 1 : -1
  return qq > pp ? 1 : -1
}

export const compare = (x: ZSigma, y: ZSigma): -1 | 0 | 1 => sign(sub(x, y))
export const isZero = (x: ZSigma): boolean => x.a === 0n && x.b === 0n

/** A close decimal value, for display only. */
export const toNumber = (x: ZSigma): number => Number(x.a) + Number(x.b) * ((Math.sqrt(5) - 1) / 2)

/** "a + b·σ" (or "a", "b·σ"), as the paper's Table 2 writes them. */
export function formatZ(x: ZSigma): string {
  const s = (b: bigint): string => (b === 1n ? 'σ' : b === -1n ? '-σ' : `${b}σ`)
  if (x.b === 0n) return `${x.a}`
  if (x.a === 0n) return s(x.b)
  return `${x.a} ${x.b < 0n ? '-' : '+'} ${s(x.b < 0n ? -x.b : x.b)}`
}

/**
 * A non-negative number as a sum of distinct powers of sigma, largest first (greedy: the largest
 * power not above what is left): "σ^11 + σ^13" as the paper writes slacks. Every non-negative
 * element of Z[sigma] has such a finite expansion; `maxTerms` only guards against misuse.
 */
export function powerSum(x: ZSigma, maxTerms = 64): number[] {
  if (sign(x) < 0) throw new Error(`powerSum: ${formatZ(x)} is negative`)
  const out: number[] = []
  let left = x
  // The largest power not above x: start from an exponent whose power is surely above it.
  let i = -2
  while (compare(sigmaPow(i), left) <= 0 && !isZero(left)) i -= 2
  while (!isZero(left)) {
    if (out.length >= maxTerms) throw new Error(`powerSum: more than ${maxTerms} terms`)
    while (compare(sigmaPow(i), left) > 0) i++
    out.push(i)
    left = sub(left, sigmaPow(i))
    i++
  }
  return out
}

/** "σ^11 + σ^13", "0", "1 + σ^2" for a sum of powers. */
export function formatPowers(exps: readonly number[]): string {
  if (exps.length === 0) return '0'
  return exps.map((e) => (e === 0 ? '1' : e === 1 ? 'σ' : `σ^${e}`)).join(' + ')
}

/** floor(sqrt(n)) for n >= 0: Newton's method from above on bigints (it decreases until it stops). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new Error(`isqrt: ${n} is negative`)
  if (n < 2n) return n
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1)
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

/** floor(v / 2) for any integer v (bigint division truncates toward zero). */
const floorHalf = (v: bigint): bigint => (v >= 0n ? v / 2n : -((-v + 1n) / 2n))

/**
 * The largest integer k with k <= x * d, exactly (d > 0): rational data for a linear program that
 * must stay a relaxation of the exact one (a coefficient rounded down keeps a <= row valid).
 * 2 x d = p + q sqrt 5 with p = (2a - b) d, q = b d; floor(q sqrt 5) is isqrt(5 q^2) for q >= 0 and
 * -(isqrt(5 q^2) + 1) for q < 0 (5 q^2 is no square unless q = 0); then floor((p + q sqrt 5) / 2)
 * is floor((p + floor(q sqrt 5)) / 2).
 */
export function floorScaled(x: ZSigma, d: bigint): bigint {
  if (d <= 0n) throw new Error(`floorScaled: the scale ${d} is not positive`)
  const p = (2n * x.a - x.b) * d
  const q = x.b * d
  const r = isqrt(5n * q * q)
  const t = p + (q >= 0n ? r : q === 0n ? 0n : -(r + 1n))
  return floorHalf(t)
}

/** The smallest integer k with k >= x * d, exactly (d > 0). */
export const ceilScaled = (x: ZSigma, d: bigint): bigint => -floorScaled({ a: -x.a, b: -x.b }, d)
