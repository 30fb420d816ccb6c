// The engine end to end: exact optima of small problems (against an independent breadth-first
// search), the same answers with 1 and 2 threads, cancellation, and bad or impossible jobs.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { inMemory } from '../../src/shared/engine/core/levels'
import { boardByName, boardFromMask, parseCell } from '../../src/shared/halma/board'
import { presetArmy } from '../../src/shared/halma/armies'
import { specFromProblem } from '../../src/shared/halma/document'
import { applyMove, legalMoves, undoMove } from '../../src/shared/halma/moves'
import { makeProblem, presetProblem, startPosition, type Problem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules, type MoveSet } from '../../src/shared/halma/rules'
import { topology } from '../../src/shared/halma/topology'
import { verify } from '../../src/shared/halma/verify'
import { CancelledError, Engine } from '../../src/shared/engine/engine'
import { parseSolveJob, type SolveJob, type SolveJobInput, type SolveResult } from '../../src/shared/engine/transfer/job'
import { nodeWorkers } from '../../src/hosts/node/threads'
import { newStats, type Sink } from '../../src/shared/engine/core/contract'
import { ThreadExecutor, type WorkerPort } from '../../src/shared/engine/core/executor'
import type { ExpandReply, WorkerMessage, WorkerReply } from '../../src/shared/engine/core/messages'
import { ExpansionWorker } from '../../src/shared/engine/core/worker'
import { buildKernel, type DomainInit } from '../../src/shared/engine/registry'
import { grow, KEEP_ALL, transferContext, transferSearch } from '../../src/shared/engine/transfer/context'
import { TransferDomain } from '../../src/shared/engine/transfer/domain'
import { TransferKernel, type TransferRule } from '../../src/shared/engine/transfer/kernel'
import { checkLength } from '../../src/shared/engine/transfer/prove'

const WORKER = pathToFileURL(join(import.meta.dirname, '../../out/cli/expansion-worker.mjs'))

type Extra = Omit<SolveJobInput, 'problem'>

function job(problem: Problem, extra: Extra = {}): SolveJob {
  return unwrap(parseSolveJob({ problem: specFromProblem(problem), beam: { width: 20_000 }, ...extra }))
}

async function solve(problem: Problem, extra: Extra = {}): Promise<SolveResult> {
  const j = job(problem, extra)
  const engine = new Engine(j.threads > 1 ? { workers: nodeWorkers(WORKER) } : {})
  return engine.start({ kind: 'solve', params: j }).result
}

/** A sink that only counts (and refuses goals, which transfers never report). */
const counting = (count: () => void): Sink => ({ minScore: -Infinity, child: count, goal: () => undefined })

const preset = (army: string, moves: MoveSet, b = '9x9', jumpsOnly = false): Problem =>
  unwrap(presetProblem('transfer', unwrap(boardByName(b)), makeRules(moves, { jumpsOnly }), army as never))

/** An independent optimum: plain breadth-first search with the core generator and string keys. */
function bfsOptimum(problem: Problem, limit = 2_000_000): number | null {
  const topo = topology(problem.board, problem.rules)
  const target = new Set(problem.armies[0]!.target)
  const key = (o: Uint8Array) => String.fromCharCode(...o)
  const done = (o: Uint8Array) => [...target].every((c) => o[c] !== 0)
  let frontier = [startPosition(problem).occupancy()]
  const seen = new Set([key(frontier[0]!)])
  for (let depth = 0; frontier.length > 0 && seen.size < limit; depth++) {
    if (frontier.some(done)) return depth
    const next: Uint8Array[] = []
    for (const o of frontier) {
      for (const m of legalMoves(topo, o)) {
        applyMove(o, m)
        const k = key(o)
        if (!seen.has(k)) {
          seen.add(k)
          next.push(o.slice())
        }
        undoMove(o, m)
      }
    }
    frontier = next
  }
  return null
}

/** Four men across the arms of a 7x7 cross (the peg-solitaire board), 6-move rules. */
function crossProblem(): Problem {
  const board = unwrap(boardFromMask(['..###..', '..###..', '#######', '#######', '#######', '..###..', '..###..']))
  const at = (n: string) => unwrap(parseCell(board, n))
  return unwrap(makeProblem({ kind: 'transfer', board, rules: makeRules('6-move'), starts: [['c1', 'd1', 'e1', 'd2'].map(at)] }))
}

describe('exact optima (paper Table 3 and constructed problems)', () => {
  it.each([
    ['triangle6', '6-move', 23],
    ['triangle6', '8-move', 16],
    ['square4', '4-move', 15],
    ['square4', '6-move', 15],
    ['square4', '8-move', 12],
  ] as const)('%s %s: optimal %i, proven, and the solution verifies', async (army, moves, length) => {
    const problem = preset(army, moves)
    const r = await solve(problem)
    expect(r.status).toBe('optimal')
    expect(r.length).toBe(length)
    expect(r.lowerBound).toBe(length)
    expect(verify(problem, r.moves.join(', ')).valid).toBe(true)
    expect(r.proof.statement).toContain(`optimal: ${length} moves`)
  })

  it('small problems: the centroid-pruned prover finds a meeting exactly at the breadth-first optimum', async () => {
    const cases: Problem[] = [
      preset('triangle6', '4-move', '5x5'),
      preset('square4', '8-move', '5x5'),
      preset('square4', '6-move', '6x6'),
      preset('triangle6', '6-move', '5x5', true),
      crossProblem(),
    ]
    for (const problem of cases) {
      const optimum = bfsOptimum(problem)!
      const domain = new TransferDomain(problem)
      const ctx = { ...(await transferContext(domain, 2 ** 30)), maxMeetings: 100, phase: () => undefined }
      for (let length = 1; length <= optimum; length++) {
        const check = await checkLength(ctx, length, false)
        expect(check.meetings.length > 0, `${problem.title}, length ${length} (optimum ${optimum})`).toBe(length === optimum)
      }
      // And the whole pipeline agrees.
      expect((await solve(problem)).length).toBe(optimum)
    }
  })

  it('a target that is no reflection: bidirectional search, checked against breadth-first search', async () => {
    const board = unwrap(boardByName('6x6'))
    const at = (n: string) => unwrap(parseCell(board, n))
    const problem = unwrap(
      makeProblem({
        kind: 'transfer',
        board,
        rules: makeRules('4-move'),
        starts: [['a1', 'b1', 'a2'].map(at)],
        target: ['f4', 'f5', 'e6'].map(at),
      }),
    )
    expect(problem.reflection).toBeUndefined()
    const r = await solve(problem)
    expect(r.status).toBe('optimal')
    expect(r.length).toBe(bfsOptimum(problem))
    expect(verify(problem, r.moves.join(', ')).valid).toBe(true)
  })

  it('palindromes: the shortest palindromic solution of square-9 under 8-move rules has 16 moves', async () => {
    const problem = preset('square9', '8-move')
    const r = await solve(problem, { palindrome: true, strategy: 'exhaustive' })
    expect(r.length).toBe(16)
    expect(r.solutions.every((s) => s.palindrome)).toBe(true)
    expect(r.proof.statement).toContain('No palindromic solution of length')
  })
})

describe('threads', () => {
  it('the same levels, lengths and proofs with 1 and 2 threads', async () => {
    const problem = preset('triangle6', '4-move')
    const one = await solve(problem, { threads: 1, strategy: 'exhaustive' })
    const two = await solve(problem, { threads: 2, strategy: 'exhaustive' })
    expect(two.stats.threads).toBe(2)
    expect(two.length).toBe(one.length)
    expect(two.proof.lengths).toEqual(one.proof.lengths.map((p) => ({ ...p, seconds: expect.any(Number) })))
    expect(two.meetings).toBe(one.meetings)
  })
})

describe('threads after a failed run', () => {
  /** A thread stand-in that runs tasks at once but holds the replies until delivered. */
  class HeldPort implements WorkerPort<DomainInit> {
    private readonly worker = new ExpansionWorker(buildKernel)
    private handler: ((m: WorkerReply) => void) | undefined
    held: ExpandReply[] = []
    post(message: WorkerMessage<DomainInit>): void {
      const r = this.worker.handle(message)
      if (r && r.reply.type === 'expanded') this.held.push(r.reply)
    }
    onMessage(h: (m: WorkerReply) => void): void {
      this.handler = h
    }
    onError(): void {}
    terminate(): void {}
    deliver(replies: ExpandReply[]): void {
      for (const r of replies) this.handler?.(r)
    }
  }
  const tick = () => new Promise((r) => setTimeout(r, 0))

  it('late replies of a run that failed do not reach the next run', async () => {
    const domain = new TransferDomain(preset('triangle10', '6-move'))
    // Level 5 (37,114 boards): 8 chunks, every one holding parents.
    const run = transferSearch(await transferContext(domain, 2 ** 30))
    for (let i = 0; i < 5; i++) await grow(run, KEEP_ALL)
    const [prev, parents] = [inMemory(run.levels[4]!), inMemory(run.levels[5]!)]
    const full: TransferRule = { kind: 'transfer', level: 6, ...KEEP_ALL }
    let expected = 0
    new TransferKernel(domain).expandRange(
      parents.raw,
      0,
      parents.capacity,
      full,
      [parents, prev],
      counting(() => void expected++),
      newStats(),
    )

    const ports: HeldPort[] = []
    const executor = new ThreadExecutor(
      () => {
        const p = new HeldPort()
        ports.push(p)
        return p
      },
      2,
      { type: 'init', domain: domain.init },
    )
    const failing = executor.run({
      parents,
      window: [parents, prev],
      rule: full,
      sink: counting(() => {
        throw new Error('over budget')
      }),
    })
    ports[0]!.deliver(ports[0]!.held.splice(0, 1))
    await expect(failing).rejects.toThrow('over budget')
    // The failed run's other replies are still on their way.
    const late = ports.map((p) => p.held.splice(0))
    expect(late.flat().length).toBeGreaterThan(0)
    let seen = 0
    const second = executor.run({ parents, window: [parents, prev], rule: full, sink: counting(() => void seen++) })
    // The next run gets going, then the late replies arrive in the middle of it.
    for (let round = 0; round < 2; round++) {
      for (const p of ports) p.deliver(p.held.splice(0, 1))
      await tick()
    }
    ports.forEach((p, k) => p.deliver(late[k]!))
    for (let round = 0; round < 20; round++) {
      for (const p of ports) p.deliver(p.held.splice(0))
      await tick()
    }
    await second
    expect(seen).toBe(expected)
  })
})

describe('cancellation', () => {
  for (const threads of [1, 2]) {
    it(`stops within a second (${threads} thread${threads > 1 ? 's' : ''})`, async () => {
      const j = job(preset('triangle10', '6-move'), { threads, strategy: 'exhaustive' })
      const engine = new Engine(threads > 1 ? { workers: nodeWorkers(WORKER) } : {})
      let level = 0
      const handle = engine.start({ kind: 'solve', params: j }, (p) => (level = Math.max(level, p.level)))
      await new Promise((r) => setTimeout(r, 1500))
      const t0 = performance.now()
      handle.cancel()
      await expect(handle.result).rejects.toBeInstanceOf(CancelledError)
      expect(performance.now() - t0).toBeLessThan(1000)
      expect(level).toBeGreaterThan(0)
    })
  }
})

describe('bad and impossible jobs', () => {
  const problem = specFromProblem(preset('triangle6', '6-move'))
  it.each([
    [{ problem, beam: { width: 0 } }, 'beam.width: must be an integer from 1 to 100000000, not 0'],
    [{ problem, strategy: 'fastest' }, 'strategy: must be one of auto, beam, exhaustive, not "fastest"'],
    [{ problem, threads: -1 }, 'threads: must be an integer from 0 to 256, not -1'],
    [{}, 'problem: the job has no problem'],
    [{ problem: { ...problem, board: '99x99' } }, "problem.board: board '99x99': the side must be 2..26"],
    [
      { problem: specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('9x9')), makeRules('6-move'), 'triangle10'))) },
      'problem.kind: this search takes a transfer problem, not a game',
    ],
  ])('rejects %j', (input, message) => {
    const r = parseSolveJob(input)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.map((d) => `${d.at}: ${d.message}`).join('; ')).toContain(message)
  })

  it('a jumps-only army whose types cannot match the target is rejected before any search', () => {
    const board = unwrap(boardByName('9x9'))
    const r = makeProblem({
      kind: 'transfer',
      board,
      rules: makeRules('6-move', { jumpsOnly: true }),
      starts: [unwrap(presetArmy(board, 'triangle10'))],
      target: ['f5', 'f6', 'f7', 'f8', 'g5', 'g6', 'g7', 'h5', 'h6', 'i5'].map((n) => unwrap(parseCell(board, n))),
    })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error[0]!.message).toContain('impossible with jumps only')
  })

  it('a problem with no way through is proven unsolvable, not left to run', async () => {
    const board = unwrap(boardFromMask(['#####']))
    const at = (n: string) => unwrap(parseCell(board, n))
    const problem = unwrap(
      makeProblem({
        kind: 'transfer',
        board,
        rules: makeRules('4-move', { jumpsOnly: true }),
        starts: [[at('a1'), at('e1')]],
        target: [at('a1'), at('c1')],
      }),
    )
    const r = await solve(problem)
    expect(r.status).toBe('unsolvable')
    expect(r.proof.statement).toContain('unsolvable')
  })
})
