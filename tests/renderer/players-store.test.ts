// @vitest-environment jsdom
// Games of N players in the workbench, without a canvas (issue 18): play-mode clicks (only the side
// to move, each refusal named, nothing after the win), lines replayed and printed with player
// prefixes, c(A) and the men home per army, the scene of every preset (holes or squares, men with
// their army's letter, target rings), opening and saving `*.players.json` documents, the editor's
// faults, and the search through a host that checks the request as the real ones do, its game loaded
// into the stepper.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cellAt } from '../../src/renderer/board/scene'
import { useDocument } from '../../src/renderer/frame/document'
import { useNotices } from '../../src/renderer/frame/notices'
import { useStepper } from '../../src/renderer/frame/stepper'
import { usePlayersJobs } from '../../src/renderer/kinds/players/jobs'
import { playersKind, presetGame } from '../../src/renderer/kinds/players/model'
import { PLAYER_COLOURS, PLAYER_DASHES, playerLetters } from '../../src/renderer/kinds/players/palette'
import { armySeries, centroidWeights, click, lineText, parseMoves, replay } from '../../src/renderer/kinds/players/play'
import { buildPlayersScene } from '../../src/renderer/kinds/players/scene'
import { usePlayers } from '../../src/renderer/kinds/players/store'
import { documentFault } from '../../src/shared/documents'
import { Engine } from '../../src/shared/engine/engine'
import type { PlayersResult } from '../../src/shared/engine/players/job'
import { gameFromSpec, playersPreset, playersPresets, startPosition } from '../../src/shared/players/game'
import { cellNames, cellOf, verifyLine } from '../../src/shared/players/line'
import { parsePlayersDocument, verifyDocument } from '../../src/shared/players/document'
import { fakeHost, type FakeHost } from './fake-host'

const SHIPPED = import.meta.glob('../../resources/players/*.players.json', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>
const mini3 = SHIPPED['../../resources/players/mini-3.players.json']!

let host: FakeHost
beforeEach(() => {
  setActivePinia(createPinia())
  host = fakeHost({ unsaved: 'discard', saves: 'saved' })
})

const name = (g: ReturnType<typeof playersPreset>, c: number): string => cellNames(g)[c]!
const PLAYERS_PRESETS = Object.values(playersPresets())
const noticeAt = (place: 'board' | 'moves' | 'editor' | 'document' | 'jobs'): string => useNotices().at[place]?.text ?? ''
/** The stores of a game in the workbench. */
function stores() {
  return { doc: useDocument(), st: useStepper(), p: usePlayers(), jobs: usePlayersJobs() }
}
const newGame = (id: string): Promise<boolean | undefined> => useDocument().newDocument(playersKind, presetGame(id))

describe('play-mode clicks', () => {
  const g = playersPreset('mini-3')
  const occ = startPosition(g)
  const blue = occ.findIndex((a) => a === 0)
  const orange = occ.findIndex((a) => a === 1)
  const empty = occ.findIndex((a) => a === -1)
  const state = { toMove: 0, selected: null, win: null }

  it('refuses a man of another army, an empty cell, and names whose turn it is', () => {
    expect(click(g, occ, state, orange)).toEqual({
      kind: 'refused',
      reason: `the man on ${name(g, orange)} is orange's, and it is blue's turn`,
    })
    expect(click(g, occ, state, empty)).toEqual({ kind: 'refused', reason: `no man on ${name(g, empty)}: choose one of blue's men` })
  })

  it('selects a man of the side to move with his destinations, then moves him to one of them', () => {
    const men = [...occ.keys()].filter((c) => occ[c] === 0)
    const mover = men.find((c) => click(g, occ, state, c).kind === 'select')!
    const sel = click(g, occ, state, mover)
    expect(sel.kind).toBe('select')
    if (sel.kind !== 'select') return
    const to = sel.targets[0]!
    const move = click(g, occ, { ...state, selected: mover }, to)
    expect(move.kind === 'move' && move.move.player).toBe(0)
    expect(move.kind === 'move' && [move.move.path[0], move.move.path.at(-1)]).toEqual([mover, to])
    // The move in the notation verifies.
    if (move.kind === 'move') expect(verifyLine(g, lineText(g, [move.move])).ok).toBe(true)
    // A cell the man cannot reach is refused; the chosen man again deselects.
    const far = [...occ.keys()].find((c) => occ[c] === -1 && !sel.targets.includes(c))!
    expect(click(g, occ, { ...state, selected: mover }, far)).toEqual({
      kind: 'refused',
      reason: `blue's man on ${name(g, mover)} cannot move to ${name(g, far)}`,
    })
    expect(click(g, occ, { ...state, selected: mover }, mover)).toEqual({ kind: 'deselect' })
    expect(blue).toBeGreaterThanOrEqual(0)
  })

  it('takes no move once the game is won', () => {
    const moves = parseMoves(g, JSON.parse(mini3).lines[0].moves)
    const { positions, win } = replay(g, moves)
    expect(win).toEqual({ player: verifyWinner(g, JSON.parse(mini3).lines[0].moves), ply: moves.length })
    const next = (win!.player + 1) % 3
    const man = positions.at(-1)!.findIndex((a) => a === next)
    expect(click(g, positions.at(-1)!, { toMove: next, selected: null, win }, man)).toEqual({
      kind: 'refused',
      reason: `the game is over: ${g.players[win!.player]!.name} won at move ${moves.length}`,
    })
  })
})

function verifyWinner(g: ReturnType<typeof playersPreset>, text: string): number {
  const v = verifyLine(g, text)
  return g.players.findIndex((p) => p.name === v.winner?.player)
}

describe('lines and the charts per army', () => {
  it('prints every shipped line with player prefixes that verify as the line did', () => {
    for (const [path, text] of Object.entries(SHIPPED)) {
      const doc = parsePlayersDocument(text, path)
      for (const l of doc.lines) {
        const moves = parseMoves(doc.game, l.moves)
        const printed = lineText(doc.game, moves)
        expect(printed.split(', ')[1]).toMatch(new RegExp(`^${doc.game.players[1]!.name}: `))
        expect(verifyLine(doc.game, printed)).toEqual(verifyLine(doc.game, l.moves))
      }
    }
  })

  it('refuses a line that does not verify, naming the move', () => {
    const g = playersPreset('mini-3')
    expect(() => parseMoves(g, 'orange: c3-c4')).toThrow(/move 1 \(orange: c3-c4\): it is blue's turn, not orange's/)
  })

  it('counts c(A) along each army own line: equal for every army of a symmetric start, one step moves it by at most one row on the star', () => {
    for (const id of ['mini-3', 'mini-6', 'star121-6', 'star73-4', 'piecepack-4', 'cross-4']) {
      const g = playersPreset(id)
      const [start] = armySeries(g, [startPosition(g)])
      expect(new Set(start!.centroid).size, id).toBe(1)
      expect(start!.centroid[0], id).toBeLessThan(0)
      expect(start!.home.every((h) => h === 0)).toBe(true)
      const w = centroidWeights(g)
      // Integer weights: rows of the star, x + y on the piecepack diagonal (as the paper's x - y).
      for (const row of w) for (const v of row) expect(Number.isInteger(v), `${id}: ${v}`).toBe(true)
      const most = g.board.lattice === 'hexagonal' || g.board.directions.length === 4 ? 1 : 2
      g.board.cells.forEach(([x, y], c) => {
        for (const [dx, dy] of g.board.directions) {
          const n = g.board.indexOf(x + dx, y + dy)
          if (n !== undefined) for (const row of w) expect(Math.abs(row[n]! - row[c]!)).toBeLessThanOrEqual(most)
        }
      })
    }
  })

  it('has the winner of the shipped mini-3 game home with all her men, and c(A) higher at the end', () => {
    const g = playersPreset('mini-3')
    const moves = parseMoves(g, JSON.parse(mini3).lines[0].moves)
    const s = armySeries(g, replay(g, moves).positions)
    const w = verifyWinner(g, JSON.parse(mini3).lines[0].moves)
    expect(s).toHaveLength(moves.length + 1)
    expect(s.at(-1)!.home[w]).toBe(g.men)
    expect(s.at(-1)!.centroid[w]).toBeGreaterThan(s[0]!.centroid[w]!)
  })
})

describe('the scene of every preset', () => {
  it('draws each board as players know it, every man with his army letter, each target ringed', () => {
    for (const { id } of PLAYERS_PRESETS) {
      const g = playersPreset(id)
      const occ = startPosition(g)
      const scene = buildPlayersScene({ game: g, position: occ, names: false }, 600, 600)
      const squares = g.board.directions.length === 8
      expect(scene.holes.length, id).toBe(squares ? 0 : g.board.cells.length)
      expect(scene.squares.length, id).toBe(squares ? g.board.cells.length : 0)
      // One outline per tile of 2x2 squares (4 segments of 4 numbers).
      expect(scene.tileLines.length, id).toBe(squares ? (g.board.cells.length / 4) * 16 : 0)
      expect(scene.men.length).toBe(g.players.length * g.men)
      // With the cell names on, every cell's name is written on it (over a man, in place of his letter).
      const named = buildPlayersScene({ game: g, position: occ, names: true }, 600, 600)
      expect(named.cellLabels.map((l) => l.text).sort()).toEqual(named.cells.map((c) => c.name).sort())
      const letters = playerLetters(g)
      expect(new Set(letters).size).toBe(g.players.length)
      expect(scene.cellLabels!.map((l) => l.text).sort()).toEqual(scene.men.map((m) => letters[m.army]!).sort())
      expect(scene.men.every((m) => m.fill === PLAYER_COLOURS[m.army])).toBe(true)
      const targetCells = new Set(g.players.flatMap((p) => g.board.camp(p.target, g.men)))
      expect(scene.rings.length).toBe(targetCells.size)
      // Every lattice line is one pitch long: the star's six neighbours surround a hole evenly.
      for (let k = 0; k < scene.edges.length; k += 4) {
        const d = Math.hypot(scene.edges[k + 2]! - scene.edges[k]!, scene.edges[k + 3]! - scene.edges[k + 1]!)
        expect(d / scene.scale, id).toBeCloseTo(1, 6)
      }
      // A click on a cell's centre finds it.
      const p = scene.cells[Math.floor(scene.cells.length / 2)]!
      expect(cellAt(scene, p.x + 1, p.y - 1)).toBe(p.cell)
    }
  })

  it('draws the star as a six-pointed star: as wide as its points reach, with holes at six distinct camp tips', () => {
    const g = playersPreset('star121-6')
    const scene = buildPlayersScene({ game: g, position: startPosition(g), names: false }, 800, 800)
    const ys = scene.cells.map((p) => p.y)
    const xs = scene.cells.map((p) => p.x)
    // 17 rows from point to point; 13 holes across the widest row (the points' bases).
    expect(new Set(ys.map((y) => Math.round(y))).size).toBe(17)
    const widest = Math.max(...[...new Set(ys.map((y) => Math.round(y)))].map((y) => ys.filter((v) => Math.round(v) === y).length))
    expect(widest).toBe(13)
    expect((Math.max(...xs) - Math.min(...xs)) / scene.scale).toBeCloseTo(12, 6)
  })

  it('gives each army its own letter and dash, even when names share an initial', () => {
    const g = gameFromSpec({ board: 'star37', camps: [0, 3], men: 3, names: ['bob', 'bill'] })
    expect(playerLetters(g)).toEqual(['1', '2'])
    expect(new Set(PLAYER_DASHES.map((d) => d.join())).size).toBe(6)
  })
})

describe('a game in the workbench', () => {
  it('plays only the side to move, advances the turn and announces the winner', async () => {
    const { doc, st, p } = stores()
    expect(await newGame('mini-3')).toBe(true)
    expect(doc.kindId).toBe('players')
    const g = p.game
    const moves = parseMoves(g, JSON.parse(mini3).lines[0].moves)
    st.click(p.position.findIndex((a) => a === 1))
    expect(noticeAt('board')).toMatch(/is orange's, and it is blue's turn/)
    // A move made otherwise than by a click (the engine's, a line played): the refusal goes with the position it was about.
    st.play(moves[0]!.path)
    expect(noticeAt('board')).toBe('')
    doc.undo()
    expect(st.length).toBe(0)
    for (const m of moves) {
      expect(p.toMove).toBe(m.player)
      st.click(m.path[0]!)
      expect(st.picked?.from).toBe(m.path[0])
      st.click(m.path.at(-1)!)
    }
    expect(st.length).toBe(moves.length)
    expect(p.win?.ply).toBe(moves.length)
    const winner = g.players[p.win!.player]!.name
    expect(st.line.end?.text).toBe(`${winner} wins at move ${moves.length}`)
    expect(p.turn.text).toBe(`${winner} wins at move ${moves.length}: her target camp is full`)
    // Stepping back hides the win; a move there starts a side line, the rest of the line kept (issue 27, defect 1).
    st.go(2)
    expect(p.win).toBeNull()
    expect(p.toMove).toBe(2)
    const man = [...p.position.keys()].find((c) => p.position[c] === 2 && click(g, p.position, { toMove: 2, selected: null, win: null }, c).kind === 'select')!
    st.click(man)
    st.click(st.picked!.to[0]!)
    expect(st.length).toBe(3)
    expect(st.sideLines).toBe(1)
    expect(doc.unkept).toMatch(/^the line in the stepper \(3 moves, played on the board, side line after move 2, with 1 side line\)$/)
    // Undo takes it back.
    doc.undo()
    expect(st.sideLines).toBe(0)
    expect(st.length).toBe(moves.length)
  })

  it('opens every shipped document with its first line, and saves what verifies', async () => {
    const { doc, st, p } = stores()
    for (const [path, text] of Object.entries(SHIPPED)) {
      expect(documentFault(text), path).toBeNull()
      expect(doc.openText(path.split('/').pop()!, text)).toBe(true)
      const d = parsePlayersDocument(text)
      expect(st.length).toBe(parseMoves(d.game, d.lines[0]!.moves).length)
      // A game with the rules page's options is a custom game, not its preset.
      expect(p.game.id, path).toBe(d.game.id)
    }
    doc.openText('mini-3.players.json', mini3)
    st.last()
    await doc.saveAs()
    const back = parsePlayersDocument(host.saves[0]!.text)
    expect(back.game.id).toBe('mini-3')
    expect(verifyDocument(back).every((l) => l.verdict.ok)).toBe(true)
    expect(verifyLine(back.game, back.lines[0]!.moves)).toEqual(verifyLine(back.game, JSON.parse(mini3).lines[0].moves))
  })

  it('names what is wrong with a document, or with one of its lines', () => {
    const { doc, st } = stores()
    expect(doc.openText('x.players.json', '{"format":"halma-players","version":1,"preset":"mini-9","lines":[]}')).toBe(false)
    expect(noticeAt('document')).toMatch(/x.players.json: preset: unknown game preset 'mini-9'/)
    const bad = JSON.stringify({ format: 'halma-players', version: 1, preset: 'mini-3', lines: [{ title: 'bad', moves: 'orange: c3-c4' }] })
    // A line that cannot be played does not make the file unreadable (every kind alike): it opens, the line said.
    expect(documentFault(bad)).toBeNull()
    expect(doc.openText('bad.players.json', bad)).toBe(true)
    expect(noticeAt('moves')).toMatch(/^line 1 cannot be played: move 1.*\(shown up to the start\)$/)
    expect(st.length).toBe(0)
    const later = JSON.stringify({ format: 'halma-players', version: 1, preset: 'mini-3', lines: [{ title: 'later', moves: 'c9-e7, c3-c5, i3-g5, e7-d4' }] })
    expect(doc.openText('later.players.json', later)).toBe(true)
    expect(noticeAt('moves')).toMatch(/^line 1 cannot be played: move 4 \(blue: e7-d4\).*\(shown up to move 3\)$/)
    expect([st.ply, st.length]).toEqual([0, 3])
  })

  it("shows gameFromSpec's fault in the editor and keeps the game; a good draft becomes the game (a preset's, if it is one)", async () => {
    const { p } = stores()
    await newGame('mini-3')
    p.draft.camps = [0]
    expect(p.applyDraft()).toBe(false)
    expect(noticeAt('editor')).toBe('a game has 2 to 6 players, not 1')
    expect(p.game.id).toBe('mini-3')
    p.draft = { board: 'star37', camps: [0, 1, 3], men: 3, longJumps: false, win: 'own', vacate: false, teams: false }
    expect(p.applyDraft()).toBe(true)
    expect(p.game.id).toBe('custom')
    expect(p.game.players.map((x) => x.target)).toEqual([3, 4, 0])
    p.draft = { board: 'piecepack8', camps: [0, 1, 2, 3], men: 6, longJumps: false, win: 'own', vacate: false, teams: false }
    expect(p.applyDraft()).toBe(true)
    expect(p.game.id).toBe('piecepack-4')
    p.draft = { board: 'cross33', camps: [0, 2], men: 6, longJumps: false, win: 'own', vacate: false, teams: false }
    expect(p.applyDraft()).toBe(false)
    expect(noticeAt('editor')).toBe('a camp of the cross holds 8 men, not 6')
  })

  it("keeps the rules the editor was not asked to change: Hexma's chain, the vacate rule, teams, a game's own targets", async () => {
    const { p } = stores()
    await newGame('hexma-mini')
    expect(p.draft.win).toBe('chain')
    // Used as it is: the same game (the preset's name kept), not the plain star game of the same men.
    expect(p.applyDraft()).toBe(true)
    expect(p.game.id).toBe('hexma-mini')
    expect(p.game.options.win).toBe('chain')
    // The win rule, the vacate rule and teams chosen in the editor.
    await newGame('mini-6')
    p.draft.win = 'any-with-one'
    p.draft.vacate = true
    p.draft.teams = true
    expect(p.applyDraft()).toBe(true)
    expect(p.game.options).toEqual({ win: 'any-with-one', vacate: true, teams: true })
  })

  it('runs the players search through the host and loads the game found into the stepper', async () => {
    const { st, p, jobs: search } = stores()
    await newGame('mini-2')
    search.timeLimit = 30
    const running = search.run()
    await vi.waitFor(() => expect(host.jobs).toHaveLength(1))
    expect(host.requests[0]!.kind).toBe('players')
    expect(host.jobs[0]!.kind).toBe('players')
    expect(search.status).toBe('queued')
    // The engine's own answer, sent as the host would.
    const result = (await new Engine().start(host.jobs[0]!).result) as PlayersResult
    host.send({ type: 'result', id: 'job-1', kind: 'players', result })
    await running
    expect(search.status).toBe('done')
    expect(st.length).toBe(result.length)
    expect(st.ply).toBe(0)
    expect(st.source).toMatch(new RegExp(`^${result.length}-move game, ${result.winner} wins`))
    expect(verifyLine(p.game, lineText(p.game, p.line.played)).winner?.player).toBe(result.winner)
    // A bad time limit is a message, not a job.
    search.timeLimit = -1
    await search.run()
    expect(search.failure).toMatch(/^time limit/)
    expect(host.requests).toHaveLength(1)
  })

  it('covers every preset of the core', () => {
    expect(PLAYERS_PRESETS.map((x) => x.id)).toEqual(Object.keys(playersPresets()))
    expect(cellOf(playersPreset('mini-3'), 'c3')).toBeGreaterThanOrEqual(0)
  })
})
