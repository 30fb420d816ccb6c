/**
 * Job runners as Node child processes (child_process.fork of the job-process entry): the plain-Node
 * counterpart of Electron's utility processes, speaking the same job protocol. The job manager's
 * tests run on it; a headless batch runner could too.
 */
import { fork, type ForkOptions } from 'node:child_process'
import type { JobProcess, Launcher } from '../../shared/jobs/manager'

export interface ForkLauncherOptions {
  /** The job-process script (bundled .mjs, or .ts with a loader in execArgv). */
  readonly script: string
  /** Arguments for the script, e.g. `--expansion-worker=PATH`. */
  readonly args?: readonly string[]
  readonly execArgv?: readonly string[]
  /** Called with each child's pid (tests watch processes come and go). */
  readonly onSpawn?: (pid: number) => void
}

/** Describe how a child ended, completing "the search process ...". */
export function exitDescription(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal) return `was killed (${signal})`
  return `exited with code ${code ?? 'unknown'}`
}

export function forkLauncher(options: ForkLauncherOptions): Launcher {
  return (): JobProcess => {
    const forkOptions: ForkOptions = {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...(options.execArgv ?? [])],
      serialization: 'advanced',
    }
    const child = fork(options.script, [...(options.args ?? [])], forkOptions)
    if (child.pid !== undefined) options.onSpawn?.(child.pid)
    let exitHandler: ((how: string) => void) | undefined
    let ended: string | undefined
    const report = (how: string): void => {
      if (ended !== undefined) return
      ended = how
      exitHandler?.(how)
    }
    child.on('exit', (code, signal) => report(exitDescription(code, signal)))
    child.on('error', (e) => {
      report(`failed: ${e.message}`)
      child.kill('SIGKILL')
    })
    return {
      post: (m) => {
        if (child.connected) child.send(m)
      },
      onMessage: (h) => child.on('message', (m) => h(m)),
      onExit: (h) => {
        exitHandler = h
        if (ended !== undefined) h(ended)
      },
      kill: () => void child.kill('SIGKILL'),
    }
  }
}
