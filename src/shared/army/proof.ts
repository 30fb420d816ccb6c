/**
 * "No army of at most m men reaches the level": the proof, finish by finish (finishes.ts lists
 * every last jump into the target). A finish is excluded either by its map's weight alone (the
 * heaviest m cells of the army's rows weigh less than 1, exact in Z[sigma]) or by the program of
 * the finish on the infinite board (relaxation.ts), split into cases by splits of its aggregate
 * columns (so the cases hold every integer point between them: the split is complete by
 * construction), each case settled twice:
 * - by a MIP solver's verdict (HiGHS, floating point: 'Infeasible'), and
 * - by the certified branch and bound (branch.ts), whose tree the exact check (certificate.ts)
 *   accepts; the case tree's splits and every case's tree together form one tree over the whole
 *   program, checked once at the end.
 */
import { branchAndBound, type BranchOutcome, type LpEngine } from './branch'
import { checkCertificate, type CertificateCheck, type CertificateStep } from './certificate'
import { lastJumps, type Finish } from './finishes'
import { GEOMETRIES, type ArmyType } from './geometry'
import { mirror, type MipSolver } from './minimum'
import { programLp, type IntProgram, type IntRow } from './program'
import { weightSplits, zeroSlackSplits } from './find'
import { finishProgram, slackBound, type FinishProgram } from './relaxation'
import { add, compare, sigmaPow, sub, ZERO, type ZSigma } from './zsigma'
import type { Cell } from '../cell'

/** A case tree: a split of an aggregate column by name (down: <= at, up: >= at + 1), or a case. */
export type CaseTree = { readonly case: string } | { readonly col: string; readonly at: number; readonly down: CaseTree; readonly up: CaseTree }

/**
 * The split of a finish's program: no lossy jump, no man left and none outside (the zero-slack
 * armies of the paper's cases 1 to 4: the start weighs exactly 1) split further by `zero`, men
 * outside, men left, and lossy jumps split further by `lossy`.
 */
function casesAround(zero: CaseTree, lossy: CaseTree): CaseTree {
  return {
    col: 'lossy',
    at: 0,
    down: { col: 'left', at: 0, down: { col: 'nout', at: 0, down: zero, up: { case: 'men outside' } }, up: { case: 'men left' } },
    up: lossy,
  }
}

/**
 * The default split with its zero-slack case split further by the men per exponent: in that case
 * the start weighs exactly 1 (no loss, nothing left, nothing outside), so its men per exponent are
 * one of the zero-slack splits of at most `men` men over the window's exponents (find.ts enumerates
 * them exactly); each becomes a case with every n<e> fixed, as the paper's Table 7 cases are, and
 * the boxes between them are cases too (empty ones).
 */
export function splitCases(type: ArmyType, level: number, fp: FinishProgram): CaseTree {
  const exponents = [...fp.aggregate.perExponent.keys()].sort((a, b) => a - b)
  const cells = new Map(exponents.map((e) => [e, Number(fp.program.upper[fp.aggregate.perExponent.get(e)!]!)]))
  const splits: Map<number, number>[] = []
  for (let m = 1; m <= fp.men; m++) splits.push(...zeroSlackSplits(type, level, fp.finish, m, fp.radius))
  const name = (what: string) => (m: ReadonlyMap<number, number>): string =>
    `${what}, ${[...m.values()].reduce((a, b) => a + b, 0)} men: ${[...m].filter(([e]) => e > 12 || m.get(e) !== cells.get(e)).map(([e, k]) => `n${e}=${k}`).join(' ')}`
  const zero: CaseTree = splits.length === 0 ? { case: 'zero slack (no split weighs 1)' } : splitTree(splits, exponents, cells, name('zero slack'))
  // With a lossy jump and no man outside, the start weighs at least 1 + the smallest loss of a
  // jump of the program (each lossy jump made loses that much or more) and at most 1 + S*(m).
  const w = (c: readonly [number, number]): ZSigma => sigmaPow(fp.finish.map.exponent(c[0], c[1])!)
  let least: ZSigma | null = null
  for (const [a, b, c] of fp.jumps) {
    const loss = sub(add(w(a), w(b)), w(c))
    if (compare(loss, ZERO) > 0 && (least === null || compare(loss, least) < 0)) least = loss
  }
  const heavy: Map<number, number>[] = []
  if (least !== null) for (let m = 1; m <= fp.men; m++) heavy.push(...weightSplits(type, level, fp.finish, m, fp.radius, least, fp.slack))
  const lossy: CaseTree =
    heavy.length === 0
      ? { case: 'lossy jumps' }
      : { col: 'nout', at: 0, down: splitTree(heavy, exponents, cells, name('lossy'), 'gap (lossy)'), up: { case: 'lossy jumps, men outside' } }
  return casesAround(zero, lossy)
}

/**
 * A case tree over the men per exponent (columns n<e>) that isolates each of the given splits as a
 * case of its own (every n<e> fixed), the boxes between them left as cases named `gap` (the
 * program should find those empty at once). Splits are maps exponent -> men over the exponents
 * `exponents` (absent: 0); `cells` bounds each column. The tree is a partition of the box of the
 * n<e> columns, whatever the splits, so no split can be lost by building it.
 */
export function splitTree(
  splits: readonly ReadonlyMap<number, number>[],
  exponents: readonly number[],
  cells: ReadonlyMap<number, number>,
  name: (split: ReadonlyMap<number, number>) => string,
  gap = 'gap',
): CaseTree {
  const build = (i: number, group: readonly ReadonlyMap<number, number>[], lo: number, hi: number): CaseTree => {
    if (i === exponents.length) return { case: name(group[0]!) }
    const e = exponents[i]!
    const values = [...new Set(group.map((m) => m.get(e) ?? 0))].sort((a, b) => a - b)
    const sub = (v: number): CaseTree => {
      const next = exponents[i + 1]
      return build(i + 1, group.filter((m) => (m.get(e) ?? 0) === v), 0, next === undefined ? 0 : cells.get(next)!)
    }
    // A chain of splits of n<e> over lo .. hi: gaps below, between and above the values taken.
    const chain = (k: number, from: number): CaseTree => {
      if (k === values.length) return from > hi ? { case: gap } : { case: `${gap} (n${e} >= ${from})` }
      const v = values[k]!
      if (from < v) return { col: `n${e}`, at: v - 1, down: { case: `${gap} (n${e} ${from} .. ${v - 1})` }, up: chain(k, v) }
      if (v === hi) return sub(v)
      return { col: `n${e}`, at: v, down: sub(v), up: chain(k + 1, v + 1) }
    }
    return chain(0, lo)
  }
  return build(0, splits, 0, cells.get(exponents[0]!)!)
}

/** A sub-case of a split by arrival: its name and the cell its jump came from (null: no jump made). */
export interface Arrival {
  readonly name: string
  readonly from: Cell | null
}

/**
 * A case split by how a man reaches `cell` (by default the finish's start): the jumps landing there
 * in a fixed order, the first one made (J >= 1) naming each sub-case, and "none made" last (at the
 * finish's start empty, as the cell must be reached; elsewhere the man may have started there). A
 * partition of the case's box by column splits, so complete whatever the cell; it gives a solver
 * the paper's finishing positions one at a time.
 */
export function arrivals(fp: FinishProgram, name: string, cell: Cell = fp.finish.from): { tree: CaseTree; leaves: Arrival[] } {
  const key = (c: readonly [number, number]): string => `${c[0]},${c[1]}`
  const first = key(cell) === key(fp.finish.from)
  const at = `x ${cell[0]}, row ${cell[1]}`
  const into = fp.jumps.flatMap((j, k) => (key(j[2]) === key(cell) ? [k] : []))
  const leaves: Arrival[] = []
  const chain = (i: number): CaseTree => {
    if (i === into.length) {
      leaves.push({ name: first ? `${name}, no jump into the finish's start` : `${name}, no jump into ${at}`, from: null })
      return { case: leaves[leaves.length - 1]!.name }
    }
    const [a, b] = fp.jumps[into[i]!]!
    const sub = first ? `${name}, arrives from x ${a[0]}, row ${a[1]} over x ${b[0]}, row ${b[1]}` : `${name}, ${at} from x ${a[0]}, row ${a[1]} over x ${b[0]}, row ${b[1]}`
    leaves.push({ name: sub, from: [a[0], a[1]] })
    return { col: `j${into[i]}`, at: 0, down: chain(i + 1), up: { case: sub } }
  }
  return { tree: chain(0), leaves }
}

/**
 * A case split by arrival `depth` times: by the jump into the finish's start, each sub-case with a
 * jump by the jump into that jump's own start, and so on back along the finishing man's path.
 */
export function arrivalTree(fp: FinishProgram, name: string, depth = 1, cell: Cell = fp.finish.from): CaseTree {
  if (!Number.isInteger(depth) || depth < 1) throw new Error(`a split by arrival goes back a whole number of jumps (1 or more), not ${depth}`)
  const { tree, leaves } = arrivals(fp, name, cell)
  if (depth <= 1) return tree
  const from = new Map(leaves.flatMap((l) => (l.from ? [[l.name, l.from] as const] : [])))
  return refineTree(tree, (n) => from.has(n), (n) => arrivalTree(fp, n, depth - 1, from.get(n)!))
}

/** The tree with each case whose name `refine` accepts replaced by `sub(name)`. */
export function refineTree(t: CaseTree, refine: (name: string) => boolean, sub: (name: string) => CaseTree): CaseTree {
  if ('case' in t) return refine(t.case) ? sub(t.case) : t
  return { ...t, down: refineTree(t.down, refine, sub), up: refineTree(t.up, refine, sub) }
}

/** A case: its name and its box (the program's bounds narrowed by the splits above it). */
export interface Case {
  readonly name: string
  readonly lower: readonly bigint[]
  readonly upper: readonly bigint[]
}

/** The cases of a tree over a program, in preorder, with the tree's own splits as certificate steps (a case's subtree goes where its name is). */
export function casesOf(p: IntProgram, tree: CaseTree): { cases: Case[]; layout: (CertificateStep | { readonly case: number })[] } {
  const cases: Case[] = []
  const layout: (CertificateStep | { readonly case: number })[] = []
  const walk = (t: CaseTree, lower: bigint[], upper: bigint[]): void => {
    if ('case' in t) {
      layout.push({ case: cases.length })
      cases.push({ name: t.case, lower, upper })
      return
    }
    const j = p.cols.indexOf(t.col)
    if (j < 0) throw new Error(`the case tree splits '${t.col}', which is no column of the program`)
    const at = BigInt(t.at)
    layout.push({ kind: 'branch', col: j, at })
    const downUpper = [...upper]
    downUpper[j] = at < upper[j]! ? at : upper[j]!
    walk(t.down, [...lower], downUpper)
    const upLower = [...lower]
    upLower[j] = at + 1n > lower[j]! ? at + 1n : lower[j]!
    walk(t.up, upLower, [...upper])
  }
  walk(tree, [...p.lower], [...p.upper])
  return { cases, layout }
}

/** A second MIP solver, asked a case as a program (GLPK in the bench): its status, 'Infeasible' when it proves the case. */
export interface ProgramSolver {
  solve(p: IntProgram, extraRows: readonly IntRow[], timeLimit: number): Promise<{ readonly status: string }> | { readonly status: string }
}

export interface CaseVerdict {
  readonly name: string
  /** The MIP solver's status ('Infeasible' settles the case for it), and its seconds. */
  readonly solver: { readonly status: string; readonly seconds: number } | null
  /** The second MIP solver's status and seconds. */
  readonly second?: { readonly status: string; readonly seconds: number } | null
  /** The certified branch and bound's outcome. */
  readonly certified: BranchOutcome | null
}

export interface FinishVerdict {
  readonly finish: Finish
  /** The heaviest m men's weight minus 1 under the finish's map (negative: excluded by weight alone). */
  readonly slack: ZSigma
  readonly byWeight: boolean
  readonly program: FinishProgram | null
  readonly cases: readonly CaseVerdict[]
  /** The whole program's tree (case splits and every case's tree), checked exactly; null unless every case was proved. */
  readonly check: ReturnType<typeof checkCertificate> | null
  /** The finish whose program this one's is the mirror image of (then its verdicts are that one's). */
  readonly mirrorOf?: Finish
}

/**
 * Whether b's program is a's reflected across the target's axis (cells, jumps, border rows and
 * the slack bound alike): then an integer point of one is a point of the other, reflected, and one
 * verdict serves both.
 */
export function mirrorsEachOther(type: ArmyType, a: FinishProgram, b: FinishProgram): boolean {
  const key = (c: readonly [number, number]): string => `${c[0]},${c[1]}`
  const m = (c: readonly [number, number]): string => key(mirror(type, c))
  if (a.cells.length !== b.cells.length || a.jumps.length !== b.jumps.length || compare(a.slack, b.slack) !== 0) return false
  const cellsB = new Set(b.cells.map(key))
  if (!a.cells.every((c) => cellsB.has(m(c)))) return false
  const border = (fp: FinishProgram): Map<number, bigint> => {
    const row = fp.program.rows.find((r) => r.name === 'border')!
    return new Map(row.cols.map((c, k) => [c, row.coefs[k]!]))
  }
  const [ba, bb] = [border(a), border(b)]
  const jumpsB = new Map(b.jumps.map((j, k) => [j.map(key).join(' '), bb.get(b.col.jump[k]!) ?? 0n]))
  return a.jumps.every((j, k) => jumpsB.get(j.map(m).join(' ')) === (ba.get(a.col.jump[k]!) ?? 0n))
}

export interface ProofOptions {
  readonly type: ArmyType
  readonly level: number
  /** The men excluded: no army of this many or fewer. */
  readonly men: number
  readonly radius: number
  readonly cases?: CaseTree
  /** The MIP solver for the first verdict (omit to skip it), with its time limit per case. */
  readonly mip?: { readonly solver: MipSolver; readonly timeLimit: number }
  /** The second MIP solver (omit to skip it), with its time limit per case. */
  readonly second?: { readonly solver: ProgramSolver; readonly timeLimit: number }
  /** The LP engine for the certified branch and bound (omit to skip it), with its limits per case. */
  readonly lp?: {
    readonly engine: (p: IntProgram) => Promise<LpEngine & { dispose(): void }>
    readonly maxNodes?: number
    readonly timeLimit?: number
    /** Where each case's steps go as they are made, and an earlier run's steps to resume from. */
    readonly store?: { save(finish: string, caseName: string, step: CertificateStep): void; load(finish: string, caseName: string): CertificateStep[] }
  }
  /** Only these finishes (ids), for a run split across sessions. */
  readonly only?: readonly string[]
  /** Only the cases whose name holds this text (the others get no verdict in this run). */
  readonly onlyCase?: string
  /** Cases whose name holds this text are split further by the arrival at the finish's start (arrivalTree). */
  readonly refineCase?: string
  /** How many times back along the finishing man's path (default 1: the jump into the finish's start). */
  readonly refineDepth?: number
  readonly onCase?: (finish: Finish, c: CaseVerdict) => void
  readonly onProgress?: (text: string) => void
}

/**
 * Branch priority: the case columns first (lossy, left, the men outside), then the men per
 * exponent from the smallest exponent (as the exact enumeration of splits goes: the heavy men
 * decide the weight), start cells, the rest.
 */
function priorityOf(fp: FinishProgram): (j: number) => number {
  const exp = new Map([...fp.aggregate.perExponent].map(([e, c]) => [c, e]))
  const starts = new Set(fp.col.start.values())
  return (j) =>
    j === fp.aggregate.lossy ? 0 : j === fp.aggregate.left ? 1 : j === fp.col.outside ? 2 : exp.has(j) ? 100 + exp.get(j)! : starts.has(j) ? 3000 : 4000
}

export async function proveNoArmy(o: ProofOptions): Promise<FinishVerdict[]> {
  const out: FinishVerdict[] = []
  for (const finish of lastJumps(GEOMETRIES[o.type])) {
    if (o.only && !o.only.includes(finish.id)) continue
    const slack = slackBound(o.type, o.level, finish, o.men)
    if (compare(slack, ZERO) < 0) {
      out.push({ finish, slack, byWeight: true, program: null, cases: [], check: null })
      continue
    }
    const fp = finishProgram(o.type, o.level, finish, { men: o.men, radius: o.radius })
    const twin = out.find((v) => v.program && mirrorsEachOther(o.type, v.program, fp))
    if (twin) {
      out.push({ ...twin, finish, program: fp, mirrorOf: twin.finish })
      continue
    }
    const base = o.cases ?? splitCases(o.type, o.level, fp)
    const refined = o.refineCase === undefined ? base : refineTree(base, (n) => n.includes(o.refineCase!), (n) => arrivalTree(fp, n, o.refineDepth ?? 1))
    const { cases, layout } = casesOf(fp.program, refined)
    const verdicts: CaseVerdict[] = []
    const trees: CertificateStep[][] = []
    for (const c of cases) {
      if (o.onlyCase !== undefined && !c.name.includes(o.onlyCase)) {
        trees.push([])
        verdicts.push({ name: c.name, solver: null, certified: null })
        continue
      }
      let solver: CaseVerdict['solver'] = null
      if (o.mip) {
        const lp = programLp({ ...fp.program, lower: c.lower, upper: c.upper }, { extraRows: [fp.menRow] })
        const t0 = Date.now()
        const r = o.mip.solver.solve(lp, { time_limit: o.mip.timeLimit, mip_rel_gap: 0 })
        solver = { status: r.Status, seconds: (Date.now() - t0) / 1000 }
      }
      let second: CaseVerdict['second'] = null
      if (o.second) {
        const t0 = Date.now()
        const r = await o.second.solver.solve({ ...fp.program, lower: c.lower, upper: c.upper }, [fp.menRow], o.second.timeLimit)
        second = { status: r.status, seconds: (Date.now() - t0) / 1000 }
      }
      let certified: BranchOutcome | null = null
      const steps: CertificateStep[] = []
      if (o.lp) {
        const earlier = o.lp.store?.load(finish.id, c.name) ?? []
        steps.push(...earlier)
        const engine = await o.lp.engine(fp.program)
        try {
          certified = branchAndBound(fp.program, BigInt(o.men), engine, {
            box: c,
            resume: earlier,
            priority: priorityOf(fp),
            ...(o.lp.maxNodes !== undefined && { maxNodes: o.lp.maxNodes }),
            ...(o.lp.timeLimit !== undefined && { timeLimit: o.lp.timeLimit }),
            emit: (s) => {
              steps.push(s)
              o.lp!.store?.save(finish.id, c.name, s)
            },
            onProgress: (p) => o.onProgress?.(`${finish.id}, ${c.name}: ${p.nodes} nodes, ${p.leaves} leaves, depth ${p.depth}, ${(100 * p.closed).toPrecision(3)} % closed, ${p.seconds.toFixed(0)} s`),
          })
        } finally {
          engine.dispose()
        }
      }
      trees.push(steps)
      const v = { name: c.name, solver, second, certified }
      verdicts.push(v)
      o.onCase?.(finish, v)
    }
    let check: FinishVerdict['check'] = null
    if (verdicts.length > 0 && verdicts.every((v) => v.certified?.verdict === 'proved')) {
      const whole = layout.flatMap((s) => ('case' in s ? trees[s.case]! : [s]))
      check = checkCertificate(fp.program, BigInt(o.men), whole)
    }
    out.push({ finish, slack, byWeight: false, program: fp, cases: verdicts, check })
  }
  return out
}

export type { CertificateCheck }
