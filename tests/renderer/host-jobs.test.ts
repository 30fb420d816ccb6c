// One job lifecycle (src/renderer/api/host-jobs.ts: runHostJob), shown on an army job against a
// fake host: the job's own events only, progress by phase, failure and cancel named, the engine's
// CancelledError on cancel.
import { describe, expect, it } from 'vitest'
import type { JobEvent } from '../../src/shared/jobs/manager'
import { CancelledError, runHostJob } from '../../src/renderer/api/host-jobs'
import type { ArmyJobResult } from '../../src/shared/army/job'
import { fakeHost } from './fake-host'


const JOB = { kind: 'bound', type: 'conway', level: 4, timeLimit: 60 } as const
const RESULT: ArmyJobResult = { kind: 'bound', status: 'Optimal', men: 20, window: { rows: 8, width: 8 }, seconds: 1, startsCovered: true }
const progress = (id: string, message: string): JobEvent =>
  ({ type: 'progress', id, kind: 'army', progress: { phase: 'program', length: null, level: 0, levelSize: 0, done: 0, total: 0, cmax: null, rate: 0, memoryBytes: 0, elapsed: 0, message } }) as JobEvent

describe('jobs through the host (runHostJob)', () => {
  it('starts an army job, passes its own progress on and resolves with its result', async () => {
    const host = fakeHost()
    const messages: string[] = []
    const h = runHostJob('army', JOB, { progress: (p) => messages.push(p.message) }, host.api)
    await Promise.resolve()
    await Promise.resolve()
    expect(host.requests).toEqual([{ kind: 'army', params: JOB }])
    host.send(progress('other', 'not mine'))
    host.send(progress('job-1', 'integer program'))
    host.send({ type: 'result', id: 'job-1', kind: 'army', result: RESULT } as JobEvent)
    await expect(h.result).resolves.toEqual(RESULT)
    expect(messages).toEqual(['integer program'])
    expect(host.listening()).toBe(0)
  })

  it('rejects with the host\'s reason when the job fails, and with CancelledError on cancel', async () => {
    const host = fakeHost()
    const failing = runHostJob('army', JOB, {}, host.api)
    await Promise.resolve()
    await Promise.resolve()
    host.send({ type: 'failed', id: 'job-1', kind: 'army', reason: 'the search process crashed' })
    await expect(failing.result).rejects.toThrow('the search process crashed')
    const cancelled = runHostJob('army', JOB, {}, host.api)
    await Promise.resolve()
    await Promise.resolve()
    cancelled.cancel()
    await expect(cancelled.result).rejects.toBeInstanceOf(CancelledError)
    expect(host.cancelled).toEqual(['job-2'])
  })
})
