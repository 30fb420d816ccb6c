/**
 * Room for a man shut in her target (shared/play/room.ts): near the end of the race the engine
 * does not shut another army's man in her target, and lets out one who is. The position is from
 * the engine's six-player matches against greedy players (game 80 of
 * bench/results/play-greedy-6-lost-2026-11-26.players.json, its 173rd move, yellow the engine):
 * with the search alone (best-reply, the six-player default of those matches; pinned here) she plays
 * i10-h10 and the green man on f5, on her target, stays shut in to the end of the game.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_OPTIONS, Engine } from '../../src/shared/play/engine'
import { formatMove, parsePosition } from '../../src/shared/play/notation'
import { ProtocolServer } from '../../src/shared/play/protocol'
import { MAX_MOVES, moveFrom, moveTo, Position } from '../../src/shared/play/position'
import { roomMoves, shutIn } from '../../src/shared/play/room'
import { Searcher } from '../../src/shared/play/search'
import { TranspositionTable } from '../../src/shared/play/tt'
import { variantOfPreset, withSpoilingRule } from '../../src/shared/play/variant'
import { DEFAULT_WEIGHTS } from '../../src/shared/play/weights'
import { parseCell } from '../../src/shared/halma/board'
import { expect as unwrap } from '../../src/shared/result'
import { SHUT_SIX } from '../helpers/play-positions'

const variant = withSpoilingRule(variantOfPreset('star121-6'), 'vacate')
const SHUT = SHUT_SIX
const position = (text: string): Position => new Position(variant, unwrap(parsePosition(variant, text)))
const YELLOW = 5
const GREEN = 2
const F5 = unwrap(parseCell(variant.board, 'f5'))

/** The moves of the green man on f5 that end off yellow's target (green's move list, the vacate rule aside: it restricts when, not where). */
const free = { ...variant, vacate: false }
function waysOut(pos: Position): string[] {
  const p = new Position(free, pos.data())
  p.setTurn(GREEN)
  const buf = new Int32Array(MAX_MOVES)
  const n = p.generate(buf)
  const inTarget = new Set(variant.armies[YELLOW]!.target)
  return Array.from(buf.subarray(0, n))
    .filter((m) => moveFrom(m) === F5 && !inTarget.has(moveTo(m)))
    .map((m) => formatMove(p, m))
}

async function engineMove(pos: Position, room?: number): Promise<Position> {
  const engine = new Engine(variant, { algorithm: 'brs', ...(room !== undefined && { room }) })
  engine.setPosition(pos.data())
  const r = await engine.go({ nodes: 5000 })
  const after = pos.clone()
  after.make(r.move!)
  return after
}

describe('room for a man shut in her target', () => {
  it('counts the other armies’ men on her target with no move out of it', () => {
    const pos = position(SHUT)
    expect(pos.turn).toBe(YELLOW)
    expect(pos.owner[F5]).toBe(GREEN)
    expect(waysOut(pos)).toEqual([])
    expect(shutIn(pos, YELLOW)).toBe(1)
    // On blue's target stand only men who can leave it.
    expect(shutIn(pos, 0)).toBe(0)
  })

  it('the engine lets him out; the search alone leaves him shut in', async () => {
    const pos = position(SHUT)
    // Her one move that opens him a way out (h5 steps aside).
    expect(roomMoves(pos, 6)!.moves.map((m) => formatMove(pos, m))).toEqual(['h5-g5'])
    expect(waysOut(await engineMove(pos)).length).toBeGreaterThan(0)
    // Without the rule (room 0) the same search keeps him in: the rule, not the search, lets him out.
    expect(waysOut(await engineMove(pos, 0))).toEqual([])
  })

  it('applies only near the end of her race and only where someone stands on her target', () => {
    const pos = position(SHUT)
    // Yellow has 6 men outside her target: a rule for at most 5 leaves every move open.
    expect(pos.t.men - pos.home[YELLOW]!).toBe(6)
    expect(roomMoves(pos, 5)).toBeUndefined()
    expect(roomMoves(pos, 0)).toBeUndefined()
    expect(roomMoves(Position.start(variant), 10)).toBeUndefined()
  })

  it('a search given searchmoves plays one of them', () => {
    const pos = position(SHUT)
    const search = (searchmoves?: number[]) =>
      new Searcher(pos.clone(), new TranspositionTable(pos.t.w, 1), { algorithm: 'brs', weights: DEFAULT_WEIGHTS }).run({ nodes: 3000, ...(searchmoves && { searchmoves }) }).pv[0]!
    const free = search()
    const buf = new Int32Array(MAX_MOVES)
    const asked = Array.from(buf.subarray(0, pos.generate(buf))).filter((m) => m !== free).slice(0, 2)
    expect(asked).toContain(search(asked))
  })

  it('the protocol says when the rule left moves out', async () => {
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    for (const line of [`position preset star121-6 spoiling vacate setup ${SHUT}`, 'go nodes 2000']) await server.receive(line)
    await server.receive('quit')
    expect(out.filter((l) => l.startsWith('info string error'))).toEqual([])
    const legal = position(SHUT).generate(new Int32Array(MAX_MOVES))
    expect(out).toContain(`info string room: 1 of ${legal} moves searched; the others would leave a man of another army shut in the target`)
    expect(out.at(-1)).toBe('bestmove h5-g5')
  })
})
