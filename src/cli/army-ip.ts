/**
 * The minimum-army solvers of the core (src/shared/army/minimum.ts) with HiGHS loaded in
 * Node: the same names and arguments as the core's, without the solver (loaded once).
 */
import highsLoader from 'highs'
import * as core from '../shared/army/minimum'
import type { MipSolver } from '../shared/army/minimum'

export {
  defaultWindow,
  mirror,
  TABLE7,
  table7Case,
  threeManFinishes,
  type ArmyCase,
  type ArmyCount,
  type ArmySolution,
  type CaseOutcome,
  type IpOutcome,
} from '../shared/army/minimum'

type Rest<F> = F extends (mip: MipSolver, ...rest: infer A) => infer _R ? A : never

let loaded: Promise<MipSolver> | undefined
const highs = (): Promise<MipSolver> => (loaded ??= highsLoader() as Promise<MipSolver>)

export const solveArmyIp = async (...a: Rest<typeof core.solveArmyIp>) => core.solveArmyIp(await highs(), ...a)
export const solveArmy = async (...a: Rest<typeof core.solveArmy>) => core.solveArmy(await highs(), ...a)
export const countArmies = async (...a: Rest<typeof core.countArmies>) => core.countArmies(await highs(), ...a)
export const solveCase = async (...a: Rest<typeof core.solveCase>) => core.solveCase(await highs(), ...a)
