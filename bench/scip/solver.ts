/**
 * SCIP as a second MIP solver of the solitaire proofs (shared/army/proof.ts), for `npm run
 * bench:hex7 -- --second scip` only (the workbench does not need it): the case is written as CPLEX
 * LP text (programLp: the integer data exactly, in decimal) to a scratch file and solved by
 * bench/scip/scip_case.py through PySCIPOpt (`pip install pyscipopt`; its wheel ships SCIP).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ProgramSolver } from '../../src/shared/army/proof'
import { programLp, type IntProgram, type IntRow } from '../../src/shared/army/program'

const SCRIPT = join(import.meta.dirname, 'scip_case.py')

/**
 * SCIP's verdict from its status: 'Infeasible' only on its word that no integer point exists
 * ("infeasible"; "inforunbd", infeasible or unbounded, can only mean infeasible here: every column
 * of the programs has finite bounds).
 */
export function scipStatus(out: string): string {
  const m = /^STATUS (\S+)/m.exec(out)
  const s = m?.[1]
  if (s === 'infeasible' || s === 'inforunbd') return 'Infeasible'
  if (s === 'optimal') return 'Optimal'
  if (s === 'timelimit' || s === 'userinterrupt') return 'Undefined (stopped)'
  return `Undefined (${s ?? 'no status'})`
}

/** Python with PySCIPOpt, or the reason it cannot run. */
export async function scipAvailable(python = 'python3'): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(python, ['-c', 'import pyscipopt'], { timeout: 30_000 }, (e) =>
      resolve(e ? `${python} cannot import pyscipopt (${e.message.split('\n').find((l) => l.includes('Error')) ?? e.message.split('\n')[0]}): pip install pyscipopt` : null),
    )
  })
}

export function scipSolver(python = 'python3'): ProgramSolver {
  return {
    solve(p: IntProgram, extraRows: readonly IntRow[], timeLimit: number): Promise<{ status: string }> {
      const dir = mkdtempSync(join(tmpdir(), 'halma-scip-'))
      const file = join(dir, 'case.lp')
      writeFileSync(file, programLp(p, { extraRows }) + '\n')
      return new Promise((resolve) => {
        execFile(python, [SCRIPT, file, String(timeLimit)], { maxBuffer: 16 * 2 ** 20, timeout: (timeLimit + 120) * 1000 }, (e, stdout) => {
          rmSync(dir, { recursive: true, force: true })
          resolve({ status: e ? `Error (scip: ${e.message.split('\n')[0]})` : scipStatus(stdout) })
        })
      })
    },
  }
}
