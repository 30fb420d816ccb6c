// @vitest-environment jsdom
// Compare two lines without a canvas, for every kind (shown on a problem): the charts' data with a
// second line overlaid (both lines' series, labelled with their names, the compared one dotted and
// translucent, the x axis to the longer line's end), and the compare store offering the stored lines
// and the line before the last change.
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it } from 'vitest'
import { compareCharts, COMPARED_DASH, type ChartSpec } from '../../src/renderer/frame/charts'
import { useCompare } from '../../src/renderer/frame/compare'
import { halmaCharts } from '../../src/renderer/kinds/halma/charts'
import { addSolution } from '../../src/renderer/kinds/halma/edits'
import type { Timeline } from '../../src/shared/halma/timeline'
import { halmaStores } from './stores'
import { fakeHost } from './fake-host'

/** The charts of a line, with another's overlaid, by id. */
function chartData(line: Timeline, other: Timeline | null = null): Record<'centroid' | 'balance' | 'distance', ChartSpec> {
  const specs = compareCharts(halmaCharts(line), other ? halmaCharts(other) : null)
  return Object.fromEntries(specs.map((c) => [c.id, c])) as Record<'centroid' | 'balance' | 'distance', ChartSpec>
}

const LEVENSPIEL =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'
const SHORT = 'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3'

beforeEach(() => {
  setActivePinia(createPinia())
  fakeHost()
})

describe('chart data of two lines', () => {
  it('draws both lines, names each in its labels, and pads the shorter one', () => {
    const { st, h } = halmaStores()
    expect(st.loadText(LEVENSPIEL)).toBe(true)
    const long = h.line
    expect(st.loadText(SHORT)).toBe(true)
    const short = h.line
    const one = chartData(short)
    expect(one.centroid.series.map((s) => s.label)).toEqual(['c(A)', 'sym(A)'])
    const two = chartData(short, long)
    expect(two.centroid.series.map((s) => s.label)).toEqual(['c(A)', 'sym(A)', 'c(A) (other)', 'sym(A) (other)'])
    expect(two.balance.series.filter((s) => s.line === 1).map((s) => s.label)).toEqual([0, 1, 2, 3].map((t) => `type ${t} (other)`))
    expect(two.distance.series.map((s) => s.line)).toEqual([0, 0, 1, 1])
    // The compared series are dotted and translucent; the line shown's are not.
    for (const s of two.centroid.series.filter((x) => x.line === 1)) {
      expect(s.dash).toEqual(COMPARED_DASH)
      expect(s.stroke).toMatch(/^#[0-9a-f]{6}99$/)
    }
    expect(two.centroid.series[0]!.dash).toBeUndefined()
    // x runs to the longer line's end; the shorter line's values stop at its end.
    const x = two.centroid.data[0]!
    expect(x.length).toBe(long.positions.length)
    const shortC = two.centroid.data[1]!
    expect(shortC.slice(0, short.positions.length)).toEqual(short.series[0]!.centroid)
    expect(shortC.slice(short.positions.length).every((v) => v === null)).toBe(true)
    expect(two.centroid.data[3]).toEqual(long.series[0]!.centroid)
    expect(two.distance.data[3]).toEqual(long.distance[0])
  })
})

describe('the compare store', () => {
  it('offers the line before the last change and the stored solutions, not the line shown', async () => {
    const { doc, st, h } = halmaStores()
    const compare = useCompare()
    expect(compare.choices).toEqual([])
    expect(st.loadText(LEVENSPIEL)).toBe(true)
    await nextTick()
    expect(compare.choices).toEqual([])
    expect(st.loadText(SHORT, 'pasted again')).toBe(true)
    await nextTick()
    expect(compare.choices.map((c) => [c.key, c.name])).toEqual([['previous', 'before the last change (pasted)']])
    expect(compare.choices[0]!.line.moves.length).toBe(27)
    compare.chosen = 'previous'
    expect(compare.compared?.line.moves.length).toBe(27)
    // Kept in the document, Levenspiel's line is a stored solution too.
    st.loadText(LEVENSPIEL)
    await nextTick()
    const kept = addSolution(h.doc, st.lineText, 'Levenspiel')
    expect(kept.ok).toBe(true)
    if (kept.ok) doc.change(kept.value.doc)
    st.loadText(SHORT)
    await nextTick()
    const keys = compare.choices.map((c) => c.key)
    expect(keys).toContain('line:0')
    expect(compare.choices.find((c) => c.key === 'line:0')!.name).toBe('solution 1: Levenspiel')
    compare.chosen = 'line:0'
    expect(compare.compared?.name).toBe('solution 1: Levenspiel')
    // The line shown is never offered; a choice that becomes the line shown is dropped.
    st.loadStored(0)
    await nextTick()
    expect(compare.choices.map((c) => c.key)).not.toContain('line:0')
    expect(compare.chosen).toBe('')
    expect(compare.compared).toBeNull()
  })
})
