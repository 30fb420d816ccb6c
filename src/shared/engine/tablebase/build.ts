/**
 * A tablebase's build (docs/TABLEBASE.md "The algorithm"): the init pass (illegal, lost at level 0,
 * counters), then levels until one resolves nothing; what is left unresolved is drawn.
 *
 * Memory. The state table (2 bytes an entry) is split in segments of whole blocks. When it fits the
 * budget with the two frontier maps (1 bit an entry each), every segment is in memory; otherwise
 * the segments live in files of the work folder and a level loads, works and writes back one at a
 * time (a level touches each block's entries only, so a segment is complete in itself), while the
 * frontier maps stay in memory.
 *
 * Checkpoints. The work folder holds the manifest (core/checkpoint.ts) and generation files: a
 * checkpoint writes every segment it changed and the next frontier to files of the other
 * generation, then the manifest naming them, atomically. A build killed at any moment resumes
 * from the last manifest, and since a level's outcome does not depend on the order of its work,
 * the table comes out byte for byte the same. With the segments in memory a checkpoint is taken
 * every `checkpointSeconds`; on disk after every level (the segments are written anyway).
 */
import { BudgetError } from '../core/budget'
import { Checkpoint, checksumWords, CheckpointError } from '../core/checkpoint'
import type { FileStore } from '../core/storage'
import type { TablebaseGame } from './game'
import { MAX_LEVEL, RESOLVED } from './kernel'
import { Layout } from './layout'
import type { BlockRunner, BlockTask, SharedTables } from './runner'

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
  /** Per segment: its file's generation suffix and checksum. */
  readonly segments: readonly { readonly gen: number; readonly checksum: number }[]
  readonly levels: readonly LevelRecord[]
  /** The fixpoint was reached. */
  readonly solved: boolean
}

const STEP = 'retrograde'
/** The checkpoint's manifest (core/checkpoint.ts). */
const MANIFEST = 'checkpoint.json'

const stateFile = (s: number, gen: number): string => `state.${s}.g${gen}`

/** A typed array's bytes as 32-bit words (lengths are padded to whole words). */
const words = (a: Uint16Array | Int32Array): Uint32Array => new Uint32Array(a.buffer, a.byteOffset, a.byteLength >>> 2)

export class TablebaseBuild {
  readonly layout: Layout
  readonly segmentBlocks: number
  readonly segments: number
  private readonly runner: BlockRunner
  private readonly opts: BuildOptions
  private state: (Uint16Array | undefined)[] = []
  private mapsA: Int32Array[] = []
  private mapsB: Int32Array[] = []
  private tables!: SharedTables
  private onDisk = false
  private checkpoint: Checkpoint | undefined
  private last: Progressed | undefined
  private lastCheckpoint = performance.now()
  private levels: LevelRecord[] = []
  private peakBytes = 0
  private peakDiskBytes = 0
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

  /** Bytes of the frontier maps and of one segment's state. */
  private mapBytes(): number {
    let n = 0
    for (let s = 0; s < this.segments; s++) n += 2 * Math.ceil(this.entriesOf(s) / 32) * 4
    return n
  }

  async run(): Promise<BuiltState> {
    const L = this.layout
    const o = this.opts
    const stateBytes = L.entries * 2
    const maps = this.mapBytes()
    const segmentBytes = this.segmentBlocks * L.perBlock * 2
    this.onDisk = o.onDisk === true || stateBytes + maps > o.budgetBytes
    if (this.onDisk) {
      if (!o.work)
        throw new BudgetError(0, stateBytes + maps)
      if (maps + segmentBytes > o.budgetBytes) throw new BudgetError(0, maps + segmentBytes)
    }
    if (o.work) this.checkpoint = new Checkpoint(o.work, { tablebase: this.game.spec, format: 1, segmentBlocks: this.segmentBlocks }, o.resume)
    this.last = this.checkpoint?.step<Progressed>(STEP)
    // A checkpoint without a step: the build stopped in its first pass, which starts again.
    this.allocate()
    await this.runner.attach(this.tables)
    let level: number
    let frontier: 0 | 1
    if (this.last) {
      await this.restore(this.last)
      level = this.last.level
      frontier = this.last.frontier
      this.levels = [...this.last.levels]
      this.resumedAt = level
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
      const resolved = await this.pass({ op: 'level', b0: 0, b1: 0, level }, level, frontier)
      this.levels.push({ level, resolved, seconds: (performance.now() - t0) / 1000 })
      solved = resolved === 0
      await this.save(level, frontier, solved)
    }
    return this.finish()
  }

  /** Allocate the maps and, in memory, the segments. */
  private allocate(): void {
    const state: (SharedArrayBuffer | ArrayBuffer)[] = []
    const a: (SharedArrayBuffer | ArrayBuffer)[] = []
    const b: (SharedArrayBuffer | ArrayBuffer)[] = []
    for (let s = 0; s < this.segments; s++) {
      const n = this.entriesOf(s)
      state.push(this.onDisk ? this.buffer(4) : this.buffer(n * 2))
      a.push(this.buffer(Math.ceil(n / 32) * 4))
      b.push(this.buffer(Math.ceil(n / 32) * 4))
    }
    this.tables = { segmentBlocks: this.segmentBlocks, state, mapsA: a, mapsB: b }
    this.state = this.onDisk ? state.map(() => undefined) : state.map((x) => new Uint16Array(x))
    this.mapsA = a.map((x) => new Int32Array(x))
    this.mapsB = b.map((x) => new Int32Array(x))
    this.note()
  }

  /** Memory held now (tables), for the peak. */
  private note(): void {
    let bytes = this.mapBytes()
    for (const s of this.state) if (s) bytes += s.byteLength
    this.peakBytes = Math.max(this.peakBytes, bytes)
    if (bytes > this.opts.budgetBytes) throw new BudgetError(this.levels.length, bytes)
    if (this.opts.work) this.peakDiskBytes = Math.max(this.peakDiskBytes, this.opts.work.usage())
  }

  /**
   * One pass (init or a level) over every block, segment by segment; the entries it resolved. A
   * level skips the segments with no frontier bit.
   */
  private async pass(kind: BlockTask, level: number, frontier: 0 | 1): Promise<number> {
    const L = this.layout
    const current = frontier === 0 ? this.mapsA : this.mapsB
    const next = frontier === 0 ? this.mapsB : this.mapsA
    for (const m of next) m.fill(0)
    const total = L.blocks
    let done = 0
    let resolved = 0
    let expanded = 0
    const t0 = performance.now()
    const per = Math.max(1, Math.floor(TASK_ENTRIES / L.perBlock))
    for (let s = 0; s < this.segments; s++) {
      const b0 = s * this.segmentBlocks
      const b1 = Math.min(L.blocks, b0 + this.segmentBlocks)
      if (kind.op === 'level' && !current[s]!.some((w) => w !== 0)) {
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
                ? `resuming: the frontier of level ${level} (segment ${s + 1} of ${this.segments})`
                : `level ${level} (${level % 2 === 1 ? 'wins' : 'losses'}): segment ${s + 1} of ${this.segments}`,
        })
      })
      if (this.onDisk) {
        if (kind.op === 'frontier') await this.release(s)
        else await this.store(s)
      }
    }
    return resolved
  }

  /** Load segment s from the work folder (or a fresh one for the init pass) and hand it to the threads. */
  private async load(s: number, fresh: boolean): Promise<void> {
    const n = this.entriesOf(s)
    const buf = this.buffer(n * 2)
    const arr = new Uint16Array(buf)
    if (!fresh) {
      const entry = this.last!.segments[s]!
      this.readChecked(stateFile(s, entry.gen), words(arr), entry.checksum)
    }
    this.state[s] = arr
    this.note()
    await this.runner.segment(s, buf)
  }

  /** Write segment s to the generation after its last one, and let go of it. */
  private async store(s: number): Promise<void> {
    const arr = this.state[s]!
    const gen = this.last ? 1 - this.last.segments[s]!.gen : 0
    this.writeWords(stateFile(s, gen), words(arr))
    this.pendingSegs[s] = { gen, checksum: checksumWords(words(arr), words(arr).length) }
    await this.release(s)
  }

  /** Let go of segment s (on disk). */
  private async release(s: number): Promise<void> {
    this.state[s] = undefined
    await this.runner.segment(s, this.buffer(4))
  }

  /** Segments written since the last checkpoint (on disk): their generation and checksum. */
  private pendingSegs: ({ gen: number; checksum: number } | undefined)[] = []

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
    if (work.size(name) !== into.length * 4) throw new CheckpointError(`checkpoint file ${where} is damaged: ${work.size(name)} bytes, not ${into.length * 4}`)
    const r = work.open(name, 1)
    try {
      r.read(0, into, into.length)
    } finally {
      r.close()
    }
    if (checksumWords(into, into.length) !== checksum) throw new CheckpointError(`checkpoint file ${where} is damaged: its checksum does not match`)
  }

  /**
   * After `level` (the next frontier in the map `frontier` selects as next): a checkpoint when it
   * is due (always on disk, and when solved).
   */
  private async save(level: number, frontier: 0 | 1, solved: boolean): Promise<void> {
    const cp = this.checkpoint
    if (!cp) return
    const due = this.onDisk || solved || level === 0 || performance.now() - this.lastCheckpoint >= this.opts.checkpointSeconds * 1000
    if (!due) return
    const prev = this.last
    const segments: { gen: number; checksum: number }[] = []
    for (let s = 0; s < this.segments; s++) {
      const before = prev?.segments[s]
      if (this.onDisk) {
        const written = this.pendingSegs[s]
        segments.push(written ?? before ?? { gen: 0, checksum: 0 })
      } else {
        const gen = before ? 1 - before.gen : 0
        const w = words(this.state[s]!)
        this.writeWords(stateFile(s, gen), w)
        segments.push({ gen, checksum: checksumWords(w, w.length) })
      }
    }
    const record: Progressed = { level, frontier, segments, levels: this.levels, solved }
    cp.settle(STEP, record)
    this.last = record
    this.pendingSegs = []
    this.lastCheckpoint = performance.now()
    this.note()
    await Promise.resolve()
  }

  /**
   * Restore a checkpoint: the segments (in memory), and the next frontier, rebuilt from the state
   * (the entries resolved at the checkpoint's level).
   */
  private async restore(p: Progressed): Promise<void> {
    if (p.segments.length !== this.segments) throw new CheckpointError(`${this.opts.work!.where}: the checkpoint has ${p.segments.length} segments, not ${this.segments}`)
    if (!this.onDisk) {
      for (let s = 0; s < this.segments; s++) this.readChecked(stateFile(s, p.segments[s]!.gen), words(this.state[s]!), p.segments[s]!.checksum)
    }
    if (!p.solved) await this.pass({ op: 'frontier', b0: 0, b1: 0, level: p.level }, p.level, p.frontier)
  }

  /** Remove the work files and the manifest (the table is written). */
  cleanup(): void {
    const work = this.opts.work
    if (!work) return
    for (let s = 0; s < this.segments; s++) {
      for (const gen of [0, 1]) work.remove(stateFile(s, gen))
    }
    work.remove(MANIFEST)
  }

  /** A segment's state: in memory, or read back from the work folder (checked). */
  private segmentOf(s: number): Uint16Array {
    const held = this.state[s]
    if (held) return held
    const arr = new Uint16Array(this.buffer(this.entriesOf(s) * 2))
    const e = this.last!.segments[s]!
    this.readChecked(stateFile(s, e.gen), words(arr), e.checksum)
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

/** The value of a state entry: 'win', 'loss', 'draw' (unresolved), or undefined (illegal, unused). */
export function valueOfState(s: number): 'win' | 'loss' | 'draw' | undefined {
  if (s >= 0xfffe) return undefined
  if (s < RESOLVED) return 'draw'
  return (s & 1) === 1 ? 'win' : 'loss'
}
