/**
 * Checkpoints of game searches (issue 19): a game job on disk cancelled after some levels and
 * resumed ends as an uninterrupted one (result, statement, every search's level sizes, the count of
 * shortest games); a resume with other parameters is refused naming the difference; a damaged
 * level file is named.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { boardByName } from '../../src/shared/halma/board'
import { specFromProblem } from '../../src/shared/halma/document'
import { CancelledError, Engine, type EngineJob } from '../../src/shared/engine/engine'
import { parsePlayersJob, type PlayersResult } from '../../src/shared/engine/players/job'
import { packedStore } from '../../src/shared/engine/core/packed-store'
import type { FileStore } from '../../src/shared/engine/core/storage'
import { parseGameJob, type GameResult } from '../../src/shared/engine/game/job'
import { presetProblem } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules } from '../../src/shared/halma/rules'
import { folderStore } from '../../src/hosts/node/store'
import { scratchFolders } from '../helpers/scratch'

const scratch = scratchFolders('game-resume')

// Grasshopper rules with six men on 7x7: the exhaustive flow proves several lengths, then finds and counts.
const problem = specFromProblem(unwrap(presetProblem('game', unwrap(boardByName('7x7')), makeRules('8-move'), 'triangle6')))
const job = (extra: object) => unwrap(parseGameJob({ problem, strategy: 'exhaustive', threads: 1, budgetBytes: 2 ** 20, ...extra }))
const engine = new Engine({ files: folderStore })

/** What a resumed search must give as an uninterrupted one does. */
const outcome = (r: GameResult) => ({
  length: r.length,
  optimal: r.optimal,
  lowerBound: r.lowerBound,
  winner: r.winner,
  moves: r.moves,
  count: r.count,
  statement: r.proof.statement,
  searches: r.proof.searches.map((s) => [s.bound, s.winner, s.heuristic, s.result, s.length, s.levels]),
})

/** A checkpoint's manifest, as far as the tests read it (every record sealed: its value and checksum). */
interface Manifest {
  readonly levels: Record<string, { readonly value: { readonly files: readonly { readonly rows: number }[]; readonly record: { readonly seconds: number } } }>
  readonly steps: Record<string, unknown>
}

/**
 * Run a job on disk and cancel it as soon as the checkpoint it writes satisfies `stop` (the
 * folder's store is wrapped: each manifest written is looked at). Resolves once it is cancelled.
 */
async function interrupt(dir: string, stop: (m: Manifest) => boolean, extra: object = {}): Promise<void> {
  return interruptJob({ kind: 'game', params: job({ disk: dir, ...extra }) }, stop)
}

async function interruptJob(request: EngineJob<'game' | 'players'>, stop: (m: Manifest) => boolean): Promise<void> {
  let cancel = (): void => undefined
  const files = (folder: string): FileStore => {
    const store = folderStore(folder)
    return {
      ...store,
      writeText(name, text) {
        store.writeText(name, text)
        if (name === 'checkpoint.json' && stop(JSON.parse(text) as Manifest)) cancel()
      },
    }
  }
  const handle = new Engine({ files }).start(request)
  cancel = () => handle.cancel()
  await expect(handle.result).rejects.toBeInstanceOf(CancelledError)
}

/** A store that records the files it creates. */
function recording(): { files: (folder: string) => FileStore; written: string[] } {
  const written: string[] = []
  const files = (folder: string): FileStore => {
    // Above the packing: the names the engine gives its files.
    const store = packedStore(folderStore(folder))
    return { ...store, create: (name, w) => (written.push(name), store.create(name, w)) }
  }
  return { files, written }
}

/** The first level (above 0) of a search whose files were written. */
const firstBuilt = (written: readonly string[], search: string): number =>
  Math.min(...written.filter((n) => n.startsWith(`${search}.L`)).map((n) => Number(/\.L(\d+)/.exec(n)![1])).filter((k) => k > 0))

/** Run `f` with the clock a thousand times fast (levels built then record long times); the real clock. */
async function fastClock(f: () => Promise<void>): Promise<() => number> {
  const real = performance.now.bind(performance)
  const clock = vi.spyOn(performance, 'now').mockImplementation(() => real() * 1000)
  await f().finally(() => clock.mockRestore())
  return real
}

/** Seconds the levels of `search` finished so far took, by their records. */
const recordedSeconds = (m: Manifest, search: string): number =>
  Object.entries(m.levels)
    .filter(([n]) => n.startsWith(`${search}.`))
    .reduce((t, [, e]) => t + e.value.record.seconds, 0)

/** Settled searches, and finished levels of the search in progress (its files start with `search`). */
const steps = (m: Manifest): number => Object.keys(m.steps).length
const levels = (m: Manifest, search: string): number => Object.keys(m.levels).filter((n) => n.startsWith(search)).length

describe('game searches checkpointed on disk', () => {
  it('cancelled after some levels and resumed, a search ends as an uninterrupted one', async () => {
    const whole = await engine.start({ kind: 'game', params: job({ disk: scratch() }) }).result
    expect(whole.optimal).toBe(true)
    const proofs = whole.proof.searches.filter((s) => s.result === 'none').length
    expect(proofs).toBeGreaterThanOrEqual(2)
    const dir = scratch()
    // Cancelled in the third search (15 moves, won by blue): two settled searches, and some levels of the third.
    const real = await fastClock(() => interrupt(dir, (m) => steps(m) === 2 && levels(m, 'game15w0') >= 4))
    const manifest = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as Manifest
    const before = recordedSeconds(manifest, 'game15w0')
    const resumedAt = real()
    expect(Object.keys(manifest.steps)).toEqual(['exhaustive 13 0', 'exhaustive 14 1'])
    expect(levels(manifest, 'game15w0')).toBeGreaterThanOrEqual(4)
    // The files the resumed run writes: no level of the settled searches, nor the third's finished levels.
    const { files, written } = recording()
    const resumed = await new Engine({ files }).start({ kind: 'game', params: job({ disk: dir, resume: true }) }).result
    expect(outcome(resumed)).toEqual(outcome(whole))
    // The search's seconds count its levels built before the stop (far more than this session's).
    expect((real() - resumedAt) / 1000).toBeLessThan(before)
    expect(resumed.proof.searches.find((x) => x.bound === 15)!.seconds).toBeGreaterThanOrEqual(before)
    expect(written.filter((n) => n.startsWith('game13') || n.startsWith('game14'))).toEqual([])
    expect(firstBuilt(written, 'game15w0')).toBeGreaterThan(4)
    // The settled searches' levels are not reported again.
    expect(resumed.stats.levels.filter((l) => l.length === 13)).toEqual([])
  }, 120_000)

  it('interrupted again and again, threads and budget changed, the search still ends the same', async () => {
    const whole = await engine.start({ kind: 'game', params: job({ disk: scratch() }) }).result
    const dir = scratch()
    await interrupt(dir, (m) => levels(m, 'game14w1') >= 3)
    await interrupt(dir, (m) => levels(m, 'game15w0') >= 2, { resume: true })
    await interrupt(dir, (m) => levels(m, 'game15w0') >= 9, { resume: true, budgetBytes: 2 ** 22 })
    const resumed = await engine.start({ kind: 'game', params: job({ disk: dir, resume: true, threads: 0, budgetBytes: 2 ** 21 }) }).result
    expect(outcome(resumed)).toEqual(outcome(whole))
  }, 120_000)

  it('a resume with other parameters, of no checkpoint, or of a damaged level is refused, naming why', async () => {
    const dir = scratch()
    await interrupt(dir, (m) => levels(m, 'game14w1') >= 4)
    await expect(engine.start({ kind: 'game', params: job({ disk: dir }) }).result).rejects.toThrow(/holds a checkpoint of an earlier search/)
    await expect(engine.start({ kind: 'game', params: job({ disk: dir, resume: true, fold: false }) }).result).rejects.toThrow(
      'fold: true in the checkpoint, false now',
    )
    await expect(
      engine.start({ kind: 'game', params: job({ disk: dir, resume: true, heuristics: { vacating: true } }) }).result,
    ).rejects.toThrow('heuristics.vacating: false in the checkpoint, true now')
    await expect(engine.start({ kind: 'game', params: job({ disk: scratch(), resume: true }) }).result).rejects.toThrow(
      /holds no checkpoint \(checkpoint\.json\) to resume/,
    )
    const manifest = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as Manifest
    const victim = Object.entries(manifest.levels).find(([, e]) => e.value.files[0]!.rows > 10)![0]
    // A bit of the first row's code in the packed file (core/packed-store.ts).
    const bytes = readFileSync(join(dir, `${victim}.z`))
    bytes[1]! ^= 1
    writeFileSync(join(dir, `${victim}.z`), bytes)
    await expect(engine.start({ kind: 'game', params: job({ disk: dir, resume: true }) }).result).rejects.toThrow(
      new RegExp(`checkpoint file .*${victim.replace('.', '\\.')} is damaged: its checksum does not match`),
    )
  }, 120_000)

  it('a resume without a folder is refused by the job; a search on a cluster resumes like any other', () => {
    const noFolder = parseGameJob({ problem, resume: true })
    expect(noFolder.ok).toBe(false)
    if (!noFolder.ok) expect(noFolder.error[0]!.message).toMatch(/resuming needs the folder of the checkpoint/)
    expect(parseGameJob({ problem, disk: '/tmp/x', cluster: 'redis://localhost:6379', resume: true }).ok).toBe(true)
  })

  it('an N-player search cancelled in its fourth length and resumed ends as an uninterrupted one', async () => {
    const players = (extra: object) =>
      unwrap(parsePlayersJob({ game: { board: 'star37', camps: [0, 2, 4], men: 3 }, strategy: 'exhaustive', threads: 1, budgetBytes: 2 ** 22, ...extra }))
    const summary = (r: PlayersResult) => ({
      length: r.length,
      winner: r.winner,
      moves: r.moves,
      count: r.count,
      statement: r.proof.statement,
      searches: r.proof.searches.map((s) => [s.bound, s.winner, s.result, s.levels]),
    })
    const whole = await engine.start({ kind: 'players', params: players({ disk: scratch() }) }).result
    expect(whole.proof.searches.filter((s) => s.result === 'none')).toHaveLength(3)
    const dir = scratch()
    const real = await fastClock(() => interruptJob({ kind: 'players', params: players({ disk: dir }) }, (m) => steps(m) === 3 && levels(m, 'players12w') >= 4))
    const manifest = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as Manifest
    const before = recordedSeconds(manifest, 'players12w2')
    const resumedAt = real()
    expect(steps(manifest)).toBe(3)
    await expect(engine.start({ kind: 'players', params: players({ disk: dir, resume: true, beam: 10 }) }).result).rejects.toThrow(
      'beam: 20000 in the checkpoint, 10 now',
    )
    const { files, written } = recording()
    const resumed = await new Engine({ files }).start({ kind: 'players', params: players({ disk: dir, resume: true }) }).result
    expect(summary(resumed)).toEqual(summary(whole))
    expect((real() - resumedAt) / 1000).toBeLessThan(before)
    expect(resumed.proof.searches.find((x) => x.bound === 12)!.seconds).toBeGreaterThanOrEqual(before)
    expect(written.filter((n) => /^players(9|10|11)w/.test(n))).toEqual([])
    expect(firstBuilt(written, 'players12w2')).toBeGreaterThan(4)
    expect(resumed.stats.levels.filter((l) => l.length === 9)).toEqual([])
  }, 120_000)
})
