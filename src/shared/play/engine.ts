/**
 * The playing engine's facade (Stockfish's `Engine`): a variant and a position set from outside,
 * `go(limits)` with a callback that receives plain structs per finished iteration, `stop()`, and a
 * promise of the best move. Nothing here makes text: the protocol adapter (protocol.ts) and the
 * workbench turn these structs into lines and pictures.
 *
 * Threads: with a host that makes search threads (Node's worker_threads, Web Workers) the search
 * runs off the calling thread, so that `stop` is heard while it runs, and with `threads` > 1 the
 * helpers search the same position into one shared transposition table (Lazy SMP); the main
 * thread's iterations are the ones reported. Without a host the search runs inline, pausing after
 * a finished depth (every 50 ms or more) so that a stop read on the same thread meanwhile is heard
 * (goInline).
 */
import { nextTick } from '../engine/core/executor'
import { EndgameSolver } from './endgame'
import { roomMoves } from './room'
import { MaxN } from './maxn'
import { RacePlanner } from './race'
import { Position, type Move, type PositionData } from './position'
import { Searcher, WIN, WIN_BOUND, type Algorithm, type Iteration, type Limits } from './search'
import { TranspositionTable } from './tt'
import { sidesOf, type Variant, type VariantSource } from './variant'
import type { Weights } from './evaluate'
import { DEFAULT_WEIGHTS } from './weights'
import type { TablebaseOracle } from './oracle'

/** How the engine searches: the algorithm ('auto': alpha-beta for two sides, best-reply for three, the race planner for more), its weights, table and threads. */
export interface EngineOptions {
  readonly algorithm: Algorithm | 'auto'
  readonly weights: Weights
  /** Transposition table size in megabytes. */
  readonly hashMb: number
  readonly threads: number
  readonly lmr: boolean
  readonly aspiration: boolean
  readonly ordering: boolean
  /**
   * With three or more sides: when the army to move has at most this many men outside her target,
   * her shortest finish with the others standing still (endgame.ts) is played if one is found
   * (0: never). Not with the race planner, which finds her finish through the modelled crowd.
   */
  readonly endgame: number
  /** Best-reply search: replies searched per opponents' layer (0: all). */
  readonly replies: number
  /** The endgame solver's nodes (at least; a larger node limit of the move counts), and its moves beyond one per man outside. */
  readonly endgameNodes: number
  readonly endgameSlack: number
  /**
   * With at most this many of her men outside her target, the root moves that would shut another
   * army's man in her target are not searched, and when one is shut in, only the moves that let
   * him out are (room.ts; 0: never).
   */
  readonly room: number
  /** The race planner (race.ts): boards kept per level, and her own moves looked ahead. */
  readonly beam: number
  readonly horizon: number
  /**
   * The race planner's rank: percent of the leading other side's value taken from hers (so that of
   * two lines equally good for her it prefers the one that leaves the leader further back).
   */
  readonly rival: number
  /** The race planner's other models of the others its last lines are replayed in (race.ts). */
  readonly worlds: number
}

export const DEFAULT_OPTIONS: EngineOptions = {
  algorithm: 'auto',
  weights: DEFAULT_WEIGHTS,
  hashMb: 32,
  threads: 1,
  lmr: true,
  aspiration: true,
  ordering: true,
  endgame: 4,
  replies: 0,
  endgameNodes: 200_000,
  endgameSlack: 4,
  room: 6,
  beam: 10,
  horizon: 6,
  rival: 30,
  worlds: 8,
}

/** What to search for: depth, nodes, time for this move, or the mover's clock; `infinite` until stop(). */
export interface GoLimits extends Limits {
  /** The mover's remaining time and increment (milliseconds): the engine takes a share. */
  readonly time?: number
  readonly inc?: number
  readonly infinite?: boolean
}

/** A score: hundredths of a step for the side to move, or a win or loss in so many plies. */
export type Score = { readonly kind: 'cp'; readonly value: number } | { readonly kind: 'win' | 'loss'; readonly plies: number }

export function scoreOf(value: number): Score {
  if (value > WIN_BOUND) return { kind: 'win', plies: WIN - value }
  if (value < -WIN_BOUND) return { kind: 'loss', plies: WIN + value }
  return { kind: 'cp', value }
}

/** One finished iteration. */
export interface EngineInfo {
  readonly depth: number
  readonly seldepth: number
  readonly score: Score
  readonly nodes: number
  readonly nps: number
  readonly ms: number
  readonly pv: readonly Move[]
  /** Table entries used per thousand, and the share of probes that hit (0-1). */
  readonly hashfull: number
  readonly ttHitRate: number
  /** Positions answered by a tablebase. */
  readonly tbHits: number
  /** Set when the move comes from the endgame solver: her moves to finish with the others still. */
  readonly finish?: number
  /** Set when the room rule (room.ts) left moves out: the moves searched, of her legal moves. */
  readonly room?: { readonly searched: number; readonly of: number }
}

export interface EngineResult {
  /** The move; null when the game is over. */
  readonly move: Move | null
  readonly info: EngineInfo
}

/** Milliseconds an inline search runs between two pauses to read its input (goInline). */
const PAUSE_MS = 50

/** A search running on another thread (the host's). */
export interface SearchThread {
  run(request: ThreadRequest, onIteration: (it: Iteration) => void): Promise<Iteration>
  terminate(): void
}

/** What a search thread is asked (plain data; the table and the stop flag in shared memory). */
export interface ThreadRequest {
  readonly source: VariantSource
  readonly position: PositionData
  readonly limits: Limits
  readonly options: EngineOptions
  readonly helper: number
  readonly tt: { readonly keys: ArrayBufferLike; readonly data: ArrayBufferLike }
  /** The table's generation for this search (entries of older searches give way first). */
  readonly age: number
  readonly stop: ArrayBufferLike
}

export interface ThreadHost {
  spawn(): SearchThread
}

export const infoOf = (it: Iteration, nodes = it.nodes): EngineInfo => ({
  depth: it.depth,
  seldepth: it.seldepth,
  score: scoreOf(it.score),
  nodes,
  nps: it.ms > 0 ? Math.round((nodes * 1000) / it.ms) : 0,
  ms: Math.round(it.ms),
  pv: it.pv,
  hashfull: it.hashfull,
  ttHitRate: it.ttProbes > 0 ? it.ttHits / it.ttProbes : 0,
  tbHits: 0,
})

/** A promise and the function that settles it: stop()'s signal to a go waiting under `infinite`. */
function stopSignal(): { readonly promise: Promise<void>; readonly resolve: () => void } {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** The algorithm a variant is searched with. */
export function algorithmFor(v: Variant, options: EngineOptions): Algorithm {
  if (options.algorithm !== 'auto') return options.algorithm
  const sides = sidesOf(v)
  // Four or more sides race in a crowd, where the race planner's model of the others beats a worst case (docs/PLAY.md).
  return sides <= 2 ? 'paranoid' : sides === 3 ? 'brs' : 'race'
}

/** The limits a go command leaves for this move: a clock becomes a time for the move. */
export function moveLimits(go: GoLimits): Limits {
  let movetime = go.movetime
  if (go.time !== undefined) {
    const share = go.time / 30 + (go.inc ?? 0) * 0.8
    movetime = Math.max(1, Math.min(movetime ?? Infinity, share, go.time * 0.5))
  }
  return { ...(go.depth !== undefined && { depth: go.depth }), ...(go.nodes !== undefined && { nodes: go.nodes }), ...(movetime !== undefined && { movetime }) }
}

export class Engine {
  private pos: Position
  private tt: TranspositionTable
  private stopFlag: Int32Array
  private threads: SearchThread[] = []
  readonly options: EngineOptions
  /** Consulted before searching where it covers the position (perfect play there). */
  oracle: TablebaseOracle | undefined

  constructor(
    readonly variant: Variant,
    options: Partial<EngineOptions> = {},
    private readonly host?: ThreadHost,
    /** A stop flag another thread sets (a Web Worker's page: the worker reads messages only between a search's depths). */
    stopFlag?: Int32Array,
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options }
    this.pos = Position.start(variant)
    const shared = host !== undefined && typeof SharedArrayBuffer !== 'undefined'
    this.tt = shared ? TranspositionTable.shared(this.pos.t.w, this.options.hashMb) : new TranspositionTable(this.pos.t.w, this.options.hashMb)
    this.stopFlag = stopFlag ?? new Int32Array(shared ? new SharedArrayBuffer(4) : new ArrayBuffer(4))
  }

  /** The position searched next. */
  setPosition(data: PositionData): void {
    this.pos = new Position(this.variant, data)
  }

  get position(): PositionData {
    return this.pos.data()
  }

  /** A new game: the table forgets. */
  newGame(): void {
    this.tt.clear()
  }

  stop(): void {
    this.stopAsked.resolve()
    Atomics.store(this.stopFlag, 0, 1)
  }

  /** Settled by stop() during this go (the shared flag also ends the helpers when the main search ends). */
  private stopAsked = stopSignal()

  /** Search the position; `onInfo` after each finished iteration. */
  async go(limits: GoLimits, onInfo?: (info: EngineInfo) => void): Promise<EngineResult> {
    // One search at a time: a second would reset the first's stop flag and share its table (an
    // inline search pauses between depths, where another call could come).
    if (this.busy) throw new Error('the engine is searching: stop it and wait for its answer before the next go')
    this.busy = true
    try {
      return await this.search(limits, onInfo)
    } finally {
      this.busy = false
    }
  }

  private busy = false

  private async search(limits: GoLimits, onInfo?: (info: EngineInfo) => void): Promise<EngineResult> {
    Atomics.store(this.stopFlag, 0, 0)
    this.stopAsked = stopSignal()
    this.tt.newSearch()
    const data = this.pos.data()
    const asked = limits.searchmoves && limits.searchmoves.length > 0 ? limits.searchmoves : undefined
    const probed = this.pos.winner < 0 ? this.oracle?.probe(this.pos) : undefined
    if (this.pos.winner >= 0) return this.answered(limits, { move: null, info: infoOf(emptyIteration()) })
    // The table's move is played only among the moves asked for (searchmoves); the endgame solver starts only with them.
    const probe = probed && (!asked || asked.includes(probed.pv[0]!)) ? probed : undefined
    if (probe) {
      const info: EngineInfo = { ...infoOf(emptyIteration()), score: probe.score, pv: probe.pv, tbHits: 1, depth: probe.pv.length }
      onInfo?.(info)
      return this.answered(limits, { move: probe.pv[0] ?? null, info })
    }
    const finish = this.endgame(limits, asked)
    if (finish) {
      onInfo?.(finish.info)
      return this.answered(limits, finish)
    }
    const bounded = limits.depth !== undefined || limits.nodes !== undefined || limits.movetime !== undefined || limits.time !== undefined
    const rule = roomMoves(new Position(this.variant, data), this.options.room)
    const only = rule?.moves
    // The rule's moves among those asked for (a go's searchmoves); the moves asked for alone where it leaves none of them.
    const ruled = only && (asked ? only.filter((m) => asked.includes(m)) : only)
    const searchmoves = ruled && ruled.length > 0 ? ruled : asked
    const room = rule && ruled && searchmoves === ruled ? { room: { searched: ruled.length, of: rule.of } } : {}
    const move = {
      ...moveLimits(limits.infinite || !bounded ? { ...limits, ...(!limits.infinite && !bounded && { depth: 64 }) } : limits),
      ...(searchmoves && { searchmoves }),
    }
    const report = (it: Iteration): void => onInfo?.({ ...infoOf(it), ...room })
    let last: Iteration
    if (this.host) last = await this.goThreads(data, move, report)
    else last = await this.goInline(new Position(this.variant, data), move, report)
    return this.answered(limits, { move: last.pv[0] ?? null, info: { ...infoOf(last), ...room } })
  }

  /**
   * Under `infinite`, the answer waits for stop() even when it came at once or the search ended on
   * its own (a table's move, the endgame solver's finish, a plan made, a win found, the game over),
   * as UCI's `go infinite` does: analysis lasts as long as the user wants it to.
   */
  private async answered(limits: GoLimits, result: EngineResult): Promise<EngineResult> {
    if (limits.infinite) await this.stopAsked.promise
    return result
  }

  /** The army's shortest finish with the others still, when she is near home among three or more sides (its first move among `asked`). */
  private endgame(limits: GoLimits, asked: readonly Move[] | undefined): EngineResult | undefined {
    const pos = new Position(this.variant, this.pos.data())
    const sides = sidesOf(this.variant)
    const outside = pos.t.men - pos.home[pos.turn]!
    // The race planner finds her finish through the modelled crowd; the solver's plan counts on the others standing still.
    if (sides <= 2 || outside > this.options.endgame || algorithmFor(this.variant, this.options) === 'race') return undefined
    const t0 = performance.now()
    const budget = Math.max(limits.nodes ?? 0, this.options.endgameNodes)
    const plan = new EndgameSolver(pos).solve(outside + this.options.endgameSlack, budget, asked)
    if (!plan) return undefined
    const ms = performance.now() - t0
    const it: Iteration = { depth: plan.moves.length, seldepth: plan.moves.length, score: 0, nodes: plan.nodes, ms, pv: [plan.moves[0]!], hashfull: 0, ttProbes: 0, ttHits: 0 }
    return { move: plan.moves[0]!, info: { ...infoOf(it), finish: plan.moves.length } }
  }

  /**
   * The search on the calling thread, paused after a finished depth (once PAUSE_MS have passed
   * since the last pause): a `stop` read on this thread meanwhile is heard within the next depth's
   * first thousand nodes (without the pause, `go infinite` would search to depth 64 before reading
   * it). The race planner's plan is bounded by its horizon and runs whole.
   */
  private async goInline(pos: Position, limits: Limits, report: (it: Iteration) => void): Promise<Iteration> {
    const s = this.searcher(pos, 0)
    if (s instanceof RacePlanner) return s.run(limits, report)
    const steps = s.iterations(limits, report)
    // A pause costs a timer's turn (1 ms and more): taken once PAUSE_MS have passed, so that a
    // match's short searches rarely pay it and a long one hears a stop at its next depth.
    let last = performance.now()
    for (;;) {
      const r = steps.next()
      if (r.done) return r.value
      if (performance.now() - last < PAUSE_MS) continue
      await nextTick()
      last = performance.now()
    }
  }

  private searcher(pos: Position, helper: number): MaxN | RacePlanner | Searcher {
    const algorithm = algorithmFor(this.variant, this.options)
    const s = makeSearcher(pos, this.tt, this.options, algorithm, helper)
    s.stopFlag = this.stopFlag
    return s
  }

  /** The search on the host's threads: the main one reports, helpers share the table. */
  private async goThreads(data: PositionData, limits: Limits, report: (it: Iteration) => void): Promise<Iteration> {
    const want = Math.max(1, this.options.threads)
    while (this.threads.length < want) this.threads.push(this.host!.spawn())
    const request = (helper: number): ThreadRequest => ({
      source: this.variant.source,
      position: data,
      limits: helper === 0 ? limits : { ...limits, nodes: undefined, depth: undefined, movetime: undefined },
      options: this.options,
      helper,
      tt: this.tt.buffers,
      age: this.tt.age,
      stop: this.stopFlag.buffer,
    })
    const helpers = this.threads.slice(1, want).map((t, k) => t.run(request(k + 1), () => undefined))
    const main = await this.threads[0]!.run(request(0), report)
    Atomics.store(this.stopFlag, 0, 1)
    const done = await Promise.all(helpers)
    const nodes = main.nodes + done.reduce((s, it) => s + it.nodes, 0)
    return { ...main, nodes }
  }

  /** End the host's threads. */
  close(): void {
    for (const t of this.threads) t.terminate()
    this.threads = []
  }
}

/** The searcher of an algorithm (the race planner and max-n keep no table). */
function makeSearcher(pos: Position, tt: TranspositionTable, options: EngineOptions, algorithm: Algorithm, helper: number): MaxN | RacePlanner | Searcher {
  if (algorithm === 'maxn') return new MaxN(pos, options.weights)
  if (algorithm === 'race') return new RacePlanner(pos, options)
  return new Searcher(pos, tt, { ...options, algorithm, helper })
}

const emptyIteration = (): Iteration => ({ depth: 0, seldepth: 0, score: 0, nodes: 0, ms: 0, pv: [], hashfull: 0, ttProbes: 0, ttHits: 0 })

/** A thread's side of a request: rebuild the variant and search (hosts call this in their workers). */
export function runThreadRequest(variant: Variant, req: ThreadRequest, onIteration: (it: Iteration) => void): Iteration {
  const pos = new Position(variant, req.position)
  const tt = new TranspositionTable(pos.t.w, 0, req.tt)
  tt.age = req.age
  const algorithm = algorithmFor(variant, req.options)
  // The race planner is one line of thought: a helper thread has nothing to add to it.
  if (algorithm === 'race' && req.helper > 0) return emptyIteration()
  const s = makeSearcher(pos, tt, req.options, algorithm, req.helper)
  s.stopFlag = new Int32Array(req.stop)
  return s.run(req.limits, onIteration)
}
