/**
 * `halma engine`: the playing engine on standard input and output, speaking the protocol of
 * docs/PROTOCOL.md (shared/play/protocol.ts), so that `halma match`, the workbench or any program
 * can play against it, analyse with it or match it. Searches run on a search thread, so that
 * `stop` is heard while one runs; `--threads N` adds helper threads (Lazy SMP).
 */
import { createInterface } from 'node:readline'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { nodeSearchThreads } from '../hosts/node/play-threads'
import { openTableFolder } from '../hosts/node/tablebase-folder'
import { DEFAULT_OPTIONS, type EngineOptions } from '../shared/play/engine'
import { applyOption } from '../shared/play/options'
import { ProtocolServer } from '../shared/play/protocol'
import type { Io } from './io'
import { parse, UsageError } from './options'

export const ENGINE_HELP = `halma engine: the playing engine, speaking the halma engine protocol on stdin/stdout

usage: halma engine [--threads N] [--hash MB] [--algorithm auto|paranoid|brs|maxn|race] [--inline]
                    [--tablebase DIR] [--option NAME=VALUE ...]

Commands (one a line; docs/PROTOCOL.md): hep, isready, setoption name N value V, newgame,
position preset ID|spec {json}|problem {json}|tablebase [spoiling vacate|occupied|both] [setup ...] [moves ...],
go [depth N] [nodes N] [movetime MS] [time MS] [inc MS] [infinite], stop, quit.

  --threads N    search threads (Lazy SMP; default 1)
  --hash MB      transposition table (default 32)
  --algorithm A  auto (alpha-beta for two sides, best-reply for three, the race planner for more),
                 paranoid, brs, maxn, race
  --tablebase DIR  play from a solved-positions table (halma tablebase build --out DIR): in its
                 game ('position tablebase ...') the engine plays the table's perfect move and
                 reports its value (score win|loss N, tbhits 1, 'info string tablebase ...');
                 the same as 'setoption name Tablebase value DIR'. A missing folder, a damaged
                 table (every chunk is checked first) or a position of another game (board, men,
                 rules, win rule) is refused by name. With a table the engine searches inline.
  --option N=V   any option of 'hep' (e.g. Weight_lag=40); may repeat
  --inline       search on the input thread (stop is then heard between a search's depths)`

const OPTIONS = {
  threads: { type: 'string' },
  hash: { type: 'string' },
  algorithm: { type: 'string' },
  option: { type: 'string', multiple: true },
  tablebase: { type: 'string' },
  inline: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The worker script of search threads next to the bundle, or the built one when running from source. */
export function playWorkerScript(): URL {
  const beside = new URL('./play-worker.mjs', import.meta.url)
  if (existsSync(fileURLToPath(beside))) return beside
  return new URL('../../out/cli/play-worker.mjs', import.meta.url)
}

/** The engine options of the command line (each fault names its option). */
export function engineOptions(v: Record<string, unknown>): EngineOptions {
  let o = DEFAULT_OPTIONS
  // Each option set once: by its flag or by --option, not both (the second would win without a word).
  const given = new Map<string, string>()
  const set = (name: string, value: string, flag: string): void => {
    const before = given.get(name.toLowerCase())
    if (before !== undefined) throw new UsageError(`${flag}: ${name} is set twice (${before} and ${flag}): give it once`)
    given.set(name.toLowerCase(), flag === '--option' ? `--option ${name}` : flag)
    const r = applyOption(o, name, value)
    if (!r.ok) throw new UsageError(`${flag}: ${r.error.message}`)
    o = r.value
  }
  if (typeof v['threads'] === 'string') set('Threads', v['threads'], '--threads')
  if (typeof v['hash'] === 'string') set('Hash', v['hash'], '--hash')
  if (typeof v['algorithm'] === 'string') set('Algorithm', v['algorithm'], '--algorithm')
  for (const pair of (v['option'] as string[] | undefined) ?? []) {
    const m = /^([^=]+)=(.*)$/.exec(pair)
    if (!m) throw new UsageError(`--option: '${pair}' is not NAME=VALUE`)
    set(m[1]!, m[2]!, '--option')
  }
  return o
}

export async function runEngine(argv: string[], io: Io, input?: AsyncIterable<string>): Promise<number> {
  const v = parse(argv, OPTIONS)
  if (v['help']) {
    io.out(ENGINE_HELP)
    return 0
  }
  const options = engineOptions(v)
  const host = v['inline'] ? undefined : nodeSearchThreads(playWorkerScript())
  const server = new ProtocolServer(io.out, options, host, undefined, undefined, (dir) => openTableFolder(dir, { verify: true }))
  if (typeof v['tablebase'] === 'string') {
    const fault = server.useTable(v['tablebase'])
    if (fault) throw new UsageError(`--tablebase: ${fault.message}`)
  }
  // Standard input already read to its end (a second run in one process, as tests do) holds no commands.
  const lines = input ?? (process.stdin.readableEnded ? [] : createInterface({ input: process.stdin, crlfDelay: Infinity }))
  // Commands are handled in order; a `go` returns at once (its search runs on), so `stop` is read.
  for await (const line of lines) if ((await server.receive(line)) === 'quit') return 0
  await server.receive('quit')
  return 0
}
