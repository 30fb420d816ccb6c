import { describe, expect, it } from 'vitest'
import type { WorkerPort } from '../../src/shared/engine/core/executor'
import type { WorkerMessage, WorkerReply } from '../../src/shared/engine/core/messages'
import { ExpansionWorker } from '../../src/shared/engine/core/worker'
import { buildKernel, runThreadTask, type DomainInit } from '../../src/shared/engine/registry'
import { CancelledError, Engine } from '../../src/shared/engine/engine'
import { TablebaseGame, type TablebaseMen } from '../../src/shared/engine/tablebase/game'
import { parseTablebaseJob } from '../../src/shared/engine/tablebase/job'
import { memoryStore, type MemoryStore } from '../../src/shared/engine/tablebase/memory-store'
import {
  bestLine,
  probe,
  startPosition,
  tableMoves,
  afterMove,
  rulesVerdict,
  type TablePosition,
} from '../../src/shared/engine/tablebase/probe'
import { InlineRunner, ThreadRunner, type BlockRunner, type BlockTask } from '../../src/shared/engine/tablebase/runner'
import { DISTANCE, HEADER, readHeader, VALUES, type TablebaseTable } from '../../src/shared/engine/tablebase/table'
import type { PassCounts } from '../../src/shared/engine/tablebase/kernel'
import { expect as unwrap } from '../../src/shared/result'
import { ReferenceGame } from './tablebase-reference'
import { buildInto, openTable } from '../helpers/tablebase'

const gameOf = (side: number, men: TablebaseMen): TablebaseGame => unwrap(TablebaseGame.of({ side, men }))

/** A killed build: the runner dies after `after` tasks of level `level`, mid-pass. */
class Killer implements BlockRunner {
  readonly threads = 0
  readonly shared = false
  cancelled = false
  private done = 0
  constructor(
    private readonly inner: BlockRunner,
    private readonly level: number,
    private readonly after: number,
    private readonly op: 'level' | 'frontier' = 'level',
  ) {}
  attach: BlockRunner['attach'] = (t) => this.inner.attach(t)
  segment: BlockRunner['segment'] = (i, b) => this.inner.segment(i, b)
  async run(tasks: readonly BlockTask[], frontier: 0 | 1, done: (c: PassCounts) => void): Promise<PassCounts> {
    const first = tasks[0]
    if (first === undefined || first.op === 'init' || first.op !== this.op || first.level !== this.level)
      return this.inner.run(tasks, frontier, done)
    for (const t of tasks) {
      if (this.done++ >= this.after) throw new Error('killed')
      await this.inner.run([t], frontier, done)
    }
    return this.inner.run([], frontier, done)
  }
  cancel(): void {}
  close(): void {}
}

/** The table's three files, as text and words, for byte comparison. */
const filesOf = (s: MemoryStore) => ({
  header: s.readText(HEADER),
  values: Array.from(s.words(VALUES)!),
  distance: Array.from(s.words(DISTANCE)!),
})

describe('tablebase builds', () => {
  const game = gameOf(4, 3)
  let plain: ReturnType<typeof filesOf>

  it('a build in memory', async () => {
    const out = memoryStore('plain')
    await buildInto(game, out)
    plain = filesOf(out)
    const h = unwrap(readHeader(out))
    expect(h.counts.positions).toBe(2 * 560 * 286)
    expect(h.counts.wins + h.counts.losses + h.counts.draws + h.counts.illegal).toBe(h.counts.positions)
  })

  it('killed mid-pass and resumed, in memory and on disk, gives the same table byte for byte', async () => {
    for (const onDisk of [false, true]) {
      for (const [level, after] of [
        [1, 3],
        [6, 2],
      ] as const) {
        const work = memoryStore('work')
        const opts = { work, segmentBytes: 3000, onDisk }
        await expect(buildInto(game, memoryStore(), { ...opts, runner: new Killer(new InlineRunner(game), level, after) })).rejects.toThrow(
          'killed',
        )
        const out = memoryStore('resumed')
        await buildInto(game, out, { ...opts, resume: true })
        expect(filesOf(out)).toEqual(plain)
        // The work files are gone with the manifest.
        expect(work.readText('checkpoint.json')).toBeUndefined()
      }
    }
  })

  it('on disk, a build killed again while it rebuilds its frontier resumes to the same table', async () => {
    const work = memoryStore('work')
    const opts = { work, segmentBytes: 3000, onDisk: true }
    await expect(buildInto(game, memoryStore(), { ...opts, runner: new Killer(new InlineRunner(game), 4, 3) })).rejects.toThrow('killed')
    await expect(
      buildInto(game, memoryStore(), { ...opts, resume: true, runner: new Killer(new InlineRunner(game), 4, 2, 'frontier') }),
    ).rejects.toThrow('killed')
    // A resume may not change the way the state is kept: it keeps the checkpoint's.
    const out = memoryStore('resumed')
    await buildInto(game, out, { work, segmentBytes: 3000, resume: true })
    expect(filesOf(out)).toEqual(plain)
  })

  it('threads (the engine expansion threads protocol, in process) give the same table', async () => {
    class LocalPort implements WorkerPort<DomainInit> {
      private readonly worker = new ExpansionWorker(buildKernel, runThreadTask)
      private handler: ((m: WorkerReply) => void) | undefined
      post(message: WorkerMessage<DomainInit>): void {
        const r = this.worker.handle(message)
        if (r) setTimeout(() => this.handler?.(r.reply), 0)
      }
      onMessage(h: (m: WorkerReply) => void): void {
        this.handler = h
      }
      onError(): void {}
      terminate(): void {}
    }
    for (const onDisk of [false, true]) {
      const out = memoryStore('threads')
      await buildInto(game, out, {
        runner: new ThreadRunner(() => new LocalPort(), 2, game.spec),
        segmentBytes: 5000,
        onDisk,
        work: memoryStore('work'),
      })
      expect(filesOf(out)).toEqual(plain)
    }
  })

  it('refuses a damaged table, naming the file and the chunk', () => {
    const store = memoryStore('damaged')
    // A copy of the plain table with one value flipped.
    const values = Uint32Array.from(plain.values)
    values[100]! ^= 1
    const w = store.create(VALUES, 1)
    w.append(values, values.length)
    w.close()
    const d = store.create(DISTANCE, 1)
    d.append(Uint32Array.from(plain.distance), plain.distance.length)
    d.close()
    store.writeText(HEADER, plain.header!)
    const t = openTable(store)
    const v = t.value(0)
    expect(v.ok).toBe(false)
    expect(v.ok ? '' : v.error.message).toMatch(/damaged\/values\.bin is damaged: chunk 0/)
    expect(t.verify().ok).toBe(false)
    // A header that does not parse, a file of the wrong size.
    store.writeText(HEADER, '{"format": 1')
    expect(readHeader(store).ok).toBe(false)
    store.writeText(HEADER, plain.header!)
    const short = store.create(DISTANCE, 1)
    short.append(Uint32Array.from(plain.distance.slice(1)), plain.distance.length - 1)
    short.close()
    const r = readHeader(store)
    expect(r.ok ? '' : r.error.message).toMatch(/distance\.bin is damaged/)
  })

  it('a resume with another game or without a checkpoint is refused; a build over a finished table too', async () => {
    const work = memoryStore('work')
    await expect(buildInto(game, memoryStore(), { work, runner: new Killer(new InlineRunner(game), 2, 0) })).rejects.toThrow('killed')
    await expect(buildInto(gameOf(4, 2), memoryStore(), { work, resume: true })).rejects.toThrow(/another search/)
    await expect(buildInto(game, memoryStore(), { work: memoryStore('empty'), resume: true })).rejects.toThrow(/no checkpoint/)
  })
})

/**
 * The table checked position by position against the game's own definition, with the reference's
 * move generator: a win in d has a move to a loss in d - 1 and none to a quicker one; a loss in d
 * has only moves to wins, the slowest in d - 1; a draw has no move to a loss and one to a draw.
 */
function checkBellman(
  t: TablebaseTable,
  ref: ReferenceGame,
  positions: readonly TablePosition[],
): { checked: number; draws: number; noMove: number } {
  let checked = 0
  let draws = 0
  let noMove = 0
  for (const pos of positions) {
    if (rulesVerdict(t.game, pos)) continue
    const p = unwrap(probe(t, pos))
    if (p.verdict.kind !== 'value') throw new Error('a position the rules leave open has no value')
    const board = new Array<string>(t.game.n).fill('.')
    for (const c of pos.blue) board[c] = 'b'
    for (const c of pos.red) board[c] = 'r'
    const key = board.join('') + pos.toMove[0]
    const succ = ref.successors(key)
    // The table's moves are the reference's moves.
    expect(p.moves.map((m) => m.position.blue.concat(m.position.red).join()).sort()).toEqual(
      succ
        .map((k) => {
          const cells = (who: string): number[] => [...k.slice(0, t.game.n)].flatMap((ch, c) => (ch === who ? [c] : []))
          return cells('b').concat(cells('r')).join()
        })
        .sort(),
    )
    const { value, distance } = p.verdict
    const wins = p.moves.filter((m) => m.value === 'win').map((m) => m.distance!)
    const loses = p.moves.filter((m) => m.value === 'loss').map((m) => m.distance!)
    if (value === 'win') expect(distance).toBe(Math.min(...wins))
    else if (value === 'loss') {
      expect(p.moves.every((m) => m.value === 'loss')).toBe(true)
      expect(distance).toBe(p.moves.length === 0 ? 0 : Math.max(...loses))
      if (p.moves.length === 0) noMove++
    } else {
      expect(wins.length).toBe(0)
      expect(p.moves.some((m) => m.value === 'draw')).toBe(true)
      draws++
    }
    checked++
  }
  return { checked, draws, noMove }
}

/** Random positions of a game (deterministic). */
function samples(game: TablebaseGame, count: number, seed: number): TablePosition[] {
  let s = seed
  const next = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32
  const out: TablePosition[] = []
  while (out.length < count) {
    const cells: number[] = []
    while (cells.length < 2 * game.men) {
      const c = Math.floor(next() * game.n)
      if (!cells.includes(c)) cells.push(c)
    }
    const sort = (a: number[]): number[] => a.sort((x, y) => x - y)
    out.push({ blue: sort(cells.slice(0, game.men)), red: sort(cells.slice(game.men)), toMove: next() < 0.5 ? 'blue' : 'red' })
  }
  return out
}

describe('tables against the rules, position by position', () => {
  it('4x4 with 6 men (draws, the corner rule): every sampled position keeps the rules of its value', async () => {
    const game = gameOf(4, 6)
    const out = memoryStore('4x4-6')
    await buildInto(game, out)
    const t = openTable(out)
    const r = checkBellman(t, new ReferenceGame(4, 6), samples(game, 3000, 46))
    expect(r.checked).toBeGreaterThan(1000)
    expect(r.draws).toBeGreaterThan(10)
    const h = unwrap(readHeader(out))
    expect(h.counts.positions).toBe(3_363_360)
    expect(h.start.value).toBe('win')
  })

  it('plays the best line from the start to the end the table promised, each move a legal one', async () => {
    const game = gameOf(5, 2)
    const out = memoryStore('5x5-2')
    await buildInto(game, out)
    const t = openTable(out)
    const start = startPosition(game)
    const p = unwrap(probe(t, start))
    expect(p.verdict.kind).toBe('value')
    const line = unwrap(bestLine(t, start))
    const v = p.verdict.kind === 'value' ? p.verdict : undefined
    expect(line.length).toBe(v!.distance)
    let at = start
    for (const m of line) {
      expect(tableMoves(game, at).some((x) => x.path.join() === m.move.path.join())).toBe(true)
      at = afterMove(at, m.move)
    }
    expect(rulesVerdict(game, at)).toEqual({ kind: 'over', winner: v!.value === 'win' ? 'blue' : 'red' })
  })
})

describe('the tablebase job', () => {
  it('runs on the engine, keeps the table in the result without a folder, and checks its fields', async () => {
    const job = unwrap(parseTablebaseJob({ side: 4, men: 2, keep: true }))
    const r = await new Engine().start({ kind: 'tablebase', params: job }).result
    expect(r.header.counts.positions).toBe(2 * 120 * 91)
    expect(r.words?.values.length).toBe(r.header.files.values.words)
    const bad = parseTablebaseJob({ side: 11, men: 2 })
    expect(bad.ok ? [] : bad.error.map((d) => d.at)).toEqual(['side'])
    const men = parseTablebaseJob({ side: 7, men: 5 })
    expect(men.ok ? '' : men.error[0]!.message).toMatch(/one of 1, 2, 3, 4, 6/)
    // A folder that holds the table: a resumed job reads it, and keeps its words when asked.
    const host = { files: () => out }
    const out = memoryStore('table')
    const built = await new Engine(host).start({ kind: 'tablebase', params: unwrap(parseTablebaseJob({ side: 4, men: 2, out: 'table' })) })
      .result
    const again = await new Engine(host).start({
      kind: 'tablebase',
      params: unwrap(parseTablebaseJob({ side: 4, men: 2, out: 'table', resume: true, keep: true })),
    }).result
    expect(again.stats.existing).toBe(true)
    expect(again.header).toEqual(built.header)
    // Reuse: an empty folder builds, a finished one is read.
    const fresh = memoryStore('fresh')
    const reused = (store: typeof fresh) =>
      new Engine({ files: () => store }).start({
        kind: 'tablebase',
        params: unwrap(parseTablebaseJob({ side: 4, men: 2, out: 'x', reuse: true })),
      }).result
    expect((await reused(fresh)).stats.existing).toBe(false)
    expect((await reused(fresh)).stats.existing).toBe(true)
    expect(Array.from(again.words!.values)).toEqual(Array.from(out.words(VALUES)!))
    const resume = parseTablebaseJob({ side: 7, men: 3, resume: true })
    expect(resume.ok ? '' : resume.error[0]!.code).toBe('job.resume')
  })

  it('is cancelled at a level, keeping its checkpoint, and resumed to the same table', async () => {
    const work = memoryStore('cancelled')
    // Cancel when the first checkpoint is written (after the first pass): the first level stops.
    const job: { handle?: { cancel(): void } } = {}
    const host = {
      files: () => ({
        ...work,
        writeText: (name: string, text: string) => {
          work.writeText(name, text)
          if (text.includes('retrograde')) job.handle?.cancel()
        },
      }),
    }
    const params = unwrap(parseTablebaseJob({ side: 4, men: 3, out: 'w' }))
    const running = new Engine(host).start({ kind: 'tablebase', params })
    job.handle = running
    await expect(running.result).rejects.toBeInstanceOf(CancelledError)
    expect(work.readText('checkpoint.json')).toBeDefined()
    const r = await new Engine(host).start({ kind: 'tablebase', params: { ...params, resume: true } }).result
    expect(r.stats.resumedAt).not.toBeNull()
    const whole = memoryStore('whole')
    await buildInto(gameOf(4, 3), whole)
    expect(filesOf(work)).toEqual(filesOf(whole))
  })

  it('names the memory a table needs past its budget (no folder to keep it on disk)', async () => {
    const params = unwrap(parseTablebaseJob({ side: 5, men: 3, budgetBytes: 2 ** 20 }))
    await expect(new Engine().start({ kind: 'tablebase', params }).result).rejects.toThrow(
      /the tables need \d\.\d MiB of memory, past the budget \(a folder, out, keeps the state on disk\)/,
    )
  })
})
