/**
 * A transfer's or game's charts over a line (the chart frame draws them, and overlays a compared
 * line's): c(A) and sym(A) (two scales), the balance (men per type) and the distance to the target
 * with the men home, as the timeline gives them per ply.
 */
import { ARMY_COLOURS, TYPE_COLOURS, typeDash } from '../../board/palette'
import type { Timeline } from '../../../shared/halma/timeline'
import type { ChartDef, SeriesDef } from '../../frame/charts'

const colour = (a: number): string => ARMY_COLOURS[a] ?? '#555555'

export function halmaCharts(line: Timeline): ChartDef[] {
  const game = line.problem.armies.length > 1
  const hasSym = line.series[0]!.sym.some((v) => v !== null)
  const centroid: SeriesDef[] = line.series.map((s, a) => ({
    label: game ? `c(${s.name})` : 'c(A)',
    scale: 'c',
    stroke: colour(a),
    width: 2,
    values: s.centroid,
  }))
  if (hasSym) centroid.push({ label: 'sym(A)', scale: 'sym', stroke: '#2f8f46', width: 2, dash: [6, 4], values: line.series[0]!.sym })
  // Colour-blind-safe colours and a dash per type: type 0 and type 3 differ by shape too.
  const balance: SeriesDef[] = [0, 1, 2, 3].map((t) => ({
    label: `type ${t}`,
    stroke: TYPE_COLOURS[t]!,
    width: 2,
    dash: typeDash(t, 2.5),
    values: line.series[0]!.balance.map((b) => b[t]!),
  }))
  const distance: SeriesDef[] = [
    ...line.distance.map((d, a) => ({ label: game ? `d(${line.series[a]!.name})` : 'd(A, B)', stroke: colour(a), width: 2, values: d })),
    ...line.series.map((s, a) => ({ label: game ? `home (${s.name})` : 'on target', stroke: colour(a), width: 1.5, dash: [4, 3], values: s.onTarget })),
  ]
  const men = line.problem.armies[0]!.start.length
  return [
    {
      id: 'centroid',
      tab: 'c(A)',
      title: hasSym ? 'c(A) and sym(A)' : 'c(A)',
      series: centroid,
      axes: [{ scale: 'c' }, ...(hasSym ? [{ scale: 'sym', right: true, incrs: [1, 2, 5, 10], range: [0, Math.max(1, men)] as const }] : [])],
    },
    { id: 'balance', tab: 'balance', title: `balance: men per type${game ? ' (blue)' : ''}`, series: balance, axes: [{ incrs: [1, 2, 5, 10] }] },
    { id: 'distance', tab: 'distance', title: 'distance to target and men home', series: distance, axes: [{ incrs: [1, 2, 5, 10, 20] }] },
  ]
}
