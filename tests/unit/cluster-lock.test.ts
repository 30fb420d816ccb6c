/**
 * A farm worker renews its hold on a task while the task runs (issue 28): the task runs on a thread
 * of its own (task-thread.ts), so a task three times as long as the lock is neither declared
 * stalled nor run again, though a second worker watches for stalled tasks. Needs Debian's
 * redis-server (started here on a spare port of the loopback); skipped without it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Queue, QueueEvents } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUEUE, serveFarm, workerRoot } from '../../src/hosts/node/cluster'
import { taskThreads } from '../../src/hosts/node/task-thread'

const hasRedis = spawnSync('redis-server', ['--version']).status === 0
const SLOW = pathToFileURL(join(import.meta.dirname, 'fixtures/slow-task.mjs'))

describe.skipIf(!hasRedis)('a farm worker and its task locks (Redis)', () => {
  let server: ChildProcess | undefined
  let dir = ''
  let url = ''
  beforeAll(async () => {
    const port = 16390 + Math.floor(Math.random() * 2000)
    dir = mkdtempSync(join(tmpdir(), 'halma-redis-'))
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    })
    url = `redis://127.0.0.1:${port}`
    for (let tries = 0; spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() !== 'PONG'; tries++) {
      if (tries > 50) throw new Error('redis-server did not start')
      await new Promise((r) => setTimeout(r, 100))
    }
  })
  afterAll(() => {
    server?.kill()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a task three times as long as the lock runs once, not stalled, with a second worker watching', async () => {
    const log: string[] = []
    const lockMs = 1000
    const workers = [0, 1].map((k) =>
      serveFarm({ url, concurrency: 1, root: workerRoot(dir), log: (line) => log.push(`${k}: ${line}`), run: taskThreads(SLOW), lockMs }),
    )
    const queue = new Queue(QUEUE, { connection: { host: '127.0.0.1', port: Number(new URL(url).port) } })
    const events = new QueueEvents(QUEUE, { connection: { host: '127.0.0.1', port: Number(new URL(url).port) } })
    try {
      await Promise.all([...workers.map((w) => w.ready), events.waitUntilReady()])
      const task = { op: 'merge', w: 1, shards: 1, level: 'lvl', index: 0, window: [] }
      const job = await queue.add('merge', { folder: dir, task }, { attempts: 3 })
      const t0 = performance.now()
      const reply = await job.waitUntilFinished(events, 20_000)
      expect(performance.now() - t0).toBeGreaterThan(3 * lockMs)
      expect(reply).toEqual({ op: 'merge', rows: 7, checksum: 42 })
      const done = await queue.getJob(job.id!)
      expect(done?.attemptsStarted).toBe(1)
      expect(log.filter((l) => l.includes('stalled'))).toEqual([])
      expect(log.filter((l) => l.includes('start merge'))).toHaveLength(1)
    } finally {
      await Promise.all(workers.map((w) => w.close()))
      await events.close()
      await queue.obliterate({ force: true })
      await queue.close()
    }
  }, 30_000)
})
