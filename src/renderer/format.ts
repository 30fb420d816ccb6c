/** Numbers as the panels show them. */

export const count = (n: number): string => Math.round(n).toLocaleString('en-US')

/**
 * A count short enough for a chart's axis: 950, 12k, 3.4M, 1.2G (uPlot's own labels, 1,000,000,
 * were cut to "0,000" in the level chart's narrow axis).
 */
export function compact(n: number): string {
  const a = Math.abs(n)
  const [d, u] = a >= 1e9 ? [1e9, 'G'] : a >= 1e6 ? [1e6, 'M'] : a >= 1e3 ? [1e3, 'k'] : [1, '']
  const v = n / d
  return `${Number.isInteger(v) || Math.abs(v) >= 10 ? Math.round(v) : v.toFixed(1)}${u}`
}

/** "1 jump", "8,510 states", "2 minimum armies": a count and its word, singular for one. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`

/** "1 move", "27 moves". */
export const moves = (n: number): string => plural(n, 'move')

export function bytes(n: number): string {
  if (n < 2 ** 20) return `${(n / 2 ** 10).toFixed(0)} KB`
  if (n < 2 ** 30) return `${(n / 2 ** 20).toFixed(0)} MB`
  return `${(n / 2 ** 30).toFixed(2)} GB`
}

export function rate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)}M/s`
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(0)}k/s`
  return `${perSecond.toFixed(0)}/s`
}

/** A search's threads, from its expansion threads (none: the job's own thread expanded its levels, one thread). */
export const threads = (n: number): string => plural(Math.max(1, n), 'thread')

export const seconds = (s: number): string => (s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s)} s`)

/** The fields of a game search result that its headline reads. */
interface GameOutcome {
  readonly status: 'optimal' | 'best-found' | 'unsolved'
  readonly length: number | null
  readonly lowerBound: number
  readonly winner: string | null
}

/** A game search's result in one line: "optimal: 12 moves, red wins", "best found: 32 moves, ...". */
export function gameHeadline(r: GameOutcome): string {
  const game = `${moves(r.length ?? 0)}${r.winner !== null ? `, ${r.winner} wins` : ''}`
  if (r.status === 'optimal') return `optimal: ${game}`
  if (r.status === 'best-found') return `best found: ${game}; proven lower bound ${r.lowerBound}`
  return `no game found; proven lower bound ${r.lowerBound}`
}

/** What one search of a game search ended with, as the table of searches says it. */
export function searchOutcome(s: { readonly result: 'found' | 'none' | 'budget' | 'time'; readonly length: number | null }): string {
  switch (s.result) {
    case 'found':
      return `found (${s.length})`
    case 'none':
      return 'none'
    case 'budget':
      return 'stopped: memory'
    case 'time':
      return 'stopped: time limit'
  }
}
