/**
 * Entry of a search job's own process: Electron's utility process in the app, or a Node child
 * process (child_process.fork) in tests and elsewhere. It runs the Engine, with worker_threads for
 * expansion, and speaks the job protocol (src/shared/jobs/protocol.ts) to its parent.
 *
 * The expansion threads' script is named by `--expansion-worker=PATH` (the bundler decides where
 * it lands, so the parent passes it on).
 */
import highsLoader from 'highs'
import { Engine, threadsOf } from '../../shared/engine/engine'
import type { MipSolver } from '../../shared/army/minimum'
import { serveJob, type RunnerPort } from '../../shared/jobs/runner'
import type { RunnerMessage } from '../../shared/jobs/protocol'
import { folderStore } from './store'
import { nodeWorkers } from './threads'

/** Electron's port to the parent of a utility process (absent in plain Node). */
interface ParentPort {
  on(event: 'message', listener: (e: { data: unknown }) => void): void
  postMessage(message: unknown): void
}

function parentPort(): RunnerPort {
  const electronPort = (process as unknown as { parentPort?: ParentPort }).parentPort
  if (electronPort) {
    return {
      post: (m: RunnerMessage) => electronPort.postMessage(m),
      onMessage: (h) => electronPort.on('message', (e) => h(e.data)),
    }
  }
  const send = process.send?.bind(process)
  if (send) {
    // A child whose parent has gone has no one to report to.
    process.on('disconnect', () => process.exit(0))
    return {
      post: (m: RunnerMessage) => void send(m),
      onMessage: (h) => process.on('message', (m) => h(m)),
    }
  }
  throw new Error('job-process must run as a utility process or a forked child process')
}

function expansionScript(): string | undefined {
  const flag = process.argv.find((a) => a.startsWith('--expansion-worker='))
  return flag?.slice('--expansion-worker='.length)
}

const script = expansionScript()
const port = parentPort()
void serveJob(port, (job, onProgress) => {
  const threaded = threadsOf(job) > 1 && script !== undefined
  // HiGHS (army jobs) loads its WebAssembly from beside its own script in node_modules.
  const mip = async (): Promise<MipSolver> => (await highsLoader()) as MipSolver
  return new Engine({ ...(threaded && { workers: nodeWorkers(script) }), files: folderStore, mip }).start(job, onProgress)
})
