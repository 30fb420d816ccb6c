/**
 * The resume's estimate of what is left (core/spine.ts, `estimate`): summed over the levels left
 * only where the sum means something. The six-player star's resume once printed "about 1.9e60
 * states and 1.7e62 GB" (57 levels left, growing 13 a level): now it gives the next level alone.
 */
import { describe, expect, it } from 'vitest'
import { estimate, picksUp } from '../../src/shared/engine/core/spine'

const at = (level: number, size: number, plan: number) => ({ search: 's', level, size, phase: 'prove', length: plan, plan })

describe("the resume's estimate of what is left", () => {
  it('gives the next level alone when many growing levels are left', () => {
    // Levels 3, 4, 5 of 1,000, 13,000, 169,000 states: 13 a level; 57 levels to go.
    const text = estimate(at(5, 169_000, 62), [0, 1, 10, 1_000, 13_000, 169_000], 12)!
    expect(text).toContain('at most 57 levels')
    expect(text).toContain('the next about 2,197,000 states')
    expect(text).toContain('13.00 a level')
    expect(text).not.toMatch(/e\+\d/)
  })

  it('adds up the levels left when they are few or shrink', () => {
    // Two levels left, growing 2 a level: 400 + 800 states.
    expect(estimate(at(3, 200, 5), [0, 50, 100, 200], 12)).toContain('about 1,200 states')
    // Ten levels left, halving: 50 + 25 + ... < 100.
    const shrinking = estimate(at(3, 100, 13), [0, 400, 200, 100], 12)!
    expect(shrinking).toContain('at most 10 levels')
    expect(shrinking).toMatch(/about (9\d|100) states/)
    // Nothing left to estimate at the plan's last level.
    expect(estimate(at(5, 10, 5), [0, 1, 2, 3, 4, 10], 12)).toBeUndefined()
  })

  it('names the next level, or at the last level the step that reads the levels', () => {
    expect(picksUp(at(5, 169_000, 62))).toMatch(/after its level 5 \(169,000 states\): next, level 6$/)
    // Problem 4's length 23 was resumed after its last level 11 and read "next, level 12".
    expect(picksUp(at(11, 1_363_887_775, 11))).toMatch(/after its level 11 \(1,363,887,775 states\): that is its last level; next, the step that reads its levels \(in a proof, the meeting\)$/)
  })
})
