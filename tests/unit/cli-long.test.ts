// Long commands, run as the installed binary: progress on stderr while they work, and Ctrl-C
// (SIGINT) cancels them cleanly: "halma <command>: cancelled" and exit status 130. An engine job
// (`halma solve`) and HiGHS in its worker thread (`halma army count`, which printed nothing while
// it ran before issue 27).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const BIN = join(import.meta.dirname, '../../bin/halma.mjs')

/** Start `halma ...argv`, send SIGINT once stderr shows progress; its exit status, stdout and stderr. */
function interrupted(argv: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    let sent = false
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
      if (!sent && /^\[\w+\] /m.test(err)) {
        sent = true
        child.kill('SIGINT')
      }
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

describe('Ctrl-C on a long command', () => {
  it.each([
    [['army', 'count', '--type', 'conway', '--level', '4'], 'army count'],
    [['solve', '--army', 'triangle10', '--board', '9x9', '--rules', '6-move', '--threads', '1'], 'solve'],
  ])('%j: progress on stderr, then cancelled with exit status 130', async (argv, command) => {
    const r = await interrupted(argv)
    expect(r.err).toMatch(/^\[\w+\] .*\d+\.\ds/m)
    expect(r.err).toContain(`halma ${command}: cancelled`)
    expect(r.code).toBe(130)
    expect(r.out).toBe('')
  }, 60_000)
})
