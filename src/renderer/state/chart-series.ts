/**
 * What the three charts draw, as plain data (ChartsPanel hands it to uPlot): c(A) and sym(A), the
 * balance (men per type) and the distance to the target with the men home, over a line; and, to
 * compare two lines, the same series of a second line overlaid (thinner, translucent and dotted),
 * the x axis running to the longer line's end, each series' label naming its line.
 */
import { ARMY_COLOURS, TYPE_COLOURS, typeDash } from '../board/palette'
import type { Timeline } from '../../shared/halma/timeline'

/** One series of a chart (uPlot's Series, the parts used). */
export interface ChartSeries {
  readonly label: string
  readonly stroke: string
  readonly width: number
  readonly dash?: number[]
  /** The y scale (c(A) and sym(A) have one each). */
  readonly scale?: string
  /** Which line: 0 the line shown, 1 the line compared. */
  readonly line: 0 | 1
}

export interface ChartData {
  readonly title: string
  readonly series: readonly ChartSeries[]
  /** x (plies), then one array per series, padded with null past a line's end. */
  readonly data: readonly (readonly (number | null)[])[]
}

export interface Charts {
  readonly centroid: ChartData
  readonly balance: ChartData
  readonly distance: ChartData
  /** sym(A) is drawn (the board has the reflection). */
  readonly hasSym: boolean
}

/** The dash of a compared series: dotted, apart from the line shown's solid and dashed ones. */
export const COMPARED_DASH = [2, 3]
/** A compared series' colour: the line shown's, translucent. */
const faint = (colour: string): string => `${colour}99`

/** A line's series to a given length, null past its end. */
const pad = (values: readonly (number | null)[], n: number): (number | null)[] =>
  Array.from({ length: n }, (_, k) => (k < values.length ? (values[k] ?? null) : null))

/** What a compared series' label ends with (the legend above the charts names the line). */
export const OTHER_TAG = '(other)'

/**
 * The charts of `line`, with `other`'s series overlaid when given: the line shown's labels as they
 * are, the other line's followed by OTHER_TAG (short, so that the legends stay small).
 */
export function chartData(line: Timeline, other: Timeline | null = null): Charts {
  const lines = other ? [line, other] : [line]
  const n = Math.max(...lines.map((l) => l.positions.length))
  const x = Array.from({ length: n }, (_, k) => k)
  const game = line.problem.armies.length > 1
  const tag = (label: string, k: 0 | 1): string => (k === 1 ? `${label} ${OTHER_TAG}` : label)
  const look = (k: 0 | 1, colour: string, width: number, dash?: number[]): Pick<ChartSeries, 'stroke' | 'width' | 'dash' | 'line'> =>
    k === 0
      ? { stroke: colour, width, ...(dash && { dash }), line: 0 }
      : { stroke: faint(colour), width: Math.max(1.25, width * 0.75), dash: COMPARED_DASH, line: 1 }
  const hasSym = line.series[0]!.sym.some((v) => v !== null)

  const centroid: ChartSeries[] = []
  const centroidData: (number | null)[][] = []
  const balance: ChartSeries[] = []
  const balanceData: (number | null)[][] = []
  const distance: ChartSeries[] = []
  const distanceData: (number | null)[][] = []
  lines.forEach((l, i) => {
    const k = i as 0 | 1
    l.series.forEach((s, a) => {
      centroid.push({ label: tag(game ? `c(${s.name})` : 'c(A)', k), scale: 'c', ...look(k, ARMY_COLOURS[a] ?? '#555555', 2) })
      centroidData.push(pad(s.centroid, n))
    })
    if (hasSym) {
      centroid.push({ label: tag('sym(A)', k), scale: 'sym', ...look(k, '#2f8f46', 2, [6, 4]) })
      centroidData.push(pad(l.series[0]!.sym, n))
    }
    // Colour-blind-safe colours and a dash per type: type 0 and type 3 differ by shape too.
    for (let t = 0; t < 4; t++) {
      balance.push({ label: tag(`type ${t}`, k), ...look(k, TYPE_COLOURS[t]!, 2, typeDash(t, 2.5)) })
      balanceData.push(
        pad(
          l.series[0]!.balance.map((b) => b[t]!),
          n,
        ),
      )
    }
    l.distance.forEach((d, a) => {
      distance.push({ label: tag(game ? `d(${l.series[a]!.name})` : 'd(A, B)', k), ...look(k, ARMY_COLOURS[a] ?? '#555555', 2) })
      distanceData.push(pad(d, n))
    })
    l.series.forEach((s, a) => {
      distance.push({ label: tag(game ? `home (${s.name})` : 'on target', k), ...look(k, ARMY_COLOURS[a] ?? '#555555', 1.5, [4, 3]) })
      distanceData.push(pad(s.onTarget, n))
    })
  })
  return {
    centroid: { title: 'c(A) and sym(A)', series: centroid, data: [x, ...centroidData] },
    balance: { title: `balance: men per type${game ? ' (blue)' : ''}`, series: balance, data: [x, ...balanceData] },
    distance: { title: 'distance to target and men home', series: distance, data: [x, ...distanceData] },
    hasSym,
  }
}
