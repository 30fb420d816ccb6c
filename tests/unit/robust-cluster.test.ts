// Issue 31, cluster mode: the Redis URL is parsed and refused by name, its password and TLS reach
// the connection, an unreachable server is retried with a back-off and given up on (exit 3), a
// worker writes only under its --root, and --concurrency is a positive whole number. The tests
// with a real server start redis-server on a spare port (Debian's redis-server package); where it
// is not installed they say so and check the rest.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bullFarm, checkTask, connectionOf, QUEUE, serveFarm } from '../../src/hosts/node/cluster'
import { backOffMs, parseRedisUrl, RedisBackOff } from '../../src/hosts/node/redis'
import { EnvironmentError } from '../../src/shared/environment'
import { runHalma } from './fixtures'

const dir = mkdtempSync(join(tmpdir(), 'halma-cluster-safety-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the Redis URL', () => {
  it('is read whole: user, password, database, TLS', () => {
    expect(parseRedisUrl('redis://localhost:6379')).toEqual({ ok: true, value: { host: 'localhost', port: 6379 } })
    expect(parseRedisUrl('rediss://halma:s%3Acret@redis.example:6380/2')).toEqual({
      ok: true,
      value: { host: 'redis.example', port: 6380, username: 'halma', password: 's:cret', db: 2, tls: { servername: 'redis.example' } },
    })
    expect(parseRedisUrl('redis://:only-a-password@10.0.0.5')).toMatchObject({
      ok: true,
      value: { host: '10.0.0.5', port: 6379, password: 'only-a-password' },
    })
  })

  it.each([
    ['notaurl', 'is not a URL'],
    ['http://localhost:6379', 'has the scheme http'],
    ['redis://localhost:6379/queue', 'has the path /queue'],
    ['redis://localhost:6379?tls=1', 'has a query or a fragment'],
  ])('%s is refused by name', (url, why) => {
    const r = parseRedisUrl(url)
    expect(r.ok ? 'accepted' : r.error.message).toContain(why)
  })

  it('halma worker and solve --cluster refuse a bad URL as bad input (it was an internal error)', async () => {
    const w = await runHalma('worker', '--redis', 'notaurl', '--root', dir)
    expect(w.code).toBe(2)
    expect(w.err).toContain('--redis: "notaurl" is not a URL')
    const s = await runHalma('solve', '--army', 'triangle6', '--board', '5x5', '--disk', dir, '--cluster', 'http://x')
    expect(s.code).toBe(2)
    expect(s.err).toContain('--cluster: "http://x" has the scheme http')
  })

  it('--concurrency is a positive whole number (0 hung, 1.5 was taken), --root is required', async () => {
    for (const n of ['0', '1.5', '-1', '']) {
      const r = await runHalma('worker', `--concurrency=${n}`, '--root', dir)
      expect(r.code).toBe(2)
      expect(r.err).toContain(`--concurrency: '${n}' is not a whole number from 1 to 1024`)
    }
    const r = await runHalma('worker')
    expect(r.code).toBe(2)
    expect(r.err).toContain('--root DIR is required')
    // A file is no root (it was taken, and the worker waited for tasks).
    const file = join(dir, 'not-a-folder.txt')
    writeFileSync(file, '')
    const f = await runHalma('worker', '--root', file)
    expect(f.code).toBe(2)
    expect(f.err).toContain(`--root: '${file}' is a file, not a folder`)
  })
})

describe('the back-off while Redis cannot be reached', () => {
  it('waits longer each time, says where, why and until when, then gives up with an EnvironmentError', () => {
    let now = 1_000_000
    const lines: string[] = []
    let fault: EnvironmentError | undefined
    const back = new RedisBackOff(
      connectionOf('redis://:pw@db.example:7000'),
      10_000,
      (l) => lines.push(l),
      (e) => (fault = e),
      () => now,
    )
    back.error(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
    const waits: (number | null)[] = []
    for (let times = 1; times <= 8; times++) {
      const w = back.retry(times)
      waits.push(w)
      if (w === null) break
      now += w
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 2500, null])
    expect(lines[0]).toMatch(
      /^cannot reach Redis at redis:\/\/db\.example:7000: connection refused \(is redis-server running there, on that port\?\); trying again in 0\.5 s \(giving up at \d\d:\d\d:\d\d\)$/,
    )
    expect(lines.join('\n')).not.toContain('pw')
    expect(fault).toBeInstanceOf(EnvironmentError)
    expect(fault!.message).toBe(
      'redis://db.example:7000: cannot reach the Redis server: connection refused (is redis-server running there, on that port?); gave up after 10 s; start redis-server there (or correct --redis / --cluster), then run the command again',
    )
    expect(back.retry(9)).toBeNull()
    expect(backOffMs(40)).toBe(30_000)
  })

  it('halma worker against a closed port gives up with exit 3, a few lines, no raw error objects', async () => {
    const lines: string[] = []
    const t0 = Date.now()
    const code = await (
      await import('../../src/cli/main')
    ).main(['worker', '--redis', 'redis://127.0.0.1:1', '--root', dir, '--give-up', '2'], {
      out: (l) => void lines.push(l),
      err: (l) => void lines.push(l),
      stdin: () => undefined,
      tty: false,
    })
    expect(code).toBe(3)
    expect(Date.now() - t0).toBeLessThan(10_000)
    expect(lines.length).toBeLessThan(8)
    expect(lines.join('\n')).not.toMatch(/errno|syscall|\n\s+at /)
    expect(lines.at(-1)).toMatch(/halma worker: redis:\/\/127\.0\.0\.1:1: cannot reach the Redis server: connection refused/)
  })

  it('a search on a cluster that cannot be reached gives up with an EnvironmentError', async () => {
    const farm = bullFarm('redis://127.0.0.1:1', dir, () => undefined, 2)
    await expect(farm.run([])).rejects.toBeInstanceOf(EnvironmentError)
    await farm.close()
  })

  it('a search on a cluster that cannot be reached yet ends at its time limit, and its farm lets go within seconds (it waited 5 minutes)', async () => {
    const t0 = Date.now()
    const disk = join(dir, 'time-limited')
    const r = await runHalma('solve', '--army', 'triangle10', '--board', '9x9', '--strategy', 'exhaustive', '--cluster', 'redis://127.0.0.1:1', '--disk', disk, '--time-limit', '2')
    expect(r.code).toBe(1)
    expect(r.out).toContain('was stopped by the time limit')
    expect(Date.now() - t0).toBeLessThan(20_000)
    // The farm alone: closed while its server is being retried (not given up: 300 s), it waits a
    // moment for the server to take its tasks back, then lets go.
    const farm = bullFarm('redis://127.0.0.1:1', dir, () => undefined, 300)
    void farm.run([]).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const t1 = Date.now()
    await farm.close()
    expect(Date.now() - t1).toBeLessThan(5000)
  }, 30_000)
})

describe('a worker writes only under its root', () => {
  const root = join(dir, 'root')
  const inside = join(root, 'search')
  const outside = join(dir, 'elsewhere')
  mkdirSync(inside, { recursive: true })
  mkdirSync(outside, { recursive: true })
  symlinkSync(outside, join(root, 'link-out'))
  const merge = (folder: string) => ({ folder, task: { op: 'merge', w: 1, shards: 1, level: 'L1', index: 0, window: [] } })

  it('a task inside the root is taken; outside it, through a link out, or malformed, refused by name', () => {
    expect(checkTask(merge(inside), root).folder).toBe(inside)
    expect(() => checkTask(merge(outside), root)).toThrow(`refused a task in ${outside}: it is outside this worker's root ${root}`)
    expect(() => checkTask(merge(join(root, 'link-out')), root)).toThrow(/it is outside this worker's root/)
    expect(() => checkTask(merge(join(root, '..', 'elsewhere')), root)).toThrow(/it is outside this worker's root/)
    expect(() => checkTask(merge('relative/dir'), root)).toThrow(/not an absolute path/)
    expect(() =>
      checkTask({ ...merge(inside), task: { op: 'merge', w: 1, shards: 1e9, level: 'L1', index: 0, window: [] } }, root),
    ).toThrow(/refused a malformed task: task\.shards: must be at most 4096/)
    expect(() =>
      checkTask({ ...merge(inside), task: { op: 'merge', w: 1, shards: 1, level: '../../etc/passwd', index: 0, window: [] } }, root),
    ).toThrow(/refused a malformed task: task\.level/)
  })
})

/** A redis-server on a spare port, with a password; undefined where redis-server is not installed. */
function startRedis(password: string): { port: number; stop: () => void; process: ChildProcess } | undefined {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined
  const port = 7400 + Math.floor(Math.random() * 500)
  const data = mkdtempSync(join(tmpdir(), 'halma-redis-'))
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no', '--dir', data, '--requirepass', password],
    { stdio: 'ignore' },
  )
  const deadline = Date.now() + 10_000
  while (
    spawnSync('redis-cli', ['-p', String(port), '-a', password, '--no-auth-warning', 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG'
  ) {
    if (Date.now() > deadline) throw new Error('redis-server did not start')
    spawnSync('sleep', ['0.1'])
  }
  return { port, process: server, stop: () => (server.kill(), rmSync(data, { recursive: true, force: true })) }
}

describe('with a real Redis server that asks for a password', () => {
  const password = 'halma-secret'
  let redis: ReturnType<typeof startRedis>
  beforeAll(() => void (redis = startRedis(password)))
  afterAll(() => redis?.stop())

  it('the password in the URL is used (it was ignored: every command was refused NOAUTH)', async ({ skip }) => {
    if (!redis) return skip('redis-server is not installed (apt-get install redis-server)')
    const queue = new Queue(`${QUEUE}-auth`, { connection: connectionOf(`redis://:${password}@127.0.0.1:${redis.port}`) })
    await expect(queue.count()).resolves.toBe(0)
    await queue.close()
  })

  it('a worker refuses a task outside its root, and the folder it names stays untouched', async ({ skip }) => {
    if (!redis) return skip('redis-server is not installed (apt-get install redis-server)')
    const url = `redis://:${password}@127.0.0.1:${redis.port}`
    const root = join(dir, 'served')
    mkdirSync(root, { recursive: true })
    const victim = join(dir, 'victim')
    mkdirSync(victim, { recursive: true })
    const logs: string[] = []
    const worker = serveFarm({ url, concurrency: 1, root, log: (l) => void logs.push(l), giveUpSeconds: 10 })
    await worker.ready
    const queue = new Queue(QUEUE, { connection: connectionOf(url) })
    const job = await queue.add(
      'merge',
      { folder: victim, task: { op: 'merge', w: 1, shards: 1, level: 'L1', index: 0, window: [] } },
      { attempts: 1 },
    )
    const deadline = Date.now() + 10_000
    while (!(await job.isFailed()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    const failed = await queue.getJob(job.id!)
    expect(failed?.failedReason).toContain(`refused a task in ${victim}: it is outside this worker's root`)
    expect(existsSync(join(victim, 'L1.s0'))).toBe(false)
    await queue.obliterate({ force: true })
    await queue.close()
    await worker.close()
  })

  it('a search whose tasks the workers refuse ends named (exit 3), not as an internal error', async ({ skip }) => {
    if (!redis) return skip('redis-server is not installed (apt-get install redis-server)')
    const url = `redis://:${password}@127.0.0.1:${redis.port}`
    const root = join(dir, 'served2')
    mkdirSync(root, { recursive: true })
    const elsewhere = join(dir, 'elsewhere2')
    mkdirSync(elsewhere, { recursive: true })
    const worker = serveFarm({ url, concurrency: 1, root, log: () => undefined, giveUpSeconds: 10 })
    await worker.ready
    const farm = bullFarm(url, elsewhere, () => undefined, 10)
    const run = farm.run([{ op: 'merge', w: 1, shards: 1, level: 'L1', index: 0, window: [] }])
    await expect(run).rejects.toBeInstanceOf(EnvironmentError)
    await expect(run).rejects.toThrow(
      /the workers failed the task merge L1 shard 0 on every attempt: refused a task in .*: it is outside this worker's root/,
    )
    await farm.close()
    await worker.close()
  }, 30_000)
})
