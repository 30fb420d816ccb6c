/**
 * The engine protocol (shared/play/protocol.ts) and matches: commands parsed and printed in pairs,
 * a session with the server (inline engine) answered line by line, faults named without a crash;
 * Elo, ratings and the SPRT against known values; a small match whose games verify as a players
 * document and whose tallies add up; the book repeats with its seed; `halma engine` and `halma
 * match` through the CLI, with the tiny test engine as an outside engine.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openingBook } from '../../src/shared/play/book'
import { EngineContestant, GreedyContestant } from '../../src/shared/play/contestant'
import { DEFAULT_OPTIONS } from '../../src/shared/play/engine'
import { eloEstimate, eloOf, fitRatings, sprt } from '../../src/shared/play/elo'
import { runMatch } from '../../src/shared/play/match'
import { goCommand, parseEngineLine, parseGo, parsePositionCommand, positionCommand, ProtocolServer, resolvePosition } from '../../src/shared/play/protocol'
import { ENGINE_OPTIONS } from '../../src/shared/play/options'
import { formatMove, parseMove } from '../../src/shared/play/notation'
import { Greedy } from '../../src/shared/play/greedy'
import { uniform } from '../../src/shared/play/random'
import { MAX_MOVES, Position } from '../../src/shared/play/position'
import { matchDocument } from '../../src/shared/play/record'
import { variantOfPreset, withSpoilingRule } from '../../src/shared/play/variant'
import { parsePlayersDocument, verifyDocument } from '../../src/shared/players/document'
import { playersPreset, specOf } from '../../src/shared/players/game'
import { main } from '../../src/cli/main'

describe('the engine protocol', () => {
  it('prints and parses position and go commands in pairs, JSON with "moves" inside included', () => {
    const spec = { ...specOf(playersPreset('mini-3')), title: 'moves and setup moves' }
    const cmd = { source: { kind: 'players' as const, spec }, spoiling: 'vacate' as const, moves: ['e9-e8', 'b5-c5'] }
    const text = positionCommand(cmd)
    expect(parsePositionCommand(text.slice('position '.length))).toEqual({ ok: true, value: cmd })
    expect(parseGo(goCommand({ nodes: 500, movetime: 20 }).slice(3))).toEqual({ ok: true, value: { nodes: 500, movetime: 20 } })
    expect(parseGo(goCommand({ depth: 3, searchmovesText: ['e15-e14', 'g13-g12'] }).slice(3))).toEqual({ ok: true, value: { depth: 3, searchmovesText: ['e15-e14', 'g13-g12'] } })
    expect(parseGo('depth 0')).toMatchObject({ ok: false, error: { code: 'go.value' } })
    expect(parseGo('mate 3')).toMatchObject({ ok: false, error: { code: 'go.unknown' } })
    expect(parsePositionCommand('preset nope')).toMatchObject({ ok: false, error: { code: 'position.preset' } })
    expect(parsePositionCommand('spec {"board": ')).toMatchObject({ ok: false, error: { code: 'position.json' } })
    const bad = parsePositionCommand('preset mini-2 moves d8-e7 d8-e7')
    expect(bad.ok && resolvePosition(bad.value)).toMatchObject({ ok: false, error: { message: expect.stringContaining('move 2') } })
    expect(parseEngineLine('info depth 3 seldepth 4 score win 5 nodes 100 pv a1-a2 b3-b4')).toEqual({
      kind: 'info',
      info: { depth: 3, seldepth: 4, score: { kind: 'win', plies: 5 }, nodes: 100, pv: ['a1-a2', 'b3-b4'] },
    })
    expect(parseEngineLine('bestmove none')).toEqual({ kind: 'bestmove', move: null })
  })

  it('answers a session line by line; bad commands are named and change nothing', async () => {
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    for (const line of ['hep', 'isready', 'setoption name Hash value 4', 'setoption name Hash value lots', 'position preset star121-3 spoiling vacate moves i13-i12', 'position preset mini-3', 'go nodes 2000', 'frobnicate'])
      await server.receive(line)
    await server.receive('quit')
    expect(out).toContain('hepok')
    expect(out).toContain('readyok')
    expect(out.filter((l) => l.startsWith('info string error')).map((l) => l.split(':')[0])).toEqual([
      'info string error option.value',
      'info string error move.wrong-army',
      'info string error command.unknown',
    ])
    // A long stray word is named by its start, not echoed whole.
    const said: string[] = []
    await new ProtocolServer((l) => said.push(l), DEFAULT_OPTIONS).receive('x'.repeat(100_000))
    expect(said).toEqual([`info string error command.unknown: unknown command '${'x'.repeat(40)}…' (hep, isready, setoption, newgame, position, go, stop, d, quit)`])
    const infos = out.filter((l) => l.startsWith('info depth')).map((l) => parseEngineLine(l))
    expect(infos.length).toBeGreaterThan(0)
    const best = out.find((l) => l.startsWith('bestmove'))!
    const pos = resolvePosition((parsePositionCommand(`preset mini-3 moves ${best.split(' ')[1]}`) as { ok: true; value: never }).value)
    expect(pos.ok).toBe(true)
  })

  it('keeps the position over a setoption: go searches it with the new option (it said "no position yet")', async () => {
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    for (const line of ['position preset mini-3 moves c9-e7', 'setoption name Weight_lag value 40', 'go depth 2']) await server.receive(line)
    // Its bestmove, or the error (the code before answered 'no position yet' and no bestmove).
    for (let t = 0; t < 1000 && !out.some((l) => l.startsWith('bestmove') || l.startsWith('info string error')); t++)
      await new Promise<void>((resolve) => setTimeout(resolve, 10))
    await server.receive('quit')
    expect(out.filter((l) => l.startsWith('info string error'))).toEqual([])
    // Orange is to move after blue's c9-e7: its move is orange's.
    const best = out.find((l) => l.startsWith('bestmove'))!.split(' ')[1]!
    const pos = Position.start(variantOfPreset('mini-3'))
    const first = parseMove(pos, 'c9-e7')
    if (!first.ok) throw new Error(first.error.message)
    pos.make(first.value)
    expect(pos.turn).toBe(1)
    expect(parseMove(pos, best).ok).toBe(true)
  })

  it('ends a search cut short by its node limit with an info line of the nodes it searched in all (as UCI engines do)', async () => {
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    for (const line of ['position preset star121-2', 'go nodes 20000']) await server.receive(line)
    // The search runs on between its depths (quit would stop it, as stop does): its bestmove first.
    while (!out.some((l) => l.startsWith('bestmove'))) await new Promise<void>((resolve) => setTimeout(resolve, 10))
    await server.receive('quit')
    const nodes = out.filter((l) => l.startsWith('info depth')).map((l) => Number(/ nodes (\d+)/.exec(l)![1]))
    // The last iteration finished far below the limit; the last line says the search's total.
    expect(nodes.at(-1)).toBeGreaterThanOrEqual(20_000)
    expect(nodes.at(-1)).toBeLessThan(21_000)
    expect(out.at(-1)).toMatch(/^bestmove /)
  })

  it('answers bestmove none when the moves given end the game (the won board is over, not searched on)', async () => {
    const v = variantOfPreset('mini-3')
    const pos = Position.start(v)
    const g = new Greedy(uniform(2))
    const moves: string[] = []
    while (pos.winner < 0) {
      const m = g.move(pos)
      moves.push(formatMove(pos, m))
      pos.make(m)
    }
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    for (const line of [`position preset mini-3 moves ${moves.join(' ')}`, 'go nodes 2000', 'quit']) await server.receive(line)
    expect(out.filter((l) => l.startsWith('info string error'))).toEqual([])
    expect(out.at(-1)).toBe('bestmove none')
  })

  it('stops an infinite search before a command that changes the position (commands are read one at a time: the stop would never come)', async () => {
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000))
    // Six players: the race planner makes its plan at once and then waits for stop (an inline search, no thread).
    for (const line of ['position preset star121-6', 'go infinite', 'position preset star121-6', 'go nodes 500', 'quit']) {
      expect(await Promise.race([server.receive(line), hung]), line).not.toBe('hung')
    }
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(2)
    expect(out.filter((l) => l.startsWith('info string error'))).toEqual([])
  })

  it('go searchmoves searches only the moves named (as UCI), and names a move that is not legal', async () => {
    const v = variantOfPreset('mini-3')
    const start = Position.start(v)
    const buf = new Int32Array(MAX_MOVES)
    const moves = Array.from(buf.subarray(0, start.generate(buf)), (m) => formatMove(start, m))
    expect(moves.length).toBeGreaterThan(3)
    const play = async (go: string): Promise<string[]> => {
      const out: string[] = []
      const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
      for (const line of ['position preset mini-3', go]) await server.receive(line)
      await server.receive('quit')
      return out
    }
    // The move the engine plays when free to choose, and two others: it must play one of those.
    const free = (await play('go nodes 2000')).find((l) => l.startsWith('bestmove'))!.split(' ')[1]!
    const asked = moves.filter((m) => m !== free).slice(-2)
    const best = (await play(`go nodes 2000 searchmoves ${asked.join(' ')}`)).find((l) => l.startsWith('bestmove'))!.split(' ')[1]!
    expect(asked).toContain(best)
    for (const bad of ['go searchmoves', 'go nodes 100 searchmoves a1-a2', `go searchmoves ${asked[0]} mate`]) {
      const out = await play(bad)
      expect(out.map((l) => l.split(':')[0]), bad).toEqual(['info string error go.searchmoves'])
    }
  })

  it('names numbers that are not decimal digits, and games given as JSON that do not check, by their field', async () => {
    const out: string[] = []
    const server = new ProtocolServer((l) => out.push(l), DEFAULT_OPTIONS)
    const lines = [
      'setoption name Hash value 0x10',
      'setoption name Weight_lag value 1e3',
      'setoption name Beam value 100000',
      'go nodes 0x10',
      'position problem {"format": "halma-workbench"}',
      'position spec {"board": "star37", "camps": "0,3", "men": 3}',
      'position spec {"board": "toString", "camps": [0, 3], "men": 3}',
      `position spec ${'['.repeat(3000)}${']'.repeat(3000)}`,
    ]
    for (const line of lines) await server.receive(line)
    await server.receive('quit')
    expect(out.map((l) => l.split(':')[0])).toEqual([
      'info string error option.value',
      'info string error option.value',
      'info string error option.value',
      'info string error go.value',
      'info string error document.invalid_union',
      'info string error position.spec',
      'info string error position.spec',
      'info string error position.json',
    ])
    expect(out[2]).toContain('from 1 to 10000')
    expect(out[5]).toContain('camps')
    expect(out[6]).toContain("unknown board 'toString'")
    expect(out.join('\n')).not.toMatch(/Cannot read|is not a function/)
  })

  it('halma match refuses engine options named after Object methods and numbers not in decimal digits', async () => {
    const io = { out: () => undefined, err: () => undefined, stdin: () => undefined, tty: false }
    const base = ['match', '--preset', 'mini-2', '--engine', 'greedy', '--engine', 'g2=greedy']
    for (const bad of [['--engine', 'halma:constructor=1'], ['--openings', '0x10'], ['--sprt', '0x1,30'], ['--spec', '{"board":"star37","camps":"0,3","men":3}']])
      expect(await main([...base, ...bad], io), bad.join(' ')).toBe(2)
  })

  it("halma match takes the endgame solver's budget and slack as engine options, checked like the protocol's", async () => {
    const err: string[] = []
    const io = { out: () => undefined, err: (s: string) => void err.push(s), stdin: () => undefined, tty: false }
    const base = ['match', '--preset', 'mini-3', '--engine', 'greedy', '--openings', '1', '--json']
    expect(await main([...base, '--engine', 'halma:depth=1,endgame=3,endgameNodes=5000,endgameSlack=2'], io)).toBe(0)
    expect(await main([...base, '--engine', 'halma:depth=1,endgameSlack=99'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/EndgameSlack/)
  })

  it("halma verify on a match's saved games says each game's result once, noting that its title says it too", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halma-verify-'))
    const file = join(dir, 'games.players.json')
    const out: string[] = []
    const io = { out: (s: string) => void out.push(s), err: () => undefined, stdin: () => undefined, tty: false }
    expect(await main(['match', '--preset', 'mini-2', '--engine', 'a=greedy', '--engine', 'b=greedy', '--openings', '1', '--out', file, '--json'], io)).toBe(0)
    out.length = 0
    expect(await main(['verify', file], io)).toBe(0)
    const said = out.join('\n').split('\n').filter((l) => l.startsWith('valid: game'))
    expect(said.length).toBeGreaterThan(0)
    for (const l of said) {
      expect(l).toMatch(/: \d+ moves; \S+ wins at move \d+ \(as its title says\)$/)
      expect(l.match(/wins at move/g)).toHaveLength(1)
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('halma match asks for two engines or more (one alone played no pairs: "0 games" in its crosstable)', async () => {
    const err: string[] = []
    const io = { out: () => undefined, err: (s: string) => void err.push(s), stdin: () => undefined, tty: false }
    expect(await main(['match', '--preset', 'mini-2', '--engine', 'greedy', '--openings', '1', '--json'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/two engines or more.*1 given/)
    expect(await main(['match', '--preset', 'mini-2', '--engine', 'a=greedy', '--engine', 'b=greedy', '--openings', '1', '--json'], io)).toBe(0)
    // Two engines given, one seated: the same.
    expect(await main(['match', '--preset', 'mini-2', '--engine', 'a=greedy', '--engine', 'b=greedy', '--seats', '0,0', '--openings', '1', '--json'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/--seats: every seat is engine 0's/)
  })

  it('halma match: an outside engine that cannot start stops it by name (its exit status said); one that crashes later forfeits its games', async () => {
    const err: string[] = []
    const io = { out: () => undefined, err: (s: string) => void err.push(s), stdin: () => undefined, tty: false }
    const base = ['match', '--preset', 'mini-2', '--openings', '2', '--engine', 'greedy']
    // Before: an internal error after the greeting's time (30 s), naming the engine 'exec:'.
    expect(await main([...base, '--engine', 'exec:cmd=/nonexistent/engine-program'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/--engine exec:cmd=\/nonexistent\/engine-program: the engine ended \(exit status 127\) before 'hepok'/)
    expect(await main([...base, '--engine', 'exec:cmd='], io)).toBe(2)
    expect(err.join('\n')).toMatch(/exec needs cmd=COMMAND/)
    // Greets, then ends at its first go: it forfeits that game and, unable to start the others, every later one.
    const dir = mkdtempSync(join(tmpdir(), 'halma-crash-'))
    const file = join(dir, 'games.players.json')
    expect(await main([...base, '--engine', 'bad=exec:cmd=node tests/fixtures/crash-on-go.mjs', '--out', file], io)).toBe(0)
    const doc = parsePlayersDocument(readFileSync(file, 'utf8'))
    expect(doc.lines).toHaveLength(4)
    expect(doc.lines[0]!.title).toMatch(/forfeits at move \d+ \(the engine ended \(exit status 3\) before bestmove\)/)
    for (const l of doc.lines.slice(1)) expect(l.title).toMatch(/forfeits at move \d+ \(could not start the game: bad: the engine ended/)
    rmSync(dir, { recursive: true, force: true })
  })

  it('halma engine refuses an option set twice, by its flag and by --option (the second won without a word)', async () => {
    const { engineOptions } = await import('../../src/cli/engine')
    expect(() => engineOptions({ hash: '16', option: ['Hash=64'] })).toThrow(/--option: Hash is set twice \(--hash and --option\): give it once/)
    expect(() => engineOptions({ option: ['Beam=5', 'beam=6'] })).toThrow(/beam is set twice/)
    expect(engineOptions({ hash: '16', option: ['Beam=5'] })).toMatchObject({ hashMb: 16, beam: 5 })
  })

  it('halma match refuses two engines of one name and a key given twice in one spec', async () => {
    const err: string[] = []
    const io = { out: () => undefined, err: (s: string) => void err.push(s), stdin: () => undefined, tty: false }
    expect(await main(['match', '--preset', 'mini-2', '--engine', 'greedy', '--engine', 'greedy'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/two engines are named 'greedy'/)
    expect(await main(['match', '--preset', 'mini-2', '--engine', 'greedy', '--engine', 'halma:nodes=1,nodes=2'], io)).toBe(2)
    expect(err.join('\n')).toMatch(/'nodes' is given twice/)
  })

  it("halma match's message for an unknown engine option lists exactly the options it takes", async () => {
    const err: string[] = []
    const io = { out: () => undefined, err: (s: string) => void err.push(s), stdin: () => undefined, tty: false }
    const base = ['match', '--preset', 'mini-2', '--engine', 'greedy']
    expect(await main([...base, '--engine', 'halma:bogus=1'], io)).toBe(2)
    const listed = /unknown option 'bogus' \(([^)]*)\)/.exec(err.join('\n'))?.[1]?.split(', ')
    expect(listed).toContain('endgameSlack')
    // Every option the protocol offers (but the weights, which w.NAME sets) has its key in a match's spec.
    const keys = listed!.map((k) => k.toLowerCase())
    for (const o of ENGINE_OPTIONS.filter((o) => !o.name.startsWith('Weight_'))) expect(keys, o.name).toContain(o.name.toLowerCase())
    // Every option the message names is one the spec parser knows: a bad value is refused for its value, not as unknown.
    for (const key of listed!.filter((k) => !['w.NAME', 'cmd', 'seed', 'tablebase'].includes(k))) {
      err.length = 0
      expect(await main([...base, '--engine', `halma:${key}=-x`], io), key).toBe(2)
      expect(err.join('\n'), key).not.toMatch(/unknown option/)
    }
  })
})

describe('ratings and the sequential test', () => {
  it('gives the Elo of known scores, intervals that shrink, ratings that fit, and SPRT verdicts', () => {
    expect(eloOf(0.5)).toBeCloseTo(0)
    expect(eloOf(0.75)).toBeCloseTo(190.85, 1)
    const small = eloEstimate({ wins: 6, draws: 2, losses: 2 })
    const large = eloEstimate({ wins: 60, draws: 20, losses: 20 })
    expect(small.elo).toBeCloseTo(large.elo)
    expect(large.error).toBeLessThan(small.error)
    expect(large.lower).toBeGreaterThan(0)
    // Two engines 3:1 against each other fit about 191 apart, around 0.
    const r = fitRatings([
      [{ wins: 0, draws: 0, losses: 0 }, { wins: 300, draws: 0, losses: 100 }],
      [{ wins: 100, draws: 0, losses: 300 }, { wins: 0, draws: 0, losses: 0 }],
    ])
    expect(r[0]! - r[1]!).toBeGreaterThan(150)
    expect(r[0]! + r[1]!).toBeCloseTo(0)
    const bounds = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 }
    expect(sprt({ wins: 700, draws: 0, losses: 300 }, bounds).verdict).toBe('H1')
    expect(sprt({ wins: 300, draws: 0, losses: 700 }, bounds).verdict).toBe('H0')
    expect(sprt({ wins: 10, draws: 0, losses: 10 }, bounds).verdict).toBeNull()
  })
})

describe('matches', () => {
  it('plays a small match with seats rotated; its games verify and its tallies add up', async () => {
    const base = variantOfPreset('mini-3')
    const v = withSpoilingRule(base, 'vacate')
    const openings = openingBook(v, 2, 3, 5)
    expect(openingBook(v, 2, 3, 5)).toEqual(openings)
    const contestants = [new EngineContestant('engine', {}, { nodes: 300 }), new GreedyContestant('greedy', 3)]
    const result = await runMatch({ variant: v, source: base.source, spoiling: 'vacate', contestants, lineup: [0, 1, 1], openings, maxPlies: 300 })
    expect(result.games.length).toBe(6)
    // Each game seats the engine once against two greedy seats: two pairings a game.
    const t = result.tallies[0]![1]!
    expect(t.wins + t.draws + t.losses).toBe(12)
    expect(result.tallies[1]![0]!.wins).toBe(t.losses)
    // The engine sits on every seat once per opening.
    for (const o of [0, 1]) expect(new Set(result.games.filter((g) => g.opening === o).map((g) => g.seats.indexOf(0)))).toEqual(new Set([0, 1, 2]))
    const doc = parsePlayersDocument(matchDocument(v, ['engine', 'greedy'], result.games, 'test match'))
    const verdicts = verifyDocument(doc)
    expect(verdicts.every((l) => l.verdict.ok)).toBe(true)
    for (const [k, g] of result.games.entries()) if (g.end === 'win') expect(verdicts[k]!.verdict.winner?.move).toBe(g.moves.length)
  })

  it('runs halma engine and halma match from the command line, the tiny engine among them', async () => {
    const lines: string[] = []
    const io = { out: (t: string) => lines.push(t), err: () => undefined, stdin: () => undefined, tty: false }
    async function* input(): AsyncGenerator<string> {
      yield 'hep'
      yield 'position preset mini-2'
      yield 'go depth 2'
      yield 'quit'
    }
    const { runEngine } = await import('../../src/cli/engine')
    expect(await runEngine(['--inline'], io, input())).toBe(0)
    expect(lines.some((l) => /^bestmove [a-z]\d+-[a-z]\d+/.test(l))).toBe(true)
    lines.length = 0
    const code = await main(['match', '--preset', 'mini-2', '--engine', 'tiny=exec:cmd=node --import tsx tests/fixtures/tiny-engine.mts', '--engine', 'halma:depth=2', '--openings', '1', '--json'], io)
    expect(code).toBe(0)
    const r = JSON.parse(lines.join('\n')) as { games: number; tallies: { wins: number }[][] }
    expect(r.games).toBe(2)
    expect(r.tallies[1]![0]!.wins).toBe(2)
  })
})
