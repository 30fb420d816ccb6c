/**
 * `halma checkpoint pack DIR`: the level and run files a checkpoint names that an older build wrote
 * as rows of W words, rewritten packed (core/packed-store.ts), in place, to give a search that ran
 * out of disk the room to go on. The manifest does not change: it records each file's rows and the
 * checksum of its rows, which packing keeps (and which each file is checked against as it is
 * copied). Each file is written aside, flushed and renamed over the old one: a pack stopped at any
 * point leaves every file whole, raw or packed, and can be run again.
 */
import { checksumWords, CHECKPOINT_VERSION, MANIFEST } from './checkpoint'
import { packedStore, PACKED_SUFFIX } from './packed-store'
import type { FileStore } from './storage'
import { err, ok, type Result } from '../../result'

export interface PackedCheckpoint {
  /** Files rewritten packed, and their bytes before and after. */
  readonly files: number
  readonly before: number
  readonly after: number
  /** Files the checkpoint names that were packed already. */
  readonly already: number
}

export interface PackFault {
  readonly code: 'none' | 'damaged' | 'version' | 'file'
  readonly message: string
}

interface Named {
  readonly name: string
  readonly rows: number
  readonly checksum: number
}

/** The files a manifest names, with their row width: finished levels and the runs of levels in progress. */
function namedFiles(m: Record<string, unknown>): { file: Named; w: number }[] | undefined {
  const out: { file: Named; w: number }[] = []
  const isFile = (f: unknown): f is Named => {
    const x = f as Partial<Named> | null
    return typeof x?.name === 'string' && typeof x.rows === 'number' && typeof x.checksum === 'number'
  }
  for (const key of ['levels', 'building'] as const) {
    const group = m[key]
    if (group === undefined) continue
    if (typeof group !== 'object' || group === null) return undefined
    for (const entry of Object.values(group)) {
      const v = (entry as { value?: { w?: unknown; files?: unknown; runs?: unknown } } | null)?.value
      const files = key === 'levels' ? v?.files : v?.runs
      if (typeof v?.w !== 'number' || !Array.isArray(files) || !files.every(isFile)) return undefined
      for (const f of files) out.push({ file: f, w: v.w })
    }
  }
  return out
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
  const where = `${folder.where}/${MANIFEST}`
  const text = folder.readText(MANIFEST)
  if (text === undefined) return err({ code: 'none', message: `${folder.where} holds no checkpoint (${MANIFEST}) to pack` })
  let m: unknown
  try {
    m = JSON.parse(text)
  } catch {
    return err({ code: 'damaged', message: `${where} is damaged: not JSON` })
  }
  const version = (m as { version?: unknown } | null)?.version
  if (version !== CHECKPOINT_VERSION)
    return err({
      code: 'version',
      message: `${where} is of format version ${JSON.stringify(version) ?? 'none'}, not ${CHECKPOINT_VERSION} (halma checkpoint upgrade converts version 1 first)`,
    })
  const named = namedFiles(m as Record<string, unknown>)
  if (!named) return err({ code: 'damaged', message: `${where} is damaged: its levels or levels in progress are not lists of files` })
  const store = packedStore(folder)
  let [files, before, after, already] = [0, 0, 0, 0]
  for (const { file, w } of named) {
    if (folder.exists(`${file.name}${PACKED_SUFFIX}`)) {
      already++
      continue
    }
    const at = `${folder.where}/${file.name}`
    if (!folder.exists(file.name)) return err({ code: 'file', message: `${at}, named by the checkpoint, is missing` })
    const bytes = folder.size(file.name)
    if (bytes !== file.rows * w * 4)
      return err({ code: 'file', message: `${at} is damaged: ${bytes} bytes, not the ${file.rows * w * 4} of its ${file.rows} rows` })
    onFile?.(file.name, bytes)
    const aside = `${file.name}.pack`
    const copied = copyPacked(folder, store, file, w, aside)
    if (copied !== file.checksum) {
      store.remove(aside)
      return err({ code: 'file', message: `${at} is damaged: its checksum does not match the checkpoint's (left as it was)` })
    }
    store.rename(aside, file.name)
    files++
    before += bytes
    after += store.size(file.name)
  }
  return ok({ files, before, after, already })
}

/** Copy the raw file `f` into `aside`, packed and flushed; the checksum of the rows copied. */
function copyPacked(folder: FileStore, store: FileStore, f: Named, w: number, aside: string): number {
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
