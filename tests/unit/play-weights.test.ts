/**
 * The engine's default weights are the self-play tuning's committed result (bench/tune.ts writes
 * bench/results/tune-<date>.json; the newest one counts): a change to either without the other fails.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_WEIGHTS } from '../../src/shared/play/weights'

describe('the default weights', () => {
  it('are the newest tuning result committed', () => {
    const dir = join(import.meta.dirname, '../../bench/results')
    const newest = readdirSync(dir)
      .filter((f) => /^tune-\d{4}-\d{2}-\d{2}\.json$/.test(f))
      .sort()
      .at(-1)
    expect(newest).toBeDefined()
    const tuned = (JSON.parse(readFileSync(join(dir, newest!), 'utf8')) as { weights: Record<string, number> }).weights
    expect({ ...DEFAULT_WEIGHTS, ...tuned }).toEqual(DEFAULT_WEIGHTS)
    // Terms added after that tuning weigh nothing until a tuning weighs them.
    for (const [k, v] of Object.entries(DEFAULT_WEIGHTS)) if (!(k in tuned)) expect(v, k).toBe(0)
  })
})
