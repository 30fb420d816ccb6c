/**
 * The shortest-game search (paper section 2.5): breadth-first iterative-deepening A* by levels.
 * Looking for games of at most `bound` moves, a state after i moves is dropped when i + h exceeds
 * the bound (h from game.ts, valid in every position), and states met before (with the same side to
 * move) are dropped too. The first level at which a move wins is the length of the shortest game
 * within the bound; no win within the bound proves that no game of `bound` moves or fewer exists.
 *
 * Strategies: heuristic (the paper's properties (i) and (iv), for a fixed winner: fast, proves
 * nothing), exhaustive (bounds from the Theorem 1 bound up), and auto (heuristic for a game, then
 * the exhaustive proof that none is shorter). The shortest games can be enumerated: an unfolded
 * search at the optimal length, walked back from its wins and counted forward.
 */
import { nameOf } from '../board'
import { loadDocument, type DocumentSpec } from '../document'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../result'
import { topology } from '../topology'
import { pathText, resolveMove } from '../moves'
import { Position, ownerOf } from '../position'
import { verify } from '../verify'
import type { Executor } from './executor'
import { GameDomain, type GameRule } from './game'
import type { LevelStat, Progress } from './job'
import { hashWords, KeySet, USED, type BufferKind } from './keyset'
import { BudgetError } from './run'

/** States the optional enumeration searches may hold in all (see solve). */
export const ENUMERATION_STATES = 4_000_000

/** An optional search's allowance: it stops, as if out of memory, past either. */
interface SearchCap {
  readonly states: number
  readonly seconds: number
}

/**
 * States of a beam of width `beam` that may share the winner's men before others are kept: every
 * state in small beams, fewer in narrow ones (see GameSolver.cap).
 */
export function diversity(beam: number): number {
  return Math.max(4, Math.ceil(beam / 256))
}

/** Indices of `scores` in ascending order of score (ties in index order). */
function rankOrder(scores: Float64Array): Uint32Array {
  const n = scores.length
  const order = new Uint32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  // Packed in one float and sorted natively when exact: score * 2^25 + index.
  let max = 0
  let integral = true
  for (let i = 0; i < n; i++) {
    const v = scores[i]!
    if (v > max) max = v
    if (!Number.isInteger(v) || v < 0) integral = false
  }
  if (integral && n <= 2 ** 25 && max < 2 ** 28) {
    const packed = new Float64Array(n)
    for (let i = 0; i < n; i++) packed[i] = scores[i]! * 2 ** 25 + i
    packed.sort()
    for (let i = 0; i < n; i++) order[i] = packed[i]! % 2 ** 25
    return order
  }
  return order.sort((a, b) => scores[a]! - scores[b]! || a - b)
}

/** States of the critical level searched together, at first, by the split search (see splitSearch). */
export const SPLIT_BLOCK = 50_000

/** A block's level with more states than this is split in turn (see splitSearch). */
export const SPLIT_NEST = 2_000_000

/** What the split search's blocks share (see GameSolver.splitSearch). */
interface SplitContext {
  readonly domain: GameDomain
  /** The levels so far: the split level's block and the block's levels go on after them. */
  readonly levels: KeySet[]
  /** Held besides `levels` (counted against the memory budget): the split levels. */
  readonly aside: KeySet[]
  readonly bound: number
  readonly winner: number
  readonly kind: BufferKind
  readonly expand: (parents: KeySet, prev: KeySet, level: number, note?: string) => Promise<KeySet>
  readonly won: () => boolean
  /** Per level past the outermost split: states, children and seconds summed over the blocks. */
  readonly totals: { size: number; children: number; seconds: number }[]
}

/** States per level of the first, narrow heuristic search (see solve). */
const PROBE_BEAM = 20_000

export const GAME_STRATEGIES = ['auto', 'heuristic', 'exhaustive'] as const

/**
 * Which games a count covers: all games of the length, or those with the heuristic properties (i)
 * and (iv), or (i), (iv) and (vi) (the complete heuristic search that found them).
 */
export type GameCountScope = 'all' | 'heuristic' | 'heuristic-vi'

/** The properties a count's scope names, for messages. */
export function scopeProperties(scope: GameCountScope): string | null {
  return scope === 'heuristic' ? '(i) and (iv)' : scope === 'heuristic-vi' ? '(i), (iv) and (vi)' : null
}
export type GameStrategy = (typeof GAME_STRATEGIES)[number]

export interface GameJob {
  readonly problem: DocumentSpec
  readonly strategy: GameStrategy
  /** Longest game looked for. */
  readonly maxLength: number
  readonly threads: number
  readonly fold: boolean
  readonly budgetBytes: number
  /** Seconds after which searches stop (the result says how far they got); 0: none. */
  readonly timeLimit: number
  /** Count and list the shortest games once the optimum is known (one more, unfolded search). */
  readonly enumerate: boolean
  /** Games listed at most (the count is exact). */
  readonly listGames: number
  /**
   * Heuristic searches keep at most this many states per level, the most advanced ones (see
   * GameSolver.cap); 0: no cap. Exhaustive searches never drop a state.
   */
  readonly beamWidth: number
  /** Heuristic searches also require property (vi) (see GameRule.heuristic). */
  readonly vacating: boolean
  /** Heuristic searches also require property (v) (see GameRule.heuristic). */
  readonly lines: boolean
  /**
   * How a beam ranks a level it cuts: 0 by the score (scoreOf: the states furthest along); 1 or 2
   * by lookahead, the states with the most children (1) or grandchildren (2) that survive the
   * pruning, most first, ties by a hash of the state (see GameSolver.lookahead). Not for the
   * narrow first search of the flow, which stays greedy.
   */
  readonly lookahead: number
  /**
   * The moves whose levels a beam cuts, [from, to] (inclusive; to 0: no end): levels outside are
   * kept whole. [0, 0]: every level. E.g. a beam over the first moves after the critical one,
   * then the whole tree (see GameSolver.lookahead). Meant for one length (`length`): the moves
   * are absolute. Not for the narrow first search of the flow.
   */
  readonly beamMoves: readonly [number, number]
  /**
   * Search this one length only, for the army its parity makes the winner (0: every length up to
   * maxLength): heuristic, then (auto) exhaustive if that finds nothing. For runs too long for the
   * full flow, such as every 30-move Chinese Checkers game with the heuristic properties.
   */
  readonly length: number
}

export const DEFAULT_GAME_JOB: Omit<GameJob, 'problem'> = {
  strategy: 'auto',
  maxLength: 200,
  threads: 1,
  fold: true,
  budgetBytes: 6 * 2 ** 30,
  timeLimit: 0,
  enumerate: true,
  listGames: 20,
  beamWidth: 200_000,
  vacating: false,
  lines: false,
  lookahead: 0,
  beamMoves: [0, 0],
  length: 0,
}

/** One search with one bound, for wins of one army. */
export interface GameSearchRecord {
  readonly bound: number
  /** The army whose wins were looked for. */
  readonly winner: string
  readonly heuristic: boolean
  /** The beam dropped states: an empty heuristic search then proves nothing, even under its properties. */
  readonly cut: boolean
  /**
   * A heuristic search without a beam taken in blocks (splitSearch) from level `move` (the first
   * from the critical move on that held more than a block): that level's states, and how many of
   * them had their blocks searched (all, when the search ended with none; the level sizes past it
   * are sums over the blocks).
   */
  readonly split?: { readonly move: number; readonly states: number; readonly searched: number }
  /** found: a game of `length` moves; none: no game within the bound; budget/time: stopped. */
  readonly result: 'found' | 'none' | 'budget' | 'time'
  readonly length: number | null
  readonly levels: readonly number[]
  readonly seconds: number
}

export interface GameListing {
  readonly moves: readonly string[]
  readonly winner: string
}

export interface GameResult {
  /** optimal: a shortest game with a proof; best-found: a game and a lower bound short of it. */
  readonly status: 'optimal' | 'best-found' | 'unsolved'
  readonly length: number | null
  readonly optimal: boolean
  /** No game is shorter than this (proven). */
  readonly lowerBound: number
  readonly winner: string | null
  readonly moves: readonly string[]
  /** Shortest games listed (all of them up to listGames). */
  readonly games: readonly GameListing[]
  /**
   * The shortest games counted (enumeration): move sequences and distinct final positions. Scope
   * all: every game of that length; heuristic: those with the paper's properties (i) and (iv) (the
   * complete heuristic search that found them; the exhaustive one at that length did not fit).
   */
  readonly count: { readonly games: number; readonly finalPositions: number; readonly scope: GameCountScope } | null
  readonly proof: { readonly statement: string; readonly searches: readonly GameSearchRecord[] }
  readonly stats: {
    readonly levels: readonly LevelStat[]
    readonly peakBoards: number
    readonly peakBytes: number
    readonly bytesPerBoard: number
    readonly seconds: number
    readonly threads: number
  }
}

interface SearchOutcome {
  readonly record: GameSearchRecord
  readonly levels: KeySet[]
  readonly wins: KeySet | undefined
}

/** A game found, traced and (where its search was complete) its length's games counted. */
interface FoundGame {
  readonly length: number
  readonly winner: number
  readonly moves: string[]
  readonly listed: string[][] | null
  readonly count: GameResult['count']
}

export interface GameSolverDeps {
  makeExecutor(domain: GameDomain): Executor
  progress(p: Progress): void
}

export class GameSolver {
  private readonly t0 = performance.now()
  private readonly deadline: number
  /** States the optional enumeration searches may hold (a field so that tests can shrink it). */
  enumerationStates = ENUMERATION_STATES
  /** States of a beam that may share the winner's men (see cap); undefined: diversity(beam). */
  diversity: number | undefined = undefined
  /** States per block of the split search at first (see splitSearch); 0: no split. A field for tests. */
  splitBlock = SPLIT_BLOCK
  /** A level of a block with more states than this is split in turn (see splitSearch). A field for tests. */
  splitNest = SPLIT_NEST
  private readonly levelStats: LevelStat[] = []
  private peakBoards = 0
  private peakBytes = 0
  private executors: Executor[] = []
  private cancelled = false

  constructor(
    private readonly job: GameJob,
    private readonly deps: GameSolverDeps,
  ) {
    this.deadline = job.timeLimit > 0 ? this.t0 + job.timeLimit * 1000 : Infinity
  }

  cancel(): void {
    this.cancelled = true
    for (const e of this.executors) e.cancel()
  }

  private elapsed(): number {
    return (performance.now() - this.t0) / 1000
  }

  private emit(p: Partial<Progress> & { message: string }): void {
    this.deps.progress({
      phase: 'prove',
      length: null,
      level: 0,
      levelSize: 0,
      done: 0,
      total: 0,
      cmax: null,
      rate: 0,
      memoryBytes: 0,
      elapsed: this.elapsed(),
      ...p,
    })
  }

  /** One breadth-first search for wins of `winner` within a bound; stops at the first level with one. */
  private async search(
    domain: GameDomain,
    executor: Executor,
    bound: number,
    winner: number,
    heuristics: boolean,
    beam = this.job.beamWidth,
    cap?: SearchCap,
    shaped = true,
  ): Promise<SearchOutcome> {
    const t0 = performance.now()
    // (iv) assumes every winner's move from the critical one on places a man, which fails where the
    // types force extra moves (Grasshopper).
    const army = domain.problem.armies[winner]!
    const heuristic = heuristics
      ? {
          critical: bound - 2 * (domain.men - 1),
          placements: domain.typeExtra(army.start, winner) === 0,
          vacating: this.job.vacating,
          lines: this.job.lines ? Math.floor((bound - 2 * (domain.men - 1) + bound) / 2) : null,
        }
      : null
    const phase = heuristic ? 'beam' : 'prove'
    const kind = executor.shared ? 'shared' : 'plain'
    const w = domain.w
    const start = new KeySet(w, 16, kind)
    start.add(domain.startKey, 0)
    const levels = [start]
    // Children are checked against their own level and the previous one with the same side to
    // move, not against every earlier level: a state can recur 4 or more moves later only where
    // its earlier visit had 4 moves of slack against the bound. The measured searches have
    // identical level sizes either way, and the union of all earlier levels held every state
    // twice. A recurrence would only be expanded again: the search stays complete.
    const none = new KeySet(w, 16, kind)
    /** Held besides `levels`: the whole critical level while the split search takes it in blocks. */
    const aside: KeySet[] = []
    const held = () => levels.reduce((s, l) => s + l.bytes, 0) + aside.reduce((s, l) => s + l.bytes, 0)
    let result: GameSearchRecord['result'] = 'none'
    let wins: KeySet | undefined
    let cut = false
    let next = none
    // An optional search's own allowance: past it, the search ends as if out of memory, and the
    // job goes on.
    const overCap = () =>
      cap !== undefined && (performance.now() - t0 > cap.seconds * 1000 || levels.reduce((a, l) => a + l.size, next.size) > cap.states)
    // A heuristic search without a beam goes on block by block (see splitSearch) from the first
    // level from the critical move on that holds more than a block: as complete, far leaner, and
    // the likeliest blocks first.
    const critical = heuristic ? heuristic.critical : -1
    const split = heuristic !== null && beam === 0 && cap === undefined && this.splitBlock > 0 && critical >= 1 && critical < bound - 1
    let splitRecord: GameSearchRecord['split']
    /** Per level past the critical one, summed over the blocks: states, children, seconds. */
    const blockTotals: { size: number; children: number; seconds: number }[] = []
    /** The children of `parents` at `level` (new against `prev`), with progress, budget and stats. */
    const expand = async (parents: KeySet, prev: KeySet, level: number, note = ''): Promise<KeySet> => {
      next = new KeySet(w, Math.max(1024, parents.size), kind)
      const won = new KeySet(w, 16)
      const rule: GameRule = { game: true, level, bound, winner, heuristic }
      const levelStart = performance.now()
      const stats = await executor.run({
        parents,
        prev,
        cur: undefined,
        rule,
        sink: { add: (k, o) => void next.add(k, o), win: (k, o) => void won.add(k, o) },
        progress: (done, s) => {
          const bytes = held() + next.bytes
          this.peakBytes = Math.max(this.peakBytes, bytes)
          if (bytes > this.job.budgetBytes) throw new BudgetError(level, bytes)
          if (performance.now() > this.deadline) throw new BudgetError(level, bytes, 'time')
          if (overCap()) throw new BudgetError(level, bytes)
          const secs = (performance.now() - levelStart) / 1000
          this.emit({
            phase,
            length: bound,
            level,
            levelSize: next.size,
            done,
            total: parents.size,
            rate: secs > 0 ? s.children / secs : 0,
            memoryBytes: bytes,
            message: `level ${level}${note}`,
          })
        },
      })
      const seconds = (performance.now() - levelStart) / 1000
      if (splitRecord && level > splitRecord.move) {
        const t = (blockTotals[level - splitRecord.move - 1] ??= { size: 0, children: 0, seconds: 0 })
        t.size += next.size
        t.children += stats.children
        t.seconds += seconds
      } else this.levelStats.push({ phase, length: bound, level, size: next.size, children: stats.children, seconds })
      if (won.size > 0) wins = won
      return next
    }
    try {
      for (let level = 1; level <= bound; level++) {
        const parents = levels[level - 1]!
        next = await expand(parents, levels[level - 2] ?? none, level)
        if (wins) {
          levels.push(next)
          break
        }
        if (overCap()) throw new BudgetError(level, held() + next.bytes)
        if (split && level >= critical && next.size > this.splitBlock) {
          splitRecord = { move: level, states: next.size, searched: 0 }
          const ctx: SplitContext = {
            domain,
            levels,
            aside,
            bound,
            winner,
            kind,
            expand,
            won: () => wins !== undefined,
            totals: blockTotals,
          }
          await this.splitSearch(ctx, next, level, '', splitRecord)
          break
        }
        // The job's window and lookahead shape its beams, but not the narrow first search (shaped).
        const [cutFrom, cutTo] = shaped ? this.job.beamMoves : [0, 0]
        if (heuristic && beam > 0 && next.size > beam && level >= cutFrom && (cutTo === 0 || level <= cutTo)) {
          const ahead = shaped ? Math.min(this.job.lookahead, bound - level) : 0
          const fertility =
            ahead > 0
              ? await this.lookahead(
                  domain,
                  executor,
                  next,
                  levels[level - 1]!,
                  level,
                  ahead,
                  bound,
                  winner,
                  heuristic,
                  kind,
                  held() + next.bytes,
                )
              : undefined
          // A win among the children: the next level holds it, uncut.
          if (fertility !== null) {
            next = this.cap(domain, next, level, winner, kind, beam, fertility)
            cut = true
          }
        }
        if (next.size === 0) break
        levels.push(next)
        this.peakBoards = Math.max(
          this.peakBoards,
          levels.reduce((s, l) => s + l.size, 0),
        )
      }
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e
      result = e.kind === 'time' ? 'time' : 'budget'
    } finally {
      blockTotals.forEach((t, i) =>
        this.levelStats.push({
          phase,
          length: bound,
          level: splitRecord!.move + 1 + i,
          size: t.size,
          children: t.children,
          seconds: t.seconds,
        }),
      )
    }
    if (wins) result = 'found'
    const record: GameSearchRecord = {
      bound,
      winner: domain.problem.armies[winner]!.name,
      heuristic: heuristic !== null,
      cut,
      ...(splitRecord ? { split: splitRecord } : {}),
      result,
      length: wins ? levels.length - 1 : null,
      levels: splitRecord
        ? [...levels.slice(0, splitRecord.move).map((l) => l.size), splitRecord.states, ...blockTotals.map((t) => t.size)].slice(
            0,
            wins ? levels.length : undefined,
          )
        : levels.map((l) => l.size),
      seconds: (performance.now() - t0) / 1000,
    }
    return { record, levels, wins }
  }

  /**
   * The rest of a heuristic search without a beam, block by block from level `at` (the critical
   * move l or the first level after it that holds more than a block). From l on the winner places
   * a man at every turn (property (iv)) while the loser's levels grow by its branching: past l the
   * whole search outgrows memory (Chinese Checkers, 30 moves: 13 M states at l = 12, 130 M at 15).
   * So the level is ordered (splitOrder) and taken in blocks; each block's states are searched to
   * the bound as a search of their own, and the first block with a win ends it. A block's level
   * that grows past `splitNest` states is split the same way in turn (depth first over blocks:
   * memory stays bounded however far the bound is, and the deeper orders see more of the game).
   * The blocks together cover the level, so a search that ends with none is as complete as the
   * unsplit one (only duplicates across blocks are expanded again). A win ends the search in its
   * block: a later block might hold a shorter game within the bound (the unsplit search finds the
   * shortest; with zero slack at the split, as at the critical move, every game has the bound's
   * length). Not counted against the budget: the order (4 bytes a state per split level) and,
   * while ordering, about 32 bytes a state. `ctx.levels` holds the levels
   * before `at` and gets the block and its levels (so a win traces back through them). A block
   * that outgrows the memory budget is halved and searched again. `record` (the outermost split
   * only) counts the states whose blocks have been searched.
   */
  private async splitSearch(
    ctx: SplitContext,
    whole: KeySet,
    at: number,
    outer: string,
    record?: { move: number; states: number; searched: number },
  ): Promise<void> {
    const { domain, levels, bound, won } = ctx
    const w = domain.w
    const ordering = (done: number) =>
      this.emit({
        phase: 'beam',
        length: bound,
        level: 0,
        message: `ordering the ${whole.size.toLocaleString('en-US')} states at move ${at}${outer}: ${Math.floor((100 * done) / whole.size)}%`,
      })
    ordering(0)
    const order = this.splitOrder(domain, whole, at, bound, ctx.winner, ordering)
    const raw = whole.raw
    let size = this.splitBlock
    let from = 0
    ctx.aside.push(whole)
    try {
      while (from < order.length) {
        const count = Math.min(size, order.length - from)
        const block = new KeySet(w, count, ctx.kind)
        for (let r = from; r < from + count; r++) block.add(raw, order[r]! * w)
        // The totals as they were before this block: a retry (halved) must not count it twice.
        const before = ctx.totals.map((t) => ({ ...t }))
        levels.length = at
        levels.push(block)
        // Where the search is: per split level, its states in this block (and of how many).
        const span = `states ${(from + 1).toLocaleString('en-US')}-${(from + count).toLocaleString('en-US')} of ${order.length.toLocaleString('en-US')} at move ${at}`
        const note = outer ? `${outer} > ${span}` : `, ${span}`
        try {
          for (let level = at + 1; level <= bound; level++) {
            const next = await ctx.expand(levels[level - 1]!, levels[level - 2]!, level, note)
            if (won()) {
              levels.push(next)
              if (record) record.searched = from + count
              return
            }
            if (next.size === 0) break
            // A block's level that outgrows the nesting size is split in turn, ordered by what
            // it shows then: the rest of this block is searched that way.
            if (next.size > this.splitNest && level < bound - 1) {
              await this.splitSearch(ctx, next, level, note)
              if (won()) {
                if (record) record.searched = from + count
                return
              }
              break
            }
            levels.push(next)
          }
        } catch (e) {
          if (e instanceof BudgetError && e.kind !== 'time' && count > 1) {
            size = Math.max(1, count >> 1)
            ctx.totals.length = 0
            ctx.totals.push(...before)
            continue
          }
          throw e
        } finally {
          if (!won()) levels.length = at
        }
        from += count
        if (record) record.searched = from
      }
    } finally {
      ctx.aside.splice(ctx.aside.indexOf(whole), 1)
    }
  }

  /**
   * The order in which the split search takes the critical level: first the states with the
   * least slack against the bound (their blocks are the cheapest to search to the end: the loser
   * has the least room), then those where the most of the winner's men can place at once (each by
   * a move of his own; from here on the winner must place at every turn), then those with the
   * fewest of property (v)'s lines empty, then by the beam's score (cap). Chinese Checkers, 30
   * moves: Fabian's state at move 12 ranks about 45,000th of 13.4 M by the last three and about
   * 2 millionth by the score alone.
   */
  private splitOrder(
    domain: GameDomain,
    level: KeySet,
    depth: number,
    bound: number,
    winner: number,
    progress: (done: number) => void = () => undefined,
  ): Uint32Array {
    const size = level.size
    const w = domain.w
    const slots = new Uint32Array(size)
    const scores = new Float64Array(size)
    const bucket = new Int32Array(size)
    const f = new Int32Array(2)
    const [lo, hi] = domain.middle[winner]!
    const lines = Math.max(0, hi - lo + 1) + 1
    const per = (domain.men + 1) * lines
    const toMove = domain.mover(depth + 1)
    const room = bound - depth
    let k = 0
    level.forEach((raw, off) => {
      slots[k] = off / w
      scores[k] = this.scoreOf(domain, raw, off, depth, winner)
      const [blue, red] = domain.armies(raw, off)
      const slack = Math.max(0, Math.min(room, room - domain.remaining(blue, red, winner, toMove)))
      domain.splitFeatures(raw, off, winner, f)
      bucket[k] = slack * per + (domain.men - f[0]!) * lines + f[1]!
      if (++k % 1_000_000 === 0) progress(k)
    })
    // By score, then (stable, counting sort) by bucket.
    const byScore = rankOrder(scores)
    const buckets = (room + 1) * per
    const starts = new Int32Array(buckets + 1)
    for (let i = 0; i < size; i++) starts[bucket[i]! + 1]!++
    for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!
    const order = new Uint32Array(size)
    for (let r = 0; r < size; r++) {
      const i = byScore[r]!
      order[starts[bucket[i]!]!++] = slots[i]!
    }
    return order
  }

  /**
   * The beam's lookahead (job.lookahead): per slot of `level` (the states after `depth` moves),
   * how many children (ahead 1) or grandchildren (ahead 2) survive the pruning. In the known
   * shortest games the states on the way are the fertile ones: the 15-man 36-move game's state
   * at the critical move ranks 41,722 states 2,669th by its children, 987th by grandchildren,
   * 410th by its descendants four moves on, against 54,407th of 240,366 one move later by the
   * split order (bench/results: ranking alone does not make a beam find that game). Null when a
   * child already wins (the next level then keeps every state, so it cannot lose the win). The
   * grandchildren are counted per child, not deduplicated across parents.
   */
  private async lookahead(
    domain: GameDomain,
    executor: Executor,
    level: KeySet,
    prev: KeySet,
    depth: number,
    ahead: number,
    bound: number,
    winner: number,
    heuristic: NonNullable<GameRule['heuristic']>,
    kind: BufferKind,
    held: number,
  ): Promise<Float64Array | null> {
    const w = domain.w
    const counts = new Float64Array(level.capacity)
    let won = false
    const rule = (at: number): GameRule => ({ game: true, level: at, bound, winner, heuristic })
    const progress = (what: string, total: number) => (done: number) => {
      if (performance.now() > this.deadline) throw new BudgetError(depth, 0, 'time')
      this.emit({
        phase: 'beam',
        length: bound,
        level: depth,
        levelSize: level.size,
        done,
        total,
        memoryBytes: held,
        message: `level ${depth}: ${what}`,
      })
    }
    if (ahead === 1) {
      await executor.run({
        parents: level,
        prev,
        cur: undefined,
        rule: rule(depth + 1),
        sink: { add: (_k, _o, slot) => void (counts[slot] = counts[slot]! + 1), win: () => void (won = true) },
        progress: progress('counting the children of each state', level.size),
      })
      return won ? null : counts
    }
    // Two moves on: the children, kept per parent (not deduplicated), then each one's children.
    // Memory on top of the levels: the counts, the list of children (rows and parents) while it
    // grows (old and new arrays), then that list, the table and a count per row.
    const check = (bytes: number): void => {
      this.peakBytes = Math.max(this.peakBytes, held + bytes)
      if (held + bytes > this.job.budgetBytes) throw new BudgetError(depth + 1, held + bytes)
    }
    const rowBytes = 4 * w + 4
    let rows = new Uint32Array(Math.max(1024, level.size * 4) * w)
    let parent = new Int32Array(rows.length / w)
    check(counts.byteLength + parent.length * rowBytes)
    let n = 0
    await executor.run({
      parents: level,
      prev,
      cur: undefined,
      rule: rule(depth + 1),
      sink: {
        add: (k, o, slot) => {
          if (n === parent.length) {
            check(counts.byteLength + parent.length * 3 * rowBytes)
            const r = new Uint32Array(rows.length * 2)
            r.set(rows)
            rows = r
            const p = new Int32Array(parent.length * 2)
            p.set(parent)
            parent = p
          }
          rows.set(k.subarray(o, o + w), n * w)
          parent[n++] = slot
        },
        win: () => void (won = true),
      },
      progress: progress('listing the children of each state', level.size),
    })
    if (won) return null
    // The children as a table the executor can expand (every row used; shared with threads).
    let slots = 1024
    while (slots < n) slots *= 2
    check(counts.byteLength + parent.length * rowBytes + slots * (4 * w + 8))
    const table = new Uint32Array(
      kind === 'shared' && typeof SharedArrayBuffer !== 'undefined' ? new SharedArrayBuffer(slots * w * 4) : new ArrayBuffer(slots * w * 4),
    )
    table.set(rows.subarray(0, n * w))
    rows = new Uint32Array(0)
    const grand = new Float64Array(slots)
    await executor.run({
      parents: KeySet.adopt(w, table, n),
      prev: level,
      cur: undefined,
      rule: rule(depth + 2),
      sink: { add: (_k, _o, row) => void (grand[row] = grand[row]! + 1), win: () => void (won = true) },
      progress: progress(`counting the grandchildren of each state (${n} children)`, n),
    })
    // A grandchild that wins: that state's count is unbounded, so it is kept.
    if (won) return null
    for (let r = 0; r < n; r++) counts[parent[r]!]! += grand[r]!
    return counts
  }

  /**
   * A heuristic search's level cut down to the beam width: the states where the winner is furthest
   * along (fewest plies left by the bound, then the least distance of its men to its base, the
   * fewest opposing men left in it, and the shortest ladder), at most `perWinner(beam)` of them
   * with the same winner's men (see diversity) before any state beyond that many. Given the
   * lookahead's counts per slot (`fertility`), the most fertile states instead, ties by a hash of
   * the state, without the diversity limit.
   */
  private cap(
    domain: GameDomain,
    level: KeySet,
    depth: number,
    winner: number,
    kind: BufferKind,
    beam: number,
    fertility?: Float64Array,
  ): KeySet {
    const size = level.size
    const scores = new Float64Array(size)
    const offsets = new Float64Array(size)
    let k = 0
    let most = 0
    if (fertility) for (const f of fertility) most = Math.max(most, f)
    const w = domain.w
    level.forEach((raw, off) => {
      offsets[k] = off
      // Ranked by lookahead, ties (many: counts are small numbers) go by a hash of the state, not by
      // the score: ordered by the score, the 15-man 36-move search keeps a beam that dead-ends.
      scores[k++] = fertility
        ? (most - fertility[off / w]!) * 2 ** 24 + (hashWords(raw, off, w) >>> 8)
        : this.scoreOf(domain, raw, off, depth, winner)
    })
    const order = rankOrder(scores)
    const raw = level.raw
    const kept = new KeySet(domain.w, beam, kind)
    // Diversity: at the loser's levels, all the children of one parent share the winner's men and
    // so its features; without a limit, a beam of B keeps the whole brood of the top B / branching
    // parents and is in effect that much narrower (a narrow first search at Halma's scale then
    // never completes a game). States beyond the limit come after every state within it.
    // Ranked by lookahead, siblings differ in what they rank by: no limit.
    const limit = fertility ? beam : (this.diversity ?? diversity(beam))
    const counts = new Map<number, number>()
    const aw = domain.aw
    const from = winner * aw
    const late: number[] = []
    for (let r = 0; r < size && kept.size < beam; r++) {
      const i = order[r]!
      const off = offsets[i]!
      let h = 0x811c9dc5
      for (let j = 0; j < aw; j++) {
        const word = j + from === domain.w - 1 ? raw[off + from + j]! & ~USED : raw[off + from + j]!
        h = Math.imul(h ^ word, 0x01000193)
      }
      const c = counts.get(h) ?? 0
      if (c < limit) {
        counts.set(h, c + 1)
        kept.add(raw, off)
      } else if (late.length < beam) late.push(off)
    }
    for (let r = 0; r < late.length && kept.size < beam; r++) kept.add(raw, late[r]!)
    return kept
  }

  /** The beam's rank of a state after `depth` moves (see cap): lower is further along. */
  scoreOf(domain: GameDomain, raw: Uint32Array, off: number, depth: number, winner: number): number {
    const toMove = domain.mover(depth + 1)
    const toBase = domain.toBase[winner]!
    const inBase = domain.inBase[winner]!
    const [blue, red] = domain.armies(raw, off)
    const W = winner === 0 ? blue : red
    const O = winner === 0 ? red : blue
    let spread = 0
    for (const c of W) spread += toBase[c]!
    let occupying = 0
    for (const c of O) occupying += inBase[c]!
    return domain.remaining(blue, red, winner, toMove) * 1e6 + spread * 1e3 + occupying * 30 + domain.gaps(blue, red, winner)
  }

  /** States (cell lists) from the start to a won state at the last level. */
  private trace(domain: GameDomain, levels: readonly KeySet[], end: [number[], number[]]): [number[], number[]][] {
    const space = domain.space
    const occ = space.occupancy
    const from = new Int16Array(8192)
    const to = new Int16Array(8192)
    const men = new Int16Array(space.n)
    const key = new Uint32Array(domain.w)
    const path: [number[], number[]][] = [end]
    let [blue, red] = end
    for (let i = levels.length - 1; i > 0; i--) {
      // The state at level i came from a move of mover(i): undo it by a move of that army.
      const army = domain.mover(i)
      const mine = army === 0 ? blue : red
      for (const c of blue) occ[c] = 1
      for (const c of red) occ[c] = 1
      mine.forEach((c, k) => (men[k] = c))
      const n = space.movesOf(men, mine.length, from, to, 0)
      for (const c of blue) occ[c] = 0
      for (const c of red) occ[c] = 0
      let found = false
      for (let j = 0; j < n && !found; j++) {
        const moved = mine.map((c) => (c === from[j] ? to[j]! : c)).sort((a, b) => a - b)
        const nb = army === 0 ? moved : blue
        const nr = army === 0 ? red : moved
        domain.pack(nb, nr, key, 0)
        if (levels[i - 1]!.has(key, 0)) {
          blue = nb
          red = nr
          found = true
        }
      }
      if (!found) throw new Error(`internal: no predecessor at level ${i - 1}`)
      path.push([blue, red])
    }
    return path.reverse()
  }

  /** Moves of a traced game, resolved to full chains and verified as a game. */
  private movesOf(domain: GameDomain, states: readonly [number[], number[]][]): string[] {
    const problem = domain.problem
    const topo = topology(problem.board, problem.rules)
    let position = Position.of(problem.board, [states[0]![0], states[0]![1]])
    const paths: number[][] = []
    for (let k = 1; k < states.length; k++) {
      const army = domain.mover(k)
      const before = states[k - 1]![army]!
      const after = states[k]![army]!
      const from = before.find((c) => !after.includes(c))!
      const to = after.find((c) => !before.includes(c))!
      const r = resolveMove(topo, position.occupancy(), [from, to], ownerOf(army))
      if (!r.ok)
        throw new Error(`internal: reconstructed move ${k} ${nameOf(problem.board, from)}-${nameOf(problem.board, to)}: ${r.error.message}`)
      paths.push([...r.value.path])
      position = position.moved(from, to)
    }
    const check = verify(problem, paths)
    if (!check.valid) throw new Error(`internal: reconstructed game fails verification: ${check.error?.message}`)
    return paths.map((p) => pathText(topo, p))
  }

  /**
   * Every game of a complete search's length: walk back from the wins to the states that lead to
   * them, then count the move sequences forward. The walk is over real positions; a position is on
   * the way when its folded form is in the level (a position on a game of the search's length is
   * first met at its own ply, as the search met nothing shorter), and the wins are the folded wins
   * and their mirror images. `winnerJumps`: only the winner's jumps count as its moves (heuristic
   * (i)), as in the search. `vacating`: heuristic (vi), the loser's moves at plies after `critical`
   * and before `last` leave its base (`home`) or step; applied to the moves counted forward (the
   * walk back may mark more states, which the forward count then does not reach).
   */
  private enumerate(
    domain: GameDomain,
    levels: readonly KeySet[],
    wins: KeySet,
    winnerJumps: number | null,
    vacating: { readonly loser: number; readonly critical: number; readonly last: number; readonly home: Uint8Array } | null = null,
  ): { games: number; finals: number; listed: [number[], number[]][][] } {
    const L = levels.length - 1
    const space = domain.space
    const occ = space.occupancy
    const from = new Int16Array(8192)
    const to = new Int16Array(8192)
    const men = new Int16Array(space.n)
    const key = new Uint32Array(domain.w)
    const keyOf = (s: [number[], number[]]): string => `${s[0].join(',')}|${s[1].join(',')}`
    /** Successor (a move at ply `ply`) or predecessor (ply 0) states by a move of `army`. */
    const neighbours = (s: [number[], number[]], army: number, ply = 0): [number[], number[]][] => {
      const [blue, red] = s
      const mine = army === 0 ? blue : red
      for (const c of blue) occ[c] = 1
      for (const c of red) occ[c] = 1
      mine.forEach((c, k) => (men[k] = c))
      const n = space.movesOf(men, mine.length, from, to, 0)
      for (const c of blue) occ[c] = 0
      for (const c of red) occ[c] = 0
      const out: [number[], number[]][] = []
      const n2 = domain.space.n
      const restricted = vacating !== null && army === vacating.loser && ply > vacating.critical && ply < vacating.last
      for (let j = 0; j < n; j++) {
        // A step of the winner (one cell) where it only jumps.
        if (army === winnerJumps && domain.dist[from[j]! * n2 + to[j]!] === 1) continue
        if (restricted && vacating.home[from[j]!] === 0 && domain.dist[from[j]! * n2 + to[j]!] !== 1) continue
        const moved = mine.map((c) => (c === from[j] ? to[j]! : c)).sort((a, b) => a - b)
        out.push(army === 0 ? [moved, red] : [blue, moved])
      }
      return out
    }
    const marked: Map<string, [number[], number[]]>[] = Array.from({ length: L + 1 }, () => new Map())
    const fold = domain.fold
    wins.forEach((raw, off) => {
      const s = domain.armies(raw, off)
      marked[L]!.set(keyOf(s), s)
      if (fold) {
        const image = (cells: number[]) => cells.map((c) => fold[c]!).sort((a, b) => a - b)
        const m: [number[], number[]] = [image(s[0]), image(s[1])]
        marked[L]!.set(keyOf(m), m)
      }
    })
    for (let i = L; i > 0; i--) {
      for (const s of marked[i]!.values()) {
        for (const p of neighbours(s, domain.mover(i))) {
          domain.pack(p[0], p[1], key, 0)
          if (levels[i - 1]!.has(key, 0)) marked[i - 1]!.set(keyOf(p), p)
        }
      }
    }
    const counts: Map<string, number>[] = marked.map(() => new Map())
    const start = [...marked[0]!.values()][0]!
    counts[0]!.set(keyOf(start), 1)
    for (let i = 0; i < L; i++) {
      for (const [k, s] of marked[i]!) {
        const c = counts[i]!.get(k) ?? 0
        if (c === 0) continue
        for (const q of neighbours(s, domain.mover(i + 1), i + 1)) {
          const qk = keyOf(q)
          if (marked[i + 1]!.has(qk)) counts[i + 1]!.set(qk, (counts[i + 1]!.get(qk) ?? 0) + c)
        }
      }
    }
    let games = 0
    for (const c of counts[L]!.values()) games += c
    // List up to listGames games: depth-first through the marked states.
    const listed: [number[], number[]][][] = []
    const walk = (i: number, s: [number[], number[]], path: [number[], number[]][]): void => {
      if (listed.length >= this.job.listGames) return
      if (i === L) {
        listed.push([...path])
        return
      }
      for (const q of neighbours(s, domain.mover(i + 1), i + 1)) {
        if (listed.length >= this.job.listGames) return
        if (!marked[i + 1]!.has(keyOf(q))) continue
        path.push(q)
        walk(i + 1, q, path)
        path.pop()
      }
    }
    walk(0, start, [start])
    return { games, finals: marked[L]!.size, listed }
  }

  /**
   * A search's game: traced and verified, and when the search was complete (exhaustive, or
   * heuristic without a beam cut) every game of its length counted and some listed. The search's
   * levels can then be dropped.
   */
  private takeGame(domain: GameDomain, out: SearchOutcome, counted = true): FoundGame {
    const length = out.record.length!
    const winner = domain.mover(length)
    let end: [number[], number[]] | undefined
    out.wins!.forEach((raw, off) => void (end ??= domain.armies(raw, off)))
    const moves = this.movesOf(domain, this.trace(domain, out.levels, end!))
    let listed: string[][] | null = null
    let count: GameResult['count'] = null
    // Not counted: a beam's or a block's levels hold only some games, and the count does not
    // apply property (v).
    if (this.job.enumerate && counted && !out.record.cut && !out.record.split && !(out.record.heuristic && this.job.lines)) {
      this.emit({ phase: 'meet', length, message: `counting the ${length}-move games` })
      const jumpsOnly = out.record.heuristic && domain.oddBoard ? winner : null
      const vacating =
        out.record.heuristic && this.job.vacating
          ? { loser: 1 - winner, critical: length - 2 * (domain.men - 1), last: length - 1, home: domain.inBase[winner]! }
          : null
      const e = this.enumerate(domain, out.levels, out.wins!, jumpsOnly, vacating)
      count = { games: e.games, finalPositions: e.finals, scope: !out.record.heuristic ? 'all' : vacating ? 'heuristic-vi' : 'heuristic' }
      listed = e.listed.map((states) => this.movesOf(domain, states))
    }
    return { length, winner, moves, listed, count }
  }

  async solve(): Promise<GameResult> {
    const doc = loadDocument(this.job.problem)
    if (!doc.ok) throw new Error(`bad problem: ${doc.error.map((d) => d.message).join('; ')}`)
    const problem = doc.value.problem
    const folded = new GameDomain(problem, { fold: this.job.fold })
    const executor = this.deps.makeExecutor(folded)
    this.executors.push(executor)
    const searches: GameSearchRecord[] = []
    const [blue, red] = problem.armies as [(typeof problem.armies)[0], (typeof problem.armies)[0]]
    const first = problem.first
    /** The army that wins a game of L moves: the one that makes move L. */
    const winnerOf = (L: number): number => (first + L - 1) % 2
    /** Theorem 1 (valid form) for each winner, and the least of the two. */
    const floor = [folded.remaining(blue.start, red.start, 0, first), folded.remaining(blue.start, red.start, 1, first)]
    const lower0 = Math.min(floor[0]!, floor[1]!)
    let lower = lower0
    let found: FoundGame | undefined
    const stopped = (o: SearchOutcome) => o.record.result === 'budget' || o.record.result === 'time'
    let halted = false
    /** Run one search and record it; a game it finds is taken at once (its levels then go). */
    const run = async (
      bound: number,
      winner: number,
      heuristic: boolean,
      beam?: number,
      cap?: SearchCap,
      shaped = true,
    ): Promise<SearchOutcome> => {
      const out = await this.search(folded, executor, bound, winner, heuristic, beam, cap, shaped)
      searches.push(out.record)
      if (stopped(out)) halted = out.record.result === 'time' || halted
      return out
    }
    try {
      if (this.job.length > 0) {
        const L = this.job.length
        const winner = winnerOf(L)
        if (L >= floor[winner]!) {
          const kinds = this.job.strategy === 'auto' ? [true, false] : [this.job.strategy === 'heuristic']
          for (const heuristic of kinds) {
            if (found || this.cancelled || halted) break
            const how = heuristic ? 'heuristic' : 'exhaustive'
            this.emit({
              phase: heuristic ? 'beam' : 'prove',
              length: L,
              message: `${how} search for a ${L}-move game won by ${problem.armies[winner]!.name}`,
            })
            const out = await run(L, winner, heuristic)
            if (out.wins) found = this.takeGame(folded, out)
            // The exhaustive search stops at the winner's shortest game, or shows it has none of L
            // moves or fewer; the other army's games are bounded by Theorem 1 only.
            if (!heuristic && out.record.result !== 'budget' && out.record.result !== 'time') {
              const shortest = found ? found.length : L + 1
              lower = Math.max(lower0, Math.min(shortest, floor[1 - winner]!))
            }
          }
        }
      } else if (this.job.strategy !== 'exhaustive') {
        // A first game fast: per winner, one search with a narrow beam and the longest bound (the
        // beam keeps the states furthest along, so it runs ahead like a greedy search), stopping
        // at its first win. Then shorter lengths with the full beam, one move less at a time,
        // until neither winner's search finds one two lengths running.
        const probeBeam = Math.max(1, Math.min(this.job.beamWidth || PROBE_BEAM, PROBE_BEAM))
        for (const winner of [0, 1]) {
          if (this.cancelled || halted) break
          const bound = this.job.maxLength - (winnerOf(this.job.maxLength) === winner ? 0 : 1)
          if (bound < floor[winner]!) continue
          this.emit({ phase: 'beam', length: bound, message: `a first game won by ${problem.armies[winner]!.name}, by a narrow beam` })
          const out = await run(bound, winner, true, probeBeam, undefined, false)
          // Not counted: property (iv) depends on the bound, so this search's levels do not hold
          // the games with the properties at the length found.
          if (out.wins && (!found || out.record.length! < found.length)) found = this.takeGame(folded, out, false)
        }
        // Shorter games with the full beam: `step` moves below the best game found, the step
        // doubling after each find and halving after each miss (a long first game comes down in
        // few searches, as at Halma's scale), until the two lengths just below the best game
        // that can be searched have both found nothing.
        const tried = new Set<number>()
        const open = (L: number) => L >= lower0 && L >= floor[winnerOf(L)]!
        let step = 1
        while (found && !this.cancelled && !halted) {
          const best = found.length
          const near: number[] = []
          for (let L = best - 1; L >= lower0 && near.length < 2; L--) if (open(L)) near.push(L)
          const untried = near.filter((L) => !tried.has(L))
          if (untried.length === 0) break
          let L = best - step
          while (L >= lower0 && !open(L)) L--
          if (L < lower0 || tried.has(L)) {
            if (step > 1) {
              step >>= 1
              continue
            }
            L = untried[0]!
          }
          tried.add(L)
          const winner = winnerOf(L)
          this.emit({ phase: 'beam', length: L, message: `heuristic search for a ${L}-move game won by ${problem.armies[winner]!.name}` })
          const out = await run(L, winner, true)
          if (out.wins) {
            found = this.takeGame(folded, out)
            step *= 2
          } else step = Math.max(1, step >> 1)
        }
        // No game that way: length by length from the bound at the start.
        for (let L = lower0; L <= this.job.maxLength && !found && !this.cancelled && !halted; L++) {
          const winner = winnerOf(L)
          if (L < floor[winner]!) continue
          this.emit({ phase: 'beam', length: L, message: `heuristic search for a ${L}-move game won by ${problem.armies[winner]!.name}` })
          const out = await run(L, winner, true)
          if (out.wins) found = this.takeGame(folded, out)
        }
      }
      if (this.job.strategy !== 'heuristic' && this.job.length === 0 && !halted && !this.cancelled) {
        if (found) {
          // Every game shorter than the one found, by exhaustive search length by length from the
          // bound at the start, each length for the winner its parity fixes (a search for L moves
          // also excludes that winner's shorter games). Shortest first: the smaller searches give
          // the best lower bound when a larger one does not fit, and a game found is the shortest.
          /** Per winner: the longest game excluded by a completed search (or the bound at the start). */
          const excluded = [floor[0]! - 1, floor[1]! - 1]
          for (let L = lower0; L < found.length && !this.cancelled && !halted; L++) {
            const winner = winnerOf(L)
            if (L <= excluded[winner]!) {
              lower = L + 1
              continue
            }
            this.emit({
              phase: 'prove',
              length: L,
              message: `exhaustive search for a game won by ${problem.armies[winner]!.name} in at most ${L} moves`,
            })
            const out = await run(L, winner, false)
            if (out.wins) {
              found = this.takeGame(folded, out)
              lower = found.length
              break
            }
            if (stopped(out)) break
            excluded[winner] = L
            lower = L + 1
          }
          const complete = lower >= found.length
          // Lengths between the best lower bound and the game found that the beam may have missed:
          // searched again without a beam (every game with the heuristic properties), shortest
          // first, until one finds a game or does not fit.
          for (let L = lower; L < found.length && !this.cancelled && !halted; L++) {
            const winner = winnerOf(L)
            if (L < floor[winner]! || L <= excluded[winner]!) continue
            // A complete heuristic search at this length already found nothing.
            if (searches.some((r) => r.heuristic && r.bound === L && !r.cut)) continue
            this.emit({
              phase: 'beam',
              length: L,
              message: `heuristic search for a ${L}-move game won by ${problem.armies[winner]!.name}, without a beam`,
            })
            const out = await run(L, winner, true, 0)
            if (out.wins) {
              found = this.takeGame(folded, out)
              break
            }
            if (stopped(out)) break
          }
          // All games of the optimal length when no complete search counted them: one more
          // (exhaustive) search at that length, within an allowance (the proofs' sizes do not
          // predict it: Grasshopper's proofs hold 67 states a level, its 24-move search 16 M).
          // If it does not fit and the game found was not counted at all, the games with the
          // heuristic properties, within the same allowance.
          if (complete && this.job.enumerate && found.count?.scope !== 'all' && !this.cancelled && !halted) {
            const cap: SearchCap = { states: this.enumerationStates, seconds: Math.max(60, this.elapsed() / 2) }
            this.emit({ phase: 'meet', length: found.length, message: `enumerating every ${found.length}-move game` })
            const out = await run(found.length, found.winner, false, undefined, cap)
            if (out.wins) found = { ...this.takeGame(folded, out), moves: found.moves }
            else if (!found.count && !this.cancelled && !halted) {
              this.emit({
                phase: 'meet',
                length: found.length,
                message: `enumerating the ${found.length}-move games with the heuristic properties`,
              })
              const h = await run(found.length, found.winner, true, 0, cap)
              if (h.wins) found = { ...this.takeGame(folded, h), moves: found.moves }
            }
          }
        } else {
          // No game yet: lengths from the Theorem 1 bound up, each searched for its winner.
          for (let L = lower0; L <= this.job.maxLength && !this.cancelled; L++) {
            const winner = winnerOf(L)
            if (L < floor[winner]!) {
              lower = L + 1
              continue
            }
            this.emit({
              phase: 'prove',
              length: L,
              message: `exhaustive search for a game won by ${problem.armies[winner]!.name} in at most ${L} moves`,
            })
            const out = await run(L, winner, false)
            if (out.wins) {
              found = this.takeGame(folded, out)
              lower = found.length
              break
            }
            if (stopped(out)) break
            lower = L + 1
          }
        }
      }
    } finally {
      executor.close()
    }
    const length = found?.length ?? null
    const optimal = length !== null && lower >= length
    const winner = found ? problem.armies[found.winner]!.name : null
    const moves = found?.moves ?? []
    const games: GameListing[] = found ? (found.listed ?? [moves]).map((m) => ({ moves: m, winner: winner! })) : []
    // A count is of the shortest games only when the length is proven optimal.
    const count = optimal ? (found?.count ?? null) : null
    const proofs = searches.filter((s) => !s.heuristic && s.result === 'none')
    const largest = Math.max(0, ...proofs.flatMap((s) => s.levels))
    // Winners whose bound at the start already exceeds what was looked for need no search.
    const byBound = [0, 1]
      .filter((army) => !proofs.some((s) => s.winner === problem.armies[army]!.name) && floor[army]! > lower0)
      .map((army) => `no ${problem.armies[army]!.name} win in fewer than ${floor[army]} moves by the bound at the start`)
    // A search for L moves excludes its winner's shorter games too: the longest one per winner.
    const longest = proofs.filter((s) => !proofs.some((t) => t.winner === s.winner && t.bound > s.bound))
    const excluded = [...longest.map((s) => `no ${s.winner} win in ${s.bound} moves or fewer`), ...byBound].join(', ')
    const method = `exhaustive breadth-first iterative-deepening A* with the Theorem 1 bound made valid in every position (plus ladders and types)${folded.fold ? ", states folded by the start's symmetry" : ''}`
    const detail = proofs.length > 0 ? ` (${excluded}: ${method}; largest level ${largest.toLocaleString('en-US')} states)` : ' (Theorem 1)'
    let statement: string
    if (optimal) {
      statement =
        proofs.length > 0
          ? `optimal: ${length} moves (${winner} wins). No shorter game exists${detail}.`
          : `optimal: ${length} moves (${winner} wins); ${length} is the Theorem 1 bound.`
    } else if (found) {
      statement = `best found: ${length} moves (${winner} wins), proven lower bound: ${lower}${detail}.`
    } else {
      statement = `no game found; proven lower bound: ${lower}${detail}.`
    }
    const seconds = this.elapsed()
    return {
      status: optimal ? 'optimal' : found ? 'best-found' : 'unsolved',
      length,
      optimal,
      lowerBound: optimal ? length! : lower,
      winner,
      moves,
      games,
      count,
      proof: { statement, searches },
      stats: {
        levels: this.levelStats,
        peakBoards: this.peakBoards,
        peakBytes: this.peakBytes,
        bytesPerBoard: this.peakBoards > 0 ? this.peakBytes / this.peakBoards : 0,
        seconds,
        threads: this.executors[0]?.threads ?? 0,
      },
    }
  }
}

/** Check a game job given as loose data, filling in defaults. */
export function parseGameJob(input: unknown): Result<GameJob, Diagnostic[]> {
  if (typeof input !== 'object' || input === null) return err([diagnostic('job.type', 'a job is an object')])
  const o = input as Record<string, unknown>
  const faults: Diagnostic[] = []
  const get = <K extends keyof GameJob>(k: K): unknown => o[k] ?? (DEFAULT_GAME_JOB as Record<string, unknown>)[k]
  const num = (k: keyof GameJob, min: number, max: number): number => {
    const v = get(k)
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
      faults.push(diagnostic('job.range', `must be a number from ${min} to ${max}, not ${JSON.stringify(v)}`, k))
      return min
    }
    return v
  }
  const bool = (k: keyof GameJob): boolean => {
    const v = get(k)
    if (typeof v !== 'boolean') faults.push(diagnostic('job.type', `must be true or false, not ${JSON.stringify(v)}`, k))
    return v === true
  }
  const moves = (k: 'beamMoves'): [number, number] => {
    const v = get(k)
    if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => Number.isInteger(x) && x >= 0 && x <= 1000) || (v[1] !== 0 && v[1] < v[0])) {
      faults.push(diagnostic('job.range', `must be two moves [from, to] with from <= to (to 0: no end), not ${JSON.stringify(v)}`, k))
      return [0, 0]
    }
    return [v[0], v[1]]
  }
  const strategy = get('strategy')
  if (typeof strategy !== 'string' || !(GAME_STRATEGIES as readonly string[]).includes(strategy)) {
    faults.push(diagnostic('job.choice', `must be one of ${GAME_STRATEGIES.join(', ')}, not ${JSON.stringify(strategy)}`, 'strategy'))
  }
  const job: GameJob = {
    problem: o['problem'] as DocumentSpec,
    strategy: strategy as GameStrategy,
    maxLength: num('maxLength', 1, 1000),
    threads: num('threads', 0, 256),
    fold: bool('fold'),
    budgetBytes: num('budgetBytes', 1 << 20, 2 ** 40),
    timeLimit: num('timeLimit', 0, 10 ** 7),
    enumerate: bool('enumerate'),
    listGames: num('listGames', 0, 100_000),
    beamWidth: num('beamWidth', 0, 1_000_000_000),
    vacating: bool('vacating'),
    lines: bool('lines'),
    lookahead: num('lookahead', 0, 2),
    beamMoves: moves('beamMoves'),
    length: num('length', 0, 1000),
  }
  if (!Number.isInteger(job.lookahead)) faults.push(diagnostic('job.range', `must be 0, 1 or 2, not ${job.lookahead}`, 'lookahead'))
  const doc = typeof o['problem'] === 'object' && o['problem'] !== null ? loadDocument(o['problem']) : undefined
  if (!doc) faults.push(diagnostic('job.problem', 'the job has no problem', 'problem'))
  else if (!doc.ok) faults.push(...doc.error.map((d) => ({ ...d, at: d.at ? `problem.${d.at}` : 'problem' })))
  else if (doc.value.problem.kind !== 'game')
    faults.push(diagnostic('job.problem', 'this search takes a two-player game, not a transfer', 'problem.kind'))
  return faults.length > 0 ? err(faults) : ok(job)
}
