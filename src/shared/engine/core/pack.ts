/**
 * `halma checkpoint pack DIR`: the level and run files a checkpoint names that an older build wrote
 * as rows of W words, rewritten packed (core/packed-store.ts), in place, to give a search that ran
 * out of disk the room to go on. The manifest does not change: it records each file's rows and the
 * checksum of its rows, which packing keeps (and which each file is checked against as it is
 * copied). Each file is written aside, flushed and renamed over the old one: a pack stopped at any
 * point leaves every file whole, raw or packed, and can be run again (which also deletes a raw file
 * a stop left beside its packed copy).
 */
import { checkpointFiles, CheckpointError, checksumWords, fileChecksum, type LevelFile } from './checkpoint'
import { packedStore, PACKED_SUFFIX } from './packed-store'
import { rowsIn, type FileStore } from './storage'
import { EnvironmentError } from '../../environment'
import { err, ok, type Result } from '../../result'

export interface PackedCheckpoint {
  /** Files rewritten packed, and their bytes before and after. */
  readonly files: number
  readonly before: number
  readonly after: number
  /** Files the checkpoint names that were packed already. */
  readonly already: number
  /**
   * Raw files found beside their packed copy (a pack stopped between its rename and the raw file's
   * removal) and deleted, the packed copy checked whole first; a packed copy that was not whole
   * went instead, and the raw file was packed again (counted in `files`).
   */
  readonly leftovers: number
}

export interface PackFault {
  /** The checkpoint's own fault (`checkpoint.none`, `.damaged`, `.version`, `.record`), or `pack.file`: a file it names. */
  readonly code: string
  readonly message: string
}

/** Rewrite packed every raw file the checkpoint in `folder` names (see the file's comment). */
export function packCheckpoint(folder: FileStore, onFile?: (name: string, bytes: number) => void): Result<PackedCheckpoint, PackFault> {
  const release = folder.claim()
  try {
    return packClaimed(folder, onFile)
  } finally {
    release()
  }
}

function packClaimed(folder: FileStore, onFile?: (name: string, bytes: number) => void): Result<PackedCheckpoint, PackFault> {
  let named: ReturnType<typeof checkpointFiles>
  try {
    named = checkpointFiles(folder)
  } catch (e) {
    if (e instanceof CheckpointError) return err({ code: e.code, message: e.message })
    throw e
  }
  const store = packedStore(folder)
  let [files, before, after, already, leftovers] = [0, 0, 0, 0, 0]
  for (const { file, w } of named) {
    if (folder.exists(`${file.name}${PACKED_SUFFIX}`)) {
      if (!folder.exists(file.name)) {
        already++
        continue
      }
      // Both: a pack stopped after its rename, before it removed the raw file. The packed copy is
      // the one read; the raw one goes if the packed is whole, else the packed goes and is redone,
      // once the raw one is checked whole (neither is touched otherwise).
      leftovers++
      if (whole(store, file, w)) {
        folder.remove(file.name)
        already++
        continue
      }
      if (!rawWhole(folder, file, w))
        return err({ code: 'pack.file', message: `${folder.where}/${file.name} and its packed copy are both damaged (left as they were)` })
      folder.remove(`${file.name}${PACKED_SUFFIX}`)
    }
    const at = `${folder.where}/${file.name}`
    if (!folder.exists(file.name)) return err({ code: 'pack.file', message: `${at}, named by the checkpoint, is missing` })
    const bytes = folder.size(file.name)
    if (bytes !== file.rows * w * 4)
      return err({ code: 'pack.file', message: `${at} is damaged: ${bytes} bytes, not the ${file.rows * w * 4} of its ${file.rows} rows` })
    onFile?.(file.name, bytes)
    const aside = `${file.name}.pack`
    const copied = copyPacked(folder, store, file, w, aside)
    if (copied !== file.checksum) {
      store.remove(aside)
      return err({ code: 'pack.file', message: `${at} is damaged: its checksum does not match the checkpoint's (left as it was)` })
    }
    store.rename(aside, file.name)
    files++
    before += bytes
    after += store.size(file.name)
  }
  return ok({ files, before, after, already, leftovers })
}

/** Whether the packed file of `f` holds its rows and checksum (one that cannot be read as rows: no; a fault of the environment is thrown). */
function whole(store: FileStore, f: LevelFile, w: number): boolean {
  try {
    return rowsIn(store, f.name, w) === f.rows && fileChecksum(store, f.name, w, f.rows) === f.checksum
  } catch (e) {
    if (e instanceof EnvironmentError) throw e
    return false
  }
}

/** Whether the raw file of `f` (in the store below the packing) has its bytes and checksum. */
function rawWhole(folder: FileStore, f: LevelFile, w: number): boolean {
  return folder.size(f.name) === f.rows * w * 4 && fileChecksum(folder, f.name, w, f.rows) === f.checksum
}

/** Copy the raw file `f` into `aside`, packed and flushed; the checksum of the rows copied. */
function copyPacked(folder: FileStore, store: FileStore, f: LevelFile, w: number, aside: string): number {
  const reader = folder.open(f.name, w)
  const writer = store.create(aside, w)
  const rows = 1 << 16
  const block = new Uint32Array(rows * w)
  let h = 0x811c9dc5
  try {
    for (let at = 0; at < f.rows; ) {
      const n = reader.read(at, block, rows)
      h = checksumWords(block, n * w, h)
      writer.append(block, n)
      at += n
    }
    writer.sync()
  } finally {
    writer.close()
    reader.close()
  }
  return h
}
