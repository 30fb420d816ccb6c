/** Progress of a search on the terminal: one redrawn bar on a TTY, plain lines otherwise. */
import type { Progress } from '../shared/engine/core/progress'

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')
const mb = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MB`

/** One line describing a progress event. */
export function progressLine(p: Progress): string {
  const what = p.length !== null && p.phase !== 'beam' ? `${p.phase} L=${p.length}` : p.phase
  if (p.level === 0) return `[${what}] ${p.message}  ${p.elapsed.toFixed(1)}s`
  const pct = p.total > 0 ? Math.min(100, Math.floor((100 * p.done) / p.total)) : 0
  const cmax = p.cmax !== null ? `  Cmax ${p.cmax}` : ''
  // What the message says beyond the level (a split search's block).
  const head = `level ${p.level}`
  const more = p.message.startsWith(head) ? p.message.slice(head.length) : ''
  const disk = p.diskBytes !== undefined ? `, disk ${mb(p.diskBytes)}` : ''
  return `[${what}] level ${p.level} ${String(pct).padStart(3)}%  ${fmt(p.levelSize)} boards  ${(p.rate / 1e6).toFixed(1)}M children/s  ${mb(p.memoryBytes)}${disk}${cmax}  ${p.elapsed.toFixed(1)}s${more}`
}

export interface ProgressWriter {
  update(p: Progress): void
  done(): void
}

export function progressWriter(write: (s: string) => void, tty: boolean): ProgressWriter {
  let lastLine = 0
  let lastPhase = ''
  let drawn = false
  return {
    update(p) {
      // A notice (a resume's summary) is a line to keep, whole.
      if (p.notice) {
        write(`${tty && drawn ? '\r\x1b[2K' : ''}${p.message}\n`)
        drawn = false
        return
      }
      const line = progressLine(p)
      if (tty) {
        write(`\r\x1b[2K${line.slice(0, (process.stderr.columns || 120) - 1)}`)
        drawn = true
        return
      }
      const now = p.elapsed
      const key = `${p.phase}/${p.length}`
      if (key !== lastPhase || now - lastLine >= 5) {
        lastPhase = key
        lastLine = now
        write(line + '\n')
      }
    },
    done() {
      if (tty && drawn) write('\r\x1b[2K')
    },
  }
}
