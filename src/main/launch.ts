/**
 * Job runners as Electron utility processes: one `utilityProcess.fork` of the job-process entry per
 * job, given the expansion threads' script. The rest of the job handling is the shared JobManager.
 */
import { utilityProcess } from 'electron'
import type { JobProcess, Launcher } from '../shared/jobs/manager'

export interface UtilityScripts {
  /** The job-process bundle (electron-vite's `?modulePath`). */
  readonly job: string
  /** The expansion-thread bundle, passed on to the job process. */
  readonly expansion: string
}

export function utilityLauncher(scripts: UtilityScripts): Launcher {
  return (kind): JobProcess => {
    const child = utilityProcess.fork(scripts.job, [`--expansion-worker=${scripts.expansion}`], {
      serviceName: `Halma ${kind} search`,
      stdio: 'inherit',
    })
    let fatal: string | undefined
    child.on('error', (type, location) => {
      fatal = `${type} at ${location}`
    })
    return {
      post: (m) => child.postMessage(m),
      onMessage: (h) => child.on('message', (m: unknown) => h(m)),
      onExit: (h) => child.on('exit', (code) => h(fatal ? `crashed (${fatal}, exit code ${code})` : `exited with code ${code}`)),
      kill: () => void child.kill(),
    }
  }
}
