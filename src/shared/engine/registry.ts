/**
 * The one list of the domains the engine searches: per domain, one entry with how an expansion
 * thread (or a farm's worker) builds its kernel from the domain's init (plain data), and the flows
 * of the jobs it runs. The facade (engine.ts) runs a job by its kind here; the job codecs (how each
 * kind is checked) are jobs.ts's, free of search code for the renderer. Adding a domain: its entry
 * here, its job in jobs.ts (docs/ENGINE.md, the checklist).
 */
import { threadKernel, type ThreadKernel } from './core/contract'
import type { SpineHost } from './core/spine'
import type { Progress } from './core/progress'
import type { JobKind, JobTypes } from './jobs'
import { GameDomain, isGameRule, type GameInit } from './game/domain'
import { GameFlow } from './game/flow'
import { GameKernel } from './game/kernel'
import { TransferDomain, type TransferInit } from './transfer/domain'
import { TransferFlow } from './transfer/flow'
import { isTransferRule, TransferKernel } from './transfer/kernel'
import { isPlayersRule, PlayersDomain, type PlayersInit } from './players/domain'
import { PlayersFlow } from './players/flow'
import { PlayersKernel } from './players/kernel'
import { hexmaPlayersFlow } from './hexma/flow'
import { ArmyDomain, isArmyRule, type ArmyInit } from './army/domain'
import { FewestFlow } from './army/fewest'
import { ArmyKernel } from './army/kernel'
import { armyProgramFlow } from './army/program-flow'
import type { MipSolver } from '../army/minimum'
import { isTablebaseTask, runTablebaseTask } from './tablebase/thread'
import { TablebaseFlow } from './tablebase/flow'
import { own } from '../names'

/** A job's flow, running: its result, and a way to stop it (core/flow.ts JobFlow). */
export interface RunningFlow<R> {
  run(): Promise<R>
  cancel(): void
}

/**
 * What a host gives the engine: threads, files, a farm (core/spine.ts), and HiGHS for army jobs.
 * Its threads take any domain's init (the host's are typed by DomainInit: src/hosts/node/threads.ts).
 */
export interface EngineHost extends SpineHost<unknown> {
  readonly mip?: () => Promise<MipSolver>
}

/** The host's earlier name (flows written before the spine took an ExecutorHost). */
export type ExecutorHost = EngineHost

/** How a job of kind K is run. */
export type FlowMaker<K extends JobKind> = (
  params: JobTypes[K]['params'],
  host: EngineHost,
  progress: (p: Progress) => void,
) => RunningFlow<JobTypes[K]['result']>

/** A domain: its thread kernel, from its init (plain data, kind = the domain's name), and its jobs' flows. */
interface DomainEntry<I, K extends JobKind> {
  readonly kernel: (init: I) => ThreadKernel
  readonly flows: { readonly [J in K]: FlowMaker<J> }
}

const entry = <I extends { readonly kind: string }, K extends JobKind>(e: DomainEntry<I, K>): DomainEntry<I, K> => e

export const DOMAINS = {
  transfer: entry<TransferInit, 'solve'>({
    kernel: (init) => {
      const domain = TransferDomain.fromInit(init)
      return threadKernel(domain.w, new TransferKernel(domain), isTransferRule)
    },
    flows: { solve: (params, host, progress) => new TransferFlow(params, host, progress) },
  }),
  game: entry<GameInit, 'game'>({
    kernel: (init) => {
      const domain = GameDomain.fromInit(init)
      return threadKernel(domain.w, new GameKernel(domain), isGameRule)
    },
    flows: { game: (params, host, progress) => new GameFlow(params, host, progress) },
  }),
  players: entry<PlayersInit, 'players'>({
    kernel: (init) => {
      const domain = PlayersDomain.fromInit(init)
      return threadKernel(domain.w, new PlayersKernel(domain), isPlayersRule)
    },
    // A game won by a chain (Hexma) has its own search, run as a players job (hexma/flow.ts).
    flows: { players: (params, host, progress) => (params.game.win === 'chain' ? hexmaPlayersFlow(params, progress) : new PlayersFlow(params, host, progress)) },
  }),
  army: entry<ArmyInit, 'fewest' | 'army'>({
    kernel: (init) => {
      const domain = ArmyDomain.fromInit(init)
      return threadKernel(domain.w, new ArmyKernel(domain), isArmyRule)
    },
    flows: { fewest: (params, host, progress) => new FewestFlow(params, host, progress), army: armyProgramFlow },
  }),
}

export type DomainKind = keyof typeof DOMAINS
/** Per domain, its init: a domain as plain data (it crosses to expansion threads and farm workers). */
type Inits = { readonly [D in DomainKind]: Parameters<(typeof DOMAINS)[D]['kernel']>[0] }
export type DomainInit = Inits[DomainKind]

/** The entries seen per domain's init (a mapped type: a kernel is looked up by its init's kind). */
const KERNELS: { readonly [D in DomainKind]: { readonly kernel: (init: Inits[D]) => ThreadKernel } } = DOMAINS

/** The kernel an expansion thread (or a farm's worker) runs for a domain. */
export function buildKernel(init: DomainInit): ThreadKernel {
  return kernelOf(init)
}

function kernelOf<D extends DomainKind>(init: Inits[D] & { readonly kind: D }): ThreadKernel {
  // The init may come from another machine (a cluster's task): its kind is checked, not trusted.
  const entry = own(KERNELS as Readonly<Record<string, { readonly kernel: (init: Inits[D]) => ThreadKernel }>>, String(init.kind))
  if (!entry) throw new Error(`unknown domain kind ${JSON.stringify(init.kind)} (known: ${Object.keys(KERNELS).join(', ')})`)
  const build = entry.kernel
  return build(init)
}

/**
 * The jobs whose threads do other work than expanding levels (a tablebase's blocks over shared
 * tables): per job, its flow, and per task kind, what a thread runs for a plain-data task
 * (core/messages.ts RunTask). The host's threads are the same expansion threads: they take these
 * tasks besides the domains' inits and expansions.
 */
const TASK_JOBS: {
  readonly flows: { readonly tablebase: FlowMaker<'tablebase'> }
  readonly tasks: Readonly<Record<string, (task: { readonly kind: string }) => unknown>>
} = {
  flows: { tablebase: (params, host, progress) => new TablebaseFlow(params, host, progress) },
  tasks: {
    tablebase: (task) => {
      if (!isTablebaseTask(task)) throw new Error('internal: a malformed tablebase task')
      return runTablebaseTask(task)
    },
  },
}

/** Run a plain-data task on an expansion thread, by its kind (a task from another job is refused). */
export function runThreadTask(task: { readonly kind: string }): unknown {
  const run = own(TASK_JOBS.tasks, String(task.kind))
  if (!run) throw new Error(`internal: no thread task of kind ${JSON.stringify(task.kind)} (known: ${Object.keys(TASK_JOBS.tasks).join(', ')})`)
  return run(task)
}

/** Per job kind, its flow: the domains' flows in one table (the compiler checks every kind has one). */
export const FLOWS: { readonly [K in JobKind]: FlowMaker<K> } = {
  ...DOMAINS.transfer.flows,
  ...DOMAINS.game.flows,
  ...DOMAINS.players.flows,
  ...DOMAINS.army.flows,
  ...TASK_JOBS.flows,
}
