/**
 * `halma checkpoint upgrade DIR`: a search's checkpoint of format 1 (written by a build before issue
 * 28) converted to this engine's format 2 in place, so that `--resume DIR` goes on with it
 * (core/upgrade.ts). Every level file is read to check it first; the parameters are checked
 * against those this engine records for the same job, so that the resume is not refused.
 */
import { existsSync, statSync } from 'node:fs'
import { folderStore } from '../hosts/node/store'
import { searchParams } from '../shared/engine/core/checkpoint'
import { KEPT_MANIFEST, upgradeCheckpoint, type UpgradeKind } from '../shared/engine/core/upgrade'
import { JOB_CODECS } from '../shared/engine/jobs'
import { describe, err, ok, type Result } from '../shared/result'
import { json, plural, type Io } from './io'
import { EXIT_BAD_INPUT } from './exit'
import { ARGUMENT, parse, UsageError } from './options'

export const CHECKPOINT_HELP = `halma checkpoint: the checkpoint of a search on disk (--disk DIR)

usage: halma checkpoint upgrade DIR [--json]

  upgrade   convert DIR's checkpoint of format 1 (written by a build before the checkpoints were
            sealed) to this engine's format, so that the same search command with --resume DIR
            goes on with it instead of starting again. Every level file the checkpoint names is
            read first and checked (its size and the checksum of its words: this reads them all);
            its parameters must be those this engine records for the same job. What cannot be
            converted exactly (a missing or damaged file, a step or rule of another shape) is
            refused, naming it, and nothing is written. The old manifest is kept as
            ${KEPT_MANIFEST}; the new checkpoint.json is written aside, flushed and renamed. No
            search may run in DIR meanwhile (its lock is taken).
  --json    the outcome as one JSON object on stdout

Exit status: 0 upgraded, 2 refused (named), 3 a fault of the environment (a folder in use).`

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
  if (action !== 'upgrade') throw new UsageError(`unknown action '${action}' (halma checkpoint upgrade DIR)`)
  const dir = v[ARGUMENT]
  if (typeof dir !== 'string') throw new UsageError('give the folder: halma checkpoint upgrade DIR')
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`)
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
