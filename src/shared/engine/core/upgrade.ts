/**
 * A checkpoint of format 1 (written before issue 28: no seals, one file per level without its words
 * per state, no Cmax, no position) converted to format 2 (checkpoint.ts), so that a search checkpointed
 * by an older build goes on with this engine without starting again (`halma checkpoint upgrade DIR`).
 *
 * Only what converts exactly is converted; anything else is refused, naming it, and nothing is
 * written. Every level file the old manifest names is read whole first: its size must be its rows
 * of whole words and its words' FNV-1a checksum the one recorded (the level files themselves are
 * written the same way by both formats: sorted rows of W 32-bit words, the same checksum). Then:
 * - the parameters: as recorded, with the layout format 2 records (`levels: 'one file'`: format 1
 *   wrote no checkpoint for a cluster's shards); the caller checks them against the parameters this
 *   engine records for the job they describe (`expected`), so that a resume is not refused;
 * - each level: one file, its words per state (from the file's bytes), rule and record; the rules
 *   of the N-player searches, of kind 'multi' before the domain was renamed, become kind 'players'
 *   (the same fields in the same order);
 * - each settled step under the name this engine's flows use: `length L` (a transfer length proven
 *   impossible: the same LengthProof), `exhaustive L w` of a two-player game (its record, game null)
 *   or of an N-player game (its record, found null);
 * - left out, as format 1 did not record them: the Cmax of a length whose proof was in progress
 *   (this engine's flow takes run 1's levels from the checkpoint, if they are there, and finds Cmax
 *   again from its top level without building them; an odd length in its run 2 had its run 1's
 *   levels deleted by format 1, so run 1 is built again), and the position (a resume then reports
 *   no position).
 * The old manifest is kept as checkpoint.v1.json; the new one is written aside, flushed and renamed
 * over checkpoint.json (FileStore.writeText). The folder is claimed meanwhile: no search runs in it.
 */
import * as z from 'zod'
import { firstIssue } from '../../schema-faults'
import { diagnostic, err, ok, type Diagnostic, type Result } from '../../result'
import { CHECKPOINT_VERSION, differences, fileChecksum, MANIFEST, manifestText, type LevelEntry, type Position } from './checkpoint'
import type { FileStore } from './storage'

/** Where the old manifest is kept. */
export const KEPT_MANIFEST = 'checkpoint.v1.json'

/** The jobs whose format-1 checkpoints convert, by job kind. */
export type UpgradeKind = 'solve' | 'game' | 'players'

export interface UpgradeOptions {
  /**
   * The parameters this engine records for the job that format 1's `params` describe (the job
   * checked by its codec, then searchParams), or a fault; compared with the converted ones.
   */
  readonly expected?: (kind: UpgradeKind, params: Record<string, unknown>) => Result<Record<string, unknown>, string>
  /** Told before each level file is read (its checksum checked). */
  readonly onFile?: (name: string, bytes: number) => void
}

export interface Upgraded {
  readonly kind: UpgradeKind
  readonly levels: number
  /** Bytes of level files read and checked. */
  readonly bytes: number
  readonly steps: readonly string[]
  /** What format 1 did not record, and what this engine's flow does about it. */
  readonly leftOut: readonly string[]
  /** Where the search was, as format 2 records it (read off the levels), if one search was in progress. */
  readonly at: Position | undefined
}

const LevelRecordV1 = z.strictObject({ level: z.number().int(), size: z.number(), children: z.number(), seconds: z.number() })
const ManifestV1 = z.strictObject({
  version: z.literal(1),
  params: z.record(z.string(), z.unknown()),
  levels: z.record(
    z.string(),
    z.strictObject({ rows: z.number().int().nonnegative(), checksum: z.number().int(), rule: z.string(), record: LevelRecordV1 }),
  ),
  steps: z.record(z.string(), z.unknown()),
})
type LevelV1 = z.infer<typeof ManifestV1>['levels'][string]

const int = z.number().int()
/** A transfer length format 1 settled: proven impossible (the flow settles no other). */
const LengthProofV1 = z.strictObject({
  length: int,
  result: z.literal('none'),
  cmax: z.number().nullable(),
  meet: int,
  levels: z.array(int),
  largestLevel: z.number(),
  seconds: z.number(),
})
/** An exhaustive game search format 1 settled: it found no game. */
const gameRecord = {
  bound: int,
  winner: z.string(),
  heuristic: z.literal(false),
  result: z.literal('none'),
  length: z.null(),
  levels: z.array(int),
  seconds: z.number(),
}
const GameRecordV1 = z.strictObject({ ...gameRecord, cut: z.literal(false) })
const PlayersRecordV1 = z.strictObject(gameRecord)

/** Per kind: its level files' names, its rules' fields (in order), its settled steps. */
interface KindRules {
  readonly level: RegExp
  readonly rule: { readonly kind: string; readonly becomes: string; readonly fields: readonly string[] }
  readonly step: RegExp
  readonly value: z.ZodType
  /** The step's value in format 2, from format 1's checked value. */
  readonly wrap: (v: unknown) => unknown
  /** The step's length (or bound) as its value states it. */
  readonly bound: (v: unknown) => number
}

const KINDS: Record<UpgradeKind, KindRules> = {
  solve: {
    level: /^(?:length\d+[abp]|forward|backward)\.L(\d+)$/,
    rule: { kind: 'transfer', becomes: 'transfer', fields: ['kind', 'level', 'sides', 'minSym', 'score', 'lambda'] },
    step: /^length (\d+)$/,
    value: LengthProofV1,
    wrap: (v) => v,
    bound: (v) => (v as { length: number }).length,
  },
  game: {
    level: /^game\d+w[01]\.L(\d+)$/,
    rule: { kind: 'game', becomes: 'game', fields: ['kind', 'level', 'bound', 'winner', 'heuristic'] },
    step: /^exhaustive (\d+) [01]$/,
    value: GameRecordV1,
    wrap: (record) => ({ record, game: null }),
    bound: (v) => (v as { bound: number }).bound,
  },
  players: {
    level: /^players\d+w\d\.L(\d+)$/,
    rule: { kind: 'multi', becomes: 'players', fields: ['kind', 'level', 'bound', 'winner', 'score'] },
    step: /^exhaustive (\d+) \d$/,
    value: PlayersRecordV1,
    wrap: (record) => ({ record, found: null }),
    bound: (v) => (v as { bound: number }).bound,
  },
}

const fault = (code: string, message: string): Result<never, Diagnostic> => err(diagnostic(`upgrade.${code}`, message))

/** The job kind format 1's parameters describe: a transfer's or a game's problem, or a players' game. */
function kindOf(params: Record<string, unknown>): UpgradeKind | undefined {
  const problem = params['problem']
  const kind = typeof problem === 'object' && problem !== null ? (problem as Record<string, unknown>)['kind'] : undefined
  if (kind === 'transfer') return 'solve'
  if (kind === 'game') return 'game'
  const game = params['game']
  if (problem === undefined && typeof game === 'object' && game !== null && typeof (game as Record<string, unknown>)['board'] === 'string')
    return 'players'
  return undefined
}

/**
 * Convert the format-1 checkpoint of `store` to format 2, after checking every level file it names;
 * a fault names what cannot be converted exactly, and then nothing is written.
 */
export function upgradeCheckpoint(store: FileStore, options: UpgradeOptions = {}): Result<Upgraded, Diagnostic> {
  const release = store.claim()
  try {
    return upgradeClaimed(store, options)
  } finally {
    release()
  }
}

function upgradeClaimed(store: FileStore, options: UpgradeOptions): Result<Upgraded, Diagnostic> {
  const file = `${store.where}/${MANIFEST}`
  const text = store.readText(MANIFEST)
  if (text === undefined) return fault('none', `${store.where} holds no checkpoint (${MANIFEST}) to upgrade`)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return fault('damaged', `${file} is damaged: not JSON`)
  }
  const version = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['version'] : undefined
  if (version === CHECKPOINT_VERSION)
    return fault('current', `${file} is of format version ${CHECKPOINT_VERSION} already: nothing to upgrade`)
  if (version !== 1)
    return fault('version', `${file} is not a checkpoint of format version 1 (version ${JSON.stringify(version) ?? 'none'})`)
  const parsed = ManifestV1.safeParse(raw)
  if (!parsed.success) return fault('damaged', `${file} is damaged: ${firstIssue(parsed.error, 'the checkpoint')}`)
  // The records as written (zod's copies may order keys otherwise: a converted record keeps its text).
  const m = raw as z.infer<typeof ManifestV1>
  const kind = kindOf(m.params)
  if (!kind)
    return fault('kind', `${file}: its parameters are of no search this upgrade knows (a transfer's, a two-player or an N-player game's)`)
  const rules = KINDS[kind]

  const params = { ...m.params, levels: 'one file' }
  if (options.expected) {
    const wanted = options.expected(kind, m.params)
    if (!wanted.ok) return fault('params', `${file}: its parameters are not a job this engine runs: ${wanted.error}`)
    const differ = differences(params, wanted.value)
    if (differ.length > 0)
      return fault(
        'params',
        `${file}: this engine records other parameters for the same job (a resume would be refused): ${differ.join('; ')}`,
      )
  }

  const steps: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(m.steps)) {
    const match = rules.step.exec(key)
    if (!match) return fault('step', `${file}: the settled step '${key}' is not one this upgrade converts`)
    const checked = rules.value.safeParse(value)
    if (!checked.success || rules.bound(checked.data) !== Number(match[1]))
      return fault(
        'step',
        `${file}: the settled step '${key}' is not of its known shape${checked.success ? ' (its length differs from its name)' : `: ${firstIssue(checked.error, key)}`}`,
      )
    steps[key] = rules.wrap(value)
  }

  const names = Object.keys(m.levels)
  const w = wordsPerState(store, m.levels)
  if (!w.ok) return w
  const levels: Record<string, LevelEntry> = {}
  let bytes = 0
  for (const name of names) {
    const e = m.levels[name]!
    const where = `${store.where}/${name}`
    const match = rules.level.exec(name)
    if (!match || Number(match[1]) !== e.record.level)
      return fault(
        'level',
        `${file}: level '${name}' is not a level file this upgrade converts (or its record is of level ${e.record.level})`,
      )
    if (e.record.size !== e.rows)
      return fault('level', `${file}: level '${name}' records ${e.record.size} states in a file of ${e.rows} rows`)
    const rule = convertRule(e.rule, rules.rule, e.record.level)
    if (rule === undefined)
      return fault('level', `${file}: level '${name}' was built under a rule this upgrade does not convert exactly: ${e.rule}`)
    if (!store.exists(name)) return fault('file', `checkpoint file ${where} is missing`)
    const size = store.size(name)
    if (size !== e.rows * w.value * 4)
      return fault('file', `checkpoint file ${where} is damaged: ${size} bytes, not the ${e.rows * w.value * 4} recorded`)
    options.onFile?.(name, size)
    if (fileChecksum(store, name, w.value, e.rows) !== e.checksum)
      return fault('file', `checkpoint file ${where} is damaged: its checksum does not match`)
    bytes += size
    levels[name] = { files: [{ name, rows: e.rows, checksum: e.checksum }], w: w.value, rule, record: e.record }
  }

  const cmax = kind === 'solve' ? cmaxSteps(m.levels, steps) : { steps: {}, notes: [] }
  Object.assign(steps, cmax.steps)
  const at = positionOf(kind, m.levels, steps)
  if (names.length > 0 && !at)
    cmax.notes.push('the position (where the search was): a resume reports none until its next level is finished')

  const kept = store.readText(KEPT_MANIFEST)
  // A kept manifest other than this one is someone's: not replaced (the same one: an upgrade stopped before its last write).
  if (kept !== undefined && kept !== text)
    return fault('kept', `${store.where}/${KEPT_MANIFEST} holds another manifest already: move it away first`)
  store.writeText(KEPT_MANIFEST, text)
  store.writeText(MANIFEST, manifestText(params, levels, steps, at))
  return ok({ kind, levels: names.length, bytes, steps: Object.keys(steps), leftOut: cmax.notes, at })
}

/**
 * The words per state of the job's levels (one domain: the same for all), from the bytes of each
 * level file with rows; a file whose bytes give another number is damaged, and named.
 */
function wordsPerState(store: FileStore, levels: Readonly<Record<string, LevelV1>>): Result<number, Diagnostic> {
  const counts = new Map<number, number>()
  const found: [string, number][] = []
  for (const [name, e] of Object.entries(levels)) {
    if (e.rows === 0 || !store.exists(name)) continue
    const w = store.size(name) / (e.rows * 4)
    found.push([name, w])
    counts.set(w, (counts.get(w) ?? 0) + 1)
  }
  const best = [...counts].filter(([w]) => Number.isInteger(w) && w > 0).sort((a, b) => b[1] - a[1])[0]
  if (!best) {
    if (Object.keys(levels).length === 0) return ok(1)
    const name = found[0]?.[0] ?? Object.keys(levels)[0]!
    return fault(
      'file',
      `checkpoint file ${store.where}/${name} is missing, damaged, or empty: the words per state of the levels cannot be told`,
    )
  }
  return ok(best[0])
}

/** A level's rule in format 2: the same JSON (kind renamed where it was), or undefined if it is not of the known fields. */
function convertRule(text: string, known: KindRules['rule'], level: number): string | undefined {
  let rule: unknown
  try {
    rule = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return undefined
  const r = rule as Record<string, unknown>
  if (JSON.stringify(Object.keys(r)) !== JSON.stringify(known.fields) || r['kind'] !== known.kind || r['level'] !== level) return undefined
  // The text as written must be the one the fields give (a rule is compared as text).
  if (JSON.stringify(r) !== text) return undefined
  return JSON.stringify({ ...r, kind: known.becomes })
}

/**
 * The Cmax of each transfer length in progress, where format 1's rules fix it exactly and this
 * engine would otherwise build run 1 again: run 2 (`length<L>b`) keeps boards with c + U >= its
 * threshold, -Cmax for an even length, -max(Cmax, 0) for an odd one. Format 1 deleted run 1's
 * levels below the top once run 2 of an even length was built, and all of them once an odd
 * length's Cmax was found. Where run 1's levels are all there, Cmax is left out: this engine finds
 * it again from their top, read from the checkpoint, and then lets them go as it does its own.
 */
function cmaxSteps(
  levels: Readonly<Record<string, LevelV1>>,
  settled: Readonly<Record<string, unknown>>,
): { steps: Record<string, unknown>; notes: string[] } {
  const steps: Record<string, unknown> = {}
  const notes: string[] = []
  const runs = new Map<number, { a: Set<number>; thresholds: Set<number> }>()
  for (const [name, e] of Object.entries(levels)) {
    const m = /^length(\d+)([ab])\.L(\d+)$/.exec(name)
    if (!m) continue
    const run = runs.get(Number(m[1])) ?? { a: new Set<number>(), thresholds: new Set<number>() }
    runs.set(Number(m[1]), run)
    if (m[2] === 'a') run.a.add(Number(m[3]))
    else run.thresholds.add((JSON.parse(e.rule) as { sides: { threshold: number }[] }).sides[0]!.threshold)
  }
  for (const [L, run] of [...runs].sort((x, y) => x[0] - y[0])) {
    if (`length ${L}` in settled) continue
    const top = L % 2 === 0 ? L / 2 : (L + 1) / 2
    const whole = Array.from({ length: top }, (_, i) => i + 1).every((k) => run.a.has(k))
    const t = run.thresholds.size === 1 ? [...run.thresholds][0]! : undefined
    if (whole || t === undefined) {
      notes.push(
        whole
          ? `the Cmax of length ${L}: found again from the top level of run 1 (length${L}a), whose levels are read from the checkpoint, not built`
          : `the Cmax of length ${L}: run 1 (length${L}a) goes on from the levels the checkpoint holds`,
      )
      continue
    }
    // Even: the threshold is -Cmax, and run 1's top (kept by format 1 for the meeting) is read back.
    if (L % 2 === 0 && run.a.has(top)) steps[`cmax ${L}`] = { cmax: -t }
    // Odd: -max(Cmax, 0); a threshold of 0 leaves Cmax unknown (0, less, or an empty top level).
    else if (L % 2 === 1 && t < 0) steps[`cmax ${L}`] = { cmax: -t }
    else {
      notes.push(
        `the Cmax of length ${L}: format 1 deleted run 1's levels (length${L}a) and its rules do not fix Cmax: run 1 is built again`,
      )
      continue
    }
    notes.push(`the Cmax of length ${L}: ${-t} (cv units), from the threshold of its run 2 (length${L}b), so run 1 is not built again`)
  }
  return { steps, notes }
}

/**
 * Where the search was when its last level was finished, as format 2 records it: format 1 did not
 * record it, but its flows run one search at a time, so the search in progress is the one search
 * with levels whose step is not settled (a transfer length's run 2 if it has levels, else its run
 * 1), and its deepest level the last finished. The phase and the plan (its deepest level) are those
 * this engine's flows give that search. Undefined where it is not one search (a bidirectional
 * search's, or none).
 */
function positionOf(
  kind: UpgradeKind,
  levels: Readonly<Record<string, LevelV1>>,
  steps: Readonly<Record<string, unknown>>,
): Position | undefined {
  const deepest = new Map<string, LevelV1>()
  for (const [name, e] of Object.entries(levels)) {
    const search = name.slice(0, name.lastIndexOf('.L'))
    if ((deepest.get(search)?.record.level ?? -1) < e.record.level) deepest.set(search, e)
  }
  const open: Omit<Position, 'level' | 'size'>[] = []
  for (const search of deepest.keys()) {
    const t = /^length(\d+)([abp])$/.exec(search)
    const g = /^(?:game|players)(\d+)w(\d)$/.exec(search)
    if (kind === 'solve' && t) {
      const L = Number(t[1])
      const N = Math.floor(L / 2)
      if (`length ${L}` in steps || (t[2] === 'a' && deepest.has(`length${L}b`))) continue
      const plan = t[2] === 'a' ? (L % 2 === 0 ? N : N + 1) : t[2] === 'b' && L % 2 === 0 ? N - 1 : N
      open.push({ search, phase: t[2] === 'a' ? 'cmax' : 'prove', length: L, plan })
    } else if (kind !== 'solve' && g) {
      if (`exhaustive ${g[1]} ${g[2]}` in steps) continue
      open.push({ search, phase: 'prove', length: Number(g[1]), plan: Number(g[1]) })
    } else return undefined
  }
  if (open.length !== 1) return undefined
  const { search, phase, length, plan } = open[0]!
  const e = deepest.get(search)!
  return { search, level: e.record.level, size: e.record.size, phase, length, plan }
}
