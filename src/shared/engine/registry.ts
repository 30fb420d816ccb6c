/**
 * The one place that lists the domains the engine searches and the jobs it runs. An expansion
 * thread builds a domain's kernel from its description (DomainInit) here; the facade (engine.ts)
 * runs a job by its kind here. Adding a domain means an entry in each table (docs/ENGINE.md).
 */
import { threadKernel, type ThreadKernel } from './core/contract'
import { GameDomain, isGameRule, type GameInit } from './game/domain'
import { GameFlow } from './game/flow'
import { GameKernel } from './game/kernel'
import type { JobKind, JobTypes } from './jobs'
import type { Progress } from './core/progress'
import { TransferDomain, type TransferInit } from './transfer/domain'
import { TransferFlow } from './transfer/flow'
import { isTransferRule, TransferKernel } from './transfer/kernel'
import { isPlayersRule, PlayersDomain, type PlayersInit } from './players/domain'
import { PlayersFlow } from './players/flow'
import { PlayersKernel } from './players/kernel'
import { ArmyDomain, isArmyRule, type ArmyInit } from './army/domain'
import { ArmyKernel } from './army/kernel'
import { InlineExecutor, ThreadExecutor, type Executor, type WorkerFactory } from './core/executor'
import type { LevelKernel, RuleBase } from './core/contract'
import type { FileStore } from './core/storage'
import type { LevelFarm } from './core/farm'
import type { MipSolver } from '../army/minimum'
import { runArmyJob, runBoardSolve } from '../army/run-job'
import type { ArmyJob, ArmyJobResult } from '../army/job'
import { isTablebaseTask, runTablebaseTask } from './tablebase/thread'
import { TablebaseFlow } from './tablebase/flow'
import { own } from '../names'

/** The description of each domain, by kind. */
interface Inits {
  transfer: TransferInit
  game: GameInit
  players: PlayersInit
  army: ArmyInit
}
export type DomainKind = keyof Inits
/** A domain as plain data (it crosses to expansion threads). */
export type DomainInit = Inits[DomainKind]

const KERNELS: { readonly [K in DomainKind]: (init: Inits[K]) => ThreadKernel } = {
  transfer: (init) => {
    const domain = TransferDomain.fromInit(init)
    return threadKernel(domain.w, new TransferKernel(domain), isTransferRule)
  },
  game: (init) => {
    const domain = GameDomain.fromInit(init)
    return threadKernel(domain.w, new GameKernel(domain), isGameRule)
  },
  players: (init) => {
    const domain = PlayersDomain.fromInit(init)
    return threadKernel(domain.w, new PlayersKernel(domain), isPlayersRule)
  },
  army: (init) => {
    const domain = ArmyDomain.fromInit(init)
    return threadKernel(domain.w, new ArmyKernel(domain), isArmyRule)
  },
}

/** The kernel an expansion thread runs for a domain. */
export function buildKernel(init: DomainInit): ThreadKernel {
  return kernelOf(init)
}

function kernelOf<K extends DomainKind>(init: Inits[K] & { readonly kind: K }): ThreadKernel {
  // The init may come from another machine (a cluster's task): its kind is checked, not trusted.
  const build = own(KERNELS as Readonly<Record<string, (init: Inits[K]) => ThreadKernel>>, String(init.kind))
  if (!build) throw new Error(`unknown domain kind ${JSON.stringify(init.kind)} (known: ${Object.keys(KERNELS).join(', ')})`)
  return build(init)
}

/**
 * Run a plain-data task on an expansion thread (core/messages.ts RunTask): the jobs whose threads
 * do other work than expanding levels, by the task's kind.
 */
export function runThreadTask(task: { readonly kind: string }): unknown {
  if (isTablebaseTask(task)) return runTablebaseTask(task)
  throw new Error(`internal: no thread task of kind ${task.kind}`)
}

/** Where a job's searches run: expansion threads when there are more than one and a host makes them. */
export interface ExecutorHost {
  readonly workers?: WorkerFactory<DomainInit>
  /** A store of files in a folder, for level sets on disk (Node: src/hosts/node/store.ts). */
  readonly files?: (folder: string) => FileStore
  /** Workers on a job queue at `url` that share `folder` (Node: src/hosts/node/cluster.ts). */
  readonly farm?: (url: string, folder: string) => LevelFarm
  /** HiGHS, loaded the host's way (army jobs). */
  readonly mip?: () => Promise<MipSolver>
}

/** An executor for a domain's searches: threads, or its kernel on the calling thread. */
export function executorFor<R extends RuleBase>(
  host: ExecutorHost,
  threads: number,
  init: DomainInit,
  kernel: () => LevelKernel<R>,
): Executor<R> {
  return threads > 1 && host.workers
    ? new ThreadExecutor<R, DomainInit>(host.workers, threads, { type: 'init', domain: init })
    : new InlineExecutor(kernel())
}

/** A job's flow, running: its result, and a way to stop it (core/flow.ts JobFlow). */
export interface RunningFlow<R> {
  run(): Promise<R>
  cancel(): void
}

/** Per job kind: its flow. */
export const FLOWS: {
  readonly [K in JobKind]: (
    params: JobTypes[K]['params'],
    host: ExecutorHost,
    progress: (p: Progress) => void,
  ) => RunningFlow<JobTypes[K]['result']>
} = {
  solve: (params, host, progress) =>
    new TransferFlow(params, {
      makeExecutor: (domain) => executorFor(host, params.threads, domain.init, () => new TransferKernel(domain)),
      progress,
      ...(host.files && { files: host.files }),
      ...(host.farm && { farm: host.farm }),
    }),
  game: (params, host, progress) =>
    new GameFlow(params, {
      makeExecutor: (domain) => executorFor(host, params.threads, domain.init, () => new GameKernel(domain)),
      progress,
      ...(host.files && { files: host.files }),
      ...(host.farm && { farm: host.farm }),
    }),
  players: (params, host, progress) =>
    new PlayersFlow(params, {
      makeExecutor: (domain) => executorFor(host, params.threads, domain.init, () => new PlayersKernel(domain)),
      progress,
      ...(host.files && { files: host.files }),
    }),
  army: (params, host, progress) => armyFlow(params, host, progress),
  tablebase: (params, host, progress) => new TablebaseFlow(params, host, progress),
}

/**
 * An army job (shared/army/run-job.ts): integer programs, not levels; its progress is the phase's
 * message. HiGHS blocks the thread, so cancel cannot stop it from inside: the job's host ends the
 * process or worker (the JobManager does after its grace period).
 */
function armyFlow(params: ArmyJob, host: ExecutorHost, progress: (p: Progress) => void): RunningFlow<ArmyJobResult> {
  const t0 = performance.now()
  const tell = (message: string): void =>
    progress({ phase: 'program', length: null, level: 0, levelSize: 0, done: 0, total: 0, cmax: null, rate: 0, memoryBytes: 0, elapsed: (performance.now() - t0) / 1000, message })
  return {
    run: async () => {
      // A custom board's army is solved as it stands: no integer program, no HiGHS.
      const { board, army, window } = params
      if (params.kind === 'solve' && board && army && window) return runBoardSolve({ ...params, board, army, window }, tell)
      if (!host.mip) throw new Error('this host cannot run integer programs (army jobs need HiGHS)')
      tell('loading HiGHS')
      return runArmyJob(await host.mip(), params, tell)
    },
    cancel: () => undefined,
  }
}
