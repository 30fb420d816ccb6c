// Sorted runs (level sets on disk): the radix sort, deduplication, the merge that leaves out the
// window's rows, and the binary search, against plain sorting of random keys.
import { describe, expect, it } from 'vitest'
import { seededInts } from '../helpers/random'
import { compareRows, dedupeSorted, mergeRuns, rowsSource, sortedHas, sortRows } from '../../src/shared/engine/core/sorted'

/** n random keys of w words, drawn from few values so that repeats are common. */
function keys(n: number, w: number, seed: number, spread = 50): Uint32Array {
  const rand = seededInts(seed)
  const out = new Uint32Array(n * w)
  for (let i = 0; i < n * w; i++) out[i] = (rand(spread) * 0x01010101 + (i % w === w - 1 ? 0x80000000 : 0)) >>> 0
  return out
}

const text = (rows: Uint32Array, n: number, w: number): string[] =>
  Array.from({ length: n }, (_, r) =>
    Array.from(rows.subarray(r * w, (r + 1) * w))
      .reverse()
      .map((x) => x.toString(16).padStart(8, '0'))
      .join(''),
  )

describe('sorted runs', () => {
  it.each([1, 2, 3, 6])('sorts and deduplicates rows of %i words as plain sorting does', (w) => {
    const n = 5000
    const rows = keys(n, w, 7 + w)
    const expected = [...new Set(text(rows, n, w))].sort()
    sortRows(rows, n, w, new Uint32Array(n * w))
    const sorted = text(rows, n, w)
    expect(sorted).toEqual([...sorted].sort())
    for (let r = 1; r < n; r++) expect(compareRows(rows, r - 1, rows, r, w)).toBeLessThanOrEqual(0)
    const m = dedupeSorted(rows, n, w)
    expect(text(rows, m, w)).toEqual(expected)
  })

  it('merges runs into one sorted set without repeats, leaving out the rows of other levels', () => {
    const w = 3
    const run = (seed: number, n: number) => {
      const rows = keys(n, w, seed)
      sortRows(rows, n, w, new Uint32Array(n * w))
      const m = dedupeSorted(rows, n, w)
      return { rows, m }
    }
    const runs = [run(1, 3000), run(2, 2000), run(3, 10), run(4, 0)]
    const window = run(5, 1500)
    const all = new Set(runs.flatMap((r) => text(r.rows, r.m, w)))
    for (const t of text(window.rows, window.m, w)) all.delete(t)
    const out: string[] = []
    let seen = 0
    const n = mergeRuns(
      runs.map((r) => rowsSource(r.rows, r.m, w)),
      [rowsSource(window.rows, window.m, w)],
      w,
      { append: (rows, count) => void out.push(...text(rows, count, w)) },
      { blockRows: 64, each: () => void seen++ },
    )
    expect(n).toBe(all.size)
    expect(seen).toBe(all.size)
    expect(out).toEqual([...all].sort())
    // Binary search finds exactly the rows written.
    const merged = new Uint32Array(out.length * w)
    out.forEach((t, r) => {
      for (let k = 0; k < w; k++) merged[r * w + k] = parseInt(t.slice((w - 1 - k) * 8, (w - k) * 8), 16)
    })
    const source = rowsSource(merged, out.length, w)
    for (let r = 0; r < out.length; r += 7) expect(sortedHas(source, merged, r * w, w)).toBe(true)
    for (let r = 0; r < window.m; r += 5) expect(sortedHas(source, window.rows, r * w, w)).toBe(false)
  })
})
