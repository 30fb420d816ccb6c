/**
 * A FileStore (core/storage.ts) in memory: where a table goes on a host without files (the web
 * build builds the small boards in a worker and keeps their words), and a store for tests.
 */
import type { FileStore, RowReader } from '../core/storage'

export interface MemoryStore extends FileStore {
  /** A file's words (rows of one word), or undefined. */
  words(name: string): Uint32Array | undefined
}

export function memoryStore(where = 'memory'): MemoryStore {
  const files = new Map<string, Uint32Array>()
  const texts = new Map<string, string>()
  return {
    where,
    create(name, w) {
      const parts: Uint32Array[] = []
      return {
        append: (rows, count) => void parts.push(rows.slice(0, count * w)),
        // Memory has no disk to flush to.
        sync: () => undefined,
        close: () => {
          const total = parts.reduce((n, p) => n + p.length, 0)
          const all = new Uint32Array(total)
          let at = 0
          for (const p of parts) {
            all.set(p, at)
            at += p.length
          }
          files.set(name, all)
        },
      }
    },
    open(name, w): RowReader {
      const data = files.get(name)
      if (!data) throw new Error(`${where}/${name} does not exist`)
      return {
        rows: data.length / w,
        read: (at, out, count) => {
          const n = Math.max(0, Math.min(count, data.length / w - at))
          out.set(data.subarray(at * w, (at + n) * w))
          return n
        },
        close: () => undefined,
      }
    },
    exists: (name) => files.has(name) || texts.has(name),
    remove: (name) => void (files.delete(name) || texts.delete(name)),
    rename: (from, to) => {
      const data = files.get(from)
      if (!data) throw new Error(`${where}/${from} does not exist`)
      files.delete(from)
      files.set(to, data)
    },
    size: (name) => (files.get(name)?.length ?? 0) * 4 + (texts.get(name)?.length ?? 0),
    writeText: (name, text) => void texts.set(name, text),
    readText: (name) => texts.get(name),
    usage: () => [...files.values()].reduce((n, f) => n + f.length * 4, 0),
    names: () => [...files.keys(), ...texts.keys()],
    claim: () => () => undefined,
    words: (name) => files.get(name),
  }
}
