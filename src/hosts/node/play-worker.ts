// Entry of a playing engine's search thread under worker_threads: rebuilds the variant from the
// request's plain data (cached) and runs the search, streaming its iterations to the parent.
import { parentPort } from 'node:worker_threads'
import { runThreadRequest, type ThreadRequest } from '../../shared/play/engine'
import { variantFromSource, type Variant } from '../../shared/play/variant'
import type { PlayWorkerReply } from './play-threads'

const port = parentPort
if (!port) throw new Error('play-worker must run in a worker thread')
const variants = new Map<string, Variant>()
port.on('message', (req: ThreadRequest) => {
  const post = (m: PlayWorkerReply): void => port.postMessage(m)
  try {
    const key = JSON.stringify(req.source)
    let v = variants.get(key)
    if (!v) variants.set(key, (v = variantFromSource(req.source)))
    const it = runThreadRequest(v, req, (i) => post({ type: 'iteration', it: i }))
    post({ type: 'done', it })
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) })
  }
})
