// Analyse from here without a host: the problem from a mid-line position (the army where it stands,
// the same target), refused for games with the reason; the engine's shortest transfer from there is
// no longer than the rest of the stored solution and, appended to the line, completes it.
import { describe, expect, it } from 'vitest'
import squareText from '../../resources/problems/square9-8move.halma.json?raw'
import fabianText from '../../resources/problems/fabian-30.halma.json?raw'
import { analysisLabel, continuation, problemFromHere } from '../../src/renderer/state/analysis'
import { parseDocument, specFromProblem } from '../../src/shared/document'
import { Engine } from '../../src/shared/engine/engine'
import { parseSolveJob } from '../../src/shared/engine/transfer/job'
import { expect as unwrap } from '../../src/shared/result'
import { lineOf, type Timeline } from '../../src/shared/timeline'

function stored(text: string): Timeline {
  const doc = unwrap(parseDocument(text))
  return unwrap(lineOf(doc.problem, doc.solutions[0]!.solution))
}

describe('analyse from here', () => {
  it('makes the transfer from the position after a move to the same target', () => {
    const line = stored(squareText)
    const at = 10
    const here = unwrap(problemFromHere(line.problem, line.positions[at]!, at))
    expect(here.kind).toBe('transfer')
    expect(here.armies[0]!.start).toEqual(line.positions[at]!.men(0))
    expect(here.armies[0]!.start).not.toEqual(line.problem.armies[0]!.start)
    expect(here.armies[0]!.target).toEqual(line.problem.armies[0]!.target)
    expect(here.title).toBe(`${line.problem.title}, from move 10`)
    // The rest of the stored solution solves the problem from here.
    const rest = line.moves.slice(at).map((m) => m.text)
    expect(unwrap(lineOf(here, rest.join(', '))).complete).toBe(true)
  })

  it('refuses a game, saying why', () => {
    const line = stored(fabianText)
    const r = problemFromHere(line.problem, line.positions[10]!, 10)
    expect(!r.ok && r.error.code).toBe('analysis.game')
    expect(!r.ok && r.error.message).toMatch(/^a game cannot be analysed from a position yet/)
  })

  it('finds the shortest transfer from there and appends it to the line at that move', async () => {
    const line = stored(squareText)
    const at = 10
    const here = unwrap(problemFromHere(line.problem, line.positions[at]!, at))
    const job = unwrap(parseSolveJob({ problem: specFromProblem(here), beam: { width: 20_000 } }))
    const result = await new Engine({}).start({ kind: 'solve', params: job }).result
    expect(result.status).toBe('optimal')
    // No longer than what the stored solution takes from there (16 - 10 = 6 moves).
    expect(result.moves.length).toBeGreaterThan(0)
    expect(result.moves.length).toBeLessThanOrEqual(line.moves.length - at)
    expect(result.length).toBe(result.moves.length)
    const origin = { problem: line.problem, prefix: line.moves.slice(0, at).map((m) => m.text), ply: at }
    const whole = unwrap(continuation(origin, result.moves))
    expect(whole.complete).toBe(true)
    expect(whole.moves.length).toBe(at + result.moves.length)
    expect(whole.moves.slice(0, at).map((m) => m.text)).toEqual(origin.prefix)
    expect(analysisLabel(origin, result.moves.length, result.status)).toBe(
      `analysis from move 10 (shortest transfer, ${result.moves.length} moves): moves 11-${10 + result.moves.length} from the search`,
    )
  })
})
