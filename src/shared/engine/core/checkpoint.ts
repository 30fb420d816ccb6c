/**
 * Checkpoints of a search on disk (issues 19 and 28): the folder of a search's levels also holds
 * its manifest (checkpoint.json), rewritten atomically after each level is finished and after each
 * step of the flow is settled (a length proven impossible, a Cmax found, a beam's outcome). A
 * resumed job runs its flow from the start with the same parameters: settled steps are taken from
 * the manifest, finished levels are read from their files (checked against the rows and the
 * checksum the manifest recorded), and the search goes on from the level that was in progress.
 *
 * Every record of the manifest (the parameters, each level, each settled step, the position) is
 * sealed: stored with a digest of its name and content, checked when the manifest is read, so an
 * edited or damaged record is refused by name instead of being reported as a proof. The digest
 * detects damage and hand edits, not a forger who recomputes it (the algorithm is in this file).
 * A resume with other parameters is refused, naming what differs; a damaged or missing level file
 * is named, never used; a manifest of another format version is refused, naming its version.
 */
import * as z from 'zod'
import { EnvironmentError } from '../../environment'
import { firstIssue } from '../../schema-faults'
import type { LevelRecord } from './levels'
import { rowsIn, type FileStore } from './storage'

/** The manifest's file in a search's folder. */
export const MANIFEST = 'checkpoint.json'
const FORMAT = 'halma-checkpoint'
/** Version 2 (issue 28): sealed records, levels as lists of files (shards), the position. */
export const CHECKPOINT_VERSION = 2

/** One file of a finished level: its rows and the checksum of its words. */
export interface LevelFile {
  readonly name: string
  readonly rows: number
  readonly checksum: number
}

/** A finished level as the manifest records it. */
export interface LevelEntry {
  /** One file, or one per shard (a level built by a farm). */
  readonly files: readonly LevelFile[]
  /** Words per state. */
  readonly w: number
  /** The rule it was built under (JSON), so that a level is only reused for the same rule. */
  readonly rule: string
  readonly record: LevelRecord
}

/**
 * A level in progress on disk (issue 28): the sorted runs written so far and the parents they
 * cover, so that a resume goes on inside the level instead of building it again from its first
 * parent. Every child of the parents [0, done) is in the runs (a level stopped in the middle of a
 * chunk may hold some children of the chunk after too: they come again when the chunk is expanded
 * again, and the merge keeps each state once, so the level is the same).
 */
export interface BuildEntry {
  readonly w: number
  /** The rule the level is built under (JSON), as LevelEntry.rule. */
  readonly rule: string
  /** The parent level's rows and checksum (null where unknown): the runs are reused over the same parents only. */
  readonly parents: { readonly rows: number; readonly checksum: number | null }
  /** Parents expanded: [0, done) of the parent level. */
  readonly done: number
  /** The runs, each flushed to disk before it is named here. */
  readonly runs: readonly LevelFile[]
  /** The number the next run is named by (runs are named `<level>.run<k>`, k counting up). */
  readonly next: number
  /** The kernel's counts over the parents [0, done), and the seconds spent on them. */
  readonly stats: { readonly parents: number; readonly children: number; readonly kept: number }
  readonly seconds: number
}

/** Where a search was when its last level was finished: what a resume picks up from. */
export interface Position {
  /** The search (the name its files start with) and the level finished last. */
  readonly search: string
  readonly level: number
  readonly size: number
  /** The flow's phase and length then. */
  readonly phase: string
  readonly length: number | null
  /** The deepest level the search can reach, where it is known (an estimate's horizon). */
  readonly plan: number | null
}

const sealed = <T extends z.ZodType>(value: T) => z.strictObject({ value, sum: z.string().regex(/^[0-9a-f]{16}$/) })

const LevelRecordSchema = z.strictObject({ level: z.number().int(), size: z.number(), children: z.number(), seconds: z.number() })
const LevelEntrySchema = z.strictObject({
  files: z.array(z.strictObject({ name: z.string(), rows: z.number().int().nonnegative(), checksum: z.number().int() })).min(1),
  w: z.number().int().positive(),
  rule: z.string(),
  record: LevelRecordSchema,
})
const PositionSchema = z.strictObject({
  search: z.string(),
  level: z.number().int(),
  size: z.number(),
  phase: z.string(),
  length: z.number().int().nullable(),
  plan: z.number().int().nullable(),
})
const LevelFileSchema = z.strictObject({ name: z.string(), rows: z.number().int().nonnegative(), checksum: z.number().int() })
const BuildEntrySchema = z.strictObject({
  w: z.number().int().positive(),
  rule: z.string(),
  parents: z.strictObject({ rows: z.number().int().nonnegative(), checksum: z.number().int().nullable() }),
  done: z.number().int().nonnegative(),
  runs: z.array(LevelFileSchema),
  next: z.number().int().nonnegative(),
  stats: z.strictObject({ parents: z.number(), children: z.number(), kept: z.number() }),
  seconds: z.number(),
})
const ManifestSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(CHECKPOINT_VERSION),
  params: sealed(z.record(z.string(), z.unknown())),
  levels: z.record(z.string(), sealed(LevelEntrySchema)),
  steps: z.record(z.string(), sealed(z.unknown())),
  at: sealed(PositionSchema).optional(),
  /** Levels in progress (absent in manifests written before it: they resume as before). */
  building: z.record(z.string(), sealed(BuildEntrySchema)).optional(),
})

type Seal<T> = { readonly value: T; readonly sum: string }
interface Manifest {
  readonly format: typeof FORMAT
  readonly version: typeof CHECKPOINT_VERSION
  readonly params: Seal<Record<string, unknown>>
  readonly levels: Readonly<Record<string, Seal<LevelEntry>>>
  readonly steps: Readonly<Record<string, Seal<unknown>>>
  readonly at?: Seal<Position>
  readonly building?: Readonly<Record<string, Seal<BuildEntry>>>
}

/** Why a checkpoint cannot be used, as a stable code. */
export type CheckpointFault =
  | 'checkpoint.refused'
  | 'checkpoint.none'
  | 'checkpoint.exists'
  | 'checkpoint.damaged'
  | 'checkpoint.version'
  | 'checkpoint.record'
  | 'checkpoint.params'
  | 'checkpoint.file'

/** A fault of a checkpoint the user should hear about (a refused resume, a damaged file). */
export class CheckpointError extends Error {
  constructor(
    message: string,
    readonly code: CheckpointFault = 'checkpoint.refused',
  ) {
    super(message)
  }
}

/**
 * The parameters of a job that decide what its searches find, as a checkpoint records them: all
 * but the threads, the memory budget, the time limit, the longest length looked for (maxLength, maxMoves: a settled
 * length stays settled), the folder, the queue and the disk limit; and how the levels are laid out (one file, or
 * shards: a checkpoint's levels are read back in the layout they were written in).
 */
export function searchParams(job: object): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(job).filter(([k]) => !MAY_CHANGE.includes(k)))
  const j = job as { readonly cluster?: string; readonly shards?: number }
  return { ...kept, levels: j.cluster !== undefined ? `${j.shards ?? 1} shards` : 'one file' }
}

/** The job fields a resume may change. */
const MAY_CHANGE: readonly string[] = [
  'threads',
  'budgetBytes',
  'timeLimit',
  'maxLength',
  'maxMoves',
  'disk',
  'resume',
  'cluster',
  'shards',
  'diskLimit',
  'keepLevels',
]

/** FNV-1a over words, continued from `h` (level files). */
export function checksumWords(words: Uint32Array, count: number, h = 0x811c9dc5): number {
  for (let i = 0; i < count; i++) h = Math.imul(h ^ words[i]!, 0x01000193) >>> 0
  return h
}

/** A record's seal: two FNV-1a lanes (64 bits) over its kind, name and JSON text, in hex. */
export function digest(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0
    // Unsigned again after the shift's xor (a signed lane printed as '-1e3b753a').
    b = (b ^ (b >>> 15)) >>> 0
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0')
}

const seal = <T>(what: string, value: T): Seal<T> => ({ value, sum: digest(`${what}\n${JSON.stringify(value)}`) })

/**
 * The text of a manifest of this format holding `params`, `levels`, `steps` and `at`, every record
 * sealed as the Checkpoint seals it (an older checkpoint converted: core/upgrade.ts).
 */
export function manifestText(
  params: Record<string, unknown>,
  levels: Readonly<Record<string, LevelEntry>>,
  steps: Readonly<Record<string, unknown>>,
  at?: Position,
): string {
  const m: Manifest = {
    format: FORMAT,
    version: CHECKPOINT_VERSION,
    params: seal('params', params),
    levels: Object.fromEntries(Object.entries(levels).map(([k, e]) => [k, seal(`level ${k}`, e)])),
    steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, seal(`step ${k}`, v)])),
    ...(at && { at: seal('position', at) }),
  }
  return JSON.stringify(m, null, 1)
}

export class Checkpoint {
  private manifest: Manifest
  /** The flow's phase and length, for the position recorded with each level. */
  where: () => { readonly phase: string; readonly length: number | null } = () => ({ phase: '', length: null })
  /** Hears of each file about to be read whole for its checksum (a resume reads every level it takes: minutes at a billion rows). */
  checking: (file: string, rows: number) => void = () => undefined

  /**
   * Open the checkpoint of a folder: a new one (the folder must not hold one already: resuming it
   * is asked for explicitly), or, with `resume`, the one it holds, for the same parameters, every
   * record checked.
   */
  constructor(
    readonly store: FileStore,
    params: Record<string, unknown>,
    readonly resumed: boolean,
  ) {
    const text = store.readText(MANIFEST)
    const file = `${store.where}/${MANIFEST}`
    if (!resumed) {
      if (text !== undefined)
        throw new CheckpointError(
          `${store.where} holds a checkpoint of an earlier search: resume it, or give an empty folder`,
          'checkpoint.exists',
        )
      this.manifest = { format: FORMAT, version: CHECKPOINT_VERSION, params: seal('params', params), levels: {}, steps: {} }
      this.save()
      return
    }
    if (text === undefined) throw new CheckpointError(`${store.where} holds no checkpoint (${MANIFEST}) to resume`, 'checkpoint.none')
    const m = readManifest(text, file)
    // Parameters of another shape both ways (each has fields the other lacks): another command's
    // checkpoint (or another kind of problem's), said as such. A field one side lacks alone is an
    // option left out when off (solve's finish, a players game's targets): its difference is listed below.
    const keysOf = (o: unknown): string[] => (typeof o === 'object' && o !== null ? Object.keys(o) : [])
    const there = keysOf(m.params.value)
    const here = keysOf(params)
    const onlyThere = there.filter((k) => !here.includes(k))
    const onlyHere = here.filter((k) => !there.includes(k))
    if (onlyThere.length > 0 && onlyHere.length > 0)
      throw new CheckpointError(
        `the checkpoint in ${store.where} is of another kind of search (another command's, or another kind of problem's): ` +
          `its parameters have ${onlyThere.join(', ')} and lack ${onlyHere.join(', ')}; resume it with the command that made it`,
        'checkpoint.params',
      )
    const differ = differences(m.params.value, params)
    if (differ.length > 0)
      throw new CheckpointError(`the checkpoint in ${store.where} is of another search: ${differ.join('; ')}`, 'checkpoint.params')
    this.manifest = m
  }

  /** A settled step's outcome, if the checkpoint holds it. */
  step<T>(key: string): T | undefined {
    return this.manifest.steps[key]?.value as T | undefined
  }

  /** Record a settled step. */
  settle(key: string, value: unknown): void {
    this.manifest = { ...this.manifest, steps: { ...this.manifest.steps, [key]: seal(`step ${key}`, value) } }
    this.save()
  }

  /**
   * A finished level (`name`) built under `rule` in `files` files: its files and record, after
   * checking each file against the manifest; undefined if the checkpoint does not hold it.
   */
  level(name: string, w: number, rule: string, files: number): { files: readonly LevelFile[]; record: LevelRecord } | undefined {
    const e = this.manifest.levels[name]?.value
    if (!e || e.rule !== rule) return undefined
    if (e.files.length !== files || e.w !== w)
      throw new CheckpointError(
        `checkpoint level ${name} is in ${e.files.length} files of ${e.w} words, not ${files} of ${w}`,
        'checkpoint.file',
      )
    for (const f of e.files) this.check(f, w)
    return { files: e.files, record: e.record }
  }

  /** A level file checked against its record: present, of its size, of its checksum (`announce`: the reader hears of it first). */
  private check(f: LevelFile, w: number, announce = true): void {
    const where = `${this.store.where}/${f.name}`
    if (!this.store.exists(f.name)) throw new CheckpointError(`checkpoint file ${where} is missing`, 'checkpoint.file')
    const damaged = (what: string): CheckpointError => new CheckpointError(`checkpoint file ${where} is damaged: ${what}`, 'checkpoint.file')
    // A file that cannot be read as rows (cut short, not whole rows) is damaged; a fault of the
    // environment (no permission, a disk error) stays what it is.
    const reading = <T>(read: () => T): T => {
      try {
        return read()
      } catch (e) {
        throw e instanceof EnvironmentError ? e : damaged((e as Error).message)
      }
    }
    const rows = reading(() => rowsIn(this.store, f.name, w))
    if (rows !== f.rows) throw damaged(`${rows} rows, not the ${f.rows} recorded`)
    if (announce) this.checking(f.name, f.rows)
    if (reading(() => fileChecksum(this.store, f.name, w, f.rows)) !== f.checksum) throw damaged('its checksum does not match')
  }

  /** Record a finished level (its files flushed to disk already) and the position it marks; its record in progress goes. */
  finished(name: string, entry: LevelEntry, position: { readonly search: string; readonly plan: number | null }): void {
    const { phase, length } = this.where()
    const at: Position = { search: position.search, level: entry.record.level, size: entry.record.size, phase, length, plan: position.plan }
    this.manifest = {
      ...this.withoutBuilding([name]),
      levels: { ...this.manifest.levels, [name]: seal(`level ${name}`, entry) },
      at: seal('position', at),
    }
    this.save()
  }

  /**
   * The level `name` in progress, built under `rule` from `parents`, as the checkpoint holds it:
   * its runs checked (present, of their size and checksum: a damaged one is named); undefined if
   * the checkpoint holds none for that rule and those parents.
   */
  building(name: string, w: number, rule: string, parents: BuildEntry['parents']): BuildEntry | undefined {
    const e = this.manifest.building?.[name]?.value
    if (!e || e.rule !== rule || e.w !== w || e.parents.rows !== parents.rows) return undefined
    if (e.parents.checksum !== null && parents.checksum !== null && e.parents.checksum !== parents.checksum) return undefined
    // The runs heard of as one (a level in progress may have a hundred).
    if (e.runs.length > 0)
      this.checking(
        `the ${e.runs.length} run${e.runs.length === 1 ? '' : 's'} of ${name}`,
        e.runs.reduce((n, f) => n + f.rows, 0),
      )
    for (const f of e.runs) this.check(f, w, false)
    return e
  }

  /** Record a level in progress (its runs flushed to disk already). */
  progressed(name: string, entry: BuildEntry): void {
    this.manifest = { ...this.manifest, building: { ...this.manifest.building, [name]: seal(`building ${name}`, entry) } }
    this.save()
  }

  /** The manifest without the records in progress of `names`. */
  private withoutBuilding(names: readonly string[]): Manifest {
    const building = this.manifest.building
    if (!building || !names.some((n) => n in building)) return this.manifest
    const kept = { ...building }
    for (const n of names) delete kept[n]
    return { ...this.manifest, building: kept }
  }

  /** The records in progress of `names` go (their runs are about to be deleted); finished levels stay named. */
  dropBuilding(names: readonly string[]): void {
    const rest = this.withoutBuilding(names)
    if (rest === this.manifest) return
    this.manifest = rest
    this.save()
  }

  /** Levels whose files are about to be deleted (finished, or in progress: their runs). */
  forget(names: readonly string[]): void {
    const building = this.manifest.building ?? {}
    if (!names.some((n) => n in this.manifest.levels || n in building)) return
    const levels = { ...this.manifest.levels }
    for (const n of names) delete levels[n]
    const rest = this.withoutBuilding(names)
    // A position in a search whose levels are all gone (settled) is no place to pick up from.
    const at = this.manifest.at?.value
    const gone = at !== undefined && !Object.keys(levels).some((n) => n.startsWith(`${at.search}.L`))
    if (gone) {
      const { at: _gone, ...without } = rest
      this.manifest = { ...without, levels }
    } else this.manifest = { ...rest, levels }
    this.save()
  }

  /** What a resume picks up from: the settled steps, the position, the sizes of its search's levels. */
  resumeState(): {
    readonly settled: readonly string[]
    readonly at: Position | undefined
    readonly sizes: readonly number[]
    readonly w: number
    /** Levels in progress: the level's name and its record. */
    readonly building: readonly { readonly name: string; readonly entry: BuildEntry }[]
  } {
    const at = this.manifest.at?.value
    const sizes: number[] = []
    let w = 0
    if (at)
      for (const [name, e] of Object.entries(this.manifest.levels)) {
        const m = /\.L(\d+)$/.exec(name)
        if (!m || name.slice(0, -m[0].length) !== at.search) continue
        sizes[Number(m[1])] = e.value.record.size
        w = e.value.w
      }
    const building = Object.entries(this.manifest.building ?? {}).map(([name, s]) => ({ name, entry: s.value }))
    return { settled: Object.keys(this.manifest.steps), at, sizes, w, building }
  }

  private save(): void {
    this.store.writeText(MANIFEST, JSON.stringify(this.manifest, null, 1))
  }
}

/** The FNV-1a checksum of a file's words. */
export function fileChecksum(store: FileStore, name: string, w: number, rows: number): number {
  const reader = store.open(name, w)
  const block = new Uint32Array((1 << 14) * w)
  let h = 0x811c9dc5
  try {
    for (let at = 0; at < rows;) {
      const n = reader.read(at, block, 1 << 14)
      h = checksumWords(block, n * w, h)
      at += n
    }
  } finally {
    reader.close()
  }
  return h
}

/** A manifest read back: of this format and version, well formed, every record's seal intact. */
/**
 * The level and run files the checkpoint in `store` names, each with its rows' width: the finished
 * levels' files and the runs of levels in progress. The manifest is read and checked as a resume
 * reads it (its format, version, schema and every record's seal); throws a CheckpointError.
 */
export function checkpointFiles(store: FileStore): { readonly file: LevelFile; readonly w: number }[] {
  const text = store.readText(MANIFEST)
  if (text === undefined) throw new CheckpointError(`${store.where} holds no checkpoint (${MANIFEST})`, 'checkpoint.none')
  const m = readManifest(text, `${store.where}/${MANIFEST}`)
  return [
    ...Object.values(m.levels).flatMap(({ value: e }) => e.files.map((file) => ({ file, w: e.w }))),
    ...Object.values(m.building ?? {}).flatMap(({ value: e }) => e.runs.map((file) => ({ file, w: e.w }))),
  ]
}

function readManifest(text: string, file: string): Manifest {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new CheckpointError(`${file} is damaged: not JSON`, 'checkpoint.damaged')
  }
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {}
  if (o['format'] !== FORMAT || o['version'] !== CHECKPOINT_VERSION) {
    const version = typeof o['version'] === 'number' ? `version ${o['version']}` : 'no version'
    // A newer program wrote it: this one cannot read it, and starting again would throw the work away.
    if (typeof o['version'] === 'number' && o['version'] > CHECKPOINT_VERSION)
      throw new CheckpointError(
        `${file} is a checkpoint of format ${version}, newer than this program reads (${CHECKPOINT_VERSION}): resume it with the newer Halma Workbench that wrote it (update this one); its folder is left as it is`,
        'checkpoint.version',
      )
    if (typeof o['version'] === 'number' && o['version'] !== CHECKPOINT_VERSION)
      throw new CheckpointError(
        `${file} is a checkpoint of format ${version}; this engine reads version ${CHECKPOINT_VERSION} only (its records are checksummed; ` +
          `an older checkpoint's are not, so its levels cannot be trusted): ${o['version'] === 1 ? 'convert it with `halma checkpoint upgrade` on its folder, which checks its files, or ' : ''}start the search again in an empty folder`,
        'checkpoint.version',
      )
    throw new CheckpointError(`${file} is damaged or not a checkpoint (${version})`, 'checkpoint.damaged')
  }
  const parsed = ManifestSchema.safeParse(raw)
  if (!parsed.success) throw new CheckpointError(`${file} is damaged: ${firstIssue(parsed.error, 'the checkpoint')}`, 'checkpoint.damaged')
  // The records as written (zod's copy may order keys otherwise, and a seal is over the text).
  const m = raw as Manifest
  const intact = (what: string, name: string, s: Seal<unknown>): void => {
    if (seal(what, s.value).sum !== s.sum)
      throw new CheckpointError(
        `${file}: the record of ${name} was edited or damaged (its checksum does not match): the checkpoint is not used`,
        'checkpoint.record',
      )
  }
  intact('params', 'the parameters', m.params)
  for (const [k, s] of Object.entries(m.levels)) intact(`level ${k}`, `level ${k}`, s)
  for (const [k, s] of Object.entries(m.steps)) intact(`step ${k}`, `the settled step '${k}'`, s)
  if (m.at) intact('position', 'the position', m.at)
  for (const [k, s] of Object.entries(m.building ?? {})) intact(`building ${k}`, `level ${k} in progress`, s)
  return m
}

/**
 * The parameters that differ, each by its path (`problem.rules.moves: "4-move" in the checkpoint,
 * "6-move" now`), the first few.
 */
export function differences(was: unknown, now: unknown, path = ''): string[] {
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
