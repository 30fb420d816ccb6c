/**
 * The race's last moves solved for one army (shared/play/endgame.ts): IDA* over her moves with the
 * others standing still. Checked on a position from a six-player match: the plan played out fills
 * her target, no shorter plan exists (the solver finds none one move shorter), and with her first
 * moves restricted (a go's searchmoves) the plan starts with one of them.
 */
import { describe, expect, it } from 'vitest'
import { EndgameSolver } from '../../src/shared/play/endgame'
import { parsePosition } from '../../src/shared/play/notation'
import { MAX_MOVES, Position } from '../../src/shared/play/position'
import { variantOfPreset, withSpoilingRule } from '../../src/shared/play/variant'
import { expect as unwrap } from '../../src/shared/result'
import { SHUT_SIX } from '../helpers/play-positions'

const variant = withSpoilingRule(variantOfPreset('star121-6'), 'none')
const YELLOW = 5
// Yellow with six men outside her target, the green man moved off it (to h8): eight moves from home.
const start = (): Position => {
  const pos = new Position(variant, unwrap(parsePosition(variant, SHUT_SIX.replace('green: f5', 'green: h8'))))
  expect(pos.turn).toBe(YELLOW)
  return pos
}

/** Her plan played with the others still: does it fill her target? */
function fills(moves: readonly number[]): boolean {
  const pos = start()
  for (const m of moves) {
    pos.setTurn(YELLOW)
    if (!pos.isLegal(m)) return false
    pos.make(m)
  }
  return pos.winner === YELLOW
}

describe('the endgame solver', () => {
  it('finds her shortest finish, and starts it with a move asked for', () => {
    const pos = start()
    const outside = pos.t.men - pos.home[YELLOW]!
    expect(outside).toBeGreaterThan(1)
    const plan = new EndgameSolver(start()).solve(outside + 6, 2_000_000)
    expect(plan).toBeDefined()
    expect(fills(plan!.moves)).toBe(true)
    expect(plan!.moves.length).toBeGreaterThanOrEqual(outside)
    expect(new EndgameSolver(start()).solve(plan!.moves.length - 1, 2_000_000)).toBeUndefined()
    // Every first move but the plan's: the plan found starts with one of them, and is no shorter.
    const buf = new Int32Array(MAX_MOVES)
    const others = Array.from(buf.subarray(0, pos.generate(buf))).filter((m) => m !== plan!.moves[0])
    const asked = new EndgameSolver(start()).solve(plan!.moves.length + 6, 2_000_000, others)
    expect(asked).toBeDefined()
    expect(others).toContain(asked!.moves[0])
    expect(fills(asked!.moves)).toBe(true)
    expect(asked!.moves.length).toBeGreaterThanOrEqual(plan!.moves.length)
  })
})
