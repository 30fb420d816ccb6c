/**
 * The search core's contract with a domain (in the spirit of hog2's environment: algorithms are
 * written once against it, domains vary independently). A domain is a kind of puzzle or game the
 * engine searches: transfers (../transfer), two-player games (../game), games of 2 to 6 players
 * (../players) and solitaire armies (../army; docs/DOMAIN.md names the four). What the core needs
 * of one:
 *
 * - states packed as keys of W 32-bit words (the top bit of the last word is the used mark of the
 *   hash tables, never part of a state), canonical under the domain's fold (a symmetry of the
 *   start: a state and its image are stored once);
 * - a kernel: the hot loop that expands a range of a level's slots, filters the children by a rule
 *   (plain data, the same on every thread), drops those already in the levels of the duplicate
 *   window, and hands the survivors to a sink together with the parent's slot;
 * - its goal test (the kernel reports goal children through the sink), its admissible bound (the
 *   kernel prunes by it; the flows start from it), and, for tracing a line back, its states as cell
 *   lists, their predecessors and the moves between them, checked by the core verifier.
 *
 * Everything here is plain TypeScript: the same code runs inline, on worker threads in Node and in
 * Web Workers. How a domain is rebuilt on a thread is its `init` (plain data) and the registry
 * (../registry.ts), the one place that lists the domains. The core knows no problem format: each
 * domain parses its own (packed/job.ts for the .halma.json documents).
 */
import type { KeySet } from './keyset'

/** A state as cell lists, one per army (ascending cells). */
export type Cells = readonly (readonly number[])[]

/** Counters a kernel keeps while it expands. */
export interface KernelStats {
  /** Parents expanded. */
  parents: number
  /** Children generated (legal moves), kept or not. */
  children: number
  /** Children handed to the sink. */
  kept: number
}

export const newStats = (): KernelStats => ({ parents: 0, children: 0, kept: 0 })

export function addStats(a: KernelStats, b: KernelStats): void {
  a.parents += b.parents
  a.children += b.children
  a.kept += b.kept
}

/** Where a kernel puts the children that survive. */
export interface Sink {
  /**
   * A surviving child: its canonical key at keys[off..off+W), the slot of its parent in the table
   * being expanded, and its beam score (higher is better; 0 unless the rule asks for scores).
   */
  child(keys: Uint32Array, off: number, parent: number, score: number): void
  /** A child that reaches the goal the search looks for (games: the winner's win). */
  goal(keys: Uint32Array, off: number, parent: number): void
  /** Children scoring below this would be dropped anyway (a beam): a kernel may skip them early. */
  readonly minScore: number
}

/** What every level rule carries: the domain it is for and the level of the children. */
export interface RuleBase {
  readonly kind: string
  /** Level of the children (moves played when they are reached). */
  readonly level: number
}

/** A domain's expansion loop, one per thread (it owns scratch memory). */
export interface LevelKernel<R extends RuleBase> {
  /**
   * Expand the used slots in [start, end) of a level's raw table (W words per slot). Children whose
   * key is in a level of `window` are dropped (the levels a child may repeat: moves are reversible,
   * so for transfers the two levels before the children's; for games the last level with the same
   * side to move).
   */
  expandRange(table: Uint32Array, start: number, end: number, rule: R, window: readonly KeySet[], sink: Sink, stats: KernelStats): void
}

/** A kernel as a thread holds it: rules arrive as data and are checked to be of its domain. */
export interface ThreadKernel {
  /** Words per key. */
  readonly w: number
  expandRange(
    table: Uint32Array,
    start: number,
    end: number,
    rule: RuleBase,
    window: readonly KeySet[],
    sink: Sink,
    stats: KernelStats,
  ): void
}

/** A thread kernel from a typed one: rules of another domain are a programming error. */
export function threadKernel<R extends RuleBase>(w: number, kernel: LevelKernel<R>, isRule: (rule: RuleBase) => rule is R): ThreadKernel {
  return {
    w,
    expandRange(table, start, end, rule, window, sink, stats) {
      if (!isRule(rule)) throw new Error(`internal: a ${rule.kind} rule sent to another domain's kernel`)
      kernel.expandRange(table, start, end, rule, window, sink, stats)
    },
  }
}

/** What the core asks of a domain (see the module comment). */
export interface SearchDomain {
  /** Words per key. */
  readonly w: number
  /** The canonical key of the start. */
  readonly startKey: Uint32Array
  /** The cell permutation states are folded by, if any. */
  readonly fold: Int16Array | undefined
  /** The army that makes the move leading to level `level` (1-based). */
  mover(level: number): number
  /** The canonical key of a state, at out[off..off+W). */
  pack(state: Cells, out: Uint32Array, off: number): void
  /** The state of a key (as stored: canonical). */
  unpack(keys: Uint32Array, off: number): number[][]
  /**
   * The states one move before `state`, where `state` was reached by the move that made level
   * `level` (for tracing a line back through stored levels).
   */
  predecessors(state: Cells, level: number): number[][][]
  /** The moves along a traced line of states, as cell paths and in notation, verified by the core. */
  movesAlong(states: readonly Cells[]): { readonly paths: number[][]; readonly texts: string[] }
}
