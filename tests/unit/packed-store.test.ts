/**
 * Packed level files (core/packed-store.ts): rows as differences from the row before, in a code of
 * 7 bits a byte, in blocks with an index. Every row round-trips (sorted or not), reads at any row
 * give the rows written, files of an older checkpoint (rows of W words, no `.z`) are read as they
 * are, and a damaged file is refused by name.
 */
import { describe, expect, it } from 'vitest'
import { packedStore, PACKED_SUFFIX } from '../../src/shared/engine/core/packed-store'
import { rowsIn } from '../../src/shared/engine/core/storage'
import { compareRows, sortRows, dedupeSorted } from '../../src/shared/engine/core/sorted'
import { memoryStore } from '../../src/shared/engine/tablebase/memory-store'

/** A small deterministic generator (xorshift32). */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    return (x >>>= 0)
  }
}

/** n rows of w words: random words, or sorted without repeats and close together (as a level's). */
function rows(n: number, w: number, seed: number, sorted: boolean): Uint32Array {
  const next = random(seed)
  const out = new Uint32Array(n * w)
  for (let i = 0; i < out.length; i++) out[i] = next()
  if (sorted) {
    // Clustered: the top words drawn from a few values.
    for (let r = 0; r < n; r++) for (let k = 1; k < w; k++) out[r * w + k] = next() % 3 === 0 ? 0xffffffff : k
    sortRows(out, n, w, new Uint32Array(n * w))
    return out.slice(0, dedupeSorted(out, n, w) * w)
  }
  return out
}

function write(store: ReturnType<typeof packedStore>, name: string, data: Uint32Array, w: number, pieces = 3): void {
  const n = data.length / w
  const file = store.create(name, w)
  // Appended in a few pieces of odd sizes.
  let at = 0
  for (let p = 0; p < pieces; p++) {
    const k = p === pieces - 1 ? n - at : Math.floor(n / (pieces + p))
    file.append(data.slice(at * w, (at + k) * w), k)
    at += k
  }
  file.close()
}

describe('packed level files', () => {
  for (const w of [1, 2, 3, 4])
    for (const n of [0, 1, 8191, 8192, 8193, 3 * 8192 + 5])
      for (const sorted of [true, false])
        it(`round-trip ${n} ${sorted ? 'sorted' : 'random'} rows of ${w} word${w > 1 ? 's' : ''}`, () => {
          const inner = memoryStore()
          const store = packedStore(inner)
          const data = rows(n, w, 17 * n + w, sorted)
          const m = data.length / w
          write(store, 'L3', data, w)
          expect(inner.exists(`L3${PACKED_SUFFIX}`)).toBe(true)
          expect(rowsIn(store, 'L3', w)).toBe(m)
          const reader = store.open('L3', w)
          const all = new Uint32Array(m * w)
          expect(reader.read(0, all, m + 10)).toBe(m)
          expect(all).toEqual(data)
          // Reads at random rows, backwards and across blocks.
          const next = random(n + 5)
          for (let t = 0; t < 20 && m > 0; t++) {
            const at = next() % m
            const count = 1 + (next() % 20000)
            const out = new Uint32Array(count * w)
            const got = reader.read(at, out, count)
            expect(got).toBe(Math.min(count, m - at))
            expect(out.subarray(0, got * w)).toEqual(data.subarray(at * w, (at + got) * w))
          }
          reader.close()
        })

  it('codes the extremes: zero rows, all-ones rows, repeats and a fall from the top to zero', () => {
    const store = packedStore(memoryStore())
    const w = 3
    const data = Uint32Array.from([0, 0, 0, 0, 0, 0, 0xffffffff, 0xffffffff, 0xffffffff, 0, 0, 0, 1, 0, 0x80000000, 0xffffffff, 0, 1])
    write(store, 'x', data, w, 2)
    const out = new Uint32Array(data.length)
    store.open('x', w).read(0, out, 6)
    expect(out).toEqual(data)
  })

  it('takes a few bytes a row for sorted rows close together', () => {
    const inner = memoryStore()
    const store = packedStore(inner)
    const w = 3
    // Sorted keys with small gaps, as the states of one level are.
    const n = 50_000
    const data = new Uint32Array(n * w)
    const next = random(9)
    let low = 0
    for (let r = 0; r < n; r++) {
      low += 1 + (next() % 200)
      data.set([low, 7, 0x80000001], r * w)
    }
    write(store, 'L', data, w)
    const bytes = store.size('L')
    expect(bytes).toBeLessThan(n * 2.5)
    expect(bytes).toBeGreaterThan(n)
    for (let r = 1; r < n; r++) expect(compareRows(data, r - 1, data, r, w)).toBeLessThan(0)
  })

  it('reads the files of an older checkpoint (rows of W words) as they are, and replaces them packed', () => {
    const inner = memoryStore()
    const store = packedStore(inner)
    const raw = inner.create('old.L1', 2)
    raw.append(Uint32Array.from([1, 2, 3, 4]), 2)
    raw.close()
    expect(store.exists('old.L1')).toBe(true)
    expect(rowsIn(store, 'old.L1', 2)).toBe(2)
    const out = new Uint32Array(4)
    store.open('old.L1', 2).read(0, out, 2)
    expect([...out]).toEqual([1, 2, 3, 4])
    expect(store.size('old.L1')).toBe(16)
    // Written again: packed, and the raw file gone.
    write(store, 'old.L1', Uint32Array.from([5, 6]), 2, 1)
    expect(inner.exists('old.L1')).toBe(false)
    expect(inner.exists('old.L1.z')).toBe(true)
    expect(store.names()).toEqual(['old.L1'])
  })

  it('renames and removes a file however it is kept', () => {
    const inner = memoryStore()
    const store = packedStore(inner)
    write(store, 'a.tmp', Uint32Array.from([1, 2, 3]), 1, 1)
    const raw = inner.create('a', 1)
    raw.append(Uint32Array.from([9]), 1)
    raw.close()
    // The packed file renamed over a raw one: the raw one goes.
    store.rename('a.tmp', 'a')
    expect(store.exists('a.tmp')).toBe(false)
    expect(inner.exists('a')).toBe(false)
    expect(rowsIn(store, 'a', 1)).toBe(3)
    // A raw file renamed over a packed one: the packed one goes.
    const old = inner.create('b', 1)
    old.append(Uint32Array.from([4, 5]), 2)
    old.close()
    store.rename('b', 'a')
    expect(inner.exists('a.z')).toBe(false)
    expect(rowsIn(store, 'a', 1)).toBe(2)
    store.remove('a')
    expect(store.exists('a')).toBe(false)
    expect(inner.names()).toEqual([])
  })

  it('refuses a damaged file, naming it and what is wrong', () => {
    const inner = memoryStore('/levels')
    const store = packedStore(inner)
    write(store, 'L2', rows(20_000, 3, 4, true), 3)
    const words = inner.words('L2.z')!
    // Cut short: no footer.
    const cut = inner.create('L2.z', 1)
    cut.append(words.slice(0, words.length - 3), words.length - 3)
    cut.close()
    expect(() => store.open('L2', 3)).toThrow(/level file \/levels\/L2\.z is damaged: no packed-file footer/)
    // Opened as rows of another width.
    write(store, 'L4', rows(100, 3, 5, true), 3)
    expect(() => store.open('L4', 2)).toThrow(/L4\.z is damaged: rows of 3 words, not 2/)
    // A block's bytes cut: the index says where blocks end.
    const whole = inner.words('L4.z')!
    const bad = whole.slice()
    bad.fill(0xffffffff, 0, Math.min(8, bad.length - 8))
    const f = inner.create('L4.z', 1)
    f.append(bad, bad.length)
    f.close()
    expect(() => store.open('L4', 3).read(0, new Uint32Array(300), 100)).toThrow(/L4\.z is damaged: block 0 ends inside row/)
  })
})
