/**
 * Where level sets go when they do not fit in memory, and where a search records its progress: a
 * folder of files, provided by the host (Node: the file system, src/hosts/node/store.ts; a shared
 * folder when several machines search together). Files of packed states are written once, by
 * appending whole rows, and then read in ranges; small text files (a checkpoint's manifest) are
 * replaced atomically. The core never names a path: only file names inside the store.
 */

/** A file being written: rows appended in order, then closed. */
export interface RowWriter {
  /** Append `count` rows of W words from `rows`. */
  append(rows: Uint32Array, count: number): void
  /**
   * Flush what was written to the disk itself (fsync): a file a checkpoint is about to name must
   * survive a power cut, not only a crash of the process.
   */
  sync(): void
  /** Finish the file; its content is then fixed. */
  close(): void
}

/** A file of rows, opened for reading. */
export interface RowReader {
  /** Rows in the file. */
  readonly rows: number
  /** Read up to `count` rows from row `at` into out; the number read. */
  read(at: number, out: Uint32Array, count: number): number
  close(): void
}

export interface FileStore {
  /** A new file of rows of `w` words (an existing one of that name is replaced). */
  create(name: string, w: number): RowWriter
  /** An existing file of rows of `w` words. */
  open(name: string, w: number): RowReader
  exists(name: string): boolean
  remove(name: string): void
  /**
   * Rename a file, replacing any of the new name, atomically (a retried task's output appears
   * whole or not at all).
   */
  rename(from: string, to: string): void
  /** Bytes of a file. */
  size(name: string): number
  /** Replace a text file atomically (written aside, then renamed over). */
  writeText(name: string, text: string): void
  /** A text file's content, or undefined if there is none. */
  readText(name: string): string | undefined
  /** Bytes the store's files hold in all. */
  usage(): number
  /** The names of the store's files. */
  names(): string[]
  /** Where the store is, for messages. */
  readonly where: string
  /** Whether its row files are packed already (core/packed-store.ts: packing twice would gain nothing). */
  readonly packed?: boolean
  /**
   * Claim the store for one search: throws, naming the holder, while another live process holds
   * it (a claim left by a process that died is taken over). Returns the release.
   */
  claim(): () => void
}

/** Rows in the file `name` of rows of `w` words (however the store keeps it). */
export function rowsIn(store: FileStore, name: string, w: number): number {
  const r = store.open(name, w)
  try {
    return r.rows
  } finally {
    r.close()
  }
}
