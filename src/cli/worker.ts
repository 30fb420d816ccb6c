/**
 * `halma worker`: a worker of a level farm (src/hosts/node/cluster.ts). It takes the tasks of
 * searches run with `halma solve --cluster URL --disk DIR` from the Redis queue at URL, reads and
 * writes the level shards in DIR (which must be the same folder on every machine), and runs until
 * Ctrl-C.
 */
import { serveFarm } from '../hosts/node/cluster'
import type { Io } from './io'
import { parse } from './options'
import { numberOption } from './search-run'

export const WORKER_HELP = `halma worker: run the tasks of searches on a cluster (halma solve --cluster)

usage: halma worker --redis redis://host:6379 [--concurrency N]

  --redis URL        the Redis server of the job queue (default redis://localhost:6379)
  --concurrency N    tasks run at once (default 1: one core)
Runs until Ctrl-C. Each task names its shared folder; it must be the same path here.`

export async function runWorker(argv: string[], io: Io): Promise<number> {
  const v = parse(argv, { redis: { type: 'string' }, concurrency: { type: 'string' }, help: { type: 'boolean' } })
  if (v['help']) {
    io.out(WORKER_HELP)
    return 0
  }
  const url = typeof v['redis'] === 'string' ? v['redis'] : 'redis://localhost:6379'
  const worker = serveFarm(url, numberOption(v, 'concurrency', 1), (line) => io.err(`[worker ${process.pid}] ${line}`))
  await worker.waitUntilReady()
  io.err(`[worker ${process.pid}] waiting for tasks on ${url}`)
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()))
  await worker.close()
  return 0
}
