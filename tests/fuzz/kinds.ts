/**
 * The kinds of input the fuzz suite damages, each from real material: command lines of every
 * command; the shipped documents of the four kinds (a transfer and a game `.halma.json`, with and
 * without side lines; `.army.json` with and without a custom board; `.players.json` of a preset
 * and of teams); an autosaved session holding all of them; sessions of the engine protocol
 * (`halma engine`, engine-cases.ts); and the checkpoint of a game search
 * on disk, whose manifest is damaged and resumed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { commandLine, damagedDocument, readJsonFile, ROOT, type Labeled } from './cases'
import { engineSession } from './engine-cases'

type Json = ReturnType<typeof readJsonFile>

const res = (p: string): string => join(ROOT, 'resources', p)

/** A transfer document of version 2: Levenspiel's solution with comments and two side lines, one nested. */
function withSideLines(): Json {
  const doc = readJsonFile(res('problems/triangle10-6move.halma.json')) as { version: number; solutions: Record<string, Json>[] }
  doc.version = 2
  doc.solutions[0]!['comments'] = { '0': 'the start', '1': 'first' }
  doc.solutions[0]!['variations'] = [
    { at: 1, moves: 'a4-a5, a5-a6', comments: { '2': 'a side line' }, variations: [{ at: 2, moves: 'b3-b4' }] },
    { at: 2, moves: 'c2-c3' },
  ]
  return doc
}

const HALMA = {
  names: ['board', 'preset', 'kind', 'format', 'first', 'diagonal', 'target'],
  optional:
    /^(\$schema|title|notes|solutions|first|rules\.(diagonal|jumpsOnly|longJumps)|armies\.\d+\.(name|target)|solutions\.\d+\.(title|source|notes|comments|variations)|solutions\.\d+\.comments\.\d+|solutions\.\d+\.variations(\.\d+)*\.(comments|variations)(\.\d+)?|board\.(title|home))$/,
  anyType: /(^board$|\.moves$|\.target$|^solutions\.\d+\.variations\.\d+\.moves$)/,
}

const ARMY = {
  names: ['type', 'format'],
  optional: /^(title|source|notes|board)$/,
  anyType: /^$/,
}

const PLAYERS = {
  names: ['preset', 'board', 'win', 'format'],
  optional: /^(title|lines\.\d+\.notes|game\.(targets|longJumps|win|vacate|teams|names|title|notes))$/,
  anyType: /^$/,
}

const SESSION = {
  names: ['format'],
  optional:
    /^(editor|army|players|line\.(comments|variations|tip|origin)|line\.comments\.\d+|line\.variations(\.\d+)*\.(comments|variations)|file\.path)$/,
  anyType: /^line\.(origin|label\.playedFrom)$/,
}

/** An autosaved session holding a transfer with side lines, an army and a game of three players. */
function sessionRecord(): Json {
  return {
    format: 'halma-workbench-session',
    version: 2,
    savedAt: '2026-11-26T09:00:00.000Z',
    file: { name: 'triangle10-6move.halma.json', path: '/home/user/triangle10-6move.halma.json' },
    document: readFileSync(res('problems/triangle10-6move.halma.json'), 'utf8'),
    dirty: true,
    line: {
      moves: 'd1-d2, b1-d1-d3, a3-c3-e3',
      comments: { '1': 'first' },
      variations: [{ at: 1, moves: 'a4-a5, a5-a6' }],
      tip: [0, 0],
      origin: null,
      label: { base: 'pasted', playedFrom: null },
      ply: 2,
    },
    army: {
      name: 'conway-wall-gap.army.json',
      document: readFileSync(res('armies/conway-wall-gap.army.json'), 'utf8'),
      step: 2,
      shown: false,
    },
    players: {
      name: 'mini-3.players.json',
      document: readFileSync(res('players/mini-3.players.json'), 'utf8'),
      line: 0,
      step: 3,
      shown: true,
    },
  }
}

/** A finished search on disk (its checkpoint), and what resuming it must say. */
export interface CheckpointBase {
  readonly folder: string
  readonly argv: readonly string[]
  readonly manifest: Json
  readonly statement: string
}

/** Two players of one man each on the mini star: four exhaustive lengths settled in a fraction of a second. */
const GAME = ['players', 'game', '--board', 'star37', '--camps', '0,3', '--men', '1', '--strategy', 'exhaustive', '--threads', '1']

/** Where the resumed folders go: memory where there is a tmpfs (every checkpoint write is flushed). */
export const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()

/** Run the search on disk once (the built command), for its checkpoint and its statement. */
export function checkpointBase(): CheckpointBase {
  const folder = join(mkdtempSync(join(SCRATCH, 'halma-fuzz-checkpoint-')), 'search')
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/halma.mjs'), ...GAME, '--json', '--disk', folder], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`the game search for the checkpoint failed: ${r.stderr}`)
  const statement = (JSON.parse(r.stdout) as { proof: { statement: string } }).proof.statement
  return { folder, argv: GAME, manifest: readJsonFile(join(folder, 'checkpoint.json')), statement }
}

export interface Kind {
  readonly name: string
  readonly arbitrary: fc.Arbitrary<Labeled>
  /** A case that takes longer than this is a hang (ms). */
  readonly deadline: number
}

const documents = (kind: 'halma' | 'army' | 'players' | 'session', bases: readonly Json[], rules: Parameters<typeof damagedDocument>[2]) =>
  fc.oneof(...bases.map((b) => damagedDocument(kind, b, rules)))

/** Every kind but the checkpoints (which need a search run first: checkpointKind). */
export const KINDS: readonly Kind[] = [
  { name: 'command lines', arbitrary: commandLine, deadline: 60_000 },
  {
    name: '.halma.json transfers',
    arbitrary: documents(
      'halma',
      [readJsonFile(res('problems/triangle10-6move.halma.json')), withSideLines(), readJsonFile(res('problems/square9-8move.halma.json'))],
      HALMA,
    ),
    deadline: 20_000,
  },
  {
    name: '.halma.json games',
    arbitrary: documents(
      'halma',
      [readJsonFile(res('problems/fabian-30.halma.json')), readJsonFile(res('problems/game15-36.halma.json'))],
      HALMA,
    ),
    deadline: 20_000,
  },
  {
    name: '.army.json',
    arbitrary: documents(
      'army',
      [readJsonFile(res('armies/conway-20-level4.army.json')), readJsonFile(res('armies/conway-wall-gap.army.json'))],
      ARMY,
    ),
    deadline: 20_000,
  },
  {
    name: '.players.json',
    arbitrary: documents(
      'players',
      [
        readJsonFile(res('players/mini-3.players.json')),
        readJsonFile(res('players/mini-4-teams.players.json')),
        readJsonFile(res('players/cross-2.players.json')),
      ],
      PLAYERS,
    ),
    deadline: 20_000,
  },
  { name: 'autosave records', arbitrary: documents('session', [sessionRecord()], SESSION), deadline: 20_000 },
  { name: 'engine protocol sessions', arbitrary: engineSession, deadline: 30_000 },
]

/**
 * A damage that may leave a resume valid: a whole record dropped (a settled step, a level, the
 * position), which the search then does again. Every other damage of a checkpoint of format 2 (the
 * engine's spine) is a forgery or a break of its frame: each record is sealed with a digest of its
 * name and value, so a changed, dropped or added field inside a record must be refused by name.
 */
const WHOLE_RECORD = /^dropped (steps\.[^.]+|levels\.[^.]+|at)$/

/** Checkpoint manifests of `base`, damaged, resumed. */
export function checkpointKind(base: CheckpointBase): Kind {
  // A value replaced by an equal one (a level size by the same number) leaves the checkpoint as it was.
  const shipped = JSON.stringify(base.manifest, null, 1)
  const manifest = damagedDocument('session', base.manifest, {
    names: [],
    optional: /^(steps\.[^.]+|levels\.[^.]+|at)$/,
    anyType: /^$/,
  }).map((l): Labeled => ({
    ...l,
    // A record dropped whole: refused by name or the same result (runner.ts); anything else
    // must be refused, the forged settled lengths a checkpoint of format 1 took as written too.
    expect: (l.c as { text: string }).text === shipped ? 'valid' : WHOLE_RECORD.test(l.what) ? 'either' : 'invalid',
    c: { kind: 'checkpoint', folder: base.folder, text: (l.c as { text: string }).text, argv: base.argv, expected: base.statement },
  }))
  return { name: 'checkpoint manifests', arbitrary: manifest, deadline: 60_000 }
}

/** A finished tablebase on disk: 5 x 5 with 1 man a side (one chunk a file, built in a fraction of a second). */
export interface TablebaseBase {
  readonly folder: string
  readonly header: Json
  readonly words: { readonly 'values.bin': number; readonly 'distance.bin': number }
}

export function tablebaseBase(): TablebaseBase {
  const folder = join(mkdtempSync(join(SCRATCH, 'halma-fuzz-tablebase-')), 'table')
  const argv = ['tablebase', 'build', '--board', '5x5', '--men', '1', '--threads', '1', '--out', folder]
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/halma.mjs'), ...argv], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`the tablebase build failed: ${r.stderr}`)
  const header = readJsonFile(join(folder, 'table.json')) as { files: { values: { words: number }; distance: { words: number } } }
  return {
    folder,
    header: header as unknown as Json,
    words: { 'values.bin': header.files.values.words, 'distance.bin': header.files.distance.words },
  }
}

/** Positions probed: the start, positions blue or red to move, one already won (bad positions: tablebase-cli.test.ts). */
const PROBED = ['start', 'a1 / e5 blue', 'b2 / d4 red', 'e5 / a1 blue', 'c3 / c4 red']

/**
 * Tables of `base` damaged, probed (`halma tablebase probe --line --json`): the header damaged as
 * a document (its fields are strict and must hold together: a forged game, layout, count or start
 * is refused), or bytes of its files flipped (every chunk is checksummed: refused). A table left
 * whole must be probed (and verify must pass it: runner.ts).
 */
export function tablebaseKind(base: TablebaseBase): Kind {
  const header = damagedDocument('session', base.header, {
    names: ['kind', 'rules', 'name'],
    optional: /^$/,
    anyType: /^$/,
  })
  const flip = fc.record({
    file: fc.constantFrom('values.bin' as const, 'distance.bin' as const),
    at: fc.nat(),
    mask: fc.integer({ min: 1, max: 255 }),
  })
  const text = JSON.stringify(base.header)
  const arbitrary = fc
    .tuple(
      fc.oneof(
        {
          weight: 2,
          arbitrary: header.map((l) => ({ l, flips: [] as { file: 'values.bin' | 'distance.bin'; at: number; mask: number }[] })),
        },
        {
          weight: 1,
          arbitrary: fc.array(flip, { minLength: 1, maxLength: 3 }).map((fs) => ({
            l: { c: { kind: 'session' as const, text }, expect: 'invalid' as const, what: '' },
            flips: fs.map((f) => ({ ...f, at: f.at % (base.words[f.file] * 4) })),
          })),
        },
      ),
      fc.constantFrom(...PROBED),
    )
    .map(([{ l, flips }, position]): Labeled => ({
      c: { kind: 'tablebase', folder: base.folder, text: (l.c as { text: string }).text, flips, position },
      expect: l.expect,
      what: `${flips.length > 0 ? flips.map((f) => `${f.file} byte ${f.at} ^ ${f.mask}`).join(', ') : l.what}; probe ${position}`,
    }))
  return { name: 'tablebase tables', arbitrary, deadline: 20_000 }
}
