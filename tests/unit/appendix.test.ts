// Every solution of the paper's Appendix A verifies, with the length and outcome the paper states.
import { describe, expect, it } from 'vitest'
import { nameOf } from '../../src/shared/halma/board'
import { verify } from '../../src/shared/halma/verify'
import { loadProblemFile } from './fixtures'

const transfers: [file: string, index: number, length: number][] = [
  ['triangle10-6move.halma.json', 0, 27],
  ['triangle10-6move.halma.json', 1, 27],
  ['triangle10-8move.halma.json', 0, 20],
  ['triangle10-4move.halma.json', 0, 30],
  ['triangle10-jumps-only.halma.json', 0, 35],
  ['triangle15-6move.halma.json', 0, 31],
  ['square9-8move.halma.json', 0, 16],
  ['halma19-16x16.halma.json', 0, 47],
]

describe('Appendix A transfer solutions', () => {
  it.each(transfers)('%s solution %i has %i moves and reaches the target', (file, index, length) => {
    const doc = loadProblemFile(file)
    const v = verify(doc.problem, doc.solutions[index]!.solution)
    expect(v.error).toBeUndefined()
    expect(v.valid).toBe(true)
    expect(v.reachesTarget).toBe(true)
    expect(v.length).toBe(length)
  })

  it("Levenspiel's solution: 10 steps, 17 jumps, c(A) from -60 to +60, sym = 9 after moves 13 and 14", () => {
    const doc = loadProblemFile('triangle10-6move.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect([v.steps, v.jumps]).toEqual([10, 17])
    const s = v.series[0]!
    expect(s.centroid[0]).toBe(-60)
    expect(s.centroid[27]).toBe(60)
    expect(s.sym[13]).toBe(9)
    expect(s.sym[14]).toBe(9)
    expect(s.sym[0]).toBe(0)
    expect(s.sym[27]).toBe(0)
    // The first move d1-d2 turns a type-1 man into type 3: (3,3,3,1) becomes (3,2,3,2).
    expect(s.balance[0]).toEqual([3, 3, 3, 1])
    expect(s.balance[1]).toEqual([3, 2, 3, 2])
    expect(v.moves[0]!.text).toBe('d1-d2')
    expect(v.moves[13]!.text).toBe('b2-d2-d4-f2-f4-h4-f6-h6-h8')
  })

  it('the alternate 27-move solution has only 8 steps', () => {
    const doc = loadProblemFile('triangle10-6move.halma.json')
    expect(verify(doc.problem, doc.solutions[1]!.solution).steps).toBe(8)
  })

  it('the jumps-only solution lowers c(A) on move 10 (from -34 to -38)', () => {
    const doc = loadProblemFile('triangle10-jumps-only.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect(v.steps).toBe(0)
    expect(v.series[0]!.centroid.slice(9, 11)).toEqual([-34, -38])
  })

  it('the 4-move solution contains the backward step d1-c1 as move 11', () => {
    const doc = loadProblemFile('triangle10-4move.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect(v.moves[10]!.text).toBe('d1-c1')
    const c = v.series[0]!.centroid
    expect(c[11]!).toBeLessThan(c[10]!)
  })
})

describe('Appendix A shortest games', () => {
  it("Fabian's game: red completes the occupation of blue's base on move 30", () => {
    const doc = loadProblemFile('fabian-30.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect(v.error).toBeUndefined()
    expect(v.valid).toBe(true)
    expect(v.length).toBe(30)
    expect(v.winner).toEqual({ army: 1, move: 30 })
    // Red's men fill blue's base exactly.
    expect(
      v.final
        .men(1)
        .map((c) => nameOf(doc.problem.board, c))
        .sort(),
    ).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'c1', 'c2', 'd1'].sort())
  })

  it("a 30-move game found by the engine's split search: red wins on move 30, by other moves than Fabian's", () => {
    const doc = loadProblemFile('cc30-engine.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect(v.error).toBeUndefined()
    expect(v.winner).toEqual({ army: 1, move: 30 })
    const fabian = loadProblemFile('fabian-30.halma.json')
    expect(v.moves.map((m) => m.text)).not.toEqual(verify(fabian.problem, fabian.solutions[0]!.solution).moves.map((m) => m.text))
  })

  it("a 36-move 15-man game found by the engine's lookahead beam: red wins on move 36, by other moves than the paper's", () => {
    const doc = loadProblemFile('game15-engine.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect(v.error).toBeUndefined()
    expect(v.winner).toEqual({ army: 1, move: 36 })
    const paper = loadProblemFile('game15-36.halma.json')
    expect(v.moves.map((m) => m.text)).not.toEqual(verify(paper.problem, paper.solutions[0]!.solution).moves.map((m) => m.text))
  })

  it('the 15-man game: red wins on move 36', () => {
    const doc = loadProblemFile('game15-36.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect(v.error).toBeUndefined()
    expect(v.length).toBe(36)
    expect(v.winner).toEqual({ army: 1, move: 36 })
  })
})

describe('beyond the paper', () => {
  it('problem 4 under 8-move rules: a 24-move solution (Table 3 has 26) verifies and reaches the target', () => {
    const doc = loadProblemFile('triangle15-8move.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    expect(v.error).toBeUndefined()
    expect(v).toMatchObject({ valid: true, reachesTarget: true, length: 24 })
    expect(doc.problem.armies[0]!.start).toHaveLength(15)
    expect(doc.problem.rules.moves).toBe('8-move')
  })

  it('Halma: games found by the engine (the paper knows only the bound 45) verify as blue wins on moves 55 and 65', () => {
    const doc = loadProblemFile('halma19-game.halma.json')
    for (const [k, length] of [
      [0, 55],
      [1, 65],
    ] as const) {
      const v = verify(doc.problem, doc.solutions[k]!.solution)
      expect(v.error).toBeUndefined()
      expect(v.length).toBe(length)
      expect(v.winner).toEqual({ army: 0, move: length })
    }
    expect(doc.problem.armies[0]!.start).toHaveLength(19)
    expect(doc.problem.board.width).toBe(16)
  })
})
