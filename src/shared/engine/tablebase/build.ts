/**
 * A tablebase's build (docs/TABLEBASE.md "The algorithm"): the init pass (illegal, lost at level 0,
 * counters), then levels until one resolves nothing; what is left unresolved is drawn.
 *
 * Memory. The state table (2 bytes an entry) is split in segments of whole blocks. When it fits the
 * budget with the two frontier maps (1 bit an entry each), every segment is in memory; otherwise
 * the segments live in files of the work folder (segments.ts) and a level loads, works and writes
 * back one at a time (a level touches each block's entries only, so a segment is complete in
 * itself), with the segment's bits of the level's frontier; the next level's frontier is the one
 * map held whole.
 *
 * Checkpoints. The work folder holds the manifest (core/checkpoint.ts). In memory, a checkpoint
 * (every `checkpointSeconds`, and at most a twentieth of the time) writes every segment to files of the other generation, then the
 * manifest naming them, atomically; a resumed build rebuilds its frontier from the entries the
 * checkpoint's level resolved. On disk the segment files are the state, each stamped with its last
 * level, and the manifest records each level done. A build killed at any moment resumes from the
 * last manifest, and since a level's outcome does not depend on the order of its work, the table
 * comes out byte for byte the same.
 */
import { BudgetError } from '../core/budget'
import { Checkpoint, checksumWords, CheckpointError } from '../core/checkpoint'
import type { FileStore } from '../core/storage'
import type { TablebaseGame } from './game'
import { MAX_LEVEL, RESOLVED } from './kernel'
import { Layout } from './layout'
import type { BlockRunner, BlockTask, SharedTables } from './runner'
import { SegmentFiles, words } from './segments'

/** Bytes of state per segment at most (a segment is also a file and a task's world). */
export const SEGMENT_BYTES = 64 * 2 ** 20
/** Entries per task, about: small enough to share out and to notice a cancel. */
const TASK_ENTRIES = 1 << 17

export interface BuildOptions {
  readonly runner: BlockRunner
  /** Bytes the tables may hold in memory. */
  readonly budgetBytes: number
  /** performance.now() after which the build stops (Infinity: none). */
  readonly deadline: number
  /** The work folder (checkpoints, segments on disk), if any. */
  readonly work?: FileStore
  /** Go on with the checkpoint in `work`. */
  readonly resume: boolean
  /** Seconds between checkpoints while the tables are in memory. */
  readonly checkpointSeconds: number
  /** Smaller segments (tests): bytes of state per segment. */
  readonly segmentBytes?: number
  /** Force the segments to disk even when they fit (tests, benchmarks). */
  readonly onDisk?: boolean
  readonly progress: (p: BuildProgress) => void
}

export interface BuildProgress {
  readonly level: number
  /** Blocks done in this pass, of all. */
  readonly done: number
  readonly total: number
  /** Entries resolved in this level so far. */
  readonly resolved: number
  /** Frontier entries expanded per second in this pass. */
  readonly rate: number
  readonly memoryBytes: number
  readonly diskBytes: number
  readonly message: string
}

/** One level's record. */
export interface LevelRecord {
  readonly level: number
  /** Entries resolved (folded). */
  readonly resolved: number
  readonly seconds: number
}

/** A finished build: the state table (resolved, unresolved = drawn), by segment. */
export interface BuiltState {
  readonly layout: Layout
  readonly segmentBlocks: number
  /** The segments: in memory, or read from the work folder one at a time. */
  segment(s: number): Uint16Array
  readonly segments: number
  readonly levels: readonly LevelRecord[]
  readonly maxLevel: number
  readonly peakBytes: number
  readonly peakDiskBytes: number
  readonly onDisk: boolean
}

/** What the manifest records after each checkpoint. */
interface Progressed {
  /** The last level done (0: the init pass). */
  readonly level: number
  /** Which map holds the next level's frontier (0: maps A). */
  readonly frontier: 0 | 1
  /** In memory: per segment, its file's generation suffix and checksum (on disk: the files say). */
  readonly segments?: readonly { readonly gen: number; readonly checksum: number }[]
  readonly levels: readonly LevelRecord[]
  /** The fixpoint was reached. */
  readonly solved: boolean
}

const STEP = 'retrograde'
/** The checkpoint's manifest (core/checkpoint.ts). */
export const MANIFEST = 'checkpoint.json'

const stateFile = (s: number, gen: number): string => `state.${s}.g${gen}`

export class TablebaseBuild {
  readonly layout: Layout
  readonly segmentBlocks: number
  readonly segments: number
  private readonly runner: BlockRunner
  private readonly opts: BuildOptions
  private state: (Uint16Array | undefined)[] = []
  /** The frontier maps, per segment (undefined: not held, on disk). */
  private mapsA: (Int32Array | undefined)[] = []
  private mapsB: (Int32Array | undefined)[] = []
  private tables!: SharedTables
  private onDisk = false
  private files: SegmentFiles | undefined
  private checkpoint: Checkpoint | undefined
  private last: Progressed | undefined
  private lastCheckpoint = performance.now()
  /** Milliseconds the last checkpoint in memory took (the next waits at least 20 times as long). */
  private checkpointCost = 0
  private levels: LevelRecord[] = []
  private peakBytes = 0
  private peakDiskBytes = 0
  /** On disk: the level in progress when the build was stopped (its segments stamped with it are done). */
  private unfinished = 0
  /** Segments of the unfinished level found done (their frontier bits are rebuilt after it). */
  private doneBefore = 0
  /** The level a resumed build went on from, or null. */
  resumedAt: number | null = null

  constructor(
    readonly game: TablebaseGame,
    opts: BuildOptions,
  ) {
    this.opts = opts
    this.runner = opts.runner
    this.layout = new Layout(game)
    const L = this.layout
    const perSegment = Math.max(1, Math.floor((opts.segmentBytes ?? SEGMENT_BYTES) / (2 * L.perBlock)))
    this.segmentBlocks = Math.min(L.blocks, perSegment)
    this.segments = Math.ceil(L.blocks / this.segmentBlocks)
  }

  /** Entries of segment s. */
  private entriesOf(s: number): number {
    const blocks = Math.min(this.segmentBlocks, this.layout.blocks - s * this.segmentBlocks)
    return blocks * this.layout.perBlock
  }

  /** A buffer of `bytes` (rounded up to whole words), shared when the runner has threads. */
  private buffer(bytes: number): SharedArrayBuffer | ArrayBuffer {
    const n = Math.ceil(bytes / 4) * 4
    return this.runner.shared ? new SharedArrayBuffer(n) : new ArrayBuffer(n)
  }

  /** Bytes of one frontier map's segment s. */
  private mapBytesOf(s: number): number {
    return Math.ceil(this.entriesOf(s) / 32) * 4
  }

  /** Bytes of one whole frontier map. */
  private mapBytes(): number {
    let n = 0
    for (let s = 0; s < this.segments; s++) n += this.mapBytesOf(s)
    return n
  }

  async run(): Promise<BuiltState> {
    const L = this.layout
    const o = this.opts
    const stateBytes = L.entries * 2
    const maps = this.mapBytes()
    const segmentBytes = this.segmentBlocks * L.perBlock * 2
    this.onDisk = o.onDisk === true || stateBytes + 2 * maps > o.budgetBytes
    if (this.onDisk) {
      if (!o.work) throw new BudgetError(0, stateBytes + 2 * maps)
      if (maps + segmentBytes + this.mapBytesOf(0) > o.budgetBytes) throw new BudgetError(0, maps + segmentBytes)
      this.files = new SegmentFiles(o.work, this.segments)
    }
    if (o.work && o.resume) {
      // A resumed build keeps the way its state was kept (on disk, or in memory).
      const was = manifestOnDisk(o.work.readText(MANIFEST))
      if (was !== undefined && was !== this.onDisk) {
        if (!was && stateBytes + 2 * maps > o.budgetBytes) throw new BudgetError(0, stateBytes + 2 * maps)
        this.onDisk = was
        if (was) this.files = new SegmentFiles(o.work, this.segments)
      }
    }
    if (o.work)
      this.checkpoint = new Checkpoint(
        o.work,
        { tablebase: this.game.spec, format: 1, segmentBlocks: this.segmentBlocks, onDisk: this.onDisk },
        o.resume,
      )
    // A checkpoint without a step: the build stopped in its first pass, which starts again.
    this.last = this.checkpoint?.step<Progressed>(STEP)
    this.allocate()
    await this.runner.attach(this.tables)
    let level: number
    let frontier: 0 | 1
    if (this.last) {
      level = this.last.level
      frontier = this.last.frontier
      this.levels = [...this.last.levels]
      this.resumedAt = level
      await this.restore(this.last)
    } else {
      await this.pass({ op: 'init', b0: 0, b1: 0 }, 0, 0)
      level = 0
      frontier = 0
      await this.save(level, frontier, false)
    }
    // The init pass wrote maps B (frontier 0: A current, B next): level 1 reads B.
    let solved = this.last?.solved ?? false
    while (!solved) {
      if (performance.now() > o.deadline) throw new BudgetError(level, this.peakBytes, 'time')
      level++
      if (level > MAX_LEVEL) throw new RangeError(`level ${level}: past the ${MAX_LEVEL} levels a table entry holds`)
      frontier = frontier === 0 ? 1 : 0
      const t0 = performance.now()
      let resolved = await this.pass({ op: 'level', b0: 0, b1: 0, level }, level, frontier)
      if (this.unfinished === level) {
        // Segments done before the stop resolved entries whose frontier bits were lost: rebuild it.
        if (this.doneBefore > 0) resolved = await this.pass({ op: 'frontier', b0: 0, b1: 0, level }, level, frontier)
        this.unfinished = 0
      }
      this.levels.push({ level, resolved, seconds: (performance.now() - t0) / 1000 })
      solved = resolved === 0
      await this.save(level, frontier, solved)
    }
    return this.finish()
  }

  /** Allocate the tables: in memory every segment and both maps; on disk nothing yet. */
  private allocate(): void {
    const small = (): SharedArrayBuffer | ArrayBuffer => this.buffer(4)
    const state: (SharedArrayBuffer | ArrayBuffer)[] = []
    const a: (SharedArrayBuffer | ArrayBuffer)[] = []
    const b: (SharedArrayBuffer | ArrayBuffer)[] = []
    for (let s = 0; s < this.segments; s++) {
      state.push(this.onDisk ? small() : this.buffer(this.entriesOf(s) * 2))
      a.push(this.onDisk ? small() : this.buffer(this.mapBytesOf(s)))
      b.push(this.onDisk ? small() : this.buffer(this.mapBytesOf(s)))
    }
    this.tables = { segmentBlocks: this.segmentBlocks, state, mapsA: a, mapsB: b }
    this.state = this.onDisk ? state.map(() => undefined) : state.map((x) => new Uint16Array(x))
    this.mapsA = this.onDisk ? a.map(() => undefined) : a.map((x) => new Int32Array(x))
    this.mapsB = this.onDisk ? b.map(() => undefined) : b.map((x) => new Int32Array(x))
    this.note()
  }

  /** Memory held now (tables), for the peak. */
  private note(): void {
    let bytes = 0
    for (const x of [...this.state, ...this.mapsA, ...this.mapsB]) if (x) bytes += x.byteLength
    this.peakBytes = Math.max(this.peakBytes, bytes)
    if (bytes > this.opts.budgetBytes) throw new BudgetError(this.levels.length, bytes)
    if (this.opts.work) this.peakDiskBytes = Math.max(this.peakDiskBytes, this.opts.work.usage())
  }

  /** On disk: a whole map for the next frontier, zeroed, handed to the threads. */
  private async wholeMap(which: 'A' | 'B'): Promise<void> {
    const bufs = Array.from({ length: this.segments }, (_, s) => this.buffer(this.mapBytesOf(s)))
    if (which === 'A') this.mapsA = bufs.map((x) => new Int32Array(x))
    else this.mapsB = bufs.map((x) => new Int32Array(x))
    this.tables = which === 'A' ? { ...this.tables, mapsA: bufs } : { ...this.tables, mapsB: bufs }
    await this.runner.attach(this.tables)
    this.note()
  }

  /** On disk: let go of a whole map. */
  private async dropMap(which: 'A' | 'B'): Promise<void> {
    const small = Array.from({ length: this.segments }, () => this.buffer(4))
    if (which === 'A') this.mapsA = small.map(() => undefined)
    else this.mapsB = small.map(() => undefined)
    this.tables = which === 'A' ? { ...this.tables, mapsA: small } : { ...this.tables, mapsB: small }
    await this.runner.attach(this.tables)
  }

  /**
   * One pass (init, a level, or a frontier rebuilt) over every block, segment by segment; the
   * entries it resolved (or found resolved at the level, for a rebuild). A level skips the
   * segments with no frontier bit (and, on disk, those a stopped build had done).
   */
  private async pass(kind: BlockTask, level: number, frontier: 0 | 1): Promise<number> {
    const L = this.layout
    const nextName = frontier === 0 ? 'B' : 'A'
    const currentName = frontier === 0 ? 'A' : 'B'
    if (this.onDisk) await this.wholeMap(nextName)
    for (const m of frontier === 0 ? this.mapsB : this.mapsA) m?.fill(0)
    const total = L.blocks
    let done = 0
    let resolved = 0
    let expanded = 0
    const t0 = performance.now()
    const per = Math.max(1, Math.floor(TASK_ENTRIES / L.perBlock))
    for (let s = 0; s < this.segments; s++) {
      const b0 = s * this.segmentBlocks
      const b1 = Math.min(L.blocks, b0 + this.segmentBlocks)
      if (kind.op === 'level' && !(await this.frontierOf(s, level, currentName))) {
        done += b1 - b0
        continue
      }
      if (this.onDisk) await this.load(s, kind.op === 'init')
      const tasks: BlockTask[] = []
      for (let b = b0; b < b1; b += per) tasks.push({ ...kind, b0: b, b1: Math.min(b1, b + per) })
      await this.runner.run(tasks, frontier, (c) => {
        resolved += c.resolved
        expanded += c.expanded
        done += c.blocks
        const seconds = (performance.now() - t0) / 1000
        this.opts.progress({
          level,
          done,
          total,
          resolved,
          rate: seconds > 0 ? (kind.op === 'init' ? (done * L.perBlock) / seconds : expanded / seconds) : 0,
          memoryBytes: this.peakBytes,
          diskBytes: this.peakDiskBytes,
          message:
            kind.op === 'init'
              ? `first pass: illegal and lost positions, move counts (segment ${s + 1} of ${this.segments})`
              : kind.op === 'frontier'
                ? `the frontier of level ${level} rebuilt from the state (segment ${s + 1} of ${this.segments})`
                : `level ${level} (${level % 2 === 1 ? 'wins' : 'losses'}): segment ${s + 1} of ${this.segments}`,
        })
      })
      if (this.onDisk) {
        if (kind.op !== 'frontier') this.files!.writeState(s, this.state[s]!, level)
        await this.release(s, currentName)
      }
    }
    if (this.onDisk && !(kind.op === 'level' && this.unfinished === level && this.doneBefore > 0)) {
      // The next level's frontier, whole, before the manifest says this level is done.
      const next = frontier === 0 ? this.mapsB : this.mapsA
      for (let s = 0; s < this.segments; s++) this.files!.writeFrontier(s, level + 1, next[s]!)
      await this.dropMap(nextName)
    }
    return resolved
  }

  /**
   * Whether segment s has frontier bits for `level` (on disk: loaded from its file, unless a
   * stopped build had done the segment already).
   */
  private async frontierOf(s: number, level: number, which: 'A' | 'B'): Promise<boolean> {
    if (!this.onDisk) return (which === 'A' ? this.mapsA : this.mapsB)[s]!.some((w) => w !== 0)
    if (this.unfinished === level && this.files!.stamp(s, Math.ceil(this.entriesOf(s) / 2)) === level) {
      this.doneBefore++
      return false
    }
    const buf = this.buffer(this.mapBytesOf(s))
    const bits = new Int32Array(buf)
    this.files!.readFrontier(s, level, bits)
    if (!bits.some((w) => w !== 0)) return false
    ;(which === 'A' ? this.mapsA : this.mapsB)[s] = bits
    await this.runner.segment(s, which === 'A' ? { mapA: buf } : { mapB: buf })
    this.note()
    return true
  }

  /** On disk: load segment s (or a fresh one for the init pass) and hand it to the threads. */
  private async load(s: number, fresh: boolean): Promise<void> {
    const buf = this.buffer(this.entriesOf(s) * 2)
    const arr = new Uint16Array(buf)
    if (!fresh) this.files!.readState(s, arr)
    this.state[s] = arr
    this.note()
    await this.runner.segment(s, { state: buf })
  }

  /** On disk: let go of segment s and its frontier bits. */
  private async release(s: number, current: 'A' | 'B'): Promise<void> {
    this.state[s] = undefined
    ;(current === 'A' ? this.mapsA : this.mapsB)[s] = undefined
    await this.runner.segment(
      s,
      current === 'A' ? { state: this.buffer(4), mapA: this.buffer(4) } : { state: this.buffer(4), mapB: this.buffer(4) },
    )
  }

  private writeWords(name: string, data: Uint32Array): void {
    const w = this.opts.work!.create(name, 1)
    const CH = 1 << 22
    for (let at = 0; at < data.length; at += CH) {
      const part = data.subarray(at, Math.min(data.length, at + CH))
      w.append(part, part.length)
    }
    w.close()
  }

  private readChecked(name: string, into: Uint32Array, checksum: number): void {
    const work = this.opts.work!
    const where = `${work.where}/${name}`
    if (!work.exists(name)) throw new CheckpointError(`checkpoint file ${where} is missing`)
    if (work.size(name) !== into.length * 4)
      throw new CheckpointError(`checkpoint file ${where} is damaged: ${work.size(name)} bytes, not ${into.length * 4}`)
    const r = work.open(name, 1)
    try {
      r.read(0, into, into.length)
    } finally {
      r.close()
    }
    if (checksumWords(into, into.length) !== checksum)
      throw new CheckpointError(`checkpoint file ${where} is damaged: its checksum does not match`)
  }

  /**
   * After `level` (the next frontier in the map `frontier` selects as next): the manifest, on disk
   * after every level; in memory a checkpoint when it is due (and when solved).
   */
  private async save(level: number, frontier: 0 | 1, solved: boolean): Promise<void> {
    const cp = this.checkpoint
    if (!cp) return
    let record: Progressed
    if (this.onDisk) record = { level, frontier, levels: this.levels, solved }
    else {
      // At most every checkpointSeconds, and at most a twentieth of the time (a slow disk, a busy machine).
      const wait = Math.max(this.opts.checkpointSeconds * 1000, 20 * this.checkpointCost)
      const due = solved || level === 0 || performance.now() - this.lastCheckpoint >= wait
      if (!due) return
      const t0 = performance.now()
      const segments: { gen: number; checksum: number }[] = []
      for (let s = 0; s < this.segments; s++) {
        const before = this.last?.segments?.[s]
        const gen = before ? 1 - before.gen : 0
        const w = words(this.state[s]!)
        this.writeWords(stateFile(s, gen), w)
        segments.push({ gen, checksum: checksumWords(w, w.length) })
      }
      record = { level, frontier, segments, levels: this.levels, solved }
      this.checkpointCost = performance.now() - t0
    }
    cp.settle(STEP, record)
    this.last = record
    this.lastCheckpoint = performance.now()
    this.note()
    await Promise.resolve()
  }

  /**
   * Restore a checkpoint. In memory: the segments, and the next frontier rebuilt from the state
   * (the entries resolved at the checkpoint's level). On disk the files hold both; a segment
   * stamped with the next level was done before the stop.
   */
  private async restore(p: Progressed): Promise<void> {
    if (this.onDisk) {
      this.unfinished = p.level + 1
      return
    }
    const segs = p.segments ?? []
    if (segs.length !== this.segments)
      throw new CheckpointError(`${this.opts.work!.where}: the checkpoint has ${segs.length} segments, not ${this.segments}`)
    for (let s = 0; s < this.segments; s++) this.readChecked(stateFile(s, segs[s]!.gen), words(this.state[s]!), segs[s]!.checksum)
    if (!p.solved) await this.pass({ op: 'frontier', b0: 0, b1: 0, level: p.level }, p.level, p.frontier)
  }

  /** Remove the work files and the manifest (the table is written). */
  cleanup(): void {
    const work = this.opts.work
    if (!work) return
    for (let s = 0; s < this.segments; s++) for (const gen of [0, 1]) work.remove(stateFile(s, gen))
    this.files?.remove()
    work.remove(MANIFEST)
  }

  /** A segment's state: in memory, or read back from the work folder (checked). */
  private segmentOf(s: number): Uint16Array {
    const held = this.state[s]
    if (held) return held
    const arr = new Uint16Array(this.buffer(this.entriesOf(s) * 2))
    this.files!.readState(s, arr)
    return arr
  }

  private finish(): BuiltState {
    let maxLevel = 0
    for (const l of this.levels) if (l.resolved > 0) maxLevel = l.level
    return {
      layout: this.layout,
      segmentBlocks: this.segmentBlocks,
      segments: this.segments,
      levels: this.levels,
      maxLevel,
      peakBytes: this.peakBytes,
      peakDiskBytes: this.peakDiskBytes,
      onDisk: this.onDisk,
      segment: (s: number) => this.segmentOf(s),
    }
  }
}

/** Whether a manifest's build kept its state on disk (undefined: no such manifest). */
function manifestOnDisk(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined
  try {
    // The parameters are a sealed record (core/checkpoint.ts); the Checkpoint checks its seal next.
    const m = JSON.parse(text) as { params?: { value?: { onDisk?: unknown } } }
    const onDisk = m.params?.value?.onDisk
    return typeof onDisk === 'boolean' ? onDisk : undefined
  } catch {
    return undefined
  }
}

/** The value of a state entry: 'win', 'loss', 'draw' (unresolved), or undefined (illegal, unused). */
export function valueOfState(s: number): 'win' | 'loss' | 'draw' | undefined {
  if (s >= 0xfffe) return undefined
  if (s < RESOLVED) return 'draw'
  return (s & 1) === 1 ? 'win' : 'loss'
}
