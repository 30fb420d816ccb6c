/**
 * CBC (COIN-OR Branch and Cut, the Debian package `coinor-cbc`: `apt-get install -y coinor-cbc`)
 * as a second MIP solver of the solitaire proofs (shared/army/proof.ts): a code base independent
 * of HiGHS (its own presolve, cuts and branching), asked the same case. The case is written as
 * CPLEX LP text (programLp: the integer data written exactly, in decimal) to a scratch file and
 * read by the `cbc` program; its verdict is the status line of the solution file it writes. Used by `npm run bench:hex7 -- --second cbc` only: the workbench
 * does not need it.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ProgramSolver } from '../shared/army/proof'
import { programLp, type IntProgram, type IntRow } from '../shared/army/program'

/**
 * CBC's verdict from the first line of the solution file it writes ("Optimal - objective value 0",
 * "Integer infeasible - ...", "Infeasible - ...", "Stopped on time - ..."): 'Infeasible' only on
 * its words that no integer point exists. The programs have finite bounds on every column, so its
 * presolve's "infeasible or unbounded" can only mean infeasible.
 */
export function cbcStatus(solutionHead: string): string {
  const line = solutionHead.trim().split('\n')[0]?.trim() ?? ''
  if (/^(integer )?infeasible\b/i.test(line)) return 'Infeasible'
  if (/^optimal\b/i.test(line)) return 'Optimal'
  if (/^stopped\b/i.test(line)) return 'Undefined (stopped)'
  return `Undefined (${line === '' ? 'no solution file' : line})`
}

/** The `cbc` program on the PATH (or `binary`), or null with the reason it cannot run. */
export async function cbcAvailable(binary = 'cbc'): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(binary, ['-quit'], { timeout: 10_000 }, (e) => resolve(e ? `${binary} does not run (${e.message.split('\n')[0]}): apt-get install -y coinor-cbc` : null))
  })
}

export function cbcSolver(binary = 'cbc'): ProgramSolver {
  return {
    solve(p: IntProgram, extraRows: readonly IntRow[], timeLimit: number): Promise<{ status: string }> {
      const dir = mkdtempSync(join(tmpdir(), 'halma-cbc-'))
      const file = join(dir, 'case.lp')
      const solution = join(dir, 'case.sol')
      writeFileSync(file, programLp(p, { extraRows }) + '\n')
      return new Promise((resolve) => {
        execFile(
          binary,
          // The limit in seconds of the clock (CBC counts CPU time by default: on a loaded machine the
          // wall-clock guard below would stop it first, with no verdict).
          [file, '-timeMode', 'elapsed', '-sec', String(timeLimit), '-threads', '1', '-solve', '-solu', solution, '-quit'],
          { maxBuffer: 64 * 2 ** 20, timeout: (timeLimit + 120) * 1000 },
          (e) => {
            const head = existsSync(solution) ? readFileSync(solution, 'utf8').slice(0, 500) : ''
            rmSync(dir, { recursive: true, force: true })
            resolve({ status: e ? `Error (cbc: ${e.message.split('\n')[0]})` : cbcStatus(head) })
          },
        )
      })
    },
  }
}
