import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { folderStore } from '../../src/hosts/node/store'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main'
import { pathToFileURL } from 'node:url'
import { Engine } from '../../src/shared/engine/engine'
import { nodeWorkers } from '../../src/hosts/node/threads'

const WORKER = pathToFileURL(join(import.meta.dirname, '../../out/cli/expansion-worker.mjs'))
import { newStats } from '../../src/shared/engine/core/contract'
import { KeySet } from '../../src/shared/engine/core/keyset'
import { PlayersDomain, type PlayersRule } from '../../src/shared/engine/players/domain'
import { PlayersFlow } from '../../src/shared/engine/players/flow'
import { parsePlayersJob, type PlayersResult } from '../../src/shared/engine/players/job'
import { PlayersKernel } from '../../src/shared/engine/players/kernel'
import { movesIn, neighbours } from '../../src/shared/engine/packed/lines'
import { gameFromSpec, moveCount, playersPresets, startPosition, type PlayersGame, type PlayersSpec } from '../../src/shared/players/game'
import { verifyLine } from '../../src/shared/players/line'
import { formatPlayersDocument, parsePlayersDocument, verifyDocument } from '../../src/shared/players/document'

type State = number[][]
const KEY = new Uint32Array(64)
const text = (s: State): string => s.map((a) => a.join(',')).join('|')

/** Whether player p's men fill her target camp. */
const won = (d: PlayersDomain, s: State, p: number): boolean => s[p]!.every((c) => d.inTarget[p]![c] === 1)
/** Whether the mover's move ended the game: her side (she, and her partner in teams) home. */
const ended = (d: PlayersDomain, s: State, mover: number): boolean => d.sides[mover]!.every((q) => won(d, s, q))

/**
 * Every position reachable from the start (with the ply it is reached at modulo N), and for each
 * player the exact number of plies to her win (her side's, in teams; lines end at anyone's win), by
 * a backward breadth-first search over the whole reachable graph.
 */
function exactPlies(d: PlayersDomain): { nodes: { state: State; phase: number }[]; plies: number[][]; ids: Map<string, number> } {
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
  // phase: plies played modulo N; the mover is phase (player 0 moves at ply 1).
  const justWon: number[] = []
  for (let i = 0; i < nodes.length; i++) {
    const { state, phase } = nodes[i]!
    const last = (phase + N - 1) % N
    if (i > 0 && ended(d, state, last)) {
      justWon[i] = last
      continue
    }
    for (const child of neighbours(d.space, state, phase)) back[node(child, (phase + 1) % N)]!.push(i)
  }
  const plies = Array.from({ length: N }, (_, p) => {
    const dist = new Array<number>(nodes.length).fill(Infinity)
    const queue: number[] = []
    for (let i = 0; i < nodes.length; i++)
      if (justWon[i] !== undefined && d.sides[justWon[i]!]!.includes(p)) {
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
  return { nodes, plies, ids }
}

/** The bound never exceeds the exact plies to a win, in any reachable position, for any player. */
function checkAdmissible(spec: PlayersSpec): { positions: number; tight: number; rungs: number } {
  const d = new PlayersDomain(gameFromSpec(spec))
  const { nodes, plies } = exactPlies(d)
  let tight = 0
  let rungs = 0
  nodes.forEach(({ state, phase }, i) => {
    for (let p = 0; p < d.players; p++) {
      const exact = plies[p]![i]!
      if (exact === Infinity) continue
      // remaining() takes the plies played; only their number modulo N matters.
      const h = d.sideRemaining(state, p, phase)
      if (h > exact) throw new Error(`bound ${h} > exact ${exact} for ${d.game.players[p]!.name} at ${text(state)} (phase ${phase})`)
      if (h === exact) tight++
      if (h > d.remaining(state, p, phase, { rungs: false })) rungs++
    }
  })
  return { positions: nodes.length, tight, rungs }
}

/** The shortest game and its count by plain breadth-first search, no pruning. */
function bruteShortest(spec: PlayersSpec): { length: number; games: bigint } {
  const d = new PlayersDomain(gameFromSpec(spec))
  const N = d.players
  let level = new Map<string, { state: State; ways: bigint }>([
    [text(d.unpack(d.startKey, 0)), { state: d.unpack(d.startKey, 0), ways: 1n }],
  ])
  for (let ply = 1; ply < 60; ply++) {
    const mover = (ply - 1) % N
    const next = new Map<string, { state: State; ways: bigint }>()
    let wins = 0n
    for (const { state, ways } of level.values())
      for (const child of neighbours(d.space, state, mover)) {
        if (won(d, child, mover)) {
          wins += ways
          continue
        }
        const k = text(child)
        const e = next.get(k)
        if (e) e.ways += ways
        else next.set(k, { state: child, ways })
      }
    if (wins > 0n) return { length: ply, games: wins }
    level = next
  }
  throw new Error('no game within 60 plies')
}

async function runFlow(spec: PlayersSpec, strategy: 'auto' | 'exhaustive' = 'auto', disk?: string): Promise<PlayersResult> {
  const job = parsePlayersJob({ game: spec, strategy, beam: 2000, ...(disk && { disk, budgetBytes: 2 ** 24 }) })
  if (!job.ok) throw new Error(job.error.map((e) => e.message).join('; '))
  const flow = new PlayersFlow(job.value, { files: folderStore }, () => undefined)
  return flow.run()
}

/** One expansion of `state` by the kernel under `rule`: the children it keeps and the wins it reports. */
function expandOne(
  kernel: PlayersKernel,
  state: State,
  rule: Omit<PlayersRule, 'kind' | 'score'>,
): { kept: Set<string>; goals: Set<string> } {
  const d = kernel.domain
  const table = new KeySet(d.w, 4)
  d.pack(state, KEY, 0)
  table.add(KEY, 0)
  const kept = new Set<string>()
  const goals = new Set<string>()
  const sink = {
    minScore: -Infinity,
    child: (keys: Uint32Array, off: number) => void kept.add(text(d.unpack(keys, off))),
    goal: (keys: Uint32Array, off: number) => void goals.add(text(d.unpack(keys, off))),
  }
  kernel.expandRange(table.raw, 0, table.capacity, { kind: 'players', score: 'none', ...rule }, [], sink, newStats())
  return { kept, goals }
}

const SMALL: Record<string, PlayersSpec> = {
  'mini star, 3 players, 1 man': { board: 'star37', camps: [0, 2, 4], men: 1 },
  'mini star, 3 players, 1 man, long jumps': { board: 'star37', camps: [0, 2, 4], men: 1, longJumps: true },
  '4x4, 2 players, 3 men': { board: 'square4', camps: [0, 2], men: 3 },
  '4x4, 4 players, 1 man': { board: 'square4', camps: [0, 1, 2, 3], men: 1 },
  '5x5, 3 players, 1 man': { board: 'square5', camps: [0, 1, 2], men: 1 },
  '4x4, 4 players, 1 man, teams': { board: 'square4', camps: [0, 1, 2, 3], men: 1, teams: true },
}

describe('the N-player search', () => {
  it('generates the same moves as the naive generator of the rules, for every preset and player', () => {
    // Hexma's chain win is searched by its own domain (play-hexma.test.ts).
    for (const g of Object.values(playersPresets()).filter((p) => p.options.win !== 'chain')) {
      const d = new PlayersDomain(g)
      const start = d.unpack(d.startKey, 0)
      const occ = startPosition(g)
      g.players.forEach((_, p) => expect(movesIn(d.space, start, p).length, `${g.id} ${p}`).toBe(moveCount(g, occ, p)))
    }
  })

  const rungs: Record<string, number> = {}
  for (const [name, spec] of Object.entries(SMALL))
    it(`bounds every reachable position admissibly: ${name}`, () => {
      const { positions, tight, rungs: raised } = checkAdmissible(spec)
      expect(positions).toBeGreaterThan(100)
      expect(tight).toBeGreaterThan(0)
      rungs[name] = raised
    }, 120_000)

  it('raises the bound by the rungs a placement needs in some of those positions (so their check can tell)', () => {
    expect(Object.keys(rungs).length).toBe(Object.keys(SMALL).length)
    expect(
      Object.values(rungs).some((n) => n > 0),
      JSON.stringify(rungs),
    ).toBe(true)
  })

  for (const name of ['mini star, 3 players, 1 man', '4x4, 2 players, 3 men', '5x5, 3 players, 1 man'])
    it(`finds the shortest game and counts every one, as a plain search does: ${name}`, async () => {
      const spec = SMALL[name]!
      const brute = bruteShortest(spec)
      const r = await runFlow(spec)
      expect(r.optimal).toBe(true)
      expect(r.length).toBe(brute.length)
      expect(r.count?.games).toBe(brute.games.toString())
      const v = verifyLine(gameFromSpec(spec), r.moves.join(', '))
      expect(v.ok).toBe(true)
      expect(v.winner?.move).toBe(brute.length)
    }, 120_000)

  it('keeps exactly the children the bound from scratch keeps (the kernel works it out incrementally), teams too', () => {
    const teams = (camps: number[]) => gameFromSpec({ board: 'star37', camps, men: 3, teams: true })
    const games: Record<string, PlayersGame> = { ...playersPresets(), 'mini-4-teams': teams([1, 2, 4, 5]), 'mini-6-teams': teams([0, 1, 2, 3, 4, 5]) }
    for (const id of ['mini-3', 'mini-6', 'star73-3', 'piecepack-4', 'mini-4-teams', 'mini-6-teams'] as const) {
      const d = new PlayersDomain(games[id]!)
      const kernel = new PlayersKernel(d)
      kernel.lookAhead = false
      let seed = 7
      const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
      let state = d.unpack(d.startKey, 0)
      for (let ply = 1; ply <= 40; ply++) {
        const mover = d.mover(ply)
        const winner = random(d.players)
        const bound = ply + 6 + random(30)
        const { kept, goals } = expandOne(kernel, state, { level: ply, bound, winner })
        const children = neighbours(d.space, state, mover)
        const want = children.filter((c) => !ended(d, c, mover) && ply + d.sideRemaining(c, winner, ply) <= bound).map(text)
        expect([...kept].sort(), `${id} ply ${ply}`).toEqual([...new Set(want)].sort())
        expect(goals.size).toBe(d.sides[mover]!.includes(winner) ? children.filter((c) => ended(d, c, mover)).length : 0)
        const playable = children.filter((c) => !ended(d, c, mover))
        if (playable.length === 0) break
        state = playable[random(playable.length)]!
      }
    }
  })

  // The look-ahead (reach.ts) leaves parents unexpanded and drops children: never one a win within
  // the bound passes through. For every reachable position, player and bound from her exact plies
  // to a win and one more, every child within the bound is kept and every win is a goal.
  for (const name of [
    'mini star, 3 players, 1 man',
    '4x4, 2 players, 3 men',
    '4x4, 4 players, 1 man',
    '5x5, 3 players, 1 man',
    '4x4, 4 players, 1 man, teams',
  ])
    it(`looks ahead without losing a line that can still win in time: ${name}`, () => {
      const d = new PlayersDomain(gameFromSpec(SMALL[name]!))
      const { nodes, plies, ids } = exactPlies(d)
      const kernel = new PlayersKernel(d)
      const N = d.players
      let checked = 0
      // Large graphs are sampled: every stride-th position (the same ones at every run).
      const stride = Math.max(1, Math.ceil(nodes.length / 6000))
      nodes.forEach(({ state, phase }, i) => {
        if (i % stride !== 0) return
        for (let p = 0; p < N; p++) {
          const exact = plies[p]![i]!
          if (exact === Infinity || exact === 0) continue
          const children = neighbours(d.space, state, phase)
          for (const slack of [0, 1]) {
            const level = phase + 1 + N
            const bound = level - 1 + exact + slack
            const { kept, goals } = expandOne(kernel, state, { level, bound, winner: p })
            for (const c of children) {
              if (ended(d, c, phase)) continue
              const e = plies[p]![ids.get(`${(phase + 1) % N}#${text(c)}`)!]!
              if (level + e > bound) continue
              checked++
              expect(kept.has(text(c)), `${name}: ${d.game.players[p]!.name}, bound ${bound}, ${text(state)} -> ${text(c)}`).toBe(true)
            }
            expect(goals.size).toBe(d.sides[phase]!.includes(p) ? children.filter((c) => ended(d, c, phase)).length : 0)
          }
        }
      })
      expect(checked).toBeGreaterThan(100)
    }, 120_000)

  it('prunes with the look-ahead lines the bound alone keeps, in small games', () => {
    let pruned = 0
    for (const name of ['mini star, 3 players, 1 man', '5x5, 3 players, 1 man']) {
      const d = new PlayersDomain(gameFromSpec(SMALL[name]!))
      const { nodes, plies, ids } = exactPlies(d)
      const kernel = new PlayersKernel(d)
      for (const [i, { state, phase }] of nodes.entries())
        for (let p = 0; p < d.players; p++) {
          const exact = plies[p]![i]!
          if (exact === Infinity || exact === 0) continue
          const level = phase + 1 + d.players
          const bound = level - 1 + exact
          const { kept } = expandOne(kernel, state, { level, bound, winner: p })
          for (const c of neighbours(d.space, state, phase))
            if (!won(d, c, phase) && level + d.remaining(c, p, level) <= bound && !kept.has(text(c))) {
              expect(level + plies[p]![ids.get(`${(phase + 1) % d.players}#${text(c)}`)!]!).toBeGreaterThan(bound)
              pruned++
            }
        }
    }
    expect(pruned).toBeGreaterThan(0)
  }, 120_000)

  it('keeps the exhaustive levels on disk with the same result and count', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'players-disk-'))
    const spec = SMALL['4x4, 2 players, 3 men']!
    const [ram, disk] = [await runFlow(spec, 'exhaustive'), await runFlow(spec, 'exhaustive', dir)]
    expect(disk.proof.searches.map((s) => s.levels)).toEqual(ram.proof.searches.map((s) => s.levels))
    expect([disk.length, disk.count]).toEqual([ram.length, ram.count])
    expect(readdirSync(dir).filter((f) => !f.startsWith('.'))).toEqual(['checkpoint.json'])
    rmSync(dir, { recursive: true })
  }, 120_000)

  it('runs the same searches on two expansion threads as inline (beam scores cross to threads)', async () => {
    const run = async (threads: number) => {
      const engine = new Engine(threads > 1 ? { workers: nodeWorkers(WORKER) } : {})
      const params = parsePlayersJob({
        game: { board: 'star37', camps: [0, 3], men: 3 },
        beam: 2000,
        maxLength: 24,
        strategy: 'heuristic',
        threads,
      })
      if (!params.ok) throw new Error('bad job')
      return engine.start({ kind: 'players', params: params.value }, () => undefined).result
    }
    const [one, two] = [await run(1), await run(2)]
    expect(two.proof.searches.map((s) => [s.bound, s.result, s.levels])).toEqual(
      one.proof.searches.map((s) => [s.bound, s.result, s.levels]),
    )
    expect(two.moves).toEqual(one.moves)
    expect(two.stats.threads).toBe(2)
  }, 120_000)

  it('proves the 3-player mini star game optimal, and the game verifies', async () => {
    const g = playersPresets()['mini-3']!
    const r = await runFlow({ board: 'star37', camps: [0, 2, 4], men: 3 }, 'exhaustive')
    expect(r.status).toBe('optimal')
    expect(r.lowerBound).toBe(r.length)
    const v = verifyLine(g, r.moves.join(', '))
    expect(v).toMatchObject({ ok: true, winner: { move: r.length } })
    expect(r.proof.searches.every((s) => !s.heuristic)).toBe(true)
  }, 120_000)

  it('names what is wrong with a game that cannot be played', () => {
    const fault = (game: unknown): string => {
      const r = parsePlayersJob({ game })
      if (r.ok) throw new Error('accepted')
      return r.error.map((e) => `${e.at}: ${e.message}`).join('; ')
    }
    expect(fault({ board: 'star37', camps: [0, 0], men: 3 })).toMatch(/two players share a camp/)
    expect(fault({ board: 'star37', camps: [0, 3], men: 4 })).toMatch(/4 men is not a triangle/)
    expect(fault({ board: 'star37', camps: [0, 1, 2], men: 6 })).toMatch(/orange's camp overlaps blue's at [a-z]+\d+/)
    expect(fault({ board: 'hexagon', camps: [0, 3], men: 3 })).toMatch(/unknown board 'hexagon'/)
    expect(fault({ board: 'star37', camps: [0, 7], men: 3 })).toMatch(/7 is not a camp/)
    expect(fault({ board: 'star37', camps: [0, 1], targets: [0, 3], men: 3 })).toMatch(/player 1's target is her own camp \(0\)/)
    expect(fault({ board: 'star37', camps: [0, 1], targets: [3, 3], men: 3 })).toMatch(/two players share a target camp/)
    expect(fault({ board: 'star37', camps: [0, 3], men: 3, names: ['blue', 'blue'] })).toMatch(/share a name/)
    expect(fault({ board: 'star37', camps: [0], men: 3 })).toMatch(/game\.camps/)
  })
})

describe('players documents', () => {
  const line = 'c9-e7, c3-c5, i3-g5'
  it('verifies every line of a document, by preset or by a custom game', () => {
    const doc = parsePlayersDocument(formatPlayersDocument({ preset: 'mini-3', lines: [{ title: 'opening', moves: line }] }))
    expect(verifyDocument(doc)[0]!.verdict).toMatchObject({ ok: true, plies: 3 })
    const custom = parsePlayersDocument(
      formatPlayersDocument({ game: { board: 'star37', camps: [0, 2, 4], men: 3 }, lines: [{ title: 'x', moves: 'c9-e7, c9-e7' }] }),
    )
    expect(verifyDocument(custom)[0]!.verdict.error).toMatch(/^move 2 \(c9-e7\): no man on c9/)
  })

  it('names what is wrong with a document', () => {
    const bad = (text: string): string => {
      try {
        parsePlayersDocument(text, 'f.players.json')
      } catch (e) {
        return (e as Error).message
      }
      throw new Error('accepted')
    }
    expect(bad('{')).toMatch(/^f\.players\.json: not JSON/)
    expect(bad(JSON.stringify({ format: 'halma-players', version: 1, lines: [] }))).toMatch(/either preset or game, not neither/)
    expect(bad(JSON.stringify({ format: 'halma-players', version: 1, preset: 'mini-9', lines: [] }))).toMatch(
      /preset: unknown game preset 'mini-9'/,
    )
    expect(
      bad(JSON.stringify({ format: 'halma-players', version: 1, game: { board: 'star37', camps: [0, 0], men: 3 }, lines: [] })),
    ).toMatch(/game: two players share a camp/)
    expect(bad(JSON.stringify({ format: 'halma-players', version: 1, preset: 'mini-3', lines: [{ moves: line }] }))).toMatch(
      /lines\[0\]\.title: is missing/,
    )
  })
})

describe('halma players game', () => {
  const run = async (...argv: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await main(['players', ...argv], {
      out: (s) => void out.push(s),
      err: (s) => void err.push(s),
      stdin: () => undefined,
      tty: false,
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  it('finds and proves the shortest game of a custom game, writes it to a document that verifies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'players-'))
    const file = join(dir, 'g.players.json')
    const r = await run('game', '--board', 'square4', '--camps', '0,2', '--men', '3', '--threads', '1', '--out', file)
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/Shortest game: (\d+) moves, won by (blue|orange); proven optimal/)
    expect(r.out).toMatch(/shortest games \(move sequences\)/)
    const v = await run('verify', '--file', file)
    expect(v.code).toBe(0)
    expect(v.out).toMatch(
      /^valid: \d+-move game, (blue|orange) wins, found by halma players game \(shortest\): \d+ moves; (blue|orange) wins at move \d+$/m,
    )
    rmSync(dir, { recursive: true })
  })

  it('names bad options and games', async () => {
    expect((await run('game', '--board', 'star37', '--camps', '0,x', '--men', '3')).err).toMatch(/--camps: 'x' is not a camp number/)
    expect((await run('game', '--board', 'star37', '--camps', '0,1,2', '--men', '6')).err).toMatch(
      /the game: orange's camp overlaps blue's/,
    )
    expect((await run('game', '--preset', 'mini-3', '--men', '3')).err).toMatch(/--men is for a custom game, not with --preset/)
    expect((await run('game')).err).toMatch(/give --preset \(one of /)
    expect((await run('verify', '--file', '/nonexistent.players.json')).err).toMatch(
      /cannot read document '\/nonexistent\.players\.json': no such file/,
    )
  })
})
