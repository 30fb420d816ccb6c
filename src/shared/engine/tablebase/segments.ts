/**
 * A build's state on disk (build.ts, tables larger than the budget): one file per segment, each
 * stamped with the last level it went through, and the frontier of the next level per segment.
 *
 * A segment file is a header of four words (magic, level, checksum of the rest, words of the rest)
 * and the segment's state. It is written aside and renamed over the old one, so on disk it is
 * always whole: either before a level or after it, and the stamp says which. A build resumed in
 * the middle of level L + 1 (its manifest says L) skips the segments stamped L + 1, which are done,
 * and works the others: one copy of the state on disk, however the build is stopped.
 *
 * Frontier files hold the bits of one level's frontier for one segment, named by the level's
 * parity (`frontier.<s>.p<0|1>`): level L's frontier is written, whole, before the manifest says
 * L - 1 is done, and never over the frontier a level in progress reads.
 */
import { checksumWords, CheckpointError } from '../core/checkpoint'
import type { FileStore } from '../core/storage'

const MAGIC = 0x53425454 // 'TTBS'
const HEAD = 4

const stateName = (s: number): string => `state.${s}`
const mapName = (s: number, parity: number): string => `frontier.${s}.p${parity}`

/** A typed array's bytes as 32-bit words (lengths are padded to whole words). */
export const words = (a: Uint16Array | Int32Array): Uint32Array => new Uint32Array(a.buffer, a.byteOffset, a.byteLength >>> 2)

export class SegmentFiles {
  constructor(
    private readonly store: FileStore,
    readonly segments: number,
  ) {}

  private write(name: string, stamp: number, data: Uint32Array): void {
    const head = Uint32Array.from([MAGIC, stamp, checksumWords(data, data.length), data.length])
    const aside = `${name}.tmp`
    const w = this.store.create(aside, 1)
    w.append(head, HEAD)
    const CH = 1 << 22
    for (let at = 0; at < data.length; at += CH) {
      const part = data.subarray(at, Math.min(data.length, at + CH))
      w.append(part, part.length)
    }
    w.close()
    this.store.rename(aside, name)
  }

  /** The header of a file, checked against the words expected: its stamp and checksum. */
  private head(name: string, expected: number): { stamp: number; checksum: number } {
    const where = `${this.store.where}/${name}`
    if (!this.store.exists(name)) throw new CheckpointError(`build file ${where} is missing`)
    if (this.store.size(name) !== (HEAD + expected) * 4)
      throw new CheckpointError(`build file ${where} is damaged: ${this.store.size(name)} bytes, not ${(HEAD + expected) * 4}`)
    const r = this.store.open(name, 1)
    const head = new Uint32Array(HEAD)
    try {
      r.read(0, head, HEAD)
    } finally {
      r.close()
    }
    if (head[0] !== MAGIC || head[3] !== expected) throw new CheckpointError(`build file ${where} is damaged: its header is wrong`)
    return { stamp: head[1]!, checksum: head[2]! }
  }

  private read(name: string, into: Uint32Array): number {
    const h = this.head(name, into.length)
    const r = this.store.open(name, 1)
    try {
      const CH = 1 << 22
      for (let at = 0; at < into.length; at += CH)
        r.read(HEAD + at, into.subarray(at, Math.min(into.length, at + CH)), Math.min(CH, into.length - at))
    } finally {
      r.close()
    }
    if (checksumWords(into, into.length) !== h.checksum)
      throw new CheckpointError(`build file ${this.store.where}/${name} is damaged: its checksum does not match`)
    return h.stamp
  }

  /** Write segment s's state, through level `level`. */
  writeState(s: number, state: Uint16Array, level: number): void {
    this.write(stateName(s), level, words(state))
  }

  /** Read segment s's state (checked); the level it went through. */
  readState(s: number, into: Uint16Array): number {
    return this.read(stateName(s), words(into))
  }

  /** The level segment s went through (its header only; `count` words of state). */
  stamp(s: number, count: number): number {
    return this.head(stateName(s), count).stamp
  }

  /** Write level `level`'s frontier bits of segment s. */
  writeFrontier(s: number, level: number, bits: Int32Array): void {
    this.write(mapName(s, level & 1), level, words(bits))
  }

  /** Read level `level`'s frontier bits of segment s (checked to be that level's). */
  readFrontier(s: number, level: number, into: Int32Array): void {
    const stamp = this.read(mapName(s, level & 1), words(into))
    if (stamp !== level)
      throw new CheckpointError(`build file ${this.store.where}/${mapName(s, level & 1)} is of level ${stamp}, not ${level}`)
  }

  /** Remove every file. */
  remove(): void {
    for (let s = 0; s < this.segments; s++) {
      for (const name of [stateName(s), mapName(s, 0), mapName(s, 1)]) {
        this.store.remove(name)
        this.store.remove(`${name}.tmp`)
      }
    }
  }
}
