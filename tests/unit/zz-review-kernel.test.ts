import { describe, expect, it } from 'vitest'
import { newStats } from '../../src/shared/engine/core/contract'
import { KeySet } from '../../src/shared/engine/core/keyset'
import { MultiDomain } from '../../src/shared/engine/multi/domain'
import { MultiKernel } from '../../src/shared/engine/multi/kernel'
import { destinations, gameFromSpec, multiPresets, mustVacate, specOf, type MultiGame, type MultiSpec, type Occupancy } from '../../src/shared/multi/game'
import { winnerAfter } from '../../src/shared/multi/line'

type State = number[][]
const KEY = new Uint32Array(64)
const text = (s: State): string => s.map((a) => a.join(',')).join('|')

function legalMoves(g: MultiGame, occ: Occupancy, p: number): [number, number][] {
  const all: [number, number][] = []
  occ.forEach((a, from) => {
    if (a === p) for (const to of destinations(g, occ, from).keys()) all.push([from, to])
  })
  if (!mustVacate(g, occ, p)) return all
  const camp = new Set(g.board.camp(g.players[p]!.camp, g.men))
  const out = all.filter(([from, to]) => camp.has(from) && !camp.has(to))
  return out.length > 0 ? out : all
}
const occOf = (d: MultiDomain, s: State): Occupancy => {
  const occ = new Int8Array(d.space.n).fill(-1)
  s.forEach((cells, p) => cells.forEach((c) => (occ[c] = p)))
  return occ
}
const stateOf = (d: MultiDomain, occ: Occupancy): State => d.game.players.map((_, p) => [...occ.keys()].filter((c) => occ[c] === p))

const specs: Record<string, MultiSpec> = {}
for (const id of ['mini-4', 'mini-6', 'star73-3', 'piecepack-4', 'cross-4', 'piecepack-2', 'mini-3', 'star73-6']) {
  const base = specOf(multiPresets()[id]!)
  specs[id + ' vacate'] = { ...base, vacate: true }
  if (base.camps.length === 4 || base.camps.length === 6) {
    specs[id + ' teams'] = { ...base, teams: true }
    specs[id + ' teams vacate'] = { ...base, teams: true, vacate: true }
  }
}
specs['star37 3p custom targets vacate'] = { board: 'star37', camps: [0, 1, 2], targets: [1, 2, 0], men: 3, vacate: true }
specs['star37 3p custom targets2 vacate'] = { board: 'star37', camps: [0, 2, 4], targets: [2, 4, 0], men: 3, vacate: true }
specs['square6 4p targets rotate vacate'] = { board: 'square6', camps: [0, 1, 2, 3], targets: [1, 2, 3, 0], men: 3, vacate: true }

describe('review kernel vs rules', () => {
  for (const [name, spec] of Object.entries(specs))
    it(name, () => {
      const g = gameFromSpec(spec)
      const d = new MultiDomain(g)
      const kernel = new MultiKernel(d)
      let seed = 11
      const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
      let checked = 0, vacated = 0
      for (let game = 0; game < 6; game++) {
        let state = d.unpack(d.startKey, 0)
        for (let ply = 1; ply <= 120; ply++) {
          const mover = d.mover(ply)
          const winner = random(d.players)
          const table = new KeySet(d.w, 4)
          d.pack(state, KEY, 0)
          table.add(KEY, 0)
          const kept = new Set<string>()
          const goals = new Set<string>()
          kernel.expandRange(table.raw, 0, table.capacity, { kind: 'multi', level: ply, bound: ply + 100000, winner, score: 'none' }, [],
            { minScore: -Infinity, child: (k, o) => void kept.add(text(d.unpack(k, o))), goal: (k, o) => void goals.add(text(d.unpack(k, o))) }, newStats())
          const occ = occOf(d, state)
          if (mustVacate(g, occ, mover)) vacated++
          const moves = legalMoves(g, occ, mover)
          const wantKept = new Set<string>()
          const wantGoals = new Set<string>()
          const playable: State[] = []
          for (const [f, t] of moves) {
            const c = occ.slice(); c[t] = mover; c[f] = -1
            const s = stateOf(d, c)
            const w = winnerAfter(g, c, mover)
            if (w >= 0) { if (d.sides[w]!.includes(winner)) wantGoals.add(text(s)) }
            else { wantKept.add(text(s)); playable.push(s) }
          }
          expect([...kept].sort(), `${name} game ${game} ply ${ply} kept`).toEqual([...wantKept].sort())
          expect([...goals].sort(), `${name} ply ${ply} goals`).toEqual([...wantGoals].sort())
          // children() as the rules
          const ch = new Set(d.children(state, mover).map(text))
          const all = new Set(moves.map(([f, t]) => { const c = occ.slice(); c[t] = mover; c[f] = -1; return text(stateOf(d, c)) }))
          expect([...ch].sort()).toEqual([...all].sort())
          checked++
          if (playable.length === 0) break
          // bias: prefer moves that advance (random otherwise)
          state = playable[random(playable.length)]!
        }
      }
      console.log(name, 'checked', checked, 'vacate positions', vacated)
    }, 300_000)
})
