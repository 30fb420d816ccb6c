/**
 * Job runners in the browser: one job Web Worker per job (nested expansion workers end with it).
 * A Web Worker has no exit event, so the launcher reports one when it terminates the worker or
 * when the worker fails (an uncaught error, a message that cannot be read).
 */
import type { JobProcess, Launcher } from '../../shared/jobs/manager'

export interface WebLauncherOptions {
  /** Called with each job worker made (tests watch workers come and go). */
  readonly onSpawn?: (worker: Worker) => void
}

export function webLauncher(options: WebLauncherOptions = {}): Launcher {
  return (kind): JobProcess => {
    const worker = new Worker(new URL('./job-worker.ts', import.meta.url), { type: 'module', name: `halma-${kind}-job` })
    options.onSpawn?.(worker)
    let exitHandler: ((how: string) => void) | undefined
    let ended: string | undefined
    const end = (how: string): void => {
      if (ended !== undefined) return
      ended = how
      worker.terminate()
      exitHandler?.(how)
    }
    worker.addEventListener('error', (e) => {
      e.preventDefault()
      end(`crashed: ${e.message || 'the worker could not run'}`)
    })
    worker.addEventListener('messageerror', () => end('sent a message that could not be read, and was stopped'))
    return {
      post: (m) => {
        if (ended === undefined) worker.postMessage(m)
      },
      onMessage: (h) => worker.addEventListener('message', (e: MessageEvent<unknown>) => h(e.data)),
      onExit: (h) => {
        exitHandler = h
        if (ended !== undefined) h(ended)
      },
      kill: () => end('was stopped'),
    }
  }
}
