/**
 * `npm run bench:hex7`: the hexagonal army to level 7 (the paper's open case, 144 or 145).
 * 1. An army of 145 men with the counts per exponent of the paper's Figure 12c (n_i = 3i - 14 for
 *    7 <= i <= 12, then 25, 21, 10, 2), zero slack: the integer program (lossless jumps only, to
 *    the 3-man finish (0,1), (0,3), (0,4) of weight 1), its jumps put in order by depth-first
 *    search, then the last two jumps up the column to the target; verified move by move and
 *    written to resources/armies/hexagonal-145-level7.army.json.
 * 2. Table 7's six cases for 143 and 144 men (`halma army bound ... --case K`), each once per
 *    3-man finish: all infeasible means no army of 143 or 144 men inside the window reaches level 7.
 * Prints what it proved; the case runs take several minutes (case 2's vertical finish the longest).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { solveArmyIp, solveCase, table7Case, TABLE7, type ArmyCase } from '../src/cli/army-ip'
import { GEOMETRIES } from '../src/shared/army/geometry'
import { orderArmyMoves } from '../src/shared/army/order'
import { cellLabel, formatArmyMoves, verifyArmy } from '../src/shared/army/solution'

type Cell = readonly [number, number]
const g = GEOMETRIES.hexagonal
const menPerExponent = new Map<number, number>()
for (let i = 7; i <= 12; i++) menPerExponent.set(i, 3 * i - 14)
;[25, 21, 10, 2, 0].forEach((n, j) => menPerExponent.set(13 + j, n))
const fig12c: ArmyCase = { menPerExponent, zeroSlack: true }
const finish: Cell[] = [
  [0, 1],
  [0, 3],
  [0, 4],
]
const limit = Number(process.argv[2] ?? 1800)

const ip = await solveArmyIp('hexagonal', 7, { timeLimit: limit, armyCase: fig12c, finish })
console.log(
  `145-man counts of Figure 12c, zero slack, finish (0,1) (0,3) (0,4): ${ip.status}, ${ip.men ?? '-'} men, ${ip.seconds.toFixed(1)} s`,
)
if (ip.men === null || !ip.solutionJumps) process.exit(1)
const w = ip.window
const order = orderArmyMoves(ip.army, ip.solutionJumps, 5_000_000)
if (!order.moves) {
  console.log(`its jumps could not be put in order (${order.nodes} states${order.gaveUp ? ', gave up' : ''})`)
  process.exit(1)
}
const moves: Cell[][] = order.moves
// The last two jumps: (0,4) over (0,3) into (0,2), then (0,2) over (0,1) into the target.
moves.push([
  [0, 4],
  [0, 2],
  [0, 0],
])
const verdict = verifyArmy(g, w, ip.army, moves)
console.log(`solution: ${moves.length} moves, ${verdict.jumps} jumps, ${verdict.ok ? 'verified' : `NOT verified: ${verdict.error}`}`)
if (!verdict.ok) process.exit(1)
const doc = {
  format: 'halma-army',
  version: 1,
  title: 'Hexagonal army to level 7: 145 men (Table 8; none of 143 or 144 inside the window, by Table 7)',
  type: 'hexagonal',
  level: 7,
  window: w,
  army: ip.army.map((c) => cellLabel(g, w, c)).join(' '),
  moves: formatArmyMoves(g, w, moves),
  source: `npm run bench:hex7 (the integer program with Figure 12c's counts per exponent, zero slack, lossless jumps to the 3-man finish, HiGHS ${ip.seconds.toFixed(0)} s; jumps ordered by depth-first search), 2026-11-25; ${moves.length} moves, ${verdict.jumps} jumps. Columns are lettered from the window's leftmost column, rows counted from the target's row 0; the hexagonal lattice is the square grid with one diagonal.`,
}
writeFileSync(join(import.meta.dirname, '../resources/armies/hexagonal-145-level7.army.json'), `${JSON.stringify(doc, null, 2)}\n`)

if (process.argv.includes('--cases')) {
  for (let k = 1; k <= TABLE7.length; k++) {
    const parts = await solveCase('hexagonal', 7, table7Case(k), { timeLimit: limit })
    const verdict = parts.every((p) => p.outcome.status === 'Infeasible') ? 'infeasible' : 'not settled'
    console.log(
      `case ${k} (${TABLE7[k - 1]!.men} men): ${verdict} (${parts.map((p) => `${p.outcome.status} ${p.outcome.seconds.toFixed(1)} s`).join('; ')})`,
    )
  }
}
