/**
 * Sorted runs of packed states: what level sets on disk are made of (delayed duplicate detection,
 * Korf's external-memory breadth-first search). A buffer of keys (W words each, with the used bit)
 * is sorted and its duplicates dropped; runs are merged into one sorted level, leaving out the
 * states of other sorted levels (the duplicate window). Keys are ordered as unsigned numbers, most
 * significant word (the last) first, the order of packed/space.ts's `less`.
 */

/** Compare rows a and b (W words each) of two buffers: negative, zero or positive. */
export function compareRows(x: Uint32Array, a: number, y: Uint32Array, b: number, w: number): number {
  for (let k = w - 1; k >= 0; k--) {
    const p = x[a * w + k]!
    const q = y[b * w + k]!
    if (p !== q) return p < q ? -1 : 1
  }
  return 0
}

/**
 * Sort the first n rows of `rows` (W words each) in place: least significant digit radix sort over
 * 16-bit digits (2W passes), with `scratch` of at least n * W words.
 */
export function sortRows(rows: Uint32Array, n: number, w: number, scratch: Uint32Array): void {
  if (n < 2) return
  const count = new Uint32Array(1 << 16)
  let src = rows
  let dst = scratch
  for (let word = 0; word < w; word++) {
    for (let shift = 0; shift < 32; shift += 16) {
      count.fill(0)
      for (let r = 0; r < n; r++) count[(src[r * w + word]! >>> shift) & 0xffff]!++
      // Skip a pass where every row has the same digit (common in high words).
      let single = false
      for (let d = 0; d < count.length; d++) {
        if (count[d] === n) single = true
        if (count[d] !== 0) break
      }
      if (single) continue
      let sum = 0
      for (let d = 0; d < count.length; d++) {
        const c = count[d]!
        count[d] = sum
        sum += c
      }
      for (let r = 0; r < n; r++) {
        const to = count[(src[r * w + word]! >>> shift) & 0xffff]!++
        for (let k = 0; k < w; k++) dst[to * w + k] = src[r * w + k]!
      }
      const t = src
      src = dst
      dst = t
    }
  }
  if (src !== rows) rows.set(src.subarray(0, n * w))
}

/** Drop repeated rows from the first n sorted rows; the number left. */
export function dedupeSorted(rows: Uint32Array, n: number, w: number): number {
  if (n === 0) return 0
  let m = 1
  for (let r = 1; r < n; r++) {
    if (compareRows(rows, r, rows, m - 1, w) === 0) continue
    if (r !== m) for (let k = 0; k < w; k++) rows[m * w + k] = rows[r * w + k]!
    m++
  }
  return m
}

/** A sorted sequence of rows read block by block (a run or a level on disk, or rows in memory). */
export interface RowSource {
  /** Rows of W words in all. */
  readonly rows: number
  /** Read up to `count` rows from row `at` into out; the number read. */
  read(at: number, out: Uint32Array, count: number): number
}

/** A cursor over a RowSource, a block at a time. */
class Cursor {
  private block: Uint32Array
  private filled = 0
  private at = 0
  /** Row of the source the block starts at. */
  private start = 0
  constructor(
    private readonly source: RowSource,
    private readonly w: number,
    blockRows: number,
  ) {
    this.block = new Uint32Array(blockRows * w)
    this.fill(0)
  }
  private fill(from: number): void {
    this.start = from
    this.filled = from < this.source.rows ? this.source.read(from, this.block, this.block.length / this.w) : 0
    this.at = 0
  }
  get done(): boolean {
    return this.at >= this.filled
  }
  /** The buffer and row index of the current row. */
  get buffer(): Uint32Array {
    return this.block
  }
  get row(): number {
    return this.at
  }
  next(): void {
    this.at++
    if (this.at >= this.filled && this.start + this.filled < this.source.rows) this.fill(this.start + this.filled)
  }
}

/** Where merged rows go: appended in order. */
export interface RowSink {
  append(rows: Uint32Array, count: number): void
}

/**
 * Merge sorted, deduplicated runs into one sorted sequence without repeats, leaving out every row
 * of the `minus` sources (sorted levels: the duplicate window), or with `held` keeping only those
 * (the keys a level holds); each row kept is also passed to `each`. Returns the rows written.
 */
export function mergeRuns(
  runs: readonly RowSource[],
  minus: readonly RowSource[],
  w: number,
  out: RowSink,
  options: { readonly blockRows?: number; readonly held?: boolean; readonly each?: (rows: Uint32Array, row: number) => void } = {},
): number {
  const blockRows = options.blockRows ?? 1 << 14
  const cursors = runs.map((r) => new Cursor(r, w, blockRows)).filter((c) => !c.done)
  const skips = minus.map((r) => new Cursor(r, w, blockRows))
  const outBlock = new Uint32Array(blockRows * w)
  let pending = 0
  let written = 0
  const last = new Uint32Array(w)
  let haveLast = false
  // A binary heap of cursors by their current row.
  const heap = cursors.slice()
  const less = (i: number, j: number): boolean => compareRows(heap[i]!.buffer, heap[i]!.row, heap[j]!.buffer, heap[j]!.row, w) < 0
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < heap.length && less(l, m)) m = l
      if (r < heap.length && less(r, m)) m = r
      if (m === i) return
      const t = heap[i]!
      heap[i] = heap[m]!
      heap[m] = t
      i = m
    }
  }
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i)
  while (heap.length > 0) {
    const top = heap[0]!
    const buf = top.buffer
    const row = top.row
    const repeat = haveLast && compareRows(buf, row, last, 0, w) === 0
    if (!repeat) {
      for (let k = 0; k < w; k++) last[k] = buf[row * w + k]!
      haveLast = true
      // Left out if a window level holds it: advance those cursors up to it.
      let inMinus = false
      for (const s of skips) {
        while (!s.done && compareRows(s.buffer, s.row, last, 0, w) < 0) s.next()
        if (!s.done && compareRows(s.buffer, s.row, last, 0, w) === 0) inMinus = true
      }
      if (inMinus === (options.held ?? false)) {
        outBlock.set(last, pending * w)
        options.each?.(outBlock, pending)
        pending++
        written++
        if (pending === blockRows) {
          out.append(outBlock, pending)
          pending = 0
        }
      }
    }
    top.next()
    if (top.done) {
      heap[0] = heap[heap.length - 1]!
      heap.pop()
    }
    if (heap.length > 0) down(0)
  }
  if (pending > 0) out.append(outBlock, pending)
  return written
}

/** Rows in memory as a RowSource. */
export function rowsSource(rows: Uint32Array, n: number, w: number): RowSource {
  return {
    rows: n,
    read(at, out, count) {
      const k = Math.min(count, n - at)
      out.set(rows.subarray(at * w, (at + k) * w))
      return k
    },
  }
}

/** Whether a sorted source holds `key` (binary search, a row read per probe). */
export function sortedHas(source: RowSource, key: Uint32Array, off: number, w: number, probe = new Uint32Array(w)): boolean {
  let lo = 0
  let hi = source.rows - 1
  const k = key.subarray(off, off + w)
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    source.read(mid, probe, 1)
    const c = compareRows(probe, 0, k, 0, w)
    if (c === 0) return true
    if (c < 0) lo = mid + 1
    else hi = mid - 1
  }
  return false
}
