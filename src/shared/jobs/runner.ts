/**
 * The runner's side of the job protocol, free of any host API: a host entry (the Node job process,
 * the job Web Worker) wires `serveJob` to its message port and supplies the engine. It runs one
 * job: the first valid `start`; it answers everything it cannot accept with an `error` message.
 */
import { CancelledError } from '../engine/core/executor'
import { diagnostic } from '../result'
import { faultText, parseHostMessage, type Job, type JobKind, type JobTypes, type RunnerMessage } from './protocol'

/** How a runner talks to its host. */
export interface RunnerPort {
  post(message: RunnerMessage): void
  onMessage(handler: (message: unknown) => void): void
}

/** A running job of one kind: its result, and a way to stop it. */
export interface RunningJob<R> {
  readonly result: Promise<R>
  cancel(): void
}

/** How to start a job of any kind (in practice, `new Engine(host).start`). */
export type StartJob = (job: Job, onProgress: (p: JobTypes[JobKind]['progress']) => void) => RunningJob<JobTypes[JobKind]['result']>

/** Serve one job on a port. Returns a promise that settles when the final message has been posted. */
export function serveJob(port: RunnerPort, start: StartJob): Promise<void> {
  let running: RunningJob<unknown> | undefined
  let finished = false
  let settle: () => void = () => undefined
  const done = new Promise<void>((resolve) => (settle = resolve))
  const final = (message: RunnerMessage): void => {
    if (finished) return
    finished = true
    port.post(message)
    settle()
  }
  port.onMessage((raw) => {
    if (finished) return
    const msg = parseHostMessage(raw)
    if (!msg.ok) {
      const code = msg.error[0]?.code ?? 'protocol.malformed'
      running?.cancel()
      final({ type: 'error', code, message: `malformed message from the host: ${faultText(msg.error)}` })
      return
    }
    const m = msg.value
    if (m.type === 'cancel') {
      if (running) running.cancel()
      else final({ type: 'cancelled' })
      return
    }
    if (running) {
      running.cancel()
      final({ type: 'error', code: 'protocol.busy', message: 'a second start: a runner runs one job' })
      return
    }
    const kind = m.kind
    const job = start(m, (progress) => {
      if (!finished) port.post({ type: 'progress', kind, progress })
    })
    running = job
    job.result.then(
      (result) => final({ type: 'result', kind, result } as RunnerMessage),
      (e: unknown) => {
        if (e instanceof CancelledError) final({ type: 'cancelled' })
        else {
          const d = diagnostic('engine.failed', e instanceof Error ? e.message : String(e))
          final({ type: 'error', code: d.code, message: d.message })
        }
      },
    )
  })
  return done
}
