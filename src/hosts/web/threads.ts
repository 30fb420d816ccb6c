/**
 * Expansion threads for the browser: Web Workers running the same ExpansionWorker as Node's
 * worker_threads. The page is cross-origin isolated, so level tables are SharedArrayBuffers that
 * the workers read in place.
 */
import type { WorkerFactory, WorkerPort } from '../../shared/engine/core/executor'
import type { WorkerReply } from '../../shared/engine/core/messages'
import type { DomainInit } from '../../shared/engine/registry'

export function webWorkers(): WorkerFactory<DomainInit> {
  return (): WorkerPort<DomainInit> => {
    const worker = new Worker(new URL('./expansion-worker.ts', import.meta.url), { type: 'module', name: 'halma-expansion' })
    return {
      post: (message) => worker.postMessage(message),
      onMessage: (handler) => worker.addEventListener('message', (e: MessageEvent<WorkerReply>) => handler(e.data)),
      onError: (handler) => worker.addEventListener('error', (e) => handler(new Error(`expansion worker: ${e.message}`))),
      terminate: () => worker.terminate(),
    }
  }
}
