/**
 * The evaluation's default weights (evaluate.ts), in hundredths of a step per unit. They are the
 * start of the self-play tuning (bench/tune.ts) and what it kept: bench/results/tune-*.md lists
 * every change it tested with its SPRT verdict (tests/unit/play-weights.test.ts checks that these
 * are the committed result's). The first run of 2026-11-26 (48 games a test) decided nothing; the
 * second tried square 0 -> 150 (men far behind cost more than their steps, so stragglers come along
 * before the ladders are gone) and its SPRT accepted it after 24 games, +137 ± 121 Elo.
 */
import type { Weights } from './evaluate'

export const DEFAULT_WEIGHTS: Weights = { dist: 100, lag: 30, camp: 0, blocked: 30, hop: 0, reach: 0, square: 150, moves: 0, trapped: 0 }
