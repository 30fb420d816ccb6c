import { it } from 'vitest'
import { readFileSync } from 'node:fs'
import { parseDocument, specFromProblem } from '../../src/shared/document'
import { Engine } from '../../src/shared/engine/engine'
import { parseGameJob } from '../../src/shared/engine/game/job'
import { makeProblem } from '../../src/shared/problem'
import { expect as unwrap } from '../../src/shared/result'

it('already won', async () => {
  const p0 = unwrap(parseDocument(readFileSync('tests/unit/fixtures/game3-4x4.halma.json', 'utf8'))).problem
  const blueBase = p0.armies[0]!.target
  // blue already home; red somewhere in the middle; try both sides to move
  const redCells = p0.armies[1]!.target // red's base = blue's start: put red home too? no: red elsewhere
  for (const first of [0, 1]) {
    const r0 = makeProblem({ kind: 'game', title: 'x', board: p0.board, rules: p0.rules, starts: [blueBase, [5, 6, 9]], bases: [blueBase, redCells], first })
    if (!r0.ok) { console.log('refused', first, JSON.stringify(r0.error)); continue }
    const spec = specFromProblem(r0.value)
    const job = parseGameJob({ problem: spec })
    if (!job.ok) { console.log('job refused', JSON.stringify(job.error)); continue }
    const r = await new Engine({}).start({ kind: 'game', params: job.value }).result
    console.log('first', first, 'result', r.status, r.length, r.winner, r.moves.join(' '), JSON.stringify(r.count), r.proof?.statement)
  }
}, 120000)
