// The desktop's search process takes the N-player search the workbench sends (issue 18): the
// request the players store builds is accepted by the main process's IPC check and by the job
// protocol, and the job process (the script Electron runs as a utility process, forked here as a
// Node child) returns the shortest game, which verifies; mini-2 is proven in about a second.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PARSERS } from '../../src/main/ipc'
import { forkLauncher } from '../../src/hosts/node/processes'
import { playersRequest } from '../../src/renderer/kinds/players/play'
import { JobManager, type JobEvent } from '../../src/shared/jobs/manager'
import { parseJobRequest } from '../../src/shared/jobs/protocol'
import { playersPreset } from '../../src/shared/players/game'
import { verifyLine } from '../../src/shared/players/line'

const JOB_PROCESS = join(import.meta.dirname, '../../src/hosts/node/job-process.ts')

describe('the players search in the desktop job process', () => {
  it('accepts the workbench request and returns a verified shortest game', async () => {
    const g = playersPreset('mini-2')
    const request = playersRequest(g, { strategy: 'auto', timeLimit: 60, threads: 1 })
    expect(PARSERS.startJob([request]).ok).toBe(true)
    const job = parseJobRequest(request)
    expect(job.ok).toBe(true)
    if (!job.ok) return
    const events: JobEvent[] = []
    const done = new Promise<JobEvent>((resolve) => {
      const manager = new JobManager({
        launch: forkLauncher({ script: JOB_PROCESS, execArgv: ['--import', 'tsx'] }),
        concurrency: 1,
        onEvent: (e) => {
          events.push(e)
          if (e.type === 'result' || e.type === 'failed') resolve(e)
        },
      })
      manager.start(job.value)
    })
    const e = await done
    expect(e.type === 'failed' ? e.reason : e.type).toBe('result')
    if (e.type !== 'result' || e.kind !== 'players') return
    expect(e.result.optimal).toBe(true)
    const v = verifyLine(g, e.result.moves.join(', '))
    expect(v.ok).toBe(true)
    expect(v.plies).toBe(e.result.length)
    expect(v.winner?.player).toBe(e.result.winner)
    expect(events.some((x) => x.type === 'progress')).toBe(true)
  })
})
