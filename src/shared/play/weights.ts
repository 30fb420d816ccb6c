/**
 * The evaluation's default weights (evaluate.ts), in hundredths of a step per unit. They are the
 * start of the self-play tuning (bench/tune.ts) and what it kept: bench/results/tune-*.md lists
 * every change it tested with its SPRT verdict (tests/unit/play-weights.test.ts checks that these
 * are the committed result's). The run of 2026-11-26 (48 games a test) decided nothing: these are
 * its start.
 */
import type { Weights } from './evaluate'

export const DEFAULT_WEIGHTS: Weights = { dist: 100, lag: 30, camp: 0, blocked: 30, hop: 0, reach: 0, square: 0, moves: 0, trapped: 0 }
