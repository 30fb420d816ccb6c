// The job protocol both ways (every malformed message named precisely), and the runner side that
// both hosts share: start, progress, result, cancel, errors, a second start.
import { describe, expect, it } from 'vitest'
import { specFromProblem } from '../../src/shared/halma/document'
import { CancelledError } from '../../src/shared/engine/core/executor'
import type { Progress } from '../../src/shared/engine/core/progress'
import type { SolveResult } from '../../src/shared/engine/transfer/job'
import { faultText, parseHostMessage, parseJobRequest, parseRunnerMessage, type RunnerMessage } from '../../src/shared/jobs/protocol'
import { serveJob, type StartJob } from '../../src/shared/jobs/runner'
import { makeProblem, presetProblem } from '../../src/shared/halma/problem'
import { Engine } from '../../src/shared/engine/engine'
import { expect as unwrap } from '../../src/shared/result'
import { boardByName } from '../../src/shared/halma/board'
import { makeRules } from '../../src/shared/halma/rules'

const gameProblem = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('9x9')), makeRules('6-move'), 'triangle10')))
const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'square4')))

const progress: Progress = {
  phase: 'prove',
  length: 14,
  level: 3,
  levelSize: 1200,
  done: 10,
  total: 40,
  cmax: 2,
  rate: 1.5e6,
  memoryBytes: 1 << 20,
  elapsed: 0.4,
  message: 'level 3',
}

const result: SolveResult = {
  status: 'optimal',
  length: 15,
  optimal: true,
  lowerBound: 15,
  moves: ['a2-c2'],
  solutions: [{ moves: ['a2-c2'], middle: 'c2', palindrome: false }],
  meetings: 1,
  proof: {
    statement: 'optimal: 15 moves.',
    lengths: [{ length: 14, result: 'none', cmax: null, meet: 7, levels: [1, 5], largestLevel: 5, seconds: 0.1 }],
    bound: 'ladder',
  },
  stats: {
    levels: [{ phase: 'prove', length: 14, level: 1, size: 5, children: 9, seconds: 0.01 }],
    peakBoards: 5,
    peakBytes: 100,
    bytesPerBoard: 20,
    seconds: 0.2,
    threads: 2,
  },
}

const bad = (r: { ok: boolean; error?: unknown }): string => (r.ok ? 'accepted' : faultText(r.error as never))

describe('job requests', () => {
  it('fills in defaults', () => {
    const r = unwrap(parseJobRequest({ kind: 'solve', params: { problem, strategy: 'beam' } }))
    if (r.kind !== 'solve') throw new Error(`a ${r.kind} job`)
    expect(r.params.strategy).toBe('beam')
    expect(r.params.beam.width).toBe(2_000_000)
    expect(r.params.threads).toBe(1)
  })

  it.each([
    [null, 'a job request is an object with a kind and params'],
    [{ kind: 'replay', params: { problem } }, 'kind: unknown job kind "replay" (known: solve, game, players, fewest, army, tablebase)'],
    [{ params: { problem } }, 'kind: unknown job kind undefined (known: solve, game, players, fewest, army, tablebase)'],
    [
      { kind: 'game', params: { problem: gameProblem, strategy: 'fastest' } },
      'params.strategy: must be one of auto, heuristic, exhaustive, not "fastest"',
    ],
    [{ kind: 'solve', params: { problem, threads: 1.5 } }, 'params.threads: must be an integer from 0 to 256, not 1.5'],
    [{ kind: 'solve', params: { problem: { ...problem, rules: { moves: '7-move' } } } }, 'params.problem.rules.moves'],
    [{ kind: 'solve' }, 'params: a job is an object'],
  ])('rejects %j: %s', (input, message) => {
    expect(bad(parseJobRequest(input))).toContain(message)
  })
})

describe('messages to the runner', () => {
  it('accepts start (checked, with defaults) and cancel', () => {
    const start = unwrap(parseHostMessage({ type: 'start', kind: 'solve', params: { problem } }))
    expect(start.type === 'start' && 'strategy' in start.params && start.params.strategy).toBe('auto')
    expect(unwrap(parseHostMessage({ type: 'cancel' }))).toEqual({ type: 'cancel' })
  })

  it.each([
    [42, 'a message from the host is an object, not number 42'],
    [[1], 'a message from the host is an object, not an array'],
    [{ type: 'stop' }, 'type: unknown message type "stop" (expected start, cancel)'],
    [
      { type: 'start', kind: 'solve', params: { problem, beam: { lambda: 'x' } } },
      'params.beam.lambda: must be a number from 0 to 1000, not "x"',
    ],
    [{ type: 'start', kind: 'solve', params: { problem, lambda: 2 } }, 'params.lambda: is not a setting of this job'],
  ])('rejects %j', (input, message) => {
    expect(bad(parseHostMessage(input))).toBe(message)
  })
})

describe('messages from the runner', () => {
  it('accepts progress, result, error and cancelled', () => {
    expect(unwrap(parseRunnerMessage({ type: 'progress', kind: 'solve', progress }))).toEqual({ type: 'progress', kind: 'solve', progress })
    expect(unwrap(parseRunnerMessage({ type: 'result', kind: 'solve', result }))).toEqual({ type: 'result', kind: 'solve', result })
    expect(unwrap(parseRunnerMessage({ type: 'error', code: 'engine.failed', message: 'boom' }))).toEqual({
      type: 'error',
      code: 'engine.failed',
      message: 'boom',
    })
    expect(unwrap(parseRunnerMessage({ type: 'cancelled' }))).toEqual({ type: 'cancelled' })
  })

  it.each([
    ['undefined', undefined, 'a message from the search process is an object, not undefined'],
    ['no type', { kind: 'solve' }, 'type: unknown message type undefined (expected progress, result, error, cancelled)'],
    ['unknown kind', { type: 'progress', kind: 'replay', progress }, 'kind: unknown job kind "replay" (known: solve, game, players, fewest, army, tablebase)'],
    [
      'a string level',
      { type: 'progress', kind: 'solve', progress: { ...progress, level: '3' } },
      'progress.level: must be a number',
    ],
    ['an unknown phase', { type: 'progress', kind: 'solve', progress: { ...progress, phase: 'think' } }, 'progress.phase'],
    ['an extra field', { type: 'progress', kind: 'solve', progress: { ...progress, secret: 1 } }, 'progress: has an unknown field "secret"'],
    ['missing progress', { type: 'progress', kind: 'solve' }, 'progress: is missing'],
    [
      'a move that is not a string',
      { type: 'result', kind: 'solve', result: { ...result, moves: [1] } },
      'result.moves[0]: must be text',
    ],
    [
      'a bad proof length',
      {
        type: 'result',
        kind: 'solve',
        result: { ...result, proof: { ...result.proof, lengths: [{ ...result.proof.lengths[0], result: 'maybe' }] } },
      },
      'result.proof.lengths[0].result',
    ],
    ['an error without a message', { type: 'error', code: 'x' }, 'error: an error message has a string code and a string message'],
  ])('rejects %s', (_name, input, message) => {
    expect(bad(parseRunnerMessage(input))).toContain(message)
  })
})

/** A runner port whose messages the test sends and reads. */
function port() {
  const out: RunnerMessage[] = []
  let handler: (m: unknown) => void = () => undefined
  return {
    out,
    send: (m: unknown) => handler(m),
    port: { post: (m: RunnerMessage) => out.push(m), onMessage: (h: (m: unknown) => void) => (handler = h) },
  }
}

/** An engine the test finishes by hand. */
function manualEngine() {
  const state: { cancelled: boolean; report?: (p: Progress) => void; finish?: (r: SolveResult) => void; fail?: (e: Error) => void } = {
    cancelled: false,
  }
  const engines: StartJob = (job, onProgress) => {
    if (job.kind !== 'solve') throw new Error('a solve engine only')
    {
      state.report = onProgress
      const result = new Promise<SolveResult>((resolve, reject) => {
        state.finish = resolve
        state.fail = reject
      })
      return {
        result,
        cancel: () => {
          state.cancelled = true
          state.fail?.(new CancelledError())
        },
      }
    }
  }
  return { state, engines }
}

describe('the runner (shared by the Node job process and the job Web Worker)', () => {
  const start = { type: 'start', kind: 'solve', params: { problem } }

  it('start, progress, result', async () => {
    const p = port()
    const e = manualEngine()
    const served = serveJob(p.port, e.engines)
    p.send(start)
    e.state.report!(progress)
    e.state.finish!(result)
    await served
    expect(p.out).toEqual([
      { type: 'progress', kind: 'solve', progress },
      { type: 'result', kind: 'solve', result },
    ])
  })

  it('cancel stops the engine and answers cancelled; later messages are ignored', async () => {
    const p = port()
    const e = manualEngine()
    const served = serveJob(p.port, e.engines)
    p.send(start)
    p.send({ type: 'cancel' })
    await served
    expect(e.state.cancelled).toBe(true)
    p.send(start)
    e.state.report!(progress)
    expect(p.out).toEqual([{ type: 'cancelled' }])
  })

  it('cancel before start answers cancelled', async () => {
    const p = port()
    const served = serveJob(p.port, manualEngine().engines)
    p.send({ type: 'cancel' })
    await served
    expect(p.out).toEqual([{ type: 'cancelled' }])
  })

  it('an engine failure becomes an error message', async () => {
    const p = port()
    const e = manualEngine()
    const served = serveJob(p.port, e.engines)
    p.send(start)
    e.state.fail!(new Error('over the memory budget'))
    await served
    expect(p.out).toEqual([{ type: 'error', code: 'engine.failed', message: 'over the memory budget' }])
  })

  it('a malformed message is answered with an error naming it, and stops a running job', async () => {
    const p = port()
    const e = manualEngine()
    const served = serveJob(p.port, e.engines)
    p.send(start)
    p.send({ type: 'pause' })
    await served
    expect(e.state.cancelled).toBe(true)
    expect(p.out).toEqual([
      {
        type: 'error',
        code: 'protocol.type',
        message: 'malformed message from the host: type: unknown message type "pause" (expected start, cancel)',
      },
    ])
  })

  it('a second start is refused: one runner, one job', async () => {
    const p = port()
    const served = serveJob(p.port, manualEngine().engines)
    p.send(start)
    p.send(start)
    await served
    expect(p.out).toEqual([{ type: 'error', code: 'protocol.busy', message: 'a second start: a runner runs one job' }])
  })

  it('a start with bad parameters is refused before any engine runs', async () => {
    const p = port()
    let started = false
    const served = serveJob(p.port, () => {
      started = true
      throw new Error('not reached')
    })
    p.send({ ...start, params: { problem, maxLength: -1 } })
    await served
    expect(started).toBe(false)
    expect(p.out[0]).toMatchObject({ type: 'error', code: 'job.range', message: expect.stringContaining('params.maxLength') })
  })
})

describe('game jobs', () => {
  it('a shortest-game job runs through the runner with the real engine, and its messages check out', async () => {
    const board = unwrap(boardByName('4x4'))
    const tiny = unwrap(
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
    const p = port()
    const served = serveJob(p.port, (job, onProgress) => {
      if (job.kind !== 'game') throw new Error('not a solve job')
      return new Engine().start(job, onProgress)
    })
    p.send({ type: 'start', kind: 'game', params: { problem: specFromProblem(tiny), listGames: 3 } })
    await served
    const last = p.out[p.out.length - 1]!
    // Every message the runner sent passes the host's check.
    for (const m of p.out) expect(parseRunnerMessage(JSON.parse(JSON.stringify(m))).ok).toBe(true)
    if (last.type !== 'result' || last.kind !== 'game') throw new Error(`ended with ${JSON.stringify(last).slice(0, 200)}`)
    expect(last.result.status).toBe('optimal')
    expect(last.result.moves).toHaveLength(last.result.length!)
    expect(last.result.games.length).toBeGreaterThan(0)
    expect(last.result.games.length).toBeLessThanOrEqual(3)
  })
})
