// @vitest-environment jsdom
// The search store and panel against a fake host that checks requests as the real hosts do
// (parseJobRequest): a game document runs a `game` job with the panel's settings, the game result
// reaches the store, the listed games load into the stepper (both armies, alternating colours),
// previous / next step through them, a game is kept in the document, and bad settings, refused
// jobs, failures and a malformed result are messages, not crashes.
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { DEFAULT_GAME_JOB, purposeText } from '../../src/shared/engine/game/job'
import GameResultView from '../../src/renderer/kinds/halma/GameResultView.vue'
import SearchPanel from '../../src/renderer/kinds/halma/SearchPanel.vue'
import { compact, gameHeadline, moves, threads } from '../../src/renderer/format'
import { DEFAULT_SPEC, halmaKind } from '../../src/renderer/kinds/halma/model'
import { gameRequest, settingsText, solveRequest, unreadable } from '../../src/renderer/kinds/halma/search-request'
import { useSearch } from '../../src/renderer/kinds/halma/search'
import { interpret, parseDocument, type DocumentSpec } from '../../src/shared/halma/document'
import { halmaStores, noticeAt } from './stores'
import { Engine } from '../../src/shared/engine/engine'
import type { GameResult } from '../../src/shared/engine/game/job'
import { parseJobRequest } from '../../src/shared/jobs/protocol'
import { expect as unwrap } from '../../src/shared/result'
import { verify } from '../../src/shared/halma/verify'
import gameText from '../unit/fixtures/game3-4x4.halma.json?raw'
import { fakeHost } from './fake-host'

// uPlot (the level chart) asks for matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList
})

const GAME: DocumentSpec = unwrap(parseDocument(gameText)).spec


/** A new problem document from a spec. */
const newDoc = (spec: DocumentSpec): Promise<boolean | undefined> => halmaStores().doc.newDocument(halmaKind, unwrap(interpret(spec)))

/** Start the search (it runs until its result), once the host has the request. */
async function started(search: ReturnType<typeof useSearch>): Promise<{ running: Promise<void> }> {
  const before = host.requests.length
  const running = search.run()
  await vi.waitFor(() => expect(host.requests.length).toBe(before + 1))
  await Promise.resolve()
  // Wrapped: an async function's result that is a promise would be waited for.
  return { running }
}

let result: GameResult
beforeAll(async () => {
  // The real engine's answer for the small game (blue wins in 9; 170 shortest games).
  const job = unwrap(parseJobRequest({ kind: 'game', params: { problem: GAME, threads: 1, listGames: 4 } }))
  if (job.kind !== 'game') throw new Error('not a game job')
  result = await new Engine().start(job).result
}, 60_000)

let host: ReturnType<typeof fakeHost>
beforeEach(() => {
  setActivePinia(createPinia())
  host = fakeHost({ unsaved: 'discard' })
})

/** Open the small game and run its search to the engine's result. */
async function searched(r: GameResult = result) {
  const { doc, st, h } = halmaStores()
  expect(await newDoc(GAME)).toBe(true)
  const search = useSearch()
  const { running } = await started(search)
  host.send({ type: 'started', id: host.id(), kind: 'game' })
  host.send({ type: 'result', id: host.id(), kind: 'game', result: r })
  await running
  return { doc, search, st, h }
}

describe('search requests', () => {
  it('the game settings make a game request that parseJobRequest accepts, with every setting', () => {
    const job = unwrap(
      parseJobRequest(
        gameRequest(GAME, {
          strategy: 'exhaustive',
          maxLength: 30,
          timeLimit: 5,
          threads: 2,
          enumerate: false,
          listGames: 3,
          beamWidth: 500,
          vacating: true,
          lines: true,
          lookahead: 2,
          beamFrom: 8,
          beamTo: 15,
          length: 29,
        }),
      ),
    )
    expect(job.kind).toBe('game')
    expect(job.params).toMatchObject({
      strategy: 'exhaustive',
      maxLength: 30,
      timeLimit: 5,
      threads: 2,
      enumerate: false,
      listGames: 3,
      beam: { width: 500, lookahead: 2, moves: [8, 15] },
      heuristics: { vacating: true, lines: true },
      length: 29,
    })
    // A blank beam width is the engine's default.
    const plain = unwrap(
      parseJobRequest(
        gameRequest(GAME, {
          strategy: 'auto',
          maxLength: 200,
          timeLimit: 0,
          threads: 1,
          enumerate: true,
          listGames: 20,
          beamWidth: null,
          vacating: false,
          lines: false,
          lookahead: 0,
          beamFrom: 0,
          beamTo: 0,
          length: 0,
        }),
      ),
    )
    expect(plain.params).toMatchObject({ beam: { width: DEFAULT_GAME_JOB.beam.width } })
    const solve = unwrap(parseJobRequest(solveRequest(DEFAULT_SPEC, { strategy: 'beam', beamWidth: null, threads: 2 })))
    expect(solve.kind).toBe('solve')
  })

  it('names the setting a fault is about as the panel does', () => {
    expect(settingsText('params.maxLength: must be a number from 1 to 1000, not 0')).toBe(
      'max length: must be a number from 1 to 1000, not 0',
    )
    expect(settingsText('params.problem.kind: this search takes a two-player game')).toBe(
      'params.problem.kind: this search takes a two-player game',
    )
    const blank = {
      strategy: 'auto',
      maxLength: '' as unknown as number,
      timeLimit: 0,
      threads: 1,
      enumerate: true,
      listGames: 20,
      beamWidth: null,
    } as const
    expect(unreadable(blank)).toBe('max length: enter a number')
    expect(unreadable({ ...blank, maxLength: 9, beamWidth: Number.NaN })).toBe('beam width: enter a number')
  })

  it('the headline says optimal or best found with the proven lower bound', () => {
    expect(gameHeadline({ status: 'optimal', length: 12, lowerBound: 12, winner: 'red' })).toBe('optimal: 12 moves, red wins')
    expect(gameHeadline({ status: 'best-found', length: 32, lowerBound: 29, winner: 'blue' })).toBe(
      'best found: 32 moves, blue wins; proven lower bound 29',
    )
    expect(gameHeadline({ status: 'unsolved', length: null, lowerBound: 20, winner: null })).toBe('no game found; proven lower bound 20')
  })
})

describe('the search store with a game', () => {
  it('runs a game job with the panel settings through the host', async () => {
    await newDoc(GAME)
    const search = useSearch()
    expect(search.kind).toBe('game')
    search.game.strategy = 'exhaustive'
    search.game.maxLength = 20
    search.game.listGames = 7
    search.threads = 1
    const { running } = await started(search)
    expect(search.status).toBe('queued')
    expect(host.jobs).toHaveLength(1)
    expect(host.jobs[0]).toMatchObject({ kind: 'game', params: { strategy: 'exhaustive', maxLength: 20, listGames: 7, threads: 1 } })
    // The stored solutions stay home.
    const request = host.requests[0]!
    expect(request.kind === 'game' && 'solutions' in request.params.problem).toBe(false)
    expect(request.kind).toBe('game')
    // Progress streams in, as for transfers.
    const progress = {
      phase: 'prove',
      length: 8,
      level: 3,
      levelSize: 40,
      done: 1,
      total: 2,
      cmax: null,
      rate: 10,
      memoryBytes: 1000,
      elapsed: 0.1,
      message: 'level 3',
    } as const
    host.send({ type: 'progress', id: 'job-1', kind: 'game', progress })
    expect(search.status).toBe('running')
    expect(search.progress).toEqual(progress)
    expect(search.levelSizes).toEqual([0, 0, 0, 40])
    search.cancel()
    await running
    expect(host.cancelled).toEqual(['job-1'])
    expect(search.status).toBe('cancelled')
  })

  it('the game result reaches the store and its first game the stepper: both armies, alternating', async () => {
    const { search, st, h } = await searched()
    expect(search.status).toBe('done')
    expect(search.gameResult).toBe(result)
    expect(result).toMatchObject({ status: 'optimal', length: 9, winner: 'blue', count: { games: 170, finalPositions: 8 } })
    expect(search.games).toHaveLength(4)
    expect(search.gameIndex).toBe(0)
    expect(st.length).toBe(9)
    expect(h.line.winner).toEqual({ army: 0, move: 9 })
    expect(h.line.moves.map((m) => m.army)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0])
    expect(h.line.moves.map((m) => m.text)).toEqual(result.games[0]!.moves)
    expect(st.source).toBe('shortest game 1 of 4 from the search: blue wins in 9')
  })

  it('browses the listed games: each loads into the stepper', async () => {
    const { search, st, h } = await searched()
    expect(search.showGame(1)).toBe(true)
    expect(search.gameIndex).toBe(1)
    expect(h.line.moves.map((m) => m.text)).toEqual(result.games[1]!.moves)
    expect(result.games[1]!.moves).not.toEqual(result.games[0]!.moves)
    expect(st.ply).toBe(0)
    expect(search.showGame(3)).toBe(true)
    expect(st.source).toMatch(/^shortest game 4 of 4/)
    expect(search.showGame(4)).toBe(false)
    expect(search.gameIndex).toBe(3)
    // Another line in the stepper: no listed game is current, and previous / next go on from the last.
    st.clearLine()
    expect(search.gameIndex).toBeNull()
    expect(search.lastGame).toBe(3)
  })

  it('keeps a listed game in the document like a solution', async () => {
    const { doc, search, h } = await searched()
    expect(search.keepGame(2)).toBe(true)
    expect(doc.dirty).toBe(true)
    expect(h.doc.solutions).toHaveLength(1)
    const kept = h.doc.spec.solutions![0]!
    expect(kept.title).toBe('9 moves, blue wins (optimal): game 3 of 170, found by the workbench game search')
    expect(kept.notes).toBe(result.proof.statement)
    expect(verify(h.doc.problem, h.doc.solutions[0]!.solution).winner).toEqual({ army: 0, move: 9 })
    // The search result stays: keeping a game does not change the problem.
    expect(search.gameResult).toBe(result)
  })

  it('without enumeration, the one game found is the list', async () => {
    const { search, st } = await searched({ ...result, games: [], count: null })
    expect(search.games).toEqual([{ moves: result.moves, winner: 'blue' }])
    expect(st.length).toBe(9)
  })

  it('a listed game that is not legal is a notice, and the stepper keeps its line', async () => {
    const broken = { ...result, games: [{ moves: ['a1-d4'], winner: 'blue' }, ...result.games] }
    const { search, st } = await searched(broken)
    expect(search.gameIndex).toBeNull()
    expect(st.length).toBe(0)
    expect(halmaStores().notices.at.jobs?.kind).toBe('error')
    expect(noticeAt('jobs')).toMatch(/^game 1 of the search result: move 1: a1-d4/)
    expect(search.showGame(1)).toBe(true)
    const unfinished = { ...result, games: [{ moves: result.games[0]!.moves.slice(0, 4), winner: 'blue' }] }
    const { running } = await started(search)
    host.send({ type: 'result', id: host.id(), kind: 'game', result: unfinished })
    await running
    expect(noticeAt('jobs')).toBe('game 1 of the search result: the moves do not end in a win')
  })

  it('bad settings, refused jobs and failures are messages', async () => {
    await newDoc(GAME)
    const search = useSearch()
    search.game.maxLength = '' as unknown as number
    await search.run()
    expect(search.status).toBe('failed')
    expect(search.failure).toBe('max length: enter a number')
    expect(host.requests).toHaveLength(0)
    search.game.maxLength = 0
    await search.run()
    expect(search.failure).toBe('max length: must be an integer from 1 to 1000, not 0')
    search.game.maxLength = 50
    const { running } = await started(search)
    host.send({
      type: 'failed',
      id: host.id(),
      kind: 'game',
      reason: 'the search process exited with code 137 before the search finished',
    })
    await running
    expect(search.status).toBe('failed')
    expect(search.failure).toMatch(/exited with code 137/)
    expect(search.gameResult).toBeNull()
    // Another document of the same problem: the failure was the other document's, it goes.
    await newDoc(GAME)
    await nextTick()
    expect(search.failure).toBeNull()
    expect(search.status).toBe('idle')
  })

  it('a new problem clears the game result', async () => {
    const { search } = await searched()
    await newDoc(DEFAULT_SPEC)
    await nextTick()
    expect(search.kind).toBe('solve')
    expect(search.gameResult).toBeNull()
    expect(search.games).toEqual([])
    expect(search.status).toBe('idle')
  })
})

describe('the search panel with a game', () => {
  it('offers the game settings, and runs the game search', async () => {
    await newDoc(GAME)
    const w = mount(SearchPanel)
    expect(w.find('[data-testid="game-strategy"]').exists()).toBe(true)
    expect(w.find('[data-testid="search-strategy"]').exists()).toBe(false)
    await w.find('[data-testid="game-strategy"]').setValue('heuristic')
    await w.find('[data-testid="game-max-length"]').setValue('40')
    await w.find('[data-testid="game-length"]').setValue('30')
    await w.find('[data-testid="game-time-limit"]').setValue('9')
    await w.find('[data-testid="game-enumerate"]').setValue(false)
    await w.find('[data-testid="game-beam"]').setValue('2,000')
    await w.find('form').trigger('submit')
    await vi.waitFor(() => expect(host.jobs).toHaveLength(1))
    expect(host.jobs[0]).toMatchObject({
      kind: 'game',
      params: { strategy: 'heuristic', maxLength: 40, length: 30, timeLimit: 9, enumerate: false, beam: { width: 2000 } },
    })
    w.unmount()
  })

  it('shows the result: headline, proof, searches, count; the list and previous / next load games', async () => {
    const { search, h } = await searched()
    const w = mount(GameResultView)
    expect(w.get('[data-testid="game-headline"]').text()).toBe('optimal: 9 moves, blue wins')
    expect(w.get('[data-testid="proof"]').text()).toBe(result.proof.statement)
    const rows = w.findAll('[data-testid="game-searches"] tbody tr')
    expect(rows).toHaveLength(result.proof.searches.length)
    const first = result.proof.searches[0]!
    expect(rows[0]!.findAll('td').map((td) => td.text())).toEqual([
      String(first.bound),
      first.winner,
      (first.heuristic ? 'heuristic' : 'exhaustive') + (first.purpose ? `, ${purposeText(first.purpose)}` : ''),
      first.result === 'found' ? `found (${first.length})` : first.result,
      Math.max(0, ...first.levels).toLocaleString('en-US'),
      expect.stringMatching(/ s$/),
    ])
    expect(w.get('[data-testid="game-count"]').text()).toBe('170 shortest games (move sequences), ending in 8 distinct positions; 4 listed')
    expect(w.get('[data-testid="game-at"]').text()).toBe('1 / 4')
    expect(w.get('[data-testid="game-prev"]').attributes('disabled')).toBeDefined()
    await w.get('[data-testid="game-next"]').trigger('click')
    expect(search.gameIndex).toBe(1)
    expect(w.get('[data-testid="game-at"]').text()).toBe('2 / 4')
    expect(h.line.moves.map((m) => m.text)).toEqual(result.games[1]!.moves)
    await w.get('[data-testid="game-4"]').trigger('click')
    expect(h.line.moves.map((m) => m.text)).toEqual(result.games[3]!.moves)
    expect(w.get('[data-testid="game-next"]').attributes('disabled')).toBeDefined()
    await w.get('[data-testid="game-prev"]').trigger('click')
    expect(search.gameIndex).toBe(2)
    await w.get('[data-testid="keep-game"]').trigger('click')
    expect(h.doc.solutions).toHaveLength(1)
    w.unmount()
  })
})

describe('counts as the panels write them', () => {
  it("fit a chart's axis (the level chart's labels were cut to 0,000) and say 1 move", () => {
    expect([0, 950, 1000, 12_345, 3_400_000, 10_000_000, 1_200_000_000].map(compact)).toEqual(['0', '950', '1k', '12k', '3.4M', '10M', '1.2G'])
    expect(moves(1)).toBe('1 move')
    expect(moves(27)).toBe('27 moves')
  })

  it("say a search's threads as the user set them: none expanding apart from the job's own is 1 thread, not '0 threads'", () => {
    expect([0, 1, 2].map(threads)).toEqual(['1 thread', '1 thread', '2 threads'])
  })
})

describe('edits not in use yet', () => {
  it('stay in the editor when it is left, and a search waits for them instead of running the other problem', async () => {
    const { ed } = halmaStores()
    ed.begin()
    ed.preset('9x9', 'square4', '4-move', 'transfer')
    expect(ed.pending).toBe(true)
    const search = useSearch()
    await search.run()
    expect(search.status).toBe('failed')
    expect(search.failure).toMatch(/the editor's problem is not in use yet/)
    ed.leave()
    expect(noticeAt('editor')).toMatch(/the editor keeps your edits/)
    ed.begin()
    expect(ed.draft.armies[0]).toHaveLength(4)
    expect(ed.undoable).toBe(true)
    expect(ed.apply()).toBe(true)
    expect(ed.pending).toBe(false)
  })
})
