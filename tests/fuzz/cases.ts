/**
 * What the fuzz suite generates (fast-check arbitraries), and what each case is expected to do.
 * A case is built valid from a grammar of the product's inputs, then perhaps damaged once:
 * - no damage: `valid` (it must be taken: a result, or a search's checked job);
 * - a damage known to be wrong (a bad number, an unknown option or field, a preset, map, board or
 *   type named after an Object method, a type changed, a required field dropped, past a limit):
 *   `invalid` (it must be refused by name: taking it is a "wrong acceptance");
 * - a damage that may or may not be wrong (a random text in place of a value, a value from
 *   elsewhere): `either` (it must end in a named error or a result).
 * Whatever the label, a crash (a stack trace, a JavaScript fault) or a hang is a failure.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'

export const ROOT = join(import.meta.dirname, '../..')
const res = (p: string): string => join(ROOT, 'resources', p)

export type FuzzCase =
  | { readonly kind: 'cli'; readonly argv: readonly string[]; readonly stdin?: string }
  | { readonly kind: 'halma' | 'army' | 'players' | 'session'; readonly text: string }
  /** Lines of the engine protocol sent to `halma engine` (engine-cases.ts). */
  | { readonly kind: 'engine'; readonly lines: readonly string[] }
  | {
      /** A table's folder with its header replaced and some bytes of its files flipped, probed. */
      readonly kind: 'tablebase'
      readonly folder: string
      readonly text: string
      readonly flips: readonly { readonly file: 'values.bin' | 'distance.bin'; readonly at: number; readonly mask: number }[]
      readonly position: string
    }
  | {
      readonly kind: 'checkpoint'
      readonly folder: string
      readonly text: string
      readonly argv: readonly string[]
      readonly expected: string
    }

export type Expect = 'valid' | 'invalid' | 'either'

export interface Labeled {
  readonly c: FuzzCase
  readonly expect: Expect
  /** What was done to it, for the report. */
  readonly what: string
}

export interface FuzzOutcome {
  readonly verdict: 'named' | 'result' | 'accepted' | 'crash' | 'wrong'
  readonly code?: number
  readonly detail: string
}

/** Names an object answers to without having them: a lookup by a user's name must not find them. */
export const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'] as const

/** Texts that are not numbers, for any number (decimal or whole). */
const NOT_NUMBERS = ['', ' ', 'abc', '0x10', 'NaN', '1e999', 'Infinity', '-', '1,5', '١٢']
/** ... and for a whole number. */
const NOT_WHOLE = [...NOT_NUMBERS, '1.5', '2.000001']

const LEVENSPIEL =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'

/** An option of a command: its name and how its value is made valid or wrong. */
interface Opt {
  readonly name: string
  /** Valid values; none: a flag. */
  readonly valid?: readonly string[]
  /** Values known to be refused. */
  readonly bad?: readonly string[]
}

const int = (name: string, valid: readonly string[]): Opt => ({ name, valid, bad: NOT_WHOLE })
const dec = (name: string, valid: readonly string[]): Opt => ({ name, valid, bad: NOT_NUMBERS })
const choice = (name: string, valid: readonly string[], more: readonly string[] = []): Opt => ({
  name,
  valid,
  bad: [...PROTO_NAMES, 'frob', '', ...more],
})
const flag = (name: string): Opt => ({ name })

/** A command: its fixed start (problem, subcommand) and the options it may take, each at most once. */
interface Command {
  readonly name: string
  readonly base: fc.Arbitrary<readonly string[]>
  readonly options: readonly Opt[]
}

/** Problems given by flags, valid whole (a board the army fits, its rules). */
const TRANSFERS: readonly (readonly string[])[] = [
  ['--army', 'triangle10', '--board', '9x9', '--rules', '6-move'],
  ['--army', 'triangle6', '--board', '5x5', '--rules', '8-move'],
  ['--army', 'square4', '--board', '6x6', '--rules', '4-move'],
  ['--army', 'triangle6', '--board', '7x7', '--rules', '6-move', '--diagonal', 'main'],
  ['--start', 'a1,b1', '--target', 'd5,e5', '--board', '5x5', '--rules', '4-move'],
  ['--problem', res('problems/triangle10-6move.halma.json')],
  ['--problem', res('problems/square9-8move.halma.json')],
]
const GAMES: readonly (readonly string[])[] = [
  ['--game', '--army', 'triangle6', '--board', '7x7', '--rules', '8-move'],
  ['--game', '--army', 'triangle6', '--board', '9x9', '--rules', '6-move'],
  ['--problem', res('problems/fabian-30.halma.json')],
]
/** Problem flags and their wrong values (a board, rules or army that does not exist). */
const PROBLEM_BAD: readonly Opt[] = [
  choice('board', [], ['1x1', '27x27', '9x8', 'x']),
  choice('rules', [], ['5-move', '6move']),
  choice('army', [], ['triangle11']),
  { name: 'start', bad: ['z99', 'a1,a1', 'a1-b1', ''] },
  // Any kind of document is a problem for verify, analyze and show (one vocabulary): a JSON file
  // that is no document at all is wrong for every command.
  { name: 'problem', bad: ['/nonexistent/x.halma.json', ROOT, res('halma.schema.json')] },
  choice('diagonal', [], ['left']),
]

const verifyMoves = fc.constantFrom<readonly string[]>(
  ['--army', 'triangle10', '--board', '9x9', '--rules', '6-move', '--moves', LEVENSPIEL],
  ['--army', 'triangle10', '--board', '9x9', '--rules', '6-move', '--moves', 'd1-d2, b1-d1-d3'],
  ['--problem', res('problems/triangle10-6move.halma.json')],
  ['--problem', res('problems/triangle10-6move.halma.json'), '--solution', '2'],
  ['--problem', res('problems/fabian-30.halma.json')],
  ['--problem', res('problems/halma19-16x16.halma.json'), '--json'],
  [res('armies/conway-20-level4.army.json')],
  [res('players/mini-3.players.json')],
)

const PRESETS = ['mini-2', 'mini-3', 'mini-4', 'mini-6', 'star121-3', 'star73-6', 'cross-2', 'piecepack-4', 'diamond-3'] as const
const ARMY_TYPES = ['conway', 'skew', 'diagonal', 'hexagonal', 'pablito'] as const
const ARMY_FILES = ['conway-20-level4', 'conway-wall-gap', 'diagonal-46-level7'].map((n) => res(`armies/${n}.army.json`))

const COMMANDS: readonly Command[] = [
  { name: 'verify', base: verifyMoves, options: [flag('json')] },
  {
    name: 'analyze',
    base: fc.constantFrom(...TRANSFERS, ...GAMES),
    options: [flag('json')],
  },
  {
    name: 'show',
    base: fc.constantFrom<readonly string[]>(
      ['--army', 'triangle10', '--board', '9x9', '--rules', '6-move', '--moves', LEVENSPIEL, '--after', '13'],
      ['--problem', res('problems/triangle10-6move.halma.json'), '--solution', '1', '--after', '20'],
      ...TRANSFERS,
    ),
    options: [flag('types'), flag('hex'), flag('plain'), flag('json')],
  },
  {
    name: 'solve',
    base: fc.constantFrom(...TRANSFERS.slice(0, 4)),
    options: [
      choice('strategy', ['auto', 'beam', 'exhaustive']),
      int('beam', ['1', '1000', '100000']),
      dec('lambda', ['0', '2', '0.5']),
      flag('palindrome'),
      int('max-length', ['30', '120']),
      int('threads', ['1', '2']),
      choice('bound', ['ladder', 'theorem2', 'none']),
      int('exact', ['0', '6', '12']),
      dec('budget', ['0.5', '1', '6']),
      dec('time-limit', ['0', '5', '2.5']),
      flag('no-fold'),
      flag('json'),
    ],
  },
  {
    name: 'game',
    base: fc.constantFrom(...GAMES),
    options: [
      choice('strategy', ['auto', 'heuristic', 'exhaustive']),
      int('max-length', ['40', '200']),
      int('threads', ['1', '2']),
      flag('no-enumerate'),
      int('list', ['0', '5']),
      int('beam', ['0', '1000', '200000']),
      flag('vacating'),
      flag('lines'),
      int('lookahead', ['0', '1', '2']),
      { name: 'beam-moves', valid: ['8-15', '8-'], bad: ['', '8', 'a-b', '15-8x'] },
      dec('budget', ['0.5', '6']),
      dec('time-limit', ['0', '10']),
      flag('no-fold'),
      flag('json'),
    ],
  },
  {
    name: 'players',
    base: fc.oneof(
      fc.constant(['list'] as readonly string[]),
      fc.constantFrom(...PRESETS).map((p) => ['show', '--preset', p] as readonly string[]),
      fc.constantFrom<readonly string[]>(
        ['verify', '--preset', 'mini-3', '--moves', 'c9-e7, c3-c5, i3-g5'],
        ['verify', '--preset', 'mini-3', '--moves', 'd8-d7, orange: d3-e3, green: h3-g3'],
        ['verify', '--file', res('players/mini-4-teams.players.json')],
        ['verify', '--file', res('players/star121-6.players.json')],
      ),
    ),
    options: [],
  },
  {
    name: 'players game',
    base: fc.oneof(
      fc.constantFrom(...PRESETS).map((p) => ['--preset', p] as readonly string[]),
      fc.constantFrom<readonly string[]>(
        ['--board', 'star37', '--camps', '0,3', '--men', '3'],
        ['--board', 'square8', '--camps', '0,2', '--men', '6'],
      ),
    ),
    options: [
      choice('strategy', ['auto', 'heuristic', 'exhaustive']),
      int('max-length', ['50', '300']),
      int('beam', ['1', '20000']),
      flag('no-count'),
      int('threads', ['1', '2']),
      dec('budget', ['0.5']),
      dec('time-limit', ['0', '10']),
      flag('long-jumps'),
      choice('win', ['own']),
      flag('json'),
    ],
  },
  {
    name: 'army',
    base: fc.oneof(
      fc.constantFrom(...ARMY_TYPES).map((t) => ['bound', '--type', t] as readonly string[]),
      fc.constantFrom(...ARMY_TYPES).map((t) => ['pagoda', '--type', t] as readonly string[]),
      fc.constantFrom(...ARMY_FILES).map((f) => ['show', '--file', f] as readonly string[]),
      fc.constantFrom(...ARMY_FILES).map((f) => ['verify', '--file', f] as readonly string[]),
      fc.constantFrom(...ARMY_FILES).map((f) => ['bound', '--file', f] as readonly string[]),
      fc.constantFrom<readonly string[]>(
        ['solve', '--type', 'conway', '--level', '2', '--time-limit', '5'],
        ['solve', '--type', 'diagonal', '--level', '1', '--time-limit', '5', '--json'],
        ['count', '--type', 'conway', '--level', '2', '--time-limit', '5'],
        ['bound', '--type', 'skew', '--level', '2', '--method', 'ip', '--time-limit', '5'],
        ['verify', '--type', 'conway', '--level', '1', '--army', 'c1 c2', '--moves', 'c2-c0'],
        ['solve', '--file', res('armies/conway-wall-gap.army.json'), '--fewest'],
      ),
    ),
    options: [],
  },
  {
    // A build reaches the engine (accepted); probes of tables are their own kind (kinds.ts).
    name: 'tablebase',
    base: fc.constantFrom<readonly string[]>(
      ['build', '--board', '5x5', '--men', '1'],
      ['build', '--board', '7x7', '--men', '3'],
      ['build', '--board', '4x4', '--men', '6'],
    ),
    options: [
      int('threads', ['1', '2']),
      dec('budget', ['0.5', '2']),
      dec('time-limit', ['0', '10']),
      dec('checkpoint', ['1', '60']),
      flag('json'),
    ],
  },
  {
    // Standard input is empty in the runner: the engine reads to its end and quits (its sessions are engine-cases.ts's).
    name: 'engine',
    base: fc.constant([] as readonly string[]),
    options: [
      int('threads', ['1', '2']),
      int('hash', ['1', '16']),
      choice('algorithm', ['auto', 'paranoid', 'brs', 'maxn', 'race']),
      { name: 'option', valid: ['Weight_lag=40', 'LMR=false'], bad: ['frob', '=1', 'Hash=0x10', 'constructor=1', 'Hash=', 'Weight_lag=1e3'] },
      flag('inline'),
    ],
  },
  {
    name: 'match',
    // Small matches on the smallest star: a few games at a few hundred nodes a move.
    base: fc.constantFrom<readonly string[]>(
      ['--preset', 'mini-2', '--engine', 'greedy', '--engine', 'halma:nodes=100', '--openings', '1', '--max-plies', '40'],
      ['--preset', 'mini-3', '--engine', 'a=halma:depth=1', '--engine', 'b=greedy:seed=3', '--openings', '1', '--max-plies', '30'],
      ['--spec', '{"board":"star37","camps":[0,3],"men":3}', '--engine', 'greedy', '--engine', 'greedy:seed=2', '--openings', '1'],
    ),
    options: [
      int('book-plies', ['0', '2']),
      int('seed', ['1', '7']),
      choice('spoiling', ['vacate', 'none', 'occupied', 'both']),
      { name: 'sprt', valid: ['0,30'], bad: ['', 'a,b', '30', '30,0', '0,30,2,2', '0x1,30'] },
      { name: 'engine', valid: ['greedy:seed=5'], bad: ['frob', 'exec', 'halma:nodes=0x10', 'halma:nodes=', 'halma:constructor=1', 'halma:algorithm=toString', 'greedy:seed=-1'] },
      flag('json'),
    ],
  },
  {
    name: 'worker',
    // Each wrong once; a line a damage makes valid waits for a server on a closed port, and gives
    // up after a second (exit status 3).
    base: fc.constantFrom<readonly string[]>(
      ['--redis', 'redis://127.0.0.1:1', '--give-up', '1', '--concurrency', '0', '--root', ROOT],
      ['--redis', 'redis://127.0.0.1:1', '--give-up', '1', '--root', '/nonexistent/root'],
      ['--redis', 'notaurl', '--give-up', '1', '--root', ROOT],
      ['--redis', 'redis://127.0.0.1:1', '--give-up', '1', '--concurrency', '2'],
      ['--redis', 'redis://127.0.0.1:1', '--give-up', '0', '--root', ROOT],
    ),
    options: [],
  },
]

/** One option with a valid value (`[]` for none). */
const validOption = (o: Opt): fc.Arbitrary<readonly string[]> =>
  o.valid ? fc.constantFrom(...o.valid).map((v) => [`--${o.name}`, v]) : fc.constant([`--${o.name}`])

/**
 * A command line: the command's base and a few of its options, valid; then at most one damage.
 * `worker` lines are wrong already.
 */
export const commandLine: fc.Arbitrary<Labeled> = fc
  .constantFrom(...COMMANDS)
  .chain((cmd) =>
    fc.record({
      cmd: fc.constant(cmd),
      base: cmd.base,
      opts:
        cmd.options.length > 0
          ? fc.subarray([...cmd.options], { maxLength: Math.min(4, cmd.options.length) }).chain((os) => fc.tuple(...os.map(validOption)))
          : fc.constant([]),
      damage: fc.oneof(
        { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 3, arbitrary: fc.record({ kind: fc.constant('bad-value' as const), pick: fc.nat(), value: fc.nat() }) },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('unknown-option' as const),
            name: fc.constantFrom('frob', ...PROTO_NAMES.filter((n) => n !== '__proto__'), 'Json'),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('positional' as const), word: fc.constantFrom('extra', 'constructor', '-') }),
        },
        {
          weight: 2,
          arbitrary: fc.record({ kind: fc.constant('random-value' as const), pick: fc.nat(), value: fc.string({ maxLength: 12 }) }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('proto-problem' as const), pick: fc.nat(), name: fc.constantFrom(...PROTO_NAMES) }),
        },
      ),
    }),
  )
  .map(({ cmd, base, opts, damage }): Labeled => {
    const head = cmd.name.split(' ')
    const argv = [...head, ...base, ...opts.flat()]
    const wrongAlready = cmd.name === 'worker'
    const label = (expect: Expect, what: string): Labeled => ({ c: { kind: 'cli', argv }, expect: wrongAlready ? 'invalid' : expect, what })
    // Options that take a value, as they stand in the line (not the command's own words).
    const valued = argv.flatMap((a, i) => (a.startsWith('--') && i + 1 < argv.length && !argv[i + 1]!.startsWith('--') ? [i + 1] : []))
    switch (damage.kind) {
      case 'none':
        return label('valid', 'as made')
      case 'bad-value': {
        const given = (opts as readonly (readonly string[])[]).map((x) => x[0])
        const withBad = cmd.options.filter((o) => o.bad && given.includes(`--${o.name}`))
        const problemBad = PROBLEM_BAD.filter((o) => argv.includes(`--${o.name}`))
        const pool = [...withBad, ...problemBad]
        if (pool.length === 0) return label('valid', 'as made (no value to damage)')
        const o = pool[damage.pick % pool.length]!
        const value = o.bad![damage.value % o.bad!.length]!
        argv[argv.indexOf(`--${o.name}`) + 1] = value
        return label('invalid', `--${o.name} ${JSON.stringify(value)}`)
      }
      case 'unknown-option':
        argv.push(`--${damage.name}`)
        return label('invalid', `unknown option --${damage.name}`)
      case 'positional':
        argv.push(damage.word)
        return label('invalid', `stray argument ${damage.word}`)
      case 'random-value': {
        if (valued.length === 0) return label('valid', 'as made (no value to damage)')
        const at = valued[damage.pick % valued.length]!
        const was = argv[at]
        argv[at] = damage.value
        return label('either', `${argv[at - 1]} ${JSON.stringify(damage.value)} (was ${JSON.stringify(was)})`)
      }
      case 'proto-problem': {
        const names = ['--preset', '--board', '--army', '--type', '--map', '--rules', '--strategy', '--win', '--method', '--algorithm']
        const at = argv.findIndex((a) => names.includes(a))
        if (at < 0) return label('valid', 'as made (no name to damage)')
        argv[at + 1] = damage.name
        return label('invalid', `${argv[at]} ${damage.name}`)
      }
    }
  })

// ---- documents ----

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

/** Every place in a JSON value: its path (keys and indices). */
function places(v: Json, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path)
  if (Array.isArray(v)) v.forEach((x, i) => places(x, [...path, i], out))
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) places(x, [...path, k], out)
  return out
}

function at(v: Json, path: readonly (string | number)[]): Json {
  let x: Json = v
  for (const p of path) x = (x as Record<string | number, Json>)[p]!
  return x
}

function setAt(v: Json, path: readonly (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value ?? null
  const copy = structuredClone(v)
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, Json>
  const key = path[path.length - 1]!
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(key as number, 1)
    else delete parent[key]
  } else parent[key] = value
  return copy
}

const typeOf = (x: Json): string => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x)

/** A different value of another JSON type. */
const otherType = (x: Json): fc.Arbitrary<Json> =>
  fc.constantFrom<Json>(null, true, 0, -1, 1.5, 'x', [], {}, [1, 2], { a: 1 }).filter((y) => typeOf(y) !== typeOf(x))

/**
 * A document damaged once (or left whole): a field dropped (refused where it is required), given
 * another type (refused, but where the field takes several), an unknown field added (refused: the
 * formats are strict), a name field naming an Object method (refused), a text or a number replaced
 * at random (either), a value nested 3,000 deep (refused: the limit) or 20,000 wide (either), the
 * text cut short (refused).
 */
export function damagedDocument(
  kind: 'halma' | 'army' | 'players' | 'session',
  base: Json,
  rules: {
    /** Keys of fields that name a preset, board, type, rule ...: an Object method's name there is refused. */
    readonly names: readonly string[]
    /** Paths (keys joined by '.') of fields that may be left out. */
    readonly optional: RegExp
    /** Paths of fields that take more than one type (a text or a list, ...): another type may be right. */
    readonly anyType: RegExp
  },
): fc.Arbitrary<Labeled> {
  const all = places(base).filter((p) => p.length > 0)
  const key = (p: readonly (string | number)[]): string => p.join('.')
  const doc = (v: Json): FuzzCase => ({ kind, text: JSON.stringify(v, null, 1) })
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Labeled>({ c: doc(base), expect: 'valid', what: 'as shipped' }) },
    // A field dropped: a required one must be refused.
    {
      weight: 3,
      arbitrary: fc.constantFrom(...all).map((p): Labeled => {
        const parent = at(base, p.slice(0, -1))
        const required = !Array.isArray(parent) && !rules.optional.test(key(p))
        return { c: doc(setAt(base, p, undefined)), expect: required ? 'invalid' : 'either', what: `dropped ${key(p)}` }
      }),
    },
    // A value of another type: refused (except where any value is text).
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...all)
        .chain((p) => otherType(at(base, p)).map((v) => ({ p, v })))
        .map(({ p, v }): Labeled => ({
          c: doc(setAt(base, p, v)),
          expect: rules.anyType.test(key(p)) ? 'either' : 'invalid',
          what: `${key(p)} = ${JSON.stringify(v)}`,
        })),
    },
    // An unknown field beside the others (objects are strict).
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...all.filter((p) => typeOf(at(base, p)) === 'object'), [] as (string | number)[])
        .chain((p) => fc.constantFrom('frob', ...PROTO_NAMES.filter((n) => n !== '__proto__')).map((name) => ({ p, name })))
        .map(({ p, name }): Labeled => {
          const obj = structuredClone(at(base, p)) as Record<string, Json>
          obj[name] = 1
          return { c: doc(setAt(base, p, obj)), expect: 'invalid', what: `unknown field ${key([...p, name])}` }
        }),
    },
    // A name field naming an Object method.
    ...(rules.names.length > 0
      ? [
          {
            weight: 2,
            arbitrary: fc
              .constantFrom(...all.filter((p) => rules.names.includes(String(p[p.length - 1]))))
              .chain((p) => fc.constantFrom(...PROTO_NAMES).map((n) => ({ p, n })))
              .map(({ p, n }): Labeled => ({ c: doc(setAt(base, p, n)), expect: 'invalid', what: `${key(p)} = "${n}"` })),
          },
        ]
      : []),
    // A text replaced by a random one, or a number by another: either.
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...all.filter((p) => ['string', 'number'].includes(typeOf(at(base, p)))))
        .chain((p) =>
          (typeof at(base, p) === 'string'
            ? fc.oneof(fc.string({ maxLength: 16 }), fc.constantFrom('a1', 'z99', 'a1-a3', '', ' '))
            : fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double({ noNaN: true }))
          ).map((v) => ({ p, v })),
        )
        .map(({ p, v }): Labeled => ({
          c: doc(setAt(base, p, v)),
          expect: 'either',
          what: `${key(p)} = ${JSON.stringify(v).slice(0, 40)}`,
        })),
    },
    // A huge or deeply nested value.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...all)
        .chain((p) => fc.constantFrom('deep', 'wide').map((how) => ({ p, how })))
        .map(({ p, how }): Labeled => {
          let v: Json = 1
          if (how === 'deep') for (let d = 0; d < 3000; d++) v = [v]
          else v = Array.from({ length: 20_000 }, (_, i) => i)
          return { c: doc(setAt(base, p, v)), expect: how === 'deep' ? 'invalid' : 'either', what: `${key(p)} = ${how}` }
        }),
    },
    // The text itself cut short.
    {
      weight: 1,
      arbitrary: fc.nat().map((n): Labeled => {
        const text = JSON.stringify(base)
        return { c: { kind, text: text.slice(0, n % text.length) }, expect: 'invalid', what: `cut at ${n % text.length}` }
      }),
    },
  )
}

export const readJsonFile = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json
export { LEVENSPIEL }
