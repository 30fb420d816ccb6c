/**
 * Level farms on BullMQ (issue 19): the engine's LevelFarm (core/farm.ts) as jobs of a Redis-backed
 * queue, and the workers that run them (`halma worker`). BullMQ was chosen over a home-made queue
 * for what a farm needs and it already does: at-least-once delivery with retries, detection of a
 * worker that died holding a job (its lock expires; the job goes back to the queue), completion
 * events with the job's return value, and any number of worker processes on any machine that
 * reaches the Redis server. Tasks are idempotent (a retried task rewrites the same files), so a
 * retried shard gives the same level. Shards live in a folder every worker reads and writes (a
 * shared folder; an object store would sit behind the same FileStore interface).
 */
import { Queue, QueueEvents, Worker } from 'bullmq'
import { runTask, type FarmReply, type FarmTask, type LevelFarm } from '../../shared/engine/core/farm'
import { buildKernel, type DomainInit } from '../../shared/engine/registry'
import { folderStore } from './store'
import { taskScript, taskThreads, type TaskRunner } from './task-thread'

export const QUEUE = 'halma-levels'

/** A task as queued: the task and the shared folder it works in. */
interface QueuedTask {
  readonly folder: string
  readonly task: FarmTask
}

/** Redis connection options from a URL (redis://host:port). */
export function connectionOf(url: string): { host: string; port: number } {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new Error(`not a Redis URL: ${JSON.stringify(url)} (expected redis://host:port)`)
  }
  if (u.protocol !== 'redis:') throw new Error(`not a Redis URL: ${JSON.stringify(url)} (expected redis://host:port)`)
  return { host: u.hostname || 'localhost', port: Number(u.port || 6379) }
}

/** How long a worker holds a task before it must renew its hold (a dead worker's task is retried after it). */
const LOCK_MS = 20_000

/** The coordinator's side: tasks go to the queue, replies come back with the completion events. */
export function bullFarm(url: string, folder: string): LevelFarm {
  const connection = connectionOf(url)
  const queue = new Queue<QueuedTask, FarmReply>(QUEUE, { connection })
  const events = new QueueEvents(QUEUE, { connection })
  // Tasks queued and not yet answered: a search that ends early (cancel, a budget) takes back
  // those no worker has started, so that workers do not build levels nobody waits for.
  const pending = new Set<{ remove(): Promise<void> }>()
  return {
    folder,
    async run(tasks) {
      await events.waitUntilReady()
      const jobs = await queue.addBulk(
        tasks.map((task) => ({
          name: task.op,
          data: { folder, task },
          opts: { attempts: 5, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86_400 } },
        })),
      )
      for (const j of jobs) pending.add(j)
      try {
        return await Promise.all(jobs.map((j) => j.waitUntilFinished(events) as Promise<FarmReply>))
      } finally {
        for (const j of jobs) pending.delete(j)
      }
    },
    async close() {
      // A task a worker holds cannot be removed (it finishes; its files stay in the folder).
      await Promise.all([...pending].map((j) => j.remove().catch(() => undefined)))
      await events.close()
      await queue.close()
    },
  }
}

/** Runs a task on the calling thread (tests: the lock is then not renewed while it runs). */
export const runHere: TaskRunner = (task, folder) => runTask(task, folderStore(folder), (init) => buildKernel(init as DomainInit))

/**
 * A worker process's side: run tasks as they come, `concurrency` at a time, each by `run` (a
 * thread per task, task-thread.ts: this thread stays free to renew each task's lock every
 * `lockMs` / 2).
 */
export function serveFarm(
  url: string,
  concurrency: number,
  log: (line: string) => void,
  run: TaskRunner = taskThreads(taskScript()),
  lockMs = LOCK_MS,
): Worker<QueuedTask, FarmReply> {
  const worker = new Worker<QueuedTask, FarmReply>(
    QUEUE,
    async (job) => {
      const { folder, task } = job.data
      log(`start ${task.op} ${task.level} shard ${task.index}`)
      const t0 = performance.now()
      const reply = await run(task, folder)
      // A task started more than once was retried: it failed, or a worker died holding it.
      const again = job.attemptsStarted > 1 ? ` (retried: started ${job.attemptsStarted} times, stalled ${job.stalledCounter})` : ''
      log(`${task.op} ${task.level} shard ${task.index}: ${((performance.now() - t0) / 1000).toFixed(1)} s${again}`)
      return reply
    },
    { connection: connectionOf(url), concurrency, lockDuration: lockMs, stalledInterval: lockMs / 2, maxStalledCount: 5 },
  )
  worker.on('failed', (job, e) => log(`task ${job?.name ?? '?'} failed: ${e.message}`))
  return worker
}
