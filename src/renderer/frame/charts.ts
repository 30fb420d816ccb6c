/**
 * What the chart frame (ChartFrame.vue) draws, as plain data: each kind says which charts a line
 * has and their series (one value per ply, from the start), and the frame adds a second line's
 * series to compare (thinner, translucent, dotted, "(other)" in their labels), the x axis running to
 * the longer line's end.
 */

/** One series of a line's chart. */
export interface SeriesDef {
  readonly label: string
  readonly stroke: string
  readonly width: number
  readonly dash?: readonly number[]
  /** The y scale it is drawn on (a chart may have two, one per side). */
  readonly scale?: string
  /** Each value drawn as a dot too (a series with gaps: a value alone between nulls has no line to draw). */
  readonly dots?: boolean
  /** One value per ply, from the start (null: none). */
  readonly values: readonly (number | null)[]
}

/** A y axis of a chart. */
export interface ChartAxis {
  readonly scale?: string
  /** The right side (a second scale). */
  readonly right?: boolean
  /** Ticks at these steps (whole numbers for counts). */
  readonly incrs?: readonly number[]
  /** A fixed range. */
  readonly range?: readonly [number, number]
  readonly label?: string
}

/** A chart of a line, as the kind makes it. */
export interface ChartDef {
  /** Its name in test ids and tabs: "centroid", "weight". */
  readonly id: string
  readonly title: string
  /** The tab's short name. */
  readonly tab: string
  readonly series: readonly SeriesDef[]
  readonly axes?: readonly ChartAxis[]
}

/** One series as drawn, with the line it belongs to (0 the line shown, 1 the line compared). */
export interface ChartSeries extends Omit<SeriesDef, 'values'> {
  readonly line: 0 | 1
}

export interface ChartSpec extends Omit<ChartDef, 'series'> {
  readonly series: readonly ChartSeries[]
  /** x (plies), then one array per series, padded with null past a line's end. */
  readonly data: readonly (readonly (number | null)[])[]
}

/** The dash of a compared series: dotted, apart from the line shown's solid and dashed ones. */
export const COMPARED_DASH = [2, 3]
/** What a compared series' label ends with (the key above the charts names the line). */
export const OTHER_TAG = '(other)'

const pad = (values: readonly (number | null)[], n: number): (number | null)[] =>
  Array.from({ length: n }, (_, k) => (k < values.length ? (values[k] ?? null) : null))

/** The charts of the line shown, with the compared line's series overlaid when there is one (the same charts, by id). */
export function compareCharts(shown: readonly ChartDef[], other: readonly ChartDef[] | null): ChartSpec[] {
  const all = [...shown, ...(other ?? [])].flatMap((c) => c.series.map((s) => s.values.length))
  const n = Math.max(1, ...all)
  const x = Array.from({ length: n }, (_, k) => k)
  return shown.map((c) => {
    const theirs = other?.find((o) => o.id === c.id)?.series ?? []
    const series: ChartSeries[] = [
      ...c.series.map(({ values: _v, ...s }) => ({ ...s, line: 0 as const })),
      ...theirs.map(({ values: _v, ...s }) => ({
        ...s,
        label: `${s.label} ${OTHER_TAG}`,
        stroke: `${s.stroke}99`,
        width: Math.max(1.25, s.width * 0.75),
        dash: COMPARED_DASH,
        line: 1 as const,
      })),
    ]
    return { ...c, series, data: [x, ...c.series.map((s) => pad(s.values, n)), ...theirs.map((s) => pad(s.values, n))] }
  })
}
