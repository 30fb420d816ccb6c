/**
 * The `halma` command line: batch work over the same core as the workbench. Each command is a
 * function from arguments and an Io to an exit status, so tests run them in-process as well as
 * through the installed binary. A new command is an entry in COMMANDS (and a line of USAGE);
 * `verify`, `analyze` and `show` take a document of any kind (documents.ts).
 *
 * Exit status: 0 done (valid, found), 1 a negative answer (invalid, none found), 2 bad input (a
 * UsageError, a refused checkpoint), 3 a fault of the environment (EnvironmentError: a full disk,
 * no permission, a folder in use, Redis unreachable), 130 interrupted; anything else thrown is a
 * bug, reported by index.ts as an internal error with status 70.
 */
import { runEngine } from './engine'
import { runMatchCommand } from './match'
import { runArmy } from './army'
import { runPlayers } from './players'
import { runGame } from './game'
import type { Io } from './io'
import { CheckpointError } from '../shared/engine/core/checkpoint'
import { runAnalyze, runShow, runVerify } from './documents'
import { EnvironmentError } from '../shared/environment'
import { own } from '../shared/names'
import { EXIT_BAD_INPUT, EXIT_ENVIRONMENT } from './exit'
import { UsageError } from './options'
import { runSolve } from './solve'
import { runWorker } from './worker'
import { runCheckpoint } from './checkpoint'
import { runTablebase } from './tablebase'

export const USAGE = `halma: transfers and shortest games in the Halma / Chinese Checkers family, games of 2 to 6
players and solitaire armies

usage: halma <command> [options]      (halma <command> --help, or halma help <command>, for its options)

Any document (its format field says which kind: *.halma.json a transfer or a two-player game,
*.army.json a solitaire army, *.players.json a game of 2 to 6 players):
  verify FILE   check its lines move by move, or moves given (exit 0 when all are valid)
  analyze FILE  the measures of a position: its start, or after move K of a line
  show FILE     a text diagram of a position
  (without FILE, a transfer or two-player game by flags: --board, --rules, --army, ...)
Searches and tools:
  solve         a shortest transfer, with the proof that none is shorter
  game          the shortest two-player game, with the proof that none is shorter
  players       games of 2 to 6 players: presets, their starts, the shortest game (players game)
  army          solitaire armies: pagoda bounds, minimum armies, solutions, their count
  tablebase     every position of a small board solved: build a table, probe a position
  worker        run the tasks of searches on a cluster (halma solve --cluster)
  checkpoint    a search's checkpoint on disk: upgrade DIR converts one of format 1 to this format;
                pack DIR packs an older build's level files in place (a state in ~1.4 bytes, not 12)
  engine        the playing engine on stdin/stdout (the protocol of docs/PROTOCOL.md)
  match         engines play series of games: a crosstable with Elo, SPRT, games saved

The same words in every command:
  FILE, --problem FILE, --file FILE   a document of any kind (the three are the same)
  --line K (or --solution K)          the K-th line stored in the document (1: the first)
  --moves TEXT, --moves-file FILE     moves given instead, in the document's notation
  --after K                           the position after move K of the line (0: the start)
  --json                              machine-readable output on stdout
  --threads N                         expansion threads, 1 to 256; 0 (the default): every core
  --time-limit S                      stop after S seconds, saying what was settled
Long commands (solve, game, players game, army bound --method ip, army solve, army count) report
progress on stderr; Ctrl-C cancels them.
Exit status: 0 valid or found, 1 invalid or not found, 2 bad input, 3 a fault of the environment
(disk, permissions, a folder in use, Redis), 130 cancelled by Ctrl-C, 70 an internal error (a bug:
please report it).

examples:
  halma verify resources/problems/fabian-30.halma.json
  halma show resources/players/star121-6.players.json --after 64
  halma analyze resources/armies/conway-20-level4.army.json --after 5
  halma verify --army triangle10 --board 9x9 --rules 6-move --moves "d1-d2, b1-d1-d3, ..."
  halma solve --army triangle10 --board 9x9 --rules 6-move
  halma game --army triangle10 --board 9x9 --rules 6-move`

const COMMANDS: Record<string, (argv: string[], io: Io) => number | Promise<number>> = {
  verify: runVerify,
  analyze: runAnalyze,
  show: runShow,
  solve: runSolve,
  game: runGame,
  worker: runWorker,
  army: runArmy,
  players: runPlayers,
  tablebase: runTablebase,
  checkpoint: runCheckpoint,
  engine: runEngine,
  match: runMatchCommand,
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    // `halma help COMMAND`: that command's help, as `halma COMMAND --help` gives it.
    if (command === 'help' && rest.length > 0) return main([rest[0]!, '--help'], io)
    io.out(USAGE)
    return command === undefined ? 2 : 0
  }
  if (command === '--version') {
    io.out('halma-workbench 0.1.0')
    return 0
  }
  const run = own(COMMANDS, command)
  if (!run) {
    io.err(`halma: unknown command '${command}'\n\n${USAGE}`)
    return EXIT_BAD_INPUT
  }
  try {
    return await run(rest, io)
  } catch (e) {
    // A refused resume or a damaged checkpoint is the user's to fix, like bad input.
    if (e instanceof UsageError || e instanceof CheckpointError) {
      io.err(`halma ${command}: ${e.message}`)
      return EXIT_BAD_INPUT
    }
    if (e instanceof EnvironmentError) {
      io.err(`halma ${command}: ${e.message}`)
      return EXIT_ENVIRONMENT
    }
    throw e
  }
}
