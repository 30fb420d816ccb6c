/**
 * The parts of a dedicated worker's global scope the worker entries use. The renderer's project
 * compiles with the DOM library, where `self` is a Window; workers see this instead.
 */
export interface WorkerScope {
  postMessage(message: unknown, options?: { transfer?: Transferable[] }): void
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void
}

export const workerScope = (): WorkerScope => self as unknown as WorkerScope
