// Solution notation: parse/print round trips, the (reflect) shorthand with its middle move, text
// pasted from the paper, and malformed input (an error, never a crash).
import { describe, expect, it } from 'vitest'
import { boardByName, parseCell } from '../../src/shared/halma/board'
import {
  formatSolution,
  formatWrittenMove,
  isPalindrome,
  parseSolution,
  parseWrittenMove,
  pathNames,
  resolvePaths,
  writePalindrome,
  writePaths,
} from '../../src/shared/halma/notation'
import { expect as unwrap } from '../../src/shared/result'
import { symmetry } from '../../src/shared/halma/symmetry'
import { verify } from '../../src/shared/halma/verify'
import { loadProblemFile } from './fixtures'

const board = unwrap(boardByName('9x9'))
const mirror = symmetry(board, 'mirror')!

describe('moves', () => {
  it.each(['d1-d2', 'b1-d1-d3', 'b2-d2-d4-f2-f4-', 'p16-o16'])('%s round-trips', (t) => {
    expect(formatWrittenMove(unwrap(parseWrittenMove(t)))).toBe(t)
  })
  it('accepts spacing, capitals and dashes from typesetting', () => {
    expect(unwrap(parseWrittenMove(' B1 – d1 - D3 ')).cells).toEqual(['b1', 'd1', 'd3'])
  })
  it.each(['', 'd1', 'd1--d2', 'd1-', '-d1-d2', 'd1-2', 'dd1-d2', 'd1 d2', 'd1-d2x', 'd100-d2'])('rejects %j', (t) => {
    const r = parseWrittenMove(t)
    expect(r.ok).toBe(false)
  })
})

describe('solutions', () => {
  it("writes (reflect) as the paper does: after a comma, or after a space when the last move is a middle one", () => {
    expect(formatSolution(unwrap(parseSolution('b2-d2-d4-f2-f4-, (reflect)')))).toBe('b2-d2-d4-f2-f4- (reflect)')
    expect(formatSolution(unwrap(parseSolution('f5-f6 (reflect)')))).toBe('f5-f6, (reflect)')
  })

  it('round-trip: parse(format(x)) = x and format(parse(t)) = t for canonical text', () => {
    for (const t of ['d1-d2, b1-d1-d3', 'a2-c4, c4-d4, (reflect)', 'b2-d2, d2-d4-d6- (reflect)']) {
      const s = unwrap(parseSolution(t))
      expect(formatSolution(s)).toBe(t)
      expect(unwrap(parseSolution(formatSolution(s)))).toEqual(s)
      expect(unwrap(parseSolution(formatSolution(s, '\n')))).toEqual(s)
    }
  })
  it('every stored solution round-trips through its printed form', () => {
    for (const f of ['triangle10-6move', 'halma19-16x16', 'fabian-30', 'triangle10-jumps-only']) {
      for (const s of loadProblemFile(`${f}.halma.json`).solutions) {
        expect(unwrap(parseSolution(formatSolution(s.solution)))).toEqual(s.solution)
      }
    }
  })
  it('reads text as the paper prints it: moves broken across lines, move numbers, (red wins)', () => {
    const pasted = '1. c2-d2, h8-h6, d1-d3, i6-g6, a3-c3-e3, g9-g7-g5, a2-c2-e2-e4, h7-h5-f7, e4-f4, i9-g9-\ng7-e7 (red wins)'
    const s = unwrap(parseSolution(pasted))
    expect(s.moves).toHaveLength(10)
    expect(s.moves[9]!.cells).toEqual(['i9', 'g9', 'g7', 'e7'])
    expect(unwrap(parseSolution('d1-d2\n# a comment\nb1-d1-d3\n')).moves).toHaveLength(2)
  })
  it('(reflect) repeats the first half mirrored, completing a trailing-dash middle move', () => {
    const s = unwrap(parseSolution('b2-d2-d4-f2-f4- (reflect)'))
    const paths = unwrap(resolvePaths(board, s, mirror))
    expect(paths.map((p) => pathNames(board, p).join('-'))).toEqual(['b2-d2-d4-f2-f4-h4-f6-h6-h8'])
    const two = unwrap(resolvePaths(board, unwrap(parseSolution('a2-c4, c4-d4, (reflect)')), mirror))
    expect(two.map((p) => pathNames(board, p).join('-'))).toEqual(['a2-c4', 'c4-d4', 'f6-f7', 'f7-h9'])
  })
  it('prints a palindrome compactly and back', () => {
    const doc = loadProblemFile('triangle10-6move.halma.json')
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    const paths = v.moves.map((m) => m.move.path)
    expect(isPalindrome(mirror, paths)).toBe(true)
    const compact = writePalindrome(board, mirror, paths)!
    expect(formatSolution(compact)).toBe(formatSolution(doc.solutions[0]!.solution))
    expect(unwrap(resolvePaths(board, compact, mirror))).toEqual(paths)
    expect(writePalindrome(board, mirror, paths.slice(1))).toBeUndefined()
    expect(formatSolution(writePaths(board, paths.slice(0, 2)))).toBe('d1-d2, b1-d1-d3')
  })
  const bad: [string, string][] = [
    ['d1-d2, x', "move 2: 'x' is not a move (cells joined by '-', like d1-d2 or b1-d1-d3)"],
    ['(reflect)', '(reflect) needs the moves of the first half before it'],
    ['d1-d2 (reflect) (reflect)', '(reflect) appears twice'],
    ['d1-d2, (reflect), d2-d3', "move 2: 'd2-d3' comes after (reflect); (reflect) must end the solution"],
    ['d1-d2-', "move 1: a move ending with '-' is the middle move of a palindrome and must be followed by (reflect)"],
    ['d1-d2-, d2-d3, (reflect)', "move 1: only the last move before (reflect) may end with '-'"],
    ['d1-d2 (red wins', 'unbalanced parenthesis in the solution text'],
  ]
  it.each(bad)('rejects %j', (t, message) => {
    const r = parseSolution(t)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.at ? `${r.error.at}: ${r.error.message}` : r.error.message).toBe(message)
  })
  it('a middle move must stop on the mirror line', () => {
    const r = resolvePaths(board, unwrap(parseSolution('b2-d2- (reflect)')), mirror)
    expect(r.ok ? '' : `${r.error.at}: ${r.error.message}`).toBe(
      'move 1: the middle move must stop on the mirror line, and d2 is not on it',
    )
  })
  it('names a cell off the board by its move', () => {
    const r = resolvePaths(board, unwrap(parseSolution('d1-d2, c1-c16')), mirror)
    expect(r.ok ? '' : `${r.error.at}: ${r.error.message}`).toBe("move 2: 'c16' is not on the 9x9 board")
  })
  it('never throws on garbage', () => {
    let seed = 7
    const alphabet = 'abcdefghij0123456789-,() \n#–'
    for (let n = 0; n < 2000; n++) {
      let t = ''
      const len = (seed = (seed * 16807) % 2147483647) % 30
      for (let k = 0; k < len; k++) t += alphabet[(seed = (seed * 16807) % 2147483647) % alphabet.length]
      const r = parseSolution(t)
      if (r.ok) expect(() => resolvePaths(board, r.value, mirror)).not.toThrow()
    }
    expect(unwrap(parseCell(board, 'a1'))).toBe(0)
  })
})
