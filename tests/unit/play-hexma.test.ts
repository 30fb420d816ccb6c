/**
 * Hexma (issue 30): the chain bound of the Hexma domain against the exact plies to a chain found
 * by a plain cooperative search (every move of both players, players/game.ts's generator), and the
 * shortest cooperative game of the mini star found, optimal by the bound, verifying as a line.
 */
import { describe, expect, it } from 'vitest'
import { Engine } from '../../src/shared/engine/engine'
import { HexmaDomain } from '../../src/shared/engine/hexma/domain'
import { parsePlayersJob } from '../../src/shared/engine/players/job'
import { hexmaShortest } from '../../src/shared/engine/hexma/search'
import { destinations, playersPreset, specOf, startPosition, type Occupancy } from '../../src/shared/players/game'
import { cellNames, hasChain, verifyLine } from '../../src/shared/players/line'

const g = playersPreset('hexma-mini')

/** The fewest plies (both cooperating, `mover` first) after which p has a chain, up to `limit`; Infinity if more. */
function exact(occ: Occupancy, mover: number, p: number, limit: number): number {
  if (hasChain(g, occ, p)) return 0
  if (limit <= 0) return Infinity
  let best = Infinity
  occ.forEach((a, from) => {
    if (a !== mover || best === 1) return
    for (const to of destinations(g, occ, from).keys()) {
      occ[to] = a
      occ[from] = -1
      // A line ends when the other player completes her chain first.
      if (!hasChain(g, occ, 1 - p) || mover === p) best = Math.min(best, 1 + exact(occ, 1 - mover, p, Math.min(limit, best - 1) - 1))
      occ[from] = a
      occ[to] = -1
    }
  })
  return best
}

describe('Hexma', () => {
  it('finds the shortest cooperative game of the mini star, optimal by the bound; the bound is below the exact plies along it', async () => {
    const r = await hexmaShortest(specOf(g), { maxLength: 9, beam: 0, budgetBytes: 2 ** 30, timeLimit: 60 })
    expect(r.length).toBe(7)
    expect(r.optimal).toBe(true)
    expect(r.boundAtStart).toBe(7)
    expect(verifyLine(g, r.moves.join(', '))).toMatchObject({ ok: true, winner: { player: 'blue', move: 7 } })
    // Along the line and near its end, the bound never passes the plies still needed (found by a
    // plain cooperative search over the rules' own generator).
    const d = new HexmaDomain(g)
    const occ = startPosition(g)
    for (let k = 0; k < 7; k++) {
      for (const p of [0, 1]) {
        const bound = d.remaining(d.chainNeed(occ, p), p, k)
        if (p === 0) expect(bound).toBeLessThanOrEqual(7 - k)
        if (k >= 5 && bound <= 3) expect(exact(occ, k % 2, p, bound + 1), `ply ${k}, player ${p}`).toBeGreaterThanOrEqual(bound)
      }
      const [from, to] = r.moves[k]!.split('-').filter((_, i, a) => i === 0 || i === a.length - 1).map((name) => cellNames(g).indexOf(name))
      occ[to!] = occ[from!]!
      occ[from!] = -1
    }
  })

  it('runs as a players job (what the workbench sends): the same game, progress per level, a cancel, and no disk', async () => {
    const job = parsePlayersJob({ game: specOf(g), maxLength: 9 })
    if (!job.ok) throw new Error(job.error.map((d) => d.message).join('; '))
    const engine = new Engine({})
    const levels: number[] = []
    const r = await engine.start({ kind: 'players', params: job.value }, (p) => levels.push(p.level)).result
    expect(r).toMatchObject({ status: 'optimal', length: 7, optimal: true, lowerBound: 7, winner: 'blue', count: null })
    expect(r.proof.statement).toMatch(/^optimal: 7 moves, blue completes her chain/)
    expect(verifyLine(g, r.moves.join(', '))).toMatchObject({ ok: true, winner: { player: 'blue', move: 7 } })
    // Every level in the statistics; the progress (thinned by the engine's reporter) from the first level to the last.
    expect(r.stats.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect([levels[0], levels.at(-1)]).toEqual([1, 7])
    // Cancelled at its first level: it ends as a cancelled job does.
    const run = engine.start({ kind: 'players', params: job.value }, () => run.cancel())
    await expect(run.result).rejects.toThrow('cancelled')
    // A chain game keeps no checkpoint: a disk folder is refused by name.
    expect(parsePlayersJob({ game: specOf(g), disk: '/tmp/x' })).toMatchObject({ ok: false, error: [{ code: 'job.game.win' }] })
    // Its search is for two players and the plain rules: a third player or the vacate rule is refused when the job is read.
    expect(parsePlayersJob({ game: { ...specOf(g), vacate: true } })).toMatchObject({ ok: false, error: [{ code: 'job.game.win', message: expect.stringContaining('vacate') }] })
    const three = { board: 'star37', camps: [0, 2, 4], men: 3, win: 'chain' as const }
    expect(parsePlayersJob({ game: three })).toMatchObject({ ok: false, error: [{ code: 'job.game.win', message: expect.stringContaining('two players, not 3') }] })
  })
})
