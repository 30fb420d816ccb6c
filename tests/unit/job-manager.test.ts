// The job manager with real child processes standing in for Electron's utility processes: the real
// job-process entry (running the engine) for progress, verified results, cancel and kills, and a
// scripted stand-in runner for crashes, malformed messages and stale results. Plus the queue and
// slot logic against in-memory runners.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { specFromProblem } from '../../src/shared/halma/document'
import { JobManager, type JobEvent, type JobProcess, type Launcher } from '../../src/shared/jobs/manager'
import { parseJobRequest, type Job, type HostMessage } from '../../src/shared/jobs/protocol'
import { presetProblem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { boardByName } from '../../src/shared/halma/board'
import { makeRules, type MoveSet } from '../../src/shared/halma/rules'
import { verify } from '../../src/shared/halma/verify'
import { verifyArmy } from '../../src/shared/army/solution'
import { GEOMETRIES } from '../../src/shared/army/geometry'
import { forkLauncher } from '../../src/hosts/node/processes'

const ROOT = join(import.meta.dirname, '../..')
const JOB_PROCESS = join(ROOT, 'src/hosts/node/job-process.ts')
const EXPANSION = join(ROOT, 'out/cli/expansion-worker.mjs')
const FAKE = join(import.meta.dirname, 'fixtures/fake-runner.mjs')
const TSX = ['--import', 'tsx']

const problem = (army: string, moves: MoveSet) =>
  unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules(moves), army as never))

function job(army: string, moves: MoveSet, params: Record<string, unknown> = {}): Job {
  return unwrap(parseJobRequest({ kind: 'solve', params: { problem: specFromProblem(problem(army, moves)), ...params } }))
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A manager whose events are recorded, with helpers to wait for them. */
function harness(launch: Launcher, concurrency = 2, cancelGraceMs?: number) {
  const events: JobEvent[] = []
  const waiters: (() => void)[] = []
  const manager = new JobManager({
    launch,
    concurrency,
    onEvent: (e) => {
      events.push(e)
      for (const w of waiters.splice(0)) w()
    },
    ...(cancelGraceMs !== undefined && { cancelGraceMs }),
  })
  const until = (test: (e: JobEvent) => boolean, ms = 60_000): Promise<JobEvent> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no such event within ${ms} ms; events: ${JSON.stringify(events.map((e) => [e.id, e.type]))}`)),
        ms,
      )
      const check = (): void => {
        const hit = events.find(test)
        if (hit) {
          clearTimeout(timer)
          resolve(hit)
        } else waiters.push(check)
      }
      check()
    })
  const of = (id: string) => events.filter((e) => e.id === id).map((e) => e.type)
  return { manager, events, until, of }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function gone(pid: number, ms: number): Promise<boolean> {
  const t0 = Date.now()
  while (Date.now() - t0 < ms) {
    if (!alive(pid)) return true
    await sleep(10)
  }
  return !alive(pid)
}

describe('job manager with the real job process (child_process stands in for utilityProcess)', () => {
  it('streams progress and returns an optimal result that the core verifier accepts', async () => {
    const pids: number[] = []
    const h = harness(
      forkLauncher({ script: JOB_PROCESS, args: [`--expansion-worker=${EXPANSION}`], execArgv: TSX, onSpawn: (p) => pids.push(p) }),
    )
    const id = h.manager.start(job('square4', '6-move', { threads: 2 }))
    const done = await h.until((e) => e.id === id && (e.type === 'result' || e.type === 'failed'))
    expect(done.type === 'failed' ? done.reason : 'ok').toBe('ok')
    if (done.type !== 'result' || done.kind !== 'solve') return
    expect(h.of(id).slice(0, 2)).toEqual(['queued', 'started'])
    expect(h.of(id)).toContain('progress')
    expect(done.result.status).toBe('optimal')
    expect(done.result.length).toBe(15)
    const v = verify(problem('square4', '6-move'), done.result.moves.join(', '))
    expect(v.error?.message).toBeUndefined()
    expect(v.valid && v.length).toBe(15)
    // The process is ended once it has answered.
    expect(await gone(pids[0]!, 5000)).toBe(true)
    expect(h.manager.active).toBe(0)
  })

  it('runs army jobs (integer programs in HiGHS) in a job process: the bound and a solved army that verifies', async () => {
    const h = harness(forkLauncher({ script: JOB_PROCESS, args: [], execArgv: TSX }))
    const bound = h.manager.start(unwrap(parseJobRequest({ kind: 'army', params: { kind: 'bound', type: 'conway', level: 4, timeLimit: 60 } })))
    const solve = h.manager.start(unwrap(parseJobRequest({ kind: 'army', params: { kind: 'solve', type: 'conway', level: 4, timeLimit: 60 } })))
    const b = await h.until((e) => e.id === bound && (e.type === 'result' || e.type === 'failed'), 120_000)
    const s = await h.until((e) => e.id === solve && (e.type === 'result' || e.type === 'failed'), 120_000)
    expect(b.type === 'failed' ? b.reason : 'ok').toBe('ok')
    expect(s.type === 'failed' ? s.reason : 'ok').toBe('ok')
    expect(h.of(bound)).toContain('progress')
    if (b.type !== 'result' || b.kind !== 'army' || s.type !== 'result' || s.kind !== 'army') throw new Error('not army results')
    // Table 6: Conway's army to level 4 needs 20 men.
    expect(b.result.kind === 'bound' && b.result.men).toBe(20)
    if (s.result.kind !== 'solve') throw new Error('not a solve result')
    expect(s.result.army.length).toBe(20)
    // The moves, played again by the core's verifier here (not the job's own verdict).
    const v = verifyArmy(GEOMETRIES.conway, s.result.window, s.result.army, s.result.moves!)
    expect(v.error).toBeUndefined()
    expect(v.ok).toBe(true)
  }, 180_000)

  it('names a bad army job by its field', () => {
    const r = parseJobRequest({ kind: 'army', params: { kind: 'bound', type: 'conway', level: 0, timeLimit: 60 } })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error[0]!.message).toMatch(/level: a whole number/)
  })

  it('reports bad parameters from the runner as a failed job naming the field', async () => {
    const h = harness(forkLauncher({ script: JOB_PROCESS, execArgv: TSX }))
    // Bypass the host's own check, as a buggy or hostile host would: the runner checks again.
    const bad = { kind: 'solve', params: { ...job('square4', '6-move').params, beam: { width: -5, lambda: 2 } } } as Job
    const id = h.manager.start(bad)
    const e = await h.until((x) => x.id === id && x.type === 'failed')
    expect(e.type === 'failed' && e.reason).toContain('params.beam.width: must be an integer from 1 to 100000000, not -5')
  })

  it('cancel ends a long search: reported at once, the process gone within a second, nothing after', async () => {
    const pids: number[] = []
    const h = harness(
      forkLauncher({ script: JOB_PROCESS, args: [`--expansion-worker=${EXPANSION}`], execArgv: TSX, onSpawn: (p) => pids.push(p) }),
    )
    const id = h.manager.start(job('triangle10', '6-move', { strategy: 'exhaustive', threads: 2 }))
    await h.until((e) => e.id === id && e.type === 'progress' && e.progress.level > 0)
    const t0 = performance.now()
    expect(h.manager.cancel(id)).toBe(true)
    expect(h.events.at(-1)).toMatchObject({ id, type: 'cancelled' })
    expect(await gone(pids[0]!, 1000)).toBe(true)
    expect(performance.now() - t0).toBeLessThan(1000)
    const count = h.events.length
    await sleep(300)
    expect(h.events.length).toBe(count)
    expect(h.of(id).at(-1)).toBe('cancelled')
    expect(h.manager.cancel(id)).toBe(false)
    expect(h.manager.active).toBe(0)
  })

  it('a job process killed from outside fails its job with the reason, and the next job still runs', async () => {
    const pids: number[] = []
    const h = harness(forkLauncher({ script: JOB_PROCESS, execArgv: TSX, onSpawn: (p) => pids.push(p) }), 1)
    const id = h.manager.start(job('triangle10', '6-move', { strategy: 'exhaustive', threads: 1 }))
    await h.until((e) => e.id === id && e.type === 'progress')
    process.kill(pids[0]!, 'SIGKILL')
    const e = await h.until((x) => x.id === id && x.type === 'failed')
    expect(e.type === 'failed' && e.reason).toBe('the search process was killed (SIGKILL) before the search finished')
    const next = h.manager.start(job('square4', '6-move', { threads: 1 }))
    const r = await h.until((x) => x.id === next && (x.type === 'result' || x.type === 'failed'))
    expect(r.type).toBe('result')
  })
})

describe('job manager with a misbehaving stand-in runner', () => {
  const fake = (mode: string, extra: string[] = [], onSpawn?: (pid: number) => void) =>
    forkLauncher({ script: FAKE, args: [`--mode=${mode}`, ...extra], ...(onSpawn && { onSpawn }) })
  const anyJob = job('square4', '6-move')

  it('progress then result', async () => {
    const h = harness(fake('ok'))
    const id = h.manager.start(anyJob)
    await h.until((e) => e.id === id && e.type === 'result')
    expect(h.of(id)).toEqual(['queued', 'started', 'progress', 'result'])
  })

  it('a runner that exits mid-job fails the job with its exit code', async () => {
    const h = harness(fake('crash'))
    const id = h.manager.start(anyJob)
    const e = await h.until((x) => x.id === id && x.type === 'failed')
    expect(e.type === 'failed' && e.reason).toBe('the search process exited with code 3 before the search finished')
    expect(h.of(id)).toEqual(['queued', 'started', 'progress', 'failed'])
  })

  it.each([
    ['malformed', 'malformed message from the search process: progress.level: must be a number'],
    ['garbage', 'malformed message from the search process: a message from the search process is an object, not the string "hello"'],
    ['unknown-kind', 'malformed message from the search process: kind: unknown job kind "replay" (known: solve, game, players, fewest, army, tablebase)'],
    ['wrong-kind', 'the search process sent game progress for a solve job'],
  ])('a %s message fails the job, names what is wrong, and ends the runner', async (mode, reason) => {
    const pids: number[] = []
    const h = harness(fake(mode, [], (p) => pids.push(p)))
    const id = h.manager.start(anyJob)
    const e = await h.until((x) => x.id === id && x.type === 'failed')
    expect(e.type === 'failed' && e.reason).toBe(reason)
    expect(await gone(pids[0]!, 2000)).toBe(true)
  })

  it('drops stale messages after cancel, and kills a runner that ignores cancel after the grace period', async () => {
    const pids: number[] = []
    const h = harness(
      fake('stubborn', [], (p) => pids.push(p)),
      2,
      150,
    )
    const id = h.manager.start(anyJob)
    await h.until((e) => e.id === id && e.type === 'progress')
    h.manager.cancel(id)
    // The stand-in answers cancel with a result 20 ms later: stale, dropped.
    await sleep(100)
    expect(h.of(id)).toEqual(['queued', 'started', 'progress', 'cancelled'])
    expect(alive(pids[0]!)).toBe(true)
    expect(await gone(pids[0]!, 2000)).toBe(true)
    expect(h.of(id)).toEqual(['queued', 'started', 'progress', 'cancelled'])
  })

  it('drops progress that a cooperative runner sends after cancel', async () => {
    const h = harness(fake('slow', ['--after=5000']))
    const id = h.manager.start(anyJob)
    await h.until((e) => e.id === id && e.type === 'progress' && e.type === 'progress' && e.progress.level >= 3)
    h.manager.cancel(id)
    const n = h.events.length
    await sleep(300)
    expect(h.events.length).toBe(n)
  })

  it('a second job while one runs: queued at concurrency 1, started when the first ends', async () => {
    const h = harness(fake('slow', ['--after=300']), 1)
    const first = h.manager.start(anyJob)
    const second = h.manager.start(anyJob)
    expect(h.events.filter((e) => e.id === second)).toEqual([{ type: 'queued', id: second, kind: 'solve', ahead: 0 }])
    expect(h.manager.active).toBe(1)
    expect(h.manager.queued).toBe(1)
    await h.until((e) => e.id === second && e.type === 'started')
    const order = h.events.map((e) => `${e.id}:${e.type}`)
    expect(order.indexOf(`${first}:result`)).toBeLessThan(order.indexOf(`${second}:started`))
    await h.until((e) => e.id === second && e.type === 'result')
  })

  it('a second job while one runs: both run at concurrency 2', async () => {
    const h = harness(fake('slow', ['--after=400']), 2)
    const first = h.manager.start(anyJob)
    const second = h.manager.start(anyJob)
    expect(h.of(second)).toEqual(['queued', 'started'])
    expect(h.manager.active).toBe(2)
    await Promise.all([first, second].map((id) => h.until((e) => e.id === id && e.type === 'result')))
  })
})

/** An in-memory runner: the test drives its messages and its exit. */
class FakeProcess implements JobProcess {
  sent: HostMessage[] = []
  killed = false
  private message: (m: unknown) => void = () => undefined
  private exit: (how: string) => void = () => undefined
  post(m: HostMessage): void {
    this.sent.push(m)
  }
  onMessage(h: (m: unknown) => void): void {
    this.message = h
  }
  onExit(h: (how: string) => void): void {
    this.exit = h
  }
  kill(): void {
    this.killed = true
  }
  say(m: unknown): void {
    this.message(m)
  }
  end(how: string): void {
    this.exit(how)
  }
}

describe('job manager: queue and slots', () => {
  const anyJob = job('square4', '6-move')
  const setup = (concurrency: number) => {
    const procs: FakeProcess[] = []
    const timers: (() => void)[] = []
    const events: JobEvent[] = []
    const manager = new JobManager({
      launch: () => {
        const p = new FakeProcess()
        procs.push(p)
        return p
      },
      concurrency,
      onEvent: (e) => events.push(e),
      setTimer: (fn) => timers.push(fn),
    })
    return { manager, procs, timers, events }
  }

  it('sends start with the checked job, and cancel to a running job', () => {
    const { manager, procs, timers } = setup(1)
    const id = manager.start(anyJob)
    expect(procs[0]!.sent).toEqual([{ type: 'start', kind: 'solve', params: anyJob.params }])
    manager.cancel(id)
    expect(procs[0]!.sent.at(-1)).toEqual({ type: 'cancel' })
    expect(procs[0]!.killed).toBe(false)
    timers.forEach((t) => t())
    expect(procs[0]!.killed).toBe(true)
  })

  it('frees a slot only when the runner has exited, not when cancel is reported', () => {
    const { manager, procs, events } = setup(1)
    const a = manager.start(anyJob)
    const b = manager.start(anyJob)
    manager.cancel(a)
    expect(procs).toHaveLength(1)
    expect(events.filter((e) => e.id === b).map((e) => e.type)).toEqual(['queued'])
    procs[0]!.end('exited with code 0')
    expect(procs).toHaveLength(2)
    expect(events.filter((e) => e.id === b).map((e) => e.type)).toEqual(['queued', 'started'])
    // The cancelled job stays cancelled: its exit is no failure.
    expect(events.filter((e) => e.id === a).map((e) => e.type)).toEqual(['queued', 'started', 'cancelled'])
    // Finished jobs whose runners have ended are forgotten; the running one is still known.
    expect(manager.size).toBe(1)
    expect(manager.cancel(a)).toBe(false)
  })

  it('cancels a queued job without starting it', () => {
    const { manager, procs, events } = setup(1)
    manager.start(anyJob)
    const b = manager.start(anyJob)
    expect(manager.cancel(b)).toBe(true)
    procs[0]!.end('exited with code 0')
    expect(procs).toHaveLength(1)
    expect(events.filter((e) => e.id === b).map((e) => e.type)).toEqual(['queued', 'cancelled'])
  })

  it('a launcher that throws fails the job and the queue moves on', () => {
    let n = 0
    const events: JobEvent[] = []
    const manager = new JobManager({
      launch: () => {
        if (n++ === 0) throw new Error('no such file: job-process.js')
        return new FakeProcess()
      },
      concurrency: 1,
      onEvent: (e) => events.push(e),
    })
    const a = manager.start(anyJob)
    const b = manager.start(anyJob)
    expect(events.find((e) => e.id === a && e.type === 'failed')).toMatchObject({
      reason: 'could not start the search process: no such file: job-process.js',
    })
    expect(events.filter((e) => e.id === b).map((e) => e.type)).toEqual(['queued', 'started'])
  })

  it('ignores everything after the result, and a runner exit after it is no failure', () => {
    const { manager, procs, events } = setup(2)
    const id = manager.start(anyJob)
    const result = {
      status: 'unsolved',
      length: null,
      optimal: false,
      lowerBound: 3,
      moves: [],
      solutions: [],
      meetings: 0,
      proof: { statement: 's', lengths: [], bound: 'none' },
      stats: { levels: [], peakBoards: 0, peakBytes: 0, bytesPerBoard: 0, seconds: 0, threads: 0 },
    }
    procs[0]!.say({ type: 'result', kind: 'solve', result })
    expect(procs[0]!.killed).toBe(true)
    procs[0]!.say({ type: 'result', kind: 'solve', result })
    procs[0]!.end('was killed (SIGKILL)')
    expect(events.filter((e) => e.id === id).map((e) => e.type)).toEqual(['queued', 'started', 'result'])
  })

  it('an error message from the runner fails the job with its message', () => {
    const { manager, procs, events } = setup(2)
    const id = manager.start(anyJob)
    procs[0]!.say({ type: 'error', code: 'engine.failed', message: 'over the memory budget at level 9' })
    expect(events.at(-1)).toEqual({ type: 'failed', id, kind: 'solve', reason: 'over the memory budget at level 9' })
    expect(procs[0]!.killed).toBe(true)
  })

  it('dispose kills every runner and forgets the queue', () => {
    const { manager, procs } = setup(1)
    manager.start(anyJob)
    manager.start(anyJob)
    manager.dispose()
    expect(procs.map((p) => p.killed)).toEqual([true])
    procs[0]!.end('was killed (SIGTERM)')
    expect(procs).toHaveLength(1)
    expect(() => manager.start(anyJob)).toThrow(/disposed/)
  })

  it('refuses a concurrency below one', () => {
    expect(() => new JobManager({ launch: () => new FakeProcess(), concurrency: 0, onEvent: () => undefined })).toThrow(/positive integer/)
  })
})
