import { describe, expect, it } from 'vitest'
import { MultiDomain } from '../../src/shared/engine/multi/domain'
import { neighbours } from '../../src/shared/engine/packed/lines'
import { gameFromSpec, type MultiSpec } from '../../src/shared/multi/game'

type State = number[][]
const text = (s: State): string => s.map((a) => a.join(',')).join('|')
const won = (d: MultiDomain, s: State, p: number): boolean => s[p]!.every((c) => d.inTarget[p]![c] === 1)

function exactPlies(d: MultiDomain): { nodes: { state: State; phase: number }[]; plies: number[][] } {
  const N = d.players
  const ids = new Map<string, number>()
  const nodes: { state: State; phase: number }[] = []
  const back: number[][] = []
  const node = (state: State, phase: number): number => {
    const k = `${phase}#${text(state)}`
    let id = ids.get(k)
    if (id === undefined) {
      ids.set(k, (id = nodes.length))
      nodes.push({ state, phase })
      back.push([])
    }
    return id
  }
  node(d.unpack(d.startKey, 0), 0)
  const justWon: number[] = []
  for (let i = 0; i < nodes.length; i++) {
    const { state, phase } = nodes[i]!
    const last = (phase + N - 1) % N
    if (i > 0 && won(d, state, last)) {
      justWon[i] = last
      continue
    }
    for (const child of neighbours(d.space, state, phase)) back[node(child, (phase + 1) % N)]!.push(i)
  }
  const plies = Array.from({ length: N }, (_, p) => {
    const dist = new Array<number>(nodes.length).fill(Infinity)
    const queue: number[] = []
    for (let i = 0; i < nodes.length; i++)
      if (justWon[i] === p) {
        dist[i] = 0
        queue.push(i)
      }
    for (let q = 0; q < queue.length; q++)
      for (const from of back[queue[q]!]!)
        if (dist[from] === Infinity && justWon[from] === undefined) {
          dist[from] = dist[queue[q]!]! + 1
          queue.push(from)
        }
    return dist
  })
  return { nodes, plies }
}

function checkAdmissible(spec: MultiSpec) {
  const d = new MultiDomain(gameFromSpec(spec))
  const { nodes, plies } = exactPlies(d)
  let tight = 0, rungs = 0, bad = 0
  const msgs: string[] = []
  nodes.forEach(({ state, phase }, i) => {
    for (let p = 0; p < d.players; p++) {
      const exact = plies[p]![i]!
      if (exact === Infinity) continue
      const h = d.remaining(state, p, phase)
      if (h > exact) { bad++; if (msgs.length < 5) msgs.push(`bound ${h} > exact ${exact} for ${p} at ${text(state)} (phase ${phase}) norungs ${d.remaining(state, p, phase, { rungs: false })}`) }
      if (h === exact) tight++
      if (h > d.remaining(state, p, phase, { rungs: false })) rungs++
    }
  })
  return { positions: nodes.length, tight, rungs, bad, msgs }
}

const CASES: Record<string, MultiSpec> = {
  'star37 2p 1m camps 0,1 targets 3,4': { board: 'star37', camps: [0, 1], targets: [3, 4], men: 1 },
  'star37 2p 1m camps 0,1 targets 2,3': { board: 'star37', camps: [0, 1], targets: [2, 3], men: 1 },
  'star37 3p 1m camps 0,1,2 targets 3,4,5': { board: 'star37', camps: [0, 1, 2], targets: [3, 4, 5], men: 1 },
  'star37 3p 1m camps 0,1,3 targets 1,3,0': { board: 'star37', camps: [0, 1, 3], targets: [1, 3, 0], men: 1 },
  'square5 2p 1m camps 0,1 targets 1,0': { board: 'square5', camps: [0, 1], targets: [1, 0], men: 1 },
  'square6 3p 1m': { board: 'square6', camps: [0, 1, 2], men: 1 },
  'piecepack10 2p 1m': { board: 'piecepack10', camps: [0, 1], men: 1 },
  'square4 2p 3m camps 0,1 targets 1,0': { board: 'square4', camps: [0, 1], targets: [1, 0], men: 3 },
  'square4 2p 3m camps 0,1 targets 2,3': { board: 'square4', camps: [0, 1], targets: [2, 3], men: 3 },
  'square4 2p 3m camps 0,2 targets 1,3': { board: 'square4', camps: [0, 2], targets: [1, 3], men: 3 },
}
const only = process.env.ZZ_CASE
describe('review rungs', () => {
  for (const [name, spec] of Object.entries(CASES)) {
    if (only && !name.includes(only)) continue
    it(name, () => {
      const t = Date.now()
      const r = checkAdmissible(spec)
      console.log(name, JSON.stringify(r), Date.now() - t, 'ms')
      expect(r.bad).toBe(0)
    }, 300_000)
  }
})
