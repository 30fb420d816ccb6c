// Entry of an expansion Web Worker (started by the job worker): wires the pure ExpansionWorker to
// the worker's messages, as the Node entry does with worker_threads.
import type { WorkerMessage } from '../../shared/engine/core/messages'
import { ExpansionWorker } from '../../shared/engine/core/worker'
import { buildKernel, runThreadTask, type DomainInit } from '../../shared/engine/registry'
import { workerScope } from './scope'

const scope = workerScope()
const worker = new ExpansionWorker(buildKernel, runThreadTask)
scope.addEventListener('message', (event) => {
  try {
    const r = worker.handle(event.data as WorkerMessage<DomainInit>)
    if (r) scope.postMessage(r.reply, { transfer: r.transfer })
  } catch (e) {
    scope.postMessage({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) })
  }
})
