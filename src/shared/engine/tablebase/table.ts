/**
 * A tablebase on disk (docs/TABLEBASE.md "File format"): a folder with
 * - `table.json`, the header: the game, the layout, the counts, the start's value, and per file its
 *   size and the checksums of its 1 MiB chunks (FNV-1a over 32-bit words, little-endian);
 * - `values.bin`, 2 bits an entry (0 draw, 1 loss, 2 win, 3 not a position: illegal or the mirror
 *   twin), 16 entries a word, entry i in bits 2 (i mod 16) of word i / 16;
 * - `distance.bin`, moves to the end under best play, 1 byte an entry (255: none) or, past 254
 *   levels, 2 (65535: none), packed in words the same way.
 * Entries are in the layout's order (layout.ts). A reader checks each chunk against the header the
 * first time it reads it: a damaged table is refused, naming the file and the chunk.
 */
import * as z from 'zod'
import { checksumWords } from '../core/checkpoint'
import type { FileStore } from '../core/storage'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../result'
import { firstIssue } from '../../schema-faults'
import type { BuiltState } from './build'
import { TablebaseGame, type TablebaseSpec } from './game'
import { RESOLVED, TablebaseKernel, UNUSED, ILLEGAL } from './kernel'
import { binom, Layout } from './layout'

export const TABLE_FORMAT = 1
export const HEADER = 'table.json'
export const VALUES = 'values.bin'
export const DISTANCE = 'distance.bin'
/** Words per checksummed chunk (1 MiB). */
export const CHUNK_WORDS = 1 << 18

/** A value as the table stores it. */
export const VALUE_CODES = ['draw', 'loss', 'win', 'none'] as const
export type StoredValue = (typeof VALUE_CODES)[number]

/** Counts over the whole position space, both sides to move, unfolded (wins and losses: the side to move's). */
export interface TableCounts {
  readonly positions: number
  readonly wins: number
  readonly losses: number
  readonly draws: number
  readonly illegal: number
}

const int = z.number().int().nonnegative()
/** A file of the table: its name is fixed (a header never names a file outside its folder). */
const fileSchema = (name: string) => z.strictObject({ name: z.literal(name), words: int, checksums: z.array(int) })

export const TableHeaderSchema = z.strictObject({
  format: z.literal(TABLE_FORMAT),
  kind: z.literal('halma-tablebase'),
  spec: z.strictObject({ side: int, men: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(6)]) }),
  rules: z.literal('6-move'),
  layout: z.strictObject({ blocks: int, perBlock: int, entries: int, mirrored: z.boolean() }),
  counts: z.strictObject({ positions: int, wins: int, losses: int, draws: int, illegal: int }),
  start: z.strictObject({ value: z.enum(['win', 'loss', 'draw']), distance: int.nullable() }),
  maxLevel: int,
  /** Per level: positions resolved (whole space, as the counts). */
  levels: z.array(int),
  distanceBytes: z.union([z.literal(1), z.literal(2)]),
  files: z.strictObject({ values: fileSchema(VALUES), distance: fileSchema(DISTANCE) }),
})
export type TableHeader = z.infer<typeof TableHeaderSchema>

/** Writes 32-bit words in order, checksumming each chunk. */
class WordSink {
  private readonly buf = new Uint32Array(CHUNK_WORDS)
  private fill = 0
  readonly checksums: number[] = []
  words = 0
  constructor(private readonly out: { append(rows: Uint32Array, count: number): void }) {}
  push(w: number): void {
    this.buf[this.fill++] = w
    if (this.fill === CHUNK_WORDS) this.flush()
  }
  flush(): void {
    if (this.fill === 0) return
    this.out.append(this.buf, this.fill)
    this.checksums.push(checksumWords(this.buf, this.fill))
    this.words += this.fill
    this.fill = 0
  }
}

/** Packs entries of `bits` bits into words. */
class Packer {
  private word = 0
  private used = 0
  constructor(
    private readonly sink: WordSink,
    private readonly bits: number,
  ) {}
  put(v: number): void {
    this.word |= v << this.used
    this.used += this.bits
    if (this.used === 32) {
      this.sink.push(this.word >>> 0)
      this.word = 0
      this.used = 0
    }
  }
  end(): void {
    if (this.used > 0) this.sink.push(this.word >>> 0)
    this.word = 0
    this.used = 0
    this.sink.flush()
  }
}

/** The weights of a block's entries: positions of the whole space each stands for (0: unused). */
function blockWeights(kernel: TablebaseKernel, layout: Layout, b: number, state: Uint16Array, base: number, out: Uint8Array): void {
  const symmetric = layout.flipOfSet[layout.setOfBlock[b]!] === 2
  const fold = layout.game.mirrored ? 2 : 1
  for (let r = 0; r < layout.perBlock; r++) out[r] = state[base + r] === UNUSED ? 0 : 2 * fold
  if (symmetric) {
    const selfTwin = kernel.selfTwins(b)
    for (let r = 0; r < layout.perBlock; r++) if (out[r] !== 0 && selfTwin[r] === 1) out[r] = 2
  }
}

/**
 * Write a built state as a table into `store`; its header. The counts are weighted back to the
 * whole space; the start is blue's first move.
 */
export function writeTable(store: FileStore, built: BuiltState): TableHeader {
  const layout = built.layout
  const game = layout.game
  const kernel = new TablebaseKernel(layout)
  const distanceBytes = built.maxLevel <= 254 ? 1 : 2
  const none = distanceBytes === 1 ? 0xff : 0xffff
  const vw = store.create(VALUES, 1)
  const dw = store.create(DISTANCE, 1)
  const vs = new WordSink(vw)
  const ds = new WordSink(dw)
  const vp = new Packer(vs, 2)
  const dp = new Packer(ds, 8 * distanceBytes)
  let wins = 0
  let losses = 0
  let draws = 0
  let illegal = 0
  const levels = new Array<number>(built.maxLevel + 1).fill(0)
  const weights = new Uint8Array(layout.perBlock)
  for (let s = 0; s < built.segments; s++) {
    const seg = built.segment(s)
    const b0 = s * built.segmentBlocks
    const b1 = Math.min(layout.blocks, b0 + built.segmentBlocks)
    for (let b = b0; b < b1; b++) {
      const base = (b - b0) * layout.perBlock
      blockWeights(kernel, layout, b, seg, base, weights)
      for (let r = 0; r < layout.perBlock; r++) {
        const v = seg[base + r]!
        const w = weights[r]!
        if (v === UNUSED || v === ILLEGAL) {
          illegal += v === ILLEGAL ? w : 0
          vp.put(3)
          dp.put(none)
        } else if (v < RESOLVED) {
          draws += w
          vp.put(0)
          dp.put(none)
        } else {
          const level = v & ~RESOLVED
          if (level & 1) wins += w
          else losses += w
          levels[level]! += w
          vp.put(level & 1 ? 2 : 1)
          dp.put(level)
        }
      }
    }
  }
  vp.end()
  dp.end()
  vw.close()
  dw.close()
  const start = startEntry(layout)
  const sv = stateAt(built, start)
  const startValue = sv < RESOLVED ? 'draw' : sv & 1 ? 'win' : 'loss'
  const header: TableHeader = {
    format: TABLE_FORMAT,
    kind: 'halma-tablebase',
    spec: { side: game.spec.side, men: game.spec.men },
    rules: '6-move',
    layout: { blocks: layout.blocks, perBlock: layout.perBlock, entries: layout.entries, mirrored: game.mirrored },
    counts: { positions: wins + losses + draws + illegal, wins, losses, draws, illegal },
    start: { value: startValue, distance: sv < RESOLVED ? null : sv & ~RESOLVED },
    maxLevel: built.maxLevel,
    levels,
    distanceBytes,
    files: {
      values: { name: VALUES, words: vs.words, checksums: vs.checksums },
      distance: { name: DISTANCE, words: ds.words, checksums: ds.checksums },
    },
  }
  store.writeText(HEADER, JSON.stringify(header))
  return header
}

/** The entry of the start: blue (the mover) on the start area, red on the target. */
export function startEntry(layout: Layout): number {
  return layout.indexOf({ mover: layout.game.start, other: layout.game.target })
}

function stateAt(built: BuiltState, index: number): number {
  const per = built.segmentBlocks * built.layout.perBlock
  const s = Math.floor(index / per)
  return built.segment(s)[index - s * per]!
}

/** The number of positions of a game's whole space: 2 C(N, p) C(N - p, p). */
export function spaceSize(spec: TablebaseSpec): number {
  const n = spec.side * spec.side
  return 2 * binom(n, spec.men) * binom(n - spec.men, spec.men)
}

/** Where a table's words come from: files (a FileStore) or arrays in memory. */
export interface TableWords {
  /** Words [at, at + count) of a file into out. */
  read(file: 'values' | 'distance', at: number, out: Uint32Array, count: number): void
  close(): void
}

/** A table's words in memory (the web build's tables, built in a worker). */
export function memoryWords(values: Uint32Array, distance: Uint32Array): TableWords {
  return {
    read: (file, at, out, count) => out.set((file === 'values' ? values : distance).subarray(at, at + count)),
    close: () => undefined,
  }
}

/** A table's words in a FileStore. */
export function storeWords(store: FileStore): TableWords {
  const readers = { values: store.open(VALUES, 1), distance: store.open(DISTANCE, 1) }
  return {
    read: (file, at, out, count) => void readers[file].read(at, out, count),
    close: () => {
      readers.values.close()
      readers.distance.close()
    },
  }
}

/** Read a table's header from a store: the checked header, or why not. */
export function readHeader(store: FileStore): Result<TableHeader, Diagnostic> {
  const text = store.readText(HEADER)
  if (text === undefined) return err(diagnostic('tablebase.missing', `${store.where} holds no tablebase (no ${HEADER})`))
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return err(diagnostic('tablebase.damaged', `${store.where}/${HEADER} is damaged: not JSON`))
  }
  const parsed = TableHeaderSchema.safeParse(data)
  if (!parsed.success)
    return err(
      diagnostic(
        'tablebase.damaged',
        `${store.where}/${HEADER} is damaged or of another format: ${firstIssue(parsed.error, 'the header')}`,
      ),
    )
  const h = parsed.data
  const fault = headerFault(h)
  if (fault !== undefined) return err(diagnostic('tablebase.damaged', `${store.where}/${HEADER} is damaged: ${fault}`))
  for (const f of [h.files.values, h.files.distance]) {
    if (!store.exists(f.name)) return err(diagnostic('tablebase.missing', `${store.where}/${f.name} is missing`))
    if (store.size(f.name) !== f.words * 4)
      return err(
        diagnostic(
          'tablebase.damaged',
          `${store.where}/${f.name} is damaged: ${store.size(f.name)} bytes, not the ${f.words * 4} its header records`,
        ),
      )
  }
  return ok(h)
}

/**
 * What in a header that parses does not hold together, or undefined: the game, the layout its
 * files' sizes imply, the counts and levels. The layout is checked from the sizes before it is
 * built (a forged 9 x 9 would otherwise allocate gigabytes), and built only once the files on disk
 * bound it; the counts are not recounted here (`verify` reads every chunk).
 */
function headerFault(h: TableHeader): string | undefined {
  const game = TablebaseGame.of(h.spec)
  if (!game.ok) return game.error.message
  const n = h.spec.side * h.spec.side
  const p = h.spec.men
  const sets = binom(n, p)
  const l = h.layout
  if (l.perBlock !== binom(n - p, p) || l.entries !== l.blocks * l.perBlock || l.mirrored !== game.value.mirrored)
    return `its layout (${l.blocks} blocks of ${l.perBlock}, ${l.entries} entries) is not that of ${h.spec.side} x ${h.spec.side} with ${p} men`
  if (l.blocks > sets || l.blocks < (l.mirrored ? sets / 2 : sets))
    return `its layout has ${l.blocks} blocks, where ${h.spec.side} x ${h.spec.side} with ${p} men has ${l.mirrored ? 'about ' + Math.ceil(sets / 2) : sets}`
  const perWord = { values: 16, distance: h.distanceBytes === 1 ? 4 : 2 } as const
  for (const file of ['values', 'distance'] as const) {
    const f = h.files[file]
    if (f.words !== Math.ceil(l.entries / perWord[file]))
      return `${f.name} holds ${f.words} words, not the ${Math.ceil(l.entries / perWord[file])} of ${l.entries} entries`
    if (f.checksums.length !== Math.ceil(f.words / CHUNK_WORDS))
      return `${f.name} has ${f.checksums.length} checksums for ${Math.ceil(f.words / CHUNK_WORDS)} chunks`
  }
  const c = h.counts
  if (c.positions !== spaceSize(h.spec)) return `it counts ${c.positions} positions, where the space has ${spaceSize(h.spec)}`
  if (c.wins + c.losses + c.draws + c.illegal !== c.positions)
    return 'its wins, losses, draws and illegal positions do not add up to its positions'
  if (h.levels.length !== h.maxLevel + 1 || h.levels.reduce((a, b) => a + b, 0) !== c.wins + c.losses)
    return 'its levels do not add up to its wins and losses'
  if (h.maxLevel > (h.distanceBytes === 1 ? 254 : 65534))
    return `its longest distance ${h.maxLevel} does not fit ${h.distanceBytes} byte(s)`
  const d = h.start.distance
  if ((h.start.value === 'draw') !== (d === null) || (d ?? 0) > h.maxLevel || (d !== null && (d % 2 === 1) !== (h.start.value === 'win')))
    return `its start (${h.start.value} in ${h.start.distance}) is not a value of this table`
  return undefined
}

/** A table opened for reading: values and distances by entry, each chunk checked when first read. */
export class TablebaseTable {
  readonly game: TablebaseGame
  readonly layout: Layout
  private readonly cache = new Map<string, Uint32Array>()
  /** A chunk that failed its check, named (then every read fails). */
  damaged: string | undefined

  constructor(
    readonly header: TableHeader,
    private readonly words: TableWords,
    /** Where the table is, for messages. */
    readonly where: string,
    /**
     * Checked chunks kept (1 MiB each). A probe reads a few entries; a caller that probes
     * positions all over the table (a benchmark over random positions) keeps every chunk.
     */
    private readonly cacheChunks = 64,
  ) {
    const game = TablebaseGame.of(header.spec)
    if (!game.ok) throw new Error(`internal: ${game.error.message}`)
    this.game = game.value
    this.layout = new Layout(this.game)
    if (this.layout.entries !== header.layout.entries || this.layout.perBlock !== header.layout.perBlock)
      throw new Error(`internal: the header's layout does not match the game's`)
  }

  /** A chunk of a file, checked against the header the first time. */
  private chunk(file: 'values' | 'distance', k: number): Result<Uint32Array, Diagnostic> {
    const key = `${file}${k}`
    const hit = this.cache.get(key)
    if (hit) return ok(hit)
    const f = this.header.files[file]
    const at = k * CHUNK_WORDS
    const n = Math.min(CHUNK_WORDS, f.words - at)
    const out = new Uint32Array(n)
    this.words.read(file, at, out, n)
    if (checksumWords(out, n) !== f.checksums[k]) {
      this.damaged = `${this.where}/${f.name} is damaged: chunk ${k} (bytes ${at * 4} to ${(at + n) * 4}) does not match its checksum`
      return err(diagnostic('tablebase.damaged', this.damaged))
    }
    if (this.cache.size >= this.cacheChunks) this.cache.delete(this.cache.keys().next().value!)
    this.cache.set(key, out)
    return ok(out)
  }

  private word(file: 'values' | 'distance', w: number): Result<number, Diagnostic> {
    const c = this.chunk(file, Math.floor(w / CHUNK_WORDS))
    return c.ok ? ok(c.value[w % CHUNK_WORDS]!) : c
  }

  /** The stored value of entry i. */
  value(i: number): Result<StoredValue, Diagnostic> {
    const w = this.word('values', Math.floor(i / 16))
    return w.ok ? ok(VALUE_CODES[(w.value >>> (2 * (i % 16))) & 3]!) : w
  }

  /** Moves to the end from entry i, or null (drawn, or not a position). */
  distance(i: number): Result<number | null, Diagnostic> {
    const per = this.header.distanceBytes === 1 ? 4 : 2
    const w = this.word('distance', Math.floor(i / per))
    if (!w.ok) return w
    const bits = 32 / per
    const d = (w.value >>> (bits * (i % per))) & (bits === 8 ? 0xff : 0xffff)
    return ok(d === (bits === 8 ? 0xff : 0xffff) ? null : d)
  }

  /** The start's value and distance as the files hold them, checked against the header's. */
  checkStart(): Result<true, Diagnostic> {
    const at = startEntry(this.layout)
    const v = this.value(at)
    if (!v.ok) return v
    const d = this.distance(at)
    if (!d.ok) return d
    const h = this.header.start
    if (v.value !== h.value || d.value !== h.distance)
      return err(
        diagnostic(
          'tablebase.damaged',
          `${this.where}/${HEADER} is damaged: it says the start is ${h.value}${h.distance === null ? '' : ` in ${h.distance}`}, the table ${v.value}${d.value === null ? '' : ` in ${d.value}`}`,
        ),
      )
    return ok(true)
  }

  /** Check every chunk of both files: ok, or the first damaged one named. */
  verify(): Result<true, Diagnostic> {
    for (const file of ['values', 'distance'] as const) {
      const f = this.header.files[file]
      for (let k = 0; k * CHUNK_WORDS < f.words; k++) {
        const c = this.chunk(file, k)
        if (!c.ok) return c
      }
    }
    return ok(true)
  }

  close(): void {
    this.words.close()
  }
}
