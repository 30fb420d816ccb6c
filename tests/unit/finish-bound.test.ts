// The finish bound (engine/transfer/finish-bound.ts) against exact distances: on small problems
// every board reachable from the target is given its true distance to the target by a
// breadth-first search (moves are reversible), and the bound must never exceed it; the kernel's
// incremental form (prepare, child) must give what the bound gives the child from scratch, and a
// tight board (as many men outside as moves left) that is that close must have a man who can enter.
import { describe, expect, it } from 'vitest'
import { boardByName } from '../../src/shared/halma/board'
import { presetProblem } from '../../src/shared/halma/problem'
import { makeRules, type MoveSet } from '../../src/shared/halma/rules'
import { expect as unwrap } from '../../src/shared/result'
import { PackedSpace } from '../../src/shared/engine/packed/space'
import { FinishBound } from '../../src/shared/engine/transfer/finish-bound'

/** A key of up to two words (boards of up to 63 cells) as a number, and back. */
const num = (key: Uint32Array, off: number, w: number): number => key[off]! + (w > 1 ? key[off + 1]! * 2 ** 32 : 0)
function setKey(key: Uint32Array, k: number, w: number): void {
  key[0] = k % 2 ** 32
  if (w > 1) key[1] = Math.floor(k / 2 ** 32)
}

/** Every board reachable from `target`, with its distance to it. */
function distances(space: PackedSpace, target: readonly number[]): Map<number, number> {
  const w = space.w
  if (w > 2) throw new Error('test boards have at most 63 cells')
  const key = new Uint32Array(w)
  space.pack(target, key)
  const dist = new Map<number, number>([[num(key, 0, w), 0]])
  let frontier = [num(key, 0, w)]
  const from = new Int16Array(4096)
  const to = new Int16Array(4096)
  const out = new Uint32Array(4096 * w)
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[] = []
    for (const k of frontier) {
      setKey(key, k, w)
      const n = space.expand(key, 0, from, to, out)
      for (let j = 0; j < n; j++) {
        const c = num(out, j * w, w)
        if (!dist.has(c)) {
          dist.set(c, d)
          next.push(c)
        }
      }
    }
    frontier = next
  }
  return dist
}

describe('the finish bound is admissible', () => {
  it.each([
    ['5x5', '6-move', 'triangle6', false],
    ['5x5', '4-move', 'triangle6', false],
    ['5x5', '8-move', 'triangle6', false],
    ['5x5', '6-move', 'triangle6', true],
    ['6x6', '6-move', 'square4', false],
    ['6x6', '8-move', 'square4', false],
  ] as const)(
    '%s %s %s (jumps only %s): never above the true distance to the target, and the same per child as from scratch',
    (b, moves, army, jumpsOnly) => {
      const board = unwrap(boardByName(b))
      const rules = makeRules(moves as MoveSet, { jumpsOnly })
      const problem = unwrap(presetProblem('transfer', board, rules, army))
      const target = problem.armies[0]!.target
      const space = new PackedSpace(board, rules)
      const bound = new FinishBound(space, target)
      const scratch = new FinishBound(space, target)
      const dist = distances(space, target)
      const key = new Uint32Array(space.w)
      const from = new Int16Array(4096)
      const to = new Int16Array(4096)
      let beyondOutside = 0
      let exact = 0
      let checkedChildren = 0
      let tightDrops = 0
      // Failures collected (an expect per board would take most of the time).
      const above: string[] = []
      const differ: string[] = []
      for (const [k, d] of dist) {
        setKey(key, k, space.w)
        const m = space.decode(key, 0)
        const men = Array.from(space.men.subarray(0, m))
        const h = bound.moves(men, m)
        if (h > d) above.push(`board ${men.join(',')}: bound ${h}, ${d} moves from the target`)
        const outside = men.filter((c) => bound.inTarget[c] === 0).length
        // Tight (as many men outside as moves left): a man outside must be able to enter now.
        const enters = outside === 0 || outside < h || bound.placeable(men, m, -1, -1)
        if (outside === d && !enters) above.push(`board ${men.join(',')}: tight at ${d} moves and no man can enter`)
        if (!enters) tightDrops++
        if (h > outside) beyondOutside++
        if (h === d) exact++
        // Every 7th board: its children through the kernel's incremental form.
        if (k % 7 !== 3) continue
        const n = space.expand(key, 0, from, to)
        bound.prepare(men, m)
        for (let j = 0; j < n; j++) {
          const child = men.map((c) => (c === from[j] ? to[j]! : c))
          const fromScratch = scratch.moves(child, m)
          const incremental = bound.child(from[j]!, to[j]!)
          if (incremental !== fromScratch)
            differ.push(`child ${from[j]}>${to[j]} of ${men.join(',')}: ${incremental}, from scratch ${fromScratch}`)
          checkedChildren++
        }
      }
      expect(above.slice(0, 5)).toEqual([])
      expect(differ.slice(0, 5)).toEqual([])
      expect(dist.size).toBeGreaterThan(1000)
      expect(checkedChildren).toBeGreaterThan(100)
      // It counts more than the men outside (the distance and type terms), and is often exact.
      expect(beyondOutside).toBeGreaterThan(0)
      // The tight case's look-ahead drops boards the counts alone keep.
      expect(tightDrops).toBeGreaterThan(0)
      expect(exact).toBeGreaterThan(0)
    },
  )
})
