// The two-player game search: the fast kernel against a slow reference, the paper's level sizes,
// the admissible bound, and the search on small boards against plain breadth-first search.
import { describe, expect, it } from 'vitest'
import { boardByName } from '../../src/shared/board'
import { specFromProblem } from '../../src/shared/document'
import { applyMove, legalMoves } from '../../src/shared/moves'
import { ownerOf } from '../../src/shared/position'
import { presetProblem, startPosition, type Problem } from '../../src/shared/problem'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules, type MoveSet } from '../../src/shared/rules'
import { topology } from '../../src/shared/topology'
import { verify } from '../../src/shared/verify'
import { Engine } from '../../src/shared/engine/engine'
import { InlineExecutor } from '../../src/shared/engine/executor'
import { GameDomain, GameKernel, type GameRule } from '../../src/shared/engine/game'
import { parseGameJob } from '../../src/shared/engine/game-search'
import { newStats } from '../../src/shared/engine/kernel'
import { KeySet } from '../../src/shared/engine/keyset'

const game = (army: string, moves: MoveSet, b = '9x9'): Problem =>
  unwrap(presetProblem('game', unwrap(boardByName(b)), makeRules(moves), army as never))

function lcg(seed: number): (n: number) => number {
  let s = seed
  return (n) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % n)
}

const keyText = (k: Uint32Array, o: number, w: number) => Array.from(k.subarray(o, o + w)).join(',')

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
    const rand = lcg(7)
    const occ = startPosition(problem).occupancy()
    const key = new Uint32Array(d.w)
    for (let ply = 0; ply < 60; ply++) {
      const level = ply + 1 // the children are at this level
      const mover = d.mover(level)
      const blue = Array.from(occ.keys()).filter((c) => occ[c] === 1)
      const red = Array.from(occ.keys()).filter((c) => occ[c] === 2)
      if (d.occupies(blue, 0) || d.occupies(red, 1)) break
      d.pack(blue, red, key, 0)
      const bound = level + 25
      const rule: GameRule = { game: true, level, bound, heuristic: null }
      const kept: string[] = []
      const wins: string[] = []
      kernel.expandRange(
        key,
        0,
        1,
        rule,
        undefined,
        undefined,
        { add: (k, o) => void kept.push(keyText(k, o, d.w)), win: (k, o) => void wins.push(keyText(k, o, d.w)) },
        newStats(),
      )
      // Reference: the core's moves, packed from scratch, the bound computed from scratch.
      const refKept = new Set<string>()
      const refWins = new Set<string>()
      for (const m of legalMoves(topo, occ, ownerOf(mover))) {
        const o2 = occ.slice()
        applyMove(o2, m)
        const nb = Array.from(o2.keys()).filter((c) => o2[c] === 1)
        const nr = Array.from(o2.keys()).filter((c) => o2[c] === 2)
        const k = new Uint32Array(d.w)
        d.pack(nb, nr, k, 0)
        if (d.occupies(mover === 0 ? nb : nr, mover)) refWins.add(keyText(k, 0, d.w))
        else if (level + d.bound(nb, nr, 1 - mover) <= bound) refKept.add(keyText(k, 0, d.w))
      }
      expect(new Set(kept)).toEqual(refKept)
      expect(new Set(wins)).toEqual(refWins)
      const all = legalMoves(topo, occ, ownerOf(mover))
      if (all.length === 0) break
      applyMove(occ, all[rand(all.length)]!)
    }
  })
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
        prev: seen[i % 2],
        cur: undefined,
        rule: { game: true, level: i, bound: 1000, heuristic: null },
        sink: { add: (k, o) => void next.add(k, o), win: () => undefined },
      })
      next.forEach((r, o) => void seen[i % 2]!.add(r, o))
      sizes.push(next.size)
      level = next
    }
    expect(sizes).toEqual([7, 98, 1253])
    expect(d.bound(problem.armies[0]!.start, problem.armies[1]!.start, 0)).toBe(27)
  })

  it("the bound never exceeds what is left of Fabian's game at any move", () => {
    const problem = game('triangle10', '6-move')
    const d = new GameDomain(problem)
    const fabian =
      'c2-d2, h8-h6, d1-d3, i6-g6, a3-c3-e3, g9-g7-g5, a2-c2-e2-e4, h7-h5-f7, e4-f4, i9-g9-g7-e7, d3-c4, g6-g4-e4-e2-c2-a2, a4-c2-e2-e4-g4-g6-e8-e6, i8-i6-g6-g4-e4-e2-c2-a4, a1-a3-c3-c5, f9-h7-h5-f5-f3-d3-d1, c5-d5, e7-e5-c5-c3-a3-a1, b2-b4-d4-d6-f6-f8-h8, i7-g9-g7-e7-e5-c5-c3-a3, c1-e1-c3-c5-e5-e7-g7, h6-f8-f6-d6-d4-b4-b2, b3-b4, g8-g6-g4-e4-e2-c2, b1-b3-b5-d3-f3-f5, g5-e5-c5-c3-c1, f5-f6, f7-f5-f3-d3-b5-b3-b1, e6-g6-g8-i8, h9-h7-f7-f5-f3-d3-b5-b3'
    const v = verify(problem, fabian)
    expect(v.valid).toBe(true)
    let position = startPosition(problem)
    for (let i = 0; i <= 30; i++) {
      const toMove = (problem.first + i) % 2
      expect(i + d.bound(position.men(0), position.men(1), toMove), `after move ${i}`).toBeLessThanOrEqual(30)
      if (i < 30) position = position.moved(v.moves[i]!.move.path[0]!, v.moves[i]!.move.path[v.moves[i]!.move.path.length - 1]!)
    }
  })
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
            (await import('../../src/shared/problem')).makeProblem({
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
    const job = unwrap(parseGameJob({ problem: specFromProblem(problem) }))
    const r = await new Engine().startGame(job).result
    expect(r.length).toBe(expected)
    expect(r.status).toBe('optimal')
    expect(verify(problem, r.moves.join(', ')).winner?.move).toBe(expected)
    expect(r.count!.games).toBeGreaterThanOrEqual(r.games.length)
  })
})
