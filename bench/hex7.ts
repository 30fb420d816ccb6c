/**
 * `npm run bench:hex7`: the hexagonal army to level 7, the open case of Bell, Hirschberg and
 * Guerrero (2007): 144 men or 145?
 *
 * 1. `--find`: an army of at most 145 men found from the problem alone: the program of the
 *    vertical finish on the infinite board (shared/army/relaxation.ts) asked by HiGHS for any point
 *    with no lossy jump and no man left (the zero-slack armies; no counts per exponent given), its
 *    jumps ordered and verified move by move, written to
 *    resources/armies/hexagonal-145-level7.army.json.
 * 2. `--prove`: no army of 144 men or fewer, finish by finish (every last jump into the target):
 *    the horizontal finishes by their maps' weight alone, exact; the others by their programs,
 *    split into cases, each case by HiGHS's MIP verdict and by the certified branch and bound whose
 *    tree is checked in bigint arithmetic (shared/army/proof.ts). `--store DIR` keeps each case's
 *    tree as it is made, so a run stopped at a session's end goes on from there with the same
 *    command.
 * Options: --level N (default 7; a smaller level is a quick check of the whole pipeline, e.g.
 * --level 6 --men 35 --radius 11 --find-men 36), --men M (default 144), --find-men M (default 145), --radius R (window of exponent <= R, default 17), --time-limit S
 * (HiGHS per case, default 600), --nodes N and --bb-time S (branch and bound per case), --finish ID
 * (only that finish, repeatable: "x 0, row 2 over x 0, row 1"), --case TEXT (only the cases whose name
 * holds TEXT, e.g. "n13=25 n14=22 n15=9"), --refine TEXT (split the cases whose name holds TEXT
 * further by the jump that brings a man to the finish's start cell; --refine-depth N: N jumps back
 * along that man's path, each sub-case split by the jump into its jump's start), --second glpk|cbc|scip (a
 * second MIP solver asked every case: GLPK's WebAssembly build, CBC, the Debian package
 * coinor-cbc, or SCIP through PySCIPOpt, `pip install pyscipopt` (bench/scip); --glpk is --second glpk), --summary (every case's best verdicts over the runs logged), --no-mip, --no-bb.
 * Writes bench/results/hex7-<date>.md (appending a section per run).
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import highsLoader from 'highs'
import { highsLpEngine } from '../src/cli/army-ip'
import { cbcAvailable, cbcSolver } from '../src/cli/army-cbc'
import { glpkSolver } from '../src/cli/army-glpk'
import { scipAvailable, scipSolver } from './scip/solver'
import { table } from '../src/cli/io'
import type { CertificateStep, DualVector } from '../src/shared/army/certificate'
import { formatArmyDocument } from '../src/shared/army/document'
import { findZeroSlackArmy } from '../src/shared/army/find'
import { lastJumps } from '../src/shared/army/finishes'
import { GEOMETRIES } from '../src/shared/army/geometry'
import type { MipSolver } from '../src/shared/army/minimum'
import { arrivals, casesOf, mirrorsEachOther, proveNoArmy, splitCases, type FinishVerdict } from '../src/shared/army/proof'
import type { Cell } from '../src/shared/cell'
import { programLp } from '../src/shared/army/program'
import { finishProgram, slackBound, type FinishProgram } from '../src/shared/army/relaxation'
import { digest } from '../src/shared/engine/core/checkpoint'
import { formatPowers, formatZ, powerSum, sign, toNumber, type ZSigma } from '../src/shared/army/zsigma'

const { values: v } = parseArgs({
  options: {
    find: { type: 'boolean' },
    prove: { type: 'boolean' },
    level: { type: 'string', default: '7' },
    men: { type: 'string', default: '144' },
    'find-men': { type: 'string', default: '145' },
    'max-exponent': { type: 'string', default: '19' },
    radius: { type: 'string', default: '17' },
    'time-limit': { type: 'string', default: '600' },
    nodes: { type: 'string' },
    'bb-time': { type: 'string' },
    store: { type: 'string' },
    finish: { type: 'string', multiple: true },
    case: { type: 'string' },
    refine: { type: 'string' },
    'refine-depth': { type: 'string', default: '1' },
    'no-mip': { type: 'boolean' },
    'no-bb': { type: 'boolean' },
    glpk: { type: 'boolean' },
    second: { type: 'string' },
    summary: { type: 'boolean' },
  },
})
const level = Number(v.level)
/** Deepest split by arrival a run may ask for, and the summary looks through. */
const MAX_REFINE_DEPTH = 4
const refineDepth = Number(v['refine-depth'])
if (!Number.isInteger(refineDepth) || refineDepth < 1 || refineDepth > MAX_REFINE_DEPTH) {
  console.error(`--refine-depth: a whole number from 1 to ${MAX_REFINE_DEPTH}, not ${v['refine-depth']}`)
  process.exit(2)
}
const men = Number(v.men)
const findMen = Number(v['find-men'])
const radius = Number(v.radius)
const timeLimit = Number(v['time-limit'])
const secondId = v.second ?? (v.glpk ? 'glpk' : undefined)
if (secondId !== undefined && secondId !== 'glpk' && secondId !== 'cbc' && secondId !== 'scip') throw new Error(`--second ${secondId}: glpk, cbc or scip`)
/** The second solver's name as the results write it. */
const secondName = secondId === 'cbc' ? 'CBC' : secondId === 'scip' ? 'SCIP' : 'GLPK'
if (secondId === 'cbc' || secondId === 'scip') {
  const missing = await (secondId === 'cbc' ? cbcAvailable() : scipAvailable())
  if (missing) throw new Error(missing)
}
const g = GEOMETRIES.hexagonal

/**
 * A finish's program's fingerprint, logged in each case line's tag: the digest of its LP text. A
 * case's name says which jumps it fixes, not which come before them in the program's order (a
 * sub-case "arrives from X" also has the jumps before that one not made), so the summary joins
 * only the verdicts of lines logged for the program it splits today.
 */
type Finish = Parameters<typeof finishProgram>[2]
const built = new Map<string, { readonly fp: FinishProgram; readonly print: string }>()
/** A finish's program (built once per run) and its fingerprint. */
const programOf = (f: Finish): { readonly fp: FinishProgram; readonly print: string } => {
  let p = built.get(f.id)
  if (p === undefined) {
    const fp = finishProgram('hexagonal', level, f, { men, radius })
    built.set(f.id, (p = { fp, print: digest(programLp(fp.program)).slice(0, 12) }))
  }
  return p
}
const printOf = (f: Finish): string => programOf(f).print
const mip = (await highsLoader()) as unknown as MipSolver
const t0 = performance.now()
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`
const command = `npm run bench:hex7 -- ${process.argv.slice(2).join(' ')}`
const report: string[] = []
const out = join(import.meta.dirname, 'results', `hex7-${new Date().toISOString().slice(0, 10)}.md`)
if (!existsSync(out))
  writeFileSync(out, "# The hexagonal army to level 7: 144 or 145?\n\nRuns of `npm run bench:hex7`, newest last. What is proved and under which assumptions: see the README's solitaire section and docs/ARMY-PROOF.md.\n\n")
const say = (line: string): void => {
  console.log(line)
  report.push(line)
}
appendFileSync(out, `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')}: \`${command}\`\n\nMachine: ${machine} (shared).\n\n`)
/** A line written at once (a long run's cases as they are settled), and kept in the report. */
const log = (line: string): void => {
  console.log(line)
  appendFileSync(out, `${line}\n`)
}
const slackText = (z: ZSigma): string => (sign(z) < 0 ? `${toNumber(z).toExponential(3)} (negative)` : formatPowers(powerSum(z)))

if (v.find) {
  const vertical = lastJumps(g).find((f) => f.over[0] === 0 && f.over[1] === 1)!
  const r = findZeroSlackArmy(mip, 'hexagonal', level, vertical, { men: findMen, radius, timeLimit, maxExponent: Number(v['max-exponent']) })
  say(
    `Find (level ${level}): the ${r.splits} splits of ${findMen} men over the exponents up to ${Math.min(Number(v['max-exponent']), radius)} that weigh exactly 1 under the finish ${vertical.id}'s map (enumerated exactly, most compact first), each tried as the program of that finish with its men per exponent fixed, no lossy jump, no man left (window of exponent <= ${radius}, HiGHS time limit ${timeLimit} s each):`,
  )
  for (const t of r.tries) say(`- HiGHS ${t.status} in ${t.seconds.toFixed(1)} s: ${t.note}`)
  if (r.found && level === 7) {
    const { army, moves, window } = r.found
    const doc = formatArmyDocument({
      title: `Hexagonal army to level 7: ${army.length} men (found from the rules: a zero-slack split of the men over the exponents, derived exactly, and the program of the vertical finish; verified)`,
      type: 'hexagonal',
      level: 7,
      window,
      army: [...army],
      moves: moves.map((m) => [...m]),
      source: `${command} (${new Date().toISOString().slice(0, 10)}): the split ${[...r.split!].map(([e, k]) => `${k} men on exponent ${e}`).join(', ')} (split ${r.tried} of the ${r.splits} zero-slack splits of ${army.length} men, enumerated exactly; no counts taken from the paper), then HiGHS found the army and its jumps as a point of the program of the vertical finish on the infinite board with those counts, no lossy jump and no man left; the jumps were put in order by depth-first search and verified move by move: ${moves.length} moves, ${r.found.verdict.jumps} jumps. Whether 144 men suffice is open here: see bench/results/hex7-*.md. Columns are lettered from the window's leftmost column, rows counted from the target's row 0.`,
    })
    writeFileSync(join(import.meta.dirname, '../resources/armies/hexagonal-145-level7.army.json'), doc)
    say(`Verified: ${army.length} men, ${moves.length} moves, ${r.found.verdict.jumps} jumps; written to resources/armies/hexagonal-145-level7.army.json.`)
  } else if (r.found) say(`Verified: ${r.found.army.length} men, ${r.found.moves.length} moves, ${r.found.verdict.jumps} jumps.`)
  else say('No army found.')
  say('')
}

if (v.prove) {
  // The certificate store: one file of steps (JSON lines) per finish and case.
  const dir = v.store ?? join(tmpdir(), 'hex7-certificates')
  mkdirSync(dir, { recursive: true })
  // One file per finish and case, named by both (a case's name says its box: n13=24 ...).
  const file = (finish: string, name: string): string => join(dir, `${level}-${men}-${radius}-${`${finish} ${name}`.replace(/[^a-z0-9=]+/gi, '_')}.jsonl`)
  // A leaf whose dual is the previous leaf's (reduced-cost fixing reuses a node's duals) is written as {"l": "="}.
  let lastOut: DualVector | null = null
  const toJson = (s: CertificateStep): string => {
    if (s.kind === 'branch') return JSON.stringify({ b: s.col, at: String(s.at), ...(s.upFirst && { u: 1 }) })
    if (s.dual === lastOut) return '{"l":"="}'
    lastOut = s.dual
    return JSON.stringify({ l: s.dual.shift, r: s.dual.rows, v: s.dual.values.map(String) })
  }
  let lastIn: DualVector | null = null
  const fromJson = (line: string): CertificateStep => {
    const o = JSON.parse(line) as { b?: number; at?: string; u?: number; l?: number | '='; r?: number[]; v?: string[] }
    if (o.b !== undefined) return { kind: 'branch', col: o.b, at: BigInt(o.at!), ...(o.u === 1 && { upFirst: true }) }
    if (o.l !== '=') lastIn = { shift: o.l!, rows: o.r!, values: o.v!.map(BigInt) }
    return { kind: 'leaf', dual: lastIn! }
  }
  let pending: string[] = []
  let pendingFile = ''
  const flush = (): void => {
    if (pending.length > 0) appendFileSync(pendingFile, pending.join(''))
    pending = []
  }
  const verdicts: FinishVerdict[] = await proveNoArmy({
    type: 'hexagonal',
    level,
    men,
    radius,
    ...(v.finish && { only: v.finish }),
    ...(v.case !== undefined && { onlyCase: v.case }),
    ...(v.refine !== undefined && { refineCase: v.refine, refineDepth }),
    ...(!v['no-mip'] && { mip: { solver: mip, timeLimit } }),
    ...(secondId && { second: { solver: secondId === 'cbc' ? cbcSolver() : secondId === 'scip' ? scipSolver() : await glpkSolver(), timeLimit } }),
    ...(!v['no-bb'] && {
      lp: {
        engine: highsLpEngine,
        ...(v.nodes && { maxNodes: Number(v.nodes) }),
        ...(v['bb-time'] && { timeLimit: Number(v['bb-time']) }),
        store: {
          save: (finish, k, step) => {
            const f = file(finish, k)
            if (f !== pendingFile) flush()
            pendingFile = f
            pending.push(`${toJson(step)}\n`)
            if (pending.length >= 500) flush()
          },
          load: (finish, k) => {
            flush()
            const f = file(finish, k)
            return existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter((l) => l !== '').map(fromJson) : []
          },
        },
      },
    }),
    onCase: (f, c) => {
      flush()
      log(`- [level ${level}, ${men} men, R ${radius}, program ${printOf(f)}] ${f.id}, ${c.name}: HiGHS ${c.solver ? `${c.solver.status} (${c.solver.seconds.toFixed(1)} s)` : '-'}; ${secondName} ${c.second ? `${c.second.status} (${c.second.seconds.toFixed(1)} s)` : '-'}; certified ${c.certified ? `${c.certified.verdict} (${c.certified.nodes} nodes, ${c.certified.seconds.toFixed(0)} s${c.certified.reason ? `, ${c.certified.reason}` : ''})` : '-'}`)
    },
    onProgress: (t) => console.log(t),
  })
  flush()
  say(`Prove (level ${level}): no army of ${men} men or fewer, finish by finish (window of exponent <= ${radius}; HiGHS time limit ${timeLimit} s per case; certificates in ${dir}):`)
  say('')
  const rows: (string | number)[][] = [['finish', 'heaviest army - 1', 'case', 'HiGHS', 'seconds', secondName, 'seconds', 'certified', 'nodes', 'seconds']]
  for (const f of verdicts) {
    if (f.byWeight) {
      rows.push([f.finish.id, slackText(f.slack), 'weight alone', 'excluded (exact)', '-', 'excluded (exact)', '-', 'excluded (exact)', '-', '-'])
      continue
    }
    if (f.mirrorOf) {
      rows.push([f.finish.id, slackText(f.slack), 'every case', `as its mirror image ${f.mirrorOf.id}`, '-', 'the same', '-', 'the same (identical program, reflected)', '-', '-'])
      continue
    }
    for (const c of f.cases) {
      if (!c.solver && !c.second && !c.certified) continue
      rows.push([
        f.finish.id,
        slackText(f.slack),
        c.name,
        c.solver?.status ?? '-',
        c.solver?.seconds.toFixed(1) ?? '-',
        c.second?.status ?? '-',
        c.second?.seconds.toFixed(1) ?? '-',
        c.certified ? c.certified.verdict + (c.certified.reason ? ` (${c.certified.reason})` : '') : '-',
        c.certified?.nodes ?? '-',
        c.certified?.seconds.toFixed(0) ?? '-',
      ])
    }
  }
  say('```')
  say(table(rows))
  say('```')
  for (const f of verdicts) {
    if (!f.program || f.mirrorOf) continue
    const fp = f.program
    say(
      `- ${f.finish.id}: program of ${fp.cells.length} cells, ${fp.jumps.length} jumps (${fp.dropped} left out for losing more than S*(${men}) = ${formatPowers(powerSum(fp.slack))} = ${formatZ(fp.slack)}), ${fp.border} border jumps; whole tree checked exactly: ${f.check ? (f.check.ok ? `yes (${f.check.value.leaves} leaves, ${f.check.value.branches} branches, depth ${f.check.value.depth}, weakest leaf bound ${f.check.value.weakestLeaf.toFixed(4)})` : `NO: ${f.check.error.message}`) : 'not every case proved'}`,
    )
  }
  // Settled: every case Infeasible for HiGHS, and a second verdict on each: the second solver's Infeasible or the whole tree checked.
  const all = verdicts.every(
    (f) =>
      f.byWeight ||
      (f.cases.every((c) => c.solver?.status === 'Infeasible') && (f.check?.ok === true || f.cases.every((c) => c.second?.status === 'Infeasible'))),
  )
  say('')
  say(
    all
      ? `**No army of ${men} men or fewer reaches level ${level}**: every finish excluded, each case by HiGHS and by a second verdict (${verdicts.some((f) => f.check?.ok) ? 'checked certificates' : secondName}).`
      : `Not settled in this run: some case has no verdict or only one (see the table).`,
  )
  say('')
}

if (v.summary) {
  // Every case of the current split, with the best verdict each solver gave it in the runs logged
  // in the results files (a case's line: "- FINISH, CASE: HiGHS ...; GLPK|CBC|SCIP ...; certified ...").
  const lines = readdirSync(join(import.meta.dirname, 'results'))
    .filter((f) => f.startsWith('hex7-'))
    .flatMap((f) => readFileSync(join(import.meta.dirname, 'results', f), 'utf8').split('\n'))
  // `second`: the best verdict of any solver but HiGHS (a case split by arrival has a second verdict
  // when each sub-case has one, from whichever solver).
  type Best = { highs: string; glpk: string; cbc: string; scip: string; certified: string; second: string }
  const none: Best = { highs: '-', glpk: '-', cbc: '-', scip: '-', certified: '-', second: '-' }
  const best = new Map<string, Best>()
  const rank = (x: string): number => (x.startsWith('Infeasible') || x.startsWith('proved') ? 2 : x === '-' ? 0 : 1)
  // The finishes with a program today, by id (the longest first: no id is cut for another's prefix).
  const finishes = lastJumps(g)
    .filter((f) => sign(slackBound('hexagonal', level, f, men)) >= 0)
    .sort((a, b) => b.id.length - a.id.length)
  let [stale, unprinted] = [0, 0]
  for (const line of lines) {
    // Only lines of runs with this level, men and window (the tag each case line carries), and of
    // today's program where the line names its program.
    const m = /^- \[level (\d+), (\d+) men, R (\d+)(?:, program (\w+))?\] (.+): HiGHS (.+?); (?:(GLPK|CBC|SCIP) (.+?); )?certified (.+)$/.exec(line)
    if (!m || Number(m[1]) !== level || Number(m[2]) !== men || Number(m[3]) !== radius) continue
    const k = m[5]!
    const f = finishes.find((x) => k.startsWith(`${x.id}, `))
    if (m[4] !== undefined && (!f || printOf(f) !== m[4])) {
      stale++
      continue
    }
    if (m[4] === undefined) unprinted++
    const old = best.get(k) ?? none
    const pick = (a: string, b: string): string => (rank(b) > rank(a) ? b : a)
    const second = (name: string): string => (m[7] === name ? m[8]! : '-')
    best.set(k, {
      highs: pick(old.highs, m[6]!),
      glpk: pick(old.glpk, second('GLPK')),
      cbc: pick(old.cbc, second('CBC')),
      scip: pick(old.scip, second('SCIP')),
      certified: pick(old.certified, m[9]!),
      second: pick(pick(old.second, m[8] ?? '-'), m[9]!),
    })
  }
  const rows: string[][] = [['finish', 'case', 'HiGHS', 'GLPK', 'CBC', 'SCIP', 'certified']]
  const open: string[] = []
  let [nh, ng, nb, ns, nc, n2, total] = [0, 0, 0, 0, 0, 0, 0]
  const programs: FinishProgram[] = []
  for (const f of lastJumps(g)) {
    const slack = slackBound('hexagonal', level, f, men)
    if (sign(slack) < 0) {
      rows.push([f.id, 'weight alone', ...Array<string>(5).fill('excluded (exact)')])
      continue
    }
    const { fp } = programOf(f)
    const twin = programs.find((o) => mirrorsEachOther('hexagonal', o, fp))
    if (twin) {
      rows.push([f.id, 'every case', `as its mirror image ${twin.finish.id} (identical program, reflected)`, '', '', '', ''])
      continue
    }
    programs.push(fp)
    const { cases } = casesOf(fp.program, splitCases('hexagonal', level, fp))
    // A case split further by --refine counts for a solver when every sub-case does, a sub-case
    // split further (--refine-depth) when every one of its own sub-cases does, and so on.
    const settled = (name: string, k: keyof Best, cell: Cell | undefined, depth: number): boolean =>
      rank((best.get(`${f.id}, ${name}`) ?? none)[k]) === 2 ||
      (depth > 0 && cell !== undefined && arrivals(fp, name, cell).leaves.every((l) => settled(l.name, k, l.from ?? undefined, depth - 1)))
    const merged = (name: string): Best => {
      const own = best.get(`${f.id}, ${name}`) ?? none
      const n = arrivals(fp, name).leaves.length
      const by = (k: keyof Best): string =>
        rank(own[k]) < 2 && settled(name, k, fp.finish.from, MAX_REFINE_DEPTH) ? `Infeasible (each of ${n} sub-cases by arrival)` : own[k]
      return { highs: by('highs'), glpk: by('glpk'), cbc: by('cbc'), scip: by('scip'), certified: by('certified'), second: by('second') }
    }
    for (const c of cases) {
      total++
      const b = merged(c.name)
      const [h, gl, cb, sc, ce, two] = [b.highs, b.glpk, b.cbc, b.scip, b.certified, b.second].map((x) => rank(x) === 2)
      nh += h ? 1 : 0
      ng += gl ? 1 : 0
      nb += cb ? 1 : 0
      ns += sc ? 1 : 0
      nc += ce ? 1 : 0
      n2 += h && two ? 1 : 0
      if (!(h && two)) open.push(`${c.name} (HiGHS ${b.highs}; GLPK ${b.glpk}; CBC ${b.cbc}; SCIP ${b.scip}; certified ${b.certified})`)
      if (!c.name.startsWith('gap')) rows.push([f.id, c.name, b.highs, b.glpk, b.cbc, b.scip, b.certified])
    }
  }
  say(`Summary of every run logged (level ${level}, ${men} men, window of exponent <= ${radius}): ${total} cases for the finish that needs a program (the boxes between splits, "gap" cases, are left out of the table below but counted); HiGHS Infeasible on ${nh}, GLPK Infeasible on ${ng}, CBC Infeasible on ${nb}, SCIP Infeasible on ${ns}, certified on ${nc}; two verdicts (HiGHS's and another's: a case split by arrival has one when each of its sub-cases has one, from any solver) on ${n2} of ${total}.`)
  say(
    `Case lines read: those logged with another program's fingerprint left out (${stale}); ${unprinted} logged before the lines carried one (runs up to 2026-11-26 21:00 UTC) counted as of today's program.`,
  )
  say('')
  say('```')
  say(table(rows))
  say('```')
  say('')
  say(open.length === 0 ? `**Every case has two verdicts: no army of ${men} men or fewer reaches level ${level}.**` : `Cases without two verdicts yet (${open.length}):`)
  for (const o of open) say(`- ${o}`)
  say('')
}

say(`${((performance.now() - t0) / 1000).toFixed(1)} s in all.`)
appendFileSync(out, `${report.join('\n')}\n`)
