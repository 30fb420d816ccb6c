/**
 * `halma checkpoint pack DIR`: the raw level and run files of an older build's checkpoint rewritten
 * packed in place (core/pack.ts). `halma checkpoint upgrade DIR`: a search's checkpoint of format 1 (written by a build before issue
 * 28) converted to this engine's format 2 in place, so that `--resume DIR` goes on with it
 * (core/upgrade.ts). Every level file is read to check it first; the parameters are checked
 * against those this engine records for the same job, so that the resume is not refused.
 */
import { existsSync, statSync } from 'node:fs'
import { folderStore } from '../hosts/node/store'
import { searchParams } from '../shared/engine/core/checkpoint'
import { packCheckpoint } from '../shared/engine/core/pack'
import { KEPT_MANIFEST, upgradeCheckpoint, type UpgradeKind } from '../shared/engine/core/upgrade'
import { JOB_CODECS } from '../shared/engine/jobs'
import { describe, err, ok, type Result } from '../shared/result'
import { json, plural, type Io } from './io'
import { EXIT_BAD_INPUT } from './exit'
import { ARGUMENT, parse, UsageError } from './options'

export const CHECKPOINT_HELP = `halma checkpoint: the checkpoint of a search on disk (--disk DIR)

usage: halma checkpoint upgrade DIR [--json]
       halma checkpoint pack DIR [--json]

  upgrade   convert DIR's checkpoint of format 1 (written by a build before the checkpoints were
            sealed) to this engine's format, so that the same search command with --resume DIR
            goes on with it instead of starting again. Every level file the checkpoint names is
            read first and checked (its size and the checksum of its words: this reads them all);
            its parameters must be those this engine records for the same job. What cannot be
            converted exactly (a missing or damaged file, a step or rule of another shape) is
            refused, naming it, and nothing is written. The old manifest is kept as
            ${KEPT_MANIFEST}; the new checkpoint.json is written aside, flushed and renamed. No
            search may run in DIR meanwhile (its lock is taken).
  pack      rewrite the level and run files DIR's checkpoint names that a build before packed
            files wrote (rows of 12 bytes a state for 15 men on 81 cells) packed, as this engine
            writes them (about 1.3 to 1.5 bytes a state), in place: room for a search that ran
            out of disk to go on (--resume DIR resumes either way). Each file is checked against
            the checkpoint as it is copied (its size, the checksum of its rows), written aside,
            flushed and renamed over the old one: stopped at any point, every file is whole and
            the pack can be run again. Needs free disk for the largest file's packed copy.
  --json    the outcome as one JSON object on stdout

Exit status: 0 upgraded or packed, 2 refused (named), 3 a fault of the environment (a folder in use).`

const KIND_COMMAND: Record<UpgradeKind, string> = { solve: 'halma solve', game: 'halma game', players: 'halma players game' }

/** What this engine records for the job format 1's parameters describe (its codec fills the defaults). */
function expected(kind: UpgradeKind, params: Record<string, unknown>): Result<Record<string, unknown>, string> {
  const job = JOB_CODECS[kind].params(params)
  if (!job.ok) return err(job.error.map(describe).join('; '))
  return ok(searchParams(job.value))
}

export function runCheckpoint(argv: string[], io: Io): number {
  const action = argv[0]?.startsWith('-') ? undefined : argv[0]
  const v = parse(action === undefined ? argv : argv.slice(1), { json: { type: 'boolean' }, help: { type: 'boolean' } }, 'folder')
  if (v['help'] || action === undefined) {
    io.out(CHECKPOINT_HELP)
    return v['help'] ? 0 : EXIT_BAD_INPUT
  }
  if (action !== 'upgrade' && action !== 'pack') throw new UsageError(`unknown action '${action}' (halma checkpoint upgrade|pack DIR)`)
  const dir = v[ARGUMENT]
  if (typeof dir !== 'string') throw new UsageError(`give the folder: halma checkpoint ${action} DIR`)
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`)
  if (action === 'pack') return pack(dir, v['json'] === true, io)
  const t0 = performance.now()
  const out = upgradeCheckpoint(folderStore(dir), {
    expected,
    onFile: (name, bytes) => {
      if (bytes >= 1 << 26) io.err(`checking ${name} (${(bytes / 2 ** 30).toFixed(2)} GB)`)
    },
  })
  const seconds = (performance.now() - t0) / 1000
  if (!out.ok) {
    if (v['json']) io.out(json({ upgraded: false, code: out.error.code, message: out.error.message }))
    io.err(`halma checkpoint upgrade: ${out.error.message} (${out.error.code}); nothing was written`)
    return EXIT_BAD_INPUT
  }
  const u = out.value
  if (v['json']) {
    io.out(json({ upgraded: true, ...u, seconds }))
    return 0
  }
  io.out(
    [
      `${dir}: checkpoint upgraded to format 2 (the old one kept as ${KEPT_MANIFEST})`,
      `  the search of ${KIND_COMMAND[u.kind]}: ${plural(u.levels, 'level')} checked (${(u.bytes / 2 ** 20).toFixed(1)} MB read, ${seconds.toFixed(1)} s)`,
      `  settled steps: ${u.steps.length > 0 ? u.steps.join(', ') : 'none'}`,
      ...u.leftOut.map((l) => `  not recorded by format 1: ${l}`),
      `Go on with the same ${KIND_COMMAND[u.kind]} command and --resume ${dir}.`,
    ].join('\n'),
  )
  return 0
}

const gb = (b: number): string => `${(b / 2 ** 30).toFixed(2)} GB`

function pack(dir: string, asJson: boolean, io: Io): number {
  const t0 = performance.now()
  const out = packCheckpoint(folderStore(dir), (name, bytes) => io.err(`packing ${name} (${gb(bytes)})`))
  const seconds = (performance.now() - t0) / 1000
  if (!out.ok) {
    if (asJson) io.out(json({ packed: false, code: out.error.code, message: out.error.message }))
    io.err(`halma checkpoint pack: ${out.error.message} (${out.error.code}); the files packed before it stay packed, the checkpoint unchanged`)
    return EXIT_BAD_INPUT
  }
  const p = out.value
  if (asJson) {
    io.out(json({ packed: true, ...p, seconds }))
    return 0
  }
  const left =
    p.leftovers > 0
      ? `; ${plural(p.leftovers, 'raw file')} found beside a packed copy (a pack stopped before it removed ${p.leftovers === 1 ? 'it' : 'them'}): the raw file deleted where the packed copy was whole, packed again where it was not`
      : ''
  io.out(
    p.files === 0
      ? `${dir}: nothing to pack (${plural(p.already, 'file')} of the checkpoint packed already${left})`
      : `${dir}: ${plural(p.files, 'file')} packed, ${gb(p.before)} -> ${gb(p.after)} (${seconds.toFixed(1)} s)${p.already > 0 ? `; ${p.already} packed already` : ''}${left}. The checkpoint is unchanged: --resume ${dir} goes on as before.`,
  )
  return 0
}
