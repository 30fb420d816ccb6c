/**
 * `halma worker`: a worker of a level farm (src/hosts/node/cluster.ts). It takes the tasks of
 * searches run with `halma solve --cluster URL --disk DIR` from the Redis queue at URL, reads and
 * writes the level shards in DIR (which must be the same folder on every machine, under the
 * worker's --root), and runs until Ctrl-C, or until the Redis server has been out of reach for
 * longer than --give-up (exit status 3).
 */
import { GIVE_UP_SECONDS, serveFarm, shownUrl, workerRoot } from '../hosts/node/cluster'
import { parseRedisUrl } from '../hosts/node/redis'
import { describe } from '../shared/result'
import type { Io } from './io'
import { parse, UsageError, wholeText } from './options'

export const WORKER_HELP = `halma worker: run the tasks of searches on a cluster (halma solve --cluster)

usage: halma worker --root DIR [--redis redis://host:6379] [--concurrency N] [--give-up S]

  --root DIR         the folder under which tasks may read and write: the shared folder (or
                     a folder above it); a task naming a folder outside it is refused
  --redis URL        the Redis server of the job queue (default redis://localhost:6379):
                     redis://[user:password@]host[:port][/db], or rediss://... for TLS
  --concurrency N    tasks run at once, a whole number from 1 (the default: one core)
  --give-up S        seconds to keep trying a Redis server that cannot be reached before
                     stopping with exit status 3 (default ${GIVE_UP_SECONDS})
Runs until Ctrl-C. Each task names its shared folder; it must be the same path here.
Whoever can reach the Redis server can queue tasks: protect it with a password (and TLS
across machines), and see docs/SECURITY.md.`

export async function runWorker(argv: string[], io: Io): Promise<number> {
  const v = parse(argv, {
    redis: { type: 'string' },
    concurrency: { type: 'string' },
    root: { type: 'string' },
    'give-up': { type: 'string' },
    help: { type: 'boolean' },
  })
  if (v['help']) {
    io.out(WORKER_HELP)
    return 0
  }
  const url = typeof v['redis'] === 'string' ? v['redis'] : 'redis://localhost:6379'
  const connection = parseRedisUrl(url)
  if (!connection.ok) throw new UsageError(`--redis: ${describe(connection.error)}`)
  const concurrency = typeof v['concurrency'] === 'string' ? wholeText(v['concurrency'], 'concurrency', 1, 1024) : 1
  const giveUpSeconds = typeof v['give-up'] === 'string' ? wholeText(v['give-up'], 'give-up', 1, 7 * 86_400) : GIVE_UP_SECONDS
  if (typeof v['root'] !== 'string' || v['root'].trim() === '')
    throw new UsageError('--root DIR is required: the shared folder under which tasks may write (a task naming another folder is refused)')
  let root: string
  try {
    root = workerRoot(v['root'])
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
  const say = (line: string): void => io.err(`[worker ${process.pid}] ${line}`)
  const worker = serveFarm({ url, concurrency, root, log: say, giveUpSeconds })
  let interrupted: () => void = () => undefined
  const stop = new Promise<void>((resolve) => (interrupted = resolve))
  process.once('SIGINT', interrupted)
  try {
    // Connected, then running until Ctrl-C; or the server lost past the give-up time (thrown: exit 3).
    await Promise.race([worker.ready, stop])
    say(`waiting for tasks on ${shownUrl(connection.value)}, under ${root}`)
    await Promise.race([stop, worker.lost])
    return 0
  } finally {
    process.removeListener('SIGINT', interrupted)
    await worker.close()
  }
}
