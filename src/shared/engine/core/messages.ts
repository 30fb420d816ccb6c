/**
 * Messages between the search coordinator and its expansion threads. Level tables travel as typed
 * arrays over SharedArrayBuffer (shared, not copied); children come back in transferred buffers.
 * (The job protocol between a host and a job's runner is another thing: src/shared/jobs/protocol.ts.)
 */
import type { KernelStats, RuleBase } from './contract'

/** Build the domain (described by `domain`, plain data, see ../registry.ts) and its kernel. */
export interface InitMessage<I> {
  readonly type: 'init'
  readonly domain: I
}

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
  /** The duplicate window (see LevelKernel.expandRange). */
  readonly window: readonly TableView[]
  readonly rule: RuleBase
  /** Beam: children scoring below this may be dropped (the coordinator's cutoff so far). */
  readonly minScore: number
}

export interface ExpandReply {
  readonly type: 'expanded'
  readonly id: number
  /** Surviving children: count keys of W words. */
  readonly keys: Uint32Array
  /** Per child: its parent's slot (Sink.child). */
  readonly parents: Int32Array
  /** Per child, when the rule asks for scores. */
  readonly scores: Float64Array | undefined
  readonly count: number
  /** Goal children (W words each) and their parents' slots. */
  readonly goals: Uint32Array | undefined
  readonly goalParents: Int32Array | undefined
  readonly stats: KernelStats
}

/**
 * A job's own work that is not a level expansion (a tablebase's blocks): plain data with a `kind`,
 * run by the registry's task runner (registry.ts runThreadTask) on the thread.
 */
export interface RunTask {
  readonly type: 'task'
  readonly id: number
  readonly task: { readonly kind: string }
}

export interface TaskReply {
  readonly type: 'task-done'
  readonly id: number
  /** What the task's runner returned (plain data). */
  readonly result: unknown
}

export type WorkerMessage<I> = InitMessage<I> | ExpandTask | RunTask
export type WorkerReply = ExpandReply | TaskReply | { readonly type: 'error'; readonly message: string }
