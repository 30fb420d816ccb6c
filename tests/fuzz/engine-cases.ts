/**
 * Sessions of the engine protocol (docs/PROTOCOL.md) for the fuzz suite: a session made valid
 * from the protocol's grammar (hep, options, positions of several games, bounded searches, quit),
 * then perhaps damaged once in one line. The engine must answer every bad line with `info string
 * error <code>: <message>` and go on; a valid session must end with a `bestmove` for each `go`.
 * Searches are bounded by nodes or depth in every case (a damage never touches a `go` limit's
 * size), so a session that does not end in its deadline is a hang of the engine.
 */
import fc from 'fast-check'
import { specOf, playersPreset } from '../../src/shared/players/game'
import { PROTO_NAMES, type Labeled } from './cases'

const MINI4 = JSON.stringify(specOf(playersPreset('mini-4')))

/** Positions of several games: presets of 2 to 6 players, Hexma and Anri, moves after the start, a spec. */
const POSITIONS = [
  'position preset mini-2',
  'position preset mini-3 moves c9-c7',
  'position preset mini-6 spoiling vacate',
  'position preset star121-2 spoiling both',
  'position preset star121-5',
  'position preset hexma-mini',
  'position preset anri',
  'position preset cross-3',
  `position spec ${MINI4}`,
  `position spec ${MINI4} spoiling occupied`,
]
const OPTIONS = ['setoption name Hash value 4', 'setoption name Algorithm value brs', 'setoption name LMR value false', 'setoption name Weight_lag value 40']
const GOES = ['go nodes 100', 'go depth 1', 'go depth 2 nodes 150', 'go nodes 80 movetime 2000']
const OTHERS = ['isready', 'newgame', 'd', 'stop']

/** Lines that are wrong, each a fault the engine must name. */
const BAD_LINES: readonly string[] = [
  'frob',
  ...PROTO_NAMES,
  'setoption name Hash value 0x10',
  'setoption name Hash value 0',
  'setoption name Hash value ',
  'setoption name Hash value 1e3',
  'setoption name Threads value 1.5',
  'setoption name Algorithm value constructor',
  'setoption name LMR value yes',
  'setoption name constructor value 1',
  'setoption name Weight_lag value abc',
  'setoption Hash 4',
  'go nodes 0x10',
  'go nodes -5',
  'go nodes',
  'go depth 0',
  'go depth 1.5',
  'go mate 3',
  'go nodes 50 searchmoves',
  'go nodes 50 searchmoves a1-a2',
  'go nodes 50 searchmoves constructor z99-z98',
  'position preset constructor',
  'position preset frob',
  'position preset',
  'position preset mini-3 moves a1-a2',
  'position preset mini-3 moves z99-z98',
  'position preset mini-3 spoiling frob',
  'position preset mini-3 setup nonsense',
  'position preset mini-3 frob',
  'position spec {"board": ',
  'position spec {"board": "star37", "camps": [0, 3], "men": 99}',
  'position spec {"board": "toString", "camps": [0, 3], "men": 3}',
  'position spec {"board": "star37", "camps": "0,3", "men": 3}',
  'position spec {"board": "star37", "camps": [0, 3], "men": 3, "frob": 1}',
  `position spec ${'['.repeat(3000)}${']'.repeat(3000)}`,
  'position problem {"format": "halma-workbench"}',
  'position problem []',
  'position spec',
  'position',
  'position tablebase',
  'position tablebase moves a1-a2',
  'setoption name Tablebase value /nonexistent/halma-table',
  'setoption name Tablebase value .',
]

/** A session: hep, a few options, then positions each followed by a search, quit. */
const session: fc.Arbitrary<string[]> = fc
  .record({
    options: fc.subarray(OPTIONS, { maxLength: 2 }),
    plays: fc.array(fc.tuple(fc.constantFrom(...POSITIONS), fc.constantFrom(...GOES), fc.subarray(OTHERS, { maxLength: 1 })), { minLength: 1, maxLength: 2 }),
  })
  .map(({ options, plays }) => ['hep', ...options, ...plays.flatMap(([p, g, o]) => [p, g, ...o]), 'quit'])

/** A word of a line other than a search's (a random word there could ask for a long search). */
const wordPlaces = (lines: readonly string[]): [number, number][] =>
  lines.flatMap((l, i) => (l.startsWith('go') ? [] : l.split(' ').map((_, k): [number, number] => [i, k]).filter(([, k]) => k > 0)))

export const engineSession: fc.Arbitrary<Labeled> = fc
  .record({
    lines: session,
    damage: fc.oneof(
      { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('bad-line' as const), line: fc.constantFrom(...BAD_LINES), at: fc.nat() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('random-line' as const), line: fc.string({ maxLength: 40 }), at: fc.nat() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('random-word' as const), word: fc.string({ maxLength: 12 }), at: fc.nat() }) },
    ),
  })
  .map(({ lines, damage }): Labeled => {
    const c = (ls: readonly string[]) => ({ kind: 'engine' as const, lines: ls })
    // Before quit: a damage after it is never read.
    const where = (at: number) => 1 + (at % (lines.length - 1))
    switch (damage.kind) {
      case 'none':
        return { c: c(lines), expect: 'valid', what: 'as made' }
      case 'bad-line': {
        const ls = [...lines]
        ls.splice(where(damage.at), 0, damage.line)
        return { c: c(ls), expect: 'invalid', what: `line ${JSON.stringify(damage.line.slice(0, 60))}` }
      }
      case 'random-line': {
        const ls = [...lines]
        ls.splice(where(damage.at), 0, damage.line)
        return { c: c(ls), expect: 'either', what: `line ${JSON.stringify(damage.line)}` }
      }
      case 'random-word': {
        const places = wordPlaces(lines)
        const [i, k] = places[damage.at % places.length]!
        const words = lines[i]!.split(' ')
        const was = words[k]
        words[k] = damage.word
        const ls = [...lines]
        ls[i] = words.join(' ')
        return { c: c(ls), expect: 'either', what: `line ${i + 1} word ${k + 1} ${JSON.stringify(damage.word)} (was ${JSON.stringify(was?.slice(0, 30))})` }
      }
    }
  })
