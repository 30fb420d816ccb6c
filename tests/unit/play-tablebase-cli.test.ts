/**
 * The solved-positions table in the product's play (issue 30): `halma engine`'s Tablebase option
 * (through the protocol server with the CLI's folder opener, and `--tablebase`), and `halma match`'s
 * `tablebase=DIR` engine setting. Small tables built by the CLI into a temporary folder (4 x 4 with
 * 3 men: 320,320 positions, built in a fraction of a second). Shows: in a position the table covers
 * the engine plays the table's best move and reports its value; a table of another game (another
 * board, other men, the paper's win rule), a missing folder and a damaged table are refused by
 * name; the engine with the table wins won positions against the engine without it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main'
import { runEngine } from '../../src/cli/engine'
import { openTableFolder } from '../../src/hosts/node/tablebase-folder'
import { verdictOf } from '../../src/shared/engine/tablebase/probe'
import type { TablebaseTable } from '../../src/shared/engine/tablebase/table'
import { DEFAULT_OPTIONS, Engine } from '../../src/shared/play/engine'
import { formatPosition, parseMove } from '../../src/shared/play/notation'
import { Position } from '../../src/shared/play/position'
import { parseEngineLine, ProtocolServer } from '../../src/shared/play/protocol'
import {
  drawPositions,
  positionDataOf,
  type DrawnPosition,
  TableOracle,
  tablePositionOf,
  variantOfTable,
} from '../../src/shared/play/tablebase'
import { expect as unwrap } from '../../src/shared/result'

const quiet = { out: () => undefined, err: () => undefined, stdin: () => undefined, tty: false }
async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n'), stdin: () => undefined, tty: false })
  return { code, out, err }
}

const dir = mkdtempSync(join(tmpdir(), 'halma-play-tb-'))
const t43 = join(dir, '4x4-3')
const t42 = join(dir, '4x4-2')
let table: TablebaseTable
beforeAll(async () => {
  for (const [out, men] of [
    [t43, '3'],
    [t42, '2'],
  ] as const)
    expect((await run(['tablebase', 'build', '--board', '4x4', '--men', men, '--out', out, '--threads', '1', '--json'])).code).toBe(0)
  table = unwrap(openTableFolder(t43, { verify: true }))
})
afterAll(() => {
  table.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A server with the CLI's opener; the lines it wrote. */
async function session(lines: readonly string[]): Promise<string[]> {
  const out: string[] = []
  const server = new ProtocolServer(
    (l) => out.push(l),
    DEFAULT_OPTIONS,
    undefined,
    undefined,
    undefined,
    (d) => openTableFolder(d, { verify: true }),
  )
  for (const line of lines) await server.receive(line)
  await server.receive('quit')
  return out
}

async function* linesOf(lines: readonly string[]): AsyncIterable<string> {
  yield* lines
}

const errors = (out: readonly string[]): string[] => out.filter((l) => l.startsWith('info string error'))

describe("the engine's Tablebase option", () => {
  it("plays the table's best move in covered positions and reports the table's value and distance", async () => {
    const variant = variantOfTable(table.game)
    const won = drawPositions(table, 'win', 4, 7).positions
    const lost = drawPositions(table, 'loss', 2, 8).positions
    for (const p of [...won, ...lost]) {
      const setup = formatPosition(variant, positionDataOf(p.position))
      const out = await session([`setoption name Tablebase value ${t43}`, `position tablebase setup ${setup}`, 'go nodes 50'])
      expect(errors(out)).toEqual([])
      expect(out[0]).toMatch(/^info string tablebase .*4x4-3: 4x4, 3 men a side, 320320 positions .* checked$/)
      const said = out.find((l) => l.startsWith('info string tablebase') && l.includes('perfect play'))!
      expect(said).toContain(`${p.value === 'win' ? 'wins' : 'loses'} in ${p.distance} move`)
      const info = parseEngineLine(out.find((l) => l.startsWith('info depth'))!)
      expect(info).toMatchObject({ kind: 'info', info: { score: { kind: p.value, plies: p.distance }, tbhits: 1, nodes: 0 } })
      // The move played keeps the value in one move less (the quickest win, the slowest loss).
      const best = out.find((l) => l.startsWith('bestmove'))!.split(' ')[1]!
      const pos = new Position(variant, positionDataOf(p.position))
      pos.make(unwrap(parseMove(pos, best)))
      const after = unwrap(verdictOf(table, tablePositionOf(pos.data())))
      if (p.value === 'win')
        expect(
          after.kind === 'over' ? p.distance === 1 : after.kind === 'value' && after.value === 'loss' && after.distance === p.distance! - 1,
        ).toBe(true)
      else expect(after).toEqual({ kind: 'value', value: 'win', distance: p.distance! - 1 })
    }
  })

  it('refuses by name a game the table does not cover, a table of another game, a missing folder and a damaged table', async () => {
    const variant = variantOfTable(table.game)
    // The paper's game of the same board and armies: its winner fills her target with her own men.
    const paper = `position problem ${JSON.stringify(variant.source.kind === 'halma' && variant.source.spec)}`
    const out = await session([
      'position tablebase',
      `setoption name Tablebase value ${t43}`,
      paper,
      'position preset mini-2',
      'position tablebase',
      `setoption name Tablebase value ${t42}`,
      `setoption name Tablebase value ${join(dir, 'nowhere')}`,
      'go nodes 50',
    ])
    const e = errors(out)
    expect(e.map((l) => l.split(':')[0])).toEqual([
      'info string error position.tablebase',
      'info string error tablebase.mismatch',
      'info string error tablebase.mismatch',
      'info string error tablebase.mismatch',
      'info string error tablebase.missing',
    ])
    expect(e[1]).toContain("the win rule: the game's 'own' (her target filled with her own men), the table's 'any-with-one'")
    expect(e[2]).toContain("the board: the game's is star37")
    expect(e[3]).toContain('the men: the game has 3 a side, the table 2')
    expect(e[4]).toContain('nowhere does not exist')
    // The refusals changed nothing: the table's game is still played from the table.
    expect(out.find((l) => l.startsWith('info depth'))).toMatch(/tbhits 1/)
    // A damaged table: one bit flipped in its values (the size unchanged) fails a chunk's checksum.
    const broken = join(dir, 'broken')
    cpSync(t43, broken, { recursive: true })
    const bytes = readFileSync(join(broken, 'values.bin'))
    bytes[1000] = bytes[1000]! ^ 0x10
    writeFileSync(join(broken, 'values.bin'), bytes)
    const bad = errors(await session([`setoption name Tablebase value ${broken}`]))
    expect(bad).toHaveLength(1)
    expect(bad[0]).toMatch(/^info string error tablebase\.damaged: .*values\.bin is damaged: chunk 0/)
  })

  it('makes its engine without search threads when a table is set, and says why', async () => {
    const out: string[] = []
    const threads = {
      spawn: (): never => {
        throw new Error('a search thread was asked for')
      },
    }
    const server = new ProtocolServer(
      (l) => out.push(l),
      { ...DEFAULT_OPTIONS, threads: 2 },
      threads,
      undefined,
      undefined,
      (d) => openTableFolder(d, { verify: true }),
    )
    // The engine gets no thread host with a table (a thread asked for would throw), and says why.
    for (const line of [`setoption name Tablebase value ${t43}`, 'position tablebase', 'go nodes 50', 'quit']) await server.receive(line)
    expect(out).toContain(
      "info string tablebase: where the table is silent the engine searches inline on one thread (search threads rebuild the game from its document, which cannot hold the table's win rule)",
    )
    expect(out.some((l) => l.startsWith('bestmove '))).toBe(true)
  })

  it('halma engine --tablebase: a session on the table; a missing table is a usage error', async () => {
    const out: string[] = []
    const io = { ...quiet, out: (l: string) => void out.push(l) }
    const code = await runEngine(['--tablebase', t43, '--inline'], io, linesOf(['hep', 'position tablebase', 'go nodes 50', 'quit']))
    expect(code).toBe(0)
    expect(out).toContain(`option name Tablebase type string default ${t43}`)
    expect(out.find((l) => l.startsWith('info depth'))).toMatch(/score (win|loss|cp) \d+ .*tbhits 1/)
    await expect(runEngine(['--tablebase', join(dir, 'nowhere'), '--inline'], quiet, linesOf([]))).rejects.toThrow(
      /--tablebase: .*nowhere does not exist/,
    )
  })
})

describe('the engine with the table against the engine without it', () => {
  it('wins every game from won positions, where the engine without it in the same seat loses some', async () => {
    const variant = variantOfTable(table.game)
    /** Who wins a game from p between the winning side `winner` and the engine without the table (the table referees). */
    const play = async (p: DrawnPosition, winning: Engine, other: Engine): Promise<boolean> => {
      const pos = new Position(variant, positionDataOf(p.position))
      const seat = pos.turn
      winning.newGame()
      other.newGame()
      for (let ply = 0; ply < 80; ply++) {
        const v = unwrap(verdictOf(table, tablePositionOf(pos.data())))
        if (v.kind === 'over') return v.winner === (seat === 0 ? 'blue' : 'red')
        const mover = pos.turn === seat ? winning : other
        mover.setPosition(pos.data())
        const r = await mover.go({ nodes: 300 })
        if (r.move === null) return pos.turn !== seat
        pos.make(r.move)
      }
      return false
    }
    const withTable = new Engine(variant)
    withTable.oracle = new TableOracle(table)
    const without = new Engine(variant)
    // Long wins (9 moves or more of both sides), where the search alone goes wrong at times.
    const long = drawPositions(table, 'win', 400, 11)
      .positions.filter((p) => p.distance! >= 9)
      .slice(0, 40)
    expect(long).toHaveLength(40)
    let tabled = 0
    let untabled = 0
    for (const p of long) {
      if (await play(p, withTable, without)) tabled++
      if (await play(p, new Engine(variant), without)) untabled++
    }
    expect(tabled).toBe(40)
    // Measured: the engine without the table wins 33 of these 40 at 300 nodes a move.
    expect(untabled).toBeLessThan(40)
  })

  it("halma match: tablebase=DIR on the table's game; a table of another game is refused by name", async () => {
    // Six games of the table's game: the tabled engine `tb` against the plain engine at 300 nodes.
    const matchAgainstPlain = (tb: string) =>
      run(['match', '--tablebase-game', t43, '--engine', tb, '--engine', 'plain=halma:nodes=300', '--openings', '3', '--book-plies', '2', '--json'])
    const r = await matchAgainstPlain(`tb=halma:nodes=300,tablebase=${t43}`)
    expect(r.code, r.err).toBe(0)
    const j = JSON.parse(r.out)
    expect(j.games).toBe(6)
    // tallies[0][1]: the tabled engine's games against the other (wins, draws, losses).
    const tb = j.tallies[0][1]
    expect(tb.wins + tb.draws + tb.losses).toBe(6)
    expect(tb.wins).toBeGreaterThan(tb.losses)
    // The same match with the tabled side a `halma engine --tablebase` process (told 'position tablebase'): the same games.
    const bin = join(import.meta.dirname, '../../bin/halma.mjs')
    const outside = await matchAgainstPlain(`tb=exec:nodes=300,tablebase=${t43},cmd=node ${bin} engine --inline`)
    expect(outside.code, outside.err).toBe(0)
    expect(JSON.parse(outside.out).tallies).toEqual(j.tallies)
    const untold = await run(['match', '--tablebase-game', t43, '--engine', `exec:cmd=node ${bin} engine`, '--engine', 'halma'])
    expect(untold.err).toContain("an outside engine is told 'position tablebase'")
    const refused = await run(['match', '--tablebase-game', t43, '--engine', `tb=halma:tablebase=${t42}`, '--engine', 'halma'])
    expect(refused.code).toBe(2)
    expect(refused.err).toContain("is not this match's game: the men: the game has 3 a side, the table 2")
    const preset = await run(['match', '--preset', 'mini-2', '--engine', `tb=halma:tablebase=${t43}`, '--engine', 'halma'])
    expect(preset.err).toContain("the board: the game's is star37")
  })
})
