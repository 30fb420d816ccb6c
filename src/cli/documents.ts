/**
 * `halma verify`, `halma analyze` and `halma show`: the commands every kind of document answers.
 * The document's `format` field picks its kind (the registry of src/shared/documents.ts) and the
 * kind's entry in DOCUMENT_COMMANDS does the work, so each command is one function, not a switch
 * per command. Without a document the commands work on a problem given by flags (--board, --rules,
 * --army, ...). A new kind of document is an entry here and one in shared/documents.ts.
 */
import { DOCUMENT_KINDS, type DocumentKindId, type DocumentTypes } from '../shared/documents'
import { ARMY_COMMANDS } from './army-document'
import { analyzeProblem, HALMA_COMMANDS, showProblem, verifyProblem } from './halma-document'
import type { Io } from './io'
import { documentFile, loadProblem, MOVES_OPTIONS, parse, PROBLEM_OPTIONS, readDocumentFile, refuseOthers, type Values } from './options'
import { PLAYERS_COMMANDS } from './players-document'
import { AFTER_OPTION } from './position-options'

/** The commands a document of any kind answers. */
export type DocumentCommand = 'verify' | 'analyze' | 'show'

/** What a kind of document does for each command, and the options each reads beside the document. */
interface KindCommands<D> {
  readonly options: Readonly<Record<DocumentCommand, readonly string[]>>
  readonly verify: (doc: D, v: Values, io: Io, file: string) => number
  readonly analyze: (doc: D, v: Values, io: Io, file: string) => number
  readonly show: (doc: D, v: Values, io: Io, file: string) => number
}

/** The registry: one entry per kind of document (shared/documents.ts DOCUMENT_KINDS). */
const DOCUMENT_COMMANDS: { readonly [K in DocumentKindId]: KindCommands<DocumentTypes[K]> } = {
  halma: HALMA_COMMANDS,
  army: ARMY_COMMANDS,
  players: PLAYERS_COMMANDS,
}

const DOCUMENTS = `Document: FILE (or --problem FILE, or --file FILE: the same), of any kind; its format field says
          which: a problem (*.halma.json: a transfer or a two-player game), a solitaire army
          (*.army.json) or a game of 2 to 6 players (*.players.json).
Lines:    --line K (--solution K: the same) picks the K-th stored line (a problem's solution or
          game, a players document's line; an army document stores one), --moves TEXT or
          --moves-file FILE give moves instead, in the document's own notation.`

const PROBLEM_FLAGS = `Without a document, a problem by flags:
          --board B --rules 4-move|6-move|8-move [--jumps-only] [--long-jumps] [--diagonal anti|main]
          (--army PRESET | --start "a1,b1,...") [--target "..."|mirror|rotate] [--game [--red "..."]]
          with --moves, --moves-file or standard input.`

const HELP: Record<DocumentCommand, string> = {
  verify: `halma verify: check the lines of a document (or moves given) move by move

  halma verify resources/problems/fabian-30.halma.json
  halma verify resources/armies/conway-20-level4.army.json
  halma verify resources/players/mini-3.players.json --line 1 --json
  halma verify --army triangle10 --board 9x9 --rules 6-move --moves "d1-d2, b1-d1-d3, ..."

${DOCUMENTS}
          Without any, every stored line is verified.
${PROBLEM_FLAGS}
Output:   per line a verdict naming the first illegal move; problems add a table of the moves
          (c(A), sym(A), balance) and check a stored solution's side lines too (each must be legal;
          it need not reach the target). --json for machine-readable output: "valid" and "error"
          for every kind. Exit status: 0 every line valid, 1 one is not, 2 bad input.`,
  analyze: `halma analyze: the measures of a position of any document

  halma analyze resources/problems/triangle10-6move.halma.json --line 1 --after 13
  halma analyze resources/armies/conway-20-level4.army.json --after 5
  halma analyze resources/players/mini-3.players.json --after 6
  halma analyze --game --army triangle10            (the two-player start, by flags)

${DOCUMENTS}
  --after K   the position after move K of the line (default: the start; with a line named,
              its end)
${PROBLEM_FLAGS}
Problems: per army its cells, men per type 0-3 (balance), centroid c(A), sym(A), centre of mass,
  men on target, distance to the target and Theorem 2's one-move gain; the lower bound
  (transfer: d(A,B) + |A| - 1; game: Theorem 1); the legal moves of the side to move, in all and
  up to the position's own symmetry.
Armies: the men, their exact weight and slack under the board's pagoda function (the type's
  improved map; on a custom board, the one generated from the distance to its target), and the
  jumps open.
Games of 2 to 6 players: per player her men home, c(A), her legal moves, and the plies until
  her side can have won at the earliest (the search's admissible bound).
--json for machine-readable output.`,
  show: `halma show: a text diagram of a position of any document

  halma show resources/problems/triangle10-6move.halma.json --line 1 --after 14 --types
  halma show resources/armies/conway-wall-gap.army.json --after 4
  halma show resources/players/star121-6.players.json --after 64
  halma show --army triangle10 --board 9x9

${DOCUMENTS}
  --after K   the position after move K of the line (default: the start; with a line named,
              its end); the last move's cells are marked
Problems: x blue men, o red men, . empty, + empty target cells; the last move's man upper-case,
  * for the cells it passed through. --types: type labels 0-3 on empty cells; --hex: rows
  shifted as on the triangular lattice (6-move rules); --plain: no coordinates.
Armies: o a man, . an empty cell, X the target (@ with a man on it).
Games of 2 to 6 players: each man by his player's initial, the board as players see it; rows
  numbered from the top as cell names count them.
${PROBLEM_FLAGS}
--json for machine-readable output.`,
}

/** The options each command parses: every kind's, so that a kind can name the ones it refuses. */
const OPTIONS = {
  verify: { ...PROBLEM_OPTIONS, ...MOVES_OPTIONS },
  analyze: { ...PROBLEM_OPTIONS, ...MOVES_OPTIONS, ...AFTER_OPTION },
  show: {
    ...PROBLEM_OPTIONS,
    ...MOVES_OPTIONS,
    ...AFTER_OPTION,
    types: { type: 'boolean' },
    hex: { type: 'boolean' },
    plain: { type: 'boolean' },
  },
} as const

const BY_FLAGS: Record<DocumentCommand, typeof verifyProblem> = { verify: verifyProblem, analyze: analyzeProblem, show: showProblem }

/** Run a document command: on the document named, by its kind, or on a problem given by flags. */
function run(command: DocumentCommand, argv: string[], io: Io): number {
  const v = parse(argv, OPTIONS[command], 'document')
  if (v['help']) {
    io.out(HELP[command])
    return 0
  }
  const file = documentFile(v)
  return file === undefined ? BY_FLAGS[command](loadProblem(v), v, io) : runOnDocument(command, file, v, io)
}

export const runVerify = (argv: string[], io: Io): number => run('verify', argv, io)
export const runAnalyze = (argv: string[], io: Io): number => run('analyze', argv, io)
export const runShow = (argv: string[], io: Io): number => run('show', argv, io)

/**
 * A document command on the document in `file`, by its kind; options the kind does not read are
 * refused, naming them. The older spellings (`halma army verify --file`, `halma players verify
 * --file`, `halma army show --file`) come here too, so every spelling gives the same answer.
 */
export function runOnDocument(command: DocumentCommand, file: string, v: Values, io: Io): number {
  const doc = readDocumentFile(file)
  const kind = DOCUMENT_COMMANDS[doc.kind] as KindCommands<DocumentTypes[typeof doc.kind]>
  refuseOthers(v, kind.options[command], DOCUMENT_KINDS[doc.kind].noun)
  return kind[command](doc.document, v, io, file)
}
