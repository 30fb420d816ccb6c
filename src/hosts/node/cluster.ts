/**
 * Level farms on BullMQ (issue 19): the engine's LevelFarm (core/farm.ts) as jobs of a Redis-backed
 * queue, and the workers that run them (`halma worker`). BullMQ was chosen over a home-made queue
 * for what a farm needs and it already does: at-least-once delivery with retries, detection of a
 * worker that died holding a job (its lock expires; the job goes back to the queue), completion
 * events with the job's return value, and any number of worker processes on any machine that
 * reaches the Redis server. Tasks are idempotent (a retried task rewrites the same files), so a
 * retried shard gives the same level. Shards live in a folder every worker reads and writes (a
 * shared folder; an object store would sit behind the same FileStore interface).
 *
 * Whoever reaches the Redis server can queue tasks (docs/SECURITY.md), so a worker checks each task
 * as input: its shape and sizes (TaskSchema), and its folder, which must lie under the root the
 * worker was started with (--root); anything else fails the task, named, and the worker goes on.
 * The URL's password and TLS are used; an unreachable server is retried with a back-off and given
 * up on after a while (redis.ts), instead of printing raw errors twice a second forever.
 */
import { realpathSync, statSync } from 'node:fs'
import { isAbsolute, relative, resolve } from 'node:path'
import { Queue, QueueEvents, Worker } from 'bullmq'
import * as z from 'zod'
import { runTask, type FarmReply, type FarmTask, type LevelFarm } from '../../shared/engine/core/farm'
import { buildKernel, type DomainInit } from '../../shared/engine/registry'
import { EnvironmentError } from '../../shared/environment'
import { describe } from '../../shared/result'
import { firstIssue } from '../../shared/schema-faults'
import { folderStore } from './store'
import { parseRedisUrl, RedisBackOff, shownUrl, type RedisConnection } from './redis'
import { taskScript, taskThreads, type TaskRunner } from './task-thread'

export const QUEUE = 'halma-levels'

/** How long a command waits for an unreachable Redis server before giving up (seconds). */
export const GIVE_UP_SECONDS = 300

/** A task as queued: the task and the shared folder it works in. */
interface QueuedTask {
  readonly folder: string
  readonly task: FarmTask
}

/** The connection a URL names; a bad URL is an Error naming it (the command line checks first). */
export function connectionOf(url: string): RedisConnection {
  const c = parseRedisUrl(url)
  if (!c.ok) throw new Error(describe(c.error))
  return c.value
}

/** How long a worker holds a task before it must renew its hold (a dead worker's task is retried after it). */
const LOCK_MS = 20_000

/** A file name in a task: as the store accepts them (store.ts), no path. */
const FileName = z
  .string()
  .regex(/^\w[\w.-]*$/)
  .max(200)
const Count = (max: number) => z.int().min(0).max(max)

/** What a task may hold: sizes bounded, so that a forged task cannot ask a worker for a terabyte. */
const TaskSchema = z.strictObject({
  folder: z.string().min(1).max(4096),
  task: z.discriminatedUnion('op', [
    z.strictObject({
      op: z.literal('expand'),
      init: z.unknown(),
      rule: z.record(z.string(), z.unknown()),
      w: Count(64).min(1),
      shards: Count(4096).min(1),
      parent: z.strictObject({ name: FileName, rows: Count(2 ** 40) }),
      level: FileName,
      index: Count(4096),
      bufferRows: Count(2 ** 26).min(1),
    }),
    z.strictObject({
      op: z.literal('merge'),
      w: Count(64).min(1),
      shards: Count(4096).min(1),
      level: FileName,
      index: Count(4096),
      window: z.array(z.strictObject({ name: FileName, rows: Count(2 ** 40) })).max(64),
    }),
  ]),
})

/**
 * A queued task checked as input: its shape, and its folder inside `root` (after following
 * symbolic links: a link out of the root does not get a worker out of it). The folder must exist
 * (the coordinator makes it before it queues tasks).
 */
export function checkTask(data: unknown, root: string): QueuedTask {
  const shape = TaskSchema.safeParse(data)
  if (!shape.success) throw new Error(`refused a malformed task: ${firstIssue(shape.error, 'the task')}`)
  const folder = shape.data.folder
  if (!isAbsolute(folder)) throw new Error(`refused a task in ${JSON.stringify(folder)}: not an absolute path`)
  let real: string
  try {
    real = realpathSync(folder)
  } catch {
    throw new Error(`refused a task in ${folder}: there is no such folder under this worker's root ${root}`)
  }
  const rel = relative(root, real)
  if (rel.startsWith('..') || isAbsolute(rel))
    throw new Error(
      `refused a task in ${folder}: it is outside this worker's root ${root} (start the worker with --root at the shared folder)`,
    )
  return shape.data as QueuedTask
}

/** The root folder a worker writes under, as a real path; an Error names a root that does not exist. */
export function workerRoot(path: string): string {
  let real: string
  try {
    real = realpathSync(resolve(path))
  } catch {
    throw new Error(`--root: there is no folder '${path}'`)
  }
  if (!statSync(real).isDirectory()) throw new Error(`--root: '${path}' is a file, not a folder`)
  return real
}

interface Watched {
  on(event: 'error', listener: (e: Error) => void): unknown
  on(event: 'ready', listener: () => void): unknown
}

/** Send a BullMQ object's connection events to the back-off (and so keep them off the console). */
function watch(back: RedisBackOff, ...objects: Watched[]): void {
  for (const o of objects) {
    o.on('error', (e) => back.error(e))
    o.on('ready', () => back.ready())
  }
}

/** A promise that rejects with the give-up's fault, for racing the queue's operations against it. */
function giveUpSignal(): { promise: Promise<never>; reject: (e: EnvironmentError) => void } {
  let reject: (e: EnvironmentError) => void = () => undefined
  const promise = new Promise<never>((_, r) => (reject = r))
  promise.catch(() => undefined)
  return { promise, reject }
}

/** How long closing a farm whose server is being retried waits to take its tasks back before letting go. */
const CLOSE_WAIT_MS = 3000

/** The coordinator's side: tasks go to the queue, replies come back with the completion events. */
export function bullFarm(
  url: string,
  folder: string,
  log: (line: string) => void = (l) => process.stderr.write(`halma: ${l}\n`),
  giveUpSeconds = GIVE_UP_SECONDS,
): LevelFarm {
  const signal = giveUpSignal()
  const back = new RedisBackOff(connectionOf(url), giveUpSeconds * 1000, log, signal.reject)
  const connection = back.options()
  const queue = new Queue<QueuedTask, FarmReply>(QUEUE, { connection })
  const events = new QueueEvents(QUEUE, { connection })
  watch(back, queue, events)
  // Tasks queued and not yet answered: a search that ends early (cancel, a budget) takes back
  // those no worker has started, so that workers do not build levels nobody waits for.
  const pending = new Set<{ remove(): Promise<void> }>()
  const guarded = <T>(p: Promise<T>): Promise<T> => Promise.race([p, signal.promise])
  return {
    folder,
    async run(tasks) {
      await guarded(events.waitUntilReady())
      const jobs = await guarded(
        queue.addBulk(
          tasks.map((task) => ({
            name: task.op,
            data: { folder, task },
            opts: { attempts: 5, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86_400 } },
          })),
        ),
      )
      for (const j of jobs) pending.add(j)
      // A task that failed on every attempt (a worker refused it, or it failed there) is named:
      // the workers' own logs say more.
      const failed = (task: FarmTask) => (e: unknown) => {
        throw new EnvironmentError(
          shownUrl(back.options()),
          `the workers failed the task ${task.op} ${task.level} shard ${task.index} on every attempt: ${e instanceof Error ? e.message : String(e)}`,
          `see the workers' logs; a worker takes tasks only in folders under its --root (here ${folder})`,
          'ETASK',
        )
      }
      try {
        return await guarded(Promise.all(jobs.map((j, k) => (j.waitUntilFinished(events) as Promise<FarmReply>).catch(failed(tasks[k]!)))))
      } finally {
        for (const j of jobs) pending.delete(j)
      }
    },
    async close() {
      // Let go without waiting (BullMQ's close and disconnect wait for a connection first, up to
      // the give-up time): the back-off makes no more attempts, and the command's process ends regardless.
      const letGo = (): void => {
        back.close()
        void Promise.allSettled([events.disconnect(), queue.disconnect()])
      }
      // Nothing to take back from a server given up on.
      if (back.fault) return letGo()
      // A task a worker holds cannot be removed (it finishes; its files stay in the folder).
      const graceful = (async () => {
        await Promise.all([...pending].map((j) => j.remove().catch(() => undefined)))
        await events.close()
        await queue.close()
      })()
      // While a connection is being retried, the tasks are taken back if the server answers soon; else let go.
      if (!back.failing) return graceful
      const soon = await Promise.race([graceful.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), CLOSE_WAIT_MS).unref())])
      if (!soon) letGo()
    },
  }
}

/** Runs a task on the calling thread (tests: the lock is then not renewed while it runs). */
export const runHere: TaskRunner = (task, folder) => runTask(task, folderStore(folder), (init) => buildKernel(init as DomainInit))

export interface FarmWorker {
  /** Resolves when connected; rejects with the EnvironmentError of giving up. */
  readonly ready: Promise<void>
  /** Rejects with the EnvironmentError when the server is lost for longer than the give-up time. */
  readonly lost: Promise<never>
  close(): Promise<void>
}

export interface ServeOptions {
  readonly url: string
  /** Tasks run at once: a positive integer. */
  readonly concurrency: number
  /** The folder (a real path) under which tasks may read and write. */
  readonly root: string
  readonly log: (line: string) => void
  readonly giveUpSeconds?: number
  /**
   * How a task is run: by default on a thread of its own (task-thread.ts), so this thread stays
   * free to renew each task's lock every `lockMs` / 2 while a long merge runs.
   */
  readonly run?: TaskRunner
  /** The task lock's duration (tests shorten it). */
  readonly lockMs?: number
}

/** A worker process's side: run tasks as they come, `concurrency` at a time, each checked first. */
export function serveFarm(o: ServeOptions): FarmWorker {
  const signal = giveUpSignal()
  const connection = connectionOf(o.url)
  const back = new RedisBackOff(connection, (o.giveUpSeconds ?? GIVE_UP_SECONDS) * 1000, o.log, signal.reject)
  const run = o.run ?? taskThreads(taskScript())
  const lockMs = o.lockMs ?? LOCK_MS
  const worker = new Worker<QueuedTask, FarmReply>(
    QUEUE,
    async (job) => {
      const { folder, task } = checkTask(job.data, o.root)
      o.log(`start ${task.op} ${task.level} shard ${task.index}`)
      const t0 = performance.now()
      const reply = await run(task, folder)
      // A task started more than once was retried: it failed, or a worker died holding it.
      const again = job.attemptsStarted > 1 ? ` (retried: started ${job.attemptsStarted} times, stalled ${job.stalledCounter})` : ''
      o.log(`${task.op} ${task.level} shard ${task.index}: ${((performance.now() - t0) / 1000).toFixed(1)} s${again}`)
      return reply
    },
    { connection: back.options(), concurrency: o.concurrency, lockDuration: lockMs, stalledInterval: lockMs / 2, maxStalledCount: 5 },
  )
  watch(back, worker)
  worker.on('failed', (job, e) => o.log(`task ${job?.name ?? '?'} failed: ${e.message}`))
  // A task whose lock ran out (its worker died, or could not renew it) is queued again.
  worker.on('stalled', (id) => o.log(`task ${id} stalled: its lock ran out; it is queued again`))
  return {
    ready: Promise.race([worker.waitUntilReady().then(() => back.ready()), signal.promise]),
    lost: signal.promise,
    async close() {
      if (back.fault) await worker.disconnect().catch(() => undefined)
      else await worker.close()
    },
  }
}

export { shownUrl }
