/**
 * Expansion threads for Node hosts: worker_threads running the bundled expansion-worker. Level
 * tables are SharedArrayBuffers, so threads read them in place.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { WorkerFactory, WorkerPort } from '../../shared/engine/executor'
import type { ExpandReply } from '../../shared/engine/protocol'

/** Cores this machine offers (what `--threads` defaults to). */
export const cores = (): number => availableParallelism()

/** A factory of expansion threads running the worker script at `script` (a built .mjs). */
export function nodeWorkers(script: URL | string): WorkerFactory {
  return (): WorkerPort => {
    const worker = new Worker(script)
    worker.unref()
    return {
      post: (message) => worker.postMessage(message),
      onMessage: (handler) => worker.on('message', (m: ExpandReply | { type: 'error'; message: string }) => handler(m)),
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
