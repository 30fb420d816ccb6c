// Entry of a job Web Worker: one search job, run by the Engine with expansion Web Workers, speaking
// the job protocol to the page (the browser's counterpart of src/hosts/node/job-process.ts).
import { Engine } from '../../shared/engine/engine'
import { serveJob } from '../../shared/jobs/runner'
import { workerScope } from './scope'
import { webWorkers } from './threads'

const scope = workerScope()
void serveJob(
  {
    post: (m) => scope.postMessage(m),
    onMessage: (h) => scope.addEventListener('message', (e) => h(e.data)),
  },
  (job, onProgress) => new Engine(job.params.threads > 1 ? { workers: webWorkers() } : {}).start(job, onProgress),
)
