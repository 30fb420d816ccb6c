/**
 * The document commands (documents.ts) for the halma domain: problems of transfers and two-player
 * games, from a problem document or from flags. `verify` checks solutions (or games) move by move
 * and prints a table of the moves with c(A), sym(A) and balance and a verdict (exit status 0 only
 * when every solution given is valid; a stored solution's side lines are checked too); `analyze`
 * gives the measures of a position; `show` draws it.
 */
import { analyze } from '../shared/halma/analysis'
import { diagram } from '../shared/halma/diagram'
import type { HalmaDocument } from '../shared/halma/document'
import { describeProblem, type Problem } from '../shared/halma/problem'
import { variationsOf, type PathTree } from '../shared/halma/solution-tree'
import { verify, type Verification } from '../shared/halma/verify'
import { json, plural, table, type Io } from './io'
import { loadedDocument, loadSolutions, type LoadedProblem, type Values } from './options'
import { locate } from './position-options'

/** The options the halma commands read beside a document (its flags are refused by loadedDocument, naming them). */
const MOVES = [
  'moves',
  'moves-file',
  'line',
  'solution',
  'game',
  'board',
  'rules',
  'army',
  'start',
  'target',
  'red',
  'diagonal',
  'jumps-only',
  'long-jumps',
]

/** The halma domain's entry in the registry of document commands (documents.ts). */
export const HALMA_COMMANDS = {
  options: { verify: MOVES, analyze: [...MOVES, 'after'], show: [...MOVES, 'after', 'types', 'hex', 'plain'] },
  verify: (doc: HalmaDocument, v: Values, io: Io) => verifyProblem(loadedDocument(v, doc), v, io),
  analyze: (doc: HalmaDocument, v: Values, io: Io) => analyzeProblem(loadedDocument(v, doc), v, io),
  show: (doc: HalmaDocument, v: Values, io: Io) => showProblem(loadedDocument(v, doc), v, io),
}

/** `halma verify` of a problem: every solution (or game) named, move by move, with its side lines. */
export function verifyProblem(loaded: LoadedProblem, v: Values, io: Io): number {
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

/** `halma analyze` of a problem: the measures of its start, or of the position after move K. */
export function analyzeProblem(loaded: LoadedProblem, v: Values, io: Io): number {
  const at = locate(v, loaded, io)
  const a = analyze(loaded.problem, at.position, at.toMove)
  if (v['json']) {
    io.out(json({ problem: describeProblem(loaded.problem), after: at.played, ...a }))
    return 0
  }
  const p = loaded.problem
  const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2))
  const rows: (string | number)[][] = [['', ...a.armies.map((x) => x.name)]]
  const add = (label: string, f: (x: (typeof a.armies)[number]) => string | number): void => {
    rows.push([label, ...a.armies.map(f)])
  }
  add('men', (x) => x.men)
  add('types 0-3 (balance)', (x) => x.balance.join(' '))
  add('target types 0-3', (x) => x.targetBalance.join(' '))
  add('centroid c(A)', (x) => x.centroid)
  add('target centroid', (x) => x.targetCentroid)
  add('sym(A)', (x) => (x.sym === null ? '-' : x.sym))
  add('centre of mass m(A)', (x) => `(${fmt(x.centerOfMass.x)}, ${fmt(x.centerOfMass.y)})`)
  add('men on target', (x) => x.onTarget)
  add('distance to target', (x) => x.distanceToTarget)
  add('Theorem 2 gain', (x) => (x.gainBound === null ? '-' : x.gainBound))
  const lines = [
    p.title,
    describeProblem(p),
    at.played === 0 ? 'position: start' : `position: after move ${at.played}`,
    '',
    table(rows),
    '',
  ]
  for (const x of a.armies) lines.push(`${x.name}: ${x.cells.join(' ')}`)
  lines.push('')
  if (a.transferBound !== null) lines.push(`transfer lower bound d(A,B) + |A| - 1: ${a.transferBound}`)
  if (a.armyDistance !== null) lines.push(`d(B, R) between the armies: ${a.armyDistance}`)
  if (a.gameBound !== null) lines.push(`Theorem 1 game bound max(0, d(B,R) - 2) + 2s - 1: ${a.gameBound}`)
  lines.push(
    `legal moves for ${a.armies[a.toMove]!.name}: ${a.legalMoves}` +
      (a.distinctMoves !== a.legalMoves ? ` (${a.distinctMoves} up to the position's symmetry)` : ''),
  )
  io.out(lines.join('\n'))
  return 0
}

/** `halma show` of a problem: a text diagram of its start, or of the position after move K. */
export function showProblem(loaded: LoadedProblem, v: Values, io: Io): number {
  const at = locate(v, loaded, io)
  const p = loaded.problem
  const text = diagram(at.position, {
    target: p.armies[0]!.target,
    types: v['types'] === true,
    hex: v['hex'] === true || (p.board.lattice === 'triangular' && v['hex'] !== false),
    coordinates: v['plain'] !== true,
    highlight: at.lastPath,
  })
  if (v['json']) {
    io.out(json({ after: at.played, diagram: text.split('\n') }))
    return 0
  }
  io.out(`${p.title}\n${at.played === 0 ? 'start' : `after move ${at.played}`}\n\n${text}`)
  return 0
}
