// @vitest-environment jsdom
// The ladder overlay (issue 16, defect 15) without a canvas: the rung men carry the legend's keys
// (A, B, ...), placed clear of the type labels; one ladder can be isolated, and stays isolated
// while stepping as long as it lasts; the last move's path is drawn apart from the lanes; the key
// under an exported diagram lists what the legend lists.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeHost } from './fake-host'
import { labelBox } from '../../src/renderer/board/place'
import type { Label } from '../../src/renderer/board/scene'
import { PATH_ON_LADDERS } from '../../src/renderer/board/palette'
import { buildScene, ladderKeyRows } from '../../src/renderer/kinds/halma/scene'
import { halmaStores } from './stores'
import { boardByName, parseCell } from '../../src/shared/halma/board'
import { findLadders, followLadder, ladderKey } from '../../src/shared/halma/ladders'
import { Position } from '../../src/shared/halma/position'
import { expect as unwrap } from '../../src/shared/result'
import { makeRules } from '../../src/shared/halma/rules'

const LEVENSPIEL_TEXT =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'

beforeEach(() => {
  setActivePinia(createPinia())
  fakeHost()
})

function overlap(a: Label, b: Label): boolean {
  const p = labelBox(a, 2)
  const q = labelBox(b)
  return p.x1 < q.x2 && q.x1 < p.x2 && p.y1 < q.y2 && q.y1 < p.y2
}

function atMove13(): ReturnType<typeof halmaStores> {
  const stores = halmaStores()
  expect(stores.st.loadText(LEVENSPIEL_TEXT)).toBe(true)
  stores.st.go(13)
  stores.h.overlays.types = true
  stores.h.overlays.ladders = true
  return stores
}

describe('ladder keys', () => {
  it('names ladders A, B, ... longest first, and maps each rung man to the keys of his ladders', () => {
    expect([0, 1, 25, 26].map(ladderKey)).toEqual(['A', 'B', 'Z', 'A2'])
    const b9 = unwrap(boardByName('9x9'))
    const cell = (n: string): number => unwrap(parseCell(b9, n))
    const p = Position.of(b9, [[cell('b1'), cell('c1'), cell('e1'), cell('f2')]])
    const map = findLadders(p, makeRules('4-move'))
    expect(map.ladders.map((l) => l.key)).toEqual(['A'])
    expect(map.keys.get(cell('c1'))).toEqual(['A'])
    expect(map.keys.has(cell('b1'))).toBe(false)
  })

  it('labels rung men with the keys the legend shows, never with the carried types', () => {
    const { h } = atMove13()
    const scene = buildScene(h.input, 600, 600)
    const keys = new Set(h.ladders!.ladders.map((l) => l.key))
    expect(keys.size).toBeGreaterThanOrEqual(2)
    expect(scene.rungLabels.length).toBeGreaterThan(3)
    for (const l of scene.rungLabels) for (const k of l.text) expect(keys.has(k)).toBe(true)
    // Every ladder's rung men are labelled with its key.
    for (const ladder of h.ladders!.ladders) {
      const labelled = scene.men.filter((m) => m.rung?.includes(ladder.key)).map((m) => m.cell)
      expect(labelled.sort((a, b) => a - b)).toEqual([...ladder.rungs])
    }
  })

  it('places the rung labels clear of every type label and of each other', () => {
    for (const size of [420, 600, 900]) {
      const { h } = atMove13()
      const scene = buildScene(h.input, size, size)
      for (const r of scene.rungLabels) {
        for (const t of scene.typeLabels) expect(overlap(r, t), `${r.text} at ${size} px over a type label`).toBe(false)
        for (const o of scene.rungLabels) if (o !== r) expect(overlap(r, o)).toBe(false)
      }
      h.squareGrid = true
      const square = buildScene(h.input, size, size)
      for (const r of square.rungLabels) for (const t of square.typeLabels) expect(overlap(r, t)).toBe(false)
    }
  })
})

describe('one ladder at a time', () => {
  it('isolates a ladder, follows it while stepping, and shows them all again on a second click', () => {
    const { st, h } = atMove13()
    const all = buildScene(h.input, 600, 600)
    const second = h.ladders!.ladders[1]!
    h.isolateLadder(1)
    expect(h.ladderFocus).toBe(1)
    const one = buildScene(h.input, 600, 600)
    expect(one.lanes.length).toBeLessThan(all.lanes.length)
    expect(new Set(one.lanes.map((l) => l.ladder))).toEqual(new Set([second.key]))
    expect(one.rungLabels.every((l) => l.text === second.key)).toBe(true)
    expect(ladderKeyRows(h.input).map((r) => r.key)).toEqual([second.key, ''])
    // The next position's ladder that shares the most rungs with it is shown, under its own key.
    st.step(1)
    const next = h.ladders!
    const k = followLadder(second, next)
    expect(h.ladderFocus).toBe(k)
    if (k >= 0) expect(new Set(buildScene(h.input, 600, 600).lanes.map((l) => l.ladder))).toEqual(new Set([next.ladders[k]!.key]))
    st.step(-1)
    expect(h.ladderFocus).toBe(1)
    h.isolateLadder(1)
    expect(h.ladderFocus).toBe(-1)
    expect(buildScene(h.input, 600, 600).lanes).toHaveLength(all.lanes.length)
  })

  it('follows no ladder once none shares a rung with the one picked', () => {
    const b9 = unwrap(boardByName('9x9'))
    const cell = (n: string): number => unwrap(parseCell(b9, n))
    const rules = makeRules('4-move')
    const picked = findLadders(Position.of(b9, [[cell('b1'), cell('c1'), cell('e1'), cell('f2')]]), rules).ladders[0]!
    const elsewhere = findLadders(Position.of(b9, [[cell('b5'), cell('c5'), cell('e5'), cell('f6')]]), rules)
    expect(elsewhere.ladders).toHaveLength(1)
    expect(followLadder(picked, elsewhere)).toBe(-1)
  })
})

describe('the last move beside the lanes', () => {
  it('is drawn dark over the lanes, in its army colour without them', () => {
    const { h } = atMove13()
    const over = buildScene(h.input, 600, 600)
    expect(over.lanes.length).toBeGreaterThan(0)
    expect(over.path).toMatchObject({ onLadders: true, colour: PATH_ON_LADDERS })
    expect(over.lanes.some((l) => l.colour === over.path!.colour)).toBe(false)
    h.overlays.ladders = false
    expect(buildScene(h.input, 600, 600).path).toMatchObject({ onLadders: false, colour: '#2463c4' })
  })

  it('puts the legend under an exported diagram: each ladder, then the last move', () => {
    const { h } = atMove13()
    const rows = ladderKeyRows(h.input)
    expect(rows.map((r) => r.key)).toEqual([...h.ladders!.ladders.map((l) => l.key), ''])
    expect(rows.some((r) => /^1&2 ladder carries types 0 and 3 \(\d+ rungs\)$/.test(r.text))).toBe(true)
    expect(rows.at(-1)).toMatchObject({ text: 'last move', path: true })
    h.overlays.ladders = false
    expect(ladderKeyRows(h.input)).toEqual([])
  })
})
