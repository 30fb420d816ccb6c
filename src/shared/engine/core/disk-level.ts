/**
 * Level sets on disk (issue 19; Korf's delayed duplicate detection): a level is a file of packed
 * states in sorted order, written once. While a level is built its children go to a buffer in
 * memory; a full buffer is sorted, cleared of repeats and written as a run; when the level is done
 * its runs are merged into the level's file, leaving out the states the duplicate window's levels
 * hold (themselves sorted files). Memory holds one buffer and a block per file being merged.
 *
 * The kernel then checks no window itself (it is handed an empty one): every child goes to the
 * buffer, so the level's `children` count is the same and its size is the same as in memory.
 */
import { checksumWords } from './checkpoint'
import type { Sink } from './contract'
import { KeySet, type BufferKind } from './keyset'
import { dedupeSorted, mergeRuns, sortedHas, sortRows, type RowSource } from './sorted'
import type { StateSet } from './state-set'
import type { FileStore, RowReader } from './storage'

/** Rows per block read or written. */
const BLOCK_ROWS = 1 << 14

/** A sorted level in a file of the store. Holds no states in memory. */
export class DiskLevel implements StateSet {
  readonly bytes = 0
  private reader: RowReader | undefined

  constructor(
    readonly store: FileStore,
    readonly name: string,
    readonly w: number,
    readonly size: number,
    /** Checksum of the file's words (checkpoint.ts), where the level was just written. */
    readonly checksum?: number,
  ) {}

  private onDisk: number | undefined

  /** Bytes the level's file takes on disk (packed: about 1-3 bytes a state; 0 once removed). */
  get diskBytes(): number {
    if (this.onDisk === undefined && this.store.exists(this.name)) this.onDisk = this.store.size(this.name)
    return this.onDisk ?? 0
  }

  /** The level's rows, read in ranges (kept open until close()). */
  get source(): RowSource {
    return (this.reader ??= this.store.open(this.name, this.w))
  }

  has(keys: Uint32Array, off: number): boolean {
    return this.size > 0 && sortedHas(this.source, keys, off, this.w)
  }

  forEach(f: (raw: Uint32Array, off: number) => void): void {
    const block = new Uint32Array(BLOCK_ROWS * this.w)
    for (let at = 0; at < this.size;) {
      const n = this.source.read(at, block, BLOCK_ROWS)
      for (let r = 0; r < n; r++) f(block, r * this.w)
      at += n
    }
  }

  /** Rows [at, at + count) into out (the parents of a chunk of the next level). */
  read(at: number, out: Uint32Array, count: number): number {
    return this.source.read(at, out, count)
  }

  close(): void {
    this.reader?.close()
    this.reader = undefined
  }

  /** Close and delete the file. */
  remove(): void {
    this.close()
    this.store.remove(this.name)
  }

  /** A level of states in memory written to the store as a sorted file. */
  static write(store: FileStore, name: string, states: StateSet): DiskLevel {
    const w = states.w
    const rows = new Uint32Array(Math.max(1, states.size) * w)
    let n = 0
    states.forEach((raw, off) => rows.set(raw.subarray(off, off + w), n++ * w))
    sortRows(rows, n, w, new Uint32Array(n * w))
    const out = store.create(name, w)
    out.append(rows, n)
    out.close()
    return new DiskLevel(store, name, w, n)
  }
}

/**
 * Sorted runs of rows, written from a buffer of up to `rows` rows whenever it fills. Runs are
 * named `<prefix>.run<k>`, k counting up from `next` (a merge of runs takes the next number too).
 */
export class RunWriter {
  /** The buffer grows by doubling up to `rows` rows (small levels take little memory). */
  private buffer: Uint32Array
  private scratch = new Uint32Array(0)
  private count = 0
  readonly runs: DiskLevel[] = []
  /** The number the next run is named by. */
  next = 0
  /** Rows added in all, repeats included. */
  added = 0

  constructor(
    private readonly store: FileStore,
    private readonly prefix: string,
    readonly w: number,
    /** Rows the buffer holds at most. */
    readonly rows: number,
    /** Runs are flushed to disk before they are closed (a checkpoint is about to name them). */
    private readonly durable = false,
  ) {
    this.buffer = new Uint32Array(Math.min(rows, 1 << 12) * w)
  }

  /** The file of run k. */
  runName(k: number): string {
    return `${this.prefix}.run${k}`
  }

  /** Bytes of the runs on disk. */
  get runBytes(): number {
    let b = 0
    for (const r of this.runs) b += r.diskBytes
    return b
  }

  /** Bytes held in memory (the buffer and the sort's scratch). */
  get bytes(): number {
    return this.buffer.byteLength + this.scratch.byteLength
  }

  /** Rows in the buffer. */
  get buffered(): number {
    return this.count
  }

  /** Rows buffered or written (repeats within a run dropped). */
  get size(): number {
    let n = this.count
    for (const r of this.runs) n += r.size
    return n
  }

  add(keys: Uint32Array, off: number): void {
    const w = this.w
    if (this.count * w === this.buffer.length) {
      if (this.count < this.rows) {
        const grown = new Uint32Array(Math.min(this.rows, this.count * 2) * w)
        grown.set(this.buffer)
        this.buffer = grown
      } else this.spill()
    }
    // A copy by words: a subarray per child would allocate on the main thread's hottest loop.
    const buffer = this.buffer
    const o = this.count * w
    for (let k = 0; k < w; k++) buffer[o + k] = keys[off + k]!
    this.count++
    this.added++
  }

  /** Write the buffer as a sorted run without repeats. */
  spill(): void {
    if (this.count === 0) return
    if (this.scratch.length < this.buffer.length) this.scratch = new Uint32Array(this.buffer.length)
    sortRows(this.buffer, this.count, this.w, this.scratch)
    const n = dedupeSorted(this.buffer, this.count, this.w)
    const name = this.runName(this.next++)
    const out = this.store.create(name, this.w)
    out.append(this.buffer, n)
    if (this.durable) out.sync()
    out.close()
    this.runs.push(new DiskLevel(this.store, name, this.w, n, checksumWords(this.buffer, n * this.w)))
    this.count = 0
  }

  /**
   * Merge the runs into one run without repeats and without the rows `minus` holds (the window's
   * levels: the level's merge leaves them out anyway), written aside, flushed and renamed into
   * place, so that the runs of a level take no more than its states. The inputs stay on disk:
   * the caller deletes them (`remove`) once the new run is recorded.
   */
  compact(minus: readonly DiskLevel[]): DiskLevel[] {
    const inputs = this.runs.splice(0, this.runs.length)
    const name = this.runName(this.next++)
    const aside = this.write(`${name}.tmp`, inputs, minus, { durable: true })
    this.store.rename(aside.name, name)
    this.runs.push(new DiskLevel(this.store, name, this.w, aside.size, aside.checksum))
    return inputs
  }

  /**
   * Delete the files of runs this writer does not hold: those numbered below `next` (merged into
   * another before a stop, or written after the last record of a level stopped by a kill) and
   * those from `next` on (written after it).
   */
  clearStale(): void {
    const held = new Set(this.runs.map((r) => r.name))
    for (let k = 0; k < this.next; k++) if (!held.has(this.runName(k)) && this.store.exists(this.runName(k))) this.store.remove(this.runName(k))
    for (let k = this.next; ; k++) {
      const there = [this.runName(k), `${this.runName(k)}.tmp`].filter((n) => this.store.exists(n))
      if (there.length === 0) return
      for (const n of there) this.store.remove(n)
    }
  }

  /**
   * Merge the runs into `name`, without the rows any of `minus` holds (or, with `held`, only
   * those rows), and delete the runs. A `durable` file is flushed to disk before it is closed: a
   * checkpoint or another machine is about to rely on it.
   */
  merge(name: string, minus: readonly DiskLevel[], options: { readonly held?: boolean; readonly durable?: boolean; readonly keep?: boolean } = {}): DiskLevel {
    this.spill()
    const level = this.write(name, this.runs, minus, options)
    if (options.keep) return level
    for (const r of this.runs) r.remove()
    this.runs.length = 0
    return level
  }

  /** Merge `runs` into the file `name` (see merge). */
  private write(
    name: string,
    runs: readonly DiskLevel[],
    minus: readonly DiskLevel[],
    options: { readonly held?: boolean; readonly durable?: boolean },
  ): DiskLevel {
    const held = options.held ?? false
    const file = this.store.create(name, this.w)
    let checksum = 0x811c9dc5
    const out = {
      append: (rows: Uint32Array, count: number): void => {
        checksum = checksumWords(rows, count * this.w, checksum)
        file.append(rows, count)
      },
    }
    const size = mergeRuns(
      runs.map((r) => r.source),
      minus.map((l) => l.source),
      this.w,
      out,
      { blockRows: BLOCK_ROWS, held },
    )
    if (options.durable) file.sync()
    file.close()
    for (const r of runs) r.close()
    return new DiskLevel(this.store, name, this.w, size, checksum)
  }
}

/**
 * Delete the sorted runs of level `name` (`name.runK`, and `name.runK.tmp` that a merge was writing
 * aside) in the store that `kept` does not name: every number, gaps included (the collector's
 * clearStale stops at the first number with no file).
 */
export function removeStaleRuns(store: FileStore, name: string, kept: readonly string[]): void {
  const run = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.run\\d+(\\.tmp)?$`)
  for (const f of store.names()) if (run.test(f) && !kept.includes(f)) store.remove(f)
}

/** What a SpillCollector is given besides its buffer. */
export interface SpillOptions {
  /** The duplicate window's levels (sorted files). */
  readonly window: readonly DiskLevel[]
  /**
   * Whether the runs are recorded while the level is built (a checkpoint's level in progress): runs
   * are then flushed before they are named, and the buffer is written at chunk boundaries.
   */
  readonly recording?: boolean
  /** The runs a resumed level kept, and the number of its next run. */
  readonly resumed?: { readonly runs: readonly DiskLevel[]; readonly next: number }
  /**
   * A disk limit: when the store holds more than `bytes` after a run is written, the runs are
   * merged into one (RunWriter.compact), so that the runs of a level take about its states, not
   * every child with its repeats; `merged` hears of each merge.
   */
  readonly limit?: {
    readonly bytes: number
    usage(): number
    merged?(runs: number, before: number, after: number): void
  }
}

/** A level's children collected on disk: the LevelCollector of a search with a store. */
export class SpillCollector implements Sink {
  readonly minScore = -Infinity
  goals: KeySet | undefined
  private readonly writer: RunWriter
  private readonly window: readonly DiskLevel[]
  private readonly recording: boolean
  /** The writer's run number and rows added at the last record and at the last chunk boundary. */
  private nextRecorded: number
  private addedAtBoundary = 0
  /** Most children a chunk of parents gave so far. */
  private chunkMost = 0
  /** Whether a record in progress names the runs (they then stay until dropRuns). */
  private named = false
  private readonly limit: SpillOptions['limit']
  /** The writer's run number when the limit was last checked, and the last merge's run. */
  private nextChecked: number
  private merged: DiskLevel | undefined

  /** @param rows rows the buffer holds before it is written as a run */
  constructor(
    store: FileStore,
    private readonly name: string,
    w: number,
    rows: number,
    o: SpillOptions,
  ) {
    this.window = o.window
    this.limit = o.limit
    this.recording = o.recording ?? false
    this.writer = new RunWriter(store, name, w, rows, this.recording)
    if (o.resumed) {
      this.writer.runs.push(...o.resumed.runs)
      this.writer.next = o.resumed.next
      this.named = true
    }
    this.nextRecorded = this.writer.next
    this.nextChecked = this.writer.next
    // Runs left by an earlier attempt at this level that no record names.
    if (this.recording) this.writer.clearStale()
  }

  /** Sorted runs written so far (the buffer counts as one when it holds rows). */
  get runs(): number {
    return this.writer.runs.length + (this.writer.buffered > 0 ? 1 : 0)
  }

  /** The runs on disk, and the number the next one will take (what a record in progress names). */
  get written(): { readonly runs: readonly DiskLevel[]; readonly next: number } {
    return { runs: this.writer.runs.slice(), next: this.writer.next }
  }

  /** States collected so far (with repeats across runs), for progress. */
  get size(): number {
    return this.writer.size
  }

  get bytes(): number {
    return this.writer.bytes
  }

  /** Bytes of the runs on disk. */
  get diskBytes(): number {
    return this.writer.runBytes
  }

  child(keys: Uint32Array, off: number): void {
    this.writer.add(keys, off)
  }

  goal(keys: Uint32Array, off: number): void {
    ;(this.goals ??= new KeySet(this.writer.w, 16)).add(keys, off)
  }

  /**
   * At a chunk boundary (every child of the parents expanded so far handed over). When a run was
   * written since the last record, or the buffer could not hold another chunk's children, the
   * buffer is written as a run and `record` called: the runs then hold every child of the parents
   * expanded so far. When a run was written and the store is over the disk limit, the runs are
   * merged into one first; the runs merged are deleted after the record that no longer names them.
   */
  boundary(record: () => void): void {
    const chunk = this.writer.added - this.addedAtBoundary
    this.addedAtBoundary = this.writer.added
    this.chunkMost = Math.max(this.chunkMost, chunk)
    const recordable = this.recording && !this.goals
    let due = recordable && (this.writer.next !== this.nextRecorded || this.writer.buffered + this.chunkMost > this.writer.rows)
    if (due) this.writer.spill()
    let inputs: DiskLevel[] = []
    // Not after a win while a record names runs: a merge would delete runs that record names,
    // and no new record follows it (a resume would find them missing).
    if (this.writer.next !== this.nextChecked && (recordable || !this.named) && this.overLimit()) {
      if (recordable && !due) {
        this.writer.spill()
        due = true
      }
      const before = this.writer.runBytes
      inputs = this.writer.compact(this.window)
      this.merged = this.writer.runs[0]
      this.limit?.merged?.(inputs.length, before, this.merged!.diskBytes)
    }
    this.nextChecked = this.writer.next
    if (due) {
      this.nextRecorded = this.writer.next
      this.named = true
      record()
    }
    for (const r of inputs) r.remove()
  }

  /**
   * Whether the store is over the disk limit and merging the runs is worth it: two runs or more,
   * and the runs written since the last merge at least half its size (a level whose states alone
   * pass the limit is merged each time its new runs grow by half, not after every run).
   */
  private overLimit(): boolean {
    const limit = this.limit
    const runs = this.writer.runs
    if (!limit || runs.length < 2) return false
    const fresh = this.writer.runBytes - (this.merged && runs.includes(this.merged) ? this.merged.diskBytes : 0)
    if (this.merged && runs.includes(this.merged) && fresh < this.merged.diskBytes / 2) return false
    return limit.usage() > limit.bytes
  }

  /**
   * The level is stopped (cancel, budget, time): the buffer is written as a run and `record`
   * called, so that the runs hold every child of the parents expanded at the last chunk boundary
   * (and perhaps some of the chunk after); nothing is recorded when the level met goals.
   */
  stop(record: () => void): void {
    if (!this.recording || this.goals) return
    this.writer.spill()
    this.nextRecorded = this.writer.next
    this.named = true
    record()
  }

  finish(_kind: BufferKind): DiskLevel {
    // A level's file: a checkpoint names it next. Runs a record names stay until the level's
    // record replaces it (dropRuns).
    return this.writer.merge(this.name, this.window, { durable: true, keep: this.named })
  }

  /** Delete the runs (after the level's record replaced the record in progress that named them). */
  dropRuns(): void {
    for (const r of this.writer.runs) r.remove()
    this.writer.runs.length = 0
  }
}

/**
 * The keys `probe` asks a sorted level for that the level holds, found by merging instead of one
 * lookup each: `probe` runs once with a lookup that records every key asked (answering no), the
 * keys are sorted into runs and merged against the level, and the hits come back in memory (a
 * meeting's few states). Run `probe` again with the hits to act on them. A probe may be async (a
 * long pass that yields to hear a cancel).
 */
export async function hitsIn(
  level: DiskLevel | readonly DiskLevel[],
  rows: number,
  probe: (lookup: { has(keys: Uint32Array, off: number): boolean }) => void | Promise<void>,
): Promise<KeySet> {
  // A level in shards: a key is held if any shard holds it.
  const files = Array.isArray(level) ? level : [level as DiskLevel]
  const first = files[0]!
  const asked = new RunWriter(first.store, `${first.name}.asked`, first.w, rows)
  const hitsName = `${first.name}.hits`
  let found: DiskLevel
  try {
    await probe({
      has(keys, off) {
        asked.add(keys, off)
        return false
      },
    })
    found = asked.merge(hitsName, files, { held: true })
  } catch (e) {
    // Stopped (a cancel, the deadline) or failed (a full disk): the keys asked so far go.
    for (const r of asked.runs) if (first.store.exists(r.name)) r.remove()
    if (first.store.exists(hitsName)) first.store.remove(hitsName)
    throw e
  }
  const hits = new KeySet(first.w, Math.max(16, found.size))
  found.forEach((raw, off) => void hits.add(raw, off))
  found.remove()
  return hits
}
