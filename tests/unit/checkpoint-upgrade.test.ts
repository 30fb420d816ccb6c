/**
 * `halma checkpoint upgrade`: checkpoints of format 1, written by the CLI bundle of commit 60e91c0
 * (tests/fixtures/checkpoint-v1/README.md), converted to format 2 and resumed by this engine to the
 * result of a fresh run, without building again a level the old checkpoint held; a damaged,
 * incomplete or edited one refused by name, nothing written.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main'
import type { Io } from '../../src/cli/io'
import { folderStore } from '../../src/hosts/node/store'
import { packedStore } from '../../src/shared/engine/core/packed-store'
import type { FileStore } from '../../src/shared/engine/core/storage'
import { upgradeCheckpoint } from '../../src/shared/engine/core/upgrade'
import { Engine } from '../../src/shared/engine/engine'
import { parseSolveJob } from '../../src/shared/engine/transfer/job'
import { parsePlayersJob } from '../../src/shared/engine/players/job'
import { boardByName } from '../../src/shared/halma/board'
import { specFromProblem } from '../../src/shared/halma/document'
import { presetProblem } from '../../src/shared/halma/problem'
import { makeRules } from '../../src/shared/halma/rules'
import { expect as unwrap } from '../../src/shared/result'

const FIXTURES = join(__dirname, '../fixtures/checkpoint-v1')
const scratches: string[] = []
afterAll(() => scratches.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A copy of a fixture folder to work on. */
function copy(fixture: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'halma-upgrade-'))
  scratches.push(dir)
  cpSync(join(FIXTURES, fixture), dir, { recursive: true })
  return dir
}

/** `halma checkpoint ACTION DIR`, in-process: its status and output. */
async function checkpoint(action: 'upgrade' | 'pack', dir: string): Promise<{ status: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const io: Io = { out: (t) => void (out += `${t}\n`), err: (t) => void (err += `${t}\n`), stdin: () => undefined, tty: false }
  const status = await main(['checkpoint', action, dir], io)
  return { status, out, err }
}
const upgrade = (dir: string) => checkpoint('upgrade', dir)

/** The fixtures' command: `halma solve --army triangle6 --board 7x7 --rules 6-move --strategy exhaustive --max-length 20 --budget 0.001`. */
const problem = specFromProblem(unwrap(presetProblem('transfer', unwrap(boardByName('7x7')), makeRules('6-move'), 'triangle6')))
const job = (extra: object) =>
  unwrap(parseSolveJob({ problem, strategy: 'exhaustive', maxLength: 20, threads: 1, budgetBytes: Math.round(0.001 * 2 ** 30), ...extra }))

/** A folder store that lists the files the search creates (a level built again would be one), by the names the engine gives them (above the packing). */
function watched(created: string[]): (folder: string) => FileStore {
  return (folder) => {
    const store = packedStore(folderStore(folder))
    return { ...store, create: (name, w) => (created.push(name), store.create(name, w)) }
  }
}

describe('halma checkpoint upgrade', () => {
  const fresh = new Engine({ files: folderStore }).start({
    kind: 'solve',
    params: job({ disk: mkdtempSync(join(tmpdir(), 'halma-fresh-')) }),
  }).result

  for (const [fixture, cmax, at] of [
    ['transfer-even', [], { search: 'length16b', level: 4, size: 109, phase: 'prove', length: 16, plan: 7 }],
    ['transfer-odd', ['cmax 15'], { search: 'length15b', level: 5, size: 1, phase: 'prove', length: 15, plan: 7 }],
  ] as const) {
    it(`converts ${fixture}, which this engine resumes to a fresh run's result without building its levels again`, async () => {
      const dir = copy(fixture)
      const v1 = readFileSync(join(dir, 'checkpoint.json'), 'utf8')
      const levels = Object.keys((JSON.parse(v1) as { levels: object }).levels)
      // Unconverted, this engine refuses it by its version.
      await expect(
        new Engine({ files: folderStore }).start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result,
      ).rejects.toThrow(/checkpoint of format version 1/)
      const up = await upgrade(dir)
      expect(up.status, up.err).toBe(0)
      expect(up.out).toMatch(/checkpoint upgraded to format 2/)
      expect(readFileSync(join(dir, 'checkpoint.v1.json'), 'utf8')).toBe(v1)
      const v2 = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as {
        version: number
        steps: object
        levels: object
        at: { value: unknown }
      }
      expect(v2.version).toBe(2)
      expect(Object.keys(v2.levels)).toEqual(levels)
      expect(Object.keys(v2.steps).filter((k) => k.startsWith('cmax'))).toEqual(cmax)
      // Where it was, read off its levels: the deepest of run 2, the search in progress.
      expect(v2.at.value).toEqual(at)

      const created: string[] = []
      const messages: string[] = []
      const resumed = await new Engine({ files: watched(created) }).start(
        { kind: 'solve', params: job({ disk: dir, resume: true }) },
        (p) => messages.push(p.message),
      ).result
      expect(created.filter((name) => levels.includes(name))).toEqual([])
      // The odd length's run 1 (deleted by format 1) is not built again either: its Cmax was derived.
      if (fixture === 'transfer-odd') expect(created.filter((name) => /^length15a\.L[1-9]/.test(name))).toEqual([])
      expect(messages.some((m) => /proven impossible before the resume/.test(m))).toBe(true)
      expect(messages[0]).toMatch(
        new RegExp(`picks up at length ${at.length}, phase prove, search ${at.search} after its level ${at.level} `),
      )
      const whole = await fresh
      expect(resumed.length).toBe(17)
      expect(resumed.proof.statement).toBe(whole.proof.statement)
      expect(resumed.proof.lengths.map((l) => [l.length, l.result, l.cmax, l.levels])).toEqual(
        whole.proof.lengths.map((l) => [l.length, l.result, l.cmax, l.levels]),
      )
    }, 60_000)
  }

  it("converts an N-player checkpoint (rules of kind multi), which this engine resumes to a fresh run's levels", async () => {
    const dir = copy('players-mini4')
    const v1 = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as {
      params: object
      levels: object
      steps: Record<string, unknown>
    }
    const levels = Object.keys(v1.levels)
    // The fixture's own command, as its parameters record it.
    const job = (extra: object) => unwrap(parsePlayersJob({ ...v1.params, threads: 1, budgetBytes: 2 ** 22, ...extra }))
    expect((await upgrade(dir)).status).toBe(0)
    const v2 = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as {
      steps: Record<string, { value: unknown }>
      levels: Record<string, { value: { rule: string } }>
    }
    expect(JSON.parse(v2.levels['players14w1.L3']!.value.rule)).toEqual({ kind: 'players', level: 3, bound: 14, winner: 1, score: 'none' })
    expect(v2.steps['exhaustive 13 0']!.value).toMatchObject({ record: { bound: 13, result: 'none' }, found: null })
    // The record as written, key for key.
    expect(JSON.stringify((v2.steps['exhaustive 13 0']!.value as { record: unknown }).record)).toBe(
      JSON.stringify(v1.steps['exhaustive 13 0']),
    )
    const created: string[] = []
    const resumed = await new Engine({ files: watched(created) }).start({ kind: 'players', params: job({ disk: dir, resume: true }) })
      .result
    expect(created.filter((name) => levels.includes(name))).toEqual([])
    const whole = await new Engine({ files: folderStore }).start({
      kind: 'players',
      params: job({ disk: mkdtempSync(join(tmpdir(), 'halma-fresh-')) }),
    }).result
    expect(resumed.length).toBe(14)
    expect(resumed.proof.searches.map((s) => [s.bound, s.result, s.levels])).toEqual(
      whole.proof.searches.map((s) => [s.bound, s.result, s.levels]),
    )
  }, 60_000)

  it('refuses a damaged or missing level file by name, and writes nothing', async () => {
    const dir = copy('transfer-even')
    const v1 = readFileSync(join(dir, 'checkpoint.json'), 'utf8')
    const bytes = readFileSync(join(dir, 'length16b.L3'))
    bytes[5] = bytes[5]! ^ 1
    writeFileSync(join(dir, 'length16b.L3'), bytes)
    const damaged = await upgrade(dir)
    expect(damaged.status).toBe(2)
    expect(damaged.err).toMatch(
      new RegExp(`checkpoint file ${dir}/length16b\\.L3 is damaged: its checksum does not match \\(upgrade\\.file\\); nothing was written`),
    )
    rmSync(join(dir, 'length16a.L2'))
    const missing = upgradeCheckpoint(folderStore(dir))
    expect(missing.ok || missing.error).toEqual({ code: 'upgrade.file', message: `checkpoint file ${dir}/length16a.L2 is missing` })
    expect(readFileSync(join(dir, 'checkpoint.json'), 'utf8')).toBe(v1)
    expect(existsSync(join(dir, 'checkpoint.v1.json'))).toBe(false)
    expect(readdirSync(dir).filter((f) => f.includes('tmp'))).toEqual([])
  })

  it('refuses an edited step, a level of another rule, and a checkpoint upgraded already, naming them', async () => {
    const dir = copy('transfer-odd')
    const text = readFileSync(join(dir, 'checkpoint.json'), 'utf8')
    type V1 = { steps: Record<string, { result: string }>; levels: Record<string, { rule: string }> }
    const edit = (f: (m: V1) => void): void => {
      const copy = JSON.parse(text) as V1
      f(copy)
      writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(copy))
    }
    edit((c) => (c.steps['length 14']!.result = 'found'))
    expect(upgradeCheckpoint(folderStore(dir))).toMatchObject({
      ok: false,
      error: { code: 'upgrade.step', message: expect.stringMatching(/the settled step 'length 14' is not of its known shape/) },
    })
    edit((c) => (c.levels['length15b.L2']!.rule = c.levels['length15b.L2']!.rule.replace('"lambda":0', '"lambda":0,"finish":13')))
    expect(upgradeCheckpoint(folderStore(dir))).toMatchObject({
      ok: false,
      error: { code: 'upgrade.level', message: expect.stringMatching(/level 'length15b\.L2' was built under a rule/) },
    })
    edit((c) => (c.steps['cmax 15'] = c.steps['length 14']!))
    expect(upgradeCheckpoint(folderStore(dir))).toMatchObject({
      ok: false,
      error: { code: 'upgrade.step', message: expect.stringMatching(/'cmax 15' is not one this upgrade converts/) },
    })
    writeFileSync(join(dir, 'checkpoint.json'), text)
    expect((await upgrade(dir)).status).toBe(0)
    let help = ''
    expect(
      await main(['checkpoint', '--help'], { out: (t) => void (help += t), err: () => undefined, stdin: () => undefined, tty: false }),
    ).toBe(0)
    expect(help).toMatch(/usage: halma checkpoint upgrade DIR/)
    const again = await upgrade(dir)
    expect(again.status).toBe(2)
    expect(again.err).toMatch(/is of format version 2 already: nothing to upgrade \(upgrade\.current\)/)
  })
})

describe('halma checkpoint pack', () => {
  it("packs an older build's files in place (the checkpoint unchanged), which this engine resumes to a fresh run's result", async () => {
    const fresh = new Engine({ files: folderStore }).start({ kind: 'solve', params: job({ disk: mkdtempSync(join(tmpdir(), 'halma-fresh-')) }) }).result
    const dir = copy('transfer-odd')
    expect((await upgrade(dir)).status).toBe(0)
    const manifest = readFileSync(join(dir, 'checkpoint.json'), 'utf8')
    const levels = Object.keys((JSON.parse(manifest) as { levels: object }).levels)
    expect(levels.length).toBeGreaterThan(3)
    for (const l of levels) expect(existsSync(join(dir, l)), l).toBe(true)
    const rawBytes = new Map(levels.map((l) => [l, readFileSync(join(dir, l))]))
    const packed = await checkpoint('pack', dir)
    expect(packed.status, packed.err).toBe(0)
    expect(packed.out).toMatch(new RegExp(`${levels.length} files packed, [0-9.]+ GB -> [0-9.]+ GB`))
    expect(readFileSync(join(dir, 'checkpoint.json'), 'utf8')).toBe(manifest)
    for (const l of levels) {
      expect(existsSync(join(dir, l)), l).toBe(false)
      expect(existsSync(join(dir, `${l}.z`)), l).toBe(true)
    }
    expect((await checkpoint('pack', dir)).out).toMatch(/nothing to pack/)
    // A pack stopped between its rename and the raw file's removal left the raw file beside the
    // packed copy: the next pack deletes it (the packed copy is whole) ...
    const [first, second] = levels
    writeFileSync(join(dir, first!), rawBytes.get(first!)!)
    const again = await checkpoint('pack', dir)
    expect(again.out).toMatch(/nothing to pack \(.*; 1 raw file found beside a packed copy \(a pack stopped before it removed it\): the raw file deleted where the packed copy was whole/)
    expect(existsSync(join(dir, first!))).toBe(false)
    // ... and where the packed copy is not whole, it goes and the raw file is packed again.
    writeFileSync(join(dir, second!), rawBytes.get(second!)!)
    const packedCopy = readFileSync(join(dir, `${second}.z`))
    writeFileSync(join(dir, `${second}.z`), packedCopy.subarray(0, packedCopy.length - 3))
    expect((await checkpoint('pack', dir)).out).toMatch(/1 file packed, .*; 1 raw file found beside a packed copy/)
    expect(existsSync(join(dir, second!))).toBe(false)
    expect(readFileSync(join(dir, `${second}.z`))).toEqual(packedCopy)
    // Both damaged: neither is touched, and the pack says so.
    const raw = Buffer.from(rawBytes.get(second!)!)
    raw[raw.length >> 1]! ^= 1
    writeFileSync(join(dir, second!), raw)
    writeFileSync(join(dir, `${second}.z`), packedCopy.subarray(0, packedCopy.length - 3))
    const both = await checkpoint('pack', dir)
    expect(both.status).toBe(2)
    expect(both.err).toContain(`${second} and its packed copy are both damaged (left as they were)`)
    expect(readFileSync(join(dir, second!))).toEqual(raw)
    // Put right for the resume below.
    writeFileSync(join(dir, `${second}.z`), packedCopy)
    rmSync(join(dir, second!))
    const created: string[] = []
    const resumed = await new Engine({ files: watched(created) }).start({ kind: 'solve', params: job({ disk: dir, resume: true }) }).result
    expect(created.filter((name) => levels.includes(name))).toEqual([])
    const whole = await fresh
    expect(resumed.proof.lengths.map((l) => [l.length, l.result, l.cmax, l.levels])).toEqual(
      whole.proof.lengths.map((l) => [l.length, l.result, l.cmax, l.levels]),
    )
  }, 60_000)

  it('refuses a damaged file by name, leaving it and the checkpoint as they were', async () => {
    const dir = copy('transfer-even')
    expect((await upgrade(dir)).status).toBe(0)
    const manifest = readFileSync(join(dir, 'checkpoint.json'), 'utf8')
    const m = JSON.parse(manifest) as { levels: Record<string, { value: { files: { rows: number }[] } }> }
    const victim = Object.entries(m.levels).find(([, e]) => e.value.files[0]!.rows > 10)![0]
    const bytes = readFileSync(join(dir, victim))
    bytes[bytes.length >> 1]! ^= 1
    writeFileSync(join(dir, victim), bytes)
    const out = await checkpoint('pack', dir)
    expect(out.status).toBe(2)
    expect(out.err).toMatch(new RegExp(`${victim.replace(/\./g, '\\.')} is damaged: its checksum does not match the checkpoint's \\(left as it was\\)`))
    expect(readFileSync(join(dir, victim))).toEqual(bytes)
    expect(existsSync(join(dir, `${victim}.z`))).toBe(false)
    expect(existsSync(join(dir, `${victim}.pack.z`))).toBe(false)
    expect(readFileSync(join(dir, 'checkpoint.json'), 'utf8')).toBe(manifest)
  })
})
