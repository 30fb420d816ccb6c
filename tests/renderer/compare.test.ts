// @vitest-environment jsdom
// Compare two lines without a canvas: the charts' data with a second line overlaid (both lines'
// series, labelled with their names, the compared one dotted and translucent, the x axis to the
// longer line's end), and the compare store offering the stored solutions and the line before the
// last change.
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeHost } from './fake-host'
import { chartData, COMPARED_DASH } from '../../src/renderer/state/chart-series'
import { useCompare } from '../../src/renderer/stores/compare'
import { useWorkbench } from '../../src/renderer/stores/workbench'
import { useDocument } from '../../src/renderer/stores/document'

const LEVENSPIEL =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'
const SHORT = 'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3'

beforeEach(() => {
  setActivePinia(createPinia())
  fakeHost()
})

describe('chart data of two lines', () => {
  it('draws both lines, names each in its labels, and pads the shorter one', () => {
    const wb = useWorkbench()
    expect(wb.loadText(LEVENSPIEL).ok).toBe(true)
    const long = wb.line
    expect(wb.loadText(SHORT).ok).toBe(true)
    const short = wb.line
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
    const wb = useWorkbench()
    const compare = useCompare()
    const doc = useDocument()
    expect(compare.choices).toEqual([])
    expect(wb.loadText(LEVENSPIEL).ok).toBe(true)
    await nextTick()
    expect(compare.choices).toEqual([])
    expect(wb.loadText(SHORT, 'pasted again').ok).toBe(true)
    await nextTick()
    expect(compare.choices.map((c) => [c.key, c.name])).toEqual([['previous', 'before the last change (pasted)']])
    expect(compare.choices[0]!.line.moves.length).toBe(27)
    compare.chosen = 'previous'
    expect(compare.compared?.line.moves.length).toBe(27)
    // Kept in the document, Levenspiel's line is a stored solution too.
    wb.loadText(LEVENSPIEL)
    await nextTick()
    expect(doc.addSolutionText(wb.solutionText, 'Levenspiel')).toBe(true)
    wb.loadText(SHORT)
    await nextTick()
    const keys = compare.choices.map((c) => c.key)
    expect(keys).toContain('solution:0')
    expect(compare.choices.find((c) => c.key === 'solution:0')!.name).toBe('solution 1: Levenspiel')
    compare.chosen = 'solution:0'
    expect(compare.compared?.name).toBe('solution 1: Levenspiel')
    // The line shown is never offered; a choice that becomes the line shown is dropped.
    wb.loadSolution(0)
    await nextTick()
    expect(compare.choices.map((c) => c.key)).not.toContain('solution:0')
    expect(compare.chosen).toBe('')
    expect(compare.compared).toBeNull()
  })
})
