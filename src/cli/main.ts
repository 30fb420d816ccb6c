/**
 * The `halma` command line: batch work over the same core as the workbench. Each command is a
 * function from arguments and an Io to an exit status, so tests run them in-process as well as
 * through the installed binary.
 *
 * Exit status: 0 done (valid, found), 1 a negative answer (invalid, none found), 2 bad input (a
 * UsageError, a refused checkpoint), 3 a fault of the environment (EnvironmentError: a full disk,
 * no permission, a folder in use, Redis unreachable), 130 interrupted; anything else thrown is a
 * bug, reported by index.ts as an internal error with status 70.
 */
import { runAnalyze } from './analyze'
import { runArmy } from './army'
import { runPlayers } from './players'
import { runGame } from './game'
import type { Io } from './io'
import { CheckpointError } from '../shared/engine/core/checkpoint'
import { EnvironmentError } from '../shared/environment'
import { own } from '../shared/names'
import { EXIT_ENVIRONMENT } from './exit'
import { UsageError } from './options'
import { runShow } from './show'
import { runSolve } from './solve'
import { runVerify } from './verify'
import { runWorker } from './worker'
import { runTablebase } from './tablebase'

export const USAGE = `halma: army transfer problems and shortest games in the Halma / Chinese Checkers family

usage: halma <command> [options]      (halma <command> --help for its options)

commands:
  verify    check a solution or two-player game move by move
  analyze   the measures of a position: types, centroid, symmetry, bounds, move counts
  show      a text diagram of a position, optionally after move K
  solve     a shortest solution of a transfer problem, with a proof that none is shorter
  game      the shortest two-player game, with a proof that none is shorter
  worker    run the tasks of searches on a cluster (halma solve --cluster)
  army      solitaire armies: bounds, minimum armies, solutions (halma army bound --type conway)
  players   games of 2 to 6 players: presets, their starts, lines of play
  tablebase every position of a small board solved: build a table, probe a position

examples:
  halma verify --army triangle10 --board 9x9 --rules 6-move --moves "d1-d2, b1-d1-d3, ..."
  halma verify --problem resources/problems/fabian-30.halma.json
  halma analyze --game --army triangle10
  halma show --problem resources/problems/triangle10-6move.halma.json --after 14
  halma solve --army triangle10 --board 9x9 --rules 6-move
  halma game --army triangle10 --board 9x9 --rules 6-move

exit status: 0 done, 1 invalid or none found, 2 bad input, 3 a fault of the environment (disk,
permissions, a folder in use, Redis), 130 interrupted, 70 an internal error (a bug: please report it)`

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
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
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
    return 2
  }
  try {
    return await run(rest, io)
  } catch (e) {
    // A refused resume or a damaged checkpoint is the user's to fix, like bad input.
    if (e instanceof UsageError || e instanceof CheckpointError) {
      io.err(`halma ${command}: ${e.message}`)
      return 2
    }
    if (e instanceof EnvironmentError) {
      io.err(`halma ${command}: ${e.message}`)
      return EXIT_ENVIRONMENT
    }
    throw e
  }
}
