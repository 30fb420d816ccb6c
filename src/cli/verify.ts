/**
 * `halma verify`: check a solution (or a two-player game) move by move against a problem, print a
 * table of the moves with c(A), sym(A) and balance, and a verdict. Exit status 0 only when every
 * solution given is valid.
 */
import { describeProblem, type Problem } from '../shared/halma/problem'
import { variationsOf, type PathTree } from '../shared/halma/solution-tree'
import { verify, type Verification } from '../shared/halma/verify'
import { json, plural, table, type Io } from './io'
import { loadProblem, loadSolutions, MOVES_OPTIONS, parse, PROBLEM_OPTIONS } from './options'

export const VERIFY_HELP = `halma verify: check a solution or game move by move

  halma verify --army triangle10 --board 9x9 --rules 6-move --moves "d1-d2, b1-d1-d3, ..."
  halma verify --problem file.halma.json [--solution K]
  halma verify --game --army triangle10 --moves-file fabian.txt

Problem:  --problem FILE | --board B --rules 4-move|6-move|8-move [--jumps-only] [--long-jumps]
          [--diagonal anti|main] (--army PRESET | --start "a1,b1,...") [--target "..."|mirror|rotate]
          [--game [--red "..."]]
Moves:    --moves TEXT | --moves-file FILE | --solution K (of the problem file) | standard input.
          Without any, every solution stored in the problem file is verified.
Output:   a table per move and a verdict; --json for {"valid","length","steps","jumps",
          "reachesTarget","centroid","sym","error",...}. Exit status 0 only for valid solutions.
Side lines: a stored solution's variations (document version 2) are verified too: each must be
          legal move by move (it need not reach the target); an illegal one is named with its move.`

export function runVerify(argv: string[], io: Io): number {
  const v = parse(argv, { ...PROBLEM_OPTIONS, ...MOVES_OPTIONS })
  if (v['help']) {
    io.out(VERIFY_HELP)
    return 0
  }
  const loaded = loadProblem(v)
  const inputs = loadSolutions(v, loaded, io.stdin)
  const results = inputs.map((s) => ({
    label: s.label,
    v: verify(loaded.problem, s.solution),
    variations: s.tree ? verifyVariations(loaded.problem, s.tree) : [],
  }))
  if (v['json']) {
    const out = results.map((r) => ({
      ...verificationJson(loaded.problem, r.v),
      ...(r.variations.length > 0 && { variations: r.variations.map(variationJson) }),
    }))
    io.out(json(out.length === 1 ? out[0] : out))
  } else {
    io.out(`${loaded.problem.title}\n${describeProblem(loaded.problem)}`)
    for (const r of results) {
      io.out(`\n${r.label}\n${verificationText(loaded.problem, r.v)}`)
      for (const c of r.variations) io.out(variationText(c))
    }
  }
  return results.every((r) => r.v.valid && r.variations.every((c) => c.legal)) ? 0 : 1
}

/** A side line checked: legal move by move (it need not reach the target). */
export interface VariationCheck {
  readonly name: string
  /** Moves played before it. */
  readonly at: number
  /** Its own moves (after the branch). */
  readonly length: number
  readonly legal: boolean
  readonly reachesTarget: boolean
  readonly v: Verification
}

/** Codes of a verification that mean "legal, just not finished". */
const UNFINISHED = new Set(['solution.incomplete', 'game.unfinished'])

/** Every side line of a stored solution, verified from the start through its branch point. */
export function verifyVariations(problem: Problem, tree: PathTree): VariationCheck[] {
  return variationsOf(tree).map((x) => {
    const v = verify(problem, x.moves)
    return {
      name: x.name,
      at: x.at,
      length: x.moves.length - x.at,
      legal: v.valid || (v.error !== undefined && UNFINISHED.has(v.error.code)),
      reachesTarget: v.reachesTarget,
      v,
    }
  })
}

function variationJson(c: VariationCheck): Record<string, unknown> {
  const e = c.legal ? undefined : c.v.error!
  return {
    name: c.name,
    at: c.at,
    length: c.length,
    legal: c.legal,
    reachesTarget: c.reachesTarget,
    error: e ? { code: e.code, move: e.move, message: `variation ${c.name} (after move ${c.at}): ${e.message}` } : null,
  }
}

function variationText(c: VariationCheck): string {
  const head = `variation ${c.name} (after move ${c.at}, ${plural(c.length, 'move')})`
  if (!c.legal) return `INVALID: ${head}: ${c.v.error!.message}`
  return `${head}: legal${c.reachesTarget ? ', reaches the target' : ', does not reach the target'}`
}

/** The machine-readable form of a verification. */
export function verificationJson(problem: Problem, v: Verification): Record<string, unknown> {
  const s = v.series[0]!
  return {
    valid: v.valid,
    length: v.length,
    steps: v.steps,
    jumps: v.jumps,
    reachesTarget: v.reachesTarget,
    centroid: s.centroid,
    sym: s.sym,
    balance: s.balance,
    moves: v.moves.map((m) => m.text),
    ...(problem.kind === 'game' && {
      winner: v.winner ? { army: problem.armies[v.winner.army]!.name, move: v.winner.move } : null,
      armies: v.series.map((a) => ({ name: a.name, centroid: a.centroid, sym: a.sym, onTarget: a.onTarget })),
    }),
    error: v.error ? { code: v.error.code, move: v.error.move, message: v.error.message } : null,
  }
}

/** The move table and verdict. */
export function verificationText(problem: Problem, v: Verification): string {
  const game = problem.kind === 'game'
  const bal = (b: readonly number[]): string => b.join(' ')
  const sym = (x: number | null): string => (x === null ? '-' : String(x))
  const rows: (string | number)[][] = []
  if (game) {
    const [b, r] = v.series as [Verification['series'][0], Verification['series'][0]]
    rows.push(['#', 'side', 'move', 'kind', 'c(blue)', 'c(red)', 'home'])
    rows.push([0, '', 'start', '', b.centroid[0]!, r.centroid[0]!, `${b.onTarget[0]}/${r.onTarget[0]}`])
    for (const m of v.moves) {
      const k = m.number
      rows.push([k, problem.armies[m.army]!.name, m.text, m.move.kind, b.centroid[k]!, r.centroid[k]!, `${b.onTarget[k]}/${r.onTarget[k]}`])
    }
  } else {
    const s = v.series[0]!
    rows.push(['#', 'move', 'kind', 'c(A)', 'sym', 'balance'])
    rows.push([0, 'start', '', s.centroid[0]!, sym(s.sym[0]!), bal(s.balance[0]!)])
    for (const m of v.moves)
      rows.push([m.number, m.text, m.move.kind, s.centroid[m.number]!, sym(s.sym[m.number]!), bal(s.balance[m.number]!)])
  }
  const lines = [table(rows, game ? '>   >>' : '>  >>')]
  const counts = `${plural(v.length, 'move')} (${plural(v.steps, 'step')}, ${plural(v.jumps, 'jump')})`
  if (v.valid) {
    lines.push(
      game
        ? `valid: ${problem.armies[v.winner!.army]!.name} wins on move ${v.winner!.move}; ${counts}`
        : `valid: ${counts}, reaches the target`,
    )
  } else {
    lines.push(`INVALID: ${v.error!.message}`)
  }
  return lines.join('\n')
}
