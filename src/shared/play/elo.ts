/**
 * Ratings from match results, as chess engine testing does them: the Elo difference of a score
 * (logistic: s = 1 / (1 + 10^(-d/400))) with a 95 % interval from the games' variance (wins, draws
 * and losses: the trinomial model), ratings of several engines fitted to all their pairwise scores
 * (Bradley-Terry by minorization-maximization, Hunter 2004), and the sequential probability ratio
 * test of fishtest (Van den Bergh's generalized SPRT approximation: the log-likelihood ratio of
 * elo1 against elo0 from the mean and variance of the game scores, stopped at the Wald bounds
 * log(beta / (1 - alpha)) and log((1 - beta) / alpha)).
 */

/** Wins, draws and losses of one side of a pairing. */
export interface Tally {
  wins: number
  draws: number
  losses: number
}

export const games = (t: Tally): number => t.wins + t.draws + t.losses
export const points = (t: Tally): number => t.wins + t.draws / 2

/** The Elo difference of a score fraction (clamped away from 0 and 1). */
export function eloOf(score: number): number {
  const s = Math.min(Math.max(score, 1e-6), 1 - 1e-6)
  return -400 * Math.log10(1 / s - 1)
}

/** The expected score of an Elo difference. */
export const scoreOfElo = (elo: number): number => 1 / (1 + 10 ** (-elo / 400))

export interface EloEstimate {
  readonly elo: number
  /** The 95 % interval's half-width, in Elo (from the score's interval, made symmetric by its larger side). */
  readonly error: number
  readonly lower: number
  readonly upper: number
  readonly score: number
  readonly games: number
}

/** The Elo difference of a tally with its 95 % interval. */
export function eloEstimate(t: Tally): EloEstimate {
  const n = games(t)
  if (n === 0) return { elo: 0, error: Infinity, lower: -Infinity, upper: Infinity, score: 0.5, games: 0 }
  const s = points(t) / n
  // A clean sweep has no variance: its interval comes from the rule of three (at most 3/n lost at 95 %).
  if (s === 1) return { elo: Infinity, error: Infinity, lower: eloOf(1 - 3 / n), upper: Infinity, score: 1, games: n }
  if (s === 0) return { elo: -Infinity, error: Infinity, lower: -Infinity, upper: eloOf(3 / n), score: 0, games: n }
  const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n
  const margin = 1.959964 * Math.sqrt(variance / n)
  const lower = eloOf(s - margin)
  const upper = eloOf(s + margin)
  const elo = eloOf(s)
  return { elo, error: Math.max(elo - lower, upper - elo), lower, upper, score: s, games: n }
}

/**
 * Ratings of k engines from the pairwise tallies (t[i][j]: i's results against j), the mean rating
 * 0; a draw counts half a win each way. An engine that never lost or never won is clamped by a
 * prior of one draw against a virtual engine of rating 0 (so that every rating is finite).
 */
export function fitRatings(t: readonly (readonly Tally[])[]): number[] {
  const k = t.length
  const w = (i: number, j: number): number => points(t[i]![j]!)
  let g = Array.from({ length: k }, () => 1)
  for (let iter = 0; iter < 1000; iter++) {
    const next = g.map((gi, i) => {
      let num = 0.5
      let den = 1 / (gi + 1)
      for (let j = 0; j < k; j++) {
        if (j === i) continue
        const nij = games(t[i]![j]!)
        if (nij === 0) continue
        num += w(i, j)
        den += nij / (gi + g[j]!)
      }
      return num / den
    })
    const diff = Math.max(...next.map((x, i) => Math.abs(Math.log(x / g[i]!))))
    g = next
    if (diff < 1e-10) break
  }
  const r = g.map((x) => 400 * Math.log10(x))
  const mean = r.reduce((a, b) => a + b, 0) / k
  return r.map((x) => x - mean)
}

/** The state of a sequential test of elo1 against elo0. */
export interface SprtState {
  readonly llr: number
  readonly lower: number
  readonly upper: number
  /** 'H1' (the change is at least elo1 better: accept), 'H0' (at most elo0: reject), or undecided. */
  readonly verdict: 'H0' | 'H1' | null
}

export interface SprtBounds {
  readonly elo0: number
  readonly elo1: number
  readonly alpha: number
  readonly beta: number
}

/** The log-likelihood ratio of a tally for the test, and its verdict. */
export function sprt(t: Tally, b: SprtBounds): SprtState {
  const lower = Math.log(b.beta / (1 - b.alpha))
  const upper = Math.log((1 - b.beta) / b.alpha)
  const n = games(t)
  let llr = 0
  if (n > 0) {
    const s = points(t) / n
    const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n
    if (variance > 0) {
      const s0 = scoreOfElo(b.elo0)
      const s1 = scoreOfElo(b.elo1)
      llr = (n * (s1 - s0) * (2 * s - s0 - s1)) / (2 * variance)
    }
  }
  return { llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null }
}
