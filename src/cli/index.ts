// Entry point of the `halma` binary: wire the commands to the process.
import { main } from './main'
import { readStdin } from './options'
import { EnvironmentError } from '../shared/environment'

// A reader that stops early (`halma ... | head`) closes the pipe: end quietly, as Unix tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0)
  throw e
})

const io = {
  out: (t: string) => process.stdout.write(t + '\n'),
  err: (t: string) => process.stderr.write(t + '\n'),
  stdin: readStdin,
  tty: process.stdout.isTTY === true,
}

/**
 * The command has answered: leave with its status. A handle something forgot to close (a
 * connection, a thread) must not keep a finished command alive, so the process ends a moment
 * later even then (the timer itself keeps nothing alive).
 */
function leave(code: number): void {
  process.exitCode = code
  setTimeout(() => process.exit(code), 2000).unref()
}

/** Something thrown outside a command's own flow (an event handler, a callback): named as main() would. */
function thrown(e: unknown): void {
  if (e instanceof EnvironmentError) {
    process.stderr.write(`halma: ${e.message}\n`)
    leave(3)
    return
  }
  process.stderr.write(
    `halma: internal error (a bug in halma; please report it with the command line): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  )
  leave(70)
}
process.on('uncaughtException', thrown)
process.on('unhandledRejection', thrown)

main(process.argv.slice(2), io).then(leave, thrown)
