/**
 * A level set as the searches read it: in memory (KeySet, a hash table) or on disk (DiskLevel, a
 * sorted file). Only the kernel's parents need a table in memory (core/levels.ts hands a disk
 * level to the kernel a chunk at a time).
 */
export interface StateSet {
  /** Words per state. */
  readonly w: number
  /** States in the set. */
  readonly size: number
  /** Bytes the set holds in memory. */
  readonly bytes: number
  has(keys: Uint32Array, off: number): boolean
  /** Every state, as W words at raw[off..]. */
  forEach(f: (raw: Uint32Array, off: number) => void): void
}

/** The slots of a level table a kernel expands (a KeySet's table, or a chunk of a disk level). */
export interface SlotTable {
  readonly w: number
  /** W words per slot; unused slots have the used bit clear. */
  readonly raw: Uint32Array
  /** Slots in raw. */
  readonly capacity: number
}
