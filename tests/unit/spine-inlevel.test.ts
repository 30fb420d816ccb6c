/**
 * A level in progress on disk is recorded in the checkpoint (issue 28): the sorted runs written
 * so far and the parents they cover. A search stopped inside a level and resumed goes on from
 * the parent the record names, and builds the same levels, file for file, as a search without a
 * stop; a damaged run is refused by name; the resume's notice says where inside the level it
 * picks up. Levels on disk are read in chunks of 64 parents here, and sorted in a buffer of 1,024
 * states (the engine's defaults: 65,536 parents, a quarter of the budget), so that the small levels
 * of triangle-6 span many chunks and runs.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
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
import { CancelledError, Engine, type EngineHost } from '../../src/shared/engine/engine'
import { packedStore } from '../../src/shared/engine/core/packed-store'
import type { FileStore } from '../../src/shared/engine/core/storage'
import { parseSolveJob, type SolveResult } from '../../src/shared/engine/transfer/job'
import { scratchFolders } from '../helpers/scratch'

const ROOT = join(import.meta.dirname, '../..')
const WORKER = pathToFileURL(join(ROOT, 'out/cli/expansion-worker.mjs'))
const CHUNK = 64

const scratch = scratchFolders('inlevel')

const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('9x9')), makeRules('4-move'), 'triangle6')))
const job = (extra: object) =>
  unwrap(parseSolveJob({ problem, strategy: 'exhaustive', threads: 1, budgetBytes: 2 ** 21, maxLength: 23, ...extra }))

interface File {
  readonly name: string
  readonly rows: number
  readonly checksum: number
}
interface Building {
  readonly done: number
  readonly parents: { readonly rows: number }
  readonly runs: readonly File[]
}
interface Manifest {
  readonly levels: Record<string, { value: { files: File[]; record: { seconds: number } } }>
  readonly building?: Record<string, { value: Building }>
  readonly at?: { value: { search: string; level: number } }
}

/**
 * A store that records every level file a manifest names (with its checksum), the chunks of
 * parents read (file, first row, rows), the most bytes of sorted runs in the folder when a
 * manifest is written, and calls `stop` on each manifest written.
 */
function watched(stop: (m: Manifest) => void = () => undefined) {
  const levels = new Map<string, number>()
  const runs = { peak: 0 }
  // Levels recorded in progress, and positions written whose level the manifest did not name.
  const tracked = new Set<string>()
  const unnamed: string[] = []
  const chunks: { file: string; at: number; rows: number }[] = []
  const files = (folder: string): FileStore => {
    // Above the packing: the rows read, not the words of packed files.
    const store = packedStore(folderStore(folder))
    return {
      ...store,
      open(name, w) {
        const reader = store.open(name, w)
        return {
          rows: reader.rows,
          read(at, out, count) {
            const n = reader.read(at, out, count)
            // Parents are read a chunk at a time; merges and lookups read other counts.
            if (count === CHUNK) chunks.push({ file: name, at, rows: n })
            return n
          },
          close: () => reader.close(),
        }
      },
      writeText(name, text) {
        store.writeText(name, text)
        if (name !== 'checkpoint.json') return
        const m = JSON.parse(text) as Manifest
        const bytes = readdirSync(folder)
          .filter((f) => /\.run\d+\.z$/.test(f))
          .reduce((b, f) => b + statSync(join(folder, f)).size, 0)
        runs.peak = Math.max(runs.peak, bytes)
        for (const e of Object.values(m.levels)) for (const f of e.value.files) levels.set(f.name, f.checksum)
        for (const name of Object.keys(m.building ?? {})) tracked.add(name)
        const at = m.at?.value
        if (at && at.level > 0 && !(`${at.search}.L${at.level}` in m.levels)) unnamed.push(`${at.search}.L${at.level}`)
        stop(m)
      },
    }
  }
  return { files, levels, chunks, runs, tracked, unnamed }
}

const sizes = (r: SolveResult) => r.proof.lengths.map((l) => [l.length, l.result, l.levels])
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as Manifest
const hostOf = (threads: number, files: EngineHost['files']): EngineHost => ({
  files,
  diskSizes: { chunkRows: CHUNK, bufferBytes: 2 ** 14, checkNoticeRows: 0 },
  ...(threads > 1 && { workers: nodeWorkers(WORKER) }),
})

/**
 * The proof on disk without a stop or a limit, run once for every test (its level files do not
 * depend on the threads: tests/unit/spine.test.ts).
 */
let plain: Promise<{ result: SolveResult; store: ReturnType<typeof watched> }> | undefined
function plainRun(): Promise<{ result: SolveResult; store: ReturnType<typeof watched> }> {
  const store = watched()
  plain ??= new Engine(hostOf(1, store.files))
    .start({ kind: 'solve', params: job({ disk: scratch() }) })
    .result.then((result) => ({ result, store }))
  return plain
}

/** Run the job in `dir` until a level in progress has `runs` runs recorded over some chunks of its parents; cancel it there. */
async function stopInside(dir: string, threads: number): Promise<{ name: string; entry: Building; levels: Map<string, number> }> {
  let cancel = (): void => undefined
  let at: { name: string; entry: Building } | undefined
  const first = watched((m) => {
    if (at) return
    for (const [name, e] of Object.entries(m.building ?? {}))
      if (e.value.runs.length >= 2 && e.value.done >= 4 * CHUNK && e.value.done <= e.value.parents.rows / 2) {
        at = { name, entry: e.value }
        cancel()
      }
  })
  const handle = new Engine(hostOf(threads, first.files)).start({ kind: 'solve', params: job({ disk: dir, threads }) })
  cancel = () => handle.cancel()
  await expect(handle.result).rejects.toBeInstanceOf(CancelledError)
  expect(at, 'the search was stopped inside a level').toBeDefined()
  // The cancel kept the record in progress (written again at the stop, at the same boundary).
  const kept = manifestOf(dir).building?.[at!.name]?.value
  expect(kept?.done).toBe(at!.entry.done)
  return { name: at!.name, entry: kept!, levels: first.levels }
}

describe('a level in progress on disk is recorded, and a resume goes on inside it', () => {
  for (const threads of [1, 2])
    it(`stopped inside a level and resumed, a proof builds the same levels, file for file (${threads} thread${threads > 1 ? 's' : ''})`, async () => {
      const { result: ram, store: whole } = await plainRun()
      const dir = scratch()
      // Before the stop the clock runs a thousand times fast: the levels built then record long
      // times, which the resumed length's seconds must count (this session's alone are far less).
      const real = performance.now.bind(performance)
      const clock = vi.spyOn(performance, 'now').mockImplementation(() => real() * 1000)
      const { name, entry, levels: before } = await stopInside(dir, threads).finally(() => clock.mockRestore())
      // The build seconds of the stopped length's levels finished before the stop (their records).
      const stoppedLength = Number(/^length(\d+)[ab]\./.exec(name)![1])
      const builtBefore = Object.entries(manifestOf(dir).levels)
        .filter(([n]) => n.startsWith(`length${stoppedLength}`))
        .reduce((t, [, e]) => t + e.value.record.seconds, 0)
      expect(builtBefore).toBeGreaterThan(0)
      const resumedAt = real()
      const second = watched()
      const notices: string[] = []
      const messages: string[] = []
      const resumed = await new Engine(hostOf(threads, second.files)).start(
        { kind: 'solve', params: job({ disk: dir, threads, resume: true }) },
        (p) => {
          messages.push(p.message)
          if (p.notice) notices.push(p.message)
        },
      ).result
      expect(sizes(resumed)).toEqual(sizes(ram))
      // The length's seconds count the levels built before the stop, not this session's time alone.
      expect((real() - resumedAt) / 1000).toBeLessThan(builtBefore)
      expect(resumed.proof.lengths.find((l) => l.length === stoppedLength)!.seconds).toBeGreaterThanOrEqual(builtBefore)
      // The small problems' look outgrew its memory before the stop: the resume does not run it again.
      expect(messages.some((m) => m.includes('too large for it before the resume'))).toBe(true)
      expect(resumed.proof.statement).toBe(ram.proof.statement)
      // Every level file, the one stopped inside included, has the checksum of the run without a stop.
      const level = name
      expect(second.levels.get(level), `${level} was finished after the resume`).toBe(whole.levels.get(level))
      const all = new Map([...before, ...second.levels])
      expect(all.size).toBe(whole.levels.size)
      for (const [file, checksum] of whole.levels) expect(all.get(file), file).toBe(checksum)
      // The resume expanded only the parents the record did not cover.
      const search = /^(.*)\.L(\d+)$/.exec(level)!
      const parentFile = `${search[1]}.L${Number(search[2]) - 1}`
      const read = (w: ReturnType<typeof watched>) => w.chunks.filter((c) => c.file === parentFile)
      expect(read(whole).reduce((n, c) => n + c.rows, 0)).toBe(entry.parents.rows)
      expect(read(second)[0]?.at).toBe(entry.done)
      expect(read(second).reduce((n, c) => n + c.rows, 0)).toBe(entry.parents.rows - entry.done)
      // The notice says where inside the level it picks up.
      const pct = Math.floor((100 * entry.done) / entry.parents.rows)
      const n = (x: number) => x.toLocaleString('en-US')
      expect(notices.join('\n')).toContain(
        `inside level ${search[2]} of search ${search[1]}: ${pct} % of its parents expanded (${n(entry.done)} of ${n(entry.parents.rows)}), ${entry.runs.length} runs kept`,
      )
      // The runs of the level in progress are checked as one, named once.
      expect(notices.filter((m) => m.startsWith(`checking the ${entry.runs.length} runs of ${level} against the checkpoint`))).toHaveLength(1)
      expect(notices.filter((m) => /^checking \S+\.run\d+/.test(m))).toEqual([])
      // The record in progress is gone once the level is finished; so are its runs.
      expect(manifestOf(dir).building?.[level]).toBeUndefined()
      expect(readdirSync(dir).filter((f) => f.startsWith(`${level}.run`))).toEqual([])
    }, 120_000)

  it('a level finished after records in progress stays named: the checkpoint names the level it stands after', async () => {
    // Found on problem 4's proof: the finished level's name went with its record in progress, so
    // a stop after it built the whole level again on resuming.
    const { store } = await plainRun()
    const finished = [...store.tracked].filter((n) => store.levels.has(n))
    expect(finished.length, 'levels recorded in progress, then finished').toBeGreaterThan(0)
    expect(store.unnamed).toEqual([])
  }, 120_000)

  it('a level stopped in its last chunk and resumed leaves none of its runs behind', async () => {
    // The rest of the level fits in the buffer: the resumed session records nothing more of it,
    // and its runs must still go once the level is finished.
    const dir = scratch()
    let cancel = (): void => undefined
    let level: string | undefined
    const first = watched((m) => {
      if (level) return
      for (const [name, e] of Object.entries(m.building ?? {}))
        if (e.value.runs.length >= 1 && e.value.done < e.value.parents.rows && e.value.done >= e.value.parents.rows - CHUNK) {
          level = name
          cancel()
        }
    })
    const handle = new Engine(hostOf(1, first.files)).start({ kind: 'solve', params: job({ disk: dir }) })
    cancel = () => handle.cancel()
    await expect(handle.result).rejects.toBeInstanceOf(CancelledError)
    expect(level, 'the search was stopped in the last chunk of a level').toBeDefined()
    const resumed = await new Engine(hostOf(1, folderStore)).start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result
    expect(sizes(resumed)).toEqual(sizes((await plainRun()).result))
    expect(readdirSync(dir).filter((f) => /\.run\d+(\.z)?$/.test(f))).toEqual([])
  }, 120_000)

  it('runs of the level that no record names are deleted when it goes on (left-overs of a stop)', async () => {
    const dir = scratch()
    const { name, entry } = await stopInside(dir, 1)
    // A run written after the last record before a kill, and one of a record since dropped.
    const named = entry.runs[0]!.name
    // A merge killed while it wrote aside, past a gap in the numbers.
    for (const extra of [`${name}.run${entry.runs.length + 40}`, `${name}.run999`, `${name}.run${entry.runs.length + 41}.tmp`])
      writeFileSync(join(dir, `${extra}.z`), readFileSync(join(dir, `${named}.z`)))
    const resumed = await new Engine(hostOf(1, folderStore)).start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result
    expect(sizes(resumed)).toEqual(sizes((await plainRun()).result))
    expect(readdirSync(dir).filter((f) => /\.run\d+(\.tmp)?(\.z)?$/.test(f))).toEqual([])
  }, 120_000)

  it('a damaged run named in the record in progress is refused by name', async () => {
    const dir = scratch()
    const { entry } = await stopInside(dir, 1)
    const run = entry.runs.find((r) => r.rows > 10)!
    const bytes = readFileSync(join(dir, `${run.name}.z`))
    bytes[1]! ^= 1
    writeFileSync(join(dir, `${run.name}.z`), bytes)
    await expect(
      new Engine(hostOf(1, folderStore)).start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result,
    ).rejects.toThrow(new RegExp(`checkpoint file .*${run.name.replace(/\./g, '\\.')} is damaged: its checksum does not match`))
  }, 120_000)
})

describe('a deadline met in a meeting', () => {
  it("keeps the length's levels for a resume, which meets without building them again", async () => {
    const { result: ram } = await plainRun()
    const dir = scratch()
    // In a meeting the clock races (a thousand seconds a reading; back to the true time outside
    // one): the first meeting that reads a level (a pace tick after its first block) finds the
    // deadline passed.
    const real = performance.now.bind(performance)
    let offset = 0
    let racing = false
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => real() + (racing ? (offset += 1e6) : (offset = 0)))
    const stopped = await new Engine(hostOf(1, folderStore))
      .start({ kind: 'solve', params: job({ disk: dir, timeLimit: 3600 }) }, (p) => void (racing = p.phase === 'meet'))
      .result.finally(() => clock.mockRestore())
    const last = stopped.proof.lengths.at(-1)!
    expect(last.result).toBe('time')
    const length = last.length
    // Its levels are still named by the checkpoint, their files there.
    const named = Object.keys(manifestOf(dir).levels).filter((n) => n.startsWith(`length${length}`))
    expect(named.length).toBeGreaterThan(0)
    const second = watched()
    const created: string[] = []
    const files = (folder: string): FileStore => {
      const store = second.files(folder)
      return { ...store, create: (name, w) => (created.push(name), store.create(name, w)) }
    }
    const resumed = await new Engine(hostOf(1, files)).start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result
    expect(sizes(resumed)).toEqual(sizes(ram))
    expect(resumed.proof.statement).toBe(ram.proof.statement)
    expect(created.filter((n) => named.includes(n))).toEqual([])
  }, 120_000)
})

describe('a disk limit for the runs of a level', () => {
  it('past the limit the runs of the level in progress are merged into one, and the levels are the same', async () => {
    const { result: ram, store: plain } = await plainRun()
    // A limit of one byte: the runs are merged whenever those written since the last merge reach half its size.
    const limited = watched()
    const notices: string[] = []
    const merged = await new Engine(hostOf(1, limited.files)).start(
      { kind: 'solve', params: job({ disk: scratch(), diskLimit: 1 }) },
      (p) => void (p.notice && notices.push(p.message)),
    ).result
    expect(sizes(merged)).toEqual(sizes(ram))
    expect(merged.proof.statement).toBe(ram.proof.statement)
    expect([...limited.levels]).toEqual([...plain.levels])
    const said = notices.filter((m) =>
      /the folder's files passed the disk limit \(0 MB\): the \d+ sorted runs written so far merged into one/.test(m),
    )
    expect(said.length).toBeGreaterThan(3)
    // The runs of a level took less room at their most.
    expect(limited.runs.peak).toBeLessThan(plain.runs.peak)
  }, 120_000)

  it('a level stopped after its runs were merged resumes from the merged run', async () => {
    const { result: ram, store: whole } = await plainRun()
    const dir = scratch()
    let cancel = (): void => undefined
    let name: string | undefined
    // Stopped at the first record naming a merged run (its number is past the count of runs).
    const first = watched((m) => {
      for (const [n, e] of Object.entries(m.building ?? {}))
        if (!name && e.value.runs.length >= 2 && e.value.runs.some((r) => Number(/run(\d+)$/.exec(r.name)![1]) >= e.value.runs.length)) {
          name = n
          cancel()
        }
    })
    const handle = new Engine(hostOf(1, first.files)).start({ kind: 'solve', params: job({ disk: dir, diskLimit: 1 }) })
    cancel = () => handle.cancel()
    await expect(handle.result).rejects.toBeInstanceOf(CancelledError)
    expect(name).toBeDefined()
    const second = watched()
    const resumed = await new Engine(hostOf(1, second.files)).start({
      kind: 'solve',
      params: job({ disk: dir, resume: true, diskLimit: 1 }),
    }).result
    expect(sizes(resumed)).toEqual(sizes(ram))
    expect(second.levels.get(name!)).toBe(whole.levels.get(name!))
  }, 120_000)
})
