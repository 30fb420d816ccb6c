/**
 * The evaluation's default weights (evaluate.ts). Placeholder values until the self-play tuning
 * (bench/tune.ts) has run; its result replaces them.
 */
import type { Weights } from './evaluate'

export const DEFAULT_WEIGHTS: Weights = { dist: 100, lag: 30, camp: 20, blocked: 30, hop: 20, reach: 0, square: 0, moves: 0 }
