// @vitest-environment jsdom
// SVG export without a canvas: the scene of a diagram written as SVG parses as XML, is the size it
// says (its longer side the size asked for: issue 27, defect 11) with its drawing in the viewBox, one
// circle per man at the man's place, cropped to the board (every hole inside), carries the ladder key
// with a swatch per carried type, and a figure sheet is laid out as the sheet's grid of cropped frames
// with captions (steps in italics, every caption one size: defect 15).
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { diagramPicture, sceneBounds, sheetPicture, type PictureOptions } from '../../src/renderer/board/picture'
import { keyHeight, moveCaption } from '../../src/renderer/board/scene'
import { escapeXml, pictureSvg } from '../../src/renderer/board/svg'
import { buildScene, ladderKeyRows, latticeFor, mirrorLine, type SceneInput } from '../../src/renderer/kinds/halma/scene'
import { DEFAULT_SHEET } from '../../src/shared/sheet'
import { halmaStores } from './stores'
import { parseDocument } from '../../src/shared/halma/document'
import { findLadders } from '../../src/shared/halma/ladders'
import { startPosition } from '../../src/shared/halma/problem'
import { expect as unwrap } from '../../src/shared/result'
import { fakeHost } from './fake-host'

const LEVENSPIEL_TEXT =
  'd1-d2, b1-d1-d3, a3-c3-e3, e3-f3, c1-c3-e3-g3, a1-a3-c3-e3, c2-e2-e4-g2-g4, g4-g5, a4-c2-e2-e4-g2-g4-g6, a2-c2-e2-e4-g2-g4, d2-d4-f2-f4-h4-f6-h6, h6-h7, b3-c2, b2-d2-d4-f2-f4- (reflect)'

beforeEach(() => {
  setActivePinia(createPinia())
  fakeHost()
})

function parse(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  expect(doc.getElementsByTagName('parsererror').length).toBe(0)
  return doc
}

const attr = (el: Element, name: string): number => Number(el.getAttribute(name))

const O = { size: 480, background: 'white' as const, coordinates: true, overlays: true }

/** A diagram as SVG, as the export makes it: its text, its size and its drawing's box. */
function diagramSvg(d: ReturnType<ReturnType<typeof halmaStores>['h']['diagramAt']>, o: Pick<PictureOptions, 'size' | 'background'>, title: string) {
  const p = diagramPicture(d, o, title)
  return { svg: pictureSvg(p), width: p.width, height: p.height, units: p.units }
}
/** The diagram of a scene input (the export's choices on). */
const diagramOf = (input: SceneInput, size = O.size) => ({ scene: buildScene(input, size, size), key: ladderKeyRows(input) })

describe('SVG diagrams', () => {
  it('parse, have the size they say, one circle per man where he stands, and are cropped to the board', () => {
    const { st, h } = halmaStores()
    expect(st.loadText(LEVENSPIEL_TEXT)).toBe(true)
    st.go(13)
    const out = diagramSvg(h.diagramAt(13, 480, O), O, 'triangle10 <after> move 13')
    const svg = parse(out.svg).documentElement
    expect(svg.tagName).toBe('svg')
    expect([attr(svg, 'width'), attr(svg, 'height')]).toEqual([out.width, out.height])
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${out.width} ${out.height}`)
    expect(svg.querySelector('title')?.textContent).toBe('triangle10 <after> move 13')
    // Its longer side is the size asked for; cropped to the board, the other is shorter (the diamond
    // of the 9 x 9 board on the triangular lattice is taller than wide), in the drawing's proportions.
    expect(Math.max(out.width, out.height)).toBe(480)
    expect(Math.min(out.width, out.height)).toBeLessThan(470)
    expect(Math.abs(out.width / out.height - out.units.width / out.units.height)).toBeLessThan(0.01)
    const men = [...svg.querySelectorAll('circle.man')]
    const position = h.position
    const cells = position.board.size
    const occupied = Array.from({ length: cells }, (_, c) => c).filter((c) => position.at(c) !== 0)
    expect(men.length).toBe(occupied.length)
    expect(men.length).toBe(10)
    // Each man is drawn where the scene has him, shifted by the crop, inside the picture.
    const scene = buildScene({ ...h.input, overlays: { ...h.input.overlays, coordinates: true } }, 480, 480)
    const crop = sceneBounds(scene)
    for (const m of scene.men) {
      const el = men.find((e) => e.getAttribute('data-cell') === m.name)!
      expect(el).toBeDefined()
      const g = el.parentElement!
      const [, tx, ty] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute('transform') ?? '')!.map(Number)
      expect(tx).toBe(-crop.x1)
      expect(ty).toBe(-crop.y1)
      const x = attr(el, 'cx') + tx!
      const y = attr(el, 'cy') + ty!
      expect(x - m.r).toBeGreaterThanOrEqual(0)
      expect(y - m.r).toBeGreaterThanOrEqual(0)
      expect(x + m.r).toBeLessThanOrEqual(out.units.width)
      expect(y + m.r).toBeLessThanOrEqual(out.units.height)
    }
    // Every hole is inside too.
    for (const hole of scene.holes) {
      expect(hole.x - hole.r - crop.x1).toBeGreaterThanOrEqual(0)
      expect(hole.x + hole.r - crop.x1).toBeLessThanOrEqual(out.units.width)
    }
  })

  it('carries the ladder key under the board, a swatch per carried type, and the last move', () => {
    const { st, h } = halmaStores()
    expect(st.loadText(LEVENSPIEL_TEXT)).toBe(true)
    st.go(13)
    h.overlays.ladders = true
    const rows = ladderKeyRows(h.input)
    expect(rows.length).toBeGreaterThan(1)
    const out = diagramSvg(h.diagramAt(13, 480, O), O, 'with ladders')
    const svg = parse(out.svg).documentElement
    const plain = diagramSvg(diagramOf({ ...h.input, overlays: { ...h.input.overlays, ladders: false } }), O, 'without')
    // The key makes the drawing taller by its height (same crop: the ladders stay inside the board).
    expect(out.units.height - plain.units.height).toBe(keyHeight(rows.length, plain.units.width))
    const key = svg.querySelector('g.key')!
    const texts = [...key.querySelectorAll('text')].map((t) => t.textContent)
    for (const r of rows) expect(texts).toContain(r.text)
    const swatches = key.querySelectorAll('polyline.swatch').length
    expect(swatches).toBe(rows.reduce((n, r) => n + r.types.length, 0))
    expect(svg.querySelectorAll('polyline.lane').length).toBe(
      h.ladders!.ladders.reduce((n, l) => n + l.lanes.reduce((k, lane) => k + lane.hops.length, 0), 0),
    )
    // With overlays off there are no lanes and no key.
    const off = parse(diagramSvg(h.diagramAt(13, 480, { ...O, overlays: false }), O, 'off').svg).documentElement
    expect(off.querySelectorAll('polyline.lane').length).toBe(0)
    expect(off.querySelector('g.key')).toBeNull()
    // A transparent background has no background rectangle.
    expect(parse(diagramSvg(h.diagramAt(13, 480, O), { ...O, background: 'transparent' }, 't').svg).querySelector('rect.background')).toBeNull()
  })
})

describe('SVG figure sheets', () => {
  it('lay out the cropped frames in the sheet grid, with a caption under each, steps in italics', () => {
    const { st, h } = halmaStores()
    expect(st.loadText(LEVENSPIEL_TEXT)).toBe(true)
    const spec = { ...DEFAULT_SHEET, from: 0, to: 13, columns: 4 }
    const caption = (ply: number): ReturnType<typeof moveCaption> => moveCaption(ply, st.line.moves[ply - 1])
    const SO = { scale: 1, background: 'white' as const, coordinates: true, overlays: true }
    const r = sheetPicture(h.diagramAt, caption, st.length, spec, SO, 'sheet')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const svg = parse(pictureSvg(r.value)).documentElement
    const frames = [...svg.querySelectorAll('g.diagram')]
    expect(frames.length).toBe(14)
    // Each frame's size: the union of the frames' bounds; the sheet is 4 columns by 4 rows of them.
    const first = buildScene(h.sceneAt(0), spec.size, spec.size)
    const b = sceneBounds(first)
    const w = (r.value.width - spec.gap) / 4 - spec.gap
    const frameHeight = (r.value.height - spec.gap) / 4 - spec.gap - spec.caption
    expect(w).toBeGreaterThanOrEqual(b.x2 - b.x1)
    expect(w).toBeLessThanOrEqual(spec.size)
    expect(frameHeight).toBeLessThanOrEqual(spec.size)
    expect([attr(svg, 'width'), attr(svg, 'height')]).toEqual([r.value.width, r.value.height])
    // Men: 10 in each diagram.
    for (const f of frames) expect(f.querySelectorAll('circle.man').length).toBe(10)
    const captions = [...svg.querySelectorAll('text.caption')]
    expect(captions.map((c) => c.textContent)).toEqual(['start', ...st.line.moves.slice(0, 13).map((m, k) => `${k + 1}. ${m.text}`)])
    // One size for every caption.
    expect(new Set(captions.map((c) => c.getAttribute('font-size'))).size).toBe(1)
    // Move 1 (d1-d2) is a step: italic; move 2 (b1-d1-d3) a jump: upright.
    expect(captions[1]!.querySelector('tspan')?.getAttribute('font-style')).toBe('italic')
    expect(captions[1]!.querySelector('tspan')?.textContent).toBe('d1-d2')
    expect(captions[2]!.querySelector('tspan')).toBeNull()
    // No ladders, no key; with ladders, a key of the four types' swatches under the grid.
    expect(svg.querySelector('g.key')).toBeNull()
    h.overlays.ladders = true
    const l = sheetPicture(h.diagramAt, caption, st.length, spec, SO, 'sheet')
    expect(l.ok).toBe(true)
    if (!l.ok) return
    const keyed = parse(pictureSvg(l.value)).documentElement
    expect(keyed.querySelectorAll('g.key polyline.swatch').length).toBe(4)
    expect(l.value.height - r.value.height).toBe(keyHeight(2, spec.size))
  })

  it('refuse a range outside the line, with the reason', () => {
    const { st, h } = halmaStores()
    expect(st.loadText(LEVENSPIEL_TEXT)).toBe(true)
    const r = sheetPicture(h.diagramAt, () => '', st.length, { ...DEFAULT_SHEET, from: 0, to: 40 }, { scale: 1, background: 'white', coordinates: true, overlays: true }, 's')
    expect(!r.ok && r.error.message).toBe('moves 0-40 are not a range within 0-27 (0 is the start position)')
  })

  it('escape text for XML', () => {
    expect(escapeXml(`a<b & "c" 'd'>`)).toBe('a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;')
  })
})

describe('SVG diagrams of every shipped problem', () => {
  // Every problem document shipped, as text (Vite reads them in).
  const shipped = import.meta.glob<string>('../../resources/problems/*.halma.json', { query: '?raw', import: 'default', eager: true })
  it('reads the shipped problems', () => expect(Object.keys(shipped).length).toBeGreaterThan(10))
  for (const [path, text] of Object.entries(shipped)) {
    const file = path.split('/').pop()!
    it(`${file}: parses, one circle per man, every man and hole inside the cropped picture`, () => {
      const problem = unwrap(parseDocument(text)).problem
      const position = startPosition(problem)
      const input = {
        board: problem.board,
        rules: problem.rules,
        lattice: latticeFor(problem.board, problem.rules),
        position,
        targets: problem.armies.map((a) => a.target),
        overlays: { coordinates: true, types: true, ladders: true, mirror: true },
        ladders: findLadders(position, problem.rules),
        symMen: [],
        mirrorLine: mirrorLine(problem.board),
      }
      const out = diagramSvg(diagramOf(input, 400), { ...O, size: 400 }, file)
      const svg = parse(out.svg).documentElement
      expect(svg.getAttribute('viewBox')).toBe(`0 0 ${out.width} ${out.height}`)
      expect(Math.max(out.width, out.height)).toBe(400)
      const men = problem.armies.reduce((n, a) => n + a.start.length, 0)
      expect(svg.querySelectorAll('circle.man').length).toBe(men)
      const g = svg.querySelector('g.diagram')!
      const [, tx, ty] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute('transform') ?? '')!.map(Number)
      for (const c of g.querySelectorAll('circle')) {
        const x = attr(c, 'cx') + tx!
        const y = attr(c, 'cy') + ty!
        const r = attr(c, 'r')
        expect(x - r).toBeGreaterThanOrEqual(-0.01)
        expect(y - r).toBeGreaterThanOrEqual(-0.01)
        expect(x + r).toBeLessThanOrEqual(out.units.width + 0.01)
        expect(y + r).toBeLessThanOrEqual(out.units.height + 0.01)
      }
    })
  }
})
