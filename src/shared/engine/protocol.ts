/**
 * Messages between the search coordinator and its expansion threads. Level tables travel as
 * typed arrays over SharedArrayBuffer (shared, not copied); children come back in transferred
 * buffers.
 */
import type { DocumentSpec } from '../document'
import type { DomainOptions } from './domain'
import type { GameOptions, GameRule } from './game'
import type { KernelStats, Rule } from './kernel'

export type InitMessage =
  | { readonly type: 'init'; readonly kind: 'transfer'; readonly spec: DocumentSpec; readonly options: DomainOptions }
  | { readonly type: 'init'; readonly kind: 'game'; readonly spec: DocumentSpec; readonly options: GameOptions }

/** A frozen level as a worker sees it: the raw table and its key count. */
export interface TableView {
  readonly table: Uint32Array
  readonly count: number
}

export interface ExpandTask {
  readonly type: 'expand'
  readonly id: number
  readonly table: Uint32Array
  readonly start: number
  readonly end: number
  readonly prev: TableView | undefined
  readonly cur: TableView | undefined
  readonly rule: Rule | GameRule
  /** Beam: children scoring below this may be dropped (the coordinator's cutoff so far). */
  readonly minScore: number
}

export interface ExpandReply {
  readonly type: 'expanded'
  readonly id: number
  /** Surviving children: count keys of W words. */
  readonly keys: Uint32Array
  readonly cs: Int32Array
  readonly scores: Float64Array | undefined
  /** Games: states in which the mover has won (W words each). */
  readonly wins?: Uint32Array
  readonly count: number
  readonly stats: KernelStats
}

export type WorkerMessage = InitMessage | ExpandTask
