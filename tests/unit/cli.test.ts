// The command-line tool, run in-process through main() and, for a few cases, as the installed
// binary exactly as a user runs it.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main'
import { progressLine } from '../../src/cli/progress'
import { PROBLEMS_DIR } from './fixtures'

async function run(argv: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n'), stdin: () => stdin, tty: false })
  return { code, out, err }
}

const file = (name: string): string => join(PROBLEMS_DIR, name)
const LEVENSPIEL =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'

describe('halma verify', () => {
  it('prints a table per move and a verdict; exit 0 for a valid solution', async () => {
    const r = await run(['verify', '--army', 'triangle10', '--board', '9x9', '--rules', '6-move', '--moves', LEVENSPIEL])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^14 +b2-d2-d4-f2-f4-h4-f6-h6-h8 +jump +6 +9 +3 3 3 1$/m)
    expect(r.out).toContain('valid: 27 moves (10 steps, 17 jumps), reaches the target')
  })
  it('--json gives the documented fields', async () => {
    const r = await run(['verify', '--army', 'triangle10', '--moves', LEVENSPIEL, '--json'])
    const j = JSON.parse(r.out)
    expect(j).toMatchObject({ valid: true, length: 27, steps: 10, jumps: 17, reachesTarget: true, error: null })
    expect(j.centroid).toHaveLength(28)
    expect(j.centroid[0]).toBe(-60)
    expect(j.sym[13]).toBe(9)
  })
  it('exit 1 and the reason for an illegal move', async () => {
    const r = await run(['verify', '--army', 'triangle10', '--rules', '8-move', '--moves', 'a3-c3, c3-e5', '--json'])
    expect(r.code).toBe(1)
    expect(JSON.parse(r.out).error).toEqual({ code: 'move.bad-jump', move: 2, message: 'move 2: c3-e5 is not a jump: d4 is empty' })
  })
  it('verifies every solution stored in a problem file', async () => {
    const r = await run(['verify', '--problem', file('triangle10-6move.halma.json'), '--json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out).map((s: { length: number }) => s.length)).toEqual([27, 27])
  })
  it('verifies the side lines of a version 2 document: legal ones pass, an illegal one is named with its move', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halma-'))
    const doc = (variations: unknown[]): string => {
      const path = join(dir, `v${variations.length}.halma.json`)
      const spec = {
        format: 'halma-workbench',
        version: 2,
        kind: 'transfer',
        board: '9x9',
        rules: { moves: '6-move' },
        armies: [{ name: 'blue', preset: 'triangle10', target: 'mirror' }],
        solutions: [{ title: 'Levenspiel', moves: LEVENSPIEL, comments: { '1': 'first' }, variations }],
      }
      writeFileSync(path, JSON.stringify(spec))
      return path
    }
    const good = await run(['verify', '--problem', doc([{ at: 1, moves: 'a4-a5, a5-a6' }])])
    expect(good.code).toBe(0)
    expect(good.out).toContain('valid: 27 moves (10 steps, 17 jumps), reaches the target')
    expect(good.out).toContain('variation 1 (after move 1, 2 moves): legal, does not reach the target')
    const bad = await run([
      'verify',
      '--problem',
      doc([
        { at: 1, moves: 'a4-a5' },
        { at: 2, moves: 'c2-c3, c1-c2', variations: [{ at: 3, moves: 'a1-a3' }] },
      ]),
    ])
    expect(bad.code).toBe(1)
    expect(bad.out).toContain('variation 2 (after move 2, 2 moves): legal')
    expect(bad.out).toMatch(/INVALID: variation 2\.1 \(after move 3, 1 move\): move 4: a1-a3 /)
    const j = await run([
      'verify',
      '--problem',
      doc([
        { at: 1, moves: 'a4-a5' },
        { at: 2, moves: 'c2-c3, c1-c2', variations: [{ at: 3, moves: 'a1-a3' }] },
      ]),
      '--json',
    ])
    const out = JSON.parse(j.out) as {
      valid: boolean
      variations: { name: string; legal: boolean; error: { move: number; message: string } | null }[]
    }
    expect(out.valid).toBe(true)
    expect(out.variations.map((x) => [x.name, x.legal, x.error?.move ?? null])).toEqual([
      ['1', true, null],
      ['2', true, null],
      ['2.1', false, 4],
    ])
    expect(out.variations[2]!.error!.message).toMatch(/^variation 2\.1 \(after move 3\): move 4: a1-a3 /)
  })
  it('reads moves from a file and from standard input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halma-'))
    writeFileSync(join(dir, 'moves.txt'), LEVENSPIEL.replace(/, /g, '\n'))
    expect((await run(['verify', '--moves-file', join(dir, 'moves.txt')])).code).toBe(0)
    expect((await run(['verify'], LEVENSPIEL)).code).toBe(0)
  })
  it('a custom army on any board', async () => {
    const r = await run([
      'verify',
      '--board',
      '5x5',
      '--rules',
      '4-move',
      '--start',
      'a1,b1',
      '--target',
      'd5,e5',
      '--moves',
      'b1-c1, a1-b1, c1-c2',
    ])
    expect(r.code).toBe(1)
    expect(r.out).toContain('INVALID: the army does not reach its target after 3 moves')
  })
  it('games: says who won on which move', async () => {
    const r = await run(['verify', '--problem', file('fabian-30.halma.json')])
    expect(r.code).toBe(0)
    expect(r.out).toContain('valid: red wins on move 30')
    const flags = await run(['verify', '--game', '--army', 'triangle15', '--moves', 'e1-e2, g8-g6', '--json'])
    expect(JSON.parse(flags.out)).toMatchObject({ valid: false, winner: null, error: { code: 'game.unfinished' } })
  })
  it('usage errors name the option and exit 2', async () => {
    const cases: [string[], string][] = [
      [['verify', '--board', '9x9x'], "halma verify: --board: unknown board '9x9x'"],
      [['verify', '--rules', '7-move'], "halma verify: --rules: unknown rules '7-move'"],
      [['verify', '--army', 'triangle99'], "halma verify: --army: unknown army 'triangle99'"],
      [['verify', '--start', 'a1,z99'], "halma verify: --start: [1]: 'z99' is not on the 9x9 board"],
      [['verify', '--frobnicate'], "halma verify: Unknown option '--frobnicate'"],
      [
        ['verify', '--problem', '/nonexistent.halma.json'],
        "halma verify: cannot read document '/nonexistent.halma.json': no such file",
      ],
      [['verify', '--army', 'triangle10'], 'halma verify: no moves: give --moves'],
      [
        ['verify', '--start', 'a1', '--target', 'b1,c1', '--moves', 'a1-b1'],
        'halma verify: problem: armies[0].target: the target has 2 cells but the army has 1 men',
      ],
      [['frob'], "halma: unknown command 'frob'"],
      [['help', 'frob'], "halma: unknown command 'frob'"],
      [['verify', '--rules', '4-move', '--diagonal', 'main', '--moves', 'd1-d2'], 'halma verify: --diagonal: 4-move rules move along no diagonals'],
      [['verify', '--problem', file('triangle10-6move.halma.json'), '--line', '1.5'], "halma verify: --line: '1.5' is not a solution number"],
      [['show', '--army', 'triangle10', '--moves', 'd1-d2', '--after', '2'], 'halma show: --after: the solution has only 1 move'],
    ]
    for (const [argv, message] of cases) {
      const r = await run(argv)
      expect(r.code, argv.join(' ')).toBe(2)
      expect(r.err).toContain(message)
    }
  })
  it('empty standard input is no moves given (exit 2), not a solution of none (it said INVALID, exit 1)', async () => {
    const r = await run(['verify', '--army', 'triangle10'], '  \n')
    expect(r.code).toBe(2)
    expect(r.err).toContain('halma verify: no moves, and standard input is empty')
    const none = await run(['verify', '--problem', file('triangle10-6move.halma.json'), '--moves', 'd1-d2'])
    expect(none.code).toBe(1)
  })
})

describe('halma analyze and show', () => {
  it('analyze: the two-player start has 14 moves, 7 up to symmetry; d(B,R) = 10; Theorem 1 gives 27', async () => {
    const r = await run(['analyze', '--game', '--army', 'triangle10', '--json'])
    const j = JSON.parse(r.out)
    expect(j).toMatchObject({ legalMoves: 14, distinctMoves: 7, armyDistance: 10, gameBound: 27 })
    expect(j.armies[0].balance).toEqual([3, 3, 3, 1])
  })
  it('analyze: the position after move 13 of Levenspiel has sym = 9', async () => {
    const r = await run(['analyze', '--problem', file('triangle10-6move.halma.json'), '--solution', '1', '--after', '13'])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/sym\(A\) +9/)
    expect(r.out).toContain('position: after move 13')
  })
  it('show: a diagram of the start with the target marked, and after move 14', async () => {
    const r = await run(['show', '--army', 'triangle10'])
    expect(r.out).toContain(['   a b c d e f g h i', '1  x x x x . . . . .', '2  x x x . . . . . .'].join('\n'))
    expect(r.out).toContain('9  . . . . . + + + +')
    const mid = await run(['show', '--problem', file('triangle10-6move.halma.json'), '--solution', '1', '--after', '14', '--types'])
    expect(mid.out).toContain('after move 14')
    expect(mid.out).toMatch(/8 .* X/)
    const bad = await run(['show', '--problem', file('triangle10-6move.halma.json'), '--solution', '1', '--after', '40'])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('the solution has only 27 moves')
  })
})

describe('the halma binary', () => {
  it('runs as installed, with exit status and JSON on stdout', () => {
    const bin = join(import.meta.dirname, '../../bin/halma.mjs')
    const ok = spawnSync(process.execPath, [bin, 'verify', '--problem', file('halma19-16x16.halma.json'), '--json'], { encoding: 'utf8' })
    expect(ok.status).toBe(0)
    // The paper's 47 moves, and the 43 this workbench found (issue 19), both verified.
    expect(JSON.parse(ok.stdout)).toMatchObject([
      { valid: true, length: 47 },
      { valid: true, length: 43 },
    ])
    const bad = spawnSync(process.execPath, [bin, 'verify', '--moves', 'a1-a9'], { encoding: 'utf8', input: '' })
    expect(bad.status).toBe(1)
    expect(execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' })).toContain('usage: halma <command>')
  })
})

describe('halma solve and halma game', () => {
  it('solve: a small transfer, optimal, with the documented JSON fields; the moves verify', async () => {
    const args = ['--board', '5x5', '--rules', '6-move', '--start', 'a1,b1,a2', '--target', 'mirror']
    const r = await run(['solve', ...args, '--threads', '1', '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j).toMatchObject({ optimal: true, lowerBound: j.length })
    expect(j.moves).toHaveLength(j.length)
    expect(j.proof.statement).toMatch(/optimal|no solution/i)
    const v = await run(['verify', ...args, '--moves', j.moves.join(', '), '--json'])
    expect(JSON.parse(v.out)).toMatchObject({ valid: true, reachesTarget: true, length: j.length })
    // The text's last line: one thread, not "0 threads" (no worker threads: the main thread searched).
    const text = await run(['solve', ...args, '--threads', '1'])
    expect(text.out.trim().split('\n').at(-1)).toMatch(/, 1 thread \(no worker threads\)$/)
    expect((await run(['solve', ...args, '--threads', '2'])).out.trim().split('\n').at(-1)).toMatch(/, 2 threads$/)
  })

  it('game: a small game, optimal, enumerated; the game verifies with the winner on the last move', async () => {
    const args = ['--board', '4x4', '--rules', '6-move', '--start', 'a1,b1,a2', '--red', 'd4,c4,d3']
    const r = await run(['game', ...args, '--threads', '1', '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j.status).toBe('optimal')
    expect(j.moves).toHaveLength(j.length)
    expect(j.count.games).toBeGreaterThanOrEqual(j.games.length)
    const v = await run(['verify', '--game', ...args, '--moves', j.moves.join(', '), '--json'])
    expect(JSON.parse(v.out)).toMatchObject({ valid: true, length: j.length })
    expect(JSON.parse(v.out).winner).not.toBeNull()
  })

  it.each([
    [['game', '--army', 'triangle10', '--strategy', 'fastest'], "--strategy: 'fastest' is not one of auto, heuristic, exhaustive"],
    [['game', '--army', 'triangle10', '--beam', 'wide'], "--beam: 'wide' is not a number"],
    [['game', '--problem', file('triangle10-6move.halma.json')], 'this is a transfer problem; `halma solve` searches transfers'],
    [['game', '--army', 'triangle10', '--beam-moves', '8..15'], "--beam-moves: '8..15' is not a range of moves such as 8-15 or 8-"],
    [['game', '--army', 'triangle10', '--beam-moves', '15-8'], '--beam-moves: must be two moves [from, to] with from <= to'],
    [['game', '--army', 'triangle10', '--lookahead', '3'], '--lookahead: must be an integer from 0 to 2, not 3'],
    [['game', '--army', 'triangle10', '--max-length', '0'], '--max-length: must be an integer from 1 to 1000, not 0'],
    [['game', '--army', 'triangle10', '--budget', '0'], '--budget: must be from 0.001 to 1024 GB, not 0'],
  ])('bad options are refused with exit 2: %j', async (argv, message) => {
    const r = await run(argv)
    expect(r.code).toBe(2)
    expect(r.err).toContain(message)
  })
})

describe('progress lines', () => {
  const p = {
    phase: 'beam' as const,
    length: 30,
    level: 14,
    levelSize: 1234567,
    done: 1,
    total: 4,
    cmax: null,
    rate: 2.5e6,
    memoryBytes: 3 * 2 ** 20,
    elapsed: 12.5,
    message: 'level 14',
  }
  it("show a split search's block after the level, and a message without a level as it is", () => {
    expect(progressLine(p)).toBe('[beam] level 14  25%  1,234,567 boards  2.5M children/s  3 MB  12.5s')
    const block = ', states 50,001-100,000 of 13,396,300 at move 12 > states 1-50,000 of 2,185,520 at move 15'
    expect(progressLine({ ...p, message: `level 14${block}` })).toBe(
      `[beam] level 14  25%  1,234,567 boards  2.5M children/s  3 MB  12.5s${block}`,
    )
    expect(progressLine({ ...p, level: 0, message: 'ordering the 13,396,300 states at move 12' })).toBe(
      '[beam] ordering the 13,396,300 states at move 12  12.5s',
    )
  })
})
