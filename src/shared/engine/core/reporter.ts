/**
 * Progress and statistics of a job, for every flow: the phase and length being searched, a
 * progress message per level being built (its real size, rate and memory, in every phase), the
 * per-level records of the result, and the peaks.
 */
import type { LevelProgress, LevelRecord } from './levels'
import type { LevelStat, Phase, Progress, RunStats } from './progress'

export class Reporter {
  readonly t0 = performance.now()
  phase: Phase
  /** The length being searched, if any. */
  length: number | null = null
  /** The centroid threshold in use (transfers), if any. */
  cmax: number | null = null
  readonly levels: LevelStat[] = []
  peakBoards = 0
  peakBytes = 0
  peakDiskBytes: number | undefined
  /** The level last built (its parents and rate), for the line that reports its cut. */
  private built: { level: number; total: number; rate: number } | undefined

  constructor(
    private readonly progress: (p: Progress) => void,
    phase: Phase,
  ) {
    this.phase = phase
  }

  /** Seconds since the job started. */
  elapsed(): number {
    return (performance.now() - this.t0) / 1000
  }

  /** A progress message, with whatever of the level it knows. */
  emit(message: string, extra: Partial<Progress> = {}): void {
    this.progress({
      phase: this.phase,
      length: this.length,
      level: 0,
      levelSize: 0,
      done: 0,
      total: 0,
      cmax: this.cmax,
      rate: 0,
      memoryBytes: 0,
      elapsed: this.elapsed(),
      message,
      ...extra,
    })
  }

  /** A message to keep (a resume's summary): hosts show it whole, on a line of its own. */
  notice(message: string): void {
    this.emit(message, { notice: true })
  }

  /** A LevelSearch's onLevel: progress of the level being built (`label` before its number). */
  level(label = ''): (p: LevelProgress) => void {
    return (p) => {
      this.peakBytes = Math.max(this.peakBytes, p.bytes)
      this.peakBoards = Math.max(this.peakBoards, p.states)
      if (p.diskBytes !== undefined) this.peakDiskBytes = Math.max(this.peakDiskBytes ?? 0, p.diskBytes)
      const rate = p.seconds > 0 ? p.stats.children / p.seconds : 0
      this.built = { level: p.level, total: p.total, rate }
      this.emit(`${label}level ${p.level}${p.note}`, {
        level: p.level,
        levelSize: p.size,
        done: p.done,
        total: p.total,
        rate,
        memoryBytes: p.bytes,
        ...(p.diskBytes !== undefined && { diskBytes: p.diskBytes }),
      })
    }
  }

  /** Note a level kept (a beam's cut, say): its states and the memory held. */
  kept(level: number, size: number, states: number, bytes: number): void {
    this.peakBoards = Math.max(this.peakBoards, states)
    this.peakBytes = Math.max(this.peakBytes, bytes)
    // The level was built whole before the cut: it reads as done, at the rate it was built at
    // (issue 16, defect 6: these lines read 0 % and 0 children/s through a beam phase).
    const built = this.built?.level === level ? this.built : undefined
    this.emit(`level ${level}: ${size.toLocaleString('en-US')} states kept`, {
      level,
      levelSize: size,
      memoryBytes: bytes,
      ...(built && { done: built.total, total: built.total, rate: built.rate }),
    })
  }

  /** Records of levels built, for the result (in the current phase and length). */
  record(records: readonly LevelRecord[]): void {
    for (const r of records)
      this.levels.push({ phase: this.phase, length: this.length, level: r.level, size: r.size, children: r.children, seconds: r.seconds })
  }

  /** Peaks seen elsewhere (a budget's). */
  peak(states: number, bytes: number): void {
    this.peakBoards = Math.max(this.peakBoards, states)
    this.peakBytes = Math.max(this.peakBytes, bytes)
  }

  stats(threads: number): RunStats {
    return {
      levels: this.levels,
      peakBoards: this.peakBoards,
      peakBytes: this.peakBytes,
      bytesPerBoard: this.peakBoards > 0 ? this.peakBytes / this.peakBoards : 0,
      ...(this.peakDiskBytes !== undefined && { peakDiskBytes: this.peakDiskBytes }),
      seconds: this.elapsed(),
      threads,
    }
  }
}
