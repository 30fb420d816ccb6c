// Entry of the playing engine's Web Worker: the protocol server (shared/play/protocol.ts) with an
// engine searching inline in this worker, lines in and out as messages. The page stops a search
// through the flag in shared memory it sends first (this worker reads messages only between a
// search's depths, every 50 ms or more: the flag stops it sooner); info lines are posted as each
// iteration ends.
import { DEFAULT_OPTIONS } from '../../shared/play/engine'
import { ProtocolServer } from '../../shared/play/protocol'
import { workerScope } from './scope'
import type { PlayWorkerMessage } from './play-engine'

const scope = workerScope()
let server: ProtocolServer | undefined
let queue = Promise.resolve()
scope.addEventListener('message', (e) => {
  const m = e.data as PlayWorkerMessage
  if (m.type === 'init') {
    server = new ProtocolServer((line) => scope.postMessage({ type: 'line', text: line }), DEFAULT_OPTIONS, undefined, 'halma-workbench', new Int32Array(m.stop))
    return
  }
  const s = server
  if (!s) return
  // Commands in order; a search holds this worker but for its pauses between depths (the flag stops it).
  queue = queue.then(async () => {
    await s.receive(m.text)
  })
})
