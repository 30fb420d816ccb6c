// Issue 31, bad input: what a hostile or careless user gives ends in a named error (exit 2) or a
// valid result, never a stack overflow, a prototype method taken for a preset, or an option
// silently ignored. Each case below was seen to fail on main at 4e41c66 (the list).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDocument } from '../../src/shared/halma/document'
import { MAX_LINE_MOVES, MAX_VARIATION_DEPTH } from '../../src/shared/limits'
import { parseArmyDocument } from '../../src/shared/army/document'
import { parsePlayersDocument } from '../../src/shared/players/document'
import { boardById } from '../../src/shared/players/boards'
import { buildKernel, type DomainInit } from '../../src/shared/engine/registry'
import { hasAnnotations, mapTree, nodeCount, pathTo, treeOfLine, variationCount } from '../../src/shared/variations'
import { runHalma } from './fixtures'

const dir = mkdtempSync(join(tmpdir(), 'halma-robust-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const ROOT = join(import.meta.dirname, '../..')

/** A 5x5 transfer document whose one solution is a1-a2, a2-a1, ... (`moves` moves), with side lines `variations`. */
function longDocument(moves: number, variations?: unknown): string {
  const line = Array.from({ length: moves }, (_, k) => (k % 2 ? 'a2-a1' : 'a1-a2')).join(', ')
  return JSON.stringify({
    format: 'halma-workbench',
    version: variations ? 2 : 1,
    kind: 'transfer',
    board: '5x5',
    rules: { moves: '4-move' },
    armies: [{ name: 'blue', cells: ['a1'], target: ['e5'] }],
    solutions: [{ title: 'long', moves: line, ...(variations !== undefined && { variations }) }],
  })
}

/** Side lines nested `depth` deep: each of two moves, the next branching after its first. */
function nested(depth: number): unknown {
  let v: unknown = undefined
  for (let d = depth; d >= 1; d--) v = [{ at: d, moves: 'b1-b2, b2-b3', ...(v !== undefined && { variations: v }) }]
  return v
}

const file = (name: string, text: string): string => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('input that sets the depth: loops, and limits with named errors', () => {
  it('a line of 8,000 moves verifies and shows (the recursive chain() overflowed the stack)', async () => {
    const path = file('long8000.halma.json', longDocument(8000))
    const v = await runHalma('verify', '--problem', path)
    expect(v.code).toBe(1)
    expect(v.out).toContain('INVALID: the army does not reach its target after 8000 moves')
    const s = await runHalma('show', '--problem', path, '--solution', '1', '--after', '7999')
    expect(s.code).toBe(0)
    expect(s.out).toContain('after move 7999')
  })

  it('the tree functions walk a line of 10,000 moves without recursion', () => {
    const t = treeOfLine(Array.from({ length: MAX_LINE_MOVES }, (_, k) => k))
    expect(nodeCount(t)).toBe(MAX_LINE_MOVES)
    expect(variationCount(t)).toBe(0)
    expect(hasAnnotations(t)).toBe(false)
    expect(nodeCount(mapTree(t, (m) => m * 2))).toBe(MAX_LINE_MOVES)
    expect(pathTo(t, (n) => n.move === MAX_LINE_MOVES - 1)).toHaveLength(MAX_LINE_MOVES)
  })

  it('a line longer than the limit is refused by name', async () => {
    const r = parseDocument(longDocument(MAX_LINE_MOVES + 2))
    expect(r.ok ? 'accepted' : r.error[0]!.code).toBe('limit.moves')
    const cli = await runHalma('verify', '--problem', file('long.halma.json', longDocument(20_000)))
    expect(cli.code).toBe(2)
    expect(cli.err).toMatch(/20,000 moves in one line; a line has at most 10,000/)
  })

  it('side lines nested 1,500 deep are refused by name (zod overflowed the stack)', async () => {
    const r = parseDocument(longDocument(4, nested(1500)))
    expect(r.ok ? 'accepted' : r.error[0]!.code).toBe('limit.depth')
    const cli = await runHalma('verify', '--problem', file('deep.halma.json', longDocument(4, nested(1500))))
    expect(cli.code).toBe(2)
    expect(cli.err).toMatch(/nests its arrays and objects more than \d+ deep/)
    // Within the limit it loads; one more level than the limit is named as such.
    const ok = parseDocument(longDocument(4, nested(MAX_VARIATION_DEPTH)))
    expect(ok.ok).toBe(true)
    const over = parseDocument(longDocument(4, nested(MAX_VARIATION_DEPTH + 1)))
    expect(over.ok ? 'accepted' : over.error[0]!.message).toMatch(/side lines nested more than 64 deep/)
  })

  it('army and players documents nested too deep are refused by name', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    expect(() => parseArmyDocument(`{"format":"halma-army","version":1,"x":${deep}}`, 'a.army.json')).toThrow(
      /a\.army\.json: the army document nests/,
    )
    expect(() => parsePlayersDocument(`{"format":"halma-players","version":1,"x":${deep}}`, 'p.players.json')).toThrow(
      /p\.players\.json: the players document nests/,
    )
  })
})

describe('names from outside are looked up as own entries only', () => {
  it.each([
    [['players', 'show', '--preset', 'constructor'], /unknown game preset 'constructor'/],
    [['players', 'game', '--preset', 'toString'], /unknown game preset 'toString'/],
    [['army', 'bound', '--type', 'conway', '--map', 'toString'], /unknown pagoda map 'toString'/],
    [['army', 'pagoda', '--type', 'conway', '--map', '__proto__'], /unknown pagoda map '__proto__'/],
    [['army', 'bound', '--type', 'hasOwnProperty'], /unknown army type 'hasOwnProperty'/],
    [['players', 'game', '--board', '__proto__', '--camps', '0,3', '--men', '3'], /unknown board '__proto__'/],
    [['constructor'], /unknown command 'constructor'/],
    [['army', 'valueOf'], /unknown army command 'valueOf'/],
    [['players', 'toString'], /unknown players command 'toString'/],
  ])('halma %j: exit 2, named', async (argv, message) => {
    const r = await runHalma(...argv)
    expect(r.code).toBe(2)
    expect(r.err).toMatch(message)
  })

  it('a document saved with a byte order mark (a Windows editor\'s) is read (it was "Unexpected token")', async () => {
    const text = readFileSync(join(__dirname, '../../resources/problems/fabian-30.halma.json'), 'utf8')
    const r = await runHalma('verify', file('bom.halma.json', '\ufeff' + text))
    expect(r.code).toBe(0)
    expect(r.out).toContain('valid: red wins on move 30')
  })

  it('a players document whose preset is "toString", and a custom board named __proto__', async () => {
    const doc = (game: object) => JSON.stringify({ format: 'halma-players', version: 1, ...game, lines: [] })
    expect(() => parsePlayersDocument(doc({ preset: 'toString' }))).toThrow(/preset: unknown game preset 'toString'/)
    expect(() => parsePlayersDocument(doc({ game: { board: '__proto__', camps: [0, 3], men: 3 } }))).toThrow(/unknown board '__proto__'/)
    expect(() => boardById('constructor')).toThrow(/unknown board 'constructor'/)
    const r = await runHalma('players', 'verify', '--file', file('proto.players.json', doc({ preset: 'toString' })))
    expect(r.code).toBe(2)
    // `halma verify` names the file once (the players reader names it too).
    const path = file('nosuch.players.json', doc({ preset: 'nosuch' }))
    const v = await runHalma('verify', path)
    expect(v.code).toBe(2)
    expect(v.err).toMatch(/preset: unknown game preset 'nosuch'/)
    expect(v.err.split(path).length - 1).toBe(1)
  })

  it('a domain kind from another machine is looked up as a name', () => {
    expect(() => buildKernel({ kind: 'constructor' } as unknown as DomainInit)).toThrow(/unknown domain kind "constructor"/)
  })
})

describe("the small ones: options read strictly, errors in the user's words", () => {
  const levenspiel = ['--army', 'triangle10', '--moves', 'd1-d2, b1-d1-d3']

  it("--after '' and --after 0x10 are not move numbers", async () => {
    for (const after of ['', '0x10', '1e1', ' ']) {
      const r = await runHalma('show', ...levenspiel, '--after', after)
      expect(r.code).toBe(2)
      expect(r.err).toContain(`--after: '${after}' is not a move number`)
    }
    expect((await runHalma('show', ...levenspiel, '--after', '2')).code).toBe(0)
  })

  it('options a subcommand does not take are refused, not ignored', async () => {
    const list = await runHalma('players', 'list', '--preset', 'x')
    expect(list.code).toBe(2)
    expect(list.err).toContain('--preset: not an option of `halma players list`')
    const army = await runHalma('army', 'verify', '--file', join(ROOT, 'resources/armies/conway-20-level4.army.json'), '--after', '3')
    expect(army.code).toBe(2)
    expect(army.err).toContain('--after: not an option of `halma army verify --file`')
  })

  it('players frob is an unknown command, not a missing --preset', async () => {
    const r = await runHalma('players', 'frob')
    expect(r.code).toBe(2)
    expect(r.err).toContain("unknown players command 'frob'")
  })

  it("zod's wording is the program's: versions, empty folders, the game's fields", async () => {
    const v = parseDocument(
      JSON.stringify({
        format: 'halma-workbench',
        version: 0,
        kind: 'transfer',
        board: '9x9',
        rules: { moves: '6-move' },
        armies: [{ preset: 'triangle10' }],
      }),
    )
    expect(v.ok ? 'accepted' : `${v.error[0]!.at}: ${v.error[0]!.message}`).toBe('version: must be 1 or 2')
    const disk = await runHalma('solve', '--army', 'triangle6', '--board', '5x5', '--rules', '8-move', '--disk', '')
    expect(disk.code).toBe(2)
    expect(disk.err).not.toMatch(/Too small|Invalid input/)
    const men = await runHalma('players', 'game', '--board', 'star37', '--camps', '0,3', '--men', '99')
    expect(men.code).toBe(2)
    expect(men.err).toBe('halma players: --men: must be an integer from 1 to 21, not 99')
  })

  it('a players move error names the cells as written, not internal coordinates', async () => {
    const r = await runHalma('players', 'verify', '--preset', 'mini-3', '--moves', 'd8-d6')
    expect(r.code).toBe(1)
    expect(r.out).toContain("blue's man cannot move from d8 to d6")
    expect(r.out).not.toMatch(/\(-?\d+, -?\d+\)/)
  })

  it('a future army or players document says it is newer', () => {
    const army = JSON.parse(readFileSync(join(ROOT, 'resources/armies/conway-20-level4.army.json'), 'utf8'))
    // (Version 3 of an army document and version 2 of a players document hold side lines and comments: issue 27.)
    expect(() => parseArmyDocument(JSON.stringify({ ...army, version: 4 }), 'x.army.json')).toThrow(
      /format version 4, newer than this program reads \(3\)/,
    )
    const players = JSON.parse(readFileSync(join(ROOT, 'resources/players/mini-3.players.json'), 'utf8'))
    expect(() => parsePlayersDocument(JSON.stringify({ ...players, version: 3 }), 'x.players.json')).toThrow(/format version 3, newer/)
  })

  it('a custom army board says its level is not used', async () => {
    const doc = JSON.parse(readFileSync(join(ROOT, 'resources/armies/conway-wall-gap.army.json'), 'utf8'))
    const r = await runHalma('army', 'verify', '--file', file('level9.army.json', JSON.stringify({ ...doc, level: 9 })))
    expect(r.code).toBe(0)
    expect(r.out).toContain("the document's level (9) is not used on a custom board: the army aims at its target e1")
  })

  it('--resume on a missing folder is refused and does not create it', async () => {
    const missing = join(dir, 'no-such-search')
    const r = await runHalma('solve', '--army', 'triangle6', '--board', '5x5', '--rules', '8-move', '--resume', missing)
    expect(r.code).toBe(2)
    expect(r.err).toContain(`--resume: there is no folder '${missing}'`)
    expect(existsSync(missing)).toBe(false)
  })

  it('army verify --army "k4 k4" is bad input (exit 2), not an invalid solution', async () => {
    const r = await runHalma('army', 'verify', '--type', 'conway', '--level', '4', '--army', 'k4 k4', '--moves', 'k4-k2')
    expect(r.code).toBe(2)
    expect(r.err).toContain('--army: k4 is given twice')
  })

  it("the integer program's window is bounded (200 x 200 ran past its time limit, 1.1 GB)", async () => {
    const r = await runHalma('army', 'solve', '--type', 'conway', '--level', '4', '--rows', '200', '--width', '200', '--time-limit', '20')
    expect(r.code).toBe(2)
    expect(r.err).toContain("--rows: '200' is not a whole number from 2 to 40")
  })

  it('numbers are decimals: 0x10, 1.5 and an empty text are refused where a count is asked', async () => {
    const threads = await runHalma('solve', '--army', 'triangle6', '--board', '5x5', '--threads', '0x2')
    expect(threads.code).toBe(2)
    expect(threads.err).toContain("--threads: '0x2' is not a number")
    const solution = await runHalma(
      'verify',
      '--problem',
      join(ROOT, 'resources/problems/triangle10-6move.halma.json'),
      '--solution',
      '0x1',
    )
    expect(solution.code).toBe(2)
  })
})
