/**
 * Level sets on more than one machine (issue 19): a level on disk split into shards by a hash of
 * the state, every shard a sorted file in a folder all workers read and write. A level is built by
 * two rounds of tasks, each task independent and safe to run again (issue 28):
 *
 * - expand(i): the parents in shard i, expanded by the domain's kernel; the children go to one
 *   sorted run per target shard (`<level>.e<i>.s<j>`);
 * - merge(j): the runs for shard j merged into the level's shard j, without the states of the
 *   window levels' shard j (a state and its duplicates hash to the same shard).
 *
 * A task writes each output under a name of its own attempt, flushes it to disk and renames it
 * into place, and deletes its inputs only after the rename: a task run twice (retried after a
 * worker died, or after its reply was lost) gives the same files, and a merge whose inputs are gone
 * because an earlier attempt finished answers from that attempt's output.
 *
 * Tasks are plain data (the domain's init, the rule, file names); a LevelFarm runs them (hosts:
 * BullMQ workers on Redis, src/hosts/node/cluster.ts; or inline, `inlineFarm`, for tests). The
 * level sizes are those of one process: the same sets, split differently.
 */
import { nextTick } from './executor'
import { newStats, type KernelStats, type RuleBase, type Sink, type ThreadKernel } from './contract'
import { DiskLevel, RunWriter } from './disk-level'
import { hashWords, KeySet } from './keyset'
import { mergeRuns } from './sorted'
import type { StateSet } from './state-set'
import { packedStore } from './packed-store'
import { rowsIn, type FileStore } from './storage'
import { checksumWords, fileChecksum } from './checkpoint'

/** The shard of a state: its hash modulo the shard count. */
export function shardOf(keys: Uint32Array, off: number, w: number, shards: number): number {
  return (hashWords(keys, off, w) >>> 0) % shards
}

/** A level as shards on disk. */
export class ShardedLevel implements StateSet {
  readonly bytes = 0
  constructor(
    /** The level's name: its shards are `<name>.s<j>`. */
    readonly name: string,
    readonly shards: readonly DiskLevel[],
  ) {}
  get w(): number {
    return this.shards[0]!.w
  }
  get size(): number {
    return this.shards.reduce((n, s) => n + s.size, 0)
  }
  get diskBytes(): number {
    return this.shards.reduce((n, s) => n + s.diskBytes, 0)
  }
  has(keys: Uint32Array, off: number): boolean {
    return this.shards[shardOf(keys, off, this.w, this.shards.length)]!.has(keys, off)
  }
  forEach(f: (raw: Uint32Array, off: number) => void): void {
    for (const s of this.shards) s.forEach(f)
  }
  remove(): void {
    for (const s of this.shards) s.remove()
  }
  /** A level of states in memory written as shards named `<name>.s<j>`. */
  static write(store: FileStore, name: string, states: StateSet, shards: number): ShardedLevel {
    const parts = Array.from({ length: shards }, () => new KeySet(states.w, 16))
    states.forEach((raw, off) => void parts[shardOf(raw, off, states.w, shards)]!.add(raw, off))
    return new ShardedLevel(
      name,
      parts.map((p, j) => DiskLevel.write(store, `${name}.s${j}`, p)),
    )
  }
}

/** A task of a level's build, as plain data (it crosses to workers). */
export type FarmTask =
  | {
      readonly op: 'expand'
      /** The domain's init (registry.ts DomainInit), the rule, the key width. */
      readonly init: unknown
      readonly rule: RuleBase
      readonly w: number
      readonly shards: number
      /** The parent shard's file and rows, and the name the runs start with. */
      readonly parent: { readonly name: string; readonly rows: number }
      readonly level: string
      readonly index: number
      /** Rows a run's buffer holds. */
      readonly bufferRows: number
    }
  | {
      readonly op: 'merge'
      readonly w: number
      readonly shards: number
      readonly level: string
      readonly index: number
      /** The window levels' shard files of this index. */
      readonly window: readonly { readonly name: string; readonly rows: number }[]
    }

export type FarmReply =
  | { readonly op: 'expand'; readonly stats: KernelStats; readonly goals: number[] }
  | { readonly op: 'merge'; readonly rows: number; readonly checksum: number }

/** What runs a level's tasks: all of one round, concurrently where it can. */
export interface LevelFarm {
  readonly folder: string
  run(tasks: readonly FarmTask[]): Promise<FarmReply[]>
  /** Let go of the queue (connections). */
  close(): Promise<void>
}

const runName = (level: string, from: number, to: number): string => `${level}.e${from}.s${to}`


/** A name no other attempt of a task uses, for the files it writes before renaming them into place. */
const attemptName = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 2 ** 32).toString(36)}`

/**
 * Run one task (a worker's side): `kernelOf` builds the domain's kernel from its init. It yields
 * between chunks, so that a worker on the task's thread can go on renewing its hold on the task.
 */
export async function runTask(task: FarmTask, folder: FileStore, kernelOf: (init: unknown) => ThreadKernel): Promise<FarmReply> {
  // The coordinator's files are packed (core/spine.ts): a worker reads and writes them the same way.
  const store = packedStore(folder)
  return task.op === 'merge' ? merge(task, store) : expand(task, store, kernelOf)
}

/** Write `name` as `tmp` (flushed), then rename it into place. */
function durably(store: FileStore, name: string, write: (tmp: string) => void): void {
  const tmp = `${name}.tmp-${attemptName()}`
  try {
    write(tmp)
    store.rename(tmp, name)
  } finally {
    store.remove(tmp)
  }
}

function merge(task: Extract<FarmTask, { op: 'merge' }>, store: FileStore): FarmReply {
  const w = task.w
  const out = `${task.level}.s${task.index}`
  const names = Array.from({ length: task.shards }, (_, i) => runName(task.level, i, task.index))
  const missing = names.filter((n) => !store.exists(n))
  if (missing.length > 0) {
    // An earlier attempt renamed its output into place and deleted (some of) the runs after it:
    // its answer stands.
    if (store.exists(out)) {
      const rows = rowsIn(store, out, w)
      return { op: 'merge', rows, checksum: fileChecksum(store, out, w, rows) }
    }
    throw new Error(`merge of ${out}: runs missing (${missing.join(', ')}) and no merged shard`)
  }
  const runs = names.map((n) => new DiskLevel(store, n, w, rowsIn(store, n, w)))
  const window = task.window.map((f) => new DiskLevel(store, f.name, w, f.rows))
  let rows = 0
  let checksum = 0x811c9dc5
  try {
    durably(store, out, (tmp) => {
      const file = store.create(tmp, w)
      rows = mergeRuns(
        runs.map((r) => r.source),
        window.map((l) => l.source),
        w,
        {
          append(r, count) {
            checksum = checksumWords(r, count * w, checksum)
            file.append(r, count)
          },
        },
      )
      file.sync()
      file.close()
    })
  } finally {
    for (const l of [...window, ...runs]) l.close()
  }
  // The inputs go only once the output is in place.
  for (const r of runs) r.remove()
  return { op: 'merge', rows, checksum }
}

async function expand(task: Extract<FarmTask, { op: 'expand' }>, store: FileStore, kernelOf: (init: unknown) => ThreadKernel): Promise<FarmReply> {
  const w = task.w
  const kernel = kernelOf(task.init)
  const attempt = attemptName()
  const writers = Array.from(
    { length: task.shards },
    (_, j) => new RunWriter(store, `${runName(task.level, task.index, j)}.part-${attempt}`, w, task.bufferRows),
  )
  const goals: number[] = []
  const sink: Sink = {
    minScore: -Infinity,
    child(keys, off) {
      writers[shardOf(keys, off, w, task.shards)]!.add(keys, off)
    },
    goal(keys, off) {
      for (let k = 0; k < w; k++) goals.push(keys[off + k]!)
    },
  }
  const stats = newStats()
  const parent = new DiskLevel(store, task.parent.name, w, task.parent.rows)
  const chunk = 1 << 14
  const table = new Uint32Array(chunk * w)
  const empty = [new KeySet(w, 16)]
  try {
    for (let at = 0; at < parent.size; at += chunk) {
      const n = parent.read(at, table, chunk)
      kernel.expandRange(table, 0, n, task.rule, empty, sink, stats)
      await nextTick()
    }
  } finally {
    parent.close()
  }
  // Each target's runs merged into one run per (source, target), renamed into place: merge tasks
  // read S runs each, and find them whole or not at all.
  writers.forEach((writer, j) => {
    const name = runName(task.level, task.index, j)
    durably(store, name, (tmp) => void writer.merge(tmp, [], { durable: true }))
  })
  return { op: 'expand', stats, goals }
}

/** A farm on the calling thread (tests; one machine without a queue). */
export function inlineFarm(store: FileStore, kernelOf: (init: unknown) => ThreadKernel): LevelFarm {
  return {
    folder: store.where,
    run: async (tasks) => {
      const replies: FarmReply[] = []
      for (const t of tasks) replies.push(await runTask(t, store, kernelOf))
      return replies
    },
    close: async () => undefined,
  }
}
