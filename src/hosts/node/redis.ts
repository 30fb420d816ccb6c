/**
 * The Redis server of a cluster, as the command line names it and as ioredis connects to it: the
 * URL checked and read whole (user, password, database, TLS for rediss:), and the back-off used
 * while the server cannot be reached: attempts further and further apart (half a second, doubling,
 * at most 30 s), one line each saying where, why and when the program gives up, and after the
 * give-up time an EnvironmentError instead of retrying forever.
 */
import { EnvironmentError } from '../../shared/environment'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../shared/result'

/** What ioredis (through BullMQ) is given. */
export interface RedisConnection {
  readonly host: string
  readonly port: number
  readonly username?: string
  readonly password?: string
  readonly db?: number
  /** rediss: TLS with the system's trusted certificates (and the host's name checked). */
  readonly tls?: { readonly servername: string }
  readonly retryStrategy?: (times: number) => number | null
}

const URL_FORM = 'redis://[user:password@]host[:port][/db] or rediss:// for TLS'

/** The connection a redis:// or rediss:// URL names, or what is wrong with it. */
export function parseRedisUrl(url: string): Result<RedisConnection, Diagnostic> {
  let u: URL
  const bad = (why: string): Result<never, Diagnostic> =>
    err(diagnostic('redis.url', `${JSON.stringify(url)} ${why} (expected ${URL_FORM})`))
  try {
    u = new URL(url)
  } catch {
    return bad('is not a URL')
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') return bad(`has the scheme ${u.protocol.replace(/:$/, '')}`)
  if (u.hostname === '') return bad('names no host')
  const port = u.port === '' ? 6379 : Number(u.port)
  if (!Number.isInteger(port) || port < 1 || port > 65535) return bad(`has no valid port`)
  const path = u.pathname.replace(/^\//, '')
  if (path !== '' && !/^\d{1,2}$/.test(path)) return bad(`has the path /${path}; only a database number may follow the host`)
  if (u.search !== '' || u.hash !== '') return bad('has a query or a fragment, which are not read')
  const decode = (s: string): string => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  }
  // A bracketed IPv6 address loses its brackets for the socket.
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1')
  return ok({
    host,
    port,
    ...(u.username !== '' && { username: decode(u.username) }),
    ...(u.password !== '' && { password: decode(u.password) }),
    ...(path !== '' && { db: Number(path) }),
    ...(u.protocol === 'rediss:' && { tls: { servername: host } }),
  })
}

/** The URL as it may be printed: without the password. */
export function shownUrl(c: RedisConnection): string {
  return `${c.tls ? 'rediss' : 'redis'}://${c.username !== undefined ? `${c.username}@` : ''}${c.host.includes(':') ? `[${c.host}]` : c.host}:${c.port}${c.db !== undefined ? `/${c.db}` : ''}`
}

/** How long to wait before attempt `times` (1, 2, ...): 0.5 s doubling, at most 30 s. */
export const backOffMs = (times: number): number => Math.min(30_000, 500 * 2 ** Math.min(16, Math.max(0, times - 1)))

/** Words for a connection error's code. */
function why(e: unknown): string {
  const code = (e as { code?: unknown } | undefined)?.code
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is redis-server running there, on that port?)'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no such host'
    case 'ETIMEDOUT':
      return 'the connection timed out'
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host cannot be reached'
    case 'ECONNRESET':
      return 'the connection was reset'
    default: {
      const m = e instanceof Error ? e.message : ''
      if (/NOAUTH|WRONGPASS|invalid password|invalid username/i.test(m))
        return 'the server refused the password (give it in the URL: redis://user:password@host)'
      return m !== '' ? m : 'no answer'
    }
  }
}

const clock = (ms: number): string => new Date(ms).toTimeString().slice(0, 8)

/**
 * The back-off of every connection to one server (a queue uses several). `log` gets one line per
 * wait; after `giveUpMs` without a working connection, `onGiveUp` gets the EnvironmentError once and
 * the connections stop retrying.
 */
export class RedisBackOff {
  private failingSince: number | undefined
  private lastError: unknown
  private loggedAt = 0
  private gaveUp: EnvironmentError | undefined

  constructor(
    private readonly connection: RedisConnection,
    private readonly giveUpMs: number,
    private readonly log: (line: string) => void,
    private readonly onGiveUp: (e: EnvironmentError) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The connection options with this back-off as their retry strategy. */
  options(): RedisConnection {
    return { ...this.connection, retryStrategy: (times) => this.retry(times) }
  }

  /** A connection reported an error (its clients' 'error' events). */
  error(e: unknown): void {
    this.lastError = e
    this.failingSince ??= this.now()
  }

  /** A connection is up: the clock of the give-up starts again at the next failure. */
  ready(): void {
    this.failingSince = undefined
  }

  /** The fault after giving up, if it has. */
  get fault(): EnvironmentError | undefined {
    return this.gaveUp
  }

  /** The server cannot be reached now (retrying): a graceful close would wait for it. */
  get failing(): boolean {
    return this.failingSince !== undefined
  }

  private closed = false
  /** No more attempts (the connections are let go): the next retry ends them, without a word. */
  close(): void {
    this.closed = true
  }

  /** ioredis's retryStrategy: the wait before attempt `times`, or null to stop. */
  retry(times: number): number | null {
    if (this.gaveUp || this.closed) return null
    const now = this.now()
    this.failingSince ??= now
    const where = shownUrl(this.connection)
    const deadline = this.failingSince + this.giveUpMs
    if (now >= deadline) {
      this.gaveUp = new EnvironmentError(
        where,
        `cannot reach the Redis server: ${why(this.lastError)}; gave up after ${Math.round((now - this.failingSince) / 1000)} s`,
        'start redis-server there (or correct --redis / --cluster), then run the command again',
        'EREDIS',
      )
      this.onGiveUp(this.gaveUp)
      return null
    }
    const wait = Math.min(backOffMs(times), deadline - now)
    // Several connections retry together: one line per wait, not one per connection.
    if (now - this.loggedAt >= Math.min(wait, 1000)) {
      this.loggedAt = now
      this.log(
        `cannot reach Redis at ${where}: ${why(this.lastError)}; trying again in ${(wait / 1000).toFixed(1)} s (giving up at ${clock(deadline)})`,
      )
    }
    return wait
  }
}
