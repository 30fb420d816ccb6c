/**
 * The playing engine in the browser: a Web Worker running the protocol server
 * (play-worker.ts), as an EnginePort for the workbench's EngineClient (shared/play/client.ts).
 */
import type { EnginePort } from '../../shared/play/client'

export type PlayWorkerMessage = { readonly type: 'init'; readonly stop: SharedArrayBuffer } | { readonly type: 'line'; readonly text: string }

export interface WebEnginePort extends EnginePort {
  terminate(): void
}

export function webEnginePort(): WebEnginePort {
  const worker = new Worker(new URL('./play-worker.ts', import.meta.url), { type: 'module', name: 'halma-play' })
  const stop = new SharedArrayBuffer(4)
  worker.postMessage({ type: 'init', stop } satisfies PlayWorkerMessage)
  const handlers: ((line: string) => void)[] = []
  worker.addEventListener('message', (e: MessageEvent<{ type: 'line'; text: string }>) => {
    for (const h of handlers) h(e.data.text)
  })
  return {
    stopFlag: new Int32Array(stop),
    send: (line) => worker.postMessage({ type: 'line', text: line } satisfies PlayWorkerMessage),
    onLine: (h) => void handlers.push(h),
    terminate: () => worker.terminate(),
  }
}
