// `halma tablebase`, run in-process through main().
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main'

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n'), stdin: () => undefined, tty: false })
  return { code, out, err }
}

describe('halma tablebase', () => {
  const dir = mkdtempSync(join(tmpdir(), 'halma-tablebase-'))
  const table = join(dir, '4x4-2')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('build --json prints the counts over the whole space and the start value', async () => {
    const r = await run(['tablebase', 'build', '--board', '4x4', '--men', '2', '--out', table, '--threads', '1', '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j.positions).toBe(2 * 120 * 91)
    expect(j.wins + j.losses + j.draws + j.illegal).toBe(j.positions)
    expect(Number.isInteger(j.wins) && Number.isInteger(j.illegal)).toBe(true)
    expect(['win', 'loss', 'draw']).toContain(j.startValue)
    expect(j.folder).toBe(table)
  })

  it('probe gives the value and distance of a position and of each move; --line plays it out', async () => {
    const r = await run(['tablebase', 'probe', '--table', table, '--position', 'start', '--line', '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j.position).toBe('a1,b1 / c4,d4 blue')
    expect(j.moves.length).toBe(5)
    const best = j.moves[0]
    expect(best.value).toBe(j.value)
    if (j.value === 'win') expect(best.distance).toBe(j.distance)
    expect(j.line.length).toBe(j.distance)
    const text = await run(['tablebase', 'probe', '--table', table, '--position', 'a1,b1 / c4,d4 red'])
    expect(text.out).toMatch(/^a1,b1 \/ c4,d4 red: red to move: (win|loss) in \d+$/m)
  })

  it('names what is wrong: a bad position, a board without a start area, a missing or damaged table', async () => {
    expect((await run(['tablebase', 'probe', '--table', table, '--position', 'a1 / c4,d4'])).err).toMatch(
      /blue has 1 men; this table is of 2 a side/,
    )
    expect((await run(['tablebase', 'build', '--board', '4x4', '--men', '5'])).err).toMatch(/--men: men must be one of 1, 2, 3, 4, 6/)
    expect((await run(['tablebase', 'build', '--board', '3x3', '--men', '4'])).err).toMatch(/do not fit on 3 x 3/)
    expect((await run(['tablebase', 'probe', '--table', join(dir, 'none'), '--position', 'start'])).err).toMatch(/none does not exist/)
    expect(existsSync(join(dir, 'none'))).toBe(false)
    mkdirSync(join(dir, 'empty'))
    expect((await run(['tablebase', 'probe', '--table', join(dir, 'empty'), '--position', 'start'])).err).toMatch(/holds no tablebase/)
    expect((await run(['tablebase', 'build', '--board', '4x4', '--men', '2', '--out', table])).err).toMatch(/holds a tablebase already/)
    expect((await run(['tablebase', 'verify', '--table', table])).code).toBe(0)
    const values = join(table, 'values.bin')
    const bytes = readFileSync(values)
    bytes[7] = bytes[7]! ^ 0x40
    writeFileSync(values, bytes)
    const v = await run(['tablebase', 'verify', '--table', table])
    expect(v.code).toBe(1)
    expect(v.out).toMatch(/values\.bin is damaged: chunk 0/)
    const p = await run(['tablebase', 'probe', '--table', table, '--position', 'start'])
    expect(p.code).toBe(2)
    expect(p.err).toMatch(/--table: .*values\.bin is damaged: chunk 0/)
  })

  it('a header that does not hold together is refused by name (exit 2), before anything is built from it', async () => {
    const whole = join(dir, '3x3-1-header')
    expect((await run(['tablebase', 'build', '--board', '3x3', '--men', '1', '--out', whole])).code).toBe(0)
    const header = JSON.parse(readFileSync(join(whole, 'table.json'), 'utf8'))
    const forged = (name: string, change: (h: typeof header) => void): string => {
      const f = join(dir, name)
      cpSync(whole, f, { recursive: true })
      const h = structuredClone(header)
      change(h)
      writeFileSync(join(f, 'table.json'), JSON.stringify(h))
      return f
    }
    const cases: [string, (h: typeof header) => void, RegExp][] = [
      // 9 x 9 with 6 men: its layout would take gigabytes; the files' sizes refuse it first.
      ['big', (h) => Object.assign(h.spec, { side: 9, men: 6 }), /its layout \(.*\) is not that of 9 x 9 with 6 men/],
      ['outside', (h) => (h.files.values.name = '../../values.bin'), /files\.values\.name: /],
      ['counts', (h) => (h.counts.wins += 1), /do not add up to its positions/],
      ['levels', (h) => h.levels.push(0), /its levels do not add up/],
      ['start', (h) => Object.assign(h.start, { value: 'loss', distance: 2 }), /it says the start is loss in 2, the table win in \d+/],
      ['zod', (h) => (h.maxLevel = -1), /maxLevel: /],
    ]
    for (const [name, change, message] of cases) {
      const r = await run(['tablebase', 'probe', '--table', forged(name, change), '--position', 'start'])
      expect(r.code, name).toBe(2)
      expect(r.err, name).toMatch(message)
      expect(r.err, name).not.toMatch(/Invalid input|Too small|internal/)
    }
  })

  it('a build out of time stops with its checkpoint; --resume goes on with it to the same table', async () => {
    const stopped = join(dir, '4x4-3-stopped')
    const r = await run(['tablebase', 'build', '--board', '4x4', '--men', '3', '--out', stopped, '--time-limit', '0.001', '--threads', '1'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/time limit reached at level 0; the checkpoint in .*4x4-3-stopped goes on with it/)
    const resumed = JSON.parse(
      (await run(['tablebase', 'build', '--board', '4x4', '--men', '3', '--resume', stopped, '--threads', '1', '--json'])).out,
    )
    expect(resumed.resumedAt).toBe(0)
    const whole = join(dir, '4x4-3')
    expect((await run(['tablebase', 'build', '--board', '4x4', '--men', '3', '--out', whole, '--threads', '1'])).code).toBe(0)
    for (const f of ['table.json', 'values.bin', 'distance.bin'])
      expect(readFileSync(join(stopped, f)).equals(readFileSync(join(whole, f)))).toBe(true)
  })

  it('--resume of a finished table reads it', async () => {
    const other = join(dir, '3x3-1')
    expect((await run(['tablebase', 'build', '--board', '3x3', '--men', '1', '--out', other, '--json'])).code).toBe(0)
    const again = JSON.parse((await run(['tablebase', 'build', '--board', '3x3', '--men', '1', '--resume', other, '--json'])).out)
    expect(again.existing).toBe(true)
    expect(again.positions).toBe(2 * 9 * 8)
    // The finished table of another game: refused (it was read and reported as this one, exit 0).
    const wrong = await run(['tablebase', 'build', '--board', '4x4', '--men', '1', '--resume', other])
    expect(wrong.code).toBe(2)
    expect(wrong.err).toContain('holds the finished table of 3x3 with 1 man a side, not 4x4 with 1 man a side')
    // A file where the folder goes: the user's path (exit 2), not the disk's fault (exit 3).
    const file = join(dir, 'a-file.txt')
    writeFileSync(file, 'mine')
    const onFile = await run(['tablebase', 'build', '--board', '3x3', '--men', '1', '--out', file])
    expect(onFile.code).toBe(2)
    expect(onFile.err).toContain(`--out: '${file}' is a file; a table is a folder`)
    expect(readFileSync(file, 'utf8')).toBe('mine')
  })
})
