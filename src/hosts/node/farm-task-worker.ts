// Entry of a farm task's thread under worker_threads (halma worker, task-thread.ts): runs the one
// task it is given in its folder and answers with the reply or the fault.
import { parentPort, workerData } from 'node:worker_threads'
import { runTask } from '../../shared/engine/core/farm'
import { buildKernel, type DomainInit } from '../../shared/engine/registry'
import { folderStore } from './store'
import type { TaskAnswer, TaskMessage } from './task-thread'

const port = parentPort
if (!port) throw new Error('farm-task-worker must run in a worker thread')
const { folder, task } = workerData as TaskMessage
runTask(task, folderStore(folder), (init) => buildKernel(init as DomainInit)).then(
  (reply) => port.postMessage({ reply } satisfies TaskAnswer),
  (e: unknown) => port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies TaskAnswer),
)
