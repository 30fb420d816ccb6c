/**
 * Expansion threads for Node hosts: worker_threads running the bundled expansion-worker. Level
 * tables are SharedArrayBuffers, so threads read them in place.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { WorkerFactory, WorkerPort } from '../../shared/engine/core/executor'
import type { WorkerReply } from '../../shared/engine/core/messages'
import type { DomainInit } from '../../shared/engine/registry'

/** Cores this machine offers (what `--threads` defaults to). */
export const cores = (): number => availableParallelism()

/** A factory of expansion threads running the worker script at `script` (a built .mjs). */
export function nodeWorkers(script: URL | string): WorkerFactory<DomainInit> {
  return (): WorkerPort<DomainInit> => {
    const worker = new Worker(script)
    worker.unref()
    return {
      post: (message) => worker.postMessage(message),
      onMessage: (handler) => worker.on('message', (m: WorkerReply) => handler(m)),
      onError: (handler) => {
        worker.on('error', handler)
        worker.on('exit', (code) => {
          if (code !== 0) handler(new Error(`expansion thread exited with code ${code}`))
        })
      },
      terminate: () => void worker.terminate(),
    }
  }
}
