// The two-player game search: the fast kernel against a slow reference, the paper's level sizes,
// the admissible bound, and the search on small boards against plain breadth-first search.
import { describe, expect, it } from 'vitest'
import { inMemory } from '../../src/shared/engine/core/levels'
import { boardByName, parseCell } from '../../src/shared/halma/board'
import { specFromProblem } from '../../src/shared/halma/document'
import { applyMove, legalMoves } from '../../src/shared/halma/moves'
import { ownerOf } from '../../src/shared/halma/position'
import { makeProblem, presetProblem, startPosition, type Problem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules, type MoveSet } from '../../src/shared/halma/rules'
import { topology } from '../../src/shared/halma/topology'
import { verify } from '../../src/shared/halma/verify'
import { Engine } from '../../src/shared/engine/engine'
import { Budget, BudgetError } from '../../src/shared/engine/core/budget'
import { newStats, type Sink } from '../../src/shared/engine/core/contract'
import { InlineExecutor, ThreadExecutor, type WorkerPort } from '../../src/shared/engine/core/executor'
import { KeySet, USED as USED_BIT } from '../../src/shared/engine/core/keyset'
import { countDescendants } from '../../src/shared/engine/core/lookahead'
import type { WorkerMessage, WorkerReply } from '../../src/shared/engine/core/messages'
import { ExpansionWorker } from '../../src/shared/engine/core/worker'
import { remainingTerms } from '../../src/shared/engine/game/bound'
import { GameDomain, type GameRule } from '../../src/shared/engine/game/domain'
import { GameFlow } from '../../src/shared/engine/game/flow'
import { takeGame } from '../../src/shared/engine/game/found'
import type { HeuristicRule } from '../../src/shared/engine/game/heuristics'
import { parseGameJob, purposeText, type GameJob, type GameJobInput, type GameResult } from '../../src/shared/engine/game/job'
import { GameKernel } from '../../src/shared/engine/game/kernel'
import { cutLevel } from '../../src/shared/engine/game/ranking'
import { searchContext, searchGame, type GameSearchSpec, type SearchOutcome } from '../../src/shared/engine/game/search'
import { buildKernel, type DomainInit } from '../../src/shared/engine/registry'
import { loadProblemFile } from './fixtures'
import { seededInts } from '../helpers/random'

const game = (army: string, moves: MoveSet, b = '9x9'): Problem =>
  unwrap(presetProblem('game', unwrap(boardByName(b)), makeRules(moves), army as never))

const keyText = (k: Uint32Array, o: number, w: number) => Array.from(k.subarray(o, o + w)).join(',')

/** A sink from two callbacks: the children and the goals (wins). */
const sinkOf = (child: (k: Uint32Array, o: number) => void, goal: (k: Uint32Array, o: number) => void = () => undefined): Sink => ({
  minScore: -Infinity,
  child: (k, o) => child(k, o),
  goal: (k, o) => goal(k, o),
})

/** Run a game job on the engine. */
const runGame = (job: GameJob): Promise<GameResult> => new Engine().start({ kind: 'game', params: job }).result
/** A game job from loose settings. */
const gameJob = (input: GameJobInput): GameJob => unwrap(parseGameJob(input))
/** One game search, outside a flow. */
const oneSearch = async (
  d: GameDomain,
  spec: Partial<GameSearchSpec> & Pick<GameSearchSpec, 'bound' | 'winner'>,
  options: Parameters<typeof searchContext>[1] = {},
) =>
  searchGame(await searchContext(d, options), {
    heuristics: null,
    beam: 0,
    shape: { lookahead: 0, moves: [0, 0] },
    ...spec,
  })

/**
 * The lookahead, written independently: when a wasted turn does not fit, the side to move needs a
 * move into the winner's base (the winner, placing) or out of it (the loser, vacating).
 */
function lookaheadOk(d: GameDomain, occ: Uint8Array, blue: number[], red: number[], winner: number, toMove: number, room: number): boolean {
  const W = winner === 0 ? blue : red
  const O = winner === 0 ? red : blue
  const base = d.problem.armies[winner]!.target
  const inBase = (c: number) => base.includes(c)
  const left = W.filter((c) => !inBase(c)).length
  const occupying = O.filter(inBase).length
  const n = d.space.n
  let dT = 255
  for (const c of W) for (const t of base) dT = Math.min(dT, d.dist[c * n + t]!)
  let dWO = 255
  for (const a of W) for (const b of O) dWO = Math.min(dWO, d.dist[a * n + b]!)
  const t = remainingTerms(left, occupying, dT, dWO, toMove === winner, d.gaps(blue, red, winner))
  const topo = topology(d.problem.board, d.problem.rules)
  const moves = legalMoves(topo, occ, ownerOf(toMove))
  const to = (m: (typeof moves)[0]) => m.path[m.path.length - 1]!
  if (toMove === winner) {
    if (t.phi <= 0 && t.place + 2 > room) return moves.some((m) => !inBase(m.path[0]!) && inBase(to(m)))
    return true
  }
  if (t.vacate > 0 && t.vacate + 2 > room) return moves.some((m) => inBase(m.path[0]!) && !inBase(to(m)))
  return true
}

/**
 * The kernel's children of one state against a slow reference (the core's moves, packed from
 * scratch, the winner's bound and the lookahead computed from scratch). Returns how many children
 * only the lookahead pruned.
 */
function compareWithReference(d: GameDomain, kernel: GameKernel, occ: Uint8Array, level: number, bound: number, winner: number): number {
  const problem = d.problem
  const topo = topology(problem.board, problem.rules)
  const mover = d.mover(level)
  const blue = Array.from(occ.keys()).filter((c) => occ[c] === 1)
  const red = Array.from(occ.keys()).filter((c) => occ[c] === 2)
  const key = new Uint32Array(d.w)
  d.packArmies(blue, red, key, 0)
  const rule: GameRule = { kind: 'game', level, bound, winner, heuristic: null }
  const kept: string[] = []
  const wins: string[] = []
  const sink = sinkOf(
    (k, o) => void kept.push(keyText(k, o, d.w)),
    (k, o) => void wins.push(keyText(k, o, d.w)),
  )
  kernel.expandRange(key, 0, 1, rule, [], sink, newStats())
  const refKept = new Set<string>()
  const refWins = new Set<string>()
  let byLookahead = 0
  for (const m of legalMoves(topo, occ, ownerOf(mover))) {
    const o2 = occ.slice()
    applyMove(o2, m)
    const nb = Array.from(o2.keys()).filter((c) => o2[c] === 1)
    const nr = Array.from(o2.keys()).filter((c) => o2[c] === 2)
    const k = new Uint32Array(d.w)
    d.packArmies(nb, nr, k, 0)
    if (d.occupies(mover === 0 ? nb : nr, mover)) {
      if (mover === winner) refWins.add(keyText(k, 0, d.w))
    } else if (level + d.remaining(nb, nr, winner, 1 - mover) <= bound) {
      if (lookaheadOk(d, o2, nb, nr, winner, 1 - mover, bound - level)) refKept.add(keyText(k, 0, d.w))
      else byLookahead++
    }
  }
  expect(new Set(kept), `level ${level}, bound ${bound}, winner ${winner}`).toEqual(refKept)
  expect(new Set(wins)).toEqual(refWins)
  return byLookahead
}

describe('game kernel', () => {
  it.each([
    ['triangle10', '6-move', '9x9', true],
    ['triangle10', '8-move', '8x8', false],
    ['triangle6', '4-move', '9x9', true],
  ] as const)('%s %s %s (fold %s): the same children, wins and pruning as a slow reference, along random games', (army, moves, b, fold) => {
    const problem = game(army, moves, b)
    const d = new GameDomain(problem, { fold })
    const kernel = new GameKernel(d)
    const topo = topology(problem.board, problem.rules)
    const rand = seededInts(7)
    const occ = startPosition(problem).occupancy()
    for (let ply = 0; ply < 60; ply++) {
      const level = ply + 1 // the children are at this level
      const mover = d.mover(level)
      const blue = Array.from(occ.keys()).filter((c) => occ[c] === 1)
      const red = Array.from(occ.keys()).filter((c) => occ[c] === 2)
      if (d.occupies(blue, 0) || d.occupies(red, 1)) break
      // A tight bound now and then, so that the lookahead is exercised.
      const bound = level + (ply % 3 === 0 ? d.bound(blue, red, 1 - mover) : 25)
      for (const winner of [0, 1]) compareWithReference(d, kernel, occ, level, bound, winner)
      const all = legalMoves(topo, occ, ownerOf(mover))
      if (all.length === 0) break
      applyMove(occ, all[rand(all.length)]!)
    }
  })

  it.each(['fabian-30.halma.json', 'game15-36.halma.json'])(
    '%s: the same children as the reference along a real game, where the armies meet and the lookahead bites',
    (file) => {
      const doc = loadProblemFile(file)
      const problem = doc.problem
      const d = new GameDomain(problem, { fold: true })
      const kernel = new GameKernel(d)
      const v = verify(problem, doc.solutions[0]!.solution)
      const L = v.length
      const occ = startPosition(problem).occupancy()
      let byLookahead = 0
      for (let i = 0; i < L; i++) {
        for (const bound of [L - 1, L, L + 1])
          for (const winner of [0, 1]) byLookahead += compareWithReference(d, kernel, occ, i + 1, bound, winner)
        applyMove(occ, v.moves[i]!.move)
      }
      expect(byLookahead).toBeGreaterThan(20)
    },
  )
})

describe("the paper's numbers", () => {
  it('Chinese Checkers: |L1| = 7, |L2| = 98, |L3| = 1253 (folded), and Theorem 1 gives 27', async () => {
    const problem = game('triangle10', '6-move')
    const d = new GameDomain(problem)
    const ex = new InlineExecutor(new GameKernel(d))
    let level = new KeySet(d.w)
    level.add(d.startKey, 0)
    const seen = [new KeySet(d.w), new KeySet(d.w)]
    seen[0]!.add(d.startKey, 0)
    const sizes: number[] = []
    for (let i = 1; i <= 3; i++) {
      const next = new KeySet(d.w)
      await ex.run({
        parents: level,
        window: [seen[i % 2]!],
        rule: { kind: 'game', level: i, bound: 1000, winner: 0, heuristic: null },
        sink: sinkOf((k, o) => void next.add(k, o)),
      })
      next.forEach((r, o) => void seen[i % 2]!.add(r, o))
      sizes.push(next.size)
      level = next
    }
    expect(sizes).toEqual([7, 98, 1253])
    expect(d.bound(problem.armies[0]!.start, problem.armies[1]!.start, 0)).toBe(27)
  })

  it.each(['fabian-30.halma.json', 'game15-36.halma.json'])("%s: the winner's bound never exceeds what is left of the game", (file) => {
    const doc = loadProblemFile(file)
    const problem = doc.problem
    const d = new GameDomain(problem)
    const v = verify(problem, doc.solutions[0]!.solution)
    expect(v.valid).toBe(true)
    const L = v.length
    const winner = v.winner!.army
    expect(v.winner!.move).toBe(L)
    let position = startPosition(problem)
    let tight = 0
    for (let i = 0; i <= L; i++) {
      const toMove = (problem.first + i) % 2
      const left = d.remaining(position.men(0), position.men(1), winner, toMove)
      expect(i + left, `after move ${i}`).toBeLessThanOrEqual(L)
      if (i + left === L) tight++
      if (i < L) position = position.moved(v.moves[i]!.move.path[0]!, v.moves[i]!.move.path[v.moves[i]!.move.path.length - 1]!)
    }
    expect(tight).toBeGreaterThan(0)
  })
})

describe('heuristic mode', () => {
  it.each([['fabian-30.halma.json'], ['game15-36.halma.json'], ['cc30-engine.halma.json'], ['game15-engine.halma.json']])(
    'keeps every move of %s (the properties it uses, (v) and (vi) too, hold along it)',
    (file) => {
      const doc = loadProblemFile(file)
      const problem = doc.problem
      const d = new GameDomain(problem, { fold: false })
      const kernel = new GameKernel(d)
      const v = verify(problem, doc.solutions[0]!.solution)
      const L = v.length
      const key = new Uint32Array(d.w)
      const want = new Uint32Array(d.w)
      let position = startPosition(problem)
      for (let i = 0; i < L; i++) {
        d.packArmies(position.men(0), position.men(1), key, 0)
        const path = v.moves[i]!.move.path
        position = position.moved(path[0]!, path[path.length - 1]!)
        d.packArmies(position.men(0), position.men(1), want, 0)
        const out: string[] = []
        const collect = (k: Uint32Array, o: number) => void out.push(keyText(k, o, d.w))
        const rule: GameRule = {
          kind: 'game',
          level: i + 1,
          bound: L,
          winner: d.mover(L),
          heuristic: {
            critical: L - 2 * (d.men - 1),
            placements: true,
            vacating: true,
            lines: Math.floor((L - 2 * (d.men - 1) + L) / 2),
          },
        }
        kernel.expandRange(key, 0, 1, rule, [], sinkOf(collect, collect), newStats())
        expect(out, `move ${i + 1}`).toContain(keyText(want, 0, d.w))
      }
    },
  )
})

describe('the bound is admissible', () => {
  /** The corner triangle of three men against its image in the opposite corner. */
  async function triangle3(b: string, moves: MoveSet): Promise<Problem> {
    const board = unwrap(boardByName(b))
    const { makeProblem } = await import('../../src/shared/halma/problem')
    return unwrap(
      makeProblem({
        kind: 'game',
        board,
        rules: makeRules(moves),
        starts: [
          [0, 1, board.width],
          [board.size - 1, board.size - 2, board.size - 1 - board.width],
        ],
      }),
    )
  }

  /**
   * The exact number of plies before `winner` completes its base, for every state from which it
   * can: a breadth-first search backwards from the won states (moves are reversible), through
   * states where neither side has won. A state is (occupancy, side to move).
   */
  function exactRemaining(problem: Problem, winner: number): Map<number, number> {
    const topo = topology(problem.board, problem.rules)
    const n = problem.board.size
    const cells = Array.from({ length: n }, (_, c) => c)
    const target = problem.armies.map((a) => new Set(a.target))
    const size = problem.armies[winner]!.start.length
    const keyOf = (occ: Uint8Array, toMove: number): number => {
      let b = 0
      let r = 0
      for (let c = 0; c < n; c++) {
        if (occ[c] === 1) b += 2 ** c
        else if (occ[c] === 2) r += 2 ** c
      }
      return (b * 2 ** n + r) * 2 + toMove
    }
    const won = (occ: Uint8Array, army: number): boolean => problem.armies[army]!.target.every((c) => occ[c] === army + 1)
    const h = new Map<number, number>()
    let frontier: [Uint8Array, number][] = []
    // Won states: the winner fills its base, the loser's men anywhere else, the loser to move.
    const free = cells.filter((c) => !target[winner]!.has(c))
    const choose = (from: number, k: number, acc: number[]): void => {
      if (k === 0) {
        const occ = new Uint8Array(n)
        for (const c of problem.armies[winner]!.target) occ[c] = winner + 1
        for (const c of acc) occ[c] = 2 - winner
        if (won(occ, 1 - winner)) return
        const key = keyOf(occ, 1 - winner)
        h.set(key, 0)
        frontier.push([occ, 1 - winner])
        return
      }
      for (let i = from; i < free.length; i++) choose(i + 1, k - 1, [...acc, free[i]!])
    }
    choose(0, size, [])
    for (let ply = 1; frontier.length > 0; ply++) {
      const next: [Uint8Array, number][] = []
      for (const [occ, toMove] of frontier) {
        // The side that just moved takes its move back.
        const moved = 1 - toMove
        for (const m of legalMoves(topo, occ, ownerOf(moved))) {
          const before = occ.slice()
          applyMove(before, m)
          if (won(before, 0) || won(before, 1)) continue
          const key = keyOf(before, moved)
          if (h.has(key)) continue
          h.set(key, ply)
          next.push([before, moved])
        }
      }
      frontier = next
    }
    return h
  }

  it.each([
    ['4x4', '6-move'],
    ['4x4', '8-move'],
    ['4x4', '4-move'],
  ] as const)('triangle3 %s %s: never above the exact number of plies left, in every state', async (b, moves) => {
    const problem = await triangle3(b, moves)
    const d = new GameDomain(problem, { fold: false })
    const n = problem.board.size
    for (const winner of [0, 1]) {
      const h = exactRemaining(problem, winner)
      expect(h.size).toBeGreaterThan(1000)
      let tight = 0
      for (const [key, exact] of h) {
        if (exact === 0) continue
        const toMove = key % 2
        const red: number[] = []
        const blue: number[] = []
        let r = Math.floor(key / 2) % 2 ** n
        let bl = Math.floor(key / 2 / 2 ** n)
        for (let c = 0; c < n; c++, r = Math.floor(r / 2), bl = Math.floor(bl / 2)) {
          if (r % 2 === 1) red.push(c)
          if (bl % 2 === 1) blue.push(c)
        }
        const bound = d.remaining(blue, red, winner, toMove)
        if (bound > exact) expect.fail(`winner ${winner}, blue ${blue} red ${red}, to move ${toMove}: bound ${bound} > exact ${exact}`)
        if (bound === exact) tight++
      }
      // The bound is not trivial: it is exact in a good share of the states.
      expect(tight).toBeGreaterThan(h.size / 10)
    }
  }, 180_000)

  it('a man one step from a complete ladder is one move from placing, not more; without steps he is further', () => {
    // Red rungs on b2, c3, ..., h8 (even centroids): from b1, b1-b3-d3-d5-f5-f7-h7-h9 places a
    // man; from a1 (odd rungs all missing) blue first steps a1-b1.
    for (const jumpsOnly of [false, true]) {
      const board = unwrap(boardByName('9x9'))
      const problem = unwrap(presetProblem('game', board, makeRules('6-move', { jumpsOnly }), 'triangle10'))
      const d = new GameDomain(problem, { fold: false })
      const at = (names: string) => names.split(',').map((x) => unwrap(parseCell(board, x)))
      const rungs = at('b2,c3,d4,e5,f6,g7,h8')
      expect(d.gaps(at('b1'), rungs, 0)).toBe(0)
      if (jumpsOnly) expect(d.gaps(at('a1'), rungs, 0)).toBeGreaterThan(1)
      else expect(d.gaps(at('a1'), rungs, 0)).toBe(1)
    }
  })
})

/**
 * The ladder length by plain relaxation to a fixed point (the first way it was computed): cost[y]
 * is the fewest units from value y into the base; hops cost 1 unit over an empty midpoint, steps k.
 */
function ladderByRelaxation(d: GameDomain, army: number, present: Int32Array, outside: number[]): number {
  const r = d.reach
  const k = r.deltas.length
  const entry = r.entry[army]!
  if (outside.length === 0) return 0
  if (r.steps && outside.some((v) => v + r.deltas[k - 1]! >= entry)) return 0
  const cost = Array.from({ length: r.range }, (_, v) => (v >= entry ? 0 : Infinity))
  for (let changed = true; changed;) {
    changed = false
    for (let y = 0; y < entry; y++) {
      for (const delta of r.deltas) {
        for (const side of [-1, 1]) {
          const x = y + side * 2 * delta
          const z = y + side * delta
          const options: number[] = []
          if (x >= 0 && x < r.range) options.push(cost[x]! + (present[z]! > 0 ? 0 : 1))
          if (r.steps && z >= 0 && z < r.range) options.push(z >= entry ? 0 : cost[z]! + k)
          for (const c of options) {
            if (c < cost[y]!) {
              cost[y] = c
              changed = true
            }
          }
        }
      }
    }
  }
  return Math.ceil(Math.min(...outside.map((v) => cost[v]!)) / k)
}

describe('ladder bound', () => {
  it.each([
    ['9x9', '6-move', false],
    ['9x9', '6-move', true],
    ['8x8', '8-move', false],
    ['9x9', '4-move', false],
    ['16x16', '8-move', false],
  ] as const)(
    '%s %s (jumps only %s): the bucketed search gives the relaxation fixed point, and min(g, limit) under a limit',
    (b, rules, jumpsOnly) => {
      const problem = unwrap(presetProblem('game', unwrap(boardByName(b)), makeRules(rules, { jumpsOnly }), 'triangle10'))
      const d = new GameDomain(problem, { fold: false })
      const r = d.reach
      const rand = seededInts(17)
      let nonzero = 0
      for (let trial = 0; trial < 3000; trial++) {
        const army = rand(2)
        const present = new Int32Array(r.range + 8)
        const density = rand(6)
        for (let v = 0; v < r.range; v++) if (rand(16) < density) present[v] = 1 + rand(2)
        const outside = Array.from({ length: 1 + rand(3) }, () => rand(r.entry[army]!))
        for (const v of outside) present[v]!++
        const exact = ladderByRelaxation(d, army, present, outside)
        const got = r.gaps(army, present, Int32Array.from(outside), outside.length)
        expect(got, `trial ${trial}`).toBe(Number.isFinite(exact) ? exact : got)
        if (!Number.isFinite(exact)) expect(got).toBeGreaterThanOrEqual(1 << 19)
        if (exact > 0) nonzero++
        const limit = 1 + rand(4)
        expect(r.gaps(army, present, Int32Array.from(outside), outside.length, limit)).toBe(Math.min(exact, limit))
      }
      // The random ladders are not all trivially complete.
      expect(nonzero).toBeGreaterThan(150)
    },
  )
})

describe('shortest games on small boards', () => {
  /** Plain breadth-first search over game states (board and side to move) for the first win. */
  function bfsShortest(problem: Problem, limit = 3_000_000): number | null {
    const topo = topology(problem.board, problem.rules)
    const d = new GameDomain(problem, { fold: false })
    let frontier = [startPosition(problem).occupancy()]
    const seen = new Set<string>()
    for (let ply = 1; frontier.length > 0 && seen.size < limit; ply++) {
      const mover = d.mover(ply)
      const next: Uint8Array[] = []
      for (const o of frontier) {
        for (const m of legalMoves(topo, o, ownerOf(mover))) {
          const o2 = o.slice()
          applyMove(o2, m)
          const mine = Array.from(o2.keys()).filter((c) => o2[c] === ownerOf(mover))
          if (d.occupies(mine, mover)) return ply
          const k = `${ply % 2}:${String.fromCharCode(...o2)}`
          if (!seen.has(k)) {
            seen.add(k)
            next.push(o2)
          }
        }
      }
      frontier = next
    }
    return null
  }

  it.each([
    ['triangle3', '6-move', '4x4'],
    ['triangle3', '8-move', '4x4'],
    ['triangle3', '4-move', '4x4'],
  ])('%s %s %s: the engine finds the breadth-first optimum and proves it', async (army, moves, b) => {
    const board = unwrap(boardByName(b))
    const rules = makeRules(moves as MoveSet)
    // triangle3 is not a preset: the corner triangle of three men.
    const problem =
      army === 'triangle3'
        ? unwrap(
            (await import('../../src/shared/halma/problem')).makeProblem({
              kind: 'game',
              board,
              rules,
              starts: [
                [0, 1, board.width],
                [board.size - 1, board.size - 2, board.size - 1 - board.width],
              ],
            }),
          )
        : game(army, moves as MoveSet, b)
    const expected = bfsShortest(problem)
    const r = await runGame(gameJob({ problem: specFromProblem(problem) }))
    expect(r.length).toBe(expected)
    expect(r.status).toBe('optimal')
    expect(verify(problem, r.moves.join(', ')).winner?.move).toBe(expected)
    expect(r.count!.games).toBeGreaterThanOrEqual(r.games.length)
  })
})

describe('auto strategy', () => {
  it('searches the lengths between the lower bound and the game found again without a beam when the proof does not fit', async () => {
    const board = unwrap(boardByName('4x4'))
    const problem = unwrap(
      makeProblem({
        kind: 'game',
        board,
        rules: makeRules('6-move'),
        starts: [
          [0, 1, board.width],
          [board.size - 1, board.size - 2, board.size - 1 - board.width],
        ],
      }),
    )
    const spec = specFromProblem(problem)
    const optimum = await runGame(gameJob({ problem: spec, threads: 1, strategy: 'exhaustive' }))
    // A beam of one state misses the optimum; the exhaustive searches are made to run out of memory.
    const job = gameJob({ problem: spec, threads: 1, beam: { width: 1 } })
    const solver = new GameFlow(job, {}, () => undefined)
    const internals = solver as unknown as { search: (spec: GameSearchSpec) => Promise<SearchOutcome> }
    const search = internals.search.bind(solver)
    internals.search = (spec) =>
      spec.heuristics
        ? search(spec)
        : Promise.resolve({
            record: {
              bound: spec.bound,
              winner: 'blue',
              heuristic: false,
              cut: false,
              result: 'budget',
              length: null,
              levels: [],
              seconds: 0,
            },
            levels: [],
            wins: undefined,
            heuristic: null,
          })
    const r = await solver.run()
    const beamed = r.proof.searches.filter((s) => s.heuristic && s.cut)
    expect(beamed.some((s) => s.result === 'found' && s.length === optimum.length)).toBe(false)
    expect(beamed.some((s) => s.result === 'found' && s.length! > optimum.length!)).toBe(true)
    const unbeamed = r.proof.searches.find((s) => s.heuristic && !s.cut && s.result === 'found')
    expect(unbeamed?.bound).toBe(optimum.length)
    expect(r.length).toBe(optimum.length)
    expect(verify(problem, r.moves.join(', ')).winner?.move).toBe(optimum.length)
    // Nothing was proven: the game is the best found, above the bound at the start.
    expect(r.status).toBe('best-found')
    expect(r.lowerBound).toBeLessThan(optimum.length!)
    expect(r.count).toBeNull()
  })
})

describe('auto strategy: a first game fast', () => {
  it('one narrow search per winner to the longest length, then shorter lengths down (heuristic strategy)', async () => {
    const problem = game('triangle6', '6-move', '7x7')
    const r = await runGame(
      gameJob({ problem: specFromProblem(problem), threads: 1, maxLength: 60, strategy: 'heuristic', beam: { width: 2000 } }),
    )
    // First a look at the bound (exhaustive, within a small allowance: here it finds nothing that short).
    const looks = r.proof.searches.filter((s) => !s.heuristic)
    expect(looks.length).toBeGreaterThan(0)
    expect(looks.every((s) => s.bound <= r.lowerBound + 1 && s.result !== 'found')).toBe(true)
    const [first, second] = r.proof.searches.filter((s) => s.heuristic)
    // Then two narrow searches: one per winner, bounds 60 and 59, each stopped at its first win.
    expect([first!.bound, second!.bound].sort()).toEqual([59, 60])
    expect(first!.heuristic && second!.heuristic).toBe(true)
    const probes = [first!, second!].filter((s) => s.result === 'found')
    expect(probes.length).toBeGreaterThan(0)
    for (const p of probes) expect(p.length!).toBeLessThan(p.bound)
    // Whatever the way down found, the game verifies.
    expect(r.length).not.toBeNull()
    expect(r.length!).toBeLessThanOrEqual(Math.min(...probes.map((p) => p.length!)))
    expect(verify(problem, r.moves.join(', ')).winner?.move).toBe(r.length)
    expect(r.lowerBound).toBeLessThanOrEqual(r.length!)
  })
})

describe('auto strategy: the look at the bound', () => {
  it('settles a game at the bound without a beam, and searches no length a look excluded', async () => {
    // 4 men a side on the 6 x 6 board: the bound at the start is 11; the look finds no game of 11
    // (blue) to its end and a 12-move game (red) within its allowance: optimal, nothing else run.
    const problem = game('square4', '6-move', '6x6')
    const r = await runGame(gameJob({ problem: specFromProblem(problem), threads: 1, strategy: 'auto', enumerate: false }))
    expect([r.status, r.length, r.lowerBound]).toEqual(['optimal', 12, 12])
    expect(r.proof.searches.map((s) => [s.bound, s.winner, s.heuristic, s.result])).toEqual([
      [11, 'blue', false, 'none'],
      [12, 'red', false, 'found'],
    ])
    expect(verify(problem, r.moves.join(', ')).winner?.move).toBe(12)
    // Each row says what it was for: the look's two, and with the count on, the count's search of
    // the found game's bound again (it read as the proof's row twice in the workbench's table).
    expect(r.proof.searches.map((s) => s.purpose)).toEqual(['look', 'look'])
    const counted = await runGame(gameJob({ problem: specFromProblem(problem), threads: 1, strategy: 'auto', enumerate: true }))
    const rows = counted.proof.searches.map((s) => [s.bound, s.winner, s.heuristic, s.result, s.purpose ?? null])
    expect(rows).toContainEqual([12, 'red', false, 'found', 'count'])
    expect(new Set(rows.map((x) => JSON.stringify(x))).size).toBe(rows.length)
    expect([purposeText('look'), purposeText('count'), purposeText(undefined)]).toEqual(['a first look', 'the count', ''])
  })
})

describe('auto strategy: the way down', () => {
  it('steps down from the best game found by a doubling step, halved after a miss, until the two lengths below it miss or are excluded', async () => {
    // Chinese Checkers under 8-move rules: the look at the bound excludes 22 and 23 (lower bound
    // 24), the narrow beams find 29 and 30, and the way down gallops from there.
    const problem = game('triangle10', '8-move', '9x9')
    const r = await runGame(
      gameJob({ problem: specFromProblem(problem), threads: 1, maxLength: 60, strategy: 'heuristic', beam: { width: 300 } }),
    )
    // The look at the bound (exhaustive, within its allowance) aside: the beams.
    const [p1, p2, ...down] = r.proof.searches.filter((s) => s.heuristic)
    let best = Math.min(...[p1!, p2!].filter((s) => s.result === 'found').map((s) => s.length!))
    let step = 1
    let galloped = false
    for (const s of down) {
      // Each search is below the best game so far, and a step below it where that was untried.
      expect(s.bound).toBeLessThan(best)
      if (step > 1 && s.bound === best - step) galloped = true
      if (s.result === 'found') {
        best = Math.min(best, s.length!)
        step *= 2
      } else step = Math.max(1, step >> 1)
    }
    expect(new Set(down.map((s) => s.bound)).size).toBe(down.length)
    expect(galloped).toBe(true)
    expect(r.length).toBe(best)
    // The end: each of the two lengths just below the game found was searched and found nothing, or
    // is below the proven lower bound (a length the look excluded is not searched again).
    for (const L of [best - 1, best - 2]) if (L >= r.lowerBound) expect(down.find((s) => s.bound === L)?.result).toBe('none')
    expect(down.every((s) => s.bound >= r.lowerBound)).toBe(true)
    expect(verify(problem, r.moves.join(', ')).winner?.move).toBe(best)
  })
})

describe('counting the shortest games', () => {
  function triangle3(b: string, moves: MoveSet): Problem {
    const board = unwrap(boardByName(b))
    return unwrap(
      makeProblem({
        kind: 'game',
        board,
        rules: makeRules(moves),
        starts: [
          [0, 1, board.width],
          [board.size - 1, board.size - 2, board.size - 1 - board.width],
        ],
      }),
    )
  }

  /**
   * Every game of exactly L moves won by `winner`, by counting move sequences ply by ply over real
   * positions (no folding, no bound). With `heuristic`, the winner only jumps (odd boards) and after
   * each of its moves n >= critical at least (n - critical)/2 + 1 of its men are home.
   */
  function countGames(
    problem: Problem,
    L: number,
    winner: number,
    heuristic: boolean,
    vacating = false,
  ): { games: number; finals: number } {
    const topo = topology(problem.board, problem.rules)
    const d = new GameDomain(problem, { fold: false })
    const critical = L - 2 * (d.men - 1)
    const odd = d.oddBoard
    let layer = new Map<string, [Uint8Array, number]>([['start', [startPosition(problem).occupancy(), 1]]])
    let games = 0
    const finals = new Set<string>()
    for (let ply = 1; ply <= L; ply++) {
      const mover = d.mover(ply)
      const next = new Map<string, [Uint8Array, number]>()
      for (const [occ, count] of layer.values()) {
        const children = new Map<string, Uint8Array>()
        for (const m of legalMoves(topo, occ, ownerOf(mover))) {
          const from = m.path[0]!
          const to = m.path[m.path.length - 1]!
          if (heuristic && odd && mover === winner && d.dist[from * d.space.n + to] === 1) continue
          // (vi): after the critical move the loser's moves but its last leave its base or step.
          const loserHome = d.problem.armies[mover]!.start.includes(from)
          if (vacating && mover !== winner && ply > critical && ply < L - 1 && !loserHome && d.dist[from * d.space.n + to] !== 1) continue
          const o2 = occ.slice()
          applyMove(o2, m)
          children.set(String.fromCharCode(...o2), o2)
        }
        for (const [k, o2] of children) {
          const mine = Array.from(o2.keys()).filter((c) => o2[c] === mover + 1)
          if (d.occupies(mine, mover)) {
            if (ply === L && mover === winner) {
              games += count
              finals.add(k)
            }
            continue
          }
          if (ply === L) continue
          if (heuristic && mover === winner && ply >= critical) {
            const home = mine.filter((c) => d.inBase[winner]![c] === 1).length
            if (home < Math.floor((ply - critical) / 2) + 1) continue
          }
          const e = next.get(k)
          if (e) e[1] += count
          else next.set(k, [o2, count])
        }
      }
      layer = next
    }
    return { games, finals: finals.size }
  }

  it.each([
    ['4x4', '6-move'],
    ['4x4', '8-move'],
    ['4x4', '4-move'],
  ] as const)('triangle3 %s %s: the folded search counts every shortest game, as plain counting does', async (b, moves) => {
    const problem = triangle3(b, moves)
    expect(new GameDomain(problem).fold).toBeDefined()
    const r = await runGame(gameJob({ problem: specFromProblem(problem), threads: 1 }))
    expect(r.status).toBe('optimal')
    const plain = countGames(problem, r.length!, r.winner === 'blue' ? 0 : 1, false)
    expect(plain.games).toBeGreaterThan(1)
    expect(r.count).toEqual({ games: plain.games, finalPositions: plain.finals, scope: 'all' })
    // Every listed game verifies and ends with the winner's move.
    for (const g of r.games) expect(verify(problem, g.moves.join(', ')).winner?.move).toBe(r.length)
  })

  it.each([
    ['4x4', '8-move', false],
    ['4x4', '6-move', false],
    ['4x4', '4-move', false],
    ['4x4', '8-move', true],
    ['4x4', '6-move', true],
    ['4x4', '4-move', true],
  ] as const)(
    'triangle3 %s %s, (vi) %s: a complete heuristic search counts exactly the games with its properties',
    async (b, moves, vacating) => {
      const problem = triangle3(b, moves)
      const domain = new GameDomain(problem, { fold: true })
      expect(domain.fold).toBeDefined()
      const optimum = await runGame(gameJob({ problem: specFromProblem(problem), threads: 1, strategy: 'exhaustive' }))
      // (vi) bites only where the loser has moves to spare: one move past the optimum (the other
      // winner's shortest games; it cannot win sooner).
      const L = optimum.length! + (vacating ? 1 : 0)
      const winner = domain.mover(L)
      const heuristics = { vacating, lines: false }
      const out = await oneSearch(domain, { bound: L, winner, heuristics })
      const taken = takeGame(domain, out, { list: 20, scope: vacating ? 'heuristic-vi' : 'heuristic' })
      const expected = countGames(problem, L, winner, true, vacating)
      expect(expected.games).toBeGreaterThan(0)
      if (vacating) expect(expected.games).toBeLessThan(countGames(problem, L, winner, true).games)
      expect(taken.count).toEqual({
        games: expected.games,
        finalPositions: expected.finals,
        scope: vacating ? 'heuristic-vi' : 'heuristic',
      })
      // The games with the properties are among all the shortest games.
      if (!vacating) expect(expected.games).toBeLessThanOrEqual(optimum.count!.games)
      else {
        // (vi) prunes in the search itself, not only in the count.
        const all = await oneSearch(domain, { bound: L, winner, heuristics: { vacating: false, lines: false } })
        const sum = (o: SearchOutcome) => o.record.levels.reduce((a, b) => a + b, 0)
        expect(sum(out)).toBeLessThan(sum(all))
      }
    },
  )
})

describe('one length, and the allowance of the count', () => {
  const board = unwrap(boardByName('4x4'))
  const problem = unwrap(
    makeProblem({
      kind: 'game',
      board,
      rules: makeRules('6-move'),
      starts: [
        [0, 1, board.width],
        [board.size - 1, board.size - 2, board.size - 1 - board.width],
      ],
    }),
  )
  const spec = specFromProblem(problem)
  const solve = (o: Omit<GameJobInput, 'problem'>) => runGame(gameJob({ problem: spec, threads: 1, ...o }))

  it('--length searches that length only, for the winner its parity gives', async () => {
    const optimum = await solve({ strategy: 'exhaustive' })
    const L = optimum.length!
    const at = await solve({ strategy: 'exhaustive', length: L })
    expect(at.proof.searches.map((s) => s.bound)).toEqual([L])
    expect(at.length).toBe(L)
    expect(verify(problem, at.moves.join(', ')).winner?.move).toBe(L)
    // Two moves less: the same winner, no game, and that is all the search shows.
    const below = await solve({ strategy: 'exhaustive', length: L - 2 })
    expect(below.proof.searches.map((s) => [s.bound, s.result])).toEqual([[L - 2, 'none']])
    expect(below.length).toBeNull()
    expect(below.lowerBound).toBeLessThanOrEqual(L)
    // auto: the heuristic search first; it finds the game, so no exhaustive search runs.
    const auto = await solve({ length: L, beam: { width: 0 } })
    expect(auto.proof.searches.map((s) => [s.bound, s.heuristic])).toEqual([[L, true]])
    expect(auto.length).toBe(L)
  })

  it('the count of every shortest game is one more search within an allowance, skipped when it does not fit', async () => {
    const full = await solve({ beam: { width: 0 } })
    expect(full.status).toBe('optimal')
    expect(full.count?.scope).toBe('all')
    const job = gameJob({ problem: spec, threads: 1, beam: { width: 0 } })
    const solver = new GameFlow(job, {}, () => undefined)
    solver.enumerationStates = 3
    const r = await solver.run()
    expect(r.status).toBe('optimal')
    expect(r.length).toBe(full.length)
    const last = r.proof.searches.at(-1)!
    expect(last.bound).toBe(full.length)
    expect(last.result).toBe('budget')
    // The game found first (by the narrow first search) was not counted: the games with the
    // heuristic properties were tried next, within the same allowance; nothing is claimed.
    const [exhaustive, heuristic] = r.proof.searches.slice(-2)
    expect([exhaustive!.heuristic, exhaustive!.result, heuristic!.heuristic, heuristic!.result]).toEqual([false, 'budget', true, 'budget'])
    expect(r.count).toBeNull()
  })
})

describe('the beam keeps different winners', () => {
  it("at most `diversity` states share the winner's men while other states are left", async () => {
    const problem = game('triangle10', '6-move')
    const d = new GameDomain(problem, { fold: true })
    const cap = (level: KeySet, perGroup: number, width: number) =>
      cutLevel(d, level, { depth: 2, winner: 1 }, { width, perGroup, fertility: undefined }, 'plain')
    // Levels 0-2 of the exhaustive search for red (then it stops at its allowance).
    const { levels } = await oneSearch(d, { bound: 29, winner: 1, allowance: { states: 1500, seconds: 60 } })
    const level2 = inMemory(levels[2]!)
    const reds = (set: KeySet) => {
      const seen = new Set<string>()
      set.forEach((raw, off) => void seen.add(d.armies(raw, off)[1].join(',')))
      return seen
    }
    const all = reds(level2)
    expect(all.size).toBeGreaterThan(5)
    const beam = 5
    // Without a limit, the 5 best states are blue's replies to red's best move or two.
    const plain = cap(level2, 1000, beam)
    expect(plain.size).toBe(beam)
    expect(reds(plain).size).toBeLessThan(beam)
    // With a limit of one, five different red armies.
    const diverse = cap(level2, 1, beam)
    expect(diverse.size).toBe(beam)
    expect(reds(diverse).size).toBe(beam)
    // A beam wider than the red armies: one state each, then the best of the others to fill it.
    const wide = cap(level2, 1, all.size + 3)
    expect(wide.size).toBe(all.size + 3)
    expect(reds(wide).size).toBe(all.size)
  })
})

describe('the split search', () => {
  const board = unwrap(boardByName('5x5'))
  const problem = unwrap(
    makeProblem({
      kind: 'game',
      board,
      rules: makeRules('6-move'),
      starts: [
        [0, 1, board.width],
        [board.size - 1, board.size - 2, board.size - 1 - board.width],
      ],
    }),
  )
  const domain = new GameDomain(problem, { fold: true })
  const job = gameJob({ problem: specFromProblem(problem), threads: 1, strategy: 'exhaustive' })
  type Outcome = SearchOutcome
  /** A heuristic search without a beam, split in blocks of `block` (0: not split), nested past `nest`. */
  const search = (block: number, bound: number, winner: number, nest = 1e9, lines = false) => {
    const take = (out: Outcome) => takeGame(domain, out, { list: 20, scope: 'heuristic' })
    const run = () => oneSearch(domain, { bound, winner, heuristics: { vacating: false, lines } }, { split: { block, nest } })
    return { take, run }
  }

  it('takes the critical level in blocks: the same shortest game, traced through its block, and none below it after every block', async () => {
    const optimum = await runGame(job)
    // The shortest length with a game that has the heuristic properties.
    let L = optimum.length!
    let whole = await search(0, L, domain.mover(L)).run()
    while (whole.record.result !== 'found' && L < optimum.length! + 6) whole = await search(0, ++L, domain.mover(L)).run()
    const winner = domain.mover(L)
    expect(whole.record.split).toBeUndefined()
    expect(whole.record.result).toBe('found')
    const s = search(2, L, winner)
    const split = await s.run()
    // From the critical move on, the first level of more than a block.
    const critical = L - 2 * (domain.men - 1)
    const move = whole.record.levels.findIndex((size, i) => i >= critical && size > 2)
    expect(split.record.split!.move).toBe(move)
    expect(split.record.split!.states).toBe(whole.record.levels[split.record.split!.move])
    expect(split.record.split!.states).toBeGreaterThan(2)
    expect(split.record.length).toBe(whole.record.length)
    const taken = s.take(split)
    expect(verify(problem, taken.moves.join(', ')).winner?.move).toBe(L)
    // A block holds only some of the games: no count.
    expect(taken.count).toBeNull()
    // Below the optimum: nothing, after every block of the critical level.
    const below = await search(2, L - 2, winner).run()
    expect(below.record.result).toBe('none')
    expect(below.record.split!.searched).toBe(below.record.split!.states)
    // Split in turn wherever a block's level passes 3 states: the same game length, the same none.
    const nested = search(2, L, winner, 3)
    const deep = await nested.run()
    expect(deep.record.length).toBe(L)
    expect(deep.record.split!.searched).toBeGreaterThan(0)
    expect(verify(problem, nested.take(deep).moves.join(', ')).winner?.move).toBe(L)
    const deepBelow = await search(2, L - 2, winner, 3).run()
    expect(deepBelow.record.result).toBe('none')
    expect(deepBelow.record.split!.searched).toBe(deepBelow.record.split!.states)
    // Nesting expands more (fewer duplicates removed) than one split.
    const total = (o: Outcome) => o.record.levels.reduce((a, b) => a + b, 0)
    expect(total(deepBelow)).toBeGreaterThan(total(below))
    // Property (v) drops states (and keeps this game's length here).
    const withLines = await search(0, L + 2, winner, 1e9, true).run()
    const without = await search(0, L + 2, winner).run()
    expect(total(withLines)).toBeLessThan(total(without))
    const unsplit = await search(0, L - 2, winner).run()
    expect(unsplit.record.result).toBe('none')
    // The same levels up to the critical move; past it, sums over blocks, at least the unsplit sizes.
    const m = below.record.split!.move
    expect(below.record.levels.slice(0, m + 1)).toEqual(unsplit.record.levels.slice(0, m + 1))
    below.record.levels.slice(m + 1).forEach((size, i) => expect(size).toBeGreaterThanOrEqual(unsplit.record.levels[m + 1 + i] ?? 0))
  })

  it.each([
    ['fabian-30.halma.json', 9],
    ['cc30-engine.halma.json', 9],
    ['game15-36.halma.json', 7],
  ])("%s: the order's features: every line between the bases empty at the start, and a man ready before each placement", (file, lines) => {
    const doc = loadProblemFile(file)
    const d = new GameDomain(doc.problem, { fold: false })
    const v = verify(doc.problem, doc.solutions[0]!.solution)
    const L = v.length
    const winner = d.mover(L)
    const [lo, hi] = d.middle[winner]!
    expect(hi - lo + 1).toBe(lines)
    const key = new Uint32Array(d.w)
    const f = new Int32Array(2)
    let position = startPosition(doc.problem)
    for (let i = 0; i < L; i++) {
      d.packArmies(position.men(0), position.men(1), key, 0)
      d.splitFeatures(key, 0, winner, f)
      if (i === 0) expect([...f]).toEqual([0, lines])
      // From the critical move on the winner places at every turn: some man of his can, by a move of his own.
      if (i + 1 >= L - 2 * (d.men - 1) && d.mover(i + 1) === winner) expect(f[0], `move ${i + 1}`).toBeGreaterThan(0)
      const path = v.moves[i]!.move.path
      position = position.moved(path[0]!, path[path.length - 1]!)
    }
  })
})

describe("the beam's lookahead", () => {
  const problem = game('triangle10', '6-move')
  const d = new GameDomain(problem, { fold: true })
  const L = 30
  const winner = 1
  const heuristic: HeuristicRule = { critical: L - 2 * (d.men - 1), placements: true, vacating: false, lines: null }
  const rule = (level: number): GameRule => ({ kind: 'game', level, bound: L, winner, heuristic })
  /** The lookahead's counts per slot of `level` (after 3 moves). */
  const lookahead = (
    ex: InlineExecutor<GameRule> | ThreadExecutor<GameRule, DomainInit>,
    level: KeySet,
    prev: KeySet,
    ahead: number,
    budget = new Budget(2 ** 32, Infinity),
  ) =>
    countDescendants({
      executor: ex,
      budget,
      level,
      prev,
      depth: 3,
      ahead,
      rule,
      held: 0,
      kind: ex.shared ? 'shared' : 'plain',
      progress: () => undefined,
    })
  /** The children of one state alone, through the kernel: one per move that survives the pruning. */
  const childrenOf = (raw: Uint32Array, off: number, level: number, prev: KeySet): Uint32Array[] => {
    const one = new KeySet(d.w, 16)
    one.add(raw, off)
    const out: Uint32Array[] = []
    new GameKernel(d).expandRange(
      one.raw,
      0,
      one.capacity,
      rule(level),
      [prev],
      sinkOf((k, o) => void out.push(k.slice(o, o + d.w))),
      newStats(),
    )
    return out
  }

  it('counts, per state, the children and the grandchildren that survive the pruning', async () => {
    const ex = new InlineExecutor(new GameKernel(d))
    const { levels } = await oneSearch(d, {
      bound: L,
      winner,
      heuristics: { vacating: false, lines: false },
      allowance: { states: 3000, seconds: 60 },
    })
    const [prev, level] = [inMemory(levels[2]!), inMemory(levels[3]!)]
    expect(level.size).toBeGreaterThan(100)
    const ones = await lookahead(ex, level, prev, 1)
    const twos = await lookahead(ex, level, prev, 2)
    let checked = 0
    let differ = false
    level.forEach((raw, off) => {
      const slot = off / d.w
      if (slot % 7 !== 0) return
      const kids = childrenOf(raw, off, 4, prev)
      expect(ones![slot]).toBe(kids.length)
      let grand = 0
      for (const k of kids) grand += childrenOf(k, 0, 5, level).length
      expect(twos![slot]).toBe(grand)
      if (grand !== kids.length) differ = true
      checked++
    })
    expect(checked).toBeGreaterThan(10)
    expect(differ).toBe(true)
    // Through the thread protocol (workers in process, replies later): the slot travels with each
    // child, and the children's table is shared; the same counts.
    class LocalPort implements WorkerPort<DomainInit> {
      private readonly worker = new ExpansionWorker(buildKernel)
      private handler: ((m: WorkerReply) => void) | undefined
      post(message: WorkerMessage<DomainInit>): void {
        const r = this.worker.handle(message)
        if (r) setTimeout(() => this.handler?.(r.reply), 0)
      }
      onMessage(h: (m: WorkerReply) => void): void {
        this.handler = h
      }
      onError(): void {}
      terminate(): void {}
    }
    const threaded = new ThreadExecutor<GameRule, DomainInit>(() => new LocalPort(), 2, { type: 'init', domain: d.init })
    const sharedSet = (set: KeySet) => {
      const copy = new KeySet(d.w, set.size, 'shared')
      set.forEach((raw, off) => void copy.add(raw, off))
      return copy
    }
    const [sp, sl] = [sharedSet(prev), sharedSet(level)]
    const ones2 = await lookahead(threaded, sl, sp, 1)
    const twos2 = await lookahead(threaded, sl, sp, 2)
    const bySlot = (set: KeySet, counts: Float64Array) => {
      const m = new Map<string, number>()
      set.forEach((raw, off) => void m.set(keyText(raw, off, d.w), counts[off / d.w]!))
      return m
    }
    expect(bySlot(sl, ones2!)).toEqual(bySlot(level, ones!))
    expect(bySlot(sl, twos2!)).toEqual(bySlot(level, twos!))
    // Over the memory budget: the lookahead stops with the budget error.
    await expect(lookahead(ex, level, prev, 2, new Budget(100_000, Infinity))).rejects.toBeInstanceOf(BudgetError)
    // Slots that hold no state count nothing.
    for (let s = 0; s < level.capacity; s++) if ((level.raw[s * d.w + d.w - 1]! & USED_BIT) === 0) expect(ones![s]).toBe(0)
  })

  it('finds a game with a narrow beam ranked by lookahead, and the job checks the depth', async () => {
    const board = unwrap(boardByName('5x5'))
    const small = unwrap(
      makeProblem({
        kind: 'game',
        board,
        rules: makeRules('6-move'),
        starts: [
          [0, 1, board.width],
          [board.size - 1, board.size - 2, board.size - 1 - board.width],
        ],
      }),
    )
    const optimum = await runGame(gameJob({ problem: specFromProblem(small), threads: 1, strategy: 'exhaustive' }))
    // The shortest length with a game that has the heuristic properties (no beam); then beams of 8.
    const at = (L: number, width: number, lookahead: number) =>
      runGame(gameJob({ problem: specFromProblem(small), threads: 1, strategy: 'heuristic', beam: { width, lookahead }, length: L }))
    let L = optimum.length!
    while ((await at(L, 0, 0)).length === null && L < optimum.length! + 6) L++
    expect((await at(L, 0, 0)).length).toBe(L)
    // Ranked by grandchildren, a beam of 8 keeps a way to the game; ranked by how far along the
    // states are, or by children, it loses every one.
    const r = await at(L, 8, 2)
    expect(r.length).toBe(L)
    expect(r.proof.searches[0]!.cut).toBe(true)
    expect(verify(small, r.moves.join(', ')).winner?.move).toBe(L)
    expect((await at(L, 8, 0)).length).toBeNull()
    expect((await at(L, 8, 1)).length).toBeNull()
    // A beam over moves 4-6 only: those levels hold at most 8 states, the others every state.
    const window = (
      await runGame(
        gameJob({
          problem: specFromProblem(small),
          threads: 1,
          strategy: 'heuristic',
          beam: { width: 8, lookahead: 2, moves: [4, 6] },
          length: L,
        }),
      )
    ).proof.searches[0]!
    const whole = (await at(L, 0, 0)).proof.searches[0]!
    expect(window.cut).toBe(true)
    window.levels.forEach((size, i) => {
      if (i >= 4 && i <= 6) expect(size).toBeLessThanOrEqual(8)
      else if (i < 4) expect(size).toBe(whole.levels[i])
    })
    expect(window.levels.slice(7).some((size) => size > 8)).toBe(true)
    for (const bad of [[5, 4], [1], [-1, 3], [1.5, 2]]) {
      const parsed = parseGameJob({ problem: specFromProblem(small), beam: { moves: bad } })
      expect(parsed.ok).toBe(false)
      if (!parsed.ok) expect(parsed.error.some((e) => e.at === 'beam.moves')).toBe(true)
    }
    for (const bad of [3, 1.5, -1]) {
      const parsed = parseGameJob({ problem: specFromProblem(small), beam: { lookahead: bad } })
      expect(parsed.ok).toBe(false)
      if (!parsed.ok) expect(parsed.error.some((e) => e.at === 'beam.lookahead')).toBe(true)
    }
  })
})
