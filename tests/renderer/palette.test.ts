// The type colours stay apart for a reader with deuteranopia (issue 16, defect 16): each colour is
// put through the simulation of Machado, Oliveira and Fernandes (2009, severity 1) and the pairs
// compared in CIELAB. The palette the workbench used before (orange and green for types 0 and 3:
// 19 apart after simulation) fails this test.
import { describe, expect, it } from 'vitest'
import { TYPE_COLOURS, TYPE_DASHES, typeDash } from '../../src/renderer/board/palette'

const DEUTERANOPIA = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
]
const linear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)

function simulatedLab(hex: string): number[] {
  const rgb = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255))
  const [r, g, b] = DEUTERANOPIA.map((row) => Math.min(1, Math.max(0, row[0]! * rgb[0]! + row[1]! * rgb[1]! + row[2]! * rgb[2]!))) as [
    number,
    number,
    number,
  ]
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
}
const deltaE = (a: string, b: string): number => Math.hypot(...simulatedLab(a).map((v, i) => v - simulatedLab(b)[i]!))

describe('type colours under deuteranopia', () => {
  it('keeps every pair of types apart (CIELAB distance at least 20), types 0 and 3 far apart', () => {
    for (let a = 0; a < 4; a++)
      for (let b = a + 1; b < 4; b++) expect(deltaE(TYPE_COLOURS[a]!, TYPE_COLOURS[b]!), `types ${a} and ${b}`).toBeGreaterThanOrEqual(20)
    expect(deltaE(TYPE_COLOURS[0], TYPE_COLOURS[3])).toBeGreaterThan(60)
  })

  it('would have failed the palette it replaces', () => {
    expect(deltaE('#d9730d', '#5b8a12')).toBeLessThan(20)
  })

  it('gives each type a dash pattern of its own, scaled by the line width', () => {
    expect(new Set(TYPE_DASHES.map((d) => d.join())).size).toBe(4)
    expect(typeDash(0, 4)).toEqual([])
    expect(typeDash(1, 2)).toEqual([6, 3])
  })
})
