/** `halma analyze`: the measures of a problem's start, or of the position after move K. */
import { analyze } from '../shared/halma/analysis'
import { describeProblem } from '../shared/halma/problem'
import { json, table, type Io } from './io'
import { loadProblem, MOVES_OPTIONS, parse, PROBLEM_OPTIONS } from './options'
import { AFTER_OPTION, locate } from './position-options'

export const ANALYZE_HELP = `halma analyze: the measures of a position

  halma analyze --army triangle10 --board 9x9 --rules 6-move
  halma analyze --game --army triangle10            (the two-player start)
  halma analyze --problem file.halma.json --solution 1 --after 13

Prints, per army: cells, men per type 0-3 (balance), centroid c(A), sym(A), centre of mass,
men on target, distance to the target and Theorem 2's one-move gain; the lower bound
(transfer: d(A,B) + |A| - 1; game: Theorem 1); and the legal moves of the side to move,
in all and up to the position's own symmetry. Same problem and move options as verify;
--after K picks the position after move K; --json for machine-readable output.`

export function runAnalyze(argv: string[], io: Io): number {
  const v = parse(argv, { ...PROBLEM_OPTIONS, ...MOVES_OPTIONS, ...AFTER_OPTION })
  if (v['help']) {
    io.out(ANALYZE_HELP)
    return 0
  }
  const loaded = loadProblem(v)
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
