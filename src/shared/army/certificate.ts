/**
 * Exact certificates that an integer program has no solution of value <= a limit, checked in
 * bigint arithmetic, so that a floating-point solver's "infeasible" is not taken on trust.
 *
 * The program: minimise c.x subject to rowLower <= A x <= rowUpper and lower <= x <= upper, all
 * data integers, every bound of a column finite. For any vector y (the duals of the rows),
 * c.x = y.(A x) + (c - A^T y).x, and over the box y.(A x) >= sum_r y_r beta_r (beta_r the row's
 * lower bound where y_r > 0, its upper where y_r < 0) and (c - A^T y)_j x_j >= min(d_j l_j, d_j u_j).
 * So every point of the box has c.x >= L(y), whatever y is: a solver's duals are a hint, rounded to
 * a fraction with a power-of-two denominator, and the bound is what exact arithmetic says it is
 * (Neumaier and Shcherbina, "Safe bounds in linear and mixed-integer linear programming", Math.
 * Programming 99 (2004)). An infeasible box is no exception: a dual ray makes L(y) as large as
 * wanted.
 *
 * A branch-and-bound tree is a certificate when its branchings split integer columns (x_j <= k or
 * x_j >= k + 1, so the two boxes hold every integer point of their parent's) and every leaf's box
 * has L(y) > limit: then no integer point of the root box has c.x <= limit. The tree is written in
 * preorder (a branch, its down subtree, its up subtree), which is how a depth-first search emits it
 * and how the check walks it, with no recursion.
 */
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import type { IntProgram } from './program'

/** A dual vector, sparse: y[rows[k]] = values[k] / 2^shift. */
export interface DualVector {
  readonly shift: number
  readonly rows: readonly number[]
  readonly values: readonly bigint[]
}

/**
 * A step of a tree in preorder: a branch on a column (down: x <= at; up: x >= at + 1; its two
 * subtrees follow, the down one first unless `upFirst`), or a leaf.
 */
export type CertificateStep =
  | { readonly kind: 'branch'; readonly col: number; readonly at: bigint; readonly upFirst?: boolean }
  | { readonly kind: 'leaf'; readonly dual: DualVector }

/** What a checked certificate proves. */
export interface CertificateCheck {
  readonly leaves: number
  readonly branches: number
  readonly depth: number
  /** The smallest leaf bound, as a decimal for reading (every one is above the limit). */
  readonly weakestLeaf: number
}

/**
 * L(y) * 2^shift over the box (lower, upper), exactly; or a diagnostic when y leans on a row bound
 * that does not exist.
 */
export function dualBound(p: IntProgram, lower: readonly bigint[], upper: readonly bigint[], y: DualVector): Result<bigint, Diagnostic> {
  const r = dualTerms(p, lower, upper, y)
  return r.ok ? ok(r.value.total) : r
}

/** L(y) * 2^shift and the reduced costs d = (c - A^T y) * 2^shift, exactly. */
export function dualTerms(
  p: IntProgram,
  lower: readonly bigint[],
  upper: readonly bigint[],
  y: DualVector,
): Result<{ readonly total: bigint; readonly d: readonly bigint[] }, Diagnostic> {
  if (!Number.isInteger(y.shift) || y.shift < 0 || y.shift > 4096) return err(diagnostic('certificate.shift', `the dual's shift ${y.shift} is not a whole number from 0 to 4096`))
  if (y.rows.length !== y.values.length) return err(diagnostic('certificate.dual', 'the dual has not as many values as rows'))
  const scale = 1n << BigInt(y.shift)
  const d = p.cost.map((c) => c * scale)
  let total = 0n
  for (let k = 0; k < y.rows.length; k++) {
    const r = y.rows[k]!
    const v = y.values[k]!
    const row = p.rows[r]
    if (!row) return err(diagnostic('certificate.row', `the dual names row ${r}, which the program does not have`))
    if (v === 0n) continue
    const beta = v > 0n ? row.lower : row.upper
    if (beta === null)
      return err(diagnostic('certificate.sign', `the dual of row ${row.name} is ${v > 0n ? 'positive' : 'negative'}, but the row has no ${v > 0n ? 'lower' : 'upper'} bound`))
    total += v * beta
    for (let i = 0; i < row.cols.length; i++) d[row.cols[i]!]! -= v * row.coefs[i]!
  }
  for (let j = 0; j < d.length; j++) {
    const dj = d[j]!
    total += dj >= 0n ? dj * lower[j]! : dj * upper[j]!
  }
  return ok({ total, d })
}

/**
 * Check a tree (in preorder) proving that no integer point of the program's box has cost <= limit.
 * Fails, naming the step, on a branch that is not a split of an integer column inside its box, a
 * leaf whose bound is not above the limit, a dual that leans on a missing row bound, or a tree
 * that ends early or goes on after its last leaf.
 */
export function checkCertificate(p: IntProgram, limit: bigint, steps: Iterable<CertificateStep>): Result<CertificateCheck, Diagnostic> {
  const n = p.cols.length
  if (p.cost.length !== n || p.lower.length !== n || p.upper.length !== n || p.integer.length !== n)
    return err(diagnostic('certificate.program', 'the program has columns of different lengths'))
  const lower = [...p.lower]
  const upper = [...p.upper]
  // Frames of the open branches: the column, its bound before, and whether the up side is running.
  const frames: { col: number; at: bigint; lower: bigint; upper: bigint; second: boolean; upFirst: boolean }[] = []
  let leaves = 0
  let branches = 0
  let depth = 0
  let done = false
  let weakest: bigint | null = null
  let weakestScale = 1n
  let index = 0
  for (const step of steps) {
    const at = `step ${index + 1}`
    index++
    if (done) return err(diagnostic('certificate.extra', `${at}: the tree goes on after its last leaf`))
    if (step.kind === 'branch') {
      const j = step.col
      if (!Number.isInteger(j) || j < 0 || j >= n) return err(diagnostic('certificate.column', `${at}: column ${j} is not a column of the program`))
      if (!p.integer[j]) return err(diagnostic('certificate.continuous', `${at}: ${p.cols[j]} is not an integer column, so x <= k or x >= k + 1 leaves points out`))
      if (step.at < lower[j]! || step.at >= upper[j]!)
        return err(diagnostic('certificate.split', `${at}: the split of ${p.cols[j]} at ${step.at} is outside its box ${lower[j]} .. ${upper[j]}`))
      const upFirst = step.upFirst === true
      frames.push({ col: j, at: step.at, lower: lower[j]!, upper: upper[j]!, second: false, upFirst })
      if (upFirst) lower[j] = step.at + 1n
      else upper[j] = step.at
      branches++
      depth = Math.max(depth, frames.length)
      continue
    }
    const bound = dualBound(p, lower, upper, step.dual)
    if (!bound.ok) return err({ ...bound.error, message: `${at}: ${bound.error.message}` })
    const scale = 1n << BigInt(step.dual.shift)
    if (bound.value <= limit * scale)
      return err(
        diagnostic('certificate.bound', `${at}: the leaf's bound ${(Number(bound.value) / Number(scale)).toFixed(6)} is not above ${limit}`),
      )
    if (weakest === null || bound.value * weakestScale < weakest * scale) [weakest, weakestScale] = [bound.value, scale]
    leaves++
    // Close finished branches; open the up side of the innermost one still on its down side.
    for (;;) {
      const f = frames.at(-1)
      if (!f) {
        done = true
        break
      }
      if (!f.second) {
        f.second = true
        // The other side: up after down, or down after up.
        upper[f.col] = f.upFirst ? f.at : f.upper
        lower[f.col] = f.upFirst ? f.lower : f.at + 1n
        break
      }
      lower[f.col] = f.lower
      upper[f.col] = f.upper
      frames.pop()
    }
  }
  if (!done) return err(diagnostic('certificate.short', `the tree ends with ${frames.length} branch(es) open after step ${index}`))
  return ok({ leaves, branches, depth, weakestLeaf: Number(weakest!) / Number(weakestScale) })
}

/** A solver's float duals as a DualVector (denominator 2^shift; zeros dropped). */
export function roundDual(values: ArrayLike<number>, shift = 40, factor = 1): DualVector {
  const rows: number[] = []
  const out: bigint[] = []
  const scale = 2 ** shift
  for (let r = 0; r < values.length; r++) {
    const v = values[r]! * factor
    if (!Number.isFinite(v) || v === 0) continue
    const k = BigInt(Math.round(v * scale))
    if (k !== 0n) {
      rows.push(r)
      out.push(k)
    }
  }
  return { shift, rows, values: out }
}
