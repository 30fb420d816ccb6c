/**
 * A players job whose game is won by a chain (Hexma) runs here instead of the players flow: the
 * Hexma search (search.ts) with the job's limits, its levels reported as the job's progress, a
 * cancel that stops it after the level in progress, and its outcome as a players result, so that
 * every host (the workbench's worker, the command line) runs it as any players job; a cancelled one
 * ends with CancelledError, as a spine flow's does. The registry
 * (registry.ts) picks this flow by the game's win rule. Hexma keeps no checkpoint: a job of it on
 * disk is refused when it is read (players/job.ts).
 */
import { CancelledError } from '../core/executor'
import type { LevelStat, Progress } from '../core/progress'
import type { PlayersJob, PlayersResult, PlayersSearchRecord } from '../players/job'
import { hexmaShortest } from './search'

export function hexmaPlayersFlow(job: PlayersJob, progress: (p: Progress) => void): { run(): Promise<PlayersResult>; cancel(): void } {
  let cancelled = false
  return {
    cancel: () => void (cancelled = true),
    async run(): Promise<PlayersResult> {
      const t0 = performance.now()
      const levels: LevelStat[] = []
      let peakBoards = 0
      let peakBytes = 0
      const r = await hexmaShortest(job.game, {
        maxLength: job.maxLength,
        // The players job's beam is the width past which a length is searched by a beam.
        beam: job.strategy === 'exhaustive' ? 0 : job.beam,
        budgetBytes: job.budgetBytes,
        timeLimit: job.timeLimit,
        stopped: () => cancelled,
        onLevel: (l) => {
          levels.push({ phase: l.beam ? 'beam' : 'prove', length: l.length, level: l.level, size: l.size, children: l.children, seconds: l.seconds })
          peakBoards = Math.max(peakBoards, l.size)
          peakBytes = Math.max(peakBytes, l.bytes)
          const elapsed = (performance.now() - t0) / 1000
          progress({
            phase: l.beam ? 'beam' : 'prove',
            length: l.length,
            level: l.level,
            levelSize: l.size,
            done: l.level,
            total: l.length,
            cmax: null,
            rate: l.seconds > 0 ? l.children / l.seconds : 0,
            memoryBytes: l.bytes,
            elapsed,
            message: `${l.length} moves: level ${l.level} of ${l.length}, ${l.size.toLocaleString('en-US')} states${l.beam ? ' (a beam)' : ''}`,
          })
        },
      })
      // A cancelled job ends as every cancelled job does (the host says so); nothing it found is claimed.
      if (cancelled) throw new CancelledError()
      const searches: PlayersSearchRecord[] = r.searches.map((s) => ({
        bound: s.length,
        winner: s.winner,
        heuristic: s.mode === 'beam',
        result: s.result === 'stopped' ? (s.stoppedBy === 'time' ? 'time' : 'budget') : s.result,
        length: s.result === 'found' ? s.length : null,
        levels: s.levels,
        seconds: s.seconds,
      }))
      const seconds = (performance.now() - t0) / 1000
      return {
        status: r.length === null ? 'unsolved' : r.optimal ? 'optimal' : 'best-found',
        length: r.length,
        optimal: r.optimal,
        lowerBound: r.lowerBound,
        winner: r.winner,
        moves: [...r.moves],
        count: null,
        proof: { statement: r.statement, searches },
        stats: { levels, peakBoards, peakBytes, bytesPerBoard: peakBoards > 0 ? peakBytes / peakBoards : 0, seconds, threads: 1 },
      }
    },
  }
}
