/**
 * The flow spine (issue 28): what every flow gets from one place, tested through the engine's
 * public API (so that each test runs, and fails, on the engine before the spine too):
 * - a refused resume with two threads ends the process at once (the threads started after the
 *   folder's checkpoint was opened, and closed in the flow's one try/finally);
 * - an odd length resumed in its second run builds no level of its first (Cmax settled);
 * - an edited record of a checkpoint is refused, by name;
 * - a merge task run twice gives the same level;
 * - a game beam's levels are the same whatever order the threads' replies arrive in.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { folderStore } from '../../src/hosts/node/store'
import { nodeWorkers } from '../../src/hosts/node/threads'
import { boardByName } from '../../src/shared/halma/board'
import { specFromProblem } from '../../src/shared/halma/document'
import { presetProblem } from '../../src/shared/halma/problem'
import { makeRules } from '../../src/shared/halma/rules'
import { expect as unwrap } from '../../src/shared/result'
import { CancelledError, Engine } from '../../src/shared/engine/engine'
import { InlineExecutor, ThreadExecutor, type Executor, type WorkerPort } from '../../src/shared/engine/core/executor'
import type { Sink } from '../../src/shared/engine/core/contract'
import { KeySet } from '../../src/shared/engine/core/keyset'
import { TransferDomain } from '../../src/shared/engine/transfer/domain'
import { TransferKernel, type TransferRule } from '../../src/shared/engine/transfer/kernel'
import type { WorkerMessage, WorkerReply } from '../../src/shared/engine/core/messages'
import { packedStore } from '../../src/shared/engine/core/packed-store'
import type { FileStore } from '../../src/shared/engine/core/storage'
import { inlineFarm, runTask } from '../../src/shared/engine/core/farm'
import { ExpansionWorker } from '../../src/shared/engine/core/worker'
import { buildKernel, type DomainInit } from '../../src/shared/engine/registry'
import { parseGameJob, type GameResult } from '../../src/shared/engine/game/job'
import { parsePlayersJob } from '../../src/shared/engine/players/job'
import { parseSolveJob, type SolveResult } from '../../src/shared/engine/transfer/job'
import { scratchFolders } from '../helpers/scratch'

const ROOT = join(import.meta.dirname, '../..')
const CLI = join(ROOT, 'bin/halma.mjs')
const WORKER = pathToFileURL(join(ROOT, 'out/cli/expansion-worker.mjs'))

const scratch = scratchFolders('spine')

const transfer = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('4-move'), 'triangle6')))
const solveJob = (extra: object) =>
  unwrap(parseSolveJob({ problem: transfer, strategy: 'exhaustive', threads: 1, budgetBytes: 2 ** 21, ...extra }))

/** A checkpoint's manifest as far as these tests read it (either format: sealed records or not). */
type Manifest = { levels: Record<string, unknown>; steps: Record<string, { value?: { levels: number[] }; levels?: number[] }> }
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as Manifest

/** A store that cancels the job once a manifest it writes satisfies `stop`, and records the files it creates. */
function watched(stop: (m: Manifest) => boolean, cancel: () => void): { files: (folder: string) => FileStore; created: string[] } {
  const created: string[] = []
  const files = (folder: string): FileStore => {
    // Above the packing: the names the engine gives its files.
    const store = packedStore(folderStore(folder))
    return {
      ...store,
      create: (name, w) => (created.push(name), store.create(name, w)),
      writeText(name, text) {
        store.writeText(name, text)
        if (name === 'checkpoint.json' && stop(JSON.parse(text) as Manifest)) cancel()
      },
    }
  }
  return { files, created }
}

describe('the spine sets up and takes down in one order', () => {
  for (const command of [
    ['solve', '--army', 'triangle10', '--board', '9x9', '--rules', '8-move'],
    ['game', '--army', 'triangle6', '--board', '7x7', '--rules', '8-move'],
  ])
    it(`a refused resume with 2 threads ends at once, naming why (halma ${command[0]})`, () => {
      const dir = scratch()
      writeFileSync(join(dir, 'checkpoint.json'), '{bad')
      const t0 = performance.now()
      // Before the spine, the threads had started and kept the process alive: it never ended. (The
      // command line now ends its process on an error; the flows' own threads are tested below.)
      const p = spawnSync(process.execPath, [CLI, ...command, '--threads', '2', '--resume', dir], { encoding: 'utf8', timeout: 20_000 })
      expect(p.signal, 'the process had to be killed: it hung').toBeNull()
      expect(p.status).toBe(2)
      expect(p.stderr).toMatch(/checkpoint\.json is damaged: not JSON/)
      expect(performance.now() - t0).toBeLessThan(20_000)
    }, 30_000)

  // The command line now ends its process on any error (exit 2), threads or not: whether the flow
  // itself leaves threads running is seen through the engine, with threads that count themselves.
  const game6 = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
  const refused = {
    solve: () => ({ kind: 'solve' as const, params: solveJob({ threads: 2, disk: scratch(), resume: true }) }),
    game: () => ({
      kind: 'game' as const,
      params: unwrap(parseGameJob({ problem: game6, strategy: 'exhaustive', threads: 2, disk: scratch(), resume: true })),
    }),
    players: () => ({
      kind: 'players' as const,
      params: unwrap(parsePlayersJob({ game: { board: 'star37', camps: [0, 3], men: 1 }, threads: 2, disk: scratch(), resume: true })),
    }),
  }
  for (const [kind, job] of Object.entries(refused))
    it(`a refused resume with 2 threads leaves no thread running (${kind})`, async () => {
      let started = 0
      let ended = 0
      const workers = (): WorkerPort<unknown> => {
        started++
        return { post: () => undefined, onMessage: () => undefined, onError: () => undefined, terminate: () => void ended++ }
      }
      const j = job()
      writeFileSync(join(j.params.disk!, 'checkpoint.json'), '{bad')
      await expect(new Engine({ workers, files: folderStore }).start(j as Parameters<Engine['start']>[0]).result).rejects.toThrow(
        /checkpoint\.json is damaged: not JSON/,
      )
      // Before the spine, the threads started before the checkpoint was read, and stayed.
      expect(ended).toBe(started)
    })
})

describe('checkpoints lose at most the level in progress', () => {
  it('an odd length resumed in its second run (2 threads) builds no level of its first, and ends as an uninterrupted search', async () => {
    // Lengths 17 to 23, every one proven impossible (the optimum is 25).
    const whole = await new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: scratch(), maxLength: 23 }) })
      .result
    expect(whole.proof.lengths.map((l) => [l.length, l.result])).toContainEqual([23, 'none'])
    const dir = scratch()
    const workers = nodeWorkers(WORKER)
    // Length 23: run 1 to level 12 (Cmax), run 2 to level 11; stopped with three levels of run 2 done.
    let cancel = (): void => undefined
    const first = watched(
      (m) => Object.keys(m.levels).filter((n) => n.startsWith('length23b.')).length >= 3,
      () => cancel(),
    )
    const handle = new Engine({ workers, files: first.files }).start({
      kind: 'solve',
      params: solveJob({ disk: dir, threads: 2, maxLength: 23 }),
    })
    cancel = () => handle.cancel()
    await expect(handle.result).rejects.toBeInstanceOf(CancelledError)
    expect(first.created.some((n) => n.startsWith('length23b.L3'))).toBe(true)
    const second = watched(
      () => false,
      () => undefined,
    )
    const resumed: SolveResult = await new Engine({ workers, files: second.files }).start({
      kind: 'solve',
      params: solveJob({ disk: dir, threads: 2, maxLength: 23, resume: true }),
    }).result
    expect(second.created.filter((n) => n.startsWith('length23a.'))).toEqual([])
    expect(second.created.filter((n) => /^length23b\.L[123]$/.test(n))).toEqual([])
    expect(resumed.proof.statement).toBe(whole.proof.statement)
    expect(resumed.proof.lengths.map((l) => [l.length, l.result, l.cmax, l.levels])).toEqual(
      whole.proof.lengths.map((l) => [l.length, l.result, l.cmax, l.levels]),
    )
  }, 60_000)

  it('a proof stopped by its time limit keeps its finished levels: resumed, it builds none of them again', async () => {
    // A clock that advances a millisecond a reading: the time limit falls at the same point of the
    // search whatever this machine's speed.
    let clock = 0
    const now = vi.spyOn(performance, 'now').mockImplementation(() => ++clock)
    try {
      const whole = await new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: scratch(), maxLength: 24 }) })
        .result
      const dir = scratch()
      clock = 0
      const timeLimit = (2 * whole.stats.seconds) / 3
      const first = await new Engine({ files: folderStore }).start({
        kind: 'solve',
        params: solveJob({ disk: dir, maxLength: 24, timeLimit }),
      }).result
      const stopped = first.proof.lengths.find((l) => l.result === 'time')
      expect(stopped, 'the time limit stopped a length').toBeDefined()
      const kept = Object.keys(manifestOf(dir).levels)
      expect(kept.filter((n) => n.startsWith(`length${stopped!.length}`)).length).toBeGreaterThan(0)
      const second = watched(
        () => false,
        () => undefined,
      )
      const resumed = await new Engine({ files: second.files }).start({
        kind: 'solve',
        params: solveJob({ disk: dir, maxLength: 24, resume: true }),
      }).result
      expect(second.created.filter((n) => kept.includes(n))).toEqual([])
      expect(resumed.proof.statement).toBe(whole.proof.statement)
      expect(resumed.proof.lengths.map((l) => [l.length, l.result, l.levels])).toEqual(
        whole.proof.lengths.map((l) => [l.length, l.result, l.levels]),
      )
    } finally {
      now.mockRestore()
    }
  }, 60_000)

  it('an edited record of settled lengths is refused, naming the record, not reported as a proof', async () => {
    const dir = scratch()
    const first = await new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: dir, maxLength: 21 }) }).result
    expect(first.proof.lengths.map((l) => l.length)).toEqual([17, 18, 19, 20, 21])
    // A level size of length 19 made larger by hand.
    const m = manifestOf(dir)
    const record = m.steps['length 19']!
    const levels = (record.value ?? record).levels!
    levels[2] = levels[2]! + 1000
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(m))
    await expect(
      new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: dir, maxLength: 21, resume: true }) }).result,
    ).rejects.toThrow(/the record of the settled step 'length 19' was edited or damaged/)
  }, 60_000)
})

describe('every flow on the same spine', () => {
  it('an N-player search on a cluster (a farm, 3 shards) has the same levels, game and count as in memory', async () => {
    const game = { board: 'square4', camps: [0, 2], men: 3 }
    const job = (extra: object) => unwrap(parsePlayersJob({ game, strategy: 'exhaustive', beam: 2000, ...extra }))
    let tasks = 0
    const engine = new Engine({
      files: folderStore,
      farm: (_url, folder) => {
        const farm = inlineFarm(folderStore(folder), (init) => buildKernel(init as DomainInit))
        return { ...farm, run: (t) => ((tasks += t.length), farm.run(t)) }
      },
    })
    const ram = await engine.start({ kind: 'players', params: job({}) }).result
    const dir = scratch()
    const farmed = await engine.start({ kind: 'players', params: job({ disk: dir, cluster: 'inline', shards: 3, budgetBytes: 2 ** 22 }) })
      .result
    expect(tasks).toBeGreaterThan(20)
    expect(farmed.proof.searches.map((r) => r.levels)).toEqual(ram.proof.searches.map((r) => r.levels))
    expect([farmed.length, farmed.count, farmed.moves]).toEqual([ram.length, ram.count, ram.moves])
    expect(ram.count).not.toBeNull()
  }, 60_000)

  it('a game search on disk with 2 threads, cancelled after some levels and resumed, ends as an uninterrupted one', async () => {
    const problem = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
    const job = (extra: object) =>
      unwrap(parseGameJob({ problem, strategy: 'exhaustive', enumerate: false, threads: 2, budgetBytes: 2 ** 20, ...extra }))
    const workers = nodeWorkers(WORKER)
    const whole = await new Engine({ workers, files: folderStore }).start({ kind: 'game', params: job({ disk: scratch() }) }).result
    const dir = scratch()
    let cancel = (): void => undefined
    // Stopped once a search is settled and three levels of the next one are finished.
    const settledSearch = (m: Manifest) => new Set(Object.keys(m.steps).map((k) => k.replace(/^exhaustive (\d+) (\d+)$/, 'game$1w$2')))
    const first = watched(
      (m) => Object.keys(m.levels).filter((n) => Object.keys(m.steps).length > 0 && !settledSearch(m).has(n.split('.')[0]!)).length >= 3,
      () => cancel(),
    )
    const handle = new Engine({ workers, files: first.files }).start({ kind: 'game', params: job({ disk: dir }) })
    cancel = () => handle.cancel()
    await expect(handle.result).rejects.toBeInstanceOf(CancelledError)
    const notices: string[] = []
    const checking: string[] = []
    const resumed = await new Engine({ workers, files: folderStore, diskSizes: { checkNoticeRows: 0 } }).start(
      { kind: 'game', params: job({ disk: dir, resume: true }) },
      (p) => {
        if (p.notice && p.message.startsWith('checking ')) checking.push(p.message)
        else if (p.notice) notices.push(p.message)
      },
    ).result
    expect(resumed.proof.statement).toBe(whole.proof.statement)
    expect(resumed.moves).toEqual(whole.moves)
    expect(resumed.proof.searches.map((r) => [r.bound, r.result, r.levels])).toEqual(
      whole.proof.searches.map((r) => [r.bound, r.result, r.levels]),
    )
    expect(notices.join('\n')).toMatch(
      /settled before \(.*'exhaustive \d+ \d'.*picks up at length \d+, phase prove, search game\d+w\d after its level \d+/,
    )
    // Each level taken from the checkpoint is read whole for its checksum, and the reader hears of it first.
    expect(checking.length).toBeGreaterThanOrEqual(3)
    for (const m of checking) expect(m).toMatch(/^checking game\d+w\d\.L\d+(\.z)? against the checkpoint \([\d,]+ rows, read whole\)$/)
  }, 60_000)
})

describe('the checkpoint format', () => {
  it('a checkpoint of the format before issue 28 (version 1, no seals) is refused by name, not misread', async () => {
    const dir = scratch()
    const v1 = { version: 1, params: {}, levels: { 'length17a.L1': { rows: 3, checksum: 1, rule: '{}', record: {} } }, steps: {} }
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(v1))
    const run = new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: dir, resume: true }) }).result
    await expect(run).rejects.toMatchObject({ code: 'checkpoint.version' })
    await expect(run).rejects.toThrow(/is a checkpoint of format version 1; this engine reads version 2 only/)
    // A newer one: update the program (it said to start again, throwing the work away).
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify({ ...v1, version: 99 }))
    const newer = new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: dir, resume: true }) }).result
    await expect(newer).rejects.toThrow(/format version 99, newer than this program reads \(2\): resume it with the newer Halma Workbench/)
  })

  it('every record is sealed with its name: the record of one settled step moved to another is refused too', async () => {
    const dir = scratch()
    await new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: dir, maxLength: 18 }) }).result
    const text = readFileSync(join(dir, 'checkpoint.json'), 'utf8')
    const m = JSON.parse(text) as { steps: Record<string, unknown> }
    expect(Object.keys(m.steps)).toContain('length 17')
    // The record of length 17 offered as that of length 18 (its seal covers its name).
    m.steps['length 18'] = m.steps['length 17']
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(m))
    await expect(
      new Engine({ files: folderStore }).start({ kind: 'solve', params: solveJob({ disk: dir, maxLength: 18, resume: true }) }).result,
    ).rejects.toThrow(/the record of the settled step 'length 18' was edited or damaged/)
  })
})

describe('cluster tasks are idempotent', () => {
  it('a merge task run twice gives the same level (the second answers from the first one’s output)', async () => {
    const dir = scratch()
    const store = packedStore(folderStore(dir))
    const w = 1
    // Two sorted runs for shard 0 of level `lvl`, from two expansion tasks, and a window shard.
    const write = (name: string, rows: number[]): void => {
      const out = store.create(name, w)
      out.append(Uint32Array.from(rows), rows.length)
      out.close()
    }
    write('lvl.e0.s0', [1, 3, 5, 7])
    write('lvl.e1.s0', [2, 3, 6, 9])
    write('win.s0', [5, 6])
    const task = { op: 'merge', w, shards: 2, level: 'lvl', index: 0, window: [{ name: 'win.s0', rows: 2 }] } as const
    const kernel = () => buildKernel(undefined as unknown as DomainInit)
    const once = await runTask(task, store, kernel)
    const twice = await runTask(task, store, kernel)
    expect(twice).toEqual(once)
    expect(once).toMatchObject({ op: 'merge', rows: 5 })
    const level = store.open('lvl.s0', w)
    const rows = new Uint32Array(5)
    level.read(0, rows, 5)
    level.close()
    expect([...rows]).toEqual([1, 2, 3, 7, 9])
  })
})

/** Threads stand-in: expands in this thread, answers each odd task at once and each even one 5 ms later. */
class ReorderingPort implements WorkerPort<DomainInit> {
  private readonly worker = new ExpansionWorker(buildKernel)
  private handler: ((m: WorkerReply) => void) | undefined
  private posted = 0
  post(message: WorkerMessage<DomainInit>): void {
    const r = this.worker.handle(message)
    if (r) setTimeout(() => this.handler?.(r.reply), this.posted++ % 2 === 0 ? 5 : 0)
  }
  onMessage(h: (m: WorkerReply) => void): void {
    this.handler = h
  }
  onError(): void {}
  terminate(): void {}
}

describe('level sets do not depend on the threads', () => {
  it('a level built by 2 threads is the same table, slot for slot, as inline, whatever order the replies arrive in', async () => {
    // A game beam's ties are settled by slot order (keepBest): the table itself must not depend on
    // the threads. Triangle-10 under 6-move rules: level 6 is built from level 5's 65,536 slots,
    // eight chunks of the executor.
    const domain = new TransferDomain(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('6-move'), 'triangle10')))
    const rule = (level: number): TransferRule => ({ kind: 'transfer', level, sides: [], minSym: 0, score: false, lambda: 0 })
    const into = (set: KeySet): Sink => ({ minScore: -Infinity, child: (k, o) => void set.add(k, o), goal: () => undefined })
    const inline = new InlineExecutor(new TransferKernel(domain))
    const levels = [new KeySet(domain.w, 16, 'shared')]
    levels[0]!.add(domain.startKey, 0)
    for (let i = 1; i <= 5; i++) {
      const next = new KeySet(domain.w, 1024, 'shared')
      await inline.run({ parents: levels[i - 1]!, window: levels.slice(Math.max(0, i - 2), i).reverse(), rule: rule(i), sink: into(next) })
      levels.push(next)
    }
    const build = async (executor: Executor<TransferRule>): Promise<KeySet> => {
      const next = new KeySet(domain.w, 1024, 'shared')
      await executor.run({ parents: levels[5]!, window: [levels[5]!, levels[4]!], rule: rule(6), sink: into(next) })
      return next
    }
    const threads = new ThreadExecutor<TransferRule, DomainInit>(() => new ReorderingPort(), 2, { type: 'init', domain: domain.init })
    const [a, b] = [await build(inline), await build(threads)]
    threads.close()
    expect(levels[5]!.capacity / 8192).toBeGreaterThanOrEqual(8)
    expect(b.size).toBe(a.size)
    expect(Buffer.from(b.raw.buffer).equals(Buffer.from(a.raw.buffer))).toBe(true)
  }, 60_000)

  const game = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
  // One heuristic search of 17 moves whose beam of 5,200 cuts every level from move 5 on: its
  // tables span two chunks of the executor, and ties at the cut are settled by slot order.
  const job = (threads: number) =>
    unwrap(parseGameJob({ problem: game, strategy: 'heuristic', length: 17, beam: { width: 5200 }, threads }))
  const sizes = (r: GameResult) => r.stats.levels.map((l) => l.size)

  it('a beam keeps the same levels with 1 and 2 threads', async () => {
    const inline = await new Engine().start({ kind: 'game', params: job(1) }).result
    const threads = await new Engine({ workers: nodeWorkers(WORKER) }).start({ kind: 'game', params: job(2) }).result
    expect(Math.max(...sizes(inline))).toBeGreaterThan(5200)
    expect(sizes(threads)).toEqual(sizes(inline))
    expect(threads.moves).toEqual(inline.moves)
  }, 60_000)
})
