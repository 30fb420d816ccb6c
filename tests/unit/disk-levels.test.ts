import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { seededInts } from '../helpers/random'
import { boardByName } from '../../src/shared/halma/board'
import { specFromProblem } from '../../src/shared/halma/document'
import { DiskLevel, hitsIn, SpillCollector } from '../../src/shared/engine/core/disk-level'
import { KeySet, USED } from '../../src/shared/engine/core/keyset'
import { Engine } from '../../src/shared/engine/engine'
import { inlineFarm, shardOf } from '../../src/shared/engine/core/farm'
import { buildKernel, type DomainInit } from '../../src/shared/engine/registry'
import type { Progress } from '../../src/shared/engine/core/progress'
import { parseSolveJob, type SolveResult } from '../../src/shared/engine/transfer/job'
import { parseGameJob, type GameResult } from '../../src/shared/engine/game/job'
import { presetProblem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules } from '../../src/shared/halma/rules'
import { folderStore } from '../../src/hosts/node/store'
import { scratchFolders } from '../helpers/scratch'

const scratch = scratchFolders('disk')

const W = 2
/** Keys from numbers: two words, the used bit set in the last. */
function keys(values: readonly number[]): Uint32Array {
  const out = new Uint32Array(values.length * W)
  values.forEach((v, i) => {
    out[i * W] = v >>> 0
    out[i * W + 1] = ((v * 7919) & 0xffff) | USED
  })
  return out
}
const valuesOf = (level: { forEach(f: (raw: Uint32Array, off: number) => void): void }): number[] => {
  const seen: number[] = []
  level.forEach((raw, off) => void seen.push(raw[off]!))
  return seen.sort((a, b) => a - b)
}

describe('level sets on disk', () => {
  it('a level collected in several runs holds each child once, without the window', () => {
    const store = folderStore(scratch())
    const draw = seededInts(12345)
    const random = (): number => draw(5000)
    const children = Array.from({ length: 20_000 }, random)
    const windowValues = Array.from({ length: 3000 }, random)
    const window = DiskLevel.write(store, 'window', setOf(windowValues))
    // A buffer of 1,000 rows: about twenty runs.
    const sink = new SpillCollector(store, 'level', W, 1000, { window: [window] })
    const k = keys(children)
    children.forEach((_, i) => sink.child(k, i * W))
    const level = sink.finish('plain')
    const expected = [...new Set(children)].filter((v) => !windowValues.includes(v)).sort((a, b) => a - b)
    expect(level.size).toBe(expected.length)
    expect(valuesOf(level)).toEqual(expected)
    // Lookups by binary search agree with the merge.
    const probe = keys([expected[0]!, windowValues[0]!])
    expect(level.has(probe, 0)).toBe(true)
    expect(level.has(probe, W)).toBe(false)
    // The runs are gone; the level and the window stay.
    expect(store.exists('level.run0')).toBe(false)
    expect(store.usage()).toBe((level.size + window.size) * W * 4)
  })

  it('the keys a check asks a disk level for are found by merging (hitsIn)', async () => {
    const store = folderStore(scratch())
    const held = Array.from({ length: 4000 }, (_, i) => i * 3)
    const level = DiskLevel.write(store, 'held', setOf(held))
    const asked = keys(Array.from({ length: 10_000 }, (_, i) => i))
    const hits = await hitsIn(level, 512, (lookup) => {
      for (let i = 0; i < 10_000; i++) lookup.has(asked, i * W)
    })
    expect(valuesOf(hits)).toEqual(held.filter((v) => v < 10_000))
  })

  it('a folder is claimed by one search at a time; a claim of a process that is gone is taken over', () => {
    const dir = scratch()
    const release = folderStore(dir).claim()
    expect(() => folderStore(dir).claim()).toThrow(new RegExp(`in use by another search \\(process ${process.pid} on `))
    release()
    expect(readdirSync(dir)).toEqual([])
    // A lock left by a process of this machine that no longer runs (kill -9).
    writeFileSync(join(dir, 'lock'), `${hostname()} 2147483646`)
    const again = folderStore(dir).claim()
    expect(readFileSync(join(dir, 'lock'), 'utf8')).toBe(`${hostname()} ${process.pid}`)
    again()
    // One of another machine cannot be checked from here: it is not taken over.
    writeFileSync(join(dir, 'lock'), 'elsewhere 42')
    expect(() => folderStore(dir).claim()).toThrow(/in use by another search \(process 42 on elsewhere\)/)
  })

  it('a file that is not whole rows is named', () => {
    const dir = scratch()
    const store = folderStore(dir)
    const out = store.create('odd', 1)
    out.append(new Uint32Array([1, 2, 3]), 3)
    out.close()
    expect(() => store.open('odd', 2)).toThrow(/odd: 12 bytes is not a whole number of 2-word rows/)
  })

  it('a proof on disk builds the same levels as in memory, with a budget it cannot hold them in', async () => {
    const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('4-move'), 'triangle6')))
    const run = async (extra: object): Promise<SolveResult> => {
      const job = unwrap(parseSolveJob({ problem, strategy: 'exhaustive', threads: 1, maxLength: 25, ...extra }))
      return new Engine({ files: folderStore }).start({ kind: 'solve', params: job }, (p) => progress.push(p)).result
    }
    const progress: Progress[] = []
    const ram = await run({})
    expect(progress.some((p) => p.diskBytes !== undefined)).toBe(false)
    const small = 2 ** 21
    const disk = await run({ disk: scratch(), budgetBytes: small })
    expect(ram.length).toBe(25)
    expect(disk.length).toBe(25)
    expect(disk.optimal).toBe(true)
    const sizes = (r: SolveResult) => r.proof.lengths.map((l) => [l.length, l.result, l.levels])
    expect(sizes(disk)).toEqual(sizes(ram))
    // In memory the largest length's levels need more than the disk run's budget.
    expect(ram.stats.peakBytes).toBeGreaterThan(small)
    expect(disk.stats.peakBytes).toBeLessThanOrEqual(small)
    expect(disk.solutions[0]!.moves).toHaveLength(25)
    // Progress and the statistics show the disk in use.
    expect(progress.some((p) => (p.diskBytes ?? 0) > 0)).toBe(true)
    expect(disk.stats.peakDiskBytes).toBeGreaterThan(0)
    expect(ram.stats.peakDiskBytes).toBeUndefined()
  }, 120_000)
})

describe('levels kept for an independent check', () => {
  it("keepLevels keeps the levels of the lengths a proof on disk found impossible, each named in the checkpoint; without it they go", async () => {
    const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('8-move'), 'triangle6')))
    const run = async (extra: object): Promise<SolveResult> => {
      const job = unwrap(parseSolveJob({ problem, strategy: 'exhaustive', threads: 1, maxLength: 16, ...extra }))
      return new Engine({ files: folderStore }).start({ kind: 'solve', params: job }).result
    }
    const kept = scratch()
    const plain = scratch()
    const a = await run({ disk: kept, keepLevels: true })
    const b = await run({ disk: plain })
    expect(a.length).toBe(16)
    expect(a.proof.statement).toBe(b.proof.statement)
    // Lengths below 16 were proven impossible: their levels are what keepLevels keeps.
    expect(a.proof.lengths.some((l) => l.result === 'none')).toBe(true)
    // Without it, only the found length's levels stay (a resume gives its solution again).
    const found = (f: string): boolean => f.startsWith('length16')
    expect(readdirSync(plain).filter((f) => f !== 'checkpoint.json' && !found(f))).toEqual([])
    const files = readdirSync(kept).filter((f) => f !== 'checkpoint.json')
    const impossible = files.filter((f) => !found(f))
    expect(impossible.length).toBeGreaterThan(a.proof.lengths.filter((l) => l.result === 'none').length)
    const manifest = readFileSync(join(kept, 'checkpoint.json'), 'utf8')
    // A packed file is NAME.z, the checkpoint names NAME; level 0 (the start) is not recorded.
    for (const f of files.filter((f) => !/\.L0\.z$/.test(f))) expect(manifest).toContain(`"${f.replace(/\.z$/, '')}"`)
    // Only with levels on disk.
    expect(parseSolveJob({ problem, strategy: 'exhaustive', keepLevels: true }).ok).toBe(false)
  }, 120_000)
})

describe('levels in shards (a farm of tasks)', () => {
  it('a proof whose levels are built by expand and merge tasks over shards has the same levels', async () => {
    const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('4-move'), 'triangle6')))
    const farms: string[] = []
    // The tasks run inline here (bench:cluster runs them on BullMQ workers).
    const engine = new Engine({
      files: folderStore,
      farm: (url, folder) => (farms.push(url), inlineFarm(folderStore(folder), (init) => buildKernel(init as DomainInit))),
    })
    const run = (extra: object): Promise<SolveResult> =>
      engine.start({ kind: 'solve', params: unwrap(parseSolveJob({ problem, strategy: 'exhaustive', threads: 1, ...extra })) }).result
    const ram = await run({})
    const sharded = await run({ disk: scratch(), cluster: 'inline', shards: 4, budgetBytes: 2 ** 21 })
    expect(farms).toEqual(['inline'])
    const sizes = (r: SolveResult) => r.proof.lengths.map((l) => [l.length, l.result, l.levels])
    expect(sizes(sharded)).toEqual(sizes(ram))
    expect(sharded.proof.statement).toBe(ram.proof.statement)
    expect(sharded.solutions[0]!.moves).toHaveLength(25)
  }, 120_000)

  it('a cancel ends a search waiting on its farm, and the farm is closed (its unstarted tasks taken back)', async () => {
    const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('4-move'), 'triangle6')))
    let asked!: () => void
    const waiting = new Promise<void>((resolve) => (asked = resolve))
    let closed = false
    const engine = new Engine({
      files: folderStore,
      farm: (_url, folder) => ({
        folder,
        // Workers that never answer.
        run: () => (asked(), new Promise<never>(() => undefined)),
        close: async () => void (closed = true),
      }),
    })
    const handle = engine.start({
      kind: 'solve',
      params: unwrap(parseSolveJob({ problem, strategy: 'exhaustive', threads: 1, disk: scratch(), cluster: 'stuck' })),
    })
    await waiting
    handle.cancel()
    await expect(handle.result).rejects.toThrow(/cancelled/)
    expect(closed).toBe(true)
  }, 30_000)

  it('a state and its duplicates fall in the same shard', () => {
    const k = keys([7, 7, 8])
    expect(shardOf(k, 0, W, 5)).toBe(shardOf(k, W, W, 5))
    const counts = [0, 0, 0]
    const many = keys(Array.from({ length: 3000 }, (_, i) => i))
    for (let i = 0; i < 3000; i++) counts[shardOf(many, i * W, W, 3)]!++
    for (const c of counts) expect(c).toBeGreaterThan(800)
  })
})

describe('games on disk', () => {
  it('an exhaustive game search on disk finds, proves and counts as in memory, and leaves only its checkpoint', async () => {
    const problem = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
    const run = (extra: object): Promise<GameResult> =>
      new Engine({ files: folderStore }).start({ kind: 'game', params: unwrap(parseGameJob({ problem, strategy: 'exhaustive', threads: 1, ...extra })) }).result
    const ram = await run({})
    const dir = scratch()
    // 1 MB: the searches' levels need more than that in memory.
    const disk = await run({ disk: dir, budgetBytes: 2 ** 20 })
    expect(ram.stats.peakBytes).toBeGreaterThan(2 ** 20)
    expect(disk.proof.statement).toBe(ram.proof.statement)
    expect(disk.optimal).toBe(true)
    expect(disk.moves).toEqual(ram.moves)
    expect(disk.count).toEqual(ram.count)
    const sizes = (r: GameResult) => r.stats.levels.map((l) => [l.length, l.level, l.size, l.children])
    expect(sizes(disk)).toEqual(sizes(ram))
    // Only the checkpoint stays (its settled searches), for a resume.
    expect(readdirSync(dir)).toEqual(['checkpoint.json'])
  }, 120_000)

  it('an exhaustive game search in shards built by a farm has the same levels, game and count', async () => {
    const problem = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
    const farms: string[] = []
    let tasks = 0
    const engine = new Engine({
      files: folderStore,
      farm: (url, folder) => {
        farms.push(url)
        const farm = inlineFarm(folderStore(folder), (init) => buildKernel(init as DomainInit))
        return { ...farm, run: (t) => ((tasks += t.length), farm.run(t)) }
      },
    })
    const run = (extra: object): Promise<GameResult> =>
      engine.start({ kind: 'game', params: unwrap(parseGameJob({ problem, strategy: 'exhaustive', threads: 1, ...extra })) }).result
    const ram = await run({})
    const dir = scratch()
    const sharded = await run({ disk: dir, cluster: 'inline', shards: 3, budgetBytes: 2 ** 20 })
    expect(farms).toEqual(['inline'])
    expect(tasks).toBeGreaterThan(20)
    expect(sharded.proof.statement).toBe(ram.proof.statement)
    expect(sharded.moves).toEqual(ram.moves)
    expect(sharded.count).toEqual(ram.count)
    const sizes = (r: GameResult) => r.stats.levels.map((l) => [l.length, l.level, l.size, l.children])
    expect(sizes(sharded)).toEqual(sizes(ram))
    // Only the checkpoint stays (a farmed search has one too, its levels in shards).
    expect(readdirSync(dir)).toEqual(['checkpoint.json'])
  }, 120_000)

  it('a game job on a cluster without a shared folder is refused', () => {
    const problem = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
    const r = parseGameJob({ problem, cluster: 'redis://localhost:6379' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error[0]!.message).toMatch(/cluster needs a folder/)
  })
})

describe('checkpoints', () => {
  const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('4-move'), 'triangle6')))
  const job = (extra: object) => unwrap(parseSolveJob({ problem, strategy: 'exhaustive', threads: 1, budgetBytes: 2 ** 21, ...extra }))
  const engine = new Engine({ files: folderStore })

  it('a resumed search takes the settled lengths from the checkpoint and ends as an uninterrupted one', async () => {
    const whole = await engine.start({ kind: 'solve', params: job({ disk: scratch() }) }).result
    const dir = scratch()
    const first = await engine.start({ kind: 'solve', params: job({ disk: dir, maxLength: 21 }) }).result
    expect(first.length).toBeNull()
    const messages: string[] = []
    const resumed = await engine.start({ kind: 'solve', params: job({ disk: dir, resume: true }) }, (p) => messages.push(p.message)).result
    expect(messages.filter((m) => m.includes('proven impossible before the resume'))).toHaveLength(5)
    expect(resumed.proof.statement).toBe(whole.proof.statement)
    expect(resumed.proof.lengths.map((l) => [l.length, l.levels])).toEqual(whole.proof.lengths.map((l) => [l.length, l.levels]))
  }, 120_000)

  it('a resume with other parameters, into a folder in use, or of a damaged level is refused, naming why', async () => {
    const dir = scratch()
    // A finished search keeps the levels of the length it found; resumed, it gives its result again.
    const done = await engine.start({ kind: 'solve', params: job({ disk: dir }) }).result
    const again = await engine.start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result
    expect(again.proof.statement).toBe(done.proof.statement)
    expect(again.moves).toEqual(done.moves)
    await expect(engine.start({ kind: 'solve', params: job({ disk: dir }) }).result).rejects.toThrow(/holds a checkpoint of an earlier search/)
    const other = unwrap(parseSolveJob({ problem, strategy: 'exhaustive', bound: 'theorem2', disk: dir, resume: true }))
    await expect(engine.start({ kind: 'solve', params: other }).result).rejects.toThrow('bound: "ladder" in the checkpoint, "theorem2" now')
    // An option left out when off (finish) set on the resume: a field of this search, named (not another kind of search).
    const finish = unwrap(parseSolveJob({ problem, strategy: 'exhaustive', finish: true, disk: dir, resume: true }))
    await expect(engine.start({ kind: 'solve', params: finish }).result).rejects.toThrow(/is of another search: finish/)
    // Another command's checkpoint (a game search resumed on a transfer's): said as such, not as a list of fields.
    const game = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
    const resumedAsGame = unwrap(parseGameJob({ problem: game, strategy: 'exhaustive', threads: 1, disk: dir, resume: true }))
    await expect(engine.start({ kind: 'game', params: resumedAsGame }).result).rejects.toThrow(
      /is of another kind of search \(another command's, or another kind of problem's\): its parameters have .*; resume it with the command that made it/,
    )
    const manifest = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as {
      levels: Record<string, { value: { files: { rows: number }[] } }>
    }
    const victim = Object.entries(manifest.levels).find(([, e]) => e.value.files[0]!.rows > 10)![0]
    // A bit of the first row's code in the packed file (core/packed-store.ts).
    const bytes = readFileSync(join(dir, `${victim}.z`))
    bytes[1]! ^= 1
    writeFileSync(join(dir, `${victim}.z`), bytes)
    await expect(engine.start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result).rejects.toThrow(
      new RegExp(`checkpoint file .*${victim} is damaged: its checksum does not match`),
    )
  }, 120_000)
})

function setOf(values: readonly number[]): KeySet {
  const s = new KeySet(W, values.length)
  const k = keys(values)
  values.forEach((_, i) => s.add(k, i * W))
  return s
}
