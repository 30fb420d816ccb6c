/**
 * The playing engine's position (shared/play/position.ts): its moves against the rules' own
 * generator (players/game.ts destinations, with the vacate rule as line.ts states it), which shares
 * nothing with the packed space; make/unmake restoring everything; the win tests against
 * line.ts's winnerAfter; perft counts at fixed depth; notation round trips.
 */
import { describe, expect, it } from 'vitest'
import { destinations, gameFromSpec, mustVacate, playersPreset, specOf, type Occupancy, type PlayersGame } from '../../src/shared/players/game'
import { winnerAfter } from '../../src/shared/players/line'
import { formatMove, formatPosition, parseMove, parsePosition } from '../../src/shared/play/notation'
import { MAX_MOVES, moveFrom, moveTo, perft, Position } from '../../src/shared/play/position'
import { uniform } from '../../src/shared/play/random'
import { variantOfPlayers, variantOfPreset, withSpoilingRule } from '../../src/shared/play/variant'

/** The rules' legal moves of army p as "from-to" strings (the vacate rule applied). */
function reference(g: PlayersGame, occ: Occupancy, p: number): string[] {
  const all: [number, number][] = []
  occ.forEach((a, from) => {
    if (a === p) for (const to of destinations(g, occ, from).keys()) all.push([from, to])
  })
  let out = all
  if (mustVacate(g, occ, p)) {
    const camp = new Set(g.board.camp(g.players[p]!.camp, g.men))
    const leaving = all.filter(([f, t]) => camp.has(f) && !camp.has(t))
    if (leaving.length > 0) out = leaving
  }
  return out.map(([f, t]) => `${f}-${t}`).sort()
}

const GAMES: [string, PlayersGame][] = [
  ['star121-2', playersPreset('star121-2')],
  ['star121-6 with the vacate rule', gameFromSpec({ ...specOf(playersPreset('star121-6')), vacate: true })],
  ['star121-5', playersPreset('star121-5')],
  ['star121-3 with long jumps', gameFromSpec({ ...specOf(playersPreset('star121-3')), longJumps: true })],
  ['piecepack-4', playersPreset('piecepack-4')],
  ['cross-3', playersPreset('cross-3')],
  ['anri', playersPreset('anri')],
  ['hexma-mini', playersPreset('hexma-mini')],
  ['mini-4 in teams, any-with-one', gameFromSpec({ ...specOf(playersPreset('mini-4')), teams: true, win: 'any-with-one' })],
]

describe('the playing engine position', () => {
  it.each(GAMES)('generates the rules’ moves, and make/unmake restore all, along random games of %s', (_, g) => {
    const v = variantOfPlayers(g)
    const pos = Position.start(v)
    const occ = Int8Array.from(pos.owner)
    const rnd = uniform(7)
    const buf = new Int32Array(MAX_MOVES)
    let checked = 0
    for (let ply = 0; ply < 120 && pos.winner < 0; ply++) {
      const n = pos.generate(buf)
      const mine = Array.from(buf.subarray(0, n), (m) => `${moveFrom(m)}-${moveTo(m)}`).sort()
      expect(mine).toEqual(reference(g, occ, pos.turn))
      checked++
      if (n === 0) break
      // Each move made and unmade leaves the position as it was.
      const before = { key: Array.from(pos.key), lo: pos.hashLo, hi: pos.hashHi, home: Array.from(pos.home), filled: Array.from(pos.filled), camp: Array.from(pos.inCamp), turn: pos.turn }
      for (let k = 0; k < n; k += 7) {
        pos.make(buf[k]!)
        pos.unmake()
      }
      expect({ key: Array.from(pos.key), lo: pos.hashLo, hi: pos.hashHi, home: Array.from(pos.home), filled: Array.from(pos.filled), camp: Array.from(pos.inCamp), turn: pos.turn }).toEqual(before)
      const m = buf[Math.floor(rnd() * n)]!
      const mover = pos.turn
      pos.make(m)
      occ[moveTo(m)] = occ[moveFrom(m)]!
      occ[moveFrom(m)] = -1
      // The win test agrees with the rules' (the winner named first: the mover's side, then in turn).
      const w = winnerAfter(g, occ, mover)
      expect(pos.winner >= 0 ? v.partners ? [pos.winner, v.partners[pos.winner]].sort()[0] : pos.winner : -1).toBe(w >= 0 ? (v.partners ? [w, v.partners[w]!].sort()[0] : w) : -1)
      // The Zobrist signature is the same as a position set up afresh.
      const fresh = new Position(v, pos.data())
      expect([fresh.hashLo, fresh.hashHi, Array.from(fresh.key)]).toEqual([pos.hashLo, pos.hashHi, Array.from(pos.key)])
    }
    expect(checked).toBeGreaterThan(10)
  })

  it('counts positions at fixed depth (perft) as the rules do', () => {
    // Reference counts from the rules' generator (players/game.ts), independent of the packed space.
    const refPerft = (g: PlayersGame, occ: Occupancy, p: number, depth: number): number => {
      if (depth === 0) return 1
      let total = 0
      const moves = reference(g, occ, p)
      for (const m of moves) {
        const [f, t] = m.split('-').map(Number) as [number, number]
        occ[t] = occ[f]!
        occ[f] = -1
        total += refPerft(g, occ, (p + 1) % g.players.length, depth - 1)
        occ[f] = occ[t]!
        occ[t] = -1
      }
      return total
    }
    for (const id of ['star121-2', 'star121-6', 'anri', 'cross-2', 'piecepack-2']) {
      const g = playersPreset(id)
      const pos = Position.start(variantOfPlayers(g))
      expect(perft(pos, 3), id).toBe(refPerft(g, Int8Array.from(pos.owner), 0, 3))
    }
    // Fixed numbers, as a perft table: a change to move generation shows here first.
    expect(perft(Position.start(variantOfPreset('star121-2')), 3)).toBe(4760)
    expect(perft(Position.start(variantOfPreset('anri')), 3)).toBe(4648)
  })

  it('finds Hexma’s chain: a line of her men from her camp to the opposite camp wins, a gap does not', () => {
    const v = variantOfPreset('hexma-mini')
    const g = playersPreset('hexma-mini')
    // Blue's camp is the bottom point (camp 0); a straight column up to the top camp, q = 0.
    const column = g.board.cells.flatMap(([q, r], i) => (q === 0 && r >= -2 && r <= 2 ? [i] : []))
    expect(column.length).toBe(5)
    const blueCamp = g.board.camp(0, 6)
    const orangeCamp = g.board.camp(3, 6)
    const blue = [...new Set([...column, ...blueCamp])].slice(0, 6)
    const orange = orangeCamp.filter((c) => !blue.includes(c))
    const spare = g.board.cells.map((_, i) => i).filter((i) => !blue.includes(i) && !orange.includes(i) && !orangeCamp.includes(i))
    while (orange.length < 6) orange.push(spare.shift()!)
    const pos = new Position(v, { armies: [blue, orange], turn: 1 })
    // The chain test runs after a move: move an orange man away and back to check blue's state.
    expect(blue.filter((c) => column.includes(c)).length).toBe(5)
    const chained = new Position(v, { armies: [blue, orange], turn: 0 })
    const buf = new Int32Array(MAX_MOVES)
    // Any blue move that keeps the column whole leaves blue the winner.
    const n = chained.generate(buf)
    const keeps = Array.from(buf.subarray(0, n)).find((m) => !column.includes(moveFrom(m)))
    expect(keeps).toBeDefined()
    chained.make(keeps!)
    expect(chained.winner).toBe(0)
    const breaks = Array.from(buf.subarray(0, n)).find((m) => column.includes(moveFrom(m)) && moveFrom(m) !== column[0])
    if (breaks !== undefined) {
      const p2 = new Position(v, { armies: [blue, orange], turn: 0 })
      p2.make(breaks)
      expect(p2.winner).toBe(-1)
    }
    void pos
  })

  it('writes and reads moves and positions in the project’s notation', () => {
    const v = withSpoilingRule(variantOfPreset('star121-3'), 'vacate')
    const pos = Position.start(v)
    const buf = new Int32Array(MAX_MOVES)
    const rnd = uniform(3)
    for (let k = 0; k < 30; k++) {
      const n = pos.generate(buf)
      const m = buf[Math.floor(rnd() * n)]!
      const text = formatMove(pos, m)
      expect(parseMove(pos, text)).toEqual({ ok: true, value: m })
      // A chain written by its two ends is completed.
      const ends = `${text.split('-')[0]}-${text.split('-').at(-1)}`
      expect(parseMove(pos, ends)).toEqual({ ok: true, value: m })
      pos.make(m)
    }
    const text = formatPosition(v, pos.data())
    const back = parsePosition(v, text)
    expect(back.ok && formatPosition(v, back.value)).toBe(text)
    expect(parseMove(pos, 'z99-a1')).toMatchObject({ ok: false, error: { code: 'cell.off-board' } })
    const other = formatMove(pos, 0).split('-')[0]
    void other
    expect(parsePosition(v, 'blue: e13; to move: blue')).toMatchObject({ ok: false, error: { code: 'position.men' } })
    expect(parsePosition(v, text.replace('to move', 'to mvoe'))).toMatchObject({ ok: false, error: { code: 'position.army' } })
    // A cell given twice for one army is said so (it read "a1 holds a man of blue and of blue").
    const blue = /blue: (\S+) (\S+)/.exec(text)!
    const twice = parsePosition(v, text.replace(blue[0], `blue: ${blue[1]} ${blue[1]}`))
    expect(twice).toMatchObject({ ok: false, error: { code: 'position.overlap', message: `blue: ${blue[1]} is listed twice` } })
  })
})
