/**
 * The rules page's options in games of N players (issue 18): teams of partners, the vacate rule,
 * the win with one man of one's own, and the piecepack's 10-tile board. The search's shortest games
 * and counts are checked against a plain breadth-first search over the rules' own move generator
 * (game.ts destinations, line.ts vacateFault and winnerAfter), which shares nothing with the
 * engine's packed space.
 */
import { describe, expect, it } from 'vitest'
import { PlayersDomain } from '../../src/shared/engine/players/domain'
import { PlayersFlow } from '../../src/shared/engine/players/flow'
import { parsePlayersJob, type PlayersResult } from '../../src/shared/engine/players/job'
import { destinations, gameFromSpec, playersPreset, mustVacate, partners, startPosition, type PlayersGame, type PlayersSpec, type Occupancy } from '../../src/shared/players/game'
import { cellNames, hasWon, verifyLine, winnerAfter } from '../../src/shared/players/line'
import { parsePlayersDocument } from '../../src/shared/players/document'

/**
 * Every legal move (from, to) of player p under the game's rules, from the rules' generator; the
 * vacate rule as the rules page puts it (written here again, apart from line.ts's vacateFault).
 */
function legalMoves(g: PlayersGame, occ: Occupancy, p: number): [number, number][] {
  const all: [number, number][] = []
  occ.forEach((a, from) => {
    if (a === p) for (const to of destinations(g, occ, from).keys()) all.push([from, to])
  })
  if (!mustVacate(g, occ, p)) return all
  const camp = new Set(g.board.camp(g.players[p]!.camp, g.men))
  const out = all.filter(([from, to]) => camp.has(from) && !camp.has(to))
  return out.length > 0 ? out : all
}

/**
 * The shortest game (won by anyone) and the number of such games, by plain breadth-first search;
 * with `within`, positions from which no game of at most that many moves can be won are dropped,
 * by the search's bound (checked admissible in players-search.test.ts), so that larger games fit.
 */
function plainShortest(g: PlayersGame, within?: number): { length: number; games: bigint } {
  const d = within === undefined ? undefined : new PlayersDomain(g)
  const hopeless = (occ: Occupancy, ply: number): boolean => {
    if (!d) return false
    const state = g.players.map((_, p) => [...occ.keys()].filter((c) => occ[c] === p))
    return g.players.every((_, p) => ply + d.sideRemaining(state, p, ply) > within!)
  }
  const N = g.players.length
  let level = new Map<string, { occ: Occupancy; ways: bigint }>([['start', { occ: startPosition(g), ways: 1n }]])
  for (let ply = 1; ply < 60; ply++) {
    const mover = (ply - 1) % N
    const next = new Map<string, { occ: Occupancy; ways: bigint }>()
    let wins = 0n
    for (const { occ, ways } of level.values())
      for (const [from, to] of legalMoves(g, occ, mover)) {
        const child = occ.slice()
        child[to] = mover
        child[from] = -1
        if (winnerAfter(g, child, mover) >= 0) {
          wins += ways
          continue
        }
        if (hopeless(child, ply)) continue
        const k = String.fromCharCode(...child.map((a) => a + 66))
        const e = next.get(k)
        if (e) e.ways += ways
        else next.set(k, { occ: child, ways })
      }
    if (wins > 0n) return { length: ply, games: wins }
    level = next
  }
  throw new Error('no game within 60 plies')
}

async function search(spec: PlayersSpec): Promise<PlayersResult> {
  const job = parsePlayersJob({ game: spec, beam: 500 })
  if (!job.ok) throw new Error(job.error.map((e) => e.message).join('; '))
  return new PlayersFlow(job.value, {}, () => undefined).run()
}

const CASES: Record<string, PlayersSpec> = {
  'teams, 4x4 board, 4 players, 1 man': { board: 'square4', camps: [0, 1, 2, 3], men: 1, teams: true },
  'teams, mini star, 4 players, 1 man': { board: 'star37', camps: [1, 2, 4, 5], men: 1, teams: true },
  'vacate rule, 4x4 board, 2 players, 3 men': { board: 'square4', camps: [0, 2], men: 3, vacate: true },
  'vacate rule, 5x5 board, 2 players, 3 men': { board: 'square5', camps: [0, 2], men: 3, vacate: true },
  'teams and the vacate rule, 4x4 board, 4 players, 1 man': { board: 'square4', camps: [0, 1, 2, 3], men: 1, teams: true, vacate: true },
}

describe('the rules options in the N-player search', () => {
  for (const [name, spec] of Object.entries(CASES))
    it(`finds the shortest game and counts every one, as a plain search over the rules does: ${name}`, async () => {
      const g = gameFromSpec(spec)
      const r = await search(spec)
      // The larger games are searched plainly within the length the search found.
      const plain = plainShortest(g, g.board.cells.length > 16 ? r.length! : undefined)
      expect(r.optimal).toBe(true)
      expect(r.length).toBe(plain.length)
      expect(r.count?.games).toBe(plain.games.toString())
      const v = verifyLine(g, r.moves.join(', '))
      expect(v.ok, v.error).toBe(true)
      expect(v.winner?.move).toBe(plain.length)
      expect(v.winner?.player).toBe(r.winner)
    }, 120_000)

  it('changes the games where the option matters (so the checks above can tell)', () => {
    // Teams: a win needs both partners home, so the shortest game is longer than alone.
    const alone = plainShortest(gameFromSpec({ ...CASES['teams, 4x4 board, 4 players, 1 man']!, teams: false }))
    expect(plainShortest(gameFromSpec(CASES['teams, 4x4 board, 4 players, 1 man']!)).length).toBeGreaterThan(alone.length)
  }, 120_000)

  it('forbids some shortest games by the vacate rule (so the check above can tell)', async () => {
    const spec = CASES['vacate rule, 5x5 board, 2 players, 3 men']!
    const [free, ruled] = [await search({ ...spec, vacate: false }), await search(spec)]
    expect(ruled.length).toBe(free.length)
    expect(BigInt(ruled.count!.games)).toBeLessThan(BigInt(free.count!.games))
  }, 120_000)

  it('refuses a search for the one-man win, naming why', () => {
    const job = parsePlayersJob({ game: { board: 'star37', camps: [0, 3], men: 3, win: 'any-with-one' } })
    expect(job.ok).toBe(false)
    if (!job.ok) expect(job.error[0]!.message).toMatch(/own men or a chain \(win 'own' or 'chain'\), not 'any-with-one'/)
    expect(() => new PlayersDomain(gameFromSpec({ board: 'star37', camps: [0, 3], men: 3, win: 'any-with-one' }))).toThrow(/own men/)
  })
})

describe('the rules options in verification', () => {
  it('names a move the vacate rule forbids', () => {
    const g = gameFromSpec({ board: 'square4', camps: [0, 2], men: 1, vacate: true, names: ['blue', 'orange'] })
    const name = (x: number, y: number) => cellNames(g)[g.board.indexOf(x, y)!]!
    // Blue leaves her one-cell camp; orange must leave hers, and does.
    expect(verifyLine(g, `${name(0, 0)}-${name(1, 1)}, ${name(3, 3)}-${name(2, 3)}`).ok).toBe(true)
    expect(name(0, 0)).toBe('a1')
    const g3 = gameFromSpec({ board: 'square4', camps: [0, 2], men: 3, vacate: true })
    // 3 men: blue's camp a1, b1, a2, orange's d3, c4, d4. Blue empties hers in three moves while
    // orange steps out and back in; then orange must take a man out of her camp.
    const line = ['b1-c2', 'd3-d2', 'a1-b2', 'd2-d1', 'a2-b3']
    const ok = verifyLine(g3, line.join(', '))
    expect(ok.ok, ok.error).toBe(true)
    expect(verifyLine(g3, [...line, 'orange: c4-c3'].join(', ')).ok).toBe(true)
    const bad = verifyLine(g3, [...line, 'd1-c1'].join(', '))
    expect(bad.error).toBe('move 6 (d1-c1): blue has left her camp, so orange must take a man out of her own camp (the vacate rule)')
    // Without the rule the same move is legal.
    expect(verifyLine(gameFromSpec({ board: 'square4', camps: [0, 2], men: 3 }), [...line, 'd1-c1'].join(', ')).ok).toBe(true)
  })

  it('names the winning team, and lets play go on when one partner is home', () => {
    const g = gameFromSpec({ board: 'square4', camps: [0, 1, 2, 3], men: 1, teams: true })
    expect(partners(g)).toEqual([2, 3, 0, 1])
    expect(() => gameFromSpec({ board: 'star37', camps: [0, 2, 4], men: 1, teams: true })).toThrow(/teams need 4 or 6 players, not 3/)
    expect(() => gameFromSpec({ board: 'star37', camps: [0, 1, 2, 4], men: 1, teams: true })).toThrow(/has no partner/)
  })

  it('wins with one man of her own where the option says so', () => {
    const own = playersPreset('mini-2')
    const one = gameFromSpec({ board: 'star37', camps: [0, 3], men: 3, win: 'any-with-one' })
    const occ = startPosition(own)
    const target = own.board.camp(own.players[0]!.target, 3)
    // Blue's target holds orange's men; one of them swapped for a blue man.
    expect(target.every((c) => occ[c] === 1)).toBe(true)
    occ[target[0]!] = 0
    expect(hasWon(own, occ, 0)).toBe(false)
    expect(hasWon(one, occ, 0)).toBe(true)
    expect(() => gameFromSpec({ board: 'star37', camps: [0, 3], men: 3, win: 'most' as never })).toThrow(/not a win rule/)
  })

  it('reads the options in documents', () => {
    const doc = parsePlayersDocument(
      JSON.stringify({ format: 'halma-players', version: 1, game: { board: 'square4', camps: [0, 1, 2, 3], men: 1, teams: true, vacate: true }, lines: [] }),
    )
    expect(doc.game.options).toEqual({ win: 'own', vacate: true, teams: true })
    expect(() =>
      parsePlayersDocument(JSON.stringify({ format: 'halma-players', version: 1, game: { board: 'square4', camps: [0, 2], men: 1, win: 'x' }, lines: [] })),
    ).toThrow(/game\.win/)
  })
})

describe("the piecepack's 10-tile board", () => {
  it('is the band of tiles on and beside the diagonal, the coins in the two corners facing along it', () => {
    const g = playersPreset('piecepack-2')
    expect(g.board.cells.length).toBe(40)
    const occ = startPosition(g)
    expect([...occ].filter((a) => a === 0).length).toBe(6)
    expect(g.board.camp(1, 6).map((c) => g.board.cells[c])).toContainEqual([7, 7])
  })
})
