/**
 * The race planner (race.ts): its principal variation is a legal line in which the other armies
 * play the greedy player's moves, its score is the evaluation at the line's end, it takes a finish
 * when one is in reach, and it honours node limits and searchmoves as the other searches do.
 */
import { describe, expect, it } from 'vitest'
import { algorithmFor, DEFAULT_OPTIONS, Engine } from '../../src/shared/play/engine'
import { Evaluator, evalTablesOf } from '../../src/shared/play/evaluate'
import { Greedy } from '../../src/shared/play/greedy'
import { MAX_MOVES, moveFrom, moveTo, Position } from '../../src/shared/play/position'
import { RacePlanner, worldSeed } from '../../src/shared/play/race'
import { Mulberry32, uniform } from '../../src/shared/play/random'
import { WIN } from '../../src/shared/play/search'
import { greedyNearHome } from '../helpers/play-positions'
import { variantOfPreset, type Variant } from '../../src/shared/play/variant'
import { DEFAULT_WEIGHTS } from '../../src/shared/play/weights'

const OPTIONS = { weights: DEFAULT_WEIGHTS, beam: 8, horizon: 4, rival: 0, worlds: 0 }

/** A game played greedily for some plies (a crowd in the middle of the star). */
function greedyGame(v: Variant, plies: number, seed: number): Position {
  const pos = Position.start(v)
  const g = new Greedy(uniform(seed))
  for (let k = 0; k < plies && pos.winner < 0; k++) pos.make(g.move(pos))
  return pos
}

/** The steps each of the mover's moves gains toward her target. */
function gains(pos: Position): number[] {
  const e = evalTablesOf(pos.t)
  const buf = new Int32Array(MAX_MOVES)
  const n = pos.generate(buf)
  const off = pos.turn * e.n
  return Array.from(buf.subarray(0, n), (m) => e.goal[off + moveFrom(m)]! - e.goal[off + moveTo(m)]!)
}

/**
 * The three-player star with `army` one step from home (her target, an empty point, full but for
 * one cell whose outside neighbour holds her last man) and the others at their camps; blue to move.
 */
function oneStepFromHome(army: number): { v: Variant; armies: number[][]; free: number; outside: number } {
  const v = variantOfPreset('star121-3')
  const start = Position.start(v)
  const sp = start.t.space
  const target = v.armies[army]!.target
  let free = -1
  let outside = -1
  for (const t of target)
    for (let d = 0; d < sp.degree && outside < 0; d++) {
      const c = sp.nb[t * sp.degree + d]!
      if (c >= 0 && !target.includes(c) && start.owner[c]! < 0) [free, outside] = [t, c]
    }
  const armies = v.armies.map((a) => [...a.camp])
  armies[army] = [...target.filter((c) => c !== free), outside]
  return { v, armies, free, outside }
}

describe('the race planner', () => {
  it('plays a legal line through the crowd in which the others make greedy moves, scored at its end', () => {
    const v = variantOfPreset('star121-6')
    for (const [plies, seed] of [[30, 1], [72, 2], [120, 3]] as const) {
      const root = greedyGame(v, plies, seed)
      const me = root.turn
      const it = new RacePlanner(root.clone(), OPTIONS).run({})
      expect(it.depth, `plies ${plies}`).toBe(OPTIONS.horizon)
      const pos = root.clone()
      let own = 0
      for (const m of it.pv) {
        expect(pos.isLegal(m), `plies ${plies}: ply ${pos.ply} of the line`).toBe(true)
        if (pos.turn === me) own++
        else {
          const all = gains(pos)
          const e = evalTablesOf(pos.t)
          const mine = e.goal[pos.turn * e.n + moveFrom(m)]! - e.goal[pos.turn * e.n + moveTo(m)]!
          expect(mine, `an other army's move in the line is her greedy move`).toBe(Math.max(...all))
        }
        pos.make(m)
        expect(pos.winner).toBe(-1)
      }
      expect(own).toBe(OPTIONS.horizon)
      expect(pos.turn).toBe(me)
      expect(it.score).toBe(new Evaluator(v, pos.t, DEFAULT_WEIGHTS).score(pos, me))
    }
  })

  it('takes a finish in reach, scored as a win in its plies', () => {
    // Blue one step from home on the three-player star.
    const { v, armies } = oneStepFromHome(0)
    const pos = new Position(v, { armies, turn: 0 })
    const it = new RacePlanner(pos.clone(), OPTIONS).run({})
    expect(it.score).toBe(WIN - 1)
    expect(it.pv.length).toBe(1)
    pos.make(it.pv[0]!)
    expect(pos.winner).toBe(0)
  })

  it('stops at a node limit and at the stop flag, keeps to searchmoves, and leaves the position as it found it', () => {
    const v = variantOfPreset('star121-6')
    const root = greedyGame(v, 48, 4)
    const planner = new RacePlanner(root.clone(), { ...OPTIONS, beam: 30, horizon: 6 })
    const cut = planner.run({ nodes: 2000 })
    expect(cut.nodes).toBeLessThanOrEqual(2000 + 256)
    expect(cut.depth).toBeGreaterThan(0)
    expect(cut.depth).toBeLessThan(6)
    expect(planner.pos.data()).toEqual(root.data())
    expect([planner.pos.hashLo, planner.pos.hashHi]).toEqual([root.hashLo, root.hashHi])
    // The stop flag raised after the first level: no deeper level is reported.
    const stopped = new RacePlanner(root.clone(), { ...OPTIONS, beam: 30, horizon: 6 })
    const depths: number[] = []
    stopped.run({}, (it) => {
      depths.push(it.depth)
      Atomics.store(stopped.stopFlag, 0, 1)
    })
    expect(depths).toEqual([1])
    // A first move the planner would not choose, asked for alone: its line starts with it.
    const free = new RacePlanner(root.clone(), OPTIONS).run({})
    const buf = new Int32Array(MAX_MOVES)
    const n = root.generate(buf)
    const only = Array.from(buf.subarray(0, n)).find((m) => m !== free.pv[0])!
    const it = new RacePlanner(root.clone(), OPTIONS).run({ searchmoves: [only] })
    expect(it.pv[0]).toBe(only)
  })

  it('when another side finishes first on every line, plays the best of them and scores the loss; a line that goes on ranks above them', () => {
    // Orange (army 1, next to move after blue) one step from home, blue far from hers.
    const { v, armies, free, outside } = oneStepFromHome(1)
    const pos = new Position(v, { armies, turn: 0 })
    const it = new RacePlanner(pos.clone(), OPTIONS).run({})
    expect(it.depth).toBe(1)
    expect(pos.isLegal(it.pv[0]!)).toBe(true)
    // Her move, then orange's winning step: a loss in two plies.
    expect(it.score).toBe(-(WIN - 2))
    pos.make(it.pv[0]!)
    pos.make(it.pv[1]!)
    expect(pos.winner).toBe(1)
    // A blue man beside orange's last hole: the line in which he steps into it goes on, and ranks above the lost ones.
    const start = new Position(v, { armies, turn: 0 })
    const sp = start.t.space
    const target = v.armies[1]!.target
    const beside = Array.from({ length: sp.degree }, (_, d) => sp.nb[free * sp.degree + d]!).find((c) => c >= 0 && c !== outside && !target.includes(c) && start.owner[c]! < 0)!
    const blocked = armies.map((a) => [...a])
    blocked[0] = [...blocked[0]!.slice(1), beside]
    const guard = new Position(v, { armies: blocked, turn: 0 })
    const saved = new RacePlanner(guard.clone(), OPTIONS).run({})
    expect(saved.depth).toBe(OPTIONS.horizon)
    expect(moveFrom(saved.pv[0]!)).toBe(beside)
    expect(moveTo(saved.pv[0]!)).toBe(free)
  })

  it('ranks a line by her value less `rival` percent of the leading other side\'s', () => {
    // One level (her move and the others' modelled answers): each setting plays the line best by its
    // own rank among the same candidates, so each line is at least as good as the other's by that rank.
    const v = variantOfPreset('star121-6')
    let differed = 0
    for (const [plies, seed] of [[36, 1], [60, 2], [84, 3], [108, 4], [132, 5], [156, 6]] as const) {
      const root = greedyGame(v, plies, seed)
      if (root.winner >= 0) continue
      const me = root.turn
      const ev = new Evaluator(v, root.t, DEFAULT_WEIGHTS)
      ev.prepare(root)
      const end = (rival: number) => {
        const it = new RacePlanner(root.clone(), { ...OPTIONS, beam: 1000, horizon: 1, rival }).run({})
        const pos = root.clone()
        for (const m of it.pv) pos.make(m)
        const mine = ev.values(pos)[me]!
        return { first: it.pv[0], mine, rival: ev.rivalOf(pos, me) }
      }
      const own = end(0)
      for (const r of [30, 100]) {
        const other = end(r)
        const rank = (x: typeof own) => x.mine - (r / 100) * x.rival
        expect(own.mine, `seed ${seed}, rival ${r}`).toBeGreaterThanOrEqual(other.mine)
        expect(rank(other), `seed ${seed}, rival ${r}`).toBeGreaterThanOrEqual(rank(own))
        if (r === 100 && own.first !== other.first) differed++
      }
    }
    expect(differed).toBeGreaterThan(0)
  })

  it('with worlds, plays the last level\'s line whose moves of hers hold best when the others break their ties otherwise', () => {
    // The test's own replay: her moves of a line, each world's greedy players (their ties from
    // worldSeed(w)) answering, ranked where they lead (a move of hers no longer legal ends it).
    const v = variantOfPreset('star121-6')
    const W = 4
    const horizon = 3
    let differed = 0
    for (const [plies, seed] of [[30, 1], [54, 2], [78, 3], [102, 4], [126, 5]] as const) {
      const root = greedyGame(v, plies, seed)
      if (root.winner >= 0) continue
      const me = root.turn
      const ev = new Evaluator(v, root.t, DEFAULT_WEIGHTS)
      ev.prepare(root)
      const rank = (pos: Position) => -ev.values(pos)[me]! + 0.3 * ev.rivalOf(pos, me)
      const mine = (pv: readonly number[]) => {
        const pos = root.clone()
        return pv.filter((m) => {
          const own = pos.turn === me
          pos.make(m)
          return own
        })
      }
      const mean = (pv: readonly number[]) => {
        // The model's own world: the line as planned.
        const model = root.clone()
        for (const m of pv) model.make(m)
        let sum = rank(model)
        for (let w = 1; w <= W; w++) {
          const random = new Mulberry32(worldSeed(w))
          const g = new Greedy(() => random.uniform())
          const pos = root.clone()
          for (const m of mine(pv)) {
            if (!pos.isLegal(m)) break
            pos.make(m)
            while (pos.winner < 0 && pos.turn !== me) pos.make(g.move(pos))
            expect(pos.winner, `seed ${seed}: no finish this early`).toBe(-1)
          }
          sum += rank(pos)
        }
        return sum / (W + 1)
      }
      const options = { ...OPTIONS, rival: 30, horizon }
      const plain = new RacePlanner(root.clone(), options).run({})
      const robust = new RacePlanner(root.clone(), { ...options, worlds: W }).run({})
      expect(robust.depth).toBe(horizon)
      expect(mine(robust.pv).length).toBe(horizon)
      // The model's best line is among the last level's lines: the one played holds at least as well.
      expect(mean(robust.pv), `seed ${seed}`).toBeLessThanOrEqual(mean(plain.pv) + 1e-6)
      if (robust.pv[0] !== plain.pv[0]) differed++
    }
    expect(differed).toBeGreaterThan(0)
  })

  it('with worlds, holds to node limits, stop and time, leaves the position as found, and still takes a finish', () => {
    const v = variantOfPreset('star121-6')
    const root = greedyGame(v, 48, 4)
    const shape = { ...OPTIONS, rival: 30, beam: 10, horizon: 6, worlds: 8 }
    const planner = new RacePlanner(root.clone(), shape)
    const cut = planner.run({ nodes: 2000 })
    // The search stops at the limit; the replays after it count her moves replayed (beam x worlds x depth at most).
    expect(cut.nodes).toBeLessThanOrEqual(2000 + 256 + shape.beam * shape.worlds * cut.depth)
    expect(cut.depth).toBeGreaterThan(0)
    expect(root.isLegal(cut.pv[0]!)).toBe(true)
    expect(planner.pos.data()).toEqual(root.data())
    expect([planner.pos.hashLo, planner.pos.hashHi]).toEqual([root.hashLo, root.hashHi])
    // Stopped after the first level: that level is the answer, reported once (no replay after a stop).
    const stopped = new RacePlanner(root.clone(), shape)
    const depths: number[] = []
    stopped.run({}, (it) => {
      depths.push(it.depth)
      Atomics.store(stopped.stopFlag, 0, 1)
    })
    expect(depths).toEqual([1])
    // A tiny time limit: an answer, legal, the position as found.
    const timed = new RacePlanner(root.clone(), shape)
    const t = timed.run({ movetime: 5 })
    expect(root.isLegal(t.pv[0]!)).toBe(true)
    expect(timed.pos.data()).toEqual(root.data())
    // A finish in reach is still taken, scored as a win in its plies.
    const { v: v3, armies } = oneStepFromHome(0)
    const home = new Position(v3, { armies, turn: 0 })
    const it = new RacePlanner(home.clone(), shape).run({})
    expect(it.score).toBe(WIN - 1)
    home.make(it.pv[0]!)
    expect(home.winner).toBe(0)
  })

  it('is the engine algorithm "race" on boards of three to six armies', async () => {
    for (const id of ['star121-3', 'piecepack-4', 'star121-6'] as const) {
      const v = variantOfPreset(id)
      const pos = greedyGame(v, 18, 5)
      const e = new Engine(v, { algorithm: 'race', beam: 5, horizon: 3, worlds: 0 })
      e.setPosition(pos.data())
      const depths: number[] = []
      const r = await e.go({ nodes: 100_000 }, (i) => depths.push(i.depth))
      expect(pos.isLegal(r.move!), id).toBe(true)
      expect(depths, id).toEqual([1, 2, 3])
    }
  })

  it('is what auto plays for four or more sides, without the endgame solver (whose plan counts on the others still)', async () => {
    expect(algorithmFor(variantOfPreset('star121-2'), DEFAULT_OPTIONS)).toBe('paranoid')
    expect(algorithmFor(variantOfPreset('star121-3'), DEFAULT_OPTIONS)).toBe('brs')
    expect(algorithmFor(variantOfPreset('star121-5'), DEFAULT_OPTIONS)).toBe('race')
    expect(algorithmFor(variantOfPreset('star121-6'), DEFAULT_OPTIONS)).toBe('race')
    // Six-player games played greedily until the army to move has at most 2 men outside her target:
    // the first where best-reply's answer is the endgame solver's (it marks it with her moves to
    // finish); the race planner, searching the same position under auto, never answers so.
    const v = variantOfPreset('star121-6')
    let checked = 0
    for (let seed = 1; seed <= 6 && checked === 0; seed++) {
      const pos = greedyNearHome(v, seed, 2)
      if (!pos) continue
      const answer = async (algorithm: 'brs' | 'auto') => {
        const e = new Engine(v, { algorithm })
        e.setPosition(pos.data())
        return e.go({ nodes: 5000 })
      }
      if ((await answer('brs')).info.finish === undefined) continue
      const r = await answer('auto')
      expect(pos.isLegal(r.move!)).toBe(true)
      expect(r.info.finish).toBeUndefined()
      checked++
    }
    expect(checked).toBe(1)
  })

  it('under go infinite, answers only after stop, though its plan is made at once', async () => {
    const v = variantOfPreset('star121-6')
    const e = new Engine(v)
    e.setPosition(greedyGame(v, 24, 3).data())
    let answered = false
    const go = e.go({ infinite: true }).then((r) => {
      answered = true
      return r
    })
    await new Promise<void>((resolve) => setTimeout(resolve, 200))
    expect(answered).toBe(false)
    e.stop()
    expect((await go).move).not.toBeNull()
  })
})
