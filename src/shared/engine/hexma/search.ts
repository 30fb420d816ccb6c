/**
 * Hexma's shortest cooperative game by the core's level search (core/levels.ts) over the Hexma
 * domain: lengths from the bound at the start upward, each searched for its one winner (the player
 * who makes the last move) exhaustively with the admissible bound (domain.ts), or, past a width,
 * by a beam that keeps the children nearest a chain (then proving nothing about that length). The
 * first length with a win found by an exhaustive search is the optimum, each shorter one being
 * excluded by its exhaustive search; a win found by a beam at the bound at the start is optimal by
 * the bound alone.
 */
import { StreamingBest } from '../core/beam'
import { Budget, BudgetError } from '../core/budget'
import { InlineExecutor } from '../core/executor'
import { LevelSearch } from '../core/levels'
import { traceBack } from '../core/trace'
import type { PlayersSpec } from '../../players/game'
import { gameFromSpec, sideName } from '../../players/game'
import { HexmaDomain, type HexmaRule } from './domain'
import { HexmaKernel } from './kernel'

export interface HexmaOptions {
  /** Longest game looked for. */
  readonly maxLength: number
  /** Past this many states in a level, that length is searched by a beam of this width instead (0: never). */
  readonly beam: number
  /** Memory for the level sets (bytes) and a time limit (seconds, 0: none). */
  readonly budgetBytes: number
  readonly timeLimit: number
  /** Asked at every budget check and after each level: true stops the search there (a cancel), as a time limit does. */
  readonly stopped?: () => boolean
  /** After each level: the length searched, the level, its states, and the level's record. */
  readonly onLevel?: (level: HexmaLevel) => void
}

/** One level built (for progress and a result's statistics). */
export interface HexmaLevel {
  readonly length: number
  readonly level: number
  readonly size: number
  readonly children: number
  readonly seconds: number
  readonly bytes: number
  readonly beam: boolean
}

export interface HexmaLengthRecord {
  readonly length: number
  readonly winner: string
  readonly mode: 'exhaustive' | 'beam'
  readonly result: 'found' | 'none' | 'stopped'
  /** What stopped it (a cancel counts as memory: the flow that cancels knows better). */
  readonly stoppedBy?: 'memory' | 'time'
  readonly levels: readonly number[]
  readonly seconds: number
}

export interface HexmaResult {
  readonly length: number | null
  readonly winner: string | null
  readonly moves: readonly string[]
  readonly optimal: boolean
  /** Every length below it is excluded (by the bound at the start or an exhaustive search). */
  readonly lowerBound: number
  readonly boundAtStart: number
  readonly statement: string
  readonly searches: readonly HexmaLengthRecord[]
}

/** A budget that also stops when asked to (a cancel), as if out of memory: the search ends at its next check. */
class StoppableBudget extends Budget {
  constructor(
    of: Budget,
    private readonly stopped: (() => boolean) | undefined,
  ) {
    super(of.bytes, of.deadline)
  }

  override check(level: number, held: number): void {
    super.check(level, held)
    if (this.stopped?.()) throw new BudgetError(level, held)
  }
}

export async function hexmaShortest(spec: PlayersSpec, options: HexmaOptions, progress?: (line: string) => void): Promise<HexmaResult> {
  const game = gameFromSpec(spec)
  const domain = new HexmaDomain(game)
  const kernel = new HexmaKernel(domain)
  const owner = new Int8Array(domain.n).fill(-1)
  game.players.forEach((p, a) => game.board.camp(p.camp, game.men).forEach((c) => (owner[c] = a)))
  const start = Math.min(...[0, 1].map((p) => domain.remaining(domain.chainNeed(owner, p), p, 0)))
  // A cancel (options.stopped) is read wherever the level search checks its budget: inside a level too.
  const budget = new StoppableBudget(Budget.of(options.budgetBytes, options.timeLimit), options.stopped)
  const searches: HexmaLengthRecord[] = []
  let lower = start
  for (let L = start; L <= options.maxLength; L++) {
    const winner = domain.mover(L)
    const t0 = performance.now()
    const search = new LevelSearch<HexmaRule>(new InlineExecutor(kernel), budget, domain.startKey, { window: [2] })
    let beamUsed = false
    let found: Uint32Array | undefined
    let result: HexmaLengthRecord['result'] = 'none'
    let stoppedBy: 'memory' | 'time' | undefined
    try {
      for (let level = 1; level <= L; level++) {
        const rule: HexmaRule = { kind: 'hexma', level, bound: L, winner }
        const parents = search.levels[search.depth]!
        const wide = options.beam > 0 && parents.size > options.beam
        beamUsed ||= wide
        const next = wide ? await search.build(parents, rule, '', new StreamingBest(domain.w, options.beam)) : await search.build(parents, rule)
        search.levels.push(next)
        const rec = search.records.at(-1)
        options.onLevel?.({ length: L, level, size: next.size, children: rec?.children ?? 0, seconds: rec?.seconds ?? 0, bytes: search.bytes, beam: wide })
        if (options.stopped?.()) throw new BudgetError(level, search.bytes)
        const goals = search.goals
        if (goals && goals.size > 0) {
          goals.forEach((raw, off) => (found ??= raw.slice(off, off + domain.w)))
          break
        }
        if (next.size === 0) break
      }
      if (found) result = 'found'
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e
      result = 'stopped'
      stoppedBy = e.kind
    }
    const mode = beamUsed ? 'beam' : 'exhaustive'
    searches.push({ length: L, winner: sideName(game, winner), mode, result, ...(stoppedBy && { stoppedBy }), levels: search.records.map((r) => r.size), seconds: (performance.now() - t0) / 1000 })
    progress?.(`${L} moves, ${sideName(game, winner)} to win: ${mode} ${result} (largest level ${Math.max(0, ...search.records.map((r) => r.size)).toLocaleString('en-US')})`)
    if (found) {
      const level = search.depth
      const states = traceBack(domain, search.levels, domain.unpack(found, 0), level)
      const { texts } = domain.movesAlong(states)
      const optimal = lower >= texts.length
      const statement = optimal
        ? `optimal: ${texts.length} moves, ${sideName(game, winner)} completes her chain; ${lower === start ? 'no game is shorter by the bound at the start' : `no game of ${start} to ${texts.length - 1} moves exists (exhaustive searches with the chain bound)`}`
        : `found: ${texts.length} moves, ${sideName(game, winner)} completes her chain (a beam); proven lower bound ${lower} moves`
      return { length: texts.length, winner: sideName(game, winner), moves: texts, optimal, lowerBound: lower, boundAtStart: start, statement, searches }
    }
    if (result === 'stopped') break
    if (mode === 'exhaustive' && lower === L) lower = L + 1
  }
  return {
    length: null,
    winner: null,
    moves: [],
    optimal: false,
    lowerBound: lower,
    boundAtStart: start,
    statement: `no game found; every game has at least ${lower} moves`,
    searches,
  }
}

