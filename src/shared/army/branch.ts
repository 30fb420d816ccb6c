/**
 * A depth-first branch-and-bound over a linear-programming engine the host loads (HiGHS's
 * persistent model in the CLI), written so that its tree is an exact certificate
 * (certificate.ts): every leaf carries the duals (or the dual ray of an infeasible box) that the
 * bigint check turns into a bound above the limit, and a leaf whose check fails is not a leaf: the
 * search branches on. The engine's floating point only steers; the check decides.
 *
 * It answers one question: does the program have an integer point of cost <= limit? Either it
 * finds one (and returns it), or it returns the tree of a proof that there is none, or it stops
 * at its node or time limit having proved nothing.
 */
import { dualBound, dualTerms, roundDual, type CertificateStep, type DualVector } from './certificate'
import type { IntProgram } from './program'

/** What the search asks of a linear-programming engine loaded with the program's relaxation. */
export interface LpEngine {
  setBounds(col: number, lower: number, upper: number): void
  solve(): LpOutcome
  /** The dual ray after an infeasible solve (any sign and scale), or null. */
  dualRay(): ArrayLike<number> | null
}
export interface LpOutcome {
  readonly status: 'optimal' | 'infeasible' | 'other'
  readonly objective: number
  readonly x: ArrayLike<number>
  readonly rowDual: ArrayLike<number>
  /** Reduced costs (c - A^T y), for fixing columns; optional. */
  readonly colDual?: ArrayLike<number>
}

export interface BranchProgress {
  readonly nodes: number
  readonly leaves: number
  readonly depth: number
  readonly seconds: number
  /** The share of the tree closed, counting each leaf at depth d as 2^-d (a rough gauge: subtrees differ in size). */
  readonly closed: number
}

export interface BranchOutcome {
  /** 'proved': the tree is a certificate; 'found': a point of cost <= limit; 'stopped': neither. */
  readonly verdict: 'proved' | 'found' | 'stopped'
  readonly nodes: number
  readonly leaves: number
  readonly maxDepth: number
  readonly seconds: number
  /** The point found (verdict 'found'). */
  readonly point?: readonly number[]
  /** Why it stopped (verdict 'stopped'). */
  readonly reason?: string
}

export interface BranchOptions {
  readonly maxNodes?: number
  readonly timeLimit?: number
  /** Each step of the tree, in preorder, as it is made (a proof's certificate when the verdict is 'proved'). */
  readonly emit: (step: CertificateStep) => void
  readonly onProgress?: (p: BranchProgress) => void
  /** The order in which fractional columns are preferred for branching (lower first); default: column order. */
  readonly priority?: (col: number) => number
  /** The steps an earlier run emitted (its certificate so far): the search picks up after them. */
  readonly resume?: Iterable<CertificateStep>
  /** Columns that hold their bounds fixed for the whole search (a case of a case split), beside the program's. */
  readonly box?: { readonly lower: readonly bigint[]; readonly upper: readonly bigint[] }
}

const EPS = 1e-6

/** A leaf's certificate from the engine's duals (or ray), checked exactly over the box; null if none holds. */
function leafCertificate(
  p: IntProgram,
  lower: readonly bigint[],
  upper: readonly bigint[],
  limit: bigint,
  candidates: readonly (readonly [ArrayLike<number>, number])[],
): DualVector | null {
  for (const [values, factor] of candidates)
    for (const shift of [40, 52]) {
      const y = roundDual(values, shift, factor)
      const b = dualBound(p, lower, upper, y)
      if (b.ok && b.value > limit * (1n << BigInt(shift))) return y
    }
  return null
}

export function branchAndBound(p: IntProgram, limit: bigint, lp: LpEngine, options: BranchOptions): BranchOutcome {
  const t0 = Date.now()
  const lower = [...(options.box?.lower ?? p.lower)]
  const upper = [...(options.box?.upper ?? p.upper)]
  const priority = options.priority ?? ((j: number) => j)
  // Open branches: the column, its bounds before, and whether its up side is running.
  const frames: { col: number; at: bigint; lo: bigint; hi: bigint; second: boolean; upFirst: boolean }[] = []
  let nodes = 0
  let leaves = 0
  let maxDepth = 0
  let closed = 0
  // Open a branch: its first side's box; close a leaf: the next box (the other side of the
  // innermost branch on its first side), or null when the tree is closed.
  const open = (step: { col: number; at: bigint; upFirst?: boolean }): void => {
    const upFirst = step.upFirst === true
    frames.push({ col: step.col, at: step.at, lo: lower[step.col]!, hi: upper[step.col]!, second: false, upFirst })
    maxDepth = Math.max(maxDepth, frames.length)
    if (upFirst) lower[step.col] = step.at + 1n
    else upper[step.col] = step.at
  }
  const changed = new Set<number>()
  const closeLeaf = (): boolean => {
    leaves++
    closed += 2 ** -frames.length
    for (;;) {
      const f = frames.at(-1)
      if (!f) return false
      changed.add(f.col)
      if (!f.second) {
        f.second = true
        upper[f.col] = f.upFirst ? f.at : f.hi
        lower[f.col] = f.upFirst ? f.lo : f.at + 1n
        return true
      }
      lower[f.col] = f.lo
      upper[f.col] = f.hi
      frames.pop()
    }
  }
  // Replay an earlier run's steps: its open branches and the box of its next node.
  for (const step of options.resume ?? []) {
    nodes++
    if (step.kind === 'branch') open(step)
    else if (!closeLeaf()) return { verdict: 'proved', nodes, leaves, maxDepth, seconds: 0 }
  }
  lower.forEach((l, j) => (l !== p.lower[j] || upper[j] !== p.upper[j]) && lp.setBounds(j, Number(l), Number(upper[j])))
  const seconds = (): number => (Date.now() - t0) / 1000
  const set = (j: number): void => lp.setBounds(j, Number(lower[j]), Number(upper[j]))
  const done = (verdict: BranchOutcome['verdict'], extra: Partial<BranchOutcome> = {}): BranchOutcome => ({
    verdict,
    nodes,
    leaves,
    maxDepth,
    seconds: seconds(),
    ...extra,
  })
  /**
   * Reduced-cost fixing, as certificate steps: a column at its lower bound whose reduced cost
   * lifts the node's exact bound above the limit when it rises by one is split there, the up side
   * first and closed at once by the node's own duals (its exact bound is the node's plus the exact
   * reduced cost), and the search goes on in the down side, where the column is fixed. The same
   * for a column at its upper bound. No LP is solved again: the point stays optimal.
   */
  const fixByReducedCost = (r: LpOutcome): void => {
    const gap = Number(limit) - r.objective
    const y = roundDual(r.rowDual, 40)
    let exact: { total: bigint; d: readonly bigint[] } | null = null
    const scale = 1n << 40n
    for (let j = 0; j < p.cols.length; j++) {
      if (!p.integer[j] || lower[j] === upper[j]) continue
      const dj = r.colDual![j]!
      const atLower = Math.abs(r.x[j]! - Number(lower[j])) <= EPS
      const atUpper = Math.abs(r.x[j]! - Number(upper[j])) <= EPS
      if (!((atLower && dj > gap + 1e-6) || (atUpper && -dj > gap + 1e-6))) continue
      if (!exact) {
        const t = dualTerms(p, lower, upper, y)
        if (!t.ok) return
        exact = t.value
      }
      const d = exact.d[j]!
      // One step off the bound adds |d| to the bound exactly (the box's term for column j moves by d).
      if (atLower && d > 0n && exact.total + d > limit * scale) {
        options.emit({ kind: 'branch', col: j, at: lower[j]!, upFirst: true })
        open({ col: j, at: lower[j]!, upFirst: true })
        options.emit({ kind: 'leaf', dual: y })
        closeLeaf()
        set(j)
      } else if (atUpper && d < 0n && exact.total - d > limit * scale) {
        options.emit({ kind: 'branch', col: j, at: upper[j]! - 1n })
        open({ col: j, at: upper[j]! - 1n })
        options.emit({ kind: 'leaf', dual: y })
        closeLeaf()
        set(j)
      }
    }
  }
  for (;;) {
    if (options.maxNodes !== undefined && nodes >= options.maxNodes) return done('stopped', { reason: `node limit ${options.maxNodes}` })
    if (options.timeLimit !== undefined && seconds() > options.timeLimit) return done('stopped', { reason: `time limit ${options.timeLimit} s` })
    nodes++
    if (nodes % 200 === 0) options.onProgress?.({ nodes, leaves, depth: frames.length, seconds: seconds(), closed })
    const r = lp.solve()
    let leaf: DualVector | null = null
    let branchCol = -1
    if (r.status === 'infeasible') {
      const ray = lp.dualRay()
      if (ray) leaf = leafCertificate(p, lower, upper, limit, [1, -1, 1e3, -1e3, 1e6, -1e6, 1e9, -1e9].map((f) => [ray, f] as const))
    } else if (r.status === 'optimal') {
      if (r.objective > Number(limit) + EPS) leaf = leafCertificate(p, lower, upper, limit, [[r.rowDual, 1]])
      if (!leaf) {
        // Branch on the most fractional column of the best priority.
        let best = Infinity
        let frac = 0
        for (let j = 0; j < p.cols.length; j++) {
          if (!p.integer[j] || lower[j] === upper[j]) continue
          const v = r.x[j]!
          const f = Math.abs(v - Math.round(v))
          if (f <= EPS) continue
          const pr = priority(j)
          if (pr < best || (pr === best && f > frac)) [best, frac, branchCol] = [pr, f, j]
        }
        if (branchCol < 0) {
          if (r.objective <= Number(limit) + EPS) return done('found', { point: Array.from(r.x, (v) => Math.round(v)) })
          // Integral, above the limit, yet no dual checked: split any free column to go on.
          branchCol = lower.findIndex((l, j) => p.integer[j] && l !== upper[j])
          if (branchCol < 0) return done('stopped', { reason: 'a fixed box whose bound no dual proves' })
        }
      }
    } else return done('stopped', { reason: `the LP engine gave up on a node (depth ${frames.length})` })
    if (!leaf && branchCol < 0) {
      // An infeasible box without a checked ray: split a free column.
      branchCol = lower.findIndex((l, j) => p.integer[j] && l !== upper[j])
      if (branchCol < 0) return done('stopped', { reason: 'an infeasible fixed box with no checked ray' })
    }
    if (leaf) {
      options.emit({ kind: 'leaf', dual: leaf })
      changed.clear()
      if (!closeLeaf()) return done('proved')
      for (const c of changed) set(c)
      continue
    }
    if (r.status === 'optimal' && r.colDual && r.objective <= Number(limit) + EPS) fixByReducedCost(r)
    const j = branchCol
    const v = r.status === 'optimal' ? r.x[j]! : Number(lower[j])
    let at = BigInt(Math.floor(v + EPS))
    if (at < lower[j]!) at = lower[j]!
    if (at >= upper[j]!) at = upper[j]! - 1n
    options.emit({ kind: 'branch', col: j, at })
    open({ col: j, at })
    set(j)
  }
}
