/**
 * A farm worker's tasks run on a thread of their own (issue 28), so that the worker process's own
 * thread stays free while a long task runs: BullMQ renews the task's lock from there. Run on the
 * worker's thread, a merge (synchronous: minutes for a large shard) blocked the renewal, the lock
 * expired, the task was declared stalled and run again by another worker while the first went on.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { FarmReply, FarmTask } from '../../shared/engine/core/farm'

/** What a task thread is given, and what it answers. */
export interface TaskMessage {
  readonly folder: string
  readonly task: FarmTask
}
export type TaskAnswer = { readonly reply: FarmReply } | { readonly error: string }

/** Runs a task in `folder` and answers with its reply. */
export type TaskRunner = (task: FarmTask, folder: string) => Promise<FarmReply>

/** A runner that starts a thread per task on `script` (the bundled farm-task-worker.mjs). */
export function taskThreads(script: URL | string): TaskRunner {
  return (task, folder) =>
    new Promise<FarmReply>((resolve, reject) => {
      const thread = new Worker(script, { workerData: { folder, task } satisfies TaskMessage })
      let answered = false
      thread.once('message', (m: TaskAnswer) => {
        answered = true
        if ('reply' in m) resolve(m.reply)
        else reject(new Error(m.error))
      })
      thread.once('error', (e) => {
        answered = true
        reject(e)
      })
      thread.once('exit', (code) => {
        if (!answered) reject(new Error(`the task's thread ended (code ${code}) without an answer`))
      })
    })
}

/** The task thread's script beside the bundle, or the built one when running from source. */
export function taskScript(): URL {
  const beside = new URL('./farm-task-worker.mjs', import.meta.url)
  if (existsSync(fileURLToPath(beside))) return beside
  return new URL('../../out/cli/farm-task-worker.mjs', import.meta.url)
}
