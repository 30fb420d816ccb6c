/**
 * The client side of an engine that speaks the protocol, for the workbench: lines go out through a
 * port (a Web Worker running `ProtocolServer`, hosts/web/play-worker.ts; or any transport), lines
 * come back and are read into plain structs. One search at a time: `analyse` resolves with the
 * `bestmove` and streams every `info` line on the way; `stop` ends it (through the port, and through
 * a flag in shared memory that the worker's search polls, since the worker reads messages only
 * between a search's depths).
 */
import { goCommand, parseEngineLine, positionCommand, type ClientInfo, type GoCommand, type PositionCommand } from './protocol'

/** Where the client writes lines and how it hears the engine's. */
export interface EnginePort {
  send(line: string): void
  onLine(handler: (line: string) => void): void
  /** The shared stop flag, if the engine polls one (a worker searching reads messages only between depths). */
  readonly stopFlag?: Int32Array
}

export interface AnalysisResult {
  readonly bestmove: string | null
  readonly infos: readonly ClientInfo[]
  /** What the engine said in words on the way (its `info string` lines, errors apart): the algorithm, the room rule's note, a table's verdict. */
  readonly notes: readonly string[]
  /** An error the engine reported instead of searching. */
  readonly error?: string
}

export class EngineClient {
  private pending: { resolve: (r: AnalysisResult) => void; infos: ClientInfo[]; notes: string[]; onInfo?: (i: ClientInfo) => void } | undefined
  private waitingReady: (() => void)[] = []
  private lastError: string | undefined

  constructor(private readonly port: EnginePort) {
    port.onLine((line) => this.hear(line))
  }

  private hear(line: string): void {
    const m = parseEngineLine(line)
    if (m.kind === 'readyok') this.waitingReady.shift()?.()
    else if (m.kind === 'string' && m.text.startsWith('error')) {
      this.lastError = m.text.slice('error '.length)
      // A go refused before it searched answers with no bestmove: end it here.
      if (this.pending && /^go\./.test(this.lastError)) this.finish(null)
    } else if (m.kind === 'string' && this.pending) this.pending.notes.push(m.text)
    else if (m.kind === 'info' && this.pending) {
      this.pending.infos.push(m.info)
      this.pending.onInfo?.(m.info)
    } else if (m.kind === 'bestmove') this.finish(m.move)
  }

  private finish(move: string | null): void {
    const p = this.pending
    if (!p) return
    this.pending = undefined
    p.resolve({ bestmove: move, infos: p.infos, notes: p.notes, ...(this.lastError !== undefined && { error: this.lastError }) })
  }

  /** Wait until the engine has done every command sent so far. */
  ready(): Promise<void> {
    return new Promise((resolve) => {
      this.waitingReady.push(resolve)
      this.port.send('isready')
    })
  }

  setOption(name: string, value: string): void {
    this.port.send(`setoption name ${name} value ${value}`)
  }

  /** Search a position: every info line to `onInfo`, the best move at the end. */
  analyse(position: PositionCommand, limits: GoCommand, onInfo?: (info: ClientInfo) => void): Promise<AnalysisResult> {
    if (this.pending) throw new Error('a search is running: stop it first')
    this.lastError = undefined
    return new Promise((resolve) => {
      this.pending = { resolve, infos: [], notes: [], ...(onInfo && { onInfo }) }
      this.port.send(positionCommand(position))
      this.port.send(goCommand(limits))
    })
  }

  /** End the running search (its result still arrives, with the best move so far). */
  stop(): void {
    if (this.port.stopFlag) Atomics.store(this.port.stopFlag, 0, 1)
    this.port.send('stop')
  }

  get searching(): boolean {
    return this.pending !== undefined
  }
}
