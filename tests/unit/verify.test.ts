// The verifier's verdicts and errors: move numbers, the move, and why.
import { describe, expect, it } from 'vitest'
import { boardByName } from '../../src/shared/halma/board'
import { presetProblem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules } from '../../src/shared/halma/rules'
import { verify } from '../../src/shared/halma/verify'

const board = unwrap(boardByName('9x9'))
const transfer = (moves: '4-move' | '6-move' | '8-move' = '6-move') =>
  unwrap(presetProblem('transfer', board, makeRules(moves), 'triangle10'))
const game = unwrap(presetProblem('game', board, makeRules('6-move'), 'triangle10'))

describe('verify', () => {
  it('names the move, its number and why it is illegal', () => {
    const v = verify(transfer('8-move'), 'a3-c3, c3-e5')
    expect(v.valid).toBe(false)
    expect(v.length).toBe(1)
    expect(v.error).toMatchObject({ move: 2, code: 'move.bad-jump', message: 'move 2: c3-e5 is not a jump: d4 is empty' })
  })
  it('completes moves written by their ends', () => {
    const v = verify(transfer(), 'd1-d2, b1-d3')
    expect(v.moves[1]!.text).toBe('b1-d1-d3')
    expect(v.error?.code).toBe('solution.incomplete')
  })
  it('reports an unfinished transfer with the empty target cells', () => {
    const v = verify(transfer(), 'd1-d2')
    expect(v.valid).toBe(false)
    expect(v.reachesTarget).toBe(false)
    expect(v.error?.message).toBe(
      'the army does not reach its target after 1 moves: 10 target cells are still empty (i6 h7 i7 g8 h8 i8 f9 g9 h9 i9)',
    )
  })
  it('an empty solution, bad notation and cells off the board are errors, not crashes', () => {
    expect(verify(transfer(), '').error?.code).toBe('solution.empty')
    expect(verify(transfer(), 'd1-d2, zz').error?.message).toBe("move 2: 'zz' is not a move (cells joined by '-', like d1-d2 or b1-d1-d3)")
    expect(verify(transfer(), 'd1-d2, d2-d16').error?.message).toBe("move 2: 'd16' is not on the 9x9 board")
  })
  it('games alternate: moving the other side is an error naming whose move it is', () => {
    const v = verify(game, 'c2-d2, d2-d3')
    expect(v.error?.message).toBe("move 2: d2-d3: the man on d2 is not the mover's; it is red's move")
  })
  it('games end when a side occupies the opposing base; a move after that is an error', () => {
    const fabian =
      'c2-d2, h8-h6, d1-d3, i6-g6, a3-c3-e3, g9-g7-g5, a2-c2-e2-e4, h7-h5-f7, e4-f4, i9-g9-g7-e7, d3-c4, g6-g4-e4-e2-c2-a2, a4-c2-e2-e4-g4-g6-e8-e6, i8-i6-g6-g4-e4-e2-c2-a4, a1-a3-c3-c5, f9-h7-h5-f5-f3-d3-d1, c5-d5, e7-e5-c5-c3-a3-a1, b2-b4-d4-d6-f6-f8-h8, i7-g9-g7-e7-e5-c5-c3-a3, c1-e1-c3-c5-e5-e7-g7, h6-f8-f6-d6-d4-b4-b2, b3-b4, g8-g6-g4-e4-e2-c2, b1-b3-b5-d3-f3-f5, g5-e5-c5-c3-c1, f5-f6, f7-f5-f3-d3-b5-b3-b1, e6-g6-g8-i8, h9-h7-f7-f5-f3-d3-b5-b3'
    const v = verify(game, fabian)
    expect(v.winner).toEqual({ army: 1, move: 30 })
    expect(v.series[1]!.onTarget[30]).toBe(10)
    const after = verify(game, fabian + ', d5-d6')
    expect(after.valid).toBe(false)
    expect(after.error?.message).toBe('move 31: d5-d6 comes after the end of the game: red won on move 30')
    const short = verify(game, 'c2-d2, h8-h6')
    expect(short.error?.code).toBe('game.unfinished')
  })
})
