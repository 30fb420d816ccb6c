// Entry point of the `halma` binary: wire the commands to the process.
import { main } from './main'
import { readStdin } from './options'

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

main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(`halma: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
    process.exitCode = 70
  },
)
