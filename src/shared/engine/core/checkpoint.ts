/**
 * Checkpoints of a search on disk (issue 19): the folder of a search's levels also holds its
 * manifest (checkpoint.json), rewritten atomically after each level is finished and after each
 * step of the flow is settled (a length proven impossible, say). A resumed job runs its flow from
 * the start with the same parameters: settled steps are taken from the manifest, finished levels
 * are read from their files (checked against the rows and the checksum the manifest recorded),
 * and the search goes on from the level that was in progress. A resume with other parameters is
 * refused, naming what differs; a damaged or missing level file is named, never used.
 */
import type { LevelRecord } from './levels'
import type { FileStore } from './storage'

const MANIFEST = 'checkpoint.json'
const VERSION = 1

/** A finished level's file as the manifest records it. */
interface LevelEntry {
  readonly rows: number
  readonly checksum: number
  /** The rule it was built under (JSON), so that a level is only reused for the same rule. */
  readonly rule: string
  readonly record: LevelRecord
}

interface Manifest {
  readonly version: number
  /** The job's parameters that decide what the search finds (not threads, budget, time). */
  readonly params: Record<string, unknown>
  readonly levels: Record<string, LevelEntry>
  readonly steps: Record<string, unknown>
}

/** A fault of a checkpoint the user should hear about (a refused resume, a damaged file). */
export class CheckpointError extends Error {}

/**
 * The parameters of a job that decide what its searches find, as a checkpoint records them: all
 * but the threads, the memory budget, the time limit, the longest length looked for (a settled
 * length stays settled), the folder and how the levels are built (cluster, shards).
 */
export function searchParams(job: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(job).filter(([k]) => !MAY_CHANGE.includes(k)))
}

/** The job fields a resume may change. */
const MAY_CHANGE: readonly string[] = ['threads', 'budgetBytes', 'timeLimit', 'maxLength', 'disk', 'resume', 'cluster', 'shards']

/** FNV-1a over words, continued from `h`. */
export function checksumWords(words: Uint32Array, count: number, h = 0x811c9dc5): number {
  for (let i = 0; i < count; i++) h = Math.imul(h ^ words[i]!, 0x01000193) >>> 0
  return h
}

export class Checkpoint {
  private manifest: Manifest

  /**
   * Open the checkpoint of a folder: a new one (the folder must not hold one already: resuming it
   * is asked for explicitly), or, with `resume`, the one it holds, for the same parameters.
   */
  constructor(
    readonly store: FileStore,
    params: Record<string, unknown>,
    resume: boolean,
  ) {
    const text = store.readText(MANIFEST)
    if (!resume) {
      if (text !== undefined) throw new CheckpointError(`${store.where} holds a checkpoint of an earlier search: resume it, or give an empty folder`)
      this.manifest = { version: VERSION, params, levels: {}, steps: {} }
      this.save()
      return
    }
    if (text === undefined) throw new CheckpointError(`${store.where} holds no checkpoint (${MANIFEST}) to resume`)
    let m: Manifest
    try {
      m = JSON.parse(text) as Manifest
    } catch {
      throw new CheckpointError(`${store.where}/${MANIFEST} is damaged: not JSON`)
    }
    // null is an 'object' too: each part must be a real object (a damaged manifest is named, not a TypeError).
    const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v)
    if (!isObject(m) || m.version !== VERSION || !isObject(m.params) || !isObject(m.levels) || !isObject(m.steps))
      throw new CheckpointError(`${store.where}/${MANIFEST} is damaged or of another version`)
    const differ = differences(m.params, params)
    if (differ.length > 0) throw new CheckpointError(`the checkpoint in ${store.where} is of another search: ${differ.join('; ')}`)
    this.manifest = m
  }

  /** A settled step's outcome, if the checkpoint holds it. */
  step<T>(key: string): T | undefined {
    return this.manifest.steps[key] as T | undefined
  }

  /** Record a settled step. */
  settle(key: string, value: unknown): void {
    this.manifest = { ...this.manifest, steps: { ...this.manifest.steps, [key]: value } }
    this.save()
  }

  /**
   * An exhaustive search of a game flow ended (not cancelled, no game found): it leaves `searches`,
   * the flow's searches whose files go when the flow ends. If it found nothing (`record.result`
   * 'none') it is the settled step `key` and its files go now; if it stopped (time, memory) they
   * stay for a resume with more.
   */
  closeSearch(key: string, record: { readonly result: string }, searches: { discard(): void }[]): void {
    const search = searches.pop()
    if (record.result !== 'none') return
    this.settle(key, record)
    search?.discard()
  }

  /**
   * A finished level (file `name`) built under `rule`: its rows and record, after checking the
   * file against the manifest; undefined if the checkpoint does not hold it.
   */
  level(name: string, w: number, rule: string): { rows: number; record: LevelRecord } | undefined {
    const e = this.manifest.levels[name]
    if (!e || e.rule !== rule) return undefined
    const where = `${this.store.where}/${name}`
    if (!this.store.exists(name)) throw new CheckpointError(`checkpoint file ${where} is missing`)
    if (this.store.size(name) !== e.rows * w * 4)
      throw new CheckpointError(`checkpoint file ${where} is damaged: ${this.store.size(name)} bytes, not the ${e.rows * w * 4} recorded`)
    const reader = this.store.open(name, w)
    const block = new Uint32Array((1 << 14) * w)
    let h = 0x811c9dc5
    try {
      for (let at = 0; at < e.rows; ) {
        const n = reader.read(at, block, 1 << 14)
        h = checksumWords(block, n * w, h)
        at += n
      }
    } finally {
      reader.close()
    }
    if (h !== e.checksum) throw new CheckpointError(`checkpoint file ${where} is damaged: its checksum does not match`)
    return { rows: e.rows, record: e.record }
  }

  /** Record a finished level's file. */
  finished(name: string, entry: LevelEntry): void {
    this.manifest = { ...this.manifest, levels: { ...this.manifest.levels, [name]: entry } }
    this.save()
  }

  /** Levels whose files are about to be deleted. */
  forget(names: readonly string[]): void {
    const levels = { ...this.manifest.levels }
    for (const n of names) delete levels[n]
    this.manifest = { ...this.manifest, levels }
    this.save()
  }

  private save(): void {
    this.store.writeText(MANIFEST, JSON.stringify(this.manifest, null, 1))
  }
}

/**
 * The parameters that differ, each by its path (`problem.rules.moves: "4-move" in the checkpoint,
 * "6-move" now`), the first few.
 */
function differences(was: unknown, now: unknown, path = ''): string[] {
  if (JSON.stringify(was) === JSON.stringify(now)) return []
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
  if (isObject(was) && isObject(now) && Array.isArray(was) === Array.isArray(now)) {
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].sort()
    return keys.flatMap((k) => differences(was[k], now[k], path ? `${path}.${k}` : k)).slice(0, 3)
  }
  const show = (v: unknown): string => {
    const text = JSON.stringify(v) ?? 'none'
    return text.length > 60 ? `${text.slice(0, 57)}...` : text
  }
  return [`${path}: ${show(was)} in the checkpoint, ${show(now)} now`]
}
