// The stepper's data: lines from stored solutions (Levenspiel's palindrome, Fabian's game), moves
// played on the board, clamping, and illegal input reported with the move that is wrong.
import { describe, expect, it } from 'vitest'
import { parseCell } from '../../src/shared/halma/board'
import { resolveMove } from '../../src/shared/halma/moves'
import { expect as unwrap } from '../../src/shared/result'
import { armyToMove, clampPly, lineOf, lineText, playOn, startLine } from '../../src/shared/halma/timeline'
import { topology } from '../../src/shared/halma/topology'
import { loadProblemFile } from './fixtures'

const levenspiel = loadProblemFile('triangle10-6move.halma.json')
const fabian = loadProblemFile('fabian-30.halma.json')

describe('timeline', () => {
  it("precomputes every ply of Levenspiel's 27-move solution with its measures", () => {
    const line = unwrap(lineOf(levenspiel.problem, levenspiel.solutions[0]!.solution))
    expect(line.moves).toHaveLength(27)
    expect(line.positions).toHaveLength(28)
    expect(line.complete).toBe(true)
    const s = line.series[0]!
    expect(s.centroid[0]).toBe(-60)
    expect(s.centroid[27]).toBe(60)
    expect(s.sym[0]).toBe(0)
    expect(s.onTarget[27]).toBe(10)
    expect(line.distance[0]![0]).toBe(10)
    expect(line.distance[0]![27]).toBe(0)
    // 10 steps and 17 jump moves (paper section 3.2).
    expect(line.moves.filter((m) => m.move.kind === 'step')).toHaveLength(10)
    // Each position follows from the previous by its move.
    expect(line.positions[1]!.describe(0)).toContain('d2')
    expect(line.positions[1]!.describe(0)).not.toContain('d1')
  })

  it('writes a palindrome as its first half and (reflect), and reads it back to the same line', () => {
    const line = unwrap(lineOf(levenspiel.problem, levenspiel.solutions[0]!.solution))
    const text = lineText(line)
    // 14 moves, the middle one half written and ending with '-', then (reflect) after a space.
    expect(text).toMatch(/^d1-d2, b1-d1-d3, .*- \(reflect\)$/)
    expect(text.split(', ')).toHaveLength(14)
    const again = unwrap(lineOf(levenspiel.problem, text))
    expect(again.moves.map((m) => m.text)).toEqual(line.moves.map((m) => m.text))
    expect(lineText(line, false).split(', ')).toHaveLength(27)
  })

  it('reports an illegal move with its number and reason, and accepts a legal line that stops short', () => {
    const bad = lineOf(levenspiel.problem, 'd1-d2, c3-e5')
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.message).toMatch(/^move 2: c3-e5/)
    const gibberish = lineOf(levenspiel.problem, 'hello world')
    expect(gibberish.ok).toBe(false)
    const short = unwrap(lineOf(levenspiel.problem, 'd1-d2, b1-d1-d3'))
    expect(short.moves).toHaveLength(2)
    expect(short.complete).toBe(false)
  })

  it('clamps plies and plays a move after any ply, dropping the rest of the line', () => {
    const line = unwrap(lineOf(levenspiel.problem, levenspiel.solutions[0]!.solution))
    expect(clampPly(line, -3)).toBe(0)
    expect(clampPly(line, 99)).toBe(27)
    expect(clampPly(line, Number.NaN)).toBe(0)
    const b = levenspiel.problem.board
    const topo = topology(b, levenspiel.problem.rules)
    const occ = line.positions[2]!.occupancy()
    const move = unwrap(resolveMove(topo, occ, [unwrap(parseCell(b, 'd2')), unwrap(parseCell(b, 'e2'))]))
    const next = unwrap(playOn(line, 2, move))
    expect(next.moves).toHaveLength(3)
    expect(next.moves.slice(0, 2).map((m) => m.text)).toEqual(line.moves.slice(0, 2).map((m) => m.text))
    expect(next.complete).toBe(false)
  })

  it("shows a two-player game alternating armies: Fabian's game, red wins on move 30", () => {
    const line = unwrap(lineOf(fabian.problem, fabian.solutions[0]!.solution))
    expect(line.moves).toHaveLength(30)
    expect(line.winner).toEqual({ army: 1, move: 30 })
    expect(line.moves.map((m) => m.army).slice(0, 4)).toEqual([0, 1, 0, 1])
    expect(armyToMove(line, 0)).toBe(0)
    expect(armyToMove(line, 1)).toBe(1)
    expect(line.series).toHaveLength(2)
    expect(line.positions[30]!.men(0)).toHaveLength(10)
    expect(line.positions[30]!.men(1)).toHaveLength(10)
  })

  it('starts empty', () => {
    const line = startLine(levenspiel.problem)
    expect(line.moves).toHaveLength(0)
    expect(line.positions).toHaveLength(1)
    expect(line.series[0]!.centroid).toEqual([-60])
  })
})
