import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { parseDocument, specFromProblem } from '../../src/shared/document'
import { Engine } from '../../src/shared/engine/engine'
import { parseGameJob } from '../../src/shared/engine/game/job'
import { GameDomain } from '../../src/shared/engine/game/domain'
import { neighbours } from '../../src/shared/engine/packed/lines'
import { makeProblem, type Problem } from '../../src/shared/problem'
import { expect as unwrap } from '../../src/shared/result'

type State = number[][]
const text = (s: State) => s.map((a) => [...a].sort((x, y) => x - y).join(',')).join('|')

function brute(problem: Problem): { length: number; games: bigint } | null {
  const d = new GameDomain(problem, { fold: false })
  const won = (s: State, p: number) => s[p]!.every((c) => d.inBase[p]![c] === 1)
  let level = new Map<string, { s: State; ways: bigint }>([[text([problem.armies[0]!.start.slice(), problem.armies[1]!.start.slice()]), { s: [problem.armies[0]!.start.slice(), problem.armies[1]!.start.slice()], ways: 1n }]])
  for (let ply = 1; ply < 40; ply++) {
    const mover = (problem.first + ply - 1) % 2
    const next = new Map<string, { s: State; ways: bigint }>()
    let wins = 0n
    for (const { s, ways } of level.values())
      for (const c of neighbours(d.space, s, mover)) {
        if (won(c, mover)) { wins += ways; continue }
        const k = text(c)
        const e = next.get(k)
        if (e) e.ways += ways
        else next.set(k, { s: c, ways })
      }
    if (wins > 0n) return { length: ply, games: wins }
    level = next
  }
  return null
}

describe('game from a position', () => {
  const doc = unwrap(parseDocument(readFileSync('tests/unit/fixtures/game3-4x4.halma.json', 'utf8')))
  const p0 = doc.problem
  const d0 = new GameDomain(p0, { fold: false })
  let seed = 5
  const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
  for (const [trial, kk] of [[0,3],[1,5],[2,6],[3,7],[4,9],[5,11],[6,13],[7,15]] as const) {
    it(`random position ${trial}`, async () => {
      const k = kk; for (let z = 0; z < trial; z++) random(7)
      let s: State = [p0.armies[0]!.start.slice(), p0.armies[1]!.start.slice()]
      for (let ply = 1; ply <= k; ply++) {
        const mover = (p0.first + ply - 1) % 2
        const ch0 = neighbours(d0.space, s, mover).filter((c) => !c[mover]!.every((x) => d0.inBase[mover]![x] === 1))
        const ch = ch0.length ? ch0 : []; if (!ch.length) return; s = ch[Math.floor(Math.random()*ch.length)]!
      }
      const here = unwrap(makeProblem({ kind: 'game', title: 'x', board: p0.board, rules: p0.rules, starts: s, bases: [p0.armies[0]!.target, p0.armies[1]!.target], first: (p0.first + k) % 2 }))
      const b = brute(here)
      const spec = specFromProblem(here)
      const r = await new Engine({}).start({ kind: 'game', params: unwrap(parseGameJob({ problem: spec })) }).result
      console.log(trial, 'k', k, 'brute', b?.length, String(b?.games), 'engine', r.length, r.optimal, JSON.stringify(r.count))
      expect(r.length).toBe(b!.length)
      if (r.count && r.count.scope === 'all') expect(String(r.count.games)).toBe(String(b!.games))
    }, 120_000)
  }
})
