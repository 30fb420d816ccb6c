// Entry of a job Web Worker: one search job, run by the Engine with expansion Web Workers, speaking
// the job protocol to the page (the browser's counterpart of src/hosts/node/job-process.ts). HiGHS
// (army jobs) is loaded only when a job asks for it, from the bundled WebAssembly.
import { Engine, threadsOf } from '../../shared/engine/engine'
import { serveJob } from '../../shared/jobs/runner'
import type { MipSolver } from '../../shared/army/minimum'
import { workerScope } from './scope'
import { webWorkers } from './threads'

async function mip(): Promise<MipSolver> {
  const [{ default: loader }, { default: wasmUrl }] = await Promise.all([import('highs'), import('highs/runtime?url')])
  return (await loader({ locateFile: () => wasmUrl })) as MipSolver
}

const scope = workerScope()
void serveJob(
  {
    post: (m) => scope.postMessage(m),
    onMessage: (h) => scope.addEventListener('message', (e) => h(e.data)),
  },
  (job, onProgress) => new Engine({ ...(threadsOf(job) > 1 && { workers: webWorkers() }), mip }).start(job, onProgress),
)
