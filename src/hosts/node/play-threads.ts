/**
 * Search threads of the playing engine for Node hosts: worker_threads running the bundled
 * play-worker, which searches the position it is sent into the shared transposition table and
 * streams its iterations back. The engine's `stop` is a flag in shared memory the search polls.
 */
import { Worker } from 'node:worker_threads'
import type { SearchThread, ThreadHost, ThreadRequest } from '../../shared/play/engine'
import type { Iteration } from '../../shared/play/search'

/** What a play worker sends back. */
export type PlayWorkerReply = { readonly type: 'iteration' | 'done'; readonly it: Iteration } | { readonly type: 'error'; readonly message: string }

export function nodeSearchThreads(script: URL | string): ThreadHost {
  return {
    spawn(): SearchThread {
      const worker = new Worker(script)
      worker.unref()
      return {
        run(request: ThreadRequest, onIteration: (it: Iteration) => void): Promise<Iteration> {
          return new Promise((resolve, reject) => {
            const onMessage = (m: PlayWorkerReply): void => {
              if (m.type === 'iteration') return onIteration(m.it)
              worker.off('message', onMessage)
              worker.off('error', onError)
              if (m.type === 'error') reject(new Error(`search thread: ${m.message}`))
              else resolve(m.it)
            }
            const onError = (e: Error): void => {
              worker.off('message', onMessage)
              reject(e)
            }
            worker.on('message', onMessage)
            worker.once('error', onError)
            worker.postMessage(request)
          })
        },
        terminate: () => void worker.terminate(),
      }
    },
  }
}
