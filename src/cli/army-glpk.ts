/**
 * GLPK (the `glpk.js` package: GLPK compiled to WebAssembly, run synchronously in Node) as the
 * second MIP solver of the solitaire proofs (shared/army/proof.ts): a code base independent of
 * HiGHS, asked the same case. Used by `npm run bench:hex7 -- --glpk` only (a development
 * dependency: GPL-3.0, not shipped in the workbench).
 */
import glpkLoader from 'glpk.js/node'
import type { ProgramSolver } from '../shared/army/proof'
import type { IntProgram, IntRow } from '../shared/army/program'

export async function glpkSolver(): Promise<ProgramSolver> {
  let glpk = await glpkLoader()
  return {
    async solve(p: IntProgram, extraRows: readonly IntRow[], timeLimit: number) {
      try {
        return solveWith(p, extraRows, timeLimit)
      } catch (e) {
        // A solve that aborts inside GLPK (an assertion of its simplex, seen on this program's
        // larger cases) leaves the WebAssembly instance unusable: the next solve gets a fresh one.
        glpk = await glpkLoader()
        return { status: `Error (GLPK aborted: ${(e as Error).message.split('\n')[0]})` }
      }
    },
  }
  function solveWith(p: IntProgram, extraRows: readonly IntRow[], timeLimit: number): { status: string } {
    {
      const name = (j: number): string => p.cols[j]!
      const bnds = (lo: bigint | null, hi: bigint | null): { type: number; lb: number; ub: number } =>
        lo !== null && hi !== null
          ? { type: lo === hi ? glpk.GLP_FX : glpk.GLP_DB, lb: Number(lo), ub: Number(hi) }
          : lo !== null
            ? { type: glpk.GLP_LO, lb: Number(lo), ub: 0 }
            : hi !== null
              ? { type: glpk.GLP_UP, lb: 0, ub: Number(hi) }
              : { type: glpk.GLP_FR, lb: 0, ub: 0 }
      const r = glpk.solve(
        {
          name: 'case',
          objective: { direction: glpk.GLP_MIN, name: 'obj', vars: p.cost.flatMap((c, j) => (c !== 0n ? [{ name: name(j), coef: Number(c) }] : [])) },
          subjectTo: [...p.rows, ...extraRows].map((row) => ({
            name: row.name,
            vars: row.cols.map((j, k) => ({ name: name(j), coef: Number(row.coefs[k]!) })),
            bnds: bnds(row.lower, row.upper),
          })),
          bounds: p.cols.map((c, j) => ({ name: c, ...bnds(p.lower[j]!, p.upper[j]!) })),
          generals: p.cols.filter((_, j) => p.integer[j]),
        },
        { msglev: glpk.GLP_MSG_OFF, tmlim: timeLimit, presol: true },
      )
      const s = r.result.status
      const status =
        s === glpk.GLP_NOFEAS ? 'Infeasible' : s === glpk.GLP_OPT ? 'Optimal' : s === glpk.GLP_FEAS ? 'Feasible (stopped)' : 'Undefined (stopped)'
      return { status }
    }
  }
}
