// Entry of an expansion thread under worker_threads (the CLI and Electron's utility process):
// wires the pure ExpansionWorker to the thread's message port.
import { parentPort } from 'node:worker_threads'
import { ExpansionWorker } from '../../shared/engine/core/worker'
import type { WorkerMessage } from '../../shared/engine/core/messages'
import { buildKernel, runThreadTask, type DomainInit } from '../../shared/engine/registry'

const port = parentPort
if (!port) throw new Error('expansion-worker must run in a worker thread')
const worker = new ExpansionWorker(buildKernel, runThreadTask)
port.on('message', (msg: WorkerMessage<DomainInit>) => {
  try {
    const r = worker.handle(msg)
    if (r) port.postMessage(r.reply, r.transfer)
  } catch (e) {
    port.postMessage({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) })
  }
})
