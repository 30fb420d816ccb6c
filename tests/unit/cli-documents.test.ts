// One vocabulary for every kind of document (issue 27): `halma verify`, `analyze` and `show` take
// a problem, a solitaire army or a game of 2 to 6 players by its format field; --line, --after and
// --json mean the same for each; the older spellings give the same answers; options that do not
// apply are refused by name. Measures are checked against the core computed here, not against
// numbers copied from the output.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArmyDocument } from '../../src/shared/army/document'
import { GEOMETRIES } from '../../src/shared/army/geometry'
import { IMPROVED_MAP, pagodaMap, totalWeight } from '../../src/shared/army/pagoda'
import { positionAfter } from '../../src/shared/army/solution'
import { formatZ } from '../../src/shared/army/zsigma'
import { kindOfText, readDocument } from '../../src/shared/documents'
import { parsePlayersDocument } from '../../src/shared/players/document'
import { moveCount } from '../../src/shared/players/game'
import { parseMoves, replay } from '../../src/shared/players/line'
import { PROBLEMS_DIR, runHalma } from './fixtures'

const RESOURCES = join(PROBLEMS_DIR, '..')
const LEVENSPIEL = join(RESOURCES, 'problems/triangle10-6move.halma.json')
const FABIAN = join(RESOURCES, 'problems/fabian-30.halma.json')
const CONWAY = join(RESOURCES, 'armies/conway-20-level4.army.json')
const MINI3 = join(RESOURCES, 'players/mini-3.players.json')

const scratch = (name: string, text: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), 'halma-docs-')), name)
  writeFileSync(path, text)
  return path
}

describe('the registry of document kinds', () => {
  it('tells the kinds apart by the format field and reads each', () => {
    for (const [file, kind] of [
      [LEVENSPIEL, 'halma'],
      [CONWAY, 'army'],
      [MINI3, 'players'],
    ] as const) {
      const text = readFileSync(file, 'utf8')
      expect(kindOfText(text)).toBe(kind)
      const r = readDocument(text, file)
      expect(r.ok && r.value.kind).toBe(kind)
    }
    // Not JSON: read as a problem document, whose reader names the fault. A JSON object of no known format: the formats named.
    expect(kindOfText('{')).toBe('halma')
    const none = readDocument('{"title": "x"}', 'x.json')
    expect(!none.ok && none.error[0]).toMatchObject({ code: 'document.format', message: expect.stringContaining('it has no "format" field; the workbench reads') })
    const bad = readDocument('{"format": "halma-army", "version": 1}', 'x.army.json')
    expect(!bad.ok && bad.error[0]!.message).toMatch(/^x\.army\.json: /)
  })
})

describe('halma verify takes any document', () => {
  it('a problem, an army and a game of 3 players: each valid, exit 0, the same JSON fields', async () => {
    for (const file of [FABIAN, CONWAY, MINI3]) {
      const r = await runHalma('verify', file, '--json')
      expect(r.code, file).toBe(0)
      const j = JSON.parse(r.out) as { valid: boolean; error?: unknown }
      expect(j.valid, file).toBe(true)
    }
  })

  it('names the first illegal move of a players line, exit 1', async () => {
    const doc = JSON.parse(readFileSync(MINI3, 'utf8')) as { lines: { title: string; moves: string }[] }
    doc.lines.push({ title: 'bad', moves: 'c9-e7, c3-c5, c9-c8' })
    const file = scratch('bad.players.json', JSON.stringify(doc))
    const r = await runHalma('verify', file)
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/^valid: 12-move game/m)
    expect(r.out).toMatch(/^invalid: bad: move 3 \(c9-c8\): /m)
    const j = JSON.parse((await runHalma('verify', file, '--line', '2', '--json')).out)
    expect(j).toMatchObject({ title: 'bad', valid: false, length: 2, error: { move: 3 } })
  })

  it('the older spellings give the same answers', async () => {
    const same = async (a: string[], b: string[]): Promise<void> => {
      const [x, y] = [await runHalma(...a), await runHalma(...b)]
      expect(y, b.join(' ')).toEqual(x)
    }
    await same(['verify', MINI3], ['players', 'verify', '--file', MINI3])
    await same(['verify', CONWAY, '--json'], ['army', 'verify', '--file', CONWAY, '--json'])
    await same(['show', CONWAY, '--after', '3'], ['army', 'show', '--file', CONWAY, '--after', '3'])
    await same(['verify', LEVENSPIEL], ['verify', '--problem', LEVENSPIEL])
    await same(['verify', LEVENSPIEL], ['verify', '--file', LEVENSPIEL])
    await same(
      ['analyze', LEVENSPIEL, '--line', '2', '--after', '9'],
      ['analyze', '--problem', LEVENSPIEL, '--solution', '2', '--after', '9'],
    )
  })
})

describe('halma analyze and show --after K for every kind', () => {
  it('a game of 3 players: men home, c(A) and legal moves after move 6, and a bound that the game found respects', async () => {
    const doc = parsePlayersDocument(readFileSync(MINI3, 'utf8'))
    const g = doc.game
    const moves = parseMoves(g, doc.lines[0]!.moves)
    const at6 = replay(g, moves.slice(0, 6)).positions[6]!
    const r = await runHalma('analyze', MINI3, '--after', '6', '--json')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out) as {
      after: number
      toMove: string
      players: { name: string; home: number; legalMoves: number; pliesToWin: number }[]
      lowerBound: number
    }
    expect(j.after).toBe(6)
    expect(j.toMove).toBe(g.players[0]!.name)
    g.players.forEach((p, i) => {
      const target = new Set(g.board.camp(p.target, g.men))
      expect(j.players[i]!.home).toBe([...at6].filter((a, c) => a === i && target.has(c)).length)
      expect(j.players[i]!.legalMoves).toBe(moveCount(g, at6, i))
    })
    // The line is a 12-move win of green (player 2): from move 6 she wins 6 plies later, so the
    // admissible bound can say no more than that, and no game from here ends before the bound.
    const green = j.players.findIndex((p) => p.name === 'green')
    expect(j.players[green]!.pliesToWin).toBeLessThanOrEqual(6)
    expect(j.lowerBound).toBeLessThanOrEqual(12)
    expect(j.lowerBound).toBeGreaterThan(6)
  })

  it('a game of 3 players: show draws every man after move K, the last move marked', async () => {
    const doc = parsePlayersDocument(readFileSync(MINI3, 'utf8'))
    const r = await runHalma('show', MINI3, '--after', '4', '--json')
    const j = JSON.parse(r.out) as { after: number; diagram: string[] }
    expect(j.after).toBe(4)
    const text = j.diagram.join('\n')
    for (const p of doc.game.players)
      expect(text.match(new RegExp(`[${p.name[0]}${p.name[0]!.toUpperCase()}]`, 'g'))).toHaveLength(doc.game.men)
    // Move 4 is blue's (turns: blue, orange, green, blue): her man upper-case, the cells he left `*`.
    expect(text.match(/B/g)).toHaveLength(1)
    expect(text).toContain('*')
    const past = await runHalma('show', MINI3, '--after', '13')
    expect(past).toMatchObject({ code: 2, err: 'halma show: --after: the line has only 12 moves' })
  })

  it('an army: the men and the exact weight after move 5 are the core’s', async () => {
    const doc = parseArmyDocument(readFileSync(CONWAY, 'utf8'))
    const men = positionAfter(doc.army, doc.moves, 5)
    const weight = formatZ(totalWeight(pagodaMap(IMPROVED_MAP[doc.type]), men))
    const j = JSON.parse((await runHalma('analyze', CONWAY, '--after', '5', '--json')).out) as {
      men: number
      weight: { exact: string }
      legalJumps: number
    }
    expect(j.men).toBe(men.length)
    expect(j.weight.exact).toBe(weight)
    expect(j.legalJumps).toBeGreaterThan(0)
    const shown = await runHalma('show', CONWAY, '--line', '1')
    expect(shown.out).toMatch(/after move 13 of 13, 1 man/)
    expect(GEOMETRIES[doc.type].title).toBe("Conway's army")
  })

  it('a problem: --line is --solution, and --after the same position', async () => {
    const a = await runHalma('show', LEVENSPIEL, '--line', '1', '--after', '14')
    expect(a.code).toBe(0)
    expect(a.out).toContain('after move 14')
  })
})

describe('what does not apply is refused by name (exit 2)', () => {
  it.each([
    [['show', CONWAY, '--types'], 'halma show: --types: not for army documents'],
    [['show', MINI3, '--hex'], 'halma show: --hex: not for players documents'],
    [['verify', CONWAY, '--line', '2'], 'halma verify: --line: the document has 1 line; give 1..1'],
    [['verify', LEVENSPIEL, '--problem', FABIAN], "halma verify: name one document ('"],
    [['verify', LEVENSPIEL, FABIAN], 'halma verify: unexpected argument'],
    [['verify', LEVENSPIEL, '--board', '9x9'], 'halma verify: --board cannot be combined with a problem document'],
    [['solve', CONWAY], 'this command takes a problem document (*.halma.json), not army documents'],
    [['game', '--problem', MINI3], 'this command takes a problem document (*.halma.json), not players documents'],
  ])('%j', async (argv, message) => {
    const r = await runHalma(...argv)
    expect(r.code).toBe(2)
    expect(r.err).toContain(message)
  })
})

describe('--threads, the same in every command', () => {
  it.each([
    ['solve'],
    ['game'],
    ['players', 'game', '--preset', 'mini-2'],
    ['army', 'solve', '--type', 'conway', '--level', '2', '--fewest'],
  ])('%j refuses a bad count by name', async (...command) => {
    for (const bad of ['-1', '1.5', '257', 'all']) {
      const r = await runHalma(...command, `--threads=${bad}`)
      expect(r.code).toBe(2)
      expect(r.err).toContain(`--threads: '${bad}' is not a number of threads (1 to 256, or 0 for every core)`)
    }
  })
  it('0 means every core', async () => {
    const args = ['--board', '4x4', '--rules', '6-move', '--start', 'a1,b1', '--target', 'mirror', '--json']
    const j = JSON.parse((await runHalma('solve', ...args, '--threads', '0')).out) as { stats: { threads: number } }
    expect(j.stats.threads).toBe(availableParallelism())
  })
})
